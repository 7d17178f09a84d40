// Glob and Grep results (tool_response) between the agents' shapes, through one neutral form.
// Observed (test/fixtures/observed/*/payloads/PostToolUse-{Glob,Grep-*}.json, ground-truth qwen/payloads):
//   Claude Code  an object; paths relative to cwd; Grep's default mode is files_with_matches, and its
//                content lines carry line numbers (`-n` defaults to true): "a.txt:2:LINE2"
//   CodeBuddy    an array of lines with absolute paths, or the string "No files found"; Grep's default
//                mode is content (whatever its schema says), line numbers only with `-n: true`
//   Qwen Code    {llmContent: "Found …:\n---\n<one line per file or match>"}; grep_search matches either as
//                "/abs:1:text" lines (ground-truth capture) or as "File: rel\nL1: text" blocks between "---"
//                lines (seen in the end-to-end suite, test/e2e: post-grep-result)
//   Gemini CLI   {llmContent, returnDisplay}: glob "Found N file(s) matching …:\n/abs/a\n/abs/b"; grep_search
//                returnDisplay.matches [{filePath, absolutePath, lineNumber, line}] (observed/gemini/payloads/AfterTool-*)
import type { DialectId } from '../model/dialect-ids.js';
import { isObject } from '../model/is-object.js';

type Input = Record<string, unknown> | undefined;
type Mode = 'content' | 'files_with_matches' | 'count';
interface Match {
  file: string;
  line?: number;
  text: string;
}
/** A search result: whichever of files, matches or counts the host gave. */
interface Found {
  files?: string[];
  matches?: Match[];
  counts?: { file: string; n: number }[];
}

const abs = (cwd: string, p: string) => (p.startsWith('/') ? p : `${cwd.replace(/\/$/, '')}/${p}`);
const rel = (cwd: string, p: string) => {
  const base = `${cwd.replace(/\/$/, '')}/`;
  return p.startsWith(base) ? p.slice(base.length) : p;
};
/** Every path of a result made absolute against cwd (Claude's and Qwen's are relative, CodeBuddy's absolute). */
const absolute = (f: Found, cwd: string): Found => ({
  ...(f.files ? { files: f.files.map((p) => abs(cwd, p)) } : {}),
  ...(f.matches ? { matches: f.matches.map((m) => ({ ...m, file: abs(cwd, m.file) })) } : {}),
  ...(f.counts ? { counts: f.counts.map((c) => ({ ...c, file: abs(cwd, c.file) })) } : {}),
});
/** A match as a grep line: "path:2:text" when numbered and the number is known, else "path:text". */
const matchLine = (m: Match, file: string, numbered: boolean) => `${file}:${m.line !== undefined && numbered ? `${m.line}:` : ''}${m.text}`;
const unique = (xs: string[]) => [...new Set(xs)];
const filesOf = (f: Found) => f.files ?? unique([...(f.matches ?? []), ...(f.counts ?? [])].map((m) => m.file));

/** "path:2:text" (numbered) or "path:text"; the path ends at the first colon. */
function parseMatch(line: string, numbered: boolean): Match {
  const at = line.indexOf(':');
  if (at < 0) return { file: line, text: '' };
  const rest = line.slice(at + 1);
  const n = numbered ? /^(\d+):/.exec(rest) : null;
  return n ? { file: line.slice(0, at), line: Number(n[1]), text: rest.slice(n[0].length) } : { file: line.slice(0, at), text: rest };
}
function parseCount(line: string): { file: string; n: number } {
  const at = line.lastIndexOf(':');
  return { file: line.slice(0, at), n: Number(line.slice(at + 1)) };
}

/** Qwen's grep_search lines: "path:1:text", or "File: path" followed by "L1: text" lines, blocks ended by "---". */
function qwenMatches(lines: string[]): Match[] {
  const out: Match[] = [];
  let file: string | undefined;
  for (const l of lines) {
    const header = /^File: (.+)$/.exec(l);
    const numbered = file === undefined ? null : /^L(\d+): ?(.*)$/.exec(l);
    if (header) file = header[1]!;
    else if (l === '---') file = undefined;
    else if (numbered) out.push({ file: file!, line: Number(numbered[1]), text: numbered[2]! });
    else out.push(parseMatch(l, true));
  }
  return out;
}

/**
 * The mode CodeBuddy Code really answers in: content unless files_with_matches or count is asked for
 * (observed), and content whenever a context or line-number flag is given (read in the 2.117.0 bundle:
 * RipGrepUtils.buildContentArgs).
 */
function codebuddyMode(input: Input): Mode {
  const m = input?.output_mode;
  if (m === 'count') return m;
  return m === 'files_with_matches' && !['-A', '-B', '-C', '-n', 'context'].some((k) => input?.[k] !== undefined && input[k] !== false) ? m : 'content';
}
const claudeMode = (input: Input): Mode => (input?.output_mode === 'content' || input?.output_mode === 'count' ? input.output_mode : 'files_with_matches');

