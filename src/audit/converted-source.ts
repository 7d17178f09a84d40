// A source config the audit's target does not read, whose hooks hook-bridge converted into the target's own file
// already (`hook-bridge convert --to <target>`): the target runs the conversion, audited as the target's file, not the
// source's hooks as if they were copied there (config-not-read says the conversion is there).
import { relative } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import type { Hook } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { readRecord } from '../convert/provenance.js';
import type { ConfigFile } from './types.js';

/** A path as the record names it: relative to the project, with `/`. */
const relPath = (project: string, file: string) => relative(project, file).split('\\').join('/');

/** Does `target` read hooks from `c` by itself (its project or plugin hook files)? Only for agents with settings
 * files.
 */
export function unreadBy(target: DialectId, c: ConfigFile, project: string): boolean {
  const cfg = mappings.dialects[target].config;
  if (target === c.dialect || cfg.format !== 'settings-json') return false;
  return ![...(cfg.project ?? []), ...(cfg.plugin ?? [])].includes(relative(project, c.file));
}

/**
 * The target's own config that holds hook-bridge's conversion of `c` (its record names c as the source, or it wraps
 * every hook of c), among `configs`.
 */
export function conversionOf(
  c: ConfigFile,
  target: DialectId,
  configs: ConfigFile[],
  project: string,
): ConfigFile | undefined {
  const rel = relPath(project, c.file);
  return configs
    .filter((t) => t.dialect === target)
    .find((t) => {
      try {
        if (readRecord(t.file).entries.some((e) => e.source === rel)) return true;
      } catch {
        // no record, or one that cannot be read: judged by the wrappers alone
      }
      return c.hooks.every(
        (h) => h.command !== undefined && t.hooks.some((w) => w.written !== undefined && w.command === h.command),
      );
    });
}

/**
 * The hooks of `configs` the target runs only through the conversion of them that is there: a source it does not read
 * whose conversion holds a wrapper of the hook on its event. A hook convert dropped (no such event there) stays: what
 * is said of it is still true.
 */
export function convertedHooks(configs: ConfigFile[], target: DialectId | undefined, project: string): Set<Hook> {
  const out = new Set<Hook>();
  if (!target) return out;
  for (const c of configs) {
    const done = c.hooks.length && unreadBy(target, c, project) && conversionOf(c, target, configs, project);
    if (!done) continue;
    for (const h of c.hooks)
      if (done.hooks.some((w) => w.written !== undefined && w.command === h.command && w.event === h.event)) out.add(h);
  }
  return out;
}
