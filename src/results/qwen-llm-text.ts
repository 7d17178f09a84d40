// Qwen Code's tool_response: {llmContent, returnDisplay} (llm-text.ts), with
//   shell        llmContent "Command: …\nDirectory: …\nOutput: …\nError: …\nExit Code: …"
// (qwen/payloads/PostToolUse-run_shell_command.json)
//   glob, grep   llmContent "Found …:\n---\n<one line per file or match>"; grep_search's matches either as
// "/abs:1:text"
//                lines (ground-truth capture) or as "File: rel\nL1: text" blocks between "---" lines (seen in the
//                end-to-end suite, test/e2e: post-grep-result)
// A Qwen script gets the canonical (Claude) shapes: no writer of Qwen's text yet.
import type { ResultFormat } from './format.js';
import { isLlmText, parseShellText, readLlmText, type LlmTextDialect } from './llm-text.js';
import { parseMatch, type Match } from './search.js';

/** grep_search's lines: "path:1:text", or "File: path" followed by "L1: text" lines, blocks ended by "---". */
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

const qwen: LlmTextDialect = {
  shell: (resp) => parseShellText(resp.llmContent),
  search(resp, glob) {
    if (!isLlmText(resp)) return undefined;
    const sep = resp.llmContent.indexOf('\n---\n');
    if (sep < 0) return undefined; // a shape not observed (no results, an error): left as it is
    const lines = resp.llmContent
      .slice(sep + 5)
      .split('\n')
      .filter(Boolean);
    return glob ? { files: lines } : { matches: qwenMatches(lines) };
  },
};

export const qwenLlmText: ResultFormat = {
  envelope: 'llm-text',
  read: (resp, call) => readLlmText(resp, call, qwen),
  write: (c) => c.value,
};
