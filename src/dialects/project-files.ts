// The hook configs of a project directory, per dialect, from the mappings (`config.project`, `config.tomlHooks`,
// `config.plugin`): what convert takes as sources and audit reads. A dialect that reads another's files
// (`config.sameFilesAs`) is not looked for itself: its files are found as the other's, then told apart by detect.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIALECT_IDS, type DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { expandConfigPath, mentionsTomlHooks, projectPaths, projectTomlFiles } from './config-files.js';
import { pluginHookFiles } from './plugin.js';

export interface ProjectFile {
  file: string;
  dialect: DialectId;
  /** project: the first project file (settings.json); local: the others (settings.local.json); plugin: a plugin's
   * hooks.
   */
  scope: 'project' | 'local' | 'plugin';
  /** For plugin hook files: the plugin's root (`${CLAUDE_PLUGIN_ROOT}`). */
  pluginRoot?: string;
}

/** The dialects whose files are looked for: all but those that read another dialect's files. */
export const discoveredDialects = (): DialectId[] =>
  DIALECT_IDS.filter((d) => mappings.dialects[d].config.sameFilesAs === undefined);

const readOrEmpty = (f: string): string => {
  try {
    return readFileSync(f, 'utf8');
  } catch {
    return '';
  }
};

/**
 * The config files of dialect d in a project directory that exist: its project files, the TOML configs whose
 * `[hooks]` tables hold hooks (Codex CLI's .codex/config.toml; read with `read`, default: unreadable = none),
 * and the hook files of a plugin rooted there (hooks/hooks.json, and the files its manifest names).
 */
export function projectFiles(dir: string, d: DialectId, read: (file: string) => string = readOrEmpty): ProjectFile[] {
  const spec = mappings.dialects[d].config;
  const out: ProjectFile[] = [];
  (spec.project ?? []).forEach((rel, i) => {
    for (const f of expandConfigPath(join(dir, rel)))
      if (existsSync(f)) out.push({ file: f, dialect: d, scope: i === 0 ? 'project' : 'local' });
  });
  for (const rel of projectTomlFiles(d)) {
    const f = join(dir, rel);
    if (existsSync(f) && mentionsTomlHooks(read(f))) out.push({ file: f, dialect: d, scope: 'project' });
  }
  if (spec.plugin?.length)
    for (const f of pluginHookFiles(dir, [d])) out.push({ file: f, dialect: d, scope: 'plugin', pluginRoot: dir });
  return out;
}

/**
 * Where hook configs are looked for in a project, for a message: each discovered dialect's folders (`.claude/`),
 * files at the project's root (`hooks.yaml`) and plugin hook files (`hooks/hooks.json`).
 */
export function lookedFor(): string[] {
  const places = discoveredDialects().flatMap((d) => {
    const plugin = new Set(mappings.dialects[d].config.plugin ?? []);
    return projectPaths(d).map((p) => (plugin.has(p) || !p.includes('/') ? p : `${p.split('/')[0]}/`));
  });
  return [...new Set(places)];
}
