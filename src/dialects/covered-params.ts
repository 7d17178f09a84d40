// A tool that does another tool's job by its own parameters (tools.yaml `covers` with `covered_as`: Cline's editor
// creates a file, which Claude Code does with Write): a call of the covered tool given as the covering tool's input,
// and a covering call whose input is the covered tool's, read back as that tool (a Claude script gets Cline's editor
// creating a file as the Write Claude Code would have made). Codex CLI's apply_patch, which takes a patch, is
// src/run/patch-calls.ts's.
import type { DialectId } from '../model/dialect-ids.js';
import { isObject } from '../model/is-object.js';
import type { ToolEntry } from '../model/mappings.js';
import { renameParams, toolEntry } from './catalog.js';

/** A covered tool's call (canonical parameters) as the covering tool's input, in its native names. */
export function asCoveringInput(entry: ToolEntry, canonical: Record<string, unknown>): Record<string, unknown> {
  const as = entry.coveredAs ?? {};
  return renameParams(Object.fromEntries(Object.entries(canonical).map(([k, v]) => [as[k] ?? k, v])), undefined, entry);
}

/**
 * The host's call of covering tool `tool` as the covered tool the script's agent would have called, where its input
 * has only that tool's parameters (each named in `covered_as`, or one the covered tool takes) and all it requires:
 * the canonical tool and its input in canonical names. undefined: the call is the covering tool's own.
 */
export function coveredCall(
  host: DialectId,
  script: DialectId,
  tool: string | undefined,
  input: unknown,
): { tool: string; input: Record<string, unknown> } | undefined {
  const entry = tool ? toolEntry(host, tool) : undefined;
  if (!entry?.coveredAs || !entry.covers || !isObject(input)) return undefined;
  const back = new Map(Object.entries(entry.coveredAs).map(([covered, own]) => [own, covered]));
  const canonical = renameParams(input, entry, undefined);
  const asCovered = Object.fromEntries(Object.entries(canonical).map(([k, v]) => [back.get(k) ?? k, v]));
  for (const c of entry.covers) {
    const theirs = toolEntry(script, c);
    if (!theirs) continue;
    const params = new Set(theirs.params.map(([, p]) => p));
    const required = (theirs.required ?? []).map((n) => theirs.params.find(([x]) => x === n)?.[1] ?? n);
    if (Object.keys(asCovered).every((k) => params.has(k)) && required.every((r) => r in asCovered))
      return { tool: c, input: asCovered };
  }
  return undefined;
}
