// The user's hook configs of a dialect (mappings `config.user`, `config.userWrite`, `config.userPlugins`): the files
// under the home directory the agent reads in every session, the one `convert --user` writes, and the plugins the user
// enabled (Claude Code: `enabledPlugins` of ~/.claude/settings.json, each found through installed_plugins.json).
import { underHome } from '../model/home-path.js';
import { existsSync, readFileSync } from 'node:fs';
import type { DialectId } from '../model/dialect-ids.js';
import type { Diagnostic } from '../model/hook.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { isToml, mentionsTomlHooks, userConfigFiles, userPath } from './config-files.js';
import { pluginHookFiles } from './plugin.js';

/** Where a user scope is: the home directory and the environment its variables (`config.homeVar`) are read from. */
export interface UserScope {
  home: string;
  env: NodeJS.ProcessEnv;
}

export interface UserFile {
  file: string;
  dialect: DialectId;
  /** A hook file of a plugin the user enabled: the plugin's root and its name (`<plugin>@<marketplace>`). */
  plugin?: { root: string; name: string };
}

const readOr = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** The user-level file `convert --user` writes for a dialect on this machine; undefined: it has none. */
export function userWriteFile(d: DialectId, u: UserScope): string | undefined {
  const rel = mappings.dialects[d].config.userWrite;
  return rel ? userPath(d, rel, u.home, u.env) : undefined;
}

/** The user-level hook files of dialect d that exist, then the hook files of the plugins the user enabled. */
export function userFiles(d: DialectId, u: UserScope, notes: Diagnostic[]): UserFile[] {
  const own = userConfigFiles(d, u.home, u.env).filter(
    (f) => existsSync(f) && (!isToml(f) || mentionsTomlHooks(readOr(f) ?? '')),
  );
  return [...own.map((file) => ({ file, dialect: d })), ...enabledPluginFiles(d, u, notes)];
}

/** `~/…` for a message: a path under the home directory as the user writes it. */
export const shownUserPath = (file: string, home: string): string =>
  file.startsWith(`${home}/`) ? `~/${file.slice(home.length + 1)}` : file;

/**
 * The hook files of the plugins the user enabled (`config.userPlugins`): each `"<plugin>@<marketplace>": true` of the
 * user settings, at the directory the registry installed it in at user scope. One enabled but not installed there, or
 * whose directory is gone, is said (a warning) and left out, as the agent leaves it out.
 */
function enabledPluginFiles(d: DialectId, u: UserScope, notes: Diagnostic[]): UserFile[] {
  const spec = mappings.dialects[d].config;
  const p = spec.userPlugins;
  const settingsRel = spec.user?.[0];
  if (!p || !settingsRel) return [];
  const settings = userPath(d, settingsRel, u.home, u.env);
  const enabled = jsonOf(readOr(settings))?.[p.enabled];
  if (!isObject(enabled)) return [];
  const registry = userPath(d, p.installed, u.home, u.env);
  const installed = jsonOf(readOr(registry))?.plugins;
  const out: UserFile[] = [];
  for (const [name, on] of Object.entries(enabled)) {
    if (on !== true) continue;
    const root = installPathOf(isObject(installed) ? installed[name] : undefined, u.home);
    const why =
      root === undefined
        ? `not installed at user scope (no user entry in ${shownUserPath(registry, u.home)})`
        : existsSync(root)
          ? undefined
          : `installed at ${root}, which is not there`;
    if (why) {
      notes.push({
        severity: 'warning',
        code: 'userPluginMissing',
        message: `enabled plugin ${name} is ${why}: its hooks are not converted (the agent does not run them either)`,
        file: settings,
      });
      continue;
    }
    for (const file of pluginHookFiles(root!, [d])) out.push({ file, dialect: d, plugin: { root: root!, name } });
  }
  return out;
}

/** A JSON object's text as the object; anything else (missing, invalid): undefined (the codec reports the file). */
function jsonOf(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** A registry entry's directory at user scope: version 2 lists installs (`[{scope, installPath}]`), version 1 one. */
function installPathOf(entry: unknown, home: string): string | undefined {
  const installs = Array.isArray(entry) ? entry : [entry];
  const user = installs.find(
    (e) => isObject(e) && (e.scope === undefined || e.scope === 'user') && typeof e.installPath === 'string',
  ) as { installPath: string } | undefined;
  if (!user) return undefined;
  const p = user.installPath;
  return underHome(p, home) ?? p;
}
