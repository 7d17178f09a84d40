// `hook-bridge run` typed at a shell (issue 21): no host payload on stdin — a terminal, /dev/null or nothing —
// so a broken command line is a usage error, exit 2, on stderr. Called by a host (a payload on stdin), the same
// broken line is hook-bridge's own failure and follows the event's rules (test/run/robustness.test.ts): it
// never locks an agent out.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, runCli } from './cli.js';

/** run with stdin from /dev/null (a character device, as a terminal is): no host is calling. */
function atShell(args: string[], command = 'run'): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res, rej) => {
    const c = spawn(process.execPath, [BIN, command, ...args], {
      env: cleanEnv(),
      stdio: [openSync('/dev/null', 'r'), 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    c.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    c.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    c.on('error', rej);
    c.on('close', (code) => res({ code, stdout, stderr }));
  });
}

describe('run without a host: a usage error, exit 2', () => {
  it.each([
    ['no arguments at all', [], '--from and --to are required'],
    [
      'no command',
      ['--from', 'claude', '--to', 'qwen'],
      "a command is required: -c '<command>' or -- <command> [args...]",
    ],
    ['an unknown option', ['--from', 'claude', '--to', 'qwen', '--frob'], 'unknown option "--frob"'],
  ])(
    '%s, stdin a character device: exit 2, the message and the usage on stderr, nothing on stdout',
    async (_n, args, message) => {
      const r = await atShell(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')[0]).toBe(`hook-bridge run: ${message}`);
      expect(r.stderr).toContain('usage: hook-bridge run --from <script-dialect> --to <host-dialect>');
    },
  );
  it('an empty stdin (a pipe that carries no payload) is no host either: exit 2', async () => {
    const r = await runCli(['--from', 'claude', '--to', 'qwen'], '', cleanEnv());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^hook-bridge run: a command is required/);
  });
  it('dispatch typed at a shell without its arguments: exit 2 too', async () => {
    const r = await atShell([], 'dispatch');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^hook-bridge dispatch: --to and --config are required/);
  });
});

describe('the same broken line called by a host keeps the own-failure rules', () => {
  const payload = (event: string) =>
    JSON.stringify({
      session_id: 's',
      hook_event_name: event,
      tool_name: 'run_shell_command',
      tool_input: { command: 'ls' },
    });
  it('a non-blocking event (PostToolUse): exit 0, the agent goes on', async () => {
    const r = await runCli(['--from', 'claude', '--to', 'qwen'], payload('PostToolUse'), cleanEnv());
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^hook-bridge run: a command is required/);
  });
  it('a blocking event (PreToolUse): fails closed (exit 2), unless --on-error allow', async () => {
    expect((await runCli(['--from', 'claude', '--to', 'qwen'], payload('PreToolUse'), cleanEnv())).code).toBe(2);
    expect(
      (await runCli(['--from', 'claude', '--to', 'qwen', '--on-error', 'allow'], payload('PreToolUse'), cleanEnv()))
        .code,
    ).toBe(0);
  });
});
