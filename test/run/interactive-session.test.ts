// Is the host agent interactive? Gemini CLI's own rule (mappings/dialects/gemini.yaml output.interactiveSession, from
// its 0.61.0 bundle: isHeadlessMode and loadCliConfig) evaluated on fake /proc trees: hook-bridge's process under
// `sh -c` (or exec'd by it) under Gemini's node process. Every headless shape must say headless — a wrong
// "interactive" relays an ask that hangs the run — and only the terminal UI says interactive, where a Claude ask then
// reaches Gemini as its top-level decision ask.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mappings } from '../../src/model/mappings.js';
import { emit } from '../../src/run/emit.js';
import { sessionIsInteractive, type ProcView } from '../../src/run/interactive-session.js';

const RULE = mappings.dialects.gemini.output!.interactiveSession!;
const SESSION = 'GEMINI_SESSION_ID=5e55';

interface Proc {
  pid: number;
  ppid: number;
  argv: string[];
  env: string[];
  fds?: Record<number, string>;
}

/** A fake /proc: each process's stat, cmdline, environ and descriptor links. */
function procTree(procs: Proc[]): string {
  const root = mkdtempSync(join(tmpdir(), 'hb-proc-'));
  for (const p of procs) {
    const dir = join(root, String(p.pid));
    mkdirSync(join(dir, 'fd'), { recursive: true });
    writeFileSync(join(dir, 'stat'), `${p.pid} (${p.argv[0]} (x)) S ${p.ppid} ${p.pid} 0 0`);
    writeFileSync(join(dir, 'cmdline'), `${p.argv.join('\0')}\0`);
    writeFileSync(join(dir, 'environ'), `${p.env.join('\0')}\0`);
    for (const [fd, target] of Object.entries(p.fds ?? {})) symlinkSync(target, join(dir, 'fd', fd));
  }
  return root;
}

const TTY = { 0: '/dev/pts/0', 1: '/dev/pts/0', 2: '/dev/pts/0' };
const GEMINI_JS = '/usr/lib/node_modules/@google/gemini-cli/bundle/gemini.js';

/** Gemini (pid 100) -> sh -c (200, with the hook's env) -> hook-bridge (300, this process). */
function session(
  argv: string[],
  fds: Record<number, string> = TTY,
  geminiEnv: string[] = ['HOME=/h'],
  shell = true,
): ProcView {
  const hookEnv = ['HOME=/h', SESSION];
  const procs: Proc[] = [
    { pid: 100, ppid: 50, argv: ['node', GEMINI_JS, ...argv], env: geminiEnv, fds },
    { pid: 300, ppid: shell ? 200 : 100, argv: ['node', 'hook-bridge', 'run'], env: hookEnv },
  ];
  if (shell) procs.push({ pid: 200, ppid: 100, argv: ['bash', '-c', 'hook-bridge run'], env: hookEnv });
  return { procRoot: procTree(procs), pid: 300, platform: 'linux', env: { GEMINI_SESSION_ID: '5e55' } };
}

