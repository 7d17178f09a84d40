// An apply_patch call (Codex CLI) against the files on disk, for `run`: the calls it amounts to with the updated files'
// text read (results/patch-calls.ts splits a patch without reading any), the patch a script's rewrites of those calls
// amount to, and the reverse: a Write or Edit as the patch Codex would have sent, a rewritten patch as the call's
// input.
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { applyChunks, contentLines, parsePatch, printPatch, type Chunk, type PatchOp } from '../results/apply-patch.js';
import { diffChunk, editRegion, patchCalls, patchPath, reversed, type FileCall } from '../results/patch-calls.js';

const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

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

const pathFor = (cwd: string, abs: string, asWritten: string) =>
  resolve(cwd, asWritten) === abs ? asWritten : isAbsolute(abs) ? abs : relative(cwd, abs);

/** One call's rewrite (Claude Code's parameter names) as the patch operation it amounts to, or why it cannot be one. */
function rewrittenOp(
  op: PatchOp,
  call: FileCall,
  input: Record<string, unknown>,
  cwd: string,
  read: typeof readText,
): PatchOp | string {
  const filePath = typeof input.file_path === 'string' ? resolve(cwd, input.file_path) : undefined;
  if (call.tool === 'file.write' && filePath && typeof input.content === 'string')
    return {
      kind: 'add',
      path: pathFor(cwd, filePath, op.path),
      content: contentLines(input.content)
        .map((l) => `${l}\n`)
        .join(''),
    };
  if (
    call.tool === 'file.edit' &&
    op.kind === 'update' &&
    filePath &&
    typeof input.old_string === 'string' &&
    typeof input.new_string === 'string'
  ) {
    const same = filePath === resolve(cwd, String(call.input.file_path));
    const original = same ? call.original : read(filePath);
    const keep = op.moveTo !== undefined && same ? { moveTo: op.moveTo } : {};
    const path = same ? op.path : pathFor(cwd, filePath, op.path);
    if (original !== undefined) {
      if (!input.old_string || !original.includes(input.old_string)) return `its old_string is not in ${filePath}`;
      const after =
        input.replace_all === true
          ? original.split(input.old_string).join(input.new_string)
          : original.replace(input.old_string, () => input.new_string as string);
      return { kind: 'update', path, ...keep, chunks: [diffChunk(original, after)] };
    }
    if (call.approximate && input.old_string === call.input.old_string)
      return `the file's text is not known, so an edit of several chunks cannot be placed`;
    return {
      kind: 'update',
      path,
      ...keep,
      chunks: [{ old: input.old_string.split('\n'), new: input.new_string.split('\n') }],
    };
  }
  return (
    `a rewritten ` +
    (call.tool === 'shell' ? `command (${String(call.input.command)})` : 'call') +
    ` has no apply_patch form`
  );
}

/**
 * The patch a set of rewrites amounts to: each operation as it was, or as its call's rewrite says (undefined: not
 * rewritten). A string: why the rewrites cannot be a patch (the caller denies, with that reason).
 */
export function joinPatch(
  patch: string,
  calls: FileCall[],
  rewrites: (Record<string, unknown> | undefined)[],
  cwd: string,
  read = readText,
): string {
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

/**
 * A file.write / file.edit call (Claude Code's parameter names) as the apply_patch text Codex would have sent.
 * `post`: the call ran already, the file holds the new text. undefined: no patch form (the input lacks a field).
 */
export function patchOfCall(
  tool: string,
  input: Record<string, unknown>,
  cwd: string,
  post: boolean,
  read = readText,
): string | undefined {
  if (typeof input.file_path !== 'string') return undefined;
  const path = patchPath(cwd, input.file_path);
  if (tool === 'file.write' && typeof input.content === 'string')
    return printPatch([
      {
        kind: 'add',
        path,
        content: contentLines(input.content)
          .map((l) => `${l}\n`)
          .join(''),
      },
    ]);
  if (tool !== 'file.edit' || typeof input.old_string !== 'string' || typeof input.new_string !== 'string')
    return undefined;
  const text = read(resolve(cwd, input.file_path));
  let chunk: Chunk | undefined;
  if (text !== undefined && input.replace_all === true && input.old_string) {
    chunk = post ? undefined : diffChunk(text, text.split(input.old_string).join(input.new_string));
  } else if (text !== undefined) {
    const c = post
      ? lineChunk(text, input.new_string, input.old_string)
      : lineChunk(text, input.old_string, input.new_string);
    chunk = c && post ? reversed(c) : c;
  }
  chunk ??= { old: input.old_string.split('\n'), new: input.new_string.split('\n') };
  return printPatch([{ kind: 'update', path, chunks: [chunk] }]);
}

/**
 * A rewritten patch (a Codex script's updatedInput.command) as the file.write / file.edit input it amounts to, for
 * the call it rewrites; a string: why it has none (one added or updated file is all one call can be).
 */
export function callOfPatch(
  patch: string,
  tool: string,
  cwd: string,
  read = readText,
): Record<string, unknown> | string {
  let ops: PatchOp[];
  try {
    ops = parsePatch(patch);
  } catch (e) {
    return `the rewritten patch is invalid: ${(e as Error).message}`;
  }
  const op = ops[0];
  if (ops.length !== 1 || !op || op.kind === 'delete' || (op.kind === 'update' && op.moveTo !== undefined))
    return 'the rewritten patch is not one added or updated file';
  const file_path = resolve(cwd, op.path);
  if (op.kind === 'add')
    return tool === 'file.write'
      ? { file_path, content: op.content }
      : 'the rewritten patch adds a file where the call edits one';
  const text = read(file_path);
  if (tool === 'file.write') {
    const content = text === undefined ? undefined : applyChunks(text, op.chunks);
    return content === undefined
      ? `the rewritten patch updates ${op.path}, whose text is not known`
      : { file_path, content };
  }
  const region = text === undefined ? undefined : editRegion(text, op.chunks);
  if (!region && op.chunks.length > 1)
    return `the rewritten patch updates ${op.path} in several places that cannot be placed`;
  const [old_string, new_string] = region ?? [op.chunks[0]!.old.join('\n'), op.chunks[0]!.new.join('\n')];
  return { file_path, old_string, new_string, replace_all: false };
}
