/** Every dialect hook-bridge speaks. The id is the file name, mapping column, `--from/--to` value and test file. */
export const DIALECT_IDS = [
  'claude',
  'qwen',
  'codebuddy',
  'codebuddy-ide',
  'hooks-yaml',
  'gemini',
  'codex',
  'copilot',
  'pi',
  'opencode',
  'cline',
  'droid',
  'auggie',
  'cursor',
  'kilo',
  'kiro',
] as const;
export type DialectId = (typeof DIALECT_IDS)[number];

export function isDialectId(x: unknown): x is DialectId {
  return typeof x === 'string' && (DIALECT_IDS as readonly string[]).includes(x);
}

/** The reference dialect: canonical tool parameters and result shapes are its own (Claude Code's), and most scripts are
 * written for it.
 */
export const REFERENCE_DIALECT = 'claude' satisfies DialectId;
