// The way most people run the agents: their terminal UI, driven in tmux (harness/tmux.ts), offline against the
// scripted mock model. A project's Claude PreToolUse guard on Bash, converted by hook-bridge, answers `ask` or `deny`
// with a reason; what the screen shows and what a keypress does there (docs/observations.md, "Interactive
// terminals"). One agent at a time: each test kills its tmux server in afterEach.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLAUDE_FIRST_RUN, runClaudeTui } from './harness/claude.js';
import { runGemini } from './harness/gemini.js';
import { runGeminiTui } from './harness/gemini-interactive.js';
import { runQwenTui } from './harness/qwen.js';
import { TmuxScreen, tmuxMissing } from './harness/tmux.js';
import { makeWorkspace, type TempWorkspace } from './harness/util.js';
import { HOSTS, installConfig } from './scenarios/hosts.js';

/** Why these tests cannot run here (no tmux), shown in their titles when they are skipped. */
const NO_TMUX = tmuxMissing();
const title = (t: string) => (NO_TMUX ? `${t} [skipped: ${NO_TMUX}]` : t);

let screen: TmuxScreen | undefined;
const workspaces: TempWorkspace[] = [];
afterEach(() => {
  screen?.kill();
  screen = undefined;
  for (const w of workspaces.splice(0)) w.cleanup();
});

const REASON = '[safety] this command affects shared systems; confirm first (GUARD-7)';
const guard = (decision: string) =>
  `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"${decision}",` +
  `"permissionDecisionReason":"${REASON}"}}'`;

function project(decision: string) {
  const ws = makeWorkspace('hb-e2e-tui-');
  workspaces.push(ws);
  const dir = ws.projectDir;
  mkdirSync(join(dir, '.claude/hooks'), { recursive: true });
  writeFileSync(
    join(dir, '.claude/hooks/guard.sh'),
    `#!/bin/sh\ncat >/dev/null\necho fired >> "$CLAUDE_PROJECT_DIR/hook.log"\n${guard(decision)}\n`,
    { mode: 0o755 },
  );
  const group = {
    matcher: 'Bash',
    hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' }],
  };
  writeFileSync(join(dir, '.claude/settings.json'), JSON.stringify({ hooks: { PreToolUse: [group] } }, null, 2));
  return { ws, dir };
}

const SHELL_STEP = {
  tool: 'run_shell_command',
  args: { command: 'echo deploying > deploy.txt', description: 'deploy' },
};
const YOLO = ['--approval-mode', 'yolo'];

