// Plugins: a plugin is a directory with a manifest (`config.pluginManifest`: Claude Code's
// `.claude-plugin/plugin.json`); its hooks live at the dialect's `config.plugin` path (`hooks/hooks.json`) or in
// the file(s) its manifest's `hooks` field names (a path, a list of paths, or the hooks inline). CodeBuddy Code
// reads the same hooks.json format (`${CODEBUDDY_PLUGIN_ROOT}`), so a hooks file alone does not say whose it is:
// the evidence around it does (src/dialects/detect.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { DIALECT_IDS, type DialectId } from '../model/dialect-ids.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { configPathPattern } from './config-files.js';

/** How far up from a hooks file its plugin's manifest is looked for. */
const MAX_UP = 4;

/** The dialects with plugins: hook files at `config.plugin` in a plugin's root. */
const pluginDialects = (): DialectId[] => DIALECT_IDS.filter((d) => mappings.dialects[d].config.plugin?.length);

/** The manifest of a dialect's plugins, relative to a plugin's root, if it has plugins and a manifest. */
function pluginManifest(d: DialectId): string | undefined {
  const c = mappings.dialects[d].config;
  return c.plugin?.length ? c.pluginManifest : undefined;
}

/**
 * The hook files a manifest's `hooks` field names: a path, a list of paths, or the hooks written inline (an object of
 * events, as a settings file's `hooks`): then the manifest itself is the hook file, read as one (its other keys are
 * not hooks). An unreadable manifest names none: the plugin's hooks/hooks.json is still found.
 */
function manifestHooks(root: string, manifest: string): string[] {
  let m: unknown;
  try {
    m = JSON.parse(readFileSync(join(root, manifest), 'utf8'));
  } catch {
    return [];
  }
  const h = isObject(m) ? m.hooks : undefined;
  if (isObject(h)) return [join(root, manifest)];
  const list =
    typeof h === 'string' ? [h] : Array.isArray(h) ? h.filter((x): x is string => typeof x === 'string') : [];
  return list.map((p) => resolve(root, p));
}

/** The hook files of the plugin rooted at `root`: the dialects' plugin paths (`hooks/hooks.json`) and what their
 * manifests name.
 */
export function pluginHookFiles(root: string, of: readonly DialectId[] = pluginDialects()): string[] {
  const files = of.flatMap((d) => {
    const manifest = pluginManifest(d);
    return [
      ...(mappings.dialects[d].config.plugin ?? []).map((p) => join(root, p)),
      ...(manifest ? manifestHooks(root, manifest) : []),
    ];
  });
  return [...new Set(files)].filter((f) => existsSync(f));
}

/** The plugin root a hooks file belongs to: the directory with a plugin manifest above it, or the root a plugin path
 * (`…/hooks/hooks.json`) hangs off.
 */
export function pluginRootOf(file: string): string | undefined {
  const manifests = pluginDialects().flatMap((d) => pluginManifest(d) ?? []);
  let dir = dirname(resolve(file));
  for (let i = 0; i <= MAX_UP; i++) {
    if (manifests.some((m) => existsSync(join(dir, m)))) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  const abs = resolve(file);
  const norm = abs.split(sep).join('/');
  const rel = pluginDialects()
    .flatMap((d) => mappings.dialects[d].config.plugin ?? [])
    .find((p) => norm.endsWith(`/${p}`));
  return rel === undefined ? undefined : abs.slice(0, abs.length - rel.length - 1) || sep;
}

/**
 * The plugin a hook file named on its own belongs to: its root, unless the file is an agent's project or user
 * settings file that happens to lie in a plugin's tree (a plugin's own `.claude/settings.json` is the project's
 * config, whose hooks the agent runs without a plugin root).
 */
export function pluginOfHookFile(file: string): string | undefined {
  const root = pluginRootOf(file);
  if (root === undefined) return undefined;
  const rel = relative(root, resolve(file)).split(sep).join('/');
  const settings = DIALECT_IDS.flatMap((d) => {
    const c = mappings.dialects[d].config;
    return [...(c.project ?? []), ...(c.tomlHooks?.project ?? [])];
  });
  return settings.some((p) => configPathPattern(p).test(rel)) ? undefined : root;
}

/** Is there a manifest of dialect d's plugins at this plugin root? */
export const hasPluginManifest = (root: string, d: DialectId): boolean => {
  const manifest = pluginManifest(d);
  return manifest !== undefined && existsSync(join(root, manifest));
};
