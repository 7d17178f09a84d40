// One apply_patch call (Codex CLI) as the file-tool calls it amounts to, and back:
//   Add File            -> file.write {file_path, content}
//   Update File         -> file.edit  {file_path, old_string, new_string, replace_all: false}: one Edit per file. With
//                          the file's text known (PreToolUse: on disk; PostToolUse: the patch reversed on the new text),
//                          the strings are the file's lines from the first chunk to the last, so several chunks are one
//                          real Edit; otherwise the chunks' lines joined (an approximation a rewrite cannot be placed by)
//   Move to             -> shell `mv <from> <to>`, then the Edit on the new path
//   Delete File         -> shell `rm <path>` (what Claude Code runs to delete a file: rm guards see it)
// Parameter names are Claude Code's (the canonical ones); payload.ts renames them for the script's agent.
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { applyChunks, contentLines, parsePatch, placeChunks, printPatch, type Chunk, type PatchOp } from './apply-patch.js';
import { claudeBash, claudeEdit, claudeWrite } from './claude-results.js';
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

export const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

const word = (p: string) => (/^[A-Za-z0-9_./@%+=:,-]+$/.test(p) ? p : shellQuote(p));
const reversed = (c: Chunk): Chunk => ({ ...c, old: c.new, new: c.old });
const splitLines = (text: string) => {
  const ls = text.split('\n');
  if (ls.at(-1) === '') ls.pop();
  return ls;
};

/** The file's lines from the first chunk to the last, before and after: one Edit for the whole update. */
function editRegion(original: string, chunks: Chunk[]): [string, string] | undefined {
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
type EditOf = (op: Extract<PatchOp, { kind: 'update' }>, abs: string, target: string) => { original: string; region?: [string, string] } | undefined;

/**
 * The calls a parsed patch amounts to, without reading a file (the transcript's past calls: their files have changed
 * since). `editOf`: an update's Edit strings from the file's text where it is known, else the chunks' lines joined.
 * `post`: the patch was applied, the results are built.
 */
export function patchCalls(ops: PatchOp[], cwd: string, post: boolean, editOf: EditOf = () => undefined): FileCall[] {
  const calls: FileCall[] = [];
  ops.forEach((op, i) => {
    const abs = resolve(cwd, op.path);
    if (op.kind === 'add') {
      const input = { file_path: abs, content: op.content };
      calls.push({ tool: 'file.write', input, op: i, ...(post ? { response: claudeWrite(abs, op.content, null, true) } : {}) });
      return;
    }
    if (op.kind === 'delete') {
      calls.push({ tool: 'shell', input: { command: `rm ${word(op.path)}` }, op: i, ...(post ? { response: claudeBash('') } : {}) });
      return;
    }
    const target = op.moveTo !== undefined ? resolve(cwd, op.moveTo) : abs;
    if (op.moveTo !== undefined) calls.push({ tool: 'shell', input: { command: `mv ${word(op.path)} ${word(op.moveTo)}` }, op: i, ...(post ? { response: claudeBash('') } : {}) });
    const known = editOf(op, abs, target);
    const original = known?.original;
    const region = known?.region;
    const [old_string, new_string] = region ?? [op.chunks.map((c) => c.old.join('\n')).join('\n'), op.chunks.map((c) => c.new.join('\n')).join('\n')];
    const input = { file_path: target, old_string, new_string, replace_all: false };
    calls.push({
      tool: 'file.edit',
      input,
      op: i,
      ...(original !== undefined ? { original } : {}),
      ...(!region && op.chunks.length > 1 ? { approximate: true } : {}),
      ...(post ? { response: claudeEdit(target, input, original ?? null) } : {}),
    });
  });
  return calls;
}

/**
 * The calls an apply_patch input amounts to, the updated files' text read from disk. `post`: the patch is applied
 * already (PostToolUse), so the files hold the new text and the results are built. Throws PatchError for a patch
 * Codex would reject.
 */
export function splitPatch(patch: string, cwd: string, post: boolean, read = readText): FileCall[] {
  return patchCalls(parsePatch(patch), cwd, post, (op, abs, target) => {
    const now = post ? read(target) : undefined;
    const original = post ? (now === undefined ? undefined : applyChunks(now, op.chunks.map(reversed))) : read(abs);
    if (original === undefined) return undefined;
    const region = editRegion(original, op.chunks);
    return region ? { original, region } : { original };
  });
}

/** The one chunk that turns `before` into `after`: the lines that differ, widened by context until Codex finds them there. */
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
  const firstAt = (old: string[]) => a.findIndex((_, i) => i + old.length <= a.length && old.every((l, j) => a[i + j] === l));
  while ((to === from || firstAt(a.slice(from, to)) !== from) && (from > 0 || to < a.length)) {
    if (from > 0) from--;
    else {
      to++;
      bTo++;
    }
  }
  return { old: a.slice(from, to), new: b.slice(from, bTo) };
}

