// One apply_patch call (Codex CLI) as the file-tool calls it amounts to, from the patch alone (no file is read here):
//   Add File            -> file.write {file_path, content}
//   Update File         -> file.edit  {file_path, old_string, new_string, replace_all: false}: one Edit per file. With
//                          the file's text known (run/patch-calls.ts reads it: PreToolUse on disk; PostToolUse the
// patch
//                          reversed on the new text), the strings are the file's lines from the first chunk to the
// last,
//                          so several chunks are one real Edit; otherwise the chunks' lines joined (an approximation a
//                          rewrite cannot be placed by)
//   Move to             -> shell `mv <from> <to>`, then the Edit on the new path
//   Delete File         -> shell `rm <path>` (what Claude Code runs to delete a file: rm guards see it)
// Parameter names are Claude Code's (the canonical ones); run renames them for the script's agent. The transcript
// reader (transcript/codex.ts) splits a past call the same way: its files' text at that time is not known.
import { isAbsolute, resolve, sep } from 'node:path';
import { placeChunks, type Chunk, type PatchOp } from './apply-patch.js';
import { claudeBash, claudeEdit, claudeWrite } from './claude-objects.js';
import { shellQuote } from '../dialects/wrapper.js';

export interface FileCall {
  tool: 'file.write' | 'file.edit' | 'shell';
  /** In Claude Code's parameter names. */
  input: Record<string, unknown>;
  /** PostToolUse: the result in Claude Code's shape. */
  response?: unknown;
  /** The index of the patch operation it stands for. */
  op: number;
  /** file.edit: the file's text before the patch, when known. */
  original?: string;
  /** file.edit: the strings are the chunks' lines joined, not a substring of the file. */
  approximate?: boolean;
}

/**
 * A patch's path as the file tools' absolute `file_path`: the cwd put in front of a relative one, and nothing
 * normalised away — `../etc/passwd` reaches a script as `<cwd>/../etc/passwd`, so a guard that refuses `..` still
 * sees what the model asked for (Claude Code hands its tools' paths to hooks as the model wrote them).
 */
const givenPath = (cwd: string, p: string): string =>
  isAbsolute(p) ? p : `${cwd.endsWith(sep) ? cwd : cwd + sep}${p}`;

const word = (p: string) => (/^[A-Za-z0-9_./@%+=:,-]+$/.test(p) ? p : shellQuote(p));
/** A chunk undone: its new lines back to its old ones. */
export const reversed = (c: Chunk): Chunk => ({ ...c, old: c.new, new: c.old });

/** The file's lines from the first chunk to the last, before and after: one Edit for the whole update. */
export function editRegion(original: string, chunks: Chunk[]): [string, string] | undefined {
  const placed = placeChunks(original, chunks);
  if (!placed?.placements.length) return undefined;
  const { lines, placements } = placed;
  let start = placements[0]!.start;
  let end = Math.max(...placements.map((p) => p.start + p.length));
  // A pure insertion replaces nothing: take the line before (or after) it, so old_string is not empty.
  if (start === end) {
    if (start > 0) start--;
    else if (end < lines.length) end++;
  }
  const after: string[] = [];
  let i = start;
  for (const p of placements) {
    after.push(...lines.slice(i, p.start), ...p.lines);
    i = p.start + p.length;
  }
  after.push(...lines.slice(i, end));
  return [lines.slice(start, end).join('\n'), after.join('\n')];
}

/** An update's Edit strings from the file's text: the region from its first chunk to its last, and that text. */
type EditOf = (
  op: Extract<PatchOp, { kind: 'update' }>,
  abs: string,
  target: string,
) => { original: string; region?: [string, string] } | undefined;

/**
 * The calls a parsed patch amounts to, without reading a file (the transcript's past calls: their files have changed
 * since). `editOf`: an update's Edit strings from the file's text where it is known, else the chunks' lines joined.
 * `post`: the patch was applied, the results are built.
 */
