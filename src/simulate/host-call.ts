// The same call as another agent makes it: its event and tool names, parameter names and result shape — the
// source agent's payload put through run's translation the other way round.
import type { DialectId } from '../model/dialect-ids.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import type { CheckedCall, Payload } from './call.js';
import { nativeEvent, toolEntry, translatePayload } from './engine.js';

export interface HostCall {
  payload: Payload;
  /** Canonical event id. */
  event: string;
  /** The host's name for it. */
  hostEvent: string;
  /** The source agent's name for it (the name its hooks are written under). */
  sourceEvent: string;
  notes: string[];
}

/** Does a tool_response value have the shape tools.yaml says the host sends (text, lines, llm-text, an object's keys)? */
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
export function hostCall(call: CheckedCall, from: DialectId, host: DialectId, env: NodeJS.ProcessEnv): HostCall | { absent: string } {
  const agent = mappings.dialects[host].agent;
  const hostEvent = nativeEvent(host, call.event);
  if (!hostEvent) return { absent: `${agent} has no ${call.nativeEvent} event${hostEvent === undefined ? ' that hook-bridge knows of' : ''}: it never fires there` };
  const notes: string[] = [];
  if (call.tool !== undefined && !toolEntry(host, call.tool) && !mappings.index.toolCovering[host][call.tool]) {
    return { absent: `${agent} has no ${String(call.payload.tool_name)} tool${toolEntry(host, call.tool) === undefined ? ' that hook-bridge knows of' : ''}: this call never happens there` };
  }
  const t = translatePayload(call.payload, from, host, env);
  const resp = call.payload.tool_response;
  if (resp !== undefined && host !== from) {
    const shape = call.tool ? toolEntry(host, t.covering ?? call.tool)?.response : undefined;
    // run's translation writes JSON text where it knows no rendering: the source's value says more than that.
    const fallback = JSON.stringify(resp);
    const got = t.payload.tool_response;
    if (got === fallback || (isObject(got) && got.llmContent === fallback)) t.payload.tool_response = resp;
    if (shape && !hasShape(t.payload.tool_response, shape)) notes.push(`tool_response: ${agent} sends ${Array.isArray(shape) ? `an object (${shape.join(', ')})` : shape} here; hook-bridge cannot render that from ${mappings.dialects[from].agent}'s result, so the hooks see ${mappings.dialects[from].agent}'s`);
  }
  return { payload: t.payload, event: call.event, hostEvent, sourceEvent: call.nativeEvent, notes };
}