const pathFor = (cwd: string, abs: string, asWritten: string) => (resolve(cwd, asWritten) === abs ? asWritten : isAbsolute(abs) ? abs : relative(cwd, abs));

/** One call's rewrite (Claude Code's parameter names) as the patch operation it amounts to, or why it cannot be one. */
function rewrittenOp(op: PatchOp, call: FileCall, input: Record<string, unknown>, cwd: string, read: typeof readText): PatchOp | string {
  const filePath = typeof input.file_path === 'string' ? resolve(cwd, input.file_path) : undefined;
  if (call.tool === 'file.write' && filePath && typeof input.content === 'string') return { kind: 'add', path: pathFor(cwd, filePath, op.path), content: contentLines(input.content).map((l) => `${l}\n`).join('') };
  if (call.tool === 'file.edit' && op.kind === 'update' && filePath && typeof input.old_string === 'string' && typeof input.new_string === 'string') {
    const same = filePath === call.input.file_path;
    const original = same ? call.original : read(filePath);
    const keep = op.moveTo !== undefined && same ? { moveTo: op.moveTo } : {};
    const path = same ? op.path : pathFor(cwd, filePath, op.path);
    if (original !== undefined) {
      if (!input.old_string || !original.includes(input.old_string)) return `its old_string is not in ${filePath}`;
      const after = input.replace_all === true ? original.split(input.old_string).join(input.new_string) : original.replace(input.old_string, () => input.new_string as string);
      return { kind: 'update', path, ...keep, chunks: [diffChunk(original, after)] };
    }
    if (call.approximate && input.old_string === call.input.old_string) return `the file's text is not known, so an edit of several chunks cannot be placed`;
    return { kind: 'update', path, ...keep, chunks: [{ old: input.old_string.split('\n'), new: input.new_string.split('\n') }] };
  }
  return `a rewritten ${call.tool === 'shell' ? `command (${String(call.input.command)})` : 'call'} has no apply_patch form`;
}

/**
 * The patch a set of rewrites amounts to: each operation as it was, or as its call's rewrite says (undefined: not
 * rewritten). A string: why the rewrites cannot be a patch (the caller denies, with that reason).
 */
export function joinPatch(patch: string, calls: FileCall[], rewrites: (Record<string, unknown> | undefined)[], cwd: string, read = readText): string {
  const ops = parsePatch(patch);
  const out: PatchOp[] = [...ops];
  for (const [k, call] of calls.entries()) {
    const input = rewrites[k];
    if (!input) continue;
    const op = rewrittenOp(ops[call.op]!, call, input, cwd, read);
    if (typeof op === 'string') throw new Error(op);
    out[call.op] = op;
  }
  return printPatch(out);
}

