// Text laid out for an 80-column terminal: lines wrapped at spaces under their own text, tables that fit.
import { describe, expect, it } from 'vitest';
import { columns, fitTable, visibleWidth, wrapLine } from '../../src/cli/layout.js';

describe('columns', () => {
  it.each([
    [{ isTTY: true, columns: 120 }, 120],
    [{ isTTY: true, columns: 0 }, 80],
    [{ isTTY: false, columns: 200 }, 80],
    [{}, 80],
  ])('%j -> %i', (stream, width) => expect(columns(stream, {})).toBe(width));
  it('COLUMNS, when set, is the width (POSIX: the preferred width, over the terminal’s)', () => {
    expect(columns({ isTTY: true, columns: 120 }, { COLUMNS: '100' })).toBe(100);
    expect(columns({ isTTY: false }, { COLUMNS: '200' })).toBe(200);
    expect(columns({ isTTY: false }, { COLUMNS: 'wide' })).toBe(80);
  });
});

describe('wrapLine', () => {
  it.each([
    ['fits', 'short line', 20, undefined, ['short line']],
    ['at spaces', 'one two three four five', 10, undefined, ['one two', 'three four', 'five']],
    ['under its own indent', '    alpha beta gamma delta', 16, undefined, ['    alpha beta', '    gamma delta']],
    ['under a list item’s text', '  - alpha beta gamma', 14, undefined, ['  - alpha beta', '    gamma']],
    ['with a given hanging indent', 'key  alpha beta gamma', 16, 5, ['key  alpha beta', '     gamma']],
    ['keeps the spaces that align', 'a:   x y z w v', 10, 5, ['a:   x y z', '     w v']],
    ['splits a word longer than the line', 'abcdefghij', 4, 0, ['abcd', 'efgh', 'ij']],
  ] as const)('%s', (_what, line, width, indent, expected) => {
    expect(wrapLine(line, width, indent)).toEqual(expected);
  });
  it('colour escapes take no width and are not split', () => {
    const red = (s: string) => `\u001b[31m${s}\u001b[39m`;
    const lines = wrapLine(`${red('error')} one two three`, 13);
    expect(lines).toEqual([`${red('error')} one two`, 'three']);
    expect(visibleWidth(lines[0]!)).toBe(13);
  });
});

describe('fitTable', () => {
  const rows = [
    ['id', 'first', 'second', 'third'],
    ['a', 'x'.repeat(20), 'y'.repeat(20), 'z'.repeat(20)],
  ];
  it('as it is when it fits', () => {
    expect(fitTable(rows, 80)).toBe(
      `id  first${' '.repeat(17)}second${' '.repeat(16)}third\n` +
        `a   ${'x'.repeat(20)}  ${'y'.repeat(20)}  ${'z'.repeat(20)}`,
    );
  });
  it('in parts that fit, each with the first column', () => {
    const out = fitTable(rows, 50);
    expect(out.split('\n\n')).toHaveLength(2);
    for (const part of out.split('\n\n')) expect(part).toMatch(/^id {2}/);
    for (const line of out.split('\n')) expect(visibleWidth(line)).toBeLessThanOrEqual(50);
  });
  it('a column too wide is wrapped in its cells', () => {
    const out = fitTable(
      [
        ['what', 'value'],
        ['k', 'one two three four five six seven eight nine ten'],
      ],
      30,
    );
    expect(out).toBe('what  value\nk     one two three four five\n      six seven eight nine ten');
  });
});
