// Codex CLI's apply_patch format: parse a patch into file operations, print operations back into a patch, and
// apply an update's chunks to a file's text. The grammar and the matching follow codex-rs/apply-patch
// (parser.rs: the lark grammar, parsed leniently; lib.rs + seek_sequence.rs: how chunks are found):
//   *** Begin Patch
//   *** Add File: <path>        then `+line` lines (the file's lines)
//   *** Delete File: <path>
//   *** Update File: <path>     then optional `*** Move to: <path>`, then chunks: `@@` or `@@ <context line>`,
//                               then ` context` / `-old` / `+new` lines, optionally `*** End of File`
//   *** End Patch
// Observed patches: test/fixtures/ground-truth/codex/payloads/*apply_patch* and decision tests e01-e10.

export interface Chunk {
  /** `@@ <context>`: a line the chunk's old lines come after. */
  context?: string;
  /** The lines the chunk replaces (context lines included) and the lines that replace them. */
  old: string[];
  new: string[];
  /** `*** End of File`: the old lines end the file. */
  eof?: boolean;
}

export type PatchOp =
  | { kind: 'add'; path: string; content: string }
  | { kind: 'delete'; path: string }
  | { kind: 'update'; path: string; moveTo?: string; chunks: Chunk[] };

export class PatchError extends Error {}

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File: ';
const DELETE = '*** Delete File: ';
const UPDATE = '*** Update File: ';
const MOVE = '*** Move to: ';
const EOF_MARK = '*** End of File';

/** Rust's str::lines(): split on \n, a trailing \r dropped, no last empty line after a final \n. */
function rustLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

/** The hunk lines between the markers (the heredoc form `<<'EOF' … EOF` accepted, as Codex's lenient mode does). */
function body(text: string): string[] {
  const lines = rustLines(text.trim());
  const bounded = (ls: string[]) => ls.length >= 2 && ls[0]!.trim() === BEGIN && ls.at(-1)!.trim() === END;
  if (bounded(lines)) return lines.slice(1, -1);
  if (
    lines.length >= 4 &&
    ['<<EOF', "<<'EOF'", '<<"EOF"'].includes(lines[0]!) &&
    lines.at(-1)!.endsWith('EOF') &&
    bounded(lines.slice(1, -1))
  )
    return lines.slice(2, -2);
  throw new PatchError(
    lines[0]?.trim() !== BEGIN
      ? "the first line of the patch must be '*** Begin Patch'"
      : "the last line of the patch must be '*** End Patch'",
  );
}

/** One chunk from lines[0]: its `@@` header (optional for a file's first chunk), then diff lines. */
function parseChunk(lines: string[], first: boolean, at: number): [Chunk, number] {
  const head = lines[0]!;
  const chunk: Chunk = { old: [], new: [] };
  let i = 0;
  if (head === '@@') i = 1;
  else if (head.startsWith('@@ ')) {
    chunk.context = head.slice(3);
    i = 1;
  } else if (!first) throw new PatchError(`line ${at}: expected an @@ chunk header, got '${head}'`);
  const start = i;
  for (; i < lines.length; i++) {
    const l = lines[i]!;
    if (l === EOF_MARK) {
      if (i === start) break;
      chunk.eof = true;
      i++;
      break;
    }
    const c = l[0];
    if (c === undefined) {
      chunk.old.push('');
      chunk.new.push('');
    } else if (c === ' ') {
      chunk.old.push(l.slice(1));
      chunk.new.push(l.slice(1));
    } else if (c === '+') chunk.new.push(l.slice(1));
    else if (c === '-') chunk.old.push(l.slice(1));
    else if (i === start)
      throw new PatchError(
        `line ${at + i}: unexpected line in an update chunk: '${l}' (lines start with ' ', '+' or '-')`,
      );
    else break;
  }
  if (i === start) throw new PatchError(`line ${at + i}: the update chunk has no lines`);
  return [chunk, i];
}

/** Parse a patch text into its file operations, in order. Throws PatchError on text Codex would reject. */
export function parsePatch(text: string): PatchOp[] {
  const lines = body(text);
  const ops: PatchOp[] = [];
  let i = 0;
  while (i < lines.length) {
    const head = lines[i]!.trim();
    const at = i + 2;
    i++;
    if (head.startsWith(ADD)) {
      const content: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('+')) content.push(`${lines[i++]!.slice(1)}\n`);
      ops.push({ kind: 'add', path: head.slice(ADD.length), content: content.join('') });
    } else if (head.startsWith(DELETE)) ops.push({ kind: 'delete', path: head.slice(DELETE.length) });
    else if (head.startsWith(UPDATE)) {
      const op: PatchOp = { kind: 'update', path: head.slice(UPDATE.length), chunks: [] };
      if (i < lines.length && lines[i]!.startsWith(MOVE)) op.moveTo = lines[i++]!.slice(MOVE.length);
      while (i < lines.length) {
        if (!lines[i]!.trim()) {
          i++;
          continue;
        }
        if (lines[i]!.startsWith('*')) break;
        const [chunk, n] = parseChunk(lines.slice(i), op.chunks.length === 0, i + 2);
        op.chunks.push(chunk);
        i += n;
      }
      if (!op.chunks.length) throw new PatchError(`line ${at}: the update of '${op.path}' has no chunks`);
      ops.push(op);
    } else
      throw new PatchError(
        `line ${at}: '${head}' is not a hunk header (*** Add File: / *** Delete File: / *** Update File:)`,
      );
  }
  return ops;
}

