// The compiled mapping tables: plain data, built from mappings/*.yaml by scripts/build.ts.
// This module is on the run hot path: it imports JSON only (no yaml, no zod).
import type { DialectFile } from './mapping-schema.js';
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
  /** The PostToolUse tool_response seen: an object's keys, or text / lines / llm-text (Qwen's {llmContent, returnDisplay}). */
  response?: 'text' | 'lines' | 'llm-text' | string[];
}

export interface EventRow {
  matcherOn: string | null;
  values: Partial<Record<DialectId, string[]>>;
  names: Partial<Record<DialectId, string | null>>;
}

/** A dialect's semantics with `extends` already merged in. */
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
    /** dialect -> native event name -> canonical id */
    eventByName: Record<DialectId, Record<string, string>>;
  };
}

export const mappings = compiled as unknown as CompiledMappings;
