// scripts/check-lines.ts: what npm run lint holds every line of code to.
import { describe, expect, it } from 'vitest';
import { MAX_COLUMNS, overlongLines } from '../scripts/check-lines.js';

const long = (n: number) => 'x'.repeat(n);

describe('no line of code past 120 columns (scripts/check-lines.ts)', () => {
  it('a comment or a string past the bound is named with its line and width', () => {
    const text = `const a = 1;\n// ${long(MAX_COLUMNS)}\nconst s = '${long(MAX_COLUMNS)}';\n`;
    expect(overlongLines('f.ts', text)).toEqual(['f.ts:2: 123 columns', 'f.ts:3: 133 columns']);
  });
  it('a line at the bound passes; the width is in bytes, so an em dash counts three', () => {
    expect(overlongLines('f.ts', `// ${long(MAX_COLUMNS - 3)}\n`)).toEqual([]);
    expect(overlongLines('f.ts', `// ${long(MAX_COLUMNS - 4)}—\n`)).toEqual(['f.ts:1: 122 columns']);
  });
  it('a regular expression literal may pass it (breaking it changes what it reads), the code around it may not', () => {
    expect(overlongLines('f.ts', `const r = /${long(MAX_COLUMNS)}/;\n`)).toEqual([]);
    expect(overlongLines('f.ts', `const r = /a/; const s = '${long(MAX_COLUMNS)}';\n`)).toHaveLength(1);
  });
  it('a URL in a comment may pass it when nothing follows it', () => {
    expect(overlongLines('f.ts', `// see https://example.org/${long(MAX_COLUMNS)}\n`)).toEqual([]);
  });
});
