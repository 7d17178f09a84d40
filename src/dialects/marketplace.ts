// Where hooks live below a directory besides its own config files (issue 36): the plugins of a Claude plugin
// marketplace repository — the local sources its `.claude-plugin/marketplace.json` lists, every directory with a
// plugin manifest, `plugins/<name>/hooks/hooks.json` without one — and, with `recursive`, the nested projects (a
// `.claude/settings.json` deeper down). Each is a unit of its own: audit, convert, test and doctor treat it as they
// treat a project directory, and name it (`plugin foo (plugins/foo)`). Remote sources are never fetched.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic } from '../model/hook.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { parseJsonc } from './jsonc.js';
import { pluginHookFiles } from './plugin.js';
import { discoveredDialects, projectFiles } from './project-files.js';

/** A marketplace's catalogue, relative to the marketplace's root (Claude Code's plugin marketplaces). */
const MARKETPLACE_FILE = '.claude-plugin/marketplace.json';

/** Directories never looked into: dependencies, version control, and folders an agent or hook-bridge writes. */
const SKIPPED = new Set(['node_modules', '.git', '.hg', '.svn', 'dist', 'build', 'coverage', 'vendor', '.venv']);

/** How deep below the directory plugin manifests are looked for without --recursive (`plugins/<name>` is 2). */
const PLUGIN_DEPTH = 4;
/** How deep --recursive looks for nested projects. */
const RECURSIVE_DEPTH = 12;

export interface Unit {
  /** The directory: a project's or a plugin's root. */
  dir: string;
  /** Set for a plugin: its name (the marketplace's entry, else its manifest's, else its directory's). */
  plugin?: string;
  /** How it was found: the directory itself, a marketplace entry, a manifest, `plugins/<name>/hooks/hooks.json`, or
   * --recursive.
   */
  via: 'root' | 'marketplace' | 'manifest' | 'plugins-dir' | 'nested';
}

export interface Units {
  units: Unit[];
  /** What was skipped and why (a remote plugin source, a listed directory that is not there). */
  notes: Diagnostic[];
}

/** A unit as a person reads it: `plugin foo (plugins/foo)`, `project sub (sub)`, or the directory itself. */
export function unitLabel(u: Unit, base: string): string {
  const rel = relative(base, u.dir).split(sep).join('/') || '.';
  if (u.plugin !== undefined) return `plugin ${u.plugin} (${rel})`;
  return u.via === 'nested' ? `project ${rel}` : `project ${rel === '.' ? basename(resolve(u.dir)) : rel}`;
}

const readJson = (file: string): unknown => parseJsonc(readFileSync(file, 'utf8'), file);

