// Codex CLI's apply_patch format (src/results/apply-patch.ts): the captured patches parse into the operations
// Codex applied, print∘parse is the identity, and a patch printed from operations applies to the file it targets.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyChunks,
  parsePatch,
  PatchError,
  printPatch,
  type Chunk,
  type PatchOp,
} from '../../src/results/apply-patch.js';

const GT = resolve(import.meta.dirname, '../fixtures/ground-truth/codex/payloads');
const captured = readdirSync(GT)
  .filter((f) => f.includes('apply_patch'))
  .map((f) => [f, JSON.parse(readFileSync(join(GT, f), 'utf8')).tool_input.command as string] as const);

describe('parsePatch: the patches Codex CLI 0.169.0 sent its hooks', () => {
  it('covers add, update, move, delete, two files and an absolute path', () =>
    expect(captured.length).toBeGreaterThanOrEqual(9));
  const expected: Record<string, PatchOp[]> = {
    'PreToolUse-apply_patch-add.json': [{ kind: 'add', path: 'notes.txt', content: 'hello notes\n' }],
    'PreToolUse-apply_patch-update.json': [
      { kind: 'update', path: 'notes.txt', chunks: [{ old: ['hello notes'], new: ['bye notes'] }] },
    ],
    'PreToolUse-apply_patch-delete.json': [{ kind: 'delete', path: 'e06.txt' }],
    'PreToolUse-apply_patch-two-files.json': [
      { kind: 'add', path: 'e05a.txt', content: 'a\n' },
      { kind: 'add', path: 'e05b.txt', content: 'b\n' },
    ],
    'PreToolUse-apply_patch-absolute-path.json': [{ kind: 'add', path: '/PROJECT/e09.txt', content: 'abs path\n' }],
    'PostToolUse-apply_patch-move.json': [
      { kind: 'update', path: 'e10.txt', moveTo: 'e10-moved.txt', chunks: [{ old: ['a'], new: ['b'] }] },
    ],
  };
  for (const [file, ops] of Object.entries(expected))
    it(file, () => expect(parsePatch(captured.find(([f]) => f === file)![1])).toEqual(ops));
  for (const [file, text] of captured)
    it(`${file}: printed back byte for byte`, () => expect(printPatch(parsePatch(text))).toBe(text));

  it('an update with context headers, several chunks and End of File', () => {
    const text =
      '*** Begin Patch\n*** Update File: a.py\n@@ def f():\n-    pass\n+    ' +
      'return 1\n@@\n x\n-y\n+z\n*** End of File\n*** End Patch';
    expect(parsePatch(text)).toEqual([
      {
        kind: 'update',
        path: 'a.py',
        chunks: [
          { context: 'def f():', old: ['    pass'], new: ['    return 1'] },
          { old: ['x', 'y'], new: ['x', 'z'], eof: true },
        ],
      },
    ]);
  });
  it("the heredoc form Codex's lenient parser accepts", () =>
    expect(parsePatch("<<'EOF'\n*** Begin Patch\n*** Delete File: x\n*** End Patch\nEOF\n")).toEqual([
      { kind: 'delete', path: 'x' },
    ]));
  const bad: [string, RegExp][] = [
    ['not a patch', /first line/],
    ['*** Begin Patch\n*** Add File: x\n+a', /last line/],
    ['*** Begin Patch\n*** Update File: x\n*** End Patch', /no chunks/],
    ['*** Begin Patch\n*** Frobnicate: x\n*** End Patch', /not a hunk header/],
    ['*** Begin Patch\n*** Update File: x\n@@\n-a\n@@\n*** End Patch', /no lines/],
  ];
  for (const [text, message] of bad)
    it(`rejects ${JSON.stringify(text)}`, () => {
      expect(() => parsePatch(text)).toThrow(PatchError);
      expect(() => parsePatch(text)).toThrow(message);
    });
});

