// Real hook scripts (bash+jq, python3, node) written for Claude Code, run on each host through the built CLI
// (`node bin/hook-bridge.cjs run --from claude --to <host> -c …`) with the host's payload on stdin.
// Each test asserts the host-side reply that makes the host reach the decision Claude Code would have reached.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { runCli, runCliTimed } from './cli.js';
import { describe, it } from 'vitest';
import { shellQuote } from '../../src/dialects/wrapper.js';

const GT = resolve(import.meta.dirname, '../fixtures/ground-truth');
const S = (name: string) => shellQuote(join(import.meta.dirname, 'scripts', name));
type Obj = Record<string, any>;
type Host = 'qwen' | 'codebuddy' | 'codebuddy-ide';
const HOSTS: Host[] = ['qwen', 'codebuddy', 'codebuddy-ide'];
const DIR_VAR: Record<Host, string> = {
  qwen: 'QWEN_PROJECT_DIR',
  codebuddy: 'CODEBUDDY_PROJECT_DIR',
  'codebuddy-ide': 'CODEBUDDY_PROJECT_DIR',
};
const load = (agent: string, name: string): Obj =>
  JSON.parse(readFileSync(join(GT, agent, 'payloads', `${name}.json`), 'utf8'));

/** A fresh project dir, and the environment the host would give hook-bridge (nothing of the test runner's own agent).
 */
function project(host: Host) {
  const dir = mkdtempSync(join(tmpdir(), 'hb-run-scripts-'));
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(CLAUDE|QWEN|CODEBUDDY|GEMINI)_|^CLAUDECODE$/.test(k)),
  );
  env[DIR_VAR[host]] = dir;
  env.SHELL ??= '/bin/sh';
  // hook-bridge's per-session files (session environments, transcripts) in the project, not the user's cache.
  env.HOOK_BRIDGE_CACHE_DIR = join(dir, '.hb-cache');
  const run = (payload: Obj, cmd: string, extra: string[] = [], from = 'claude') =>
    runCliTimed(['--from', from, '--to', host, ...extra, '-c', cmd], JSON.stringify({ ...payload, cwd: dir }), env);
  return { dir, env, run };
}