/** A manifest's `name`, when it has one (an unreadable manifest names nothing: its hooks' reading says why). */
function manifestName(root: string): string | undefined {
  for (const m of pluginManifests()) {
    const f = join(root, m);
    if (!existsSync(f)) continue;
    try {
      const v = readJson(f);
      if (isObject(v) && typeof v.name === 'string' && v.name) return v.name;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The plugin manifests of the dialects with plugins (`.claude-plugin/plugin.json`). */
const pluginManifests = (): string[] =>
  discoveredDialects().flatMap((d) => {
    const c = mappings.dialects[d].config;
    return c.plugin?.length && c.pluginManifest ? [c.pluginManifest] : [];
  });

/** The plugin hook paths (`hooks/hooks.json`). */
const pluginPaths = (): string[] => discoveredDialects().flatMap((d) => mappings.dialects[d].config.plugin ?? []);

/** A remote source, as a note says it: `github owner/repo`, a URL. */
function remoteName(source: unknown): string {
  if (typeof source === 'string') return source;
  if (!isObject(source)) return JSON.stringify(source);
  const kind = typeof source.source === 'string' ? source.source : 'remote';
  const where = [source.repo, source.url, source.package, source.path].find((x) => typeof x === 'string');
  return where === undefined ? kind : `${kind} ${String(where)}`;
}

/** A local source: a path relative to the marketplace (`./plugins/foo`, or under `metadata.pluginRoot`). */
function localPath(source: unknown, pluginRoot: string | undefined): string | undefined {
  const s = isObject(source) ? source.source : source;
  if (typeof s !== 'string') return undefined;
  if (s.startsWith('./') || s.startsWith('../') || s === '.') return s;
  // A bare name is relative to metadata.pluginRoot where the marketplace sets one.
  if (pluginRoot !== undefined && /^[\w.-]+(?:\/[\w.-]+)*$/.test(s) && !s.includes('..')) return join(pluginRoot, s);
  return undefined;
}

/**
 * The plugins a marketplace lists with a source in this repository. A catalogue that cannot be read as one is an
 * error naming the file and the place (exit 2): a person pointed hook-bridge at it, and guessing would convert less
 * than they asked for without a word.
 */
function marketplacePlugins(dir: string): Units {
  const file = join(dir, MARKETPLACE_FILE);
  if (!existsSync(file)) return { units: [], notes: [] };
  const doc = readJson(file);
  if (!isObject(doc)) throw new HookBridgeError('expected a JSON object (a plugin marketplace)', file);
  if (!Array.isArray(doc.plugins))
    throw new HookBridgeError('expected "plugins": a list of the marketplace\'s plugins', file, 'plugins');
  const meta = isObject(doc.metadata) ? doc.metadata : {};
  const pluginRoot = typeof meta.pluginRoot === 'string' ? meta.pluginRoot : undefined;
  const units: Unit[] = [];
  const notes: Diagnostic[] = [];
  doc.plugins.forEach((entry: unknown, i: number) => {
    const at = `plugins[${i}]`;
    if (!isObject(entry)) throw new HookBridgeError('expected a plugin entry (an object with "source")', file, at);
    const name = typeof entry.name === 'string' && entry.name ? entry.name : undefined;
    if (!('source' in entry))
      throw new HookBridgeError('expected "source": where the plugin is (a path such as ./plugins/x)', file, at);
    const local = localPath(entry.source, pluginRoot);
    if (local === undefined) {
      notes.push({
        severity: 'info',
        code: 'remotePlugin',
        message:
          `plugin ${name ?? `#${i + 1}`}: its source (${remoteName(entry.source)}) is not in this repository: not ` +
          'read (hook-bridge fetches nothing; convert a clone of it)',
        file,
        path: `${at}.source`,
      });
      return;
    }
    const root = resolve(dir, local);
    if (!existsSync(root)) {
      notes.push({
        severity: 'warning',
        code: 'pluginMissing',
        message: `plugin ${name ?? local}: its source ${local} is not there`,
        file,
        path: `${at}.source`,
      });
      return;
    }
    units.push({ dir: root, plugin: name ?? manifestName(root) ?? basename(root), via: 'marketplace' });
  });
  return { units, notes: fewer(notes, file) };
}

/** Many remote plugins (a catalogue of other repositories' plugins) said in one note, with the first few named. */
function fewer(notes: Diagnostic[], file: string): Diagnostic[] {
  const remote = notes.filter((n) => n.code === 'remotePlugin');
  if (remote.length <= 3) return notes;
  const named = remote.slice(0, 3).map((n) => /^plugin (\S+)/.exec(n.message)?.[1] ?? '?');
  return [
    ...notes.filter((n) => n.code !== 'remotePlugin'),
    {
      severity: 'info',
      code: 'remotePlugin',
      message:
        `${remote.length} plugins (${named.join(', ')} …) have sources that are not in this repository (github, ` +
        'git or npm): not read (hook-bridge fetches nothing; convert a clone of one)',
      file,
      path: 'plugins',
    },
  ];
}

/** The directories below `dir` (not `dir`), breadth first, to `depth`, none of the skipped ones nor a dot-folder. */
function subdirectories(dir: string, depth: number): string[] {
  const out: string[] = [];
  let level = [dir];
  for (let d = 0; d < depth && level.length; d++) {
    const next: string[] = [];
    for (const p of level) {
      let entries: import('node:fs').Dirent[];
      try {
        entries = readdirSync(p, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries.sort((a, b) => a.name.localeCompare(b.name)))
        if (e.isDirectory() && !e.name.startsWith('.') && !SKIPPED.has(e.name)) next.push(join(p, e.name));
    }
    out.push(...next);
    level = next;
  }
  return out;
}

/** Is this directory a plugin: a manifest, or a plugin hook file under a `plugins/` folder? */
function pluginVia(d: string): Unit['via'] | undefined {
  if (pluginManifests().some((m) => existsSync(join(d, m)))) return 'manifest';
  if (basename(resolve(d, '..')) === 'plugins' && pluginPaths().some((p) => existsSync(join(d, p))))
    return 'plugins-dir';
  return undefined;
}

/** Does a directory hold a hook config of its own (a nested project)? */
const hasProjectFiles = (d: string): boolean => discoveredDialects().some((x) => projectFiles(d, x).length > 0);

export interface UnitOptions {
  /** Also the nested projects below the directory. */
  recursive?: boolean;
}

/**
 * The units below a directory, the directory itself first: its marketplace's local plugins, the plugins found by a
 * manifest or under `plugins/`, and with `recursive` every nested project. A plugin found twice is one unit (the
 * marketplace's name wins). Plugins with no hook file are left out; so is a unit inside a skipped folder.
 */
export function findUnits(dir: string, o: UnitOptions = {}): Units {
  const root = resolve(dir);
  const market = marketplacePlugins(root);
  const seen = new Map<string, Unit>([[root, { dir: root, via: 'root' }]]);
  const add = (u: Unit) => {
    if (!seen.has(u.dir)) seen.set(u.dir, u);
  };
  for (const u of market.units) add(u);
  for (const d of subdirectories(root, o.recursive ? RECURSIVE_DEPTH : PLUGIN_DEPTH)) {
    const via = pluginVia(d);
    if (via) add({ dir: d, plugin: manifestName(d) ?? basename(d), via });
    else if (o.recursive && hasProjectFiles(d)) add({ dir: d, via: 'nested' });
  }
  const units = [...seen.values()].filter(
    (u) => u.via === 'root' || (u.plugin === undefined ? hasProjectFiles(u.dir) : pluginHookFiles(u.dir).length > 0),
  );
  return { units, notes: market.notes };
}