// Lines as Codex can carry them: no newline or carriage return. Paths: no surrounding whitespace.
const line = fc.string({ maxLength: 12 }).filter((s) => !/[\n\r]/.test(s));
const path = fc.stringMatching(/^[A-Za-z0-9_./-]{1,20}$/).filter((s) => s.trim() === s);
const chunk: fc.Arbitrary<Chunk> = fc
  .record({
    context: fc.option(
      line.filter((s) => s !== ''),
      { nil: undefined },
    ),
    old: fc.array(line, { maxLength: 5 }),
    new: fc.array(line, { maxLength: 5 }),
    eof: fc.boolean(),
  })
  .filter((c) => c.old.length + c.new.length > 0)
  .map((c) => ({
    ...(c.context !== undefined ? { context: c.context } : {}),
    old: c.old,
    new: c.new,
    ...(c.eof ? { eof: true } : {}),
  }));
const op: fc.Arbitrary<PatchOp> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    path,
    content: fc.array(line, { maxLength: 5 }).map((ls) => ls.map((l) => `${l}\n`).join('')),
  }),
  fc.record({ kind: fc.constant('delete' as const), path }),
  fc
    .record({
      kind: fc.constant('update' as const),
      path,
      moveTo: fc.option(path, { nil: undefined }),
      chunks: fc.array(chunk, { minLength: 1, maxLength: 3 }),
    })
    .map((u) => (u.moveTo === undefined ? { kind: u.kind, path: u.path, chunks: u.chunks } : u)),
);

describe('printPatch ∘ parsePatch', () => {
  it('parse(print(ops)) = ops', () =>
    fc.assert(
      fc.property(fc.array(op, { maxLength: 5 }), (ops) => {
        expect(parsePatch(printPatch(ops))).toEqual(ops);
      }),
      { numRuns: 500 },
    ));
  it('print(parse(text)) = text for every printed patch', () =>
    fc.assert(
      fc.property(fc.array(op, { maxLength: 5 }), (ops) => {
        expect(printPatch(parsePatch(printPatch(ops)))).toBe(printPatch(ops));
      }),
      { numRuns: 300 },
    ));
});

describe('applyChunks: a printed update applies to the file it targets', () => {
  // A file, and an edit of one region of it: the patch printed for that edit must turn the file into the edited one.
  const file = fc.array(fc.stringMatching(/^[a-z][a-z ]{0,5}$/), { minLength: 1, maxLength: 12 });
  it('one region replaced, with the surrounding lines as context', () =>
    fc.assert(
      fc.property(
        file,
        fc.nat(),
        fc.nat(),
        fc.array(fc.stringMatching(/^[a-z][a-z ]{0,5}$/), { maxLength: 4 }),
        (lines, a, b, replacement) => {
          const start = a % lines.length;
          const end = start + (b % (lines.length - start + 1));
          const before = `${lines.join('\n')}\n`;
          const after = `${[...lines.slice(0, start), ...replacement, ...lines.slice(end)].join('\n')}\n`;
          // Context widened until the old lines are unique before their place, as hook-bridge prints an Edit.
          let from = start;
          let to = end;
          const old = () => lines.slice(from, to);
          const firstAt = () =>
            lines.findIndex((_, i) => i + old().length <= lines.length && old().every((l, j) => l === lines[i + j]));
          while ((to === from || firstAt() !== from) && (from > 0 || to < lines.length)) {
            if (from > 0) from--;
            else to++;
          }
          const c: Chunk = { old: old(), new: [...lines.slice(from, start), ...replacement, ...lines.slice(end, to)] };
          const [parsed] = parsePatch(printPatch([{ kind: 'update', path: 'f', chunks: [c] }])) as [
            Extract<PatchOp, { kind: 'update' }>,
          ];
          const result = applyChunks(before, parsed.chunks);
          // A file whose only lines are replaced by nothing has no line left to anchor to: Codex appends there.
          if (c.old.length) expect(result).toBe(after.replace(/^\n$/, ''));
        },
      ),
      { numRuns: 500 },
    ));
  it('the captured update applies to the file Codex updated', () =>
    expect(applyChunks('hello notes\n', [{ old: ['hello notes'], new: ['bye notes'] }])).toBe('bye notes\n'));
  it('a chunk not found is a rejection', () =>
    expect(applyChunks('a\n', [{ old: ['zzz'], new: ['y'] }])).toBeUndefined());
  it('a context header narrows where the chunk lands', () =>
    expect(applyChunks('x\nf:\nx\n', [{ context: 'f:', old: ['x'], new: ['y'] }])).toBe('x\nf:\ny\n'));
});
