// The names of the formats hook-bridge reads and writes (as DIALECT_IDS is for the dialects). Which format a dialect
// uses is data (mappings/dialects/<id>.yaml `payload.toolResults`): the schema takes its enum from this list, and the
// registry (src/results/index.ts) is typed over it, so a name without a module (or a module without a name) does not
// compile.

/** tool_response shapes: one module each in src/results/<name>.ts. */
export const RESULT_FORMATS = ['claude-objects', 'qwen-llm-text', 'gemini-llm-text', 'codebuddy-text', 'codex-text'] as const;
export type ResultFormatName = (typeof RESULT_FORMATS)[number];