describe('sessionIsInteractive (Gemini CLI 0.61.0 rule)', () => {
  it('the terminal UI: no -p, stdin and stdout a terminal -> interactive', () => {
    expect(sessionIsInteractive(RULE, session([]))).toBe(true);
    expect(sessionIsInteractive(RULE, session(['--approval-mode', 'yolo']))).toBe(true);
    expect(sessionIsInteractive(RULE, session(['-y', '-m', 'gemini-2.5-pro']))).toBe(true);
    // -i and a positional query with a terminal: the UI with a first prompt (gemini.js parseArguments).
    expect(sessionIsInteractive(RULE, session(['-i', 'fix the tests']))).toBe(true);
    expect(sessionIsInteractive(RULE, session(['--prompt-interactive', 'go']))).toBe(true);
    expect(sessionIsInteractive(RULE, session(['fix the tests']))).toBe(true);
    // sh -c exec'd hook-bridge: its parent is Gemini itself.
    expect(sessionIsInteractive(RULE, session([], TTY, ['HOME=/h'], false))).toBe(true);
  });

  it.each([
    ['-p', ['-p', 'go']],
    ['--prompt', ['--prompt', 'go']],
    ['--prompt=', ['--prompt=go']],
    ['-p in a cluster', ['-yp', 'go']],
    ['-p with its value attached', ['-pgo']],
    ['-p after -i', ['-i', 'x', '-p', 'go']],
    ['--acp (an IDE client)', ['--acp']],
    ['--experimental-acp', ['--experimental-acp']],
    ['--experimentalAcp', ['--experimentalAcp']],
  ])('headless by argv: %s', (_name, argv) => {
    expect(sessionIsInteractive(RULE, session(argv))).toBe(false);
  });

  it.each([
    ['stdin from /dev/null', { 0: '/dev/null', 1: '/dev/pts/0' }],
    ['stdin piped', { 0: 'pipe:[4242]', 1: '/dev/pts/0' }],
    ['stdout piped', { 0: '/dev/pts/0', 1: 'pipe:[4243]' }],
    ['stdout to a file', { 0: '/dev/pts/0', 1: '/tmp/out.txt' }],
    ['no descriptors readable', {}],
  ])('headless by descriptors: %s', (_name, fds) => {
    expect(sessionIsInteractive(RULE, session([], fds as Record<number, string>))).toBe(false);
  });

  it('headless under CI or GitHub Actions (isHeadlessMode), even with a terminal', () => {
    expect(sessionIsInteractive(RULE, session([], TTY, ['CI=true']))).toBe(false);
    expect(sessionIsInteractive(RULE, session([], TTY, ['GITHUB_ACTIONS=true']))).toBe(false);
    expect(sessionIsInteractive(RULE, session([], TTY, ['CI=false']))).toBe(true);
  });

  it('any doubt is headless: other systems, no hook variable, no agent ancestor, no proc tree, no rule', () => {
    const view = session([]);
    expect(sessionIsInteractive(RULE, { ...view, platform: 'darwin' })).toBe(false);
    expect(sessionIsInteractive(RULE, { ...view, env: {} })).toBe(false);
    expect(sessionIsInteractive(RULE, { ...view, procRoot: '/nonexistent-proc' })).toBe(false);
    expect(sessionIsInteractive(undefined, view)).toBe(false);
    // Every ancestor carries the hook's variable (not started by Gemini's hook runner as modelled): no agent found.
    const all: ProcView = {
      procRoot: procTree([
        { pid: 300, ppid: 200, argv: ['node'], env: [SESSION] },
        { pid: 200, ppid: 1, argv: ['bash'], env: [SESSION], fds: TTY },
      ]),
      pid: 300,
      platform: 'linux',
      env: { GEMINI_SESSION_ID: '5e55' },
    };
    expect(sessionIsInteractive(RULE, all)).toBe(false);
  });
});

describe('emit: a Claude ask on Gemini CLI', () => {
  const ctx = {
    host: 'gemini' as const,
    script: 'claude' as const,
    event: 'pre-tool-use',
    hostEvent: 'BeforeTool',
    tool: 'shell',
    hostTool: 'run_shell_command',
  };
  const ask = { decision: 'ask' as const, reason: '[safety] confirm first', context: [] };

  it('interactive -> relayed as the top-level decision ask with the reason', () => {
    const reply = emit(ask, ctx, { rewrite: 'deny', interactive: () => true });
    expect(JSON.parse(reply.stdout)).toEqual({ decision: 'ask', reason: '[safety] confirm first' });
    expect(reply.exitCode).toBe(0);
  });

  it('headless, or not said -> a deny with the reason, as before', () => {
    for (const interactive of [() => false, undefined]) {
      const reply = emit(ask, ctx, { rewrite: 'deny', ...(interactive ? { interactive } : {}) });
      expect(JSON.parse(reply.stdout)).toEqual({ decision: 'deny', reason: '[safety] confirm first' });
    }
  });

  it('--ask deny wins over an interactive session; the check is not made when nothing asks', () => {
    let asked = 0;
    const interactive = () => ++asked > 0;
    const denied = emit(ask, ctx, { rewrite: 'deny', ask: 'deny', interactive });
    expect(JSON.parse(denied.stdout).decision).toBe('deny');
    emit({ decision: 'deny', reason: 'no', context: [] }, ctx, { rewrite: 'deny', interactive });
    expect(asked).toBe(0);
  });
});
