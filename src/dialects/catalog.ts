// Lookups over the compiled tables for one dialect: tools, events, parameters.
import type { DialectId } from '../model/dialect-ids.js';
import { mappings, type EventRow, type Evidence, type ToolEntry } from '../model/mappings.js';

export const MCP_PREFIX = 'mcp__';

/** Every tool entry a dialect has (all statuses: configs still name historical tools). */
export function toolsOf(d: DialectId): { canonical: string; entry: ToolEntry }[] {
  const out: { canonical: string; entry: ToolEntry }[] = [];
  for (const [canonical, row] of Object.entries(mappings.tools)) {
    const entry = row[d];
    if (entry) out.push({ canonical, entry });
  }
  return out;
}

export function toolEntry(d: DialectId, canonical: string): ToolEntry | null | undefined {
  return mappings.tools[canonical]?.[d];
}

/** Canonical id of a native tool name, or undefined (MCP and unknown tools). */
export function canonicalTool(d: DialectId, name: string): string | undefined {
  return mappings.index.toolByName[d][name];
}

/** Canonical ids a matcher alias stands for on a dialect (e.g. claude `Task` -> agent). */
export function aliasTools(d: DialectId, alias: string): string[] {
  return mappings.index.toolByAlias[d][alias] ?? [];
}

/**
 * The canonical tools one call of a covering tool (tools.yaml `covers`: Codex CLI's apply_patch) is split into for
 * a script whose agent lacks it: what it covers (a Write or Edit per file) and the shell (a patch's rm and mv).
 */
export const splitCallTools = (entry: ToolEntry): string[] => [...(entry.covers ?? []), 'shell'];

export function canonicalEvent(d: DialectId, name: string): string | undefined {
  return mappings.index.eventByName[d][name];
}

/**
 * An event name a dialect does not use itself but one of its modes does (GitHub Copilot CLI's PascalCase names: its
 * Claude-compatible mode): the canonical event, the mode, and the dialect whose names the mode speaks.
 */
export function modeEvent(d: DialectId, name: string): { event: string; mode: string; speaks: DialectId } | undefined {
  if (canonicalEvent(d, name) !== undefined) return undefined;
  for (const [mode, m] of Object.entries(mappings.dialects[d].modes ?? {})) {
    const event = canonicalEvent(m.eventNames, name);
    if (event !== undefined) return { event, mode, speaks: m.eventNames };
  }
  return undefined;
}

/** The native event name on a dialect: a string, null (verified absent) or undefined (not researched). */
export function nativeEvent(d: DialectId, canonical: string): string | null | undefined {
  return mappings.events[canonical]?.names[d];
}

/**
 * A value of an event's matcher field (notification_type …) in canonical words: the dialect's own word for one of
 * Claude Code's values translated (events.yaml valueNames), any other value as it is.
 */
export function canonicalValue(d: DialectId, event: string, value: string): string {
  return mappings.events[event]?.valueNames?.[d]?.[value] ?? value;
}

/** A canonical matcher-field value in a dialect's words (the reverse of canonicalValue). */
export function nativeValue(d: DialectId, event: string, canonical: string): string {
  const names = mappings.events[event]?.valueNames?.[d] ?? {};
  return Object.keys(names).find((v) => names[v] === canonical) ?? canonical;
}

/** Rename a tool_input object's keys between two dialects' parameter names; unknown keys are kept. */
export function renameParams(
  input: Record<string, unknown>,
  from: ToolEntry | null | undefined,
  to: ToolEntry | null | undefined,
): Record<string, unknown> {
  if (!from && !to) return input;
  const toCanonical = new Map((from?.params ?? []).map(([n, c]) => [n, c]));
  const toNative = new Map((to?.params ?? []).map(([n, c]) => [c, n]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    const c = toCanonical.get(k) ?? k;
    out[toNative.get(c) ?? c] = v;
  }
  // An array whose items are one call each where `to` has no such array (Pi's edits[] -> Claude's Edit): one item is
  // that call's parameters; several keep their array, each item in the target's names.
  for (const [array, fields] of Object.entries(from?.items ?? {})) {
    const c = toCanonical.get(array) ?? array;
    const items = out[toNative.get(c) ?? c];
    if (!Array.isArray(items) || to?.items?.[toNative.get(c) ?? c]) continue;
    const renamed = items.map((it) =>
      typeof it === 'object' && it !== null && !Array.isArray(it)
        ? Object.fromEntries(
            Object.entries(it as Record<string, unknown>).map(([k, v]) => [
              toNative.get(fields[k] ?? k) ?? fields[k] ?? k,
              v,
            ]),
          )
        : it,
    );
    if (renamed.length === 1 && typeof renamed[0] === 'object' && renamed[0] !== null && !toNative.has(c)) {
      delete out[toNative.get(c) ?? c];
      Object.assign(out, renamed[0]);
    } else out[toNative.get(c) ?? c] = renamed;
  }
  // The reverse: one call's parameters folded into one item of `to`'s array.
  for (const [array, fields] of Object.entries(to?.items ?? {})) {
    if (array in out) continue;
    const item: Record<string, unknown> = {};
    for (const [field, canonical] of Object.entries(fields)) {
      const k = from?.params.find(([, x]) => x === canonical)?.[0] ?? canonical;
      if (k in out) {
        item[field] = out[k];
        delete out[k];
      }
    }
    if (Object.keys(item).length) out[array] = [item];
  }
  return out;
}

/**
 * Where a hook of a canonical event goes on a dialect: its own event there, or — for an event only one
 * format has (hooks.yaml's InputReceived, AppStartup …) — the nearest event the row names, with the
 * matcher values it stands for. undefined: the dialect has no place for it.
 */
export function placeEvent(
  d: DialectId,
  canonical: string,
): { canonical: string; native: string; nearest?: NonNullable<EventRow['nearest']> } | undefined {
  const native = nativeEvent(d, canonical);
  if (native) return { canonical, native };
  const nearest = mappings.events[canonical]?.nearest;
  const there = nearest && nativeEvent(d, nearest.event);
  return nearest && there ? { canonical: nearest.event, native: there, nearest } : undefined;
}

/** Does a hook on canonical event `hookEvent` fire when the host fires canonical event `fired`? */
export function firesOn(hookEvent: string | null | undefined, fired: string | null | undefined): boolean {
  if (!hookEvent || !fired) return false;
  return hookEvent === fired || mappings.events[hookEvent]?.nearest?.event === fired;
}

/**
 * The evidence for a tool entry: seen in a capture or the agent's tool list (observed, registered,
 * conditional, and historical names seen in older builds), or only named by docs, a seed or a class in the
 * agent's bundle (documented).
 */
export function toolEvidence(e: ToolEntry): Evidence {
  return e.status === 'docs' || e.status === 'bundled' ? 'documented' : 'observed';
}