/** The host's own payloads (captured; the IDE's are the CodeBuddy captures in the IDE's tool vocabulary). */
const P = {
  bash(host: Host, command: string): Obj {
    if (host === 'qwen')
      return { ...load('qwen', 'PreToolUse-run_shell_command'), tool_input: { command, description: 'd' } };
    if (host === 'codebuddy')
      return { ...load('codebuddy', 'PreToolUse-Bash'), tool_input: { command, description: 'd' } };
    return {
      ...load('codebuddy', 'PreToolUse-Bash'),
      tool_name: 'execute_command',
      tool_input: { command, requires_approval: false },
    };
  },
  write(host: Host, path: string, content = 'x\n'): Obj {
    if (host === 'qwen') return { ...load('qwen', 'PreToolUse-write_file'), tool_input: { file_path: path, content } };
    if (host === 'codebuddy')
      return { ...load('codebuddy', 'PreToolUse-Write'), tool_input: { file_path: path, content } };
    return {
      ...load('codebuddy', 'PreToolUse-Write'),
      tool_name: 'write_to_file',
      tool_input: { filePath: path, content },
    };
  },
  postBash(host: Host, command: string): Obj {
    if (host === 'qwen') {
      const p = load('qwen', 'PostToolUse-run_shell_command');
      return {
        ...p,
        tool_input: { command, description: 'd' },
        tool_response: {
          ...p.tool_response,
          llmContent:
            `Command: ${command}\nDirectory: (root)\nOutput: hello\nError: (none)\nExit Code: 0\nSignal: ` +
            `(none)\nProcess Group PGID: (none)`,
        },
      };
    }
    if (host === 'codebuddy')
      return { ...load('codebuddy', 'PostToolUse-Bash'), tool_input: { command, description: 'd' } };
    return { ...load('codebuddy', 'PostToolUse-Bash'), tool_name: 'execute_command', tool_input: { command } };
  },
  postWrite(host: Host, path: string, content: string): Obj {
    if (host === 'qwen') return { ...load('qwen', 'PostToolUse-write_file'), tool_input: { file_path: path, content } };
    if (host === 'codebuddy')
      return { ...load('codebuddy', 'PostToolUse-Write'), tool_input: { file_path: path, content } };
    return {
      ...load('codebuddy', 'PostToolUse-Write'),
      tool_name: 'write_to_file',
      tool_input: { filePath: path, content },
    };
  },
  /** WebFetch / WebSearch / Agent in each host's names. The IDE's parameters are not documented (seed 003 names the
   * tools only): its payloads here carry Claude's parameter names, which `run` passes through unchanged. */
  tool(host: Host, canonical: 'web.fetch' | 'web.search' | 'agent', input: Obj): Obj {
    const names = {
      qwen: { 'web.fetch': 'web_fetch', 'web.search': 'web_search', agent: 'agent' },
      codebuddy: { 'web.fetch': 'WebFetch', 'web.search': 'WebSearch', agent: 'Agent' },
      'codebuddy-ide': { 'web.fetch': 'web_fetch', 'web.search': 'web_search', agent: 'task' },
    };
    const base = host === 'qwen' ? load('qwen', 'PreToolUse-agent') : load('codebuddy', 'PreToolUse-Agent');
    return { ...base, tool_name: names[host][canonical], tool_input: input };
  },
  prompt(host: Host, prompt: string): Obj {
    return {
      ...(host === 'qwen' ? load('qwen', 'UserPromptSubmit-initial') : load('codebuddy', 'UserPromptSubmit')),
      prompt,
    };
  },
  stop(host: Host, active: boolean): Obj {
    return { ...(host === 'qwen' ? load('qwen', 'Stop') : load('codebuddy', 'Stop')), stop_hook_active: active };
  },
  session(host: Host): Obj {
    return host === 'qwen' ? load('qwen', 'SessionStart-startup') : load('codebuddy', 'SessionStart');
  },
};

const line = (o: object) => `${JSON.stringify(o)}\n`;
const deny = (reason: string) =>
  line({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
  });
const context = (ev: string, ctx: string) =>
  line({ hookSpecificOutput: { hookEventName: ev, additionalContext: ctx } });
/** A block on UserPromptSubmit, Stop or PostToolUse: Claude's JSON where the host reads it, exit 2 + stderr on the IDE.
 */
const BLOCK = (host: Host, reason: string) =>
  host === 'codebuddy-ide'
    ? { code: 2, stdout: '', stderr: `${reason}\n` }
    : { code: 0, stdout: line({ decision: 'block', reason }) };
/** stdout when the reply has no answer but stderr has text: Qwen would read stderr as its answer, so it gets `{}`. */
const EMPTY_WITH_STDERR: Record<Host, string> = { qwen: '{}\n', codebuddy: '', 'codebuddy-ide': '' };
const STOP_NOTE: Record<Host, string> = {
  qwen: '',
  codebuddy: 'hook-bridge: CodeBuddy Code ignores Stop blocks when run headless\n',
  'codebuddy-ide': '',
};

