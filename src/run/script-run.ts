// One run of the hook's script for one payload: started as its agent starts it, under its agent's timeout, its
// answer read under its agent's rules.
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { readAnswer, type Answer, type ScriptResult } from './answer.js';
import type { RunArgs } from './args.js';
import { notRun, notRunText, type NotRun } from './not-run.js';
import { isBlocking } from './own-failure.js';
import type { Payload } from './payload.js';
import { runScript, startScript } from './spawn.js';

export interface HookRun {
  answer: Answer;
  /** The script's stderr, to pass through. */
  stderr: string;
  /** hook-bridge's own note about the run (a timeout). */
  note?: string;
  /** hook-bridge could not start the script's shell (or an exec-form program, for another reason than its absence): the
   * caller fails by --on-error.
   */
  failure?: string;
  /** The script dialect's tool id of the call, for emit. */
  tool: string | undefined;
}

/** Runs the script once for a payload in its agent's dialect (`tool`: the script dialect's tool id of the call). */
export type RunOnce = (payload: Payload, tool: string | undefined) => Promise<HookRun>;

/** What the script's runs for one host call share: the command, the script's event, its environment and cwd. */
export function scriptRunner(
  args: Pick<RunArgs, 'from' | 'to' | 'command' | 'timeoutS' | 'onTimeout' | 'onMissing'> & { background?: boolean },
  event: string | undefined,
  env: NodeJS.ProcessEnv,
  cwd: string,
): RunOnce {
  const spec = mappings.dialects[args.from].timeout;
  const timeoutMs = (args.timeoutS ?? spec.default ?? 60) * 1000;
  return async (payload, tool) => {
    // An `async` hook (dispatch): started, not waited for; its answer is nothing, as its agent does not act on it.
    if (args.background) {
      const r = startScript(args, `${JSON.stringify(payload)}\n`, env, cwd, timeoutMs);
      return { answer: { context: [] }, stderr: r.stderr, tool };
    }
    const scriptInput = isObject(payload.tool_input) ? payload.tool_input : undefined;
    const r = await runScript(args, `${JSON.stringify(payload)}\n`, env, cwd, timeoutMs);
    const missing = notRun(r, typeof args.command !== 'string');
    if (r.spawnError && !missing) return { answer: { context: [] }, stderr: '', failure: r.spawnError, tool };
    if (missing) return { ...notRunAnswer(args, event, r, missing, scriptInput, tool), tool };
    const answer = readAnswer(args.from, event, r, scriptInput, tool, args.to);
    if (r.timedOut && answer.decision !== 'deny' && !answer.block) {
      const deny = args.onTimeout ? args.onTimeout === 'deny' : spec.onTimeout === 'block';
      if (deny && isBlocking(event))
        block(answer, event, `hook-bridge: the hook timed out after ${timeoutMs / 1000} s`);
    }
    return {
      answer,
      stderr: r.stderr.replace(/\n$/, ''),
      ...(r.timedOut ? { note: `hook-bridge: the hook timed out after ${timeoutMs / 1000} s` } : {}),
      tool,
    };
  };
}

/** A deny (a block on UserPromptSubmit) by hook-bridge, on an event where a hook can stop something. */
function block(answer: Answer, event: string | undefined, reason: string): void {
  if (event === 'user-prompt-submit') answer.block = true;
  else answer.decision = 'deny';
  answer.reason = reason;
}

/**
 * A command that could not run (not-run.ts): its exit read under the script agent's rules like any other, unless
 * --on-missing says otherwise; the note names the program and what its failure means here.
 */
function notRunAnswer(
  args: Pick<RunArgs, 'from' | 'onMissing'>,
  event: string | undefined,
  r: ScriptResult & { spawnError?: string },
  n: NotRun,
  input: Record<string, unknown> | undefined,
  tool: string | undefined,
): Omit<HookRun, 'tool'> {
  const agent = mappings.dialects[args.from].agent;
  const stderr = r.spawnError ? '' : r.stderr.replace(/\n$/, '');
  if (args.onMissing === 'deny' && isBlocking(event)) {
    const answer: Answer = { context: [] };
    block(answer, event, notRunText(n, 'blocked (--on-missing deny)'));
    return { answer, stderr };
  }
  // --on-missing allow: a failure that blocks nothing, on every script agent (exit 1 is non-blocking on each).
  const answer = readAnswer(
    args.from,
    event,
    { ...r, exitCode: args.onMissing === 'allow' ? 1 : n.exitCode },
    input,
    tool,
  );
  const blocks = answer.decision === 'deny' || answer.block;
  const outcome = blocks
    ? `${agent} blocks on that exit code, so this does too (--on-missing allow lets it proceed)`
    : `on ${agent} that is a non-blocking error: nothing is blocked` +
      (args.onMissing ? '' : ' (--on-missing deny blocks instead)');
  return { answer, stderr, note: notRunText(n, outcome) };
}
