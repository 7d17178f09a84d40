// Lenient JSON the agents do not all accept: comments and trailing commas. Some agents ignore a whole
// settings file for one of them, silently (docs/observations.md) — so both are found and reported.
import { parseTree, visit, type ParseError } from 'jsonc-parser';
import type { DialectSpec } from '../model/mappings.js';

export interface IgnoredSyntax {
  kind: 'comment' | 'trailingComma';
  offset: number;
}

/** The first comment and the first trailing comma in a JSON text, whichever the dialect ignores the file for. */
export function syntaxThatIgnoresFile(text: string, spec: DialectSpec): IgnoredSyntax | undefined {
  const found: IgnoredSyntax[] = [];
  if (spec.config.jsonComments === 'file-ignored') {
    let at: number | undefined;
    visit(text, { onComment: (offset) => void (at ??= offset) });
    if (at !== undefined) found.push({ kind: 'comment', offset: at });
  }
  if (spec.config.jsonTrailingCommas === 'file-ignored') {
    const errors: ParseError[] = [];
    parseTree(text, errors, { allowTrailingComma: false, disallowComments: false });
    // A trailing comma shows up as a missing property name or value right before } or ].
    const e = errors.find(
      (x) =>
        /^\s*[}\]]/.test(text.slice(x.offset)) &&
        /,\s*$/.test(text.slice(0, x.offset).replace(/\/\/[^\n]*$|\/\*[\s\S]*?\*\/\s*$/g, '')),
    );
    if (e) found.push({ kind: 'trailingComma', offset: text.slice(0, e.offset).lastIndexOf(',') });
  }
  return found.sort((a, b) => a.offset - b.offset)[0];
}
