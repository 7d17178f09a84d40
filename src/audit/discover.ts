// Discovery: every hook config of every dialect in a project (and, with --user, in the home dir).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { DIALECT_IDS, type DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { mappings } from '../model/mappings.js';
import { dialects } from '../dialects/index.js';
import { decideFileDialect, decideSharedFile } from '../dialects/detect.js';
import { pluginOfHookFile } from '../dialects/plugin.js';
import { discoveredDialects, lookedFor, projectFiles } from '../dialects/project-files.js';
import type { ConfigFile } from './types.js';
import {
  configPathPattern,
  isToml,
  mentionsTomlHooks,
  projectPaths,
  userConfigFiles,
} from '../dialects/config-files.js';

/**
 * Files agents are often assumed to read but do not (mappings `config.notRead`): audited so a rule can say so. The
 * evidence (`source`) stays in the data: messages carry no internal evidence ids.
 */
export const UNREAD_LOCATIONS: { path: string; dialect: DialectId; why: string }[] = DIALECT_IDS.flatMap((d) =>
  (mappings.dialects[d].config.notRead ?? []).map((u) => ({
    path: u.path,
    dialect: d,
    why: `${mappings.dialects[d].agent} does not read ${u.path}`,
  })),
);

function load(file: string, dialect: DialectId, scope: ConfigFile['scope'], pluginRoot?: string): ConfigFile {
  const base: ConfigFile = { file, dialect, scope, hooks: [], diagnostics: [], ...(pluginRoot ? { pluginRoot } : {}) };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return { ...base, unusable: { message: `cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})` } };
  }
  const d = decideSharedFile(dialect, text);
  try {
    const r = dialects[d].codec.read(text, file, dialects[d]);
    return { ...base, dialect: d, text, hooks: r.hooks, diagnostics: r.diagnostics };
  } catch (e) {
    if (!HookBridgeError.is(e)) throw e;
    return {
      ...base,
      dialect: d,
      text,
      unusable: { message: e.message, ...(e.location ? { location: e.location } : {}) },
    };
  }
}

export interface DiscoverOptions {
  /** Also read the user-level configs in the home directory. */
  user?: boolean;
  home?: string;
  /** Where `config.homeVar` (CODEX_HOME) is read from (default process.env). */
  env?: NodeJS.ProcessEnv;
}

/** A directory with no hook config at all: nothing to audit or check there, which audit and doctor refuse (exit 2)
 * rather than report as "no findings" (a CI job pointed at the wrong directory must not pass). `where`: as shown.
 */
export function noHookConfig(where: string, user = false): HookBridgeError {
  return new HookBridgeError(
    `no hook config found (looked for ${lookedFor().join(', ')}${user ? ', and the user-level configs' : ''})`,
    where,
  );
}

/** The project a config file belongs to: the directory its conventional location hangs off, else its own. */
export function projectOf(file: string): string {
  const abs = resolve(file);
  const rels = [...DIALECT_IDS.flatMap(projectPaths), ...UNREAD_LOCATIONS.map((u) => u.path)];
  const norm = abs.split(sep).join('/');
  for (const rel of rels) {
    // `*` in a path's file name (.github/hooks/*.json) matches the file's own name.
    const m = configPathPattern(rel).exec(norm);
    if (m?.[0].startsWith('/')) return abs.slice(0, abs.length - m[0].length) || sep;
  }
  return dirname(abs);
}

/**
 * The projects the given paths name, in order: a directory is a project; a config file belongs to the
 * project of its conventional location (`p/.claude/settings.json` -> `p`). Each project is audited as itself.
 */
export function projectsOf(paths: string[]): { project: string; paths: string[] }[] {
  const out = new Map<string, string[]>();
  for (const p of paths.length ? paths : ['.']) {
    const abs = resolve(p);
    if (!existsSync(abs)) throw new HookBridgeError('no such file or directory', p);
    const project = statIsDir(abs) ? abs : projectOf(abs);
    out.set(project, [...(out.get(project) ?? []), abs]);
  }
  return [...out].map(([project, ps]) => ({ project, paths: ps }));
}

/** All hook configs of one project: under its directory, or the given files of it (see projectsOf). */
export function discoverConfigs(project: string, paths: string[] = [project], o: DiscoverOptions = {}): ConfigFile[] {
  const configs: ConfigFile[] = [];
  const seen = new Set<string>();
  const add = (c: ConfigFile) => {
    if (seen.has(c.file)) return;
    seen.add(c.file);
    configs.push(c);
  };
  for (const p of paths) {
    const abs = resolve(p);
    if (!existsSync(abs)) throw new HookBridgeError('no such file or directory', p);
    if (!statIsDir(abs)) {
      add(load(abs, decideFileDialect(abs, safeRead(abs)).dialect, 'explicit', pluginOfHookFile(abs)));
      continue;
    }
    // Each dialect's files (one that reads another's is told apart by content in load()).
    for (const d of discoveredDialects())
      for (const f of projectFiles(abs, d)) add(load(f.file, d, f.scope, f.pluginRoot));
    for (const u of UNREAD_LOCATIONS) {
      const f = join(abs, u.path);
      if (existsSync(f)) add(load(f, u.dialect, 'local'));
    }
  }
  if (o.user) {
    const home = o.home ?? homedir();
    for (const d of DIALECT_IDS) {
      for (const f of userConfigFiles(d, home, o.env)) {
        if (existsSync(f) && (!isToml(f) || mentionsTomlHooks(safeRead(f)))) add(load(f, d, 'user'));
      }
    }
  }
  return configs;
}

function statIsDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function safeRead(p: string): string {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return '';
  }
}