/** Gone, or a zombie waiting for a reaper that never comes (PID 1 in containers). */
function gone(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

describe.concurrent.each(HOSTS)('host %s, Claude Code scripts', (host) => {
  it('bash+jq guard: rm -rf is denied with the stderr reason (exit 2)', async ({ expect }) => {
    const r = await project(host).run(P.bash(host, 'rm -rf build'), S('block-rm.sh'));
    // The script's stderr passes through (the host shows stderr of an exit-0 hook to no model).
    expect(r).toMatchObject({
      code: 0,
      stdout: deny('block-rm: destructive command: rm -rf build'),
      stderr: 'block-rm: destructive command: rm -rf build\n',
    });
  });
  it('bash+jq guard: a harmless command stays allowed (no output at all)', async ({ expect }) => {
    const r = await project(host).run(P.bash(host, 'ls -la'), S('block-rm.sh'));
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
  it('python3 guard: a write to .env is denied (JSON permissionDecision)', async ({ expect }) => {
    const p = project(host);
    const r = await p.run(P.write(host, join(p.dir, '.env'), 'SECRET=1\n'), `python3 ${S('protect-env.py')}`);
    expect(r).toMatchObject({ code: 0, stdout: deny(`protect-env: ${join(p.dir, '.env')} holds secrets`), stderr: '' });
  });
  it('python3 guard: a write elsewhere stays allowed', async ({ expect }) => {
    const p = project(host);
    const r = await p.run(P.write(host, join(p.dir, 'notes.txt')), `python3 ${S('protect-env.py')}`);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
  it('node updatedInput rewriter', async ({ expect }) => {
    const r = await project(host).run(P.bash(host, 'echo original'), `node ${S('rewrite.js')}`);
    const expected = {
      // Qwen ignores rewrites (d13): denied, and the model is told the rewritten call
      qwen: deny(
        'A hook rewrote this call, but Qwen Code cannot apply rewritten input, so ' +
          'hook-bridge blocked it instead of running the original. Re-issue the call as: ' +
          'run_shell_command {"command":"echo rewritten","description":"d"}',
      ),
      codebuddy: line({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          updatedInput: { command: 'echo rewritten', description: 'd' },
        },
      }),
      'codebuddy-ide': line({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          modifiedInput: { command: 'echo rewritten', requires_approval: false },
        },
      }),
    }[host];
    expect(r).toMatchObject({ code: 0, stdout: expected, stderr: '' });
    const untouched = await project(host).run(P.bash(host, 'echo hi'), `node ${S('rewrite.js')}`);
    expect(untouched).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
  it('PostToolUse additionalContext (the script checks tool_name == "Bash")', async ({ expect }) => {
    const r = await project(host).run(P.postBash(host, 'echo hello'), `node ${S('post-context.js')}`);
    // Qwen's result text is parsed into Claude's stdout; CodeBuddy Code sends no output text; the IDE's result shape is
    // passed as it is.
    const printed = { qwen: '"hello"', codebuddy: '""', 'codebuddy-ide': 'null' }[host];
    expect(r).toMatchObject({
      code: 0,
      stdout: context('PostToolUse', `post-context: Bash printed ${printed}`),
      stderr: '',
    });
  });
  it('UserPromptSubmit plain stdout becomes context', async ({ expect }) => {
    const r = await project(host).run(P.prompt(host, 'fix the tests'), S('ups-plain.sh'));
    expect(r).toMatchObject({
      code: 0,
      stdout: context('UserPromptSubmit', 'ups-plain: the prompt has 13 characters'),
      stderr: '',
    });
  });
  it('UserPromptSubmit JSON additionalContext, and a prompt block', async ({ expect }) => {
    const r = await project(host).run(P.prompt(host, 'fix the tests'), `python3 ${S('ups-json.py')}`);
    expect(r).toMatchObject({
      code: 0,
      stdout: context('UserPromptSubmit', 'ups-json: mode bypassPermissions'),
      stderr: '',
    });
    const b = await project(host).run(P.prompt(host, 'my password is hunter2'), `python3 ${S('ups-json.py')}`);
    // The IDE's HookOutput has no `decision`: its block is exit 2 with the reason on stderr (seed 003).
    expect(b).toMatchObject(BLOCK(host, 'ups-json: the prompt mentions a password'));
  });
  it('SessionStart plain stdout from a script that never reads stdin', async ({ expect }) => {
    const p = project(host);
    const r = await p.run(P.session(host), S('session-start.sh'));
    expect(r).toMatchObject({
      code: 0,
      stdout: context('SessionStart', `session-start: project is ${basename(p.dir)}`),
      stderr: '',
    });
  });
  it('Stop blocker keeps the agent going once and honours stop_hook_active', async ({ expect }) => {
    const r = await project(host).run(P.stop(host, false), S('stop-once.sh'));
    expect(r).toMatchObject({
      ...BLOCK(host, 'stop-once: summarise before stopping'),
      ...(STOP_NOTE[host] ? { stderr: STOP_NOTE[host] } : {}),
    });
    const again = await project(host).run(P.stop(host, true), S('stop-once.sh'));
    expect(again).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
  it('a script that never reads a 2 MB payload: no EPIPE, no hang, its deny counts', async ({ expect }) => {
    const r = await project(host).run(
      P.write(host, '/tmp/big.txt', 'x'.repeat(2 * 1024 * 1024)),
      S('no-stdin-deny.sh'),
    );
    expect(r).toMatchObject({ code: 0, stdout: deny('no-stdin-deny: denied without reading'), stderr: '' });
    expect(r.ms).toBeLessThan(5000);
  });
  it('a slow script past --timeout 1: the tool proceeds (Claude to1), and its process group is killed', async ({
    expect,
  }) => {
    const p = project(host);
    const pidFile = join(p.dir, 'grandchild.pid');
    const r = await p.run(P.bash(host, 'ls'), `${S('slow.sh')} ${shellQuote(pidFile)}`, ['--timeout', '1']);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      expect(r).toMatchObject({
        code: 0,
        stdout: EMPTY_WITH_STDERR[host],
        stderr: 'hook-bridge: the hook timed out after 1 s\n',
      });
      expect(r.ms).toBeLessThan(4000);
      expect(pid).toBeGreaterThan(1);
      const t0 = Date.now();
      while (!gone(pid) && Date.now() - t0 < 3000) await new Promise((res) => setTimeout(res, 50));
      expect(gone(pid), `background grandchild ${pid} survived`).toBe(true);
    } finally {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  });
  it('a slow script with --on-timeout deny is denied', async ({ expect }) => {
    const p = project(host);
    const r = await p.run(P.bash(host, 'ls'), `${S('slow.sh')} ${shellQuote(join(p.dir, 'gc.pid'))}`, [
      '--timeout',
      '1',
      '--on-timeout',
      'deny',
    ]);
    expect(r).toMatchObject({
      code: 0,
      stdout: deny('hook-bridge: the hook timed out after 1 s'),
      stderr: 'hook-bridge: the hook timed out after 1 s\n',
    });
  });
  it('a deny printed before the script was killed still counts', async ({ expect }) => {
    const p = project(host);
    const r = await p.run(P.bash(host, 'ls'), `${S('slow.sh')} ${shellQuote(join(p.dir, 'gc.pid'))} deny-first`, [
      '--timeout',
      '1',
    ]);
    expect(r).toMatchObject({
      code: 0,
      stdout: deny('slow: denied before sleeping'),
      stderr: 'hook-bridge: the hook timed out after 1 s\n',
    });
  });
  it('invalid JSON on stdout: ignored, the tool runs (d17)', async ({ expect }) => {
    const r = await project(host).run(P.bash(host, 'rm -rf build'), S('invalid-json.sh'));
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
  it('a script whose background child holds stdout: its deny reaches the host at once, and the child is gone', async ({
    expect,
  }) => {
    const p = project(host);
    const pidFile = join(p.dir, 'bg.pid');
    const r = await p.run(P.bash(host, 'rm -rf build'), `${S('bg-holds-stdout.sh')} ${shellQuote(pidFile)}`);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      expect(r).toMatchObject({ code: 0, stdout: deny('bg: denied while a child holds stdout'), stderr: '' });
      // The child sleeps 30 s; Claude Code's default timeout is 600 s: the answer comes in well under both.
      expect(r.ms).toBeLessThan(3000);
      const t0 = Date.now();
      while (!gone(pid) && Date.now() - t0 < 2000) await new Promise((res) => setTimeout(res, 50));
      expect(gone(pid), `background child ${pid} survived`).toBe(true);
    } finally {
      if (!gone(pid)) process.kill(pid, 'SIGKILL');
    }
  });
  it(
    'a set -u SessionStart script that writes to $CLAUDE_ENV_FILE works; its ' +
      'exports go where the host keeps them, or a note says they are lost',
    async ({ expect }) => {
      const p = project(host);
      const r = await p.run(P.session(host), S('session-env.sh'));
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(context('SessionStart', 'session-env: ready'));
      // Qwen Code has no lever (it ignores a PreToolUse rewrite): a note. CodeBuddy Code and the IDE rewrite a
      // shell call: the exports are kept in the session's private file, which `--session-env` runs first.
      const lost =
        host === 'qwen'
          ? 'hook-bridge: the hook wrote HB_SESSION_MODE, PATH to CLAUDE_ENV_FILE, but Qwen Code ' +
            'has no session environment file; they are not set for later commands\n'
          : '';
      expect(r.stderr).toBe(lost);
      const sid = P.session(host).session_id as string;
      const kept = join(p.env.HOOK_BRIDGE_CACHE_DIR!, 'session-env', `${host}-${sid}.sh`);
      expect(existsSync(kept)).toBe(host !== 'qwen');
      if (host !== 'qwen') {
        expect(statSync(kept).mode & 0o777).toBe(0o600);
        expect(statSync(join(kept, '..')).mode & 0o777).toBe(0o700);
        expect(readFileSync(kept, 'utf8')).toBe('export HB_SESSION_MODE=plugin\nexport PATH="$PATH:/opt/hb-tools"\n');
        const call = await p.run(P.bash(host, 'echo "$HB_SESSION_MODE"'), 'true', ['--session-env']);
        const answer = JSON.parse(call.stdout).hookSpecificOutput;
        const input = answer.updatedInput ?? answer.modifiedInput;
        expect(input.command).toBe(`[ -r '${kept}' ] && . '${kept}'\necho "$HB_SESSION_MODE"`);
        expect(execFileSync('bash', ['-c', input.command], { encoding: 'utf8' })).toBe('plugin\n');
      }
      // hook-bridge's own file is gone afterwards.
      const given = readFileSync(join(p.dir, '.env-file-path'), 'utf8').trim();
      expect(given).toMatch(/hook-bridge-env-.*\/env\.sh$/);
      expect(existsSync(given)).toBe(false);
      if (host === 'codebuddy') {
        // CodeBuddy Code sources $CODEBUDDY_ENV_FILE before every Bash command (docs, 2.117.0 bundle): the exports are
        // appended there.
        const envFile = join(p.dir, 'codebuddy-env.sh');
        writeFileSync(envFile, 'export EXISTING=1\n');
        const r2 = await runCliTimed(
          ['--from', 'claude', '--to', host, '-c', S('session-env.sh')],
          JSON.stringify({ ...P.session(host), cwd: p.dir }),
          { ...p.env, CODEBUDDY_ENV_FILE: envFile },
        );
        expect(r2).toMatchObject({ code: 0, stderr: '' });
        expect(readFileSync(envFile, 'utf8')).toBe(
          'export EXISTING=1\nexport HB_SESSION_MODE=plugin\nexport PATH="$PATH:/opt/hb-tools"\n',
        );
      }
    },
  );
  it(
    'python3 PostToolUse lint gate: a block reaches the model (as context ' +
      'where the host drops PostToolUse blocks, exit 2 on the IDE)',
    async ({ expect }) => {
      const p = project(host);
      const r = await p.run(
        P.postWrite(host, join(p.dir, 'app.py'), 'x = 1  # TODO\n'),
        `python3 ${S('post-lint-gate.py')}`,
      );
      const reason = 'lint-gate: app.py still has a TODO';
      const expected = {
        qwen: { code: 0, stdout: context('PostToolUse', reason) },
        codebuddy: { code: 0, stdout: context('PostToolUse', reason) },
        'codebuddy-ide': { code: 2, stdout: '', stderr: `${reason}\n` },
      }[host];
      expect(r).toMatchObject(expected);
      expect(
        await p.run(P.postWrite(host, join(p.dir, 'app.py'), 'x = 1\n'), `python3 ${S('post-lint-gate.py')}`),
      ).toMatchObject({ code: 0, stdout: '', stderr: '' });
    },
  );
  it(
    'bash+jq web guard: WebFetch outside the allowed domain and ' +
      'WebSearch for keys are denied; an allowed fetch runs',
    async ({ expect }) => {
      const p = project(host);
      const fetch = await p.run(
        P.tool(host, 'web.fetch', { url: 'https://evil.example.net/x', prompt: 'read' }),
        S('web-guard.sh'),
      );
      expect(fetch).toMatchObject({
        code: 0,
        stdout: deny('web-guard: https://evil.example.net/x is not an allowed domain'),
      });
      const search = await p.run(P.tool(host, 'web.search', { query: 'aws api key leak' }), S('web-guard.sh'));
      expect(search).toMatchObject({ code: 0, stdout: deny('web-guard: no searching for keys') });
      expect(
        await p.run(
          P.tool(host, 'web.fetch', { url: 'https://docs.example.com/a', prompt: 'read' }),
          S('web-guard.sh'),
        ),
      ).toMatchObject({ code: 0, stdout: '', stderr: '' });
    },
  );
  it("node sub-agent guard: the host's task/agent tool reaches the script as Agent", async ({ expect }) => {
    const p = project(host);
    const r = await p.run(
      P.tool(host, 'agent', { description: 'ship it', prompt: 'deploy to prod' }),
      `node ${S('agent-guard.js')}`,
    );
    expect(r).toMatchObject({ code: 0, stdout: deny('agent-guard: sub-agents do not deploy'), stderr: '' });
    expect(
      await p.run(
        P.tool(host, 'agent', { description: 'look', prompt: 'read the docs' }),
        `node ${S('agent-guard.js')}`,
      ),
    ).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
  it('a crashing script (exit 1) is non-blocking (d04); its stderr passes through', async ({ expect }) => {
    const r = await project(host).run(P.bash(host, 'rm -rf build'), `node ${S('crash.js')}`);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(EMPTY_WITH_STDERR[host]);
    expect(r.stderr).toContain('Error: crash.js: hook crashed');
  });
  it(
    'a command that does not exist: PreToolUse proceeds (a non-blocking error on ' +
      'Claude Code), stderr names it; --on-missing deny fails closed',
    async ({ expect }) => {
      const r = await project(host).run(P.bash(host, 'ls'), 'hb-no-such-command --check');
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(EMPTY_WITH_STDERR[host]);
      expect(r.stderr).toMatch(
        /hook-bridge: the hook could not run: hb-no-such-command: .*not found \(exit 127\); on Claude Code that is a non-blocking error: nothing is blocked/,
      );
      const strict = await project(host).run(P.bash(host, 'ls'), 'hb-no-such-command --check', [
        '--on-missing',
        'deny',
      ]);
      const reason = JSON.parse(strict.stdout).hookSpecificOutput.permissionDecisionReason as string;
      expect(strict.stdout).toBe(deny(reason));
      expect(reason).toMatch(
        /^hook-bridge: the hook could not run: hb-no-such-command: .*not found \(exit 127\); blocked \(--on-missing deny\)$/,
      );
    },
  );
  it('a command that does not exist: PostToolUse is not blocked', async ({ expect }) => {
    const r = await project(host).run(P.postBash(host, 'ls'), 'hb-no-such-command --check');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(EMPTY_WITH_STDERR[host]);
    expect(r.stderr).toMatch(/hook-bridge: the hook could not run: hb-no-such-command: .*not found \(exit 127\)/);
  });
  it('an argv command (-- form) that does not exist: proceeds naming it; --on-missing deny fails closed', async ({
    expect,
  }) => {
    const p = project(host);
    const r = await runCli(
      ['--from', 'claude', '--to', host, '--', 'hb-no-such-command', 'x'],
      JSON.stringify({ ...P.bash(host, 'ls'), cwd: p.dir }),
      p.env,
    );
    expect(r).toMatchObject({ code: 0, stdout: EMPTY_WITH_STDERR[host] });
    expect(r.stderr).toContain(
      `hook-bridge: the hook could not run: cannot start hb-no-such-command in ${p.dir}: ENOENT (exit 127)`,
    );
    const strict = await runCli(
      ['--from', 'claude', '--to', host, '--on-missing', 'deny', '--', 'hb-no-such-command', 'x'],
      JSON.stringify({ ...P.bash(host, 'ls'), cwd: p.dir }),
      p.env,
    );
    expect(strict).toMatchObject({
      code: 0,
      stdout: deny(
        `hook-bridge: the hook could not run: cannot start hb-no-such-command in ${p.dir}: ENOENT (exit 127); ` +
          `blocked (--on-missing deny)`,
      ),
    });
  });
});

describe.concurrent('--from codebuddy-ide --to codebuddy: an IDE script under CodeBuddy Code', () => {
  const ide = (payload: Obj) => project('codebuddy').run(payload, S('ide-guard.sh'), [], 'codebuddy-ide');
  const cb = (name: string, tool_input: Obj) => ({ ...load('codebuddy', name), tool_input });
  it('execute_command with rm -rf: blocked (exit 2, stderr reason)', async ({ expect }) => {
    expect(await ide(cb('PreToolUse-Bash', { command: 'rm -rf build', description: 'd' }))).toMatchObject({
      code: 0,
      stdout: deny('ide-guard: no rm -rf'),
      stderr: 'ide-guard: no rm -rf\n',
    });
  });
  it('a harmless execute_command stays allowed', async ({ expect }) => {
    expect(await ide(cb('PreToolUse-Bash', { command: 'ls', description: 'd' }))).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });
  it('write_to_file filePath .env: denied (JSON without hookEventName, honoured by the IDE)', async ({ expect }) => {
    expect(await ide(cb('PreToolUse-Write', { file_path: '/p/.env', content: 'S=1' }))).toMatchObject({
      code: 0,
      stdout: deny('ide-guard: /p/.env is protected'),
      stderr: '',
    });
  });
  it('modifiedInput rewrite: CodeBuddy gets updatedInput, merged, in Claude parameter names', async ({ expect }) => {
    expect(await ide(cb('PreToolUse-Write', { file_path: '/p/draft.md', content: 'body\n' }))).toMatchObject({
      code: 0,
      stdout: line({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          updatedInput: { file_path: '/p/final.md', content: 'body\n' },
        },
      }),
      stderr: '',
    });
  });
  it('a harmless write stays allowed', async ({ expect }) => {
    expect(await ide(cb('PreToolUse-Write', { file_path: '/p/a.txt', content: 'x' }))).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });
  it(
    'sanity: the ide script really depends on the translation (fed ' + 'CodeBuddy names directly, it does nothing)',
    async ({ expect }) => {
      const p = project('codebuddy');
      const r = await runCli(
        ['--from', 'codebuddy', '--to', 'codebuddy', '-c', S('ide-guard.sh')],
        JSON.stringify({ ...cb('PreToolUse-Bash', { command: 'rm -rf build' }), cwd: p.dir }),
        p.env,
      );
      expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
      expect(existsSync(p.dir)).toBe(true);
    },
  );
});

describe('host claude, a Claude Code script', () => {
  it(
    "SessionStart: the script writes to Claude Code's own " + "CLAUDE_ENV_FILE (nothing of hook-bridge's in between)",
    async ({ expect }) => {
      const dir = mkdtempSync(join(tmpdir(), 'hb-run-scripts-'));
      const envFile = join(dir, 'sessionstart-hook-0.sh');
      writeFileSync(envFile, '');
      const env = {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(CLAUDE|QWEN|CODEBUDDY|GEMINI)_/.test(k))),
        CLAUDE_PROJECT_DIR: dir,
        CLAUDE_ENV_FILE: envFile,
      };
      const r = await runCliTimed(
        ['--from', 'claude', '--to', 'claude', '-c', S('session-env.sh')],
        JSON.stringify({ ...load('claude', 'SessionStart-startup'), cwd: dir }),
        env,
      );
      expect(r).toMatchObject({ code: 0, stdout: context('SessionStart', 'session-env: ready'), stderr: '' });
      expect(readFileSync(envFile, 'utf8')).toContain('export HB_SESSION_MODE=plugin');
    },
  );
});
