// Pi's tool results (test/fixtures/observed/pi/payloads/, README "Payloads"): what its tool_result event carries,
// {content: [{type: "text", text}], details?, isError} — the text the model gets, nothing else:
//   bash   the output (stdout and stderr merged), no exit code; a failure ends "Command exited with code N"
//   read   the file's text          write  "Successfully wrote N bytes to <path>"
//   edit   "Successfully replaced N block(s) in <path>." with details {diff, firstChangedLine}
// Its tool_input names the file `path` (relative to the cwd or absolute) and an edit's replacements edits[{oldText,
// newText}] (tools.yaml `items`: one item is Claude Code's Edit).
import { isObject } from '../model/is-object.js';
import { claudeBash, claudeEdit, claudeRead, claudeWrite } from './claude-objects.js';
import type { ResultFormat } from './format.js';

/** The text of a result: its text parts joined; undefined for anything else. */
function textOf(resp: unknown): string | undefined {
  if (typeof resp === 'string') return resp;
  if (!isObject(resp) || !Array.isArray(resp.content)) return undefined;
  return resp.content
    .filter((p): p is { type: 'text'; text: string } => isObject(p) && p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text)
    .join('\n');
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export const piText: ResultFormat = {
  read(resp, { tool, input }) {
    const text = textOf(resp);
    if (text === undefined) return { value: resp };
    const path = str(input?.file_path) ?? str(input?.path);
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
  write({ value }, { tool, input }) {
    const path = str(input?.path) ?? str(input?.file_path);
    let text: string;
    if (typeof value === 'string') text = value;
    else if (tool === 'shell' && isObject(value))
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