export function patchCalls(ops: PatchOp[], cwd: string, post: boolean, editOf: EditOf = () => undefined): FileCall[] {
  const calls: FileCall[] = [];
  ops.forEach((op, i) => {
    const abs = resolve(cwd, op.path);
    const given = givenPath(cwd, op.path);
    if (op.kind === 'add') {
      const input = { file_path: given, content: op.content };
      calls.push({
        tool: 'file.write',
        input,
        op: i,
        ...(post ? { response: claudeWrite(given, op.content, null, true) } : {}),
      });
      return;
    }
    if (op.kind === 'delete') {
      calls.push({
        tool: 'shell',
        input: { command: `rm ${word(op.path)}` },
        op: i,
        ...(post ? { response: claudeBash('') } : {}),
      });
      return;
    }
    const target = op.moveTo !== undefined ? resolve(cwd, op.moveTo) : abs;
    if (op.moveTo !== undefined)
      calls.push({
        tool: 'shell',
        input: { command: `mv ${word(op.path)} ${word(op.moveTo)}` },
        op: i,
        ...(post ? { response: claudeBash('') } : {}),
      });
    const known = editOf(op, abs, target);
    const original = known?.original;
    const region = known?.region;
    const [old_string, new_string] = region ?? [
      op.chunks.map((c) => c.old.join('\n')).join('\n'),
      op.chunks.map((c) => c.new.join('\n')).join('\n'),
    ];
    const filePath = op.moveTo !== undefined ? givenPath(cwd, op.moveTo) : given;
    const input = { file_path: filePath, old_string, new_string, replace_all: false };
    calls.push({
      tool: 'file.edit',
      input,
      op: i,
      ...(original !== undefined ? { original } : {}),
      ...(!region && op.chunks.length > 1 ? { approximate: true } : {}),
      ...(post ? { response: claudeEdit(filePath, input, original ?? null) } : {}),
    });
  });
  return calls;
}

const splitLines = (text: string) => {
  const ls = text.split('\n');
  if (ls.at(-1) === '') ls.pop();
  return ls;
};

/** The one chunk that turns `before` into `after`: the lines that differ, widened by context until Codex finds them
 * there.
 */
export function diffChunk(before: string, after: string): Chunk {
  const a = splitLines(before);
  const b = splitLines(after);
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let post = 0;
  while (post < a.length - pre && post < b.length - pre && a[a.length - 1 - post] === b[b.length - 1 - post]) post++;
  let from = pre;
  let to = a.length - post;
  let bTo = b.length - post;
  const firstAt = (old: string[]) =>
    a.findIndex((_, i) => i + old.length <= a.length && old.every((l, j) => a[i + j] === l));
  while ((to === from || firstAt(a.slice(from, to)) !== from) && (from > 0 || to < a.length)) {
    if (from > 0) from--;
    else {
      to++;
      bTo++;
    }
  }
  return { old: a.slice(from, to), new: b.slice(from, bTo) };
}

/**
 * A path as the model would write it in a patch: relative to the cwd when it starts with it, else as it is — with
 * nothing normalised away (`<cwd>/../etc/passwd` is `../etc/passwd`: what the call asked for, for a guard to see).
 */
export const patchPath = (cwd: string, p: string) => {
  const prefix = cwd.endsWith(sep) ? cwd : cwd + sep;
  return p.startsWith(prefix) && p.length > prefix.length ? p.slice(prefix.length) : p;
};

/** The tool_use id of a patch's k-th call (from 0): the host call's own id for the first, `<id>#<k+1>` for the others.
 */
export const partId = (id: string, k: number) => (k === 0 ? id : `${id}#${k + 1}`);

/** Codex's apply_patch result text for the files a call changed ("A path" added, "M path" updated). */
export const patchResult = (changes: [string, string][]) =>
  `Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\n` +
  changes.map(([k, p]) => `${k} ${p}\n`).join('');
