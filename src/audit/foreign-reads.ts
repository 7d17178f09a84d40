// The hooks an agent runs in one of its modes (mappings `modes`, `config.readsForeign`): GitHub Copilot CLI runs the
// project's .claude/settings*.json itself, and an event of its own files named as Claude Code names it, in its
// Claude-compatible mode: for the rules that say what that mode does differently. Hooks `convert` gated for the target
// (dialects/foreign-gate.ts) are not run by it, and are left out. The generic rules audit such a hook as one of the
// mode's agent (audit.ts): they would otherwise read it under the agent's own rules.
import { relative } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import type { Hook } from '../model/hook.js';
import { mappings, type DialectSpec } from '../model/mappings.js';
import { canonicalEvent, nativeEvent } from '../dialects/catalog.js';
import { readEvents, readsNatively, type ForeignRead } from '../dialects/foreign-gate.js';
import { specIn } from '../dialects/host-mode.js';
import type { ConfigFile, HookEntry, RuleContext } from './types.js';

export interface NativeRead extends HookEntry {
  /** The agent that runs the hook in one of its modes, and how. */
  reader: DialectId;
  read: ForeignRead;
  how: ModeReading['how'];
  /** The target's facts in the mode it runs these hooks in. */
  spec: DialectSpec;
  /** The file as the target's data names it (relative to the project). */
  rel: string;
}

/** The reading of a config by the audit's target, when it reads that file itself. */
function nativeReading(project: string, config: ConfigFile, target: DialectId | undefined): ForeignRead | undefined {
  return target && target !== config.dialect
    ? readsNatively(target, config.dialect, relative(project, config.file))
    : undefined;
}

/**
 * How `agent` runs a hook in one of its modes (mappings `modes`), where it does: `native`, reading the hook's file
 * itself (Copilot CLI's .claude/settings.json); `own`, from its own file, the event named in the mode's names
 * (Copilot's PascalCase events); `copy`, copied as it is into its own file (what an audit for it as the `target` looks
 * at), where the event's name selects a mode. own and copy only on an event the mode fires.
 */
export interface ModeReading {
  read: ForeignRead;
  how: 'native' | 'own' | 'copy';
}

export function modeReading(
  project: string,
  config: ConfigFile,
  hook: Hook,
  agent: DialectId,
  target: DialectId | undefined,
): ModeReading | undefined {
  if (agent !== config.dialect) {
    const read = nativeReading(project, config, agent);
    if (read) return { read, how: 'native' };
  }
  // A copy: of a file in the mode's own dialect (a project's Claude settings into Copilot's file); a plugin's hooks are
  // loaded by the plugin system, not copied, and a user's are not the project's.
  const copied =
    agent === target && (config.scope === 'project' || config.scope === 'local' || config.scope === 'explicit')
      ? copiedMode(agent, hook)
      : undefined;
  const mode =
    agent === config.dialect
      ? hook.mode
      : copied !== undefined && mappings.dialects[agent].modes?.[copied]?.eventNames === config.dialect
        ? copied
        : undefined;
  const read =
    mode === undefined ? undefined : mappings.dialects[agent].config.readsForeign?.find((r) => r.mode === mode);
  if (!read || !hook.event || !readEvents(read).includes(hook.event)) return undefined;
  return { read, how: agent === config.dialect ? 'own' : 'copy' };
}

/**
 * The mode `agent` runs a hook of another agent's file in once it is copied as it is into its own file, by its event's
 * name (Copilot CLI: a PascalCase event, its Claude-compatible mode).
 */
export function copiedMode(agent: DialectId, hook: Hook): string | undefined {
  if (!hook.event || canonicalEvent(agent, hook.nativeEvent) !== undefined) return undefined;
  const modes = mappings.dialects[agent].modes ?? {};
  return Object.keys(modes).find((m) => nativeEvent(modes[m]!.eventNames, hook.event!) === hook.nativeEvent);
}

/**
 * Every hook an agent runs in one of its modes (modeReading): `reader`'s, by default the audit's target's, else each
 * file's own agent's. hook-bridge's conversions of the reader's own hooks into another agent's file (ungated:
 * reader-gates.ts) only with `converted`: what is wrong with them is that they run twice (foreign-read-runs-twice), not
 * how they run.
 */
export function nativeReads(
  ctx: RuleContext,
  reader: DialectId | undefined = ctx.target,
  converted = false,
): NativeRead[] {
  const out: NativeRead[] = [];
  for (const e of ctx.hooks()) {
    const agent = reader ?? e.config.dialect;
    const m = modeReading(ctx.project, e.config, e.hook, agent, ctx.target);
    if (!m || !e.hook.event || !readEvents(m.read).includes(e.hook.event) || e.hook.gatedFor === agent) continue;
    if (!converted && e.hook.written !== undefined && e.hook.scriptDialect === agent) continue;
    out.push({
      ...e,
      reader: agent,
      read: m.read,
      how: m.how,
      spec: specIn(agent, m.read.mode),
      rel: relative(ctx.project, e.config.file),
    });
  }
  return out;
}

/**
 * `hook-bridge convert --to <target>`: what each of these rules' findings is fixed by (a hook of the agent's own file,
 * run in its mode: nothing to convert).
 */
export const gateFix = (ctx: RuleContext, r: NativeRead) =>
  r.how === 'own'
    ? undefined
    : `hook-bridge convert` +
      (ctx.shown(ctx.project) === '.' ? '' : ` ${ctx.shown(ctx.project)}`) +
      ` --from ${r.config.dialect} --to ${r.reader}`;

/** The agent names a message uses; `how`: how the agent comes to run the hook. */
export const agents = (r: NativeRead) => ({
  agent: mappings.dialects[r.reader].agent,
  own: mappings.dialects[r.read.dialect].agent,
  file: r.rel,
  how:
    r.how === 'native'
      ? `from ${r.rel} itself`
      : `${r.how === 'own' ? `from ${r.rel}` : 'copied as it is into its own file,'} in its ${r.read.mode} mode ` +
        `(the event is named as ${mappings.dialects[r.read.dialect].agent} names it)`,
});
