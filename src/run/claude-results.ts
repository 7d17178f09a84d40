// Claude Code's tool_response shapes, built where a host's result carries the information
// (test/fixtures/ground-truth/claude/payloads/PostToolUse-{Read,Edit,Write-*,Bash}.json).
export const claudeRead = (filePath: unknown, content: string) => {
  const lines = content.split('\n').length;
  return { type: 'text', file: { filePath, content, numLines: lines, startLine: 1, totalLines: lines } };
};
export const claudeEdit = (filePath: unknown, input: Record<string, unknown> | undefined, originalFile: unknown) => ({
  filePath, oldString: input?.old_string ?? '', newString: input?.new_string ?? '', originalFile, structuredPatch: [], userModified: false, replaceAll: input?.replace_all === true,
});
export const claudeWrite = (filePath: unknown, content: unknown, originalFile: unknown, created = !originalFile) => ({ type: created ? 'create' : 'update', filePath, content, structuredPatch: [], originalFile: originalFile || null, userModified: false });
/** Claude's Bash result: stdout and stderr arrive merged in stdout, without the final newline (PostToolUse-Bash.json). */
export const claudeBash = (output: string) => ({ stdout: output.replace(/\n$/, ''), stderr: '', interrupted: false, isImage: false, noOutputExpected: false });
