// The {llmContent, returnDisplay} tool_response Qwen Code and Gemini CLI send (Qwen Code is a fork of Gemini CLI;
// tools.yaml `response: llm-text`): llmContent is the text the model got, returnDisplay what the user was shown (for
// a file change, an object with the file's path and its text before and after). What the two agents share is read
// here; qwen-llm-text.ts and gemini-llm-text.ts declare where they differ (the shell's text, Glob and Grep).
import { isObject } from '../model/is-object.js';
import { claudeBash, claudeEdit, claudeRead, claudeWrite, searchResult } from './claude-objects.js';
import type { Call, Canonical, Input } from './format.js';
import { isSearch, type Found } from './search.js';

export type LlmText = Record<string, unknown> & { llmContent: string };
export const isLlmText = (resp: unknown): resp is LlmText => isObject(resp) && typeof resp.llmContent === 'string';

/** The shell's text in its "Command: …\nDirectory: …\nOutput: …\nError: …\nExit Code: …" form (Qwen Code's).
 */
export function parseShellText(text: string): { stdout: string; stderr: string } {
  const field = (name: string, next: string) =>
    new RegExp(`(?:^|\\n)${name}: ([\\s\\S]*?)(?=\\n${next}: |$)`).exec(text)?.[1];
  const out = field('Output', 'Error') ?? '';
  const err = field('Error', 'Exit Code') ?? '';
  return { stdout: out === '(empty)' ? '' : out, stderr: err === '(none)' ? '' : err };
}

/** Where the two agents differ: the shell's output, and their Glob/Grep results in the neutral form. */
export interface LlmTextDialect {
  shell(resp: LlmText): { stdout: string; stderr: string };
  search(resp: unknown, glob: boolean, input: Input): Found | undefined;
}

/**
 * An llm-text result in canonical form: Claude's shapes where the text or the display carries them (a shell's output,
 * a file change's display, a read file's text), else the text itself.
 */
export function readLlmText(resp: unknown, call: Call, d: LlmTextDialect): Canonical {
  const { tool, input } = call;
  const found = isSearch(tool) ? d.search(resp, tool === 'search.glob', input) : undefined;
  if (!isLlmText(resp)) return found ? searchResult(found, resp, call) : { value: resp };
  if (found) return searchResult(found, resp.llmContent, call);
  if (tool === 'shell') {
    const { stdout, stderr } = d.shell(resp);
    return { value: claudeBash(stdout, stderr) };
  }
  const display = resp.returnDisplay;
  if (tool === 'file.edit' && isObject(display) && typeof display.filePath === 'string')
    return { value: claudeEdit(display.filePath, input, display.originalContent ?? '') };
  if (tool === 'file.write' && isObject(display) && typeof display.filePath === 'string')
    return { value: claudeWrite(display.filePath, display.newContent ?? '', display.originalContent) };
  // read_file's text is the file's (qwen/payloads/PostToolUse-read_file.json).
  if (tool === 'file.read') return { value: claudeRead(input?.file_path, resp.llmContent) };
  return { value: resp.llmContent };
}
