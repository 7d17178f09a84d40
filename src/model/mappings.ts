// The compiled mapping tables: plain data, built from mappings/*.yaml by scripts/build.ts.
// This module is on the run hot path: it imports JSON only (no yaml, no zod).
import type { DialectFile } from './dialect-spec.js';
import type { DialectId } from './dialect-ids.js';
import compiled from '../generated/mappings.json' with { type: 'json' };

export interface ToolEntry {
  name: string;
  /** [native, canonical] parameter pairs, in the agent's order. */
  params: [string, string][];
  aliases: string[];
  status: 'observed' | 'historical' | 'registered' | 'bundled' | 'conditional' | 'docs';
  paramsComplete: boolean;
  /** For status `conditional`: what makes the agent offer the tool. */
  enabledBy?: string;
  /** Parameters the agent's input schema requires (native names). */
  required?: string[];
  /** The PostToolUse tool_response seen: an object's keys, or text / lines / llm-text (Qwen's {llmContent,
   * returnDisplay}).
   */
  response?: 'text' | 'lines' | 'llm-text' | string[];
  /** Canonical parameters carried inside another one's text: canonical -> the canonical parameter holding it (Gemini's
   * web_fetch url -> prompt).
   */
  embeds?: Record<string, string>;
  /** Canonical parameters taken as one value or a list of them (Copilot CLI's grep `paths`). */
  lists?: string[];
  /** Canonical tools this one tool does on the agent, which has none of its own for them (apply_patch on Codex CLI). */
  covers?: string[];
  /** A covering tool that takes parameters, not a patch: covered canonical parameter -> its own (Cline's editor: a
   * Write's content is its new_string).
   */
  coveredAs?: Record<string, string>;
  /** Array parameters whose items are one call each elsewhere: native array name -> item field -> canonical parameter
   * (Pi's edit: edits[{oldText, newText}] = Claude's Edit old_string, new_string).
   */
  items?: Record<string, Record<string, string>>;
}

/**
 * How hook-bridge knows a dialect has an event or a tool: observed on the real agent; documented (vendor
 * docs, a seed, the agent's own bundle); or an extension (hooks.yaml carries Claude events the format
 * does not list under their Claude names).
 */
export type Evidence = 'observed' | 'documented' | 'extension';

export interface EventRow {
  /** tool, a payload field, null (matchers ignored) or 'unknown' (declared; the matched field is not known). */
  matcherOn: string | null;
  values: Partial<Record<DialectId, string[]>>;
  /** Per dialect, its values that mean a canonical (Claude Code's) value under another word: native -> canonical. */
  valueNames?: Partial<Record<DialectId, Record<string, string>>>;
  names: Partial<Record<DialectId, string | null>>;
  /** The evidence for each name in `names`. */
  evidence: Partial<Record<DialectId, Evidence>>;
  /** For an event only one format has: the host event it is placed on where a target lacks it. */
  nearest?: { event: string; values?: string[]; holds: boolean; answers?: 'ignored'; why: string };
}

/** A dialect's semantics with what it `inherits` already merged in. */
export type DialectSpec = DialectFile;

export interface CompiledMappings {
  dialects: Record<DialectId, DialectSpec>;
  events: Record<string, EventRow>;
  /** canonical tool id -> dialect -> entry (null = verified absent; missing = not researched). */
  tools: Record<string, Partial<Record<DialectId, ToolEntry | null>>>;
  index: {
    /** dialect -> native tool name -> canonical id */
    toolByName: Record<DialectId, Record<string, string>>;
    /** dialect -> matcher alias -> canonical ids */
    toolByAlias: Record<DialectId, Record<string, string[]>>;
    /** dialect -> canonical tool it has no entry for -> the canonical tool that does it there (`covers`) */
    toolCovering: Record<DialectId, Record<string, string>>;
    /** dialect -> native event name -> canonical id */
    eventByName: Record<DialectId, Record<string, string>>;
  };
}

export const mappings = compiled as unknown as CompiledMappings;