function read(host: DialectId, glob: boolean, resp: unknown, input: Input): Found | undefined {
  if (host === 'claude' && isObject(resp)) {
    const files = Array.isArray(resp.filenames) ? resp.filenames.filter((f): f is string => typeof f === 'string') : [];
    if (glob || resp.mode === 'files_with_matches') return { files };
    const lines = typeof resp.content === 'string' && resp.content ? resp.content.split('\n') : [];
    if (resp.mode === 'count') return { counts: lines.map(parseCount) };
    if (resp.mode === 'content') return { matches: lines.map((l) => parseMatch(l, input?.['-n'] !== false)) };
    return undefined;
  }
  if (host === 'codebuddy' && (typeof resp === 'string' || Array.isArray(resp))) {
    const lines = Array.isArray(resp) ? resp.filter((l): l is string => typeof l === 'string') : [];
    if (typeof resp === 'string' && !/^No (files|matches) found/.test(resp)) return undefined;
    const mode = glob ? 'files_with_matches' : codebuddyMode(input);
    if (mode === 'files_with_matches') return { files: lines };
    if (mode === 'count') return { counts: lines.map(parseCount) };
    return { matches: lines.map((l) => parseMatch(l, input?.['-n'] === true)) };
  }
  if (host === 'qwen' && isObject(resp) && typeof resp.llmContent === 'string') {
    const sep = resp.llmContent.indexOf('\n---\n');
    if (sep < 0) return undefined; // a shape not observed (no results, an error): left as it is
    const lines = resp.llmContent.slice(sep + 5).split('\n').filter(Boolean);
    return glob ? { files: lines } : { matches: qwenMatches(lines) };
  }
  if (host === 'gemini' && isObject(resp)) {
    const d = resp.returnDisplay;
    if (!glob && isObject(d) && Array.isArray(d.matches)) {
      return { matches: d.matches.filter(isObject).map((m) => ({ file: String(m.absolutePath ?? m.filePath), line: typeof m.lineNumber === 'number' ? m.lineNumber : undefined, text: String(m.line ?? '') })) };
    }
    if (glob && typeof resp.llmContent === 'string' && /^Found \d+ file/.test(resp.llmContent)) return { files: resp.llmContent.split('\n').slice(1).filter(Boolean) };
    return undefined; // no matches / an error: left as it is
  }
  return undefined;
}

function write(script: DialectId, glob: boolean, found: Found, input: Input, cwd: string): unknown {
  if (script === 'claude') {
    const files = filesOf(found).map((f) => rel(cwd, f));
    if (glob) return { filenames: files, durationMs: 0, numFiles: files.length, truncated: false, totalMatches: files.length, countIsComplete: true };
    const mode = claudeMode(input);
    if (mode === 'files_with_matches') return { mode, filenames: files, numFiles: files.length, totalFiles: files.length };
    if (mode === 'count') {
      const counts = found.counts ?? countMatches(found);
      return { mode, numFiles: counts.length, filenames: [], content: counts.map((c) => `${rel(cwd, c.file)}:${c.n}`).join('\n'), numMatches: counts.reduce((s, c) => s + c.n, 0) };
    }
    if (!found.matches) return undefined; // the lines themselves are not in the host's answer
    const content = found.matches.map((m) => matchLine(m, rel(cwd, m.file), input?.['-n'] !== false));
    return { mode, numFiles: 0, filenames: [], content: content.join('\n'), numLines: content.length, totalLines: content.length };
  }
  if (script === 'codebuddy') {
    const mode = glob ? 'files_with_matches' : codebuddyMode(input);
    let lines: string[];
    if (mode === 'count') lines = (found.counts ?? countMatches(found)).map((c) => `${c.file}:${c.n}`);
    else if (mode === 'content' && found.matches) lines = found.matches.map((m) => matchLine(m, m.file, input?.['-n'] === true));
    // Where the host gave only file names (Claude's default mode), the script gets those: the lines are not known.
    else lines = filesOf(found);
    // "No files found" observed for Glob and for Grep in the default mode; "No matches found" for content
    // and count read in the 2.117.0 bundle (GrepTool.formatResult), not captured.
    if (!lines.length) return glob || input?.output_mode === undefined || mode === 'files_with_matches' ? 'No files found' : 'No matches found';
    return lines;
  }
  return undefined;
}

function countMatches(found: Found): { file: string; n: number }[] {
  const counts = new Map<string, number>();
  for (const m of found.matches ?? []) counts.set(m.file, (counts.get(m.file) ?? 0) + 1);
  return [...counts].map(([file, n]) => ({ file, n }));
}

/**
 * A Glob or Grep tool_response in the script agent's shape, or undefined where no translation is known
 * (the caller then passes the host's value through).
 */
export function translateSearchResult(tool: 'search.glob' | 'search.grep', resp: unknown, host: DialectId, script: DialectId, input: Input, cwd: string): unknown {
  const glob = tool === 'search.glob';
  const found = read(host, glob, resp, input);
  return found && write(script, glob, absolute(found, cwd), input, cwd);
}
