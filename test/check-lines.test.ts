// scripts/check-lines.ts: what npm run lint holds every line of code to.
import { describe, expect, it } from 'vitest';
import { MAX_COLUMNS, overlongLines } from '../scripts/check-lines.js';

const long = (n: number) => 'x'.repeat(n);

describe('no line of code past 120 columns (scripts/check-lines.ts)', () => {
  it('a comment past the bound is named with its line and width', () => {
    const text = `const a = 1;\n// ${long(MAX_COLUMNS)}\nconst b = 2;\n`;
    expect(overlongLines('f.ts', text)).toEqual(['f.ts:2: 123 columns']);
  });
  it('code past the bound is named, the text of a string in it not counted', () => {
    const code = `const s = f(${Array.from({ length: 30 }, (_, i) => `a${i}`).join(', ')}, 'text');\n`;
    expect(overlongLines('f.ts', code)).toEqual([`f.ts:1: ${code.length - 1} columns`]);
    expect(overlongLines('f.ts', `const s = '${long(MAX_COLUMNS)}' + x.${long(MAX_COLUMNS)};\n`)).toHaveLength(1);
  });
  it('a line at the bound passes; the width is in bytes, so an em dash counts three', () => {
    expect(overlongLines('f.ts', `// ${long(MAX_COLUMNS - 3)}\n`)).toEqual([]);
    expect(overlongLines('f.ts', `// ${long(MAX_COLUMNS - 4)}—\n`)).toEqual(['f.ts:1: 122 columns']);
  });
  it('a string, template or regular expression literal may pass it (a sentence is not split to fit; breaking a regex changes what it reads)', () => {
    expect(overlongLines('f.ts', `const r = /${long(MAX_COLUMNS)}/;\n`)).toEqual([]);
    expect(overlongLines('f.ts', `const s = '${long(MAX_COLUMNS)}';\n`)).toEqual([]);
    expect(overlongLines('f.ts', `throw new Error(\`\${file}: ${long(MAX_COLUMNS)} \${what}\`);\n`)).toEqual([]);
    expect(overlongLines('f.ts', `const t = \`${long(60)}\${${long(MAX_COLUMNS)}}${long(60)}\`;\n`)).toHaveLength(1);
    expect(overlongLines('f.ts', `const r = /a/; const s = '${long(MAX_COLUMNS)}';\n`)).toEqual([]);
  });
  it('a URL in a comment may pass it when nothing follows it', () => {
    expect(overlongLines('f.ts', `// see https://example.org/${long(MAX_COLUMNS)}\n`)).toEqual([]);
  });
});
