// May a hook answer with additionalContext? Read statically from its command and the files the command names
// (its script), so convert adds a PostToolUse entry for a PreToolUse hook's note only where there can be one
// (pre-tool-notes.ts). A script that is not here to read gives no note here either (it fails to start); without a
// project (convert in memory) only the command's own text is read.
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { Hook } from '../model/hook.js';
import { mappings } from '../model/mappings.js';

const MAX_BYTES = 512 * 1024;
const SAYS = /additionalContext/;

/** The command's words with the script agent's project and plugin variables written out (no shell is run). */
function words(h: Hook, project: string, pluginRoot: string | undefined): string[] {
  const env = mappings.dialects[h.scriptDialect].env;
  const vars = new Map<string, string>([['HOME', homedir()]]);
  for (const v of env?.projectDir ?? []) vars.set(v, project);
  if (env?.pluginRoot && pluginRoot !== undefined) vars.set(env.pluginRoot, resolve(project, pluginRoot));
  const text = (h.command ?? '').replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (m, name: string) => vars.get(name) ?? m);
  return text
    .split(/[\s;&|()<>]+/)
    .map((w) => w.replace(/["']/g, ''))
    .filter(Boolean);
}

/**
 * Does the hook's command, or a script it names in `project`, say additionalContext? `pluginRoot`: the plugin the hook
 * comes from (relative to the project).
 */
export function mayGiveContext(h: Hook, project?: string, pluginRoot?: string): boolean {
  if (SAYS.test(h.command ?? '')) return true;
  if (project === undefined) return false;
  for (const w of words(h, project, pluginRoot)) {
    const path = w === '~' || w.startsWith('~/') ? homedir() + w.slice(1) : isAbsolute(w) ? w : resolve(project, w);
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st?.isFile()) continue;
    // Too large to read here (not a script): it may say anything.
    if (st.size > MAX_BYTES) return true;
    try {
      if (SAYS.test(readFileSync(path, 'utf8'))) return true;
    } catch {
      return true;
    }
  }
  return false;
}
