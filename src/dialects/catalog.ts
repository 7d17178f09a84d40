// Lookups over the compiled tables for one dialect: tools, events, parameters.
import type { DialectId } from '../model/dialect-ids.js';
import { mappings, type ToolEntry } from '../model/mappings.js';

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

export function canonicalEvent(d: DialectId, name: string): string | undefined {
  return mappings.index.eventByName[d][name];
}

/** The native event name on a dialect: a string, null (verified absent) or undefined (not researched). */
export function nativeEvent(d: DialectId, canonical: string): string | null | undefined {
  return mappings.events[canonical]?.names[d];
}

/** Rename a tool_input object's keys between two dialects' parameter names; unknown keys are kept. */
export function renameParams(input: Record<string, unknown>, from: ToolEntry | null | undefined, to: ToolEntry | null | undefined): Record<string, unknown> {
  if (!from && !to) return input;
  const toCanonical = new Map((from?.params ?? []).map(([n, c]) => [n, c]));
  const toNative = new Map((to?.params ?? []).map(([n, c]) => [c, n]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    const c = toCanonical.get(k) ?? k;
    out[toNative.get(c) ?? c] = v;
  }
  return out;
}