/** The whole lines around the first `find` in `text`, before and after it becomes `replace`. */
function lineChunk(text: string, find: string, replace: string): Chunk | undefined {
  const at = find ? text.indexOf(find) : -1;
  if (at < 0) return undefined;
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const nl = text.indexOf('\n', at + find.length);
  const end = nl < 0 ? text.length : nl;
  const region = text.slice(start, end);
  const edited = region.slice(0, at - start) + replace + region.slice(at - start + find.length);
  return { old: region.split('\n'), new: edited.split('\n') };
}

/** A path as the model would write it in a patch: relative to the cwd inside it, else absolute. */
const patchPath = (cwd: string, p: string) => {
  const abs = resolve(cwd, p);
  const rel = relative(cwd, abs);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
};

/**
 * A file.write / file.edit call (Claude Code's parameter names) as the apply_patch text Codex would have sent.
 * `post`: the call ran already, the file holds the new text. undefined: no patch form (the input lacks a field).
 */
export function patchOfCall(tool: string, input: Record<string, unknown>, cwd: string, post: boolean, read = readText): string | undefined {
  if (typeof input.file_path !== 'string') return undefined;
  const path = patchPath(cwd, input.file_path);
  if (tool === 'file.write' && typeof input.content === 'string') return printPatch([{ kind: 'add', path, content: contentLines(input.content).map((l) => `${l}\n`).join('') }]);
  if (tool !== 'file.edit' || typeof input.old_string !== 'string' || typeof input.new_string !== 'string') return undefined;
  const text = read(resolve(cwd, input.file_path));
  let chunk: Chunk | undefined;
  if (text !== undefined && input.replace_all === true && input.old_string) {
    chunk = post ? undefined : diffChunk(text, text.split(input.old_string).join(input.new_string));
  } else if (text !== undefined) {
    const c = post ? lineChunk(text, input.new_string, input.old_string) : lineChunk(text, input.old_string, input.new_string);
    chunk = c && post ? reversed(c) : c;
  }
  chunk ??= { old: input.old_string.split('\n'), new: input.new_string.split('\n') };
  return printPatch([{ kind: 'update', path, chunks: [chunk] }]);
}

/**
 * A rewritten patch (a Codex script's updatedInput.command) as the file.write / file.edit input it amounts to, for
 * the call it rewrites; a string: why it has none (one added or updated file is all one call can be).
 */
export function callOfPatch(patch: string, tool: string, cwd: string, read = readText): Record<string, unknown> | string {
  let ops: PatchOp[];
  try {
    ops = parsePatch(patch);
  } catch (e) {
    return `the rewritten patch is invalid: ${(e as Error).message}`;
  }
  const op = ops[0];
  if (ops.length !== 1 || !op || op.kind === 'delete' || (op.kind === 'update' && op.moveTo !== undefined)) return 'the rewritten patch is not one added or updated file';
  const file_path = resolve(cwd, op.path);
  if (op.kind === 'add') return tool === 'file.write' ? { file_path, content: op.content } : 'the rewritten patch adds a file where the call edits one';
  const text = read(file_path);
  if (tool === 'file.write') {
    const content = text === undefined ? undefined : applyChunks(text, op.chunks);
    return content === undefined ? `the rewritten patch updates ${op.path}, whose text is not known` : { file_path, content };
  }
  const region = text === undefined ? undefined : editRegion(text, op.chunks);
  if (!region && op.chunks.length > 1) return `the rewritten patch updates ${op.path} in several places that cannot be placed`;
  const [old_string, new_string] = region ?? [op.chunks[0]!.old.join('\n'), op.chunks[0]!.new.join('\n')];
  return { file_path, old_string, new_string, replace_all: false };
}

/** The tool_use id of a patch's k-th call (from 0): the host call's own id for the first, `<id>#<k+1>` for the others. */
export const partId = (id: string, k: number) => (k === 0 ? id : `${id}#${k + 1}`);

/** Codex's apply_patch result text for the files a call changed ("A path" added, "M path" updated). */
export const patchResult = (changes: [string, string][]) => `Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\n${changes.map(([k, p]) => `${k} ${p}\n`).join('')}`;
export { patchPath };
