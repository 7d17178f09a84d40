// The one call `hook-bridge test` tries: an event (and tool call, prompt …) in the source agent's vocabulary,
// checked, and the payload that agent would send its hooks for it.
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { closestName } from '../model/suggest.js';
import { canonicalEvent, canonicalTool, toolEntry } from './engine.js';

export type Payload = Record<string, unknown>;

/** A call in the source agent's terms (Claude Code's by default: PreToolUse, Bash, command …). */
export interface Call {
  /** The event's name on the source agent; may be left out when `payload` names it. */
  event?: string;
  /** The tool's name (tool events). */
  tool?: string;
  /** The tool's input, in the source agent's parameter names. */
  input?: Record<string, unknown>;
  /** The tool's result (PostToolUse), in the source agent's shape. */
  response?: unknown;
  /** The prompt (UserPromptSubmit). */
  prompt?: string;
  /** A whole payload as the source agent sends it: the fields above are filled in over it. */
  payload?: Payload;
}

/** A checked call: its canonical event and tool, and the payload. */
export interface CheckedCall {
  event: string;
  nativeEvent: string;
  /** Canonical tool id (undefined for MCP and other tools the tables do not know). */
  tool: string | undefined;
  payload: Payload;
}

export interface CallContext {
  cwd: string;
  transcriptPath: string;
  sessionId: string;
  /** The source agent's permission_mode value (Claude Code: default, acceptEdits, plan, bypassPermissions …). */
  permissionMode: string;
}

const MCP_TOOL = /^mcp__[A-Za-z0-9_-]+__[A-Za-z0-9_-]+$/;
const TOOL_USE_ID = 'toolu_hook_bridge_test';

const didYouMean = (name: string, known: Iterable<string>) => {
  const close = closestName(name, known);
  return close ? ` (did you mean ${close}?)` : '';
};

/** A JSON option's text parsed, or a clear error naming the option and what was expected. */
export function parseJsonOption(option: string, text: string, expected: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new HookBridgeError(`${option} is not valid JSON (${(e as Error).message}); expected ${expected}`);
  }
}

/**
 * The permission mode a session of the agent is in when none is given: its `default`, else the one mode it sends
 * (Codex CLI sends bypassPermissions whatever its approval policy), else `default`.
 */
export function defaultPermissionMode(from: DialectId): string {
  const modes = mappings.dialects[from].payload?.permissionModes ?? {};
  const native = Object.keys(modes);
  return native.find((m) => modes[m] === 'default') ?? (native.length === 1 ? native[0]! : 'default');
}

/** A permission mode the source agent knows, or a clear error. */
export function checkPermissionMode(from: DialectId, mode: string): string {
  const known = Object.keys(mappings.dialects[from].payload?.permissionModes ?? {});
  if (known.length && !known.includes(mode))
    throw new HookBridgeError(
      `unknown ${mappings.dialects[from].agent} permission mode "${mode}"${didYouMean(mode, known)}; known: ` +
        `${known.join(', ')}`,
    );
  return mode;
}

