// hook-bridge's own failures (a payload it cannot read, a shell it cannot start, its own crash, a bad argument) as the
// host's
// reply: they fail closed on the events where a hook can stop something, unless --on-error allow.
import { emit, withStderr, type HostReply } from './emit.js';
import type { RunArgs } from './args.js';

/** Events where a hook can stop something: hook-bridge's own failures fail closed here. */
const BLOCKING = new Set(['pre-tool-use', 'user-prompt-submit', 'permission-request']);
export const isBlocking = (event: string | undefined): boolean => event !== undefined && BLOCKING.has(event);

/**
 * Where an in-process host's engine fails closed (src/run/in-process-engine.ts): the blocking events, and a Stop, whose
 * block
 * keeps the agent working (a Stop hook that could not run would let it stop unchecked) — once: not on the turn a Stop
 * block started (stop_hook_active), so a lasting failure never keeps the agent going.
 */
export const failsClosed = (event: string | undefined, payload: Record<string, unknown>): boolean =>
  isBlocking(event) || ((event === 'stop' || event === 'subagent-stop') && payload.stop_hook_active !== true);

/** The host's event name in a payload that could not be parsed (or was too large to keep). */
export const guessHostEvent = (text: string) => /"hook_event_name"\s*:\s*"([^"]+)"/.exec(text)?.[1];

/**
 * The reply for hook-bridge's own failure, in the form of the event the host called for (`hostEvent`, `event` its
 * canonical id). `mode`: the way the host ran the hook, where it has several (mappings `modes`): the answer is given in
 * its form. `hostEvent` undefined: the event is not known (a payload that is not JSON and names none, and no
 * `--event`): exit 2 with the reason on stderr, the one answer every host reads on every event — a block where the
 * event can block (a tool call, a prompt), the reason shown where it cannot — never a PreToolUse-shaped answer on a
 * PostToolUse call.
 */
export function ownFailure(
  event: string | undefined,
  hostEvent: string | undefined,
  args: Pick<RunArgs, 'to' | 'onError'>,
  message: string,
  mode?: string,
): HostReply {
  const msg = `hook-bridge: ${message}`;
  if (hostEvent === undefined)
    return args.onError === 'allow'
      ? withStderr({ stdout: '', stderr: '', exitCode: 0 }, args.to, [msg])
      : { stdout: '', stderr: msg, exitCode: 2 };
  if (!isBlocking(event) || args.onError === 'allow')
    return withStderr({ stdout: '', stderr: '', exitCode: 0 }, args.to, [msg]);
  // Fail closed, with the reason: the host blocks, the model and the user learn why.
  return emit(
    event === 'user-prompt-submit'
      ? { block: true, reason: msg, context: [] }
      : { decision: 'deny', reason: msg, context: [] },
    {
      host: args.to,
      script: args.to,
      event,
      hostEvent,
      tool: undefined,
      hostTool: undefined,
      ...(mode ? { mode } : {}),
    },
    { ask: 'deny', rewrite: 'deny' },
  );
}
