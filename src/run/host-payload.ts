// The host's call: its payload parsed and checked, which of the hosts sharing a config file made it, and
// whether it is a call the script's own agent never makes.
import { canonicalEvent, canonicalTool } from '../dialects/catalog.js';
import { hostCall } from '../dialects/host-mode.js';
import type { DialectId } from '../model/dialect-ids.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import type { RunArgs } from './args.js';
import type { HostReply } from './emit.js';
import { guessHostEvent, ownFailure } from './own-failure.js';
import type { Payload } from './payload.js';
import { MAX_PAYLOAD, type TooLarge } from './stdin.js';

/**
 * A host payload, parsed and checked, in Claude Code's field names with the host's own event and tool names
 * (dialects/host-mode.ts); `hostEvent` is the event as the host named it, `mode` the way it ran the hook (mappings
 * `modes`) where it has several. Or the reply for hook-bridge's own failure, and its message.
 */
export type ParsedPayload = {
  payload: Payload;
  event: string | undefined;
  hostEvent: string;
  mode?: string;
  /** The host sent tool_input as the text of a JSON object (Copilot CLI's documented `toolArgs`): `payload` has the
   * object; a script of the host's own dialect gets the text back as it was.
   */
  toolInputText?: string;
};

export function parseHostPayload(
  args: Pick<RunArgs, 'to' | 'onError' | 'event'>,
  raw: Buffer | TooLarge,
): ParsedPayload | { failed: HostReply; message: string } {
  // A payload hook-bridge cannot read fails by the event the wrapper or the text names (a PostToolUse never gets a
  // PreToolUse answer); where none does, ownFailure answers in the form every event takes.
  const failed = (text: string, message: string) => {
    const hostEvent = args.event ?? guessHostEvent(text);
    const event = hostEvent === undefined ? undefined : canonicalEvent(args.to, hostEvent);
    return {
      failed: ownFailure(event ?? (hostEvent && 'pre-tool-use'), hostEvent, args, message),
      message: `hook-bridge: ${message}`,
    };
  };
  if (!Buffer.isBuffer(raw))
    return failed(raw.head, `payload larger than ${MAX_PAYLOAD} bytes, the longest text hook-bridge can hold`);
  let payload: Payload;
  try {
    const v: unknown = JSON.parse(raw.toString('utf8'));
    if (!isObject(v)) throw new Error('not an object');
    payload = v;
  } catch {
    return failed(raw.toString('utf8', 0, 65536), `the ${args.to} payload on stdin is not a JSON object`);
  }
  const call = hostCall(args.to, payload, args.event);
  payload = call.payload;
  const hostEvent = call.hostEvent;
  const own = typeof payload.hook_event_name === 'string' ? payload.hook_event_name : undefined;
  const event = own ? canonicalEvent(args.to, own) : undefined;
  const mode = call.mode ? { mode: call.mode } : {};
  const fail = (m: string) => ({
    failed: ownFailure(event ?? (hostEvent && 'pre-tool-use'), hostEvent, args, m, call.mode),
    message: `hook-bridge: ${m}`,
  });
  if (!hostEvent)
    return fail(
      mappings.dialects[args.to].payload?.eventNamed === false
        ? `the ${args.to} payload names no event, and the wrapper no --event`
        : 'the payload has no hook_event_name string',
    );
  // A shape hook-bridge did not expect (a tool_name that is not a string, a tool_input that is not an object) is never
  // a reason to deny a call the hook would allow: the hook gets it as it is, and decides. tool_input as the text of a
  // JSON object (what Copilot CLI's hook docs show for toolArgs) is that object.
  const inputText = typeof payload.tool_input === 'string' ? payload.tool_input : undefined;
  const parsed = inputText === undefined ? undefined : jsonObject(inputText);
  if (parsed) payload = { ...payload, tool_input: parsed };
  return { payload, event, hostEvent, ...mode, ...(parsed ? { toolInputText: inputText } : {}) };
}

/** The object a text is the JSON of, else undefined (not JSON, or JSON of something else). */
function jsonObject(text: string): Payload | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A UserPromptSubmit the host fires again with prompt "" after every tool batch (payload.emptyPromptRefire): a
 * script of an agent that does not do that never sees it, so it is answered without running the script.
 */
export const isPromptRefire = (host: DialectId, script: DialectId, p: ParsedPayload) =>
  p.event === 'user-prompt-submit' &&
  p.payload.prompt === '' &&
  mappings.dialects[host].payload?.emptyPromptRefire === true &&
  mappings.dialects[script].payload?.emptyPromptRefire !== true;

/** Which of the hosts sharing a config file called: the one whose vocabulary names the payload's tool (else the first).
 */
export function callingHost<A extends Pick<RunArgs, 'to' | 'hosts'>>(args: A, p: ParsedPayload): A {
  const tool = p.payload.tool_name;
  if (!args.hosts || typeof tool !== 'string') return args;
  const to = args.hosts.find((h) => canonicalTool(h, tool) !== undefined);
  return to ? { ...args, to } : args;
}