/** Check a call against the source agent's tables and build the payload it would send. */
export function checkCall(from: DialectId, call: Call, ctx: CallContext): CheckedCall {
  const agent = mappings.dialects[from].agent;
  const given = call.payload ?? {};
  const named = typeof given.hook_event_name === 'string' ? given.hook_event_name : undefined;
  const nativeEvent = call.event ?? named;
  if (!nativeEvent)
    throw new HookBridgeError('which event? --event <Event> (e.g. PreToolUse), or a --payload with hook_event_name');
  if (call.event && named && call.event !== named)
    throw new HookBridgeError(`--event ${call.event} but the payload's hook_event_name is ${named}`);
  const events = mappings.index.eventByName[from];
  const event = canonicalEvent(from, nativeEvent);
  if (!event)
    throw new HookBridgeError(
      `unknown ${agent} event "${nativeEvent}"` +
        didYouMean(nativeEvent, Object.keys(events)) +
        `; known: ${Object.keys(events).join(', ')}`,
    );
  const row = mappings.events[event]!;
  const onTool = row.matcherOn === 'tool';
  const payload: Payload = {
    session_id: ctx.sessionId,
    transcript_path: ctx.transcriptPath,
    cwd: ctx.cwd,
    ...(mappings.dialects[from].payload?.alwaysSent.includes('permission_mode') ||
    Object.keys(mappings.dialects[from].payload?.permissionModes ?? {}).length
      ? { permission_mode: ctx.permissionMode }
      : {}),
    ...given,
    hook_event_name: nativeEvent,
  };

  const toolName = call.tool ?? (onTool && typeof given.tool_name === 'string' ? given.tool_name : undefined);
  if (!onTool && call.tool !== undefined)
    throw new HookBridgeError(
      `--tool applies to tool events (PreToolUse, PostToolUse ` + `…); ${nativeEvent} has no tool`,
    );
  let tool: string | undefined;
  if (onTool) {
    if (!toolName)
      throw new HookBridgeError(
        `${nativeEvent} is a tool event: which tool? --tool <${agent} tool> (e.g. ` +
          (toolEntry(from, 'shell')?.name ?? 'Bash') +
          `)`,
      );
    tool = canonicalTool(from, toolName);
    if (!tool && !MCP_TOOL.test(toolName))
      throw new HookBridgeError(
        `unknown ${agent} tool "${toolName}"` +
          didYouMean(toolName, Object.keys(mappings.index.toolByName[from])) +
          `; MCP tools are named mcp__<server>__<tool>`,
      );
    const input = call.input ?? (isObject(given.tool_input) ? given.tool_input : {});
    if (!isObject(input)) throw new HookBridgeError(`--input must be a JSON object of ${toolName}'s parameters`);
    checkInput(from, toolName, tool, input);
    payload.tool_name = toolName;
    payload.tool_input = input;
    payload.tool_use_id ??= TOOL_USE_ID;
    if (call.response !== undefined) payload.tool_response = call.response;
  } else {
    if (call.input !== undefined)
      throw new HookBridgeError(`--input applies to tool events; ${nativeEvent} has no tool input`);
    if (call.response !== undefined)
      throw new HookBridgeError(
        `--response applies to tool events after the call (PostToolUse …); ${nativeEvent} has no tool result`,
      );
  }
  if (call.prompt !== undefined) {
    if (event !== 'user-prompt-submit')
      throw new HookBridgeError(`--prompt applies to UserPromptSubmit, not ${nativeEvent}`);
    payload.prompt = call.prompt;
  }
  if (event === 'user-prompt-submit' && typeof payload.prompt !== 'string')
    throw new HookBridgeError(`${nativeEvent} needs the prompt: --prompt '<text>'`);
  if (event === 'stop' || event === 'subagent-stop') payload.stop_hook_active ??= false;
  // The field a matcher on this event is tested against (SessionStart's source …): its first value unless given.
  const field = row.matcherOn;
  const first = row.values[from]?.[0];
  if (field && field !== 'tool' && field !== 'unknown' && payload[field] === undefined && first !== undefined)
    payload[field] = first;
  return { event, nativeEvent, tool, payload };
}

/**
 * A parameter a call of the tool cannot do without: one every agent whose input schema lists the tool's required
 * parameters requires (a shell call's command). One only some agents' models must fill in (GitHub Copilot CLI's
 * bash `description`) is optional in a test call, as it is to the hooks that read the payload.
 */
function neededEverywhere(tool: string, param: string): boolean {
  return Object.values(mappings.tools[tool] ?? {}).every(
    (e) => !e?.required || e.required.some((n) => (e.params.find(([p]) => p === n)?.[1] ?? n) === param),
  );
}

/** A tool input with a parameter the tool does not take, or without one it requires, is a typo: say which. */
function checkInput(from: DialectId, toolName: string, tool: string | undefined, input: Record<string, unknown>): void {
  const entry = tool ? toolEntry(from, tool) : undefined;
  if (!entry) return;
  const params = entry.params.map(([n]) => n);
  if (entry.paramsComplete) {
    for (const k of Object.keys(input)) {
      if (!params.includes(k))
        throw new HookBridgeError(
          `${toolName} has no parameter "${k}"${didYouMean(k, params)}; its parameters: ${params.join(', ')}`,
        );
    }
  }
  const canonical = new Map(entry.params);
  const missing = (entry.required ?? []).filter((k) => !(k in input) && neededEverywhere(tool!, canonical.get(k) ?? k));
  if (missing.length)
    throw new HookBridgeError(
      `--input for ${toolName} lacks ` +
        missing.map((k) => `"${k}"`).join(', ') +
        ` (required); its parameters: ${params.join(', ')}`,
    );
}
