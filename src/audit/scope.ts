// What `audit --target <agent>` looks at: the hooks that will run on that agent — its own files, and the files a
// migration starts from — but not hook-bridge's output for other agents. A project converted to several agents
// holds CodeBuddy's wrappers of the same Claude hooks: audited for Qwen Code they would be reported as files Qwen
// does not read and matchers it never fires, with the advice to convert a converted file. Their sources are audited.
import { relative } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import type { Hook } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { readsNatively } from '../dialects/foreign-gate.js';
import { dispatchConfigs } from '../dialects/wrapper.js';
import { ownHooks } from '../convert/ownership.js';
import type { ConfigFile } from './types.js';

/** A config left out of a --target audit, and why. */
export interface Skipped {
  file: string;
  /** The agent whose conversion it holds. */
  agent: string;
}

/**
 * Does the target agent read this config file (its own dialect, a file it shares, one of its config paths, or
 * another agent's file it runs itself: Copilot's .claude/settings.json)?
 */
function readBy(target: DialectId, c: ConfigFile, project: string): boolean {
  if (c.dialect === target) return true;
  const t = mappings.dialects[target].config;
  if (t.sameFilesAs === c.dialect || mappings.dialects[c.dialect].config.sameFilesAs === target) return true;
  const rel = relative(project, c.file).split('\\').join('/');
  return [...(t.project ?? []), ...(t.plugin ?? [])].includes(rel) || !!readsNatively(target, c.dialect, rel);
}

/** The hooks of a file that hook-bridge wrote: `run` wrappers, `dispatch` registrations, and what its record names. */
function hookBridgeOutput(c: ConfigFile): Set<Hook> {
  let recorded = new Set<Hook>();
  try {
    recorded = ownHooks(c.file, c.hooks);
  } catch {
    // an unreadable record: its entries are judged by their form alone
  }
  return new Set(
    c.hooks.filter(
      (h) =>
        recorded.has(h) ||
        h.written !== undefined ||
        (h.command !== undefined && dispatchConfigs(h.command) !== undefined),
    ),
  );
}

/**
 * The configs a --target audit covers: each with hook-bridge's output for another agent taken out (a hand-written
 * hook beside it stays), and the files that held nothing else, skipped.
 */
export function targetScope(
  configs: ConfigFile[],
  target: DialectId,
  project: string,
): { configs: ConfigFile[]; skipped: Skipped[] } {
  const kept: ConfigFile[] = [];
  const skipped: Skipped[] = [];
  for (const c of configs) {
    if (readBy(target, c, project) || !c.hooks.length) {
      kept.push(c);
      continue;
    }
    const theirs = hookBridgeOutput(c);
    if (!theirs.size) kept.push(c);
    else if (theirs.size === c.hooks.length) skipped.push({ file: c.file, agent: mappings.dialects[c.dialect].agent });
    else kept.push({ ...c, hooks: c.hooks.filter((h) => !theirs.has(h)) });
  }
  return { configs: kept, skipped };
}
