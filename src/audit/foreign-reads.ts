// The hooks a target agent runs from another agent's files by reading them itself (mappings `config.readsForeign`:
// GitHub Copilot CLI runs the project's .claude/settings*.json in its Claude-compatible mode), for the rules that say
// what that reading does differently. Hooks `convert` gated for the target (dialects/foreign-gate.ts) are not run by
// it, and are left out. The generic rules audit such a file for its own agent (audit.ts): they would otherwise read it
// as if it had been copied into the target's own file.
import { relative } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { mappings, type DialectSpec } from '../model/mappings.js';
import { readEvents, readsNatively, type ForeignRead } from '../dialects/foreign-gate.js';
import { specIn } from '../dialects/host-mode.js';
import type { ConfigFile, HookEntry, RuleContext } from './types.js';

export interface NativeRead extends HookEntry {
  /** The target that reads the file itself, and how. */
  reader: DialectId;
  read: ForeignRead;
  /** The target's facts in the mode it runs these hooks in. */
  spec: DialectSpec;
  /** The file as the target's data names it (relative to the project). */
  rel: string;
}

/** The reading of a config by the audit's target, when it reads that file itself. */
export function nativeReading(
  project: string,
  config: ConfigFile,
  target: DialectId | undefined,
): ForeignRead | undefined {
  return target && target !== config.dialect
    ? readsNatively(target, config.dialect, relative(project, config.file))
    : undefined;
}

/**
 * Every hook the audit's target (or `reader`) runs by reading another agent's file itself, on an event it fires from
 * there. hook-bridge's conversions of the reader's own hooks into that file (ungated: reader-gates.ts) only with
 * `converted`: what is wrong with them is that they run twice (foreign-read-runs-twice), not how they run.
 */
export function nativeReads(
  ctx: RuleContext,
  reader: DialectId | undefined = ctx.target,
  converted = false,
): NativeRead[] {
  const target = reader;
  if (!target) return [];
  const out: NativeRead[] = [];
  for (const e of ctx.hooks()) {
    const read = nativeReading(ctx.project, e.config, target);
    if (!read || !e.hook.event || !readEvents(read).includes(e.hook.event) || e.hook.gatedFor === target) continue;
    if (!converted && e.hook.written !== undefined && e.hook.scriptDialect === target) continue;
    out.push({
      ...e,
      reader: target,
      read,
      spec: specIn(target, read.mode),
      rel: relative(ctx.project, e.config.file),
    });
  }
  return out;
}

/** `hook-bridge convert --to <target>`: what each of these rules' findings is fixed by. */
export const gateFix = (ctx: RuleContext, r: NativeRead) =>
  `hook-bridge convert` +
  (ctx.shown(ctx.project) === '.' ? '' : ` ${ctx.shown(ctx.project)}`) +
  ` --from ${r.read.dialect} --to ${r.reader}`;

/** The agent names a message uses. */
export const agents = (r: NativeRead) => ({
  agent: mappings.dialects[r.reader].agent,
  own: mappings.dialects[r.read.dialect].agent,
  file: r.rel,
});
