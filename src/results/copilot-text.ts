// GitHub Copilot CLI's tool results: the text the model got, in an envelope — own files' toolResult {resultType,
// textResultForLlm}, its Claude-compatible mode's tool_result {result_type, text_result_for_llm}
// (test/fixtures/observed/
// copilot/payloads/*/PostToolUse-*.json, _tool-results-sent-to-model.json):
//   bash    stdout and stderr merged, then "<shellId: N completed with exit code X>"
//   view    the file's text          create  "Created file <path> with N characters"
//   edit    "File <path> updated with changes."
//   grep    one "./path" per line (files_with_matches, its default)      glob  one "./path" per line
// Its tool_input keeps Copilot's parameter names (path, file_text, old_str/new_str) in both modes.
import { isObject } from '../model/is-object.js';
import { claudeBash, claudeEdit, claudeRead, claudeWrite, searchResult } from './claude-objects.js';
import type { Call, ResultFormat } from './format.js';
import { filesOf, isSearch, matchLine, parseCount, parseMatch, rel, type Found } from './search.js';
import { asString } from '../model/strings.js';

/** The text of a result in either envelope; undefined for anything else. */
function textOf(resp: unknown): string | undefined {
  if (!isObject(resp)) return undefined;
  const t = resp.textResultForLlm ?? resp.text_result_for_llm;
  return typeof t === 'string' ? t : undefined;
}

const SHELL_TRAILER = /\n?<shellId: [^>]* completed with exit code (-?\d+)>\n?$/;
/** A listed path: "./a.txt" is relative to the call's directory. */
const listed = (line: string) => line.replace(/^\.\//, '');

/** grep / glob text in the neutral form (paths as listed; searchResult makes them absolute). */
function readSearch(text: string, call: Call): Found {
  const lines = text.split('\n').filter((l) => l.trim());
  if (call.tool === 'search.glob') return { files: lines.map(listed) };
  const mode = call.input?.output_mode;
  if (mode === 'count') return { counts: lines.map(parseCount).map((c) => ({ ...c, file: listed(c.file) })) };
  if (mode === 'content')
    return {
      matches: lines
        .map((l) => parseMatch(l, call.input?.['-n'] !== false))
        .map((m) => ({ ...m, file: listed(m.file) })),
    };
  return { files: lines.map(listed) };
}

export const copilotText: ResultFormat = {
  read(resp, call) {
    const text = textOf(resp);
    if (text === undefined) return { value: resp };
    const { tool, input } = call;
    if (isSearch(tool)) return searchResult(readSearch(text, call), text, call);
    if (tool === 'shell') return { value: claudeBash(text.replace(SHELL_TRAILER, '').replace(/\n$/, '')) };
    const path = asString(input?.path) ?? asString(input?.file_path);
    if (tool === 'file.read') return { value: claudeRead(path, text) };
    if (tool === 'file.write') return { value: claudeWrite(path, input?.file_text ?? input?.content ?? '', null) };
    if (tool === 'file.edit')
      return {
        value: claudeEdit(
          path,
          { old_string: input?.old_str ?? input?.old_string, new_string: input?.new_str ?? input?.new_string },
          '',
        ),
      };
    return { value: text };
  },
  /** Its own envelope, with the text Copilot writes for the same result. */
  write(c, { tool, input, cwd }) {
    const v = c.value;
    const path = asString(input?.file_path) ?? asString(input?.path);
    let text: string;
    if (typeof v === 'string') text = v;
    else if (c.found && isSearch(tool)) {
      const f = c.found;
      const relPath = (p: string) => `./${rel(cwd, p)}`;
      text = f.matches
        ? f.matches.map((m) => matchLine(m, relPath(m.file), input?.['-n'] !== false)).join('\n')
        : f.counts
          ? f.counts.map((x) => `${relPath(x.file)}:${x.n}`).join('\n')
          : filesOf(f).map(relPath).join('\n');
    } else if (tool === 'shell' && isObject(v))
      text = [v.stdout, v.stderr].filter((x): x is string => typeof x === 'string' && x !== '').join('\n');
    else if (tool === 'file.read' && isObject(v) && isObject(v.file) && typeof v.file.content === 'string')
      text = v.file.content;
    else if (tool === 'file.write' && path !== undefined)
      text = `Created file ${path} with ${String(input?.content ?? '').length} characters`;
    else if (tool === 'file.edit' && path !== undefined) text = `File ${path} updated with changes.`;
    else text = JSON.stringify(v);
    return { resultType: 'success', textResultForLlm: text };
  },
};
