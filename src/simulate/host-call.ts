// The same call as another agent makes it: its event and tool names, parameter names and result shape — the
// source agent's payload put through run's translation the other way round; and as it makes it in another of its
// ways of running hooks (mappings `modes`: GitHub Copilot CLI runs the Claude files' hooks in its Claude-compatible
// mode, with Claude's event and tool names).
import type { DialectId } from '../model/dialect-ids.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import type { CheckedCall, Payload } from './call.js';
import { canonicalCall, canonicalTool, nativeEvent, specIn, toolEntry, translatePayload } from './engine.js';

export interface HostCall {
  /** What the host's hooks get on stdin, in its own field names (camelCase and no event name on Copilot's own files).
   */
  payload: Payload;
  /**
   * The same payload as hook-bridge reads any host's (dialects/host-mode.ts): Claude Code's field names, the host's
   * own event and tool names — what the selection of entries and the reading of answers look at.
   */
  read: Payload;
  /** The way the host runs the hooks of this call (mappings `modes`); undefined: its own. */
  mode?: string;
  /** Canonical event id. */
  event: string;
  /** The host's name for it. */
  hostEvent: string;
  /** The source agent's name for it (the name its hooks are written under). */
  sourceEvent: string;
  notes: string[];
}

/** Does a tool_response value have the shape tools.yaml says the host sends (text, lines, llm-text, an object's keys)?
 */
function hasShape(v: unknown, shape: 'text' | 'lines' | 'llm-text' | string[]): boolean {
  if (shape === 'text') return typeof v === 'string';
  if (shape === 'lines') return Array.isArray(v) || typeof v === 'string';
  if (shape === 'llm-text') return isObject(v) && typeof v.llmContent === 'string';
  return isObject(v);
}

/**
 * The call on `host`, or why it never happens there (the host has no such event, or no such tool). A result
 * shape hook-bridge cannot render for the host is passed as the source agent's, and said.
 */
export function hostCall(
  call: CheckedCall,
  from: DialectId,
  host: DialectId,
  env: NodeJS.ProcessEnv,
): HostCall | { absent: string } {
  const agent = mappings.dialects[host].agent;
  const hostEvent = nativeEvent(host, call.event);
  if (!hostEvent)
    return {
      absent:
        `${agent} has no ${call.nativeEvent} event` +
        (hostEvent === undefined ? ' that hook-bridge knows of' : '') +
        `: it never fires there`,
    };
  const notes: string[] = [];
  if (call.tool !== undefined && !toolEntry(host, call.tool) && !mappings.index.toolCovering[host][call.tool]) {
    return {
      absent:
        `${agent} has no ${String(call.payload.tool_name)} tool` +
        (toolEntry(host, call.tool) === undefined ? ' that hook-bridge knows of' : '') +
        `: this call never happens there`,
    };
  }
  const t = translatePayload(call.payload, from, host, env);
  const resp = call.payload.tool_response;
  if (resp !== undefined && host !== from) {
    const shape = call.tool ? toolEntry(host, t.covering ?? call.tool)?.response : undefined;
    // run's translation writes JSON text where it knows no rendering: the source's value says more than that.
    const fallback = JSON.stringify(resp);
    const got = t.payload.tool_response;
    if (got === fallback || (isObject(got) && got.llmContent === fallback)) t.payload.tool_response = resp;
    if (shape && !hasShape(t.payload.tool_response, shape))
      notes.push(
        `tool_response: ${agent} sends ` +
          (Array.isArray(shape) ? `an object (${shape.join(', ')})` : shape) +
          ` here; hook-bridge cannot render that from ${mappings.dialects[from].agent}'s result, so the hooks see ` +
          `${mappings.dialects[from].agent}'s`,
      );
  }
  return {
    payload: t.payload,
    read: canonicalCall(host, t.payload, hostEvent).payload,
    event: call.event,
    hostEvent,
    sourceEvent: call.nativeEvent,
    notes,
  };
}

/**
 * The call as the host makes it in one of its modes: the mode's event and tool names (Claude's PreToolUse and Bash on
 * Copilot), its payload field names (`tool_result` for `tool_response`), the host's own tool parameters. What the
 * selection and the answer reading look at (`read`) stays the host's.
 */
export function callInMode(hc: HostCall, host: DialectId, mode: string): HostCall {
  const m = mappings.dialects[host].modes?.[mode];
  const hostEvent = m && nativeEvent(m.eventNames, hc.event);
  if (!m || !hostEvent) return hc;
  const spec = specIn(host, mode).payload;
  const names = { ...spec?.fieldNames, ...spec?.eventFieldNames?.[hc.event] };
  const payload: Payload = {};
  if (spec?.eventNamed !== false) payload[names.hook_event_name ?? 'hook_event_name'] = hostEvent;
  for (const [k, v] of Object.entries(hc.read)) if (k !== 'hook_event_name') payload[names[k] ?? k] = v;
  const tool = typeof hc.read.tool_name === 'string' ? canonicalTool(host, hc.read.tool_name) : undefined;
  const toolName = tool && toolEntry(m.toolNames, tool)?.name;
  if (toolName) payload[names.tool_name ?? 'tool_name'] = toolName;
  return { ...hc, payload, hostEvent, mode };
}
