// How a host sent one hook call, and the call in canonical names. A host may run hooks in more than one way
// (mappings `modes`: GitHub Copilot CLI runs an event named as Claude Code names it in its Claude-compatible mode), and
// may name its payload's fields its own way, or not name the event at all (`payload.fieldNames`, `eventNamed: false`:
// Copilot's own files, whose wrapper says the event: `run --event`). Everything after this step reads a payload with
// Claude Code's field names, the host's own event name in `hook_event_name` and the host's own tool name in
// `tool_name`; the answer goes back in the form the mode reads (specIn).
import type { DialectId } from '../model/dialect-ids.js';
import { mappings, type DialectSpec } from '../model/mappings.js';
import { canonicalEvent, canonicalTool, nativeEvent, toolEntry } from './catalog.js';

type Payload = Record<string, unknown>;

/** Does the host send payloads in names of its own, or in several ways (a payload must be put in canonical names)? */
export const hasOwnPayloadNames = (host: DialectId): boolean => {
  const s = mappings.dialects[host];
  return s.payload?.eventNamed === false || s.modes !== undefined;
};

const merged = new Map<string, DialectSpec>();
/** A host's facts in one of its modes: the mode's payload and output fields replace the host's own. */
export function specIn(host: DialectId, mode: string | undefined): DialectSpec {
  const spec = mappings.dialects[host];
  const m = mode === undefined ? undefined : spec.modes?.[mode];
  if (!m) return spec;
  const key = `${host}\0${mode}`;
  let s = merged.get(key);
  if (!s)
    merged.set(
      key,
      (s = {
        ...spec,
        ...(spec.payload ? { payload: { ...spec.payload, ...m.payload } } : {}),
        ...(spec.output ? { output: { ...spec.output, ...m.output } } : {}),
      }),
    );
  return s;
}

/** The mode a payload was sent in: the one whose event names name its hook_event_name (where the host's own do not). */
function modeOf(host: DialectId, payload: Payload): string | undefined {
  const name = payload.hook_event_name;
  const modes = mappings.dialects[host].modes;
  if (!modes || typeof name !== 'string' || canonicalEvent(host, name)) return undefined;
  return Object.keys(modes).find((m) => canonicalEvent(modes[m]!.eventNames, name) !== undefined);
}

export interface HostCall {
  /** Claude Code's field names; hook_event_name and tool_name the host's own (undefined event: not known). */
  payload: Payload;
  /** The event as the host named it in this call (its name in the mode's naming: echoed back in an answer). */
  hostEvent: string | undefined;
  mode?: string;
}

/** The native name -> canonical name map of a spec's payload fields, for one event. */
function canonicalNames(spec: DialectSpec, event: string | undefined): Map<string, string> {
  const m = new Map<string, string>();
  for (const [c, n] of Object.entries(spec.payload?.fieldNames ?? {})) m.set(n, c);
  for (const [c, n] of Object.entries((event && spec.payload?.eventFieldNames?.[event]) || {})) m.set(n, c);
  return m;
}

/**
 * A host's payload in canonical names (see the file's head). `event`: the host's event name the wrapper gives
 * (`run --event`), used where the payload names none. A host with neither own names nor modes: as it is.
 */
export function hostCall(host: DialectId, raw: Payload, event?: string): HostCall {
  // A host whose payloads name their event in hook_event_name: as it is (a wrapper's --event is not needed there).
  if (!hasOwnPayloadNames(host))
    return { payload: raw, hostEvent: typeof raw.hook_event_name === 'string' ? raw.hook_event_name : undefined };
  const mode = modeOf(host, raw);
  const spec = specIn(host, mode);
  const m = mode === undefined ? undefined : spec.modes![mode]!;
  // The event: named by the payload (in the mode's names), by a field of its own (eventFieldNames), or by the wrapper.
  const named = typeof raw.hook_event_name === 'string' ? raw.hook_event_name : undefined;
  let canonical =
    named === undefined ? undefined : m ? canonicalEvent(m.eventNames, named) : canonicalEvent(host, named);
  if (canonical === undefined && named === undefined) {
    for (const [ev, names] of Object.entries(spec.payload?.eventFieldNames ?? {})) {
      const field = names?.hook_event_name;
      const v = field === undefined ? undefined : raw[field];
      if (typeof v === 'string' && canonicalEvent(host, v) === ev) canonical = ev;
    }
  }
  if (canonical === undefined && named === undefined && event !== undefined) canonical = canonicalEvent(host, event);
  const names = canonicalNames(spec, canonical);
  const payload: Payload = {};
  for (const [k, v] of Object.entries(raw)) payload[names.get(k) ?? k] = v;
  const own = canonical === undefined ? undefined : nativeEvent(host, canonical);
  if (own) payload.hook_event_name = own;
  // A tool named in the mode's vocabulary (Claude's Bash for Copilot's bash): the host's own name.
  if (m && typeof payload.tool_name === 'string') {
    const t = canonicalTool(m.toolNames, payload.tool_name);
    const name = t === undefined ? undefined : toolEntry(host, t)?.name;
    if (name) payload.tool_name = name;
  }
  return { payload, hostEvent: named ?? own ?? event, ...(mode ? { mode } : {}) };
}
