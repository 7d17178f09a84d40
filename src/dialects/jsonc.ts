// JSON as the agents' settings loaders take it: comments and trailing commas tolerated (jsonc-parser), with
// the place of an error as line:column. Strict JSON goes through JSON.parse, the common and fast case.
import { getNodeValue, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { HookBridgeError } from '../model/errors.js';

/** `line:column` of an offset in a text (1-based). */
export function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `${line}:${offset - before.lastIndexOf('\n')}`;
}

/**
 * Parse JSON, tolerating comments and trailing commas as some agents' loaders do. `strict` tells whether
 * it was plain JSON (then it has neither, and nothing can make an agent ignore the file for them).
 */
export function parseJsoncChecked(text: string, file: string): { value: unknown; strict: boolean } {
  // Strict JSON is the common case, and JSON.parse is an order of magnitude faster than jsonc-parser.
  try {
    return { value: JSON.parse(text), strict: true };
  } catch {
    // lenient JSON, or an error to locate: jsonc-parser below
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || !root) {
    const e = errors[0];
    throw new HookBridgeError(
      e ? `invalid JSON: ${parseErrorMessage(text, e)}` : 'empty file, expected a JSON object',
      file,
      e ? lineCol(text, e.offset) : undefined,
    );
  }
  return { value: getNodeValue(root), strict: false };
}

/** What each of jsonc-parser's error codes means, said for a person (the code names are its internals). */
const PARSE_ERRORS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':' after the property name",
  CommaExpected: "expected ',' before the next value",
  CloseBraceExpected: "expected '}' to close the object",
  CloseBracketExpected: "expected ']' to close the array",
  EndOfFileExpected: 'expected the end of the file after the top-level value',
  InvalidCommentToken: 'invalid comment',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'incomplete number',
  InvalidUnicode: 'invalid \\u escape in a string',
  InvalidEscapeCharacter: 'invalid escape character in a string',
  InvalidCharacter: 'a control character in a string (a line break or tab inside a string must be escaped)',
};

/** A parse error as a person reads it: what was expected, and whether the file just ends there (a truncated file). */
function parseErrorMessage(text: string, e: ParseError): string {
  const code = printParseErrorCode(e.error);
  let what = PARSE_ERRORS[code] ?? code;
  if (code === 'InvalidSymbol')
    what = `${what} ${JSON.stringify(text.slice(e.offset, e.offset + Math.max(1, e.length)).slice(0, 20))}`;
  return e.offset >= text.trimEnd().length ? `unexpected end of file: ${what}` : what;
}

/** Parse JSON (comments and trailing commas tolerated). */
export const parseJsonc = (text: string, file: string): unknown => parseJsoncChecked(text, file).value;
