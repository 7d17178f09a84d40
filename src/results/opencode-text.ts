// OpenCode's tool results (test/fixtures/observed/opencode/payloads/tool.execute.after.*.json): what its
// tool.execute.after hook gets, {title, output, metadata} — `output` the text the model gets:
//   bash   stdout and stderr merged; metadata {output, exit, truncated}
//   read   "<path>…</path>\n<type>file</type>\n<content>\n1: line one…" (numbered lines)
//   write  "Wrote file successfully."       edit  "Edit applied successfully." with metadata.diff
//   grep   "Found N matches", then per file "<absolute path>:" and its lines "  Line <n>: <text>", files apart by an
//          empty line; "No files found"; metadata {matches, truncated}
//   glob   the absolute paths found, one a line; "No files found"; metadata {count, truncated}
//   (a truncated search ends with a note in parentheses: the binary's grep and glob tools, 1.18.33; observed:
//   test/fixtures/observed/opencode/payloads/PostToolUse-{Glob,Grep}*.json)
// Its tool_input names the file `filePath`, an edit's strings oldString/newString (tools.yaml renames them).
import { isObject } from '../model/is-object.js';
import { claudeBash, claudeEdit, claudeRead, claudeWrite, searchResult } from './claude-objects.js';
import type { Call, ResultFormat } from './format.js';
import { filesOf, isSearch, type Found, type Match } from './search.js';
import { asString } from '../model/strings.js';

/** A read's numbered lines back as the file's text. */
function fileText(output: string): string {
  const body = /<content>\n([\s\S]*?)(?:\n<\/content>|$)/.exec(output)?.[1] ?? output;
  return body
    .split('\n')
    .map((l) => l.replace(/^\d+: ?/, ''))
    .join('\n');
}

/** A grep or glob output in the neutral form (its paths are absolute already). */
function readSearch(text: string, call: Call): Found {
  const lines = text.split('\n').filter((l) => l.trim() && !/^\(Results (are )?truncated/.test(l));
  if (lines[0] === 'No files found') return call.tool === 'search.glob' ? { files: [] } : { matches: [] };
  if (call.tool === 'search.glob') return { files: lines };
  const matches: Match[] = [];
  let file = '';
  for (const l of lines.slice(1)) {
    const m = /^ {2}Line (\d+): (.*)$/.exec(l);
    if (m) matches.push({ file, line: Number(m[1]), text: m[2]! });
    else if (l.endsWith(':')) file = l.slice(0, -1);
  }
  return { matches };
}

export const opencodeText: ResultFormat = {
  read(resp, call) {
    const { tool, input } = call;
    if (!isObject(resp) || typeof resp.output !== 'string') return { value: resp };
    const text = resp.output;
    if (isSearch(tool)) return searchResult(readSearch(text, call), text, call);
    const path = asString(input?.filePath) ?? asString(input?.file_path);
    if (tool === 'shell') return { value: claudeBash(text.replace(/\n$/, '')) };
    if (tool === 'file.read') return { value: claudeRead(path, fileText(text)) };
    if (tool === 'file.write') {
      const existed = isObject(resp.metadata) && resp.metadata.exists === true;
      return { value: claudeWrite(path, input?.content ?? '', null, !existed) };
    }
    if (tool === 'file.edit')
      return {
        value: claudeEdit(
          path,
          {
            old_string: input?.oldString ?? input?.old_string,
            new_string: input?.newString ?? input?.new_string,
            replace_all: input?.replaceAll ?? input?.replace_all,
          },
          '',
        ),
      };
    return { value: text };
  },
  /** Its own shape, with the text OpenCode writes for the same result. */
  write({ value, found }, { tool }) {
    let output: string;
    if (typeof value === 'string') output = value;
    else if (found && isSearch(tool)) {
      const byFile = new Map<string, Match[]>();
      for (const m of found.matches ?? []) byFile.set(m.file, [...(byFile.get(m.file) ?? []), m]);
      output =
        tool === 'search.grep' && found.matches
          ? found.matches.length
            ? `Found ${found.matches.length} matches\n` +
              [...byFile]
                .map(([f, ms]) => [`${f}:`, ...ms.map((m) => `  Line ${m.line ?? 1}: ${m.text}`)].join('\n'))
                .join('\n\n')
            : 'No files found'
          : filesOf(found).join('\n') || 'No files found';
    } else if (tool === 'shell' && isObject(value))
      output = [value.stdout, value.stderr].filter((x): x is string => typeof x === 'string' && x !== '').join('\n');
    else if (tool === 'file.read' && isObject(value) && isObject(value.file) && typeof value.file.content === 'string')
      output = value.file.content;
    else if (tool === 'file.write') output = 'Wrote file successfully.';
    else if (tool === 'file.edit') output = 'Edit applied successfully.';
    else output = JSON.stringify(value);
    return { title: '', output, metadata: {} };
  },
};
