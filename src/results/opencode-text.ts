// OpenCode's tool results (test/fixtures/observed/opencode/payloads/tool.execute.after.*.json): what its
// tool.execute.after hook gets, {title, output, metadata} — `output` the text the model gets:
//   bash   stdout and stderr merged; metadata {output, exit, truncated}
//   read   "<path>…</path>\n<type>file</type>\n<content>\n1: line one…" (numbered lines)
//   write  "Wrote file successfully."       edit  "Edit applied successfully." with metadata.diff
// Its tool_input names the file `filePath`, an edit's strings oldString/newString (tools.yaml renames them).
import { isObject } from '../model/is-object.js';
import { claudeBash, claudeEdit, claudeRead, claudeWrite } from './claude-objects.js';
import type { ResultFormat } from './format.js';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** A read's numbered lines back as the file's text. */
function fileText(output: string): string {
  const body = /<content>\n([\s\S]*?)(?:\n<\/content>|$)/.exec(output)?.[1] ?? output;
  return body
    .split('\n')
    .map((l) => l.replace(/^\d+: ?/, ''))
    .join('\n');
}

export const opencodeText: ResultFormat = {
  read(resp, { tool, input }) {
    if (!isObject(resp) || typeof resp.output !== 'string') return { value: resp };
    const text = resp.output;
    const path = str(input?.filePath) ?? str(input?.file_path);
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
  write({ value }, { tool }) {
    let output: string;
    if (typeof value === 'string') output = value;
    else if (tool === 'shell' && isObject(value))
      output = [value.stdout, value.stderr].filter((x): x is string => typeof x === 'string' && x !== '').join('\n');
    else if (tool === 'file.read' && isObject(value) && isObject(value.file) && typeof value.file.content === 'string')
      output = value.file.content;
    else if (tool === 'file.write') output = 'Wrote file successfully.';
    else if (tool === 'file.edit') output = 'Edit applied successfully.';
    else output = JSON.stringify(value);
    return { title: '', output, metadata: {} };
  },
};
