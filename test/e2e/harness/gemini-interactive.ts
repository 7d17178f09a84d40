// Drives Gemini CLI in an INTERACTIVE session against the Gemini-API mock: its terminal UI in a pseudo-terminal
// (util-linux `script`), the prompt given with --prompt-interactive. For what fires only when a person could
// answer: a tool that needs confirmation fires Notification (notification_type ToolPermission) before it waits,
// while headless (-p) --approval-mode default offers no such tool at all (observed: "Tool run_shell_command not
// found"). Nobody answers the confirmation: the session waits until the harness kills it at `timeoutMs`.
import { join } from 'node:path';
import { shellQuote } from '../../../src/dialects/wrapper.js';
import { ensureAgent } from './install.js';
import { GEMINI_USER_SETTINGS, geminiEnv } from './gemini.js';
import { runWithGeminiMock } from './gemini-mock.js';
import type { AgentRun, AgentRunResult } from './types.js';
import { writeJson } from './util.js';

export async function runGeminiInteractive(run: AgentRun): Promise<AgentRunResult> {
  const entry = ensureAgent('gemini');
  writeJson(join(run.homeDir, '.gemini/settings.json'), GEMINI_USER_SETTINGS);
  const argv = [
    process.execPath,
    entry,
    '--prompt-interactive',
    run.prompt ?? 'go',
    '--model',
    'gemini-2.5-flash',
    '--approval-mode',
    'default',
    ...(run.args ?? []),
  ];
  const command = argv.map(shellQuote).join(' ');
  return runWithGeminiMock({ timeoutMs: 30_000, ...run }, (mock) => ({
    command: 'script',
    args: ['-qfec', command, '/dev/null'],
    env: { ...geminiEnv(run, mock.baseUrl), TERM: 'xterm-256color', COLUMNS: '120', LINES: '40', ...(run.env ?? {}) },
  }));
}
