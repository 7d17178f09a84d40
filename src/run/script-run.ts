// One run of the hook's script for one payload: started as its agent starts it, under its agent's timeout, its
// answer read under its agent's rules.
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { readAnswer, type Answer } from './answer.js';
import type { RunArgs } from './args.js';
import { isBlocking } from './own-failure.js';
import type { Payload } from './payload.js';
import { runScript } from './spawn.js';

export interface HookRun {
  answer: Answer;
  /** The script's stderr, to pass through. */
  stderr: string;
  /** hook-bridge's own note about the run (a timeout). */
  note?: string;
  /** hook-bridge could not run the script (not startable): the caller fails by --on-error. */
  failure?: string;
  /** The script dialect's tool id of the call, for emit. */
  tool: string | undefined;
}

/** Runs the script once for a payload in its agent's dialect (`tool`: the script dialect's tool id of the call). */
export type RunOnce = (payload: Payload, tool: string | undefined) => Promise<HookRun>;

/** What the script's runs for one host call share: the command, the script's event, its environment and cwd. */
export function scriptRunner(args: Pick<RunArgs, 'from' | 'to' | 'command' | 'timeoutS' | 'onTimeout'>, event: string | undefined, env: NodeJS.ProcessEnv, cwd: string): RunOnce {
  const spec = mappings.dialects[args.from].timeout;
  const timeoutMs = (args.timeoutS ?? spec.default ?? 60) * 1000;
  return async (payload, tool) => {
    const scriptInput = isObject(payload.tool_input) ? payload.tool_input : undefined;
    const r = await runScript(args, `${JSON.stringify(payload)}\n`, env, cwd, timeoutMs);
    const empty: Answer = { context: [] };
    if (r.spawnError) return { answer: empty, stderr: '', failure: r.spawnError, tool };
    if (typeof args.command === 'string' && (r.exitCode === 126 || r.exitCode === 127)) {
      return { answer: empty, stderr: '', failure: `the hook command could not be started (exit ${r.exitCode}): ${r.stderr.trim().split('\n').pop() ?? ''}`, tool };
    }
    const answer = readAnswer(args.from, event, r, scriptInput, tool, args.to);
    if (r.timedOut && answer.decision !== 'deny' && !answer.block) {
      const deny = args.onTimeout ? args.onTimeout === 'deny' : spec.onTimeout === 'block';
      if (deny && isBlocking(event)) {
        if (event === 'user-prompt-submit') answer.block = true;
        else answer.decision = 'deny';
        answer.reason = `hook-bridge: the hook timed out after ${timeoutMs / 1000} s`;
      }
    }
    return { answer, stderr: r.stderr.replace(/\n$/, ''), ...(r.timedOut ? { note: `hook-bridge: the hook timed out after ${timeoutMs / 1000} s` } : {}), tool };
  };
}