/** A chunk as diff lines: its common leading and trailing lines as context, the rest as - and + lines. */
function printChunk(c: Chunk): string[] {
  let pre = 0;
  while (pre < c.old.length && pre < c.new.length && c.old[pre] === c.new[pre]) pre++;
  let post = 0;
  while (
    post < c.old.length - pre &&
    post < c.new.length - pre &&
    c.old[c.old.length - 1 - post] === c.new[c.new.length - 1 - post]
  )
    post++;
  return [
    c.context === undefined ? '@@' : `@@ ${c.context}`,
    ...c.old.slice(0, pre).map((l) => ` ${l}`),
    ...c.old.slice(pre, c.old.length - post).map((l) => `-${l}`),
    ...c.new.slice(pre, c.new.length - post).map((l) => `+${l}`),
    ...c.old.slice(c.old.length - post).map((l) => ` ${l}`),
    ...(c.eof ? [EOF_MARK] : []),
  ];
}

/** The lines of a file's text as an Add File writes them (every line ends with a newline). */
export const contentLines = (content: string): string[] =>
  content === '' ? [] : content.replace(/\n$/, '').split('\n');

/** Print file operations as a patch Codex parses back into the same operations. */
export function printPatch(ops: PatchOp[]): string {
  const out = [BEGIN];
  for (const op of ops) {
    if (op.kind === 'add') out.push(`${ADD}${op.path}`, ...contentLines(op.content).map((l) => `+${l}`));
    else if (op.kind === 'delete') out.push(`${DELETE}${op.path}`);
    else
      out.push(
        `${UPDATE}${op.path}`,
        ...(op.moveTo !== undefined ? [`${MOVE}${op.moveTo}`] : []),
        ...op.chunks.flatMap(printChunk),
      );
  }
  out.push(END);
  return `${out.join('\n')}\n`;
}

/**
 * Where `pattern` occurs in `lines` from `start` (codex seek_sequence: exact, then ignoring trailing
 * whitespace, then ignoring surrounding whitespace; `eof`: try the end of the file first).
 */
function seek(lines: string[], pattern: string[], start: number, eof: boolean): number | undefined {
  if (!pattern.length) return start;
  if (pattern.length > lines.length) return undefined;
  const from = eof ? lines.length - pattern.length : start;
  for (const norm of [(s: string) => s, (s: string) => s.trimEnd(), (s: string) => s.trim()]) {
    for (let i = from; i <= lines.length - pattern.length; i++)
      if (pattern.every((p, j) => norm(lines[i + j]!) === norm(p))) return i;
  }
  return eof ? seek(lines, pattern, start, false) : undefined;
}

/** Where each chunk lands in the original file's lines: [start, old length, new lines]. */
export interface Placement {
  start: number;
  length: number;
  lines: string[];
}

/** Place an update's chunks in a file's text, as Codex does; undefined when a chunk is not found (Codex rejects the
 * patch).
 */
export function placeChunks(
  content: string,
  chunks: Chunk[],
): { lines: string[]; placements: Placement[] } | undefined {
  const lines = content.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const placements: Placement[] = [];
  let index = 0;
  for (const c of chunks) {
    if (c.context !== undefined) {
      const at = seek(lines, [c.context], index, false);
      if (at === undefined) return undefined;
      index = at + 1;
    }
    if (!c.old.length) {
      placements.push({ start: lines.length, length: 0, lines: c.new });
      continue;
    }
    let old = c.old;
    let neu = c.new;
    let at = seek(lines, old, index, c.eof === true);
    if (at === undefined && old.at(-1) === '') {
      old = old.slice(0, -1);
      neu = neu.at(-1) === '' ? neu.slice(0, -1) : neu;
      at = seek(lines, old, index, c.eof === true);
    }
    if (at === undefined) return undefined;
    placements.push({ start: at, length: old.length, lines: neu });
    index = at + old.length;
  }
  return { lines, placements: placements.sort((a, b) => a.start - b.start) };
}

/** A file's text after an update's chunks; undefined when Codex would reject them. */
export function applyChunks(content: string, chunks: Chunk[]): string | undefined {
  const placed = placeChunks(content, chunks);
  if (!placed) return undefined;
  const lines = [...placed.lines];
  for (const p of [...placed.placements].reverse()) lines.splice(p.start, p.length, ...p.lines);
  // As Codex writes it: a final newline unless the last line is already an empty one.
  if (lines.at(-1) !== '') lines.push('');
  return lines.join('\n');
}
