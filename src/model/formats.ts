// The names of the formats hook-bridge reads and writes, one list each (as DIALECT_IDS is for the dialects). Which
// format a dialect uses is data (mappings/dialects/<id>.yaml `payload.toolResults`, `payload.transcript`): the schema
// takes its enums from these lists, and each registry is typed over them, so a name without a module (or a module
// without a name) does not compile: src/results/index.ts (tool results), src/transcript/translate.ts (transcripts).

/** Config file formats (mappings/dialects/<id>.yaml `config.format`): one codec each in src/dialects/
 * (test/meta.test.ts).
 */
export const CONFIG_FORMATS = ['settings-json', 'hooks-yaml-v2', 'action-lists-json'] as const;
export type ConfigFormat = (typeof CONFIG_FORMATS)[number];

/** The syntax of a config's text (src/dialects/json-path.ts reads both; JSON as JSONC). */
export type ConfigSyntax = 'json' | 'yaml';
/** The syntax each config format is written in. */
export const CONFIG_SYNTAX: Record<ConfigFormat, ConfigSyntax> = {
  'settings-json': 'json',
  'hooks-yaml-v2': 'yaml',
  'action-lists-json': 'json',
};

/** tool_response shapes: one module each in src/results/<name>.ts. */
export const RESULT_FORMATS = [
  'claude-objects',
  'qwen-llm-text',
  'gemini-llm-text',
  'codebuddy-text',
  'codex-text',
  'copilot-text',
  'pi-text',
  'opencode-text',
] as const;
export type ResultFormatName = (typeof RESULT_FORMATS)[number];

/** Transcript formats hook-bridge reads (a reader in src/transcript/) … */
export const TRANSCRIPT_READ_FORMATS = [
  'qwen-jsonl',
  'codebuddy-jsonl',
  'gemini-jsonl',
  'codex-jsonl',
  'copilot-events-jsonl',
  'pi-jsonl',
] as const;
/** … and writes (src/transcript/claude.ts: the format Claude scripts and hooks.yaml scripts parse). */
export const TRANSCRIPT_WRITE_FORMATS = ['claude-jsonl'] as const;
export type TranscriptReadFormat = (typeof TRANSCRIPT_READ_FORMATS)[number];
export type TranscriptWriteFormat = (typeof TRANSCRIPT_WRITE_FORMATS)[number];
