// Claude Code's tool_response shapes: objects (test/fixtures/ground-truth/claude/payloads/PostToolUse-{Read,Edit,
// Write-*,Bash}.json). They are the canonical form: every other format reads into them and writes from them, with
// these builders where a host's result carries the information.
// Glob and Grep (test/fixtures/observed/claude/payloads/PostToolUse-{Glob,Grep-*}.json): an object; paths relative to
// cwd; Grep's default mode is files_with_matches, and its content lines carry line numbers (`-n` defaults to true):
// "a.txt:2:LINE2".
import { isObject } from '../model/is-object.js';
import type { Call, Input, ResultFormat } from './format.js';
import {
  absolute,
  countMatches,
  filesOf,
  isSearch,
  matchLine,
  parseCount,
  parseMatch,
  rel,
  type Found,
  type Mode,
} from './search.js';

export const claudeRead = (filePath: unknown, content: string) => {
  const lines = content.split('\n').length;
  return { type: 'text', file: { filePath, content, numLines: lines, startLine: 1, totalLines: lines } };
};
export const claudeEdit = (filePath: unknown, input: Record<string, unknown> | undefined, originalFile: unknown) => ({
  filePath,
  oldString: input?.old_string ?? '',
  newString: input?.new_string ?? '',
  originalFile,
  structuredPatch: [],
  userModified: false,
  replaceAll: input?.replace_all === true,
});
export const claudeWrite = (filePath: unknown, content: unknown, originalFile: unknown, created = !originalFile) => ({
  type: created ? 'create' : 'update',
  filePath,
  content,
  structuredPatch: [],
  originalFile: originalFile || null,
  userModified: false,
});
/** Claude's Bash result (PostToolUse-Bash.json). */
export const claudeBash = (stdout: string, stderr = '', interrupted = false) => ({
  stdout,
  stderr,
  interrupted,
  isImage: false,
  noOutputExpected: false,
});

const claudeMode = (input: Input): Mode =>
  input?.output_mode === 'content' || input?.output_mode === 'count' ? input.output_mode : 'files_with_matches';

function readSearch(resp: unknown, glob: boolean, input: Input): Found | undefined {
  if (!isObject(resp)) return undefined;
  const files = Array.isArray(resp.filenames) ? resp.filenames.filter((f): f is string => typeof f === 'string') : [];
  if (glob || resp.mode === 'files_with_matches') return { files };
  const lines = typeof resp.content === 'string' && resp.content ? resp.content.split('\n') : [];
  if (resp.mode === 'count') return { counts: lines.map(parseCount) };
  if (resp.mode === 'content') return { matches: lines.map((l) => parseMatch(l, input?.['-n'] !== false)) };
  return undefined;
}

/** Claude's Glob or Grep object for a search result; undefined where Grep's content lines are asked for and the host
 * gave none.
 */
function writeSearch(found: Found, { tool, input, cwd }: Call): unknown {
  const files = filesOf(found).map((f) => rel(cwd, f));
  if (tool === 'search.glob')
    return {
      filenames: files,
      durationMs: 0,
      numFiles: files.length,
      truncated: false,
      totalMatches: files.length,
      countIsComplete: true,
    };
  const mode = claudeMode(input);
  if (mode === 'files_with_matches')
    return { mode, filenames: files, numFiles: files.length, totalFiles: files.length };
  if (mode === 'count') {
    const counts = found.counts ?? countMatches(found);
    return {
      mode,
      numFiles: counts.length,
      filenames: [],
      content: counts.map((c) => `${rel(cwd, c.file)}:${c.n}`).join('\n'),
      numMatches: counts.reduce((s, c) => s + c.n, 0),
    };
  }
  if (!found.matches) return undefined; // the lines themselves are not in the host's answer
  const content = found.matches.map((m) => matchLine(m, rel(cwd, m.file), input?.['-n'] !== false));
  return {
    mode,
    numFiles: 0,
    filenames: [],
    content: content.join('\n'),
    numLines: content.length,
    totalLines: content.length,
  };
}

/**
 * The canonical form of a search result another format read (`found`, absolute paths): Claude's object, else
 * `otherwise` (the host's value or text, where Claude's object would need lines the host did not give).
 */
export function searchResult(found: Found, otherwise: unknown, call: Call): { value: unknown; found: Found } {
  const f = absolute(found, call.cwd);
  return { value: writeSearch(f, call) ?? otherwise, found: f };
}

export const claudeObjects: ResultFormat = {
  read(resp, call) {
    const found = isSearch(call.tool) ? readSearch(resp, call.tool === 'search.glob', call.input) : undefined;
    return found ? { value: resp, found: absolute(found, call.cwd) } : { value: resp };
  },
  write: (c) => c.value,
};
