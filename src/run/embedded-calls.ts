// The fan-out of a parameter the host carries inside another one's text (fan-out.ts; embedded.ts finds the values):
// the script runs once per value, the strictest answer wins, and the rewrites make one input again.
import { isObject } from '../model/is-object.js';
import { aggregate } from './answer.js';
import { type Embedded, embeddedIn, joinRewrites } from './embedded.js';
import type { FanOut } from './fan-out.js';
import type { HookRun, RunOnce } from './script-run.js';

/** The fan-out of a parameter carried in another's text (fan-out.ts): one script run per value. */
export const embeddedValues: FanOut = (c) => {
  const e = embeddedIn(c.args.to, c.args.from, c.t.tool, c.p.payload.tool_input);
  return e?.values.length ? (once) => runEach(e, c.t.payload, c.t.tool, once) : undefined;
};

/** One script run per value (the script's payload carries each in turn); the strictest answer wins, rewrites make one
 * input.
 */
async function runEach(
  e: Embedded,
  payload: Record<string, unknown>,
  tool: string | undefined,
  once: RunOnce,
): Promise<HookRun> {
  const input = isObject(payload.tool_input) ? payload.tool_input : {};
  const runs: HookRun[] = [];
  for (const { value } of e.values) {
    const r = await once({ ...payload, tool_input: { ...input, [e.param]: value } }, tool);
    if (r.failure) return r;
    runs.push(r);
  }
  const { answer } = aggregate(runs);
  delete answer.updatedInput;
  if (answer.decision !== 'deny' && runs.some((r) => r.answer.updatedInput)) {
    const joined = joinRewrites(
      e,
      input,
      runs.map((r) => r.answer.updatedInput),
    );
    if (typeof joined === 'string') {
      answer.decision = 'deny';
      answer.reason = `hook-bridge: ${joined}; blocked instead of running the original`;
    } else answer.updatedInput = joined;
  }
  const join = (xs: (string | undefined)[]) => xs.filter(Boolean).join('\n');
  const note = join(runs.map((r) => r.note));
  return { answer, stderr: join(runs.map((r) => r.stderr)), ...(note ? { note } : {}), tool };
}
