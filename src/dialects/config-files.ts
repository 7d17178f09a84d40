// Where a dialect keeps hook configs (mappings/dialects/<id>.yaml `config`): the project's files, the user's
// files (under `config.homeVar` when it is set: Codex CLI's $CODEX_HOME), and the TOML files whose `[hooks]`
// tables hold hooks in the same shape (Codex CLI's config.toml), read as that JSON.
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DIALECT_IDS, type DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { toml } from '../lazy.js';

/** A `~/…` path of the mappings as a path on this machine: `~/.<folder>` is `$<homeVar>` when that is set. */
export function userPath(d: DialectId, rel: string, home: string, env: NodeJS.ProcessEnv = process.env): string {
  const homeVar = mappings.dialects[d].config.homeVar;
  const over = homeVar ? env[homeVar] : undefined;
  const m = /^~\/[^/]+\/(.*)$/.exec(rel);
  if (over && m) return join(over, m[1]!);
  return join(home, rel.replace(/^~\//, ''));
}

/** The user-level hook files of a dialect on this machine: JSON configs, then TOML ones (a `*` path: the files it
 * matches).
 */
export function userConfigFiles(d: DialectId, home: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const c = mappings.dialects[d].config;
  return [...(c.user ?? []), ...(c.tomlHooks?.user ?? [])].flatMap((rel) =>
    expandConfigPath(userPath(d, rel, home, env)),
  );
}

const patterns = new Map<string, RegExp>();
/** A config path of the mappings as a test of a path (`*` in a file name: any name without a slash). */
export function configPathPattern(rel: string): RegExp {
  let re = patterns.get(rel);
  if (!re)
    patterns.set(
      rel,
      (re = new RegExp(`(?:^|/)${rel.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`)),
    );
  return re;
}

/**
 * The files a config path stands for: itself, or — with `*` in its file name (GitHub Copilot CLI's
 * `.github/hooks/*.json`: every file of the folder) — the files of its folder that match, sorted. Only files that
 * exist
 * are returned for a pattern; a plain path is returned as it is.
 */
export function expandConfigPath(path: string): string[] {
  const name = basename(path);
  if (!name.includes('*')) return [path];
  const dir = dirname(path);
  const re = configPathPattern(name);
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && re.test(e.name))
      .map((e) => join(dir, e.name))
      .sort();
  } catch {
    return [];
  }
}

/** Project-relative TOML configs of a dialect that may hold `[hooks]` tables. */
export const projectTomlFiles = (d: DialectId): string[] => mappings.dialects[d].config.tomlHooks?.project ?? [];

export const isToml = (file: string): boolean => /\.toml$/i.test(file);

/** Project-relative config files of a dialect: its project files, its TOML configs, its plugin hook files. */
export function projectPaths(d: DialectId): string[] {
  const c = mappings.dialects[d].config;
  return [...(c.project ?? []), ...projectTomlFiles(d), ...(c.plugin ?? [])];
}

/**
 * Does some agent read this path as a hook file (one of its project or user config paths names it: GitHub Copilot CLI
 * reads every `.json` of `.github/hooks/`)?
 */
export function readAsHookFile(path: string): boolean {
  const p = path.split('\\').join('/');
  return DIALECT_IDS.some((d) => {
    const c = mappings.dialects[d].config;
    return [...projectPaths(d), ...(c.user ?? []).map((u) => u.replace(/^~\//, ''))].some((rel) =>
      configPathPattern(rel).test(p),
    );
  });
}

/** Every config file name a dialect has in the mappings: written, project, user, plugin and TOML ones. */
function allPaths(d: DialectId): string[] {
  const c = mappings.dialects[d].config;
  return [
    c.write,
    ...(c.project ?? []),
    ...(c.user ?? []),
    ...(c.plugin ?? []),
    ...(c.tomlHooks?.project ?? []),
    ...(c.tomlHooks?.user ?? []),
  ];
}

/** A file's extension as configs are told apart by it: lower case, without the dot; `yml` is `yaml` (YAML's two
 * spellings).
 */
export function extensionOf(file: string): string {
  const e = /\.([^./\\]+)$/.exec(basename(file))?.[1]?.toLowerCase() ?? '';
  return e === 'yml' ? 'yaml' : e;
}

const names = new Map<DialectId, Set<string>>();
/** The file names of a dialect's configs (settings.json, hooks.json …), those it does not read but people use too,
 * not its plugins'.
 */
export function configNames(d: DialectId): Set<string> {
  let s = names.get(d);
  if (!s) {
    const c = mappings.dialects[d].config;
    const plugin = new Set(c.plugin ?? []);
    s = new Set(
      [...allPaths(d).filter((p) => !plugin.has(p)), ...(c.notRead ?? []).map((u) => u.path)].map((p) =>
        basename(p).toLowerCase(),
      ),
    );
    names.set(d, s);
  }
  return s;
}

const extensions = new Map<DialectId, Set<string>>();
/** The extensions of a dialect's config files (json; yaml for hooks.yaml; json and toml for Codex CLI). */
export function configExtensions(d: DialectId): Set<string> {
  let s = extensions.get(d);
  if (!s) extensions.set(d, (s = new Set(allPaths(d).map(extensionOf))));
  return s;
}

const folders = new Map<DialectId, Set<string>>();
/**
 * The folders a dialect keeps its configs in (`.claude`, `.codex`, `.hooks` …: the first folder of each config
 * path, under ~ for the user's), and, where it has plugins, its plugin manifest's folder (`.claude-plugin`).
 */
export function configFolders(d: DialectId): Set<string> {
  let s = folders.get(d);
  if (!s) {
    const c = mappings.dialects[d].config;
    const paths = [
      c.write,
      ...(c.project ?? []),
      ...(c.user ?? []),
      ...(c.tomlHooks?.project ?? []),
      ...(c.tomlHooks?.user ?? []),
      ...(c.plugin?.length && c.pluginManifest ? [c.pluginManifest] : []),
    ];
    s = new Set(
      paths
        .map((p) => p.replace(/^~\//, '').split('/'))
        .filter((parts) => parts.length > 1)
        .map((parts) => parts[0]!),
    );
    folders.set(d, s);
  }
  return s;
}

/** Does a TOML text define `[hooks…]` tables (or a `hooks` key), cheaply, without parsing it? */
export const mentionsTomlHooks = (text: string): boolean => /^\s*(?:\[\[?\s*hooks\s*[.\]]|hooks\s*[.=])/m.test(text);

/** A TOML text as an object; invalid TOML: a HookBridgeError with the file, line and column. */
export function parseToml(text: string, file: string): Record<string, unknown> {
  try {
    return toml().parse(text);
  } catch (e) {
    const err = e as { message?: string; line?: number; column?: number };
    const first = (err.message ?? String(e)).split('\n')[0]!.replace(/^Invalid TOML document: /, '');
    throw new HookBridgeError(
      `invalid TOML: ${first}`,
      file,
      err.line !== undefined ? `${err.line}:${err.column ?? 1}` : undefined,
    );
  }
}

/**
 * The `[hooks]` tables of a TOML config as the text of the equivalent hooks.json. Codex CLI keeps its hook
 * trust in the same table (`[hooks.state."<key>"] trusted_hash`): that is state, not an event, and is left out.
 * Invalid TOML: a HookBridgeError with the file, line and column.
 */
export function tomlHooksAsJson(text: string, file: string): string {
  const doc = parseToml(text, file);
  const hooks = isObject(doc.hooks) ? { ...doc.hooks } : {};
  delete hooks.state;
  return JSON.stringify({ hooks }, null, 2);
}