/** Waits until `path` exists (the command ran); false after `timeoutMs`. */
async function fileAppears(path: string, timeoutMs = 30_000): Promise<boolean> {
  for (const until = Date.now() + timeoutMs; Date.now() < until; ) {
    if (existsSync(path)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return existsSync(path);
}

const hookRuns = (dir: string) =>
  existsSync(join(dir, 'hook.log'))
    ? readFileSync(join(dir, 'hook.log'), 'utf8').split('\n').filter(Boolean).length
    : 0;

/** A project with the guard converted for Gemini CLI, plus `settings` merged into its .gemini/settings.json. */
function geminiProject(decision: string, settings: Record<string, unknown> = {}) {
  const p = project(decision);
  installConfig(p.dir, HOSTS.gemini, 'bridged');
  const file = join(p.dir, '.gemini/settings.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), ...settings }, null, 2));
  return p;
}

// The same project headless: no terminal, so the relay stays off (needs no tmux).
describe('Gemini CLI headless: the same converted guard', () => {
  it('ask under `gemini -p` (headless, nobody to answer): denied with the reason, never a hang', async () => {
    const { ws, dir } = geminiProject('ask');
    const r = await HOSTS.gemini.run({ projectDir: dir, homeDir: ws.homeDir, steps: [SHELL_STEP], timeoutMs: 90_000 });
    expect(r.durationMs).toBeLessThan(90_000);
    expect(r.exitCode, r.stderr.slice(-800)).toBe(0);
    expect(r.toolResults.join('\n')).toContain(`Tool execution blocked: ${REASON}`);
    expect(existsSync(join(dir, 'deploy.txt'))).toBe(false);
  });
});

describe.skipIf(NO_TMUX)(title('Gemini CLI terminal UI (YOLO): a Claude guard converted by hook-bridge'), () => {
  it('ask: Gemini\'s own confirmation, not a block; "Allow once" runs the command', async () => {
    const { ws, dir } = geminiProject('ask');
    screen = new TmuxScreen();
    // Started as people start it, plain `gemini`, the prompt typed into its input box.
    const run = runGeminiTui({ projectDir: dir, homeDir: ws.homeDir, args: YOLO, steps: [SHELL_STEP] }, screen, true);
    await screen.waitFor('Type your message');
    await screen.submit('go');
    const asked = await screen.waitFor(/Allow execution of \[Shell\]\?|Tool execution blocked|✦ done/);
    expect(asked).toContain('Allow execution of [Shell]?');
    expect(asked).toContain('1. Allow once');
    // Observed: Gemini shows no reason with a hook's ask (its own hooks' too, interactive.md).
    expect(asked).not.toContain('GUARD-7');
    expect(existsSync(join(dir, 'deploy.txt'))).toBe(false);
    screen.keys('Enter'); // "1. Allow once" is selected
    expect(await fileAppears(join(dir, 'deploy.txt'))).toBe(true);
    expect(await screen.waitFor('✦ done')).toMatch(/✓\s+Shell echo deploying > deploy\.txt/);
    screen.kill();
    const r = await run;
    expect(r.toolResults.join('\n')).not.toContain('GUARD-7');
    expect(hookRuns(dir)).toBe(1);
  });

  it('ask answered "No": the command does not run', async () => {
    const { ws, dir } = geminiProject('ask');
    screen = new TmuxScreen();
    const run = runGeminiTui({ projectDir: dir, homeDir: ws.homeDir, args: YOLO, steps: [SHELL_STEP] }, screen);
    await screen.waitFor('Allow execution of [Shell]?');
    screen.keys('Escape'); // "3. No, suggest changes (esc)"
    const after = await screen.waitFor('Request cancelled.');
    screen.kill();
    await run;
    expect(existsSync(join(dir, 'deploy.txt')), after).toBe(false);
  });

  it('`gemini -p` started in the terminal (a TTY on stdin and stdout): still headless by its argv, denied, ends', async () => {
    const { ws, dir } = geminiProject('ask');
    screen = new TmuxScreen();
    const s = screen;
    const run = runGemini(
      { projectDir: dir, homeDir: ws.homeDir, steps: [SHELL_STEP], args: ['--output-format', 'text'] },
      (l) => s.launch(l, dir),
    );
    const status = await s.waitForExit(90_000);
    const ended = s.capture();
    s.kill();
    const r = await run;
    expect(status, ended).toBe(0);
    expect(r.toolResults, ended).toEqual([`Tool execution blocked: ${REASON}`]);
    expect(ended).toContain(`Error executing tool run_shell_command: Tool execution blocked: ${REASON}`);
    expect(existsSync(join(dir, 'deploy.txt'))).toBe(false);
  });

  it('deny: by default the screen shows no trace of the call (ui.errorVerbosity "low"); the model gets the reason', async () => {
    const { ws, dir } = geminiProject('deny');
    screen = new TmuxScreen();
    const run = runGeminiTui({ projectDir: dir, homeDir: ws.homeDir, args: YOLO, steps: [SHELL_STEP] }, screen);
    const shown = await screen.waitFor('✦ done');
    screen.kill();
    const r = await run;
    expect(r.toolResults).toEqual([`Tool execution blocked: ${REASON}`]);
    expect(shown).not.toContain('GUARD-7');
    expect(shown).not.toContain('Shell echo deploying');
    expect(existsSync(join(dir, 'deploy.txt'))).toBe(false);
  });

  it('deny with ui.errorVerbosity "full": the screen shows "Tool execution blocked: <reason>"', async () => {
    const { ws, dir } = geminiProject('deny', { ui: { errorVerbosity: 'full' } });
    screen = new TmuxScreen();
    const run = runGeminiTui({ projectDir: dir, homeDir: ws.homeDir, args: YOLO, steps: [SHELL_STEP] }, screen);
    const shown = await screen.waitFor('✦ done');
    screen.kill();
    await run;
    expect(shown.replace(/[│\s]+/g, ' ')).toContain(`Tool execution blocked: ${REASON}`);
    expect(existsSync(join(dir, 'deploy.txt'))).toBe(false);
  });
});

/** Claude Code's terminal UI on the project with the guard as it is (its own hooks), in a new screen. */
function claudeTui(decision: string) {
  const { ws, dir } = project(decision);
  const s = new TmuxScreen();
  screen = s;
  const step = { tool: 'Bash', args: { command: 'echo deploying > deploy.txt', description: 'deploy' } };
  return { s, dir, run: runClaudeTui({ projectDir: dir, homeDir: ws.homeDir, steps: [step] }, s) };
}

describe.skipIf(NO_TMUX)(title('beside it: Qwen Code (converted) and Claude Code (the guard as it is)'), () => {
  it('Qwen Code terminal UI (YOLO), converted ask: Qwen\'s confirmation with the hook\'s reason; "Yes" runs it', async () => {
    const { ws, dir } = project('ask');
    installConfig(dir, HOSTS.qwen, 'bridged');
    screen = new TmuxScreen();
    const run = runQwenTui({ projectDir: dir, homeDir: ws.homeDir, steps: [SHELL_STEP] }, screen);
    const asked = await screen.waitFor(/Do you want to proceed\?|blocked/, 90_000);
    expect(asked).toMatch(/\? Shell echo deploying > deploy\.txt/);
    expect(asked).toContain(REASON);
    expect(asked).toContain('1. Yes, allow once');
    expect(
      screen.history.some((s) => s.includes('YOLO mode')),
      'the session runs in YOLO mode',
    ).toBe(true);
    expect(existsSync(join(dir, 'deploy.txt'))).toBe(false);
    screen.keys('Enter');
    expect(await fileAppears(join(dir, 'deploy.txt'))).toBe(true);
    screen.kill();
    await run;
  });

  it('Claude Code terminal UI (bypass permissions), the guard itself: the reference confirmation', async () => {
    const { s: screen, dir, run } = claudeTui('ask');
    const asked = await screen.waitFor('Do you want to proceed?', 90_000, CLAUDE_FIRST_RUN);
    expect(asked).toContain('Hook PreToolUse:Bash requires confirmation for this command:');
    expect(asked).toContain(REASON);
    expect(
      screen.history.some((s) => s.includes('bypass permissions on')),
      'bypass mode',
    ).toBe(true);
    expect(existsSync(join(dir, 'deploy.txt'))).toBe(false);
    screen.keys('Enter'); // "1. Yes"
    expect(await fileAppears(join(dir, 'deploy.txt'))).toBe(true);
    screen.kill();
    await run;
  });

  it("Qwen Code terminal UI (YOLO), converted deny: the call marked failed with the hook's reason", async () => {
    const { ws, dir } = project('deny');
    installConfig(dir, HOSTS.qwen, 'bridged');
    screen = new TmuxScreen();
    const run = runQwenTui({ projectDir: dir, homeDir: ws.homeDir, steps: [SHELL_STEP] }, screen);
    const shown = await screen.waitFor(REASON, 90_000);
    expect(shown).toMatch(/x Shell \{"command":"echo deploying > deploy\.txt"/);
    screen.kill();
    await run;
    expect(existsSync(join(dir, 'deploy.txt'))).toBe(false);
  });

  it('Claude Code terminal UI (bypass permissions), its own guard\'s deny: "Not run · permission denied" with the reason', async () => {
    const { s: screen, dir, run } = claudeTui('deny');
    const shown = await screen.waitFor('Not run · permission denied', 90_000, CLAUDE_FIRST_RUN);
    expect(shown).toContain(`Reason: PreToolUse:Bash hook error: ${REASON}`);
    screen.kill();
    await run;
    expect(existsSync(join(dir, 'deploy.txt'))).toBe(false);
  });
});
