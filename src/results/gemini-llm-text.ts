// Gemini CLI's tool_response: {llmContent, returnDisplay} (llm-text.ts; observed/gemini/payloads/AfterTool-*), with
//   shell   llmContent "<untrusted_context>\nOutput: …\n</untrusted_context>", returnDisplay the output alone, stdout
//           and stderr merged (AfterTool-run_shell_command.json); older builds send Qwen's "Command: …" text
//   glob    llmContent "Found N file(s) matching …:\n/abs/a\n/abs/b"
//   grep    returnDisplay.matches [{filePath, absolutePath, lineNumber, line}]
import { isObject } from '../model/is-object.js';
import type { Input, ResultFormat } from './format.js';
import { isLlmText, parseShellText, readLlmText, type LlmTextDialect } from './llm-text.js';

const gemini: LlmTextDialect = {
  shell: (resp) =>
    resp.llmContent.startsWith('<untrusted_context>') && typeof resp.returnDisplay === 'string'
      ? { stdout: resp.returnDisplay, stderr: '' }
      : parseShellText(resp.llmContent),
  search(resp, glob) {
    if (!isObject(resp)) return undefined;
    const d = resp.returnDisplay;
    if (!glob && isObject(d) && Array.isArray(d.matches)) {
      return {
        matches: d.matches.filter(isObject).map((m) => ({
          file: String(m.absolutePath ?? m.filePath),
          line: typeof m.lineNumber === 'number' ? m.lineNumber : undefined,
          text: String(m.line ?? ''),
        })),
      };
    }
    if (glob && typeof resp.llmContent === 'string' && /^Found \d+ file/.test(resp.llmContent))
      return { files: resp.llmContent.split('\n').slice(1).filter(Boolean) };
    return undefined; // no matches / an error: left as it is
  },
};

/** A canonical result as Gemini CLI's {llmContent, returnDisplay}, with the text and display its tools give. */
function write(value: unknown, tool: string | undefined, input: Input): unknown {
  if (isLlmText(value)) return value;
  if (tool === 'shell' && isObject(value)) {
    const out = [value.stdout, value.stderr].filter((x): x is string => typeof x === 'string' && x !== '').join('\n');
    return { llmContent: `<untrusted_context>\nOutput: ${out || '(empty)'}\n</untrusted_context>`, returnDisplay: out };
  }
  if (tool === 'file.read' && isObject(value) && isObject(value.file))
    return { llmContent: String(value.file.content ?? ''), returnDisplay: '' };
  if ((tool === 'file.write' || tool === 'file.edit') && isObject(value)) {
    const filePath = value.filePath ?? input?.file_path;
    const newContent = tool === 'file.write' ? (value.content ?? input?.content) : undefined;
    return {
      llmContent: `Successfully ${tool === 'file.write' ? 'wrote' : 'modified'} file: ${String(filePath)}`,
      returnDisplay: {
        fileName: String(filePath).split('/').pop(),
        filePath,
        originalContent: value.originalFile ?? '',
        ...(newContent !== undefined ? { newContent } : {}),
      },
    };
  }
  return { llmContent: typeof value === 'string' ? value : JSON.stringify(value), returnDisplay: '' };
}

export const geminiLlmText: ResultFormat = {
  envelope: 'llm-text',
  read: (resp, call) => readLlmText(resp, call, gemini),
  write: (c, call) => write(c.value, call.tool, call.input),
};
