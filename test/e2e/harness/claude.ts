// Driver for the real Claude Code CLI (native build, pinned in install.ts), run headless against the
// scripted Anthropic mock (or its terminal UI in tmux: runClaudeTui).
// Hooks come from `<projectDir>/.claude/settings.json`, written by the caller.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureAgent } from './install.js';
import { startAnthropicMock, requestText, toolResultsOf } from './anthropic-mock.js';
import type { AgentLaunch } from './openai-mock.js';
import type { ScreenAnswer, TmuxScreen } from './tmux.js';
import type { AgentRun, AgentRunResult, RecordedRequest } from './types.js';
import { baseEnv, runProcess, runResult, writeJson } from './util.js';

/**
 * The executable to run. `bin/claude.exe` is a native binary (run it directly, not with node) that
 * the package's postinstall (`install.cjs`) copies/links from the optional dependency
 * `@anthropic-ai/claude-code-<platform>`. If the postinstall did not run (`--ignore-scripts`), it
 * is a tiny placeholder stub: then run the platform package's binary directly.
 */
function claudeExecutable(entry: string = ensureAgent('claude')): string {
  try {
    if (statSync(entry).size > 64 * 1024) return entry;
  } catch {
    /* missing: try the platform package */
  }
  const scope = join(entry, '..', '..', '..'); // node_modules/@anthropic-ai
  const os = process.platform === 'win32' ? 'win32' : process.platform;
  const bin = process.platform === 'win32' ? 'claude.exe' : 'claude';
  for (const key of [`${os}-${process.arch}`, `${os}-${process.arch}-musl`]) {
    const p = join(scope, `claude-code-${key}`, bin);
    if (existsSync(p)) return p;
  }
  throw new Error(
    `${entry} is not the native Claude Code binary and no @anthropic-ai/claude-code-<platform> package was found`,
  );
}

/** Environment that makes Claude Code run headless, offline and isolated against the mock. */
function claudeEnv(mockUrl: string, homeDir: string, extra?: Record<string, string>): Record<string, string> {
  const env = baseEnv(); // drops the developer's own ANTHROPIC_*/CLAUDE_* settings
  Object.assign(env, {
    HOME: homeDir,
    XDG_CONFIG_HOME: join(homeDir, '.config'),
    XDG_CACHE_HOME: join(homeDir, '.cache'),
    XDG_DATA_HOME: join(homeDir, '.local', 'share'),
    XDG_STATE_HOME: join(homeDir, '.local', 'state'),
    ANTHROPIC_BASE_URL: mockUrl,
    ANTHROPIC_API_KEY: 'sk-ant-e2e-mock',
    // No telemetry, update checks, feedback surveys, model/settings fetches to anthropic.com.
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    // bypassPermissions / --dangerously-skip-permissions refuse to run as root unless sandboxed.
    IS_SANDBOX: '1',
  });
  if (existsSync('/bin/bash')) env.SHELL = '/bin/bash';
  return Object.assign(env, extra ?? {});
}

const hasPermissionFlag = (args: string[]) =>
  args.some(
    (a) => a === '--dangerously-skip-permissions' || a === '--permission-mode' || a.startsWith('--permission-mode='),
  );

/**
 * Claude Code with the args `argsFor(prompt, extra)` against a fresh mock model server, launched as `launch` makes
 * it (headless: as it is) with the run's timeout or `timeoutMs`.
 */
async function runClaudeWith(
  run: AgentRun,
  argsFor: (prompt: string, extra: string[]) => string[],
  launch: (l: AgentLaunch) => AgentLaunch,
  timeoutMs: number,
): Promise<AgentRunResult> {
  const prompt = run.prompt ?? 'go';
  const mock = await startAnthropicMock(run.steps, { prompt });
  try {
    // Skips the first-run onboarding; `-p` shows no trust dialog (the terminal UI does).
    const cfg = join(run.homeDir, '.claude.json');
    if (!existsSync(cfg)) writeJson(cfg, { hasCompletedOnboarding: true });
    const extra = run.args ?? [];
    const permission = hasPermissionFlag(extra) ? [] : ['--permission-mode', 'bypassPermissions'];
    const l = launch({
      command: claudeExecutable(),
      args: [...argsFor(prompt, permission), ...extra],
      env: claudeEnv(mock.url, run.homeDir, run.env),
    });
    const r = await runProcess(l.command, l.args, {
      cwd: run.projectDir,
      env: l.env,
      timeoutMs: run.timeoutMs ?? timeoutMs,
    });
    const requests: RecordedRequest[] = mock.mainRequests();
    // Every tool_result the model was sent, by first appearance; a later request's copy of the same
    // tool_use_id wins (the history is resent whole, so normally they are identical).
    const results = new Map<string, string>();
    for (const q of requests) for (const t of toolResultsOf(q.body)) results.set(t.id, t.text);
    return runResult(r, requests, [...results.values()], requestText);
  } finally {
    await mock.close();
  }
}

/** Runs Claude Code once (`-p`, stream-json) with a fresh mock model server. */
export const runClaude = (run: AgentRun): Promise<AgentRunResult> =>
  runClaudeWith(
    run,
    (prompt, permission) => ['-p', prompt, '--output-format', 'stream-json', '--verbose', ...permission],
    (l) => l,
    120_000,
  );

/** Claude Code's first-run questions in its terminal UI, answered as a person who trusts the project would. */
export const CLAUDE_FIRST_RUN: ScreenAnswer[] = [
  { when: 'Yes, I trust this folder', select: 'Yes, I trust this folder' },
  { when: 'Do you want to use this API key?', select: 'Yes' },
  { when: 'Yes, I accept', select: 'Yes, I accept' },
];

/**
 * Claude Code's terminal UI with the prompt as its first message, in `screen`, until the test kills it (or
 * `timeoutMs`, default 180 s). Its first-run questions (trust the folder, use the API key, accept bypass mode) are
 * left on screen for the test to answer as a person would (CLAUDE_FIRST_RUN).
 */
export const runClaudeTui = (run: AgentRun, screen: TmuxScreen): Promise<AgentRunResult> =>
  runClaudeWith(
    run,
    (_prompt, permission) => permission,
    (l) => screen.launch({ ...l, args: [...l.args, run.prompt ?? 'go'] }, run.projectDir),
    180_000,
  );
