// One host call that the script's agent would have made as several (tools.yaml `covers`: Codex CLI's apply_patch
// is a Write or Edit per file, an rm, an mv): one script run per call, their answers combined, their rewrites
// printed back into one patch; and a script's rewrite of its own covering tool's call read back as the host's input.
import { renameParams, toolEntry } from '../dialects/catalog.js';
import type { DialectId } from '../model/dialect-ids.js';
import { isObject } from '../model/is-object.js';
import { aggregate, type Answer } from './answer.js';
import { PatchError } from '../results/apply-patch.js';
import { partId, type FileCall } from '../results/patch-calls.js';
import { translateResponse } from '../results/index.js';
import type { RunArgs } from './args.js';
import type { ParsedPayload } from './host-payload.js';
import { callOfPatch, joinPatch, splitPatch } from './patch-calls.js';
import { scriptField, type Payload, type Translated } from './payload.js';
import type { FanOut } from './fan-out.js';
import type { HookRun, RunOnce } from './script-run.js';

/** The fan-out of a covering call (fan-out.ts): one script run per call it covers. */
export const coveredCalls: FanOut = (c) => {
  const split = splitHostCall(c.args, c.p, c.t, c.cwd);
  return split ? (once) => runSplit(split, once, c.args.from, c.cwd, c.filter) : undefined;
};

/**
 * A host call the script's agent would have made as several calls of its own (one apply_patch = a Write or
 * Edit per file, an rm, an mv: patch-calls.ts). undefined: the call is one call there too.
 */
function splitHostCall(
  args: Pick<RunArgs, 'from' | 'to'>,
  p: ParsedPayload,
  t: Translated,
  cwd: string,
): { calls: FileCall[]; patch: string; t: typeof t } | string | undefined {
  const entry = t.tool ? toolEntry(args.to, t.tool) : undefined;
  if (!entry?.covers || toolEntry(args.from, t.tool!) || !isObject(p.payload.tool_input)) return undefined;
  const patch = renameParams(p.payload.tool_input, entry, undefined).patch;
  try {
    if (typeof patch !== 'string') throw new PatchError('the call has no patch text');
    return { calls: splitPatch(patch, cwd, 'tool_response' in p.payload), patch, t };
  } catch (e) {
    return `hook-bridge: ${(e as Error).message}; the hook did not run (the agent rejects this patch itself)`;
  }
}

/** One script run per file call, sequentially as the calls would have come; the strictest answer wins, rewrites make
 * one patch.
 */
async function runSplit(
  split: NonNullable<ReturnType<typeof splitHostCall>>,
  once: RunOnce,
  script: DialectId,
  cwd: string,
  filter?: (tool: string) => boolean,
): Promise<HookRun> {
  if (typeof split === 'string') return { answer: { context: [] }, stderr: '', note: split, tool: undefined };
  const { calls, patch, t } = split;
  const runs: HookRun[] = [];
  for (const [k, c] of calls.entries()) {
    if (filter && !filter(c.tool)) {
      runs.push({ answer: { context: [] }, stderr: '', tool: c.tool });
      continue;
    }
    // In the script agent's field names (a Copilot script reads toolName and toolArgs).
    const [name, input, id, response] = ['tool_name', 'tool_input', 'tool_use_id', 'tool_response'].map((f) =>
      scriptField(f, script, t.event),
    ) as [string, string, string, string];
    const payload: Payload = {
      ...t.payload,
      [name]: toolEntry(script, c.tool)?.name ?? t.payload[name],
      [input]: renameParams(c.input, toolEntry('claude', c.tool), toolEntry(script, c.tool)),
    };
    // each call its own id, the one its tool_use has in the translated transcript (src/transcript/codex.ts)
    if (typeof t.payload[id] === 'string') payload[id] = partId(t.payload[id], k);
    if (response in t.payload)
      payload[response] = translateResponse(c.response, c.tool, 'claude', script, c.input, cwd);
    const r = await once(payload, c.tool);
    runs.push(r);
    if (r.failure) return { ...r, tool: t.tool };
  }
  const { answer } = aggregate(runs);
  delete answer.updatedInput;
  const rewrites = runs.map(
    (r, k) =>
      r.answer.updatedInput &&
      renameParams(r.answer.updatedInput, toolEntry(script, calls[k]!.tool), toolEntry('claude', calls[k]!.tool)),
  );
  if (answer.decision !== 'deny' && rewrites.some(Boolean)) {
    try {
      answer.updatedInput = { patch: joinPatch(patch, calls, rewrites, cwd) };
    } catch (e) {
      answer.decision = 'deny';
      answer.reason =
        `hook-bridge: a hook rewrote a file change of this patch, but ${(e as Error).message}; blocked instead of ` +
        `running the original`;
    }
  }
  const join = (xs: (string | undefined)[]) => xs.filter(Boolean).join('\n');
  return { answer, stderr: join(runs.map((r) => r.stderr)), note: join(runs.map((r) => r.note)), tool: t.tool };
}

/** A rewrite the script made of its covering tool's call (a Codex script's new patch) as the host call's input. */
export function coveredRewrite(a: Answer, tool: string, cwd: string): void {
  const patch = Object.values(a.updatedInput!).find((v) => typeof v === 'string');
  const input = typeof patch === 'string' ? callOfPatch(patch, tool, cwd) : 'the rewrite has no patch text';
  if (typeof input === 'string') {
    delete a.updatedInput;
    a.decision = 'deny';
    a.reason =
      `hook-bridge: a hook rewrote this call as a patch, but ${input}` + `; blocked instead of running the original`;
  } else a.updatedInput = input;
}
