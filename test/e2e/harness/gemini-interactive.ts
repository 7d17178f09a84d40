// Drives Gemini CLI in an INTERACTIVE session against the Gemini-API mock, its terminal UI in a pseudo-terminal,
// the prompt given with --prompt-interactive:
// - runGeminiInteractive: under util-linux `script`, nobody at the keys. For what fires only when a person could
//   answer: a tool that needs confirmation fires Notification (notification_type ToolPermission) before it waits,
//   while headless (-p) --approval-mode default offers no such tool at all (observed: "Tool run_shell_command not
//   found"). Nobody answers the confirmation: the session waits until the harness kills it at `timeoutMs`.
// - runGeminiTui: in a tmux screen the test reads and answers (harness/tmux.ts); it returns once the test kills it.
import { join } from 'node:path';
import { shellQuote } from '../../../src/dialects/wrapper.js';
import { ensureAgent } from './install.js';
import { GEMINI_USER_SETTINGS, PERMISSION_ARGS, geminiEnv } from './gemini.js';
import { runWithGeminiMock } from './gemini-mock.js';
import type { TmuxScreen } from './tmux.js';
import type { AgentRun, AgentRunResult } from './types.js';
import { writeJson } from './util.js';

/**
 * Gemini CLI's argv for its terminal UI: `--approval-mode default` unless the run chooses a mode; the prompt given
 * with --prompt-interactive unless the person is to type it (`typed`).
 */
function interactiveArgv(run: AgentRun, typed = false): string[] {
  const entry = ensureAgent('gemini');
  writeJson(join(run.homeDir, '.gemini/settings.json'), GEMINI_USER_SETTINGS);
  const extra = run.args ?? [];
  return [
    process.execPath,
    entry,
    ...(typed ? [] : ['--prompt-interactive', run.prompt ?? 'go']),
    '--model',
    'gemini-2.5-flash',
    ...(extra.some((a) => PERMISSION_ARGS.test(a)) ? [] : ['--approval-mode', 'default']),
    ...extra,
  ];
}

export async function runGeminiInteractive(run: AgentRun): Promise<AgentRunResult> {
  const command = interactiveArgv(run).map(shellQuote).join(' ');
  return runWithGeminiMock({ timeoutMs: 30_000, ...run }, (mock) => ({
    command: 'script',
    args: ['-qfec', command, '/dev/null'],
    env: { ...geminiEnv(run, mock.baseUrl), TERM: 'xterm-256color', COLUMNS: '120', LINES: '40', ...(run.env ?? {}) },
  }));
}

/**
 * Gemini CLI's terminal UI in `screen` until the test kills it (or `timeoutMs`, default 180 s). `typed`: started as
 * plain `gemini`, the test types the prompt.
 */
export async function runGeminiTui(run: AgentRun, screen: TmuxScreen, typed = false): Promise<AgentRunResult> {
  const [command, ...args] = interactiveArgv(run, typed);
  return runWithGeminiMock({ timeoutMs: 180_000, ...run }, (mock) =>
    screen.launch(
      { command: command!, args, env: { ...geminiEnv(run, mock.baseUrl), ...(run.env ?? {}) } },
      run.projectDir,
    ),
  );
}
