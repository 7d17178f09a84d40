// What every tool-result format module is: a reader of its agent's tool_response into the canonical form, and a
// writer of the canonical form into its agent's shape. Which format a dialect uses is data (mappings/dialects/<id>.yaml
// `payload.toolResults`); src/results/index.ts registers the modules under those names.
import type { Found } from './search.js';

/** The call's tool_input as the host sent it (its agent's parameter names). */
export type Input = Record<string, unknown> | undefined;

/** What a result is read or written for. */
export interface Call {
  /** The call's canonical tool id (undefined: a tool no mapping names, e.g. MCP). */
  tool: string | undefined;
  input: Input;
  /** The call's working directory: search paths are relative to it in some shapes, absolute in others. */
  cwd: string;
}

/**
 * A tool result in canonical form: `value` in Claude Code's shape where the host's result carries what it needs (else
 * the host's own value, or its text), and for Glob/Grep `found`, every file, match or count the host gave (Claude's
 * object keeps only what its output_mode asks for).
 */
export interface Canonical {
  value: unknown;
  found?: Found;
}

export interface ResultFormat {
  /**
   * The envelope its results come in, where another format shares it (`llm-text`: {llmContent, returnDisplay},
   * tools.yaml
   * `response: llm-text`; Qwen Code is a fork of Gemini CLI): between two formats of one envelope a result passes as it
   * is, with the fields the script reads (only the texts differ a little).
   */
  envelope?: 'llm-text';
  /** The agent's tool_response in canonical form. */
  read(resp: unknown, call: Call): Canonical;
  /** A canonical result in the agent's shape. */
  write(c: Canonical, call: Call): unknown;
}
