// CodeBuddy Code's tool_response (codebuddy/payloads/PostToolUse-*.json, observed/codebuddy/payloads/):
//   Bash         an object without the output text: {exitCode, signal, interrupted, …}
//   Read         the file's text numbered `cat -n`-style: "   1→line1\n   2→line2\n   3→"
//   Write, Edit  a sentence: "File created successfully at: …", "The file … has been updated."
//   Glob, Grep   an array of lines with absolute paths, or the string "No files found"; Grep's default mode is
//                content (whatever its schema says), line numbers only with `-n: true`
// A CodeBuddy script gets its own shapes for Glob and Grep, Claude's for the other tools.
import { isObject } from '../model/is-object.js';
import { claudeBash, claudeEdit, claudeRead, claudeWrite, searchResult } from './claude-objects.js';
import type { Call, Input, ResultFormat } from './format.js';
import { countMatches, filesOf, isSearch, matchLine, parseCount, parseMatch, type Found, type Mode } from './search.js';

/**
 * The mode CodeBuddy Code really answers in: content unless files_with_matches or count is asked for
 * (observed), and content whenever a context or line-number flag is given (read in the 2.117.0 bundle:
 * RipGrepUtils.buildContentArgs).
 */
function codebuddyMode(input: Input): Mode {
  const m = input?.output_mode;
  if (m === 'count') return m;
  return m === 'files_with_matches' &&
    !['-A', '-B', '-C', '-n', 'context'].some((k) => input?.[k] !== undefined && input[k] !== false)
    ? m
    : 'content';
}

function readSearch(resp: unknown, glob: boolean, input: Input): Found | undefined {
  if (typeof resp !== 'string' && !Array.isArray(resp)) return undefined;
  const lines = Array.isArray(resp) ? resp.filter((l): l is string => typeof l === 'string') : [];
  if (typeof resp === 'string' && !/^No (files|matches) found/.test(resp)) return undefined;
  const mode = glob ? 'files_with_matches' : codebuddyMode(input);
  if (mode === 'files_with_matches') return { files: lines };
  if (mode === 'count') return { counts: lines.map(parseCount) };
  return { matches: lines.map((l) => parseMatch(l, input?.['-n'] === true)) };
}

function writeSearch(found: Found, { tool, input }: Call): string | string[] {
  const glob = tool === 'search.glob';
  const mode = glob ? 'files_with_matches' : codebuddyMode(input);
  let lines: string[];
  if (mode === 'count') lines = (found.counts ?? countMatches(found)).map((c) => `${c.file}:${c.n}`);
  else if (mode === 'content' && found.matches)
    lines = found.matches.map((m) => matchLine(m, m.file, input?.['-n'] === true));
  // Where the host gave only file names (Claude's default mode), the script gets those: the lines are not known.
  else lines = filesOf(found);
  // "No files found" observed for Glob and for Grep in the default mode; "No matches found" for content
  // and count read in the 2.117.0 bundle (GrepTool.formatResult), not captured.
  if (!lines.length)
    return glob || input?.output_mode === undefined || mode === 'files_with_matches'
      ? 'No files found'
      : 'No matches found';
  return lines;
}

/** The Read text without its line numbers. */
const stripLineNumbers = (text: string) =>
  text
    .split('\n')
    .map((l) => l.replace(/^\s*\d+\u2192/, ''))
    .join('\n');

export const codebuddyText: ResultFormat = {
  read(resp, call) {
    const { tool, input } = call;
    const found = isSearch(tool) ? readSearch(resp, tool === 'search.glob', input) : undefined;
    if (found) return searchResult(found, resp, call);
    // Its Bash result carries no output text: what it has, in Claude's field names.
    if (tool === 'shell' && isObject(resp)) return { value: claudeBash('', '', resp.interrupted === true) };
    if (typeof resp === 'string') {
      if (tool === 'file.read') return { value: claudeRead(input?.file_path, stripLineNumbers(resp)) };
      if (tool === 'file.write')
        return { value: claudeWrite(input?.file_path, input?.content ?? '', null, /\bcreated\b/.test(resp)) };
      if (tool === 'file.edit') return { value: claudeEdit(input?.file_path, input, null) };
    }
    return { value: resp };
  },
  write: (c, call) => (isSearch(call.tool) && c.found ? writeSearch(c.found, call) : c.value),
};
