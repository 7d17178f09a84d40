// Pi's tool results (test/fixtures/observed/pi/payloads/, README "Payloads"): what its tool_result event carries,
// {content: [{type: "text", text}], details?, isError} — the text the model gets, nothing else:
//   bash   the output (stdout and stderr merged), no exit code; a failure ends "Command exited with code N"
//   read   the file's text          write  "Successfully wrote N bytes to <path>"
//   edit   "Successfully replaced N block(s) in <path>." with details {diff, firstChangedLine}
//   grep   "<file>:<n>: <line>" per match ("<file>-<n>- <line>" around it with `context`), files relative to the
//          searched directory (a searched file: its name); "No matches found"
//   find   the files found, relative to the searched directory; "No files found matching pattern"
//   ls     the directory's entries (Claude Code has no such tool: its text as it is)
//   each may end with a notice "\n\n[… limit reached …]" (dist/core/tools/{grep,find,ls}.js, 0.73.1; grep observed:
//   test/fixtures/observed/pi/payloads/PostToolUse-Grep*.json; find not observed, docs/observations.md)
// Its tool_input names the file `path` (relative to the cwd or absolute) and an edit's replacements edits[{oldText,
// newText}] (tools.yaml `items`: one item is Claude Code's Edit).
import { basename, join, relative, resolve } from 'node:path';
import { isObject } from '../model/is-object.js';
import { claudeBash, claudeEdit, claudeRead, claudeWrite, searchResult } from './claude-objects.js';
import type { Call, ResultFormat } from './format.js';
import { filesOf, isSearch, type Found } from './search.js';
import { asString } from '../model/strings.js';

/** The text of a result: its text parts joined; undefined for anything else. */
function textOf(resp: unknown): string | undefined {
  if (typeof resp === 'string') return resp;
  if (!isObject(resp) || !Array.isArray(resp.content)) return undefined;
  return resp.content
    .filter((p): p is { type: 'text'; text: string } => isObject(p) && p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text)
    .join('\n');
}

/** The directory Pi searched (`path`, relative to the cwd; default the cwd). */
const searched = (call: Call) => resolve(call.cwd, asString(call.input?.path) ?? '.');

/** A grep or find text in the neutral form (absolute paths). */
function readSearch(text: string, call: Call): Found {
  const body = text.replace(/\n\n\[[^\n]*\]\s*$/, '');
  const lines = /^No (matches|files) found/.test(body) ? [] : body.split('\n').filter((l) => l.trim());
  const dir = searched(call);
  if (call.tool === 'search.glob') return { files: lines.map((l) => join(dir, l)) };
  const matches = lines.flatMap((l) => {
    const m = /^(.*?):(\d+): (.*)$/.exec(l);
    return m ? [{ file: m[1]!, line: Number(m[2]), text: m[3]! }] : [];
  });
  // A searched file is listed by its name alone.
  const file = matches.length > 0 && matches.every((m) => m.file === basename(dir));
  return { matches: matches.map((m) => ({ ...m, file: file ? dir : join(dir, m.file) })) };
}

export const piText: ResultFormat = {
  read(resp, call) {
    const { tool, input } = call;
    const text = textOf(resp);
    if (text === undefined) return { value: resp };
    if (isSearch(tool)) return searchResult(readSearch(text, call), text, call);
    const path = asString(input?.file_path) ?? asString(input?.path);
    if (tool === 'shell') return { value: claudeBash(text.replace(/\n$/, '')) };
    if (tool === 'file.read') return { value: claudeRead(path, text) };
    if (tool === 'file.write') return { value: claudeWrite(path, input?.content ?? '', null) };
    if (tool === 'file.edit') {
      const edits = Array.isArray(input?.edits) ? input.edits.filter(isObject) : [];
      const one = edits.length === 1 ? edits[0]! : undefined;
      return {
        value: claudeEdit(
          path,
          one ? { old_string: one.oldText ?? one.old_string, new_string: one.newText ?? one.new_string } : input,
          '',
        ),
      };
    }
    return { value: text };
  },
  /** Its own shape, with the text Pi writes for the same result. */
  write({ value, found }, call) {
    const { tool, input } = call;
    const path = asString(input?.path) ?? asString(input?.file_path);
    let text: string;
    if (typeof value === 'string') text = value;
    else if (found && isSearch(tool)) {
      const dir = searched(call);
      const at = (f: string) => relative(dir, f) || basename(f);
      const lines =
        tool === 'search.grep' && found.matches
          ? found.matches.map((m) => `${at(m.file)}:${m.line ?? 1}: ${m.text}`)
          : filesOf(found).map(at);
      text = lines.length
        ? lines.join('\n')
        : tool === 'search.glob'
          ? 'No files found matching pattern'
          : 'No matches found';
    } else if (tool === 'shell' && isObject(value))
      text = [value.stdout, value.stderr].filter((x): x is string => typeof x === 'string' && x !== '').join('\n');
    else if (tool === 'file.read' && isObject(value) && isObject(value.file) && typeof value.file.content === 'string')
      text = value.file.content;
    else if (tool === 'file.write' && path !== undefined)
      text = `Successfully wrote ${Buffer.byteLength(String(input?.content ?? ''))} bytes to ${path}`;
    else if (tool === 'file.edit' && path !== undefined) text = `Successfully replaced 1 block(s) in ${path}.`;
    else text = JSON.stringify(value);
    return { content: [{ type: 'text', text }] };
  },
};
