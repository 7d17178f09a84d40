// dispatch: one engine per event, Claude Code's matching and aggregation, whatever the host.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/run/answer.js';
import type { HookRun } from '../../src/run/script-run.js';
import { BIN, cleanEnv } from './cli.js';

const hr = (answer: HookRun['answer']): HookRun => ({ answer, stderr: '', tool: 'shell' });

describe('aggregate (Claude Code agg1..agg5)', () => {
  it('deny > ask > allow, whatever the order', () => {
    for (const order of [
      ['allow', 'deny'],
      ['deny', 'allow'],
      ['ask', 'deny'],
      ['allow', 'ask'],
    ] as const) {
      const { answer } = aggregate(order.map((d) => hr({ decision: d, reason: d.toUpperCase(), context: [] })));
      expect(answer.decision).toBe((order as readonly string[]).includes('deny') ? 'deny' : 'ask');
    }
  });
  it('reasons of the denies; contexts in priority order; a rewrite only without a deny, the first one wins', () => {
    const { answer, from } = aggregate([
      hr({ context: ['A'], updatedInput: { command: 'one' } }),
      hr({ context: ['B'], updatedInput: { command: 'two' } }),
      hr({ block: true, reason: 'R', context: [] }),
    ]);
    expect(answer).toMatchObject({ context: ['A', 'B'], updatedInput: { command: 'one' }, block: true, reason: 'R' });
    expect(from).toBe(0);
    expect(
      aggregate([
        hr({ decision: 'deny', reason: 'no', context: [] }),
        hr({ updatedInput: { command: 'x' }, context: [] }),
      ]).answer.updatedInput,
    ).toBeUndefined();
  });
});

function project() {
  const dir = mkdtempSync(join(tmpdir(), 'hb-dispatch-'));
  const script = (name: string, body: string) => {
    writeFileSync(join(dir, name), `#!/usr/bin/env bash\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  };
  script(
    'guard.sh',
    `cmd=$(jq -r .tool_input.command); case "$cmd" in *"rm -rf"*) echo "guard: no rm -rf" >&2; exit 2;; esac`,
  );
  script(
    'allow.sh',
    `cat >/dev/null; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`,
  );
  script('write-only.sh', `cat >/dev/null; touch "$CLAUDE_PROJECT_DIR/write-only-ran"`);
  script('ctx-a.sh', `cat >/dev/null; echo A`);
  script('ctx-b.sh', `cat >/dev/null; echo B`);
  writeFileSync(
    join(dir, 'hooks.yaml'),
    `version: '2.0.0'
hooks:
  - { event: PreToolUse, matcher: Bash, command: ./allow.sh, priority: 5 }
  - { event: PreToolUse, matcher: Bash, command: ./guard.sh, priority: 20 }
  - { event: PreToolUse, matcher: [Write, Edit], command: ./write-only.sh }
  - { event: InputReceived, command: ./ctx-b.sh, priority: 20 }
  - { event: InputReceived, command: ./ctx-a.sh, priority: 10 }
`,
  );
  return dir;
}

function dispatch(
  args: string[],
  payload: object,
  dir: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const c = spawn(process.execPath, [BIN, 'dispatch', ...args], {
      cwd: dir,
      env: cleanEnv({ QWEN_PROJECT_DIR: dir }),
    });
    let stdout = '';
    let stderr = '';
    c.stdout.on('data', (d) => (stdout += d));
    c.stderr.on('data', (d) => (stderr += d));
    c.on('close', (code) => res({ code, stdout, stderr }));
    c.stdin.end(JSON.stringify({ session_id: 's', cwd: dir, permission_mode: 'yolo', ...payload }));
  });
}
const bash = (command: string) => ({
  hook_event_name: 'PreToolUse',
  tool_name: 'run_shell_command',
  tool_input: { command },
});

describe('hook-bridge dispatch --to qwen --config hooks.yaml', () => {
  it("a deny wins over another hook's allow (Qwen alone would let the last writer win)", async () => {
    const dir = project();
    const r = await dispatch(['--to', 'qwen', '--config', 'hooks.yaml'], bash('rm -rf /tmp/x'), dir);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'guard: no rm -rf',
      },
    });
    expect(existsSync(join(dir, 'write-only-ran'))).toBe(false); // matchers: the Write|Edit hook did not run for Bash
  });
  it('a harmless command: no deny, and no allow reaches Qwen', async () => {
    const r = await dispatch(['--to', 'qwen', '--config', 'hooks.yaml'], bash('ls'), project());
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });
  it('the Write|Edit hook runs for write_file', async () => {
    const dir = project();
    await dispatch(
      ['--to', 'qwen', '--config', 'hooks.yaml'],
      {
        hook_event_name: 'PreToolUse',
        tool_name: 'write_file',
        tool_input: { file_path: join(dir, 'x'), content: '' },
      },
      dir,
    );
    expect(existsSync(join(dir, 'write-only-ran'))).toBe(true);
  });
  it('InputReceived hooks run in priority order; their plain stdout becomes one context', async () => {
    const r = await dispatch(
      ['--to', 'qwen', '--config', 'hooks.yaml'],
      { hook_event_name: 'UserPromptSubmit', prompt: 'hi' },
      project(),
    );
    expect(JSON.parse(r.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'A\nB' },
    });
  });
  it('a hook that hands the call back unchanged is not a rewrite: the call proceeds on Qwen', async () => {
    const dir = project();
    writeFileSync(
      join(dir, 'same.sh'),
      `#!/usr/bin/env bash\njq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", updatedInput: .tool_input}}'\n`,
      { mode: 0o755 },
    );
    writeFileSync(
      join(dir, 'same.yaml'),
      `version: '2.0.0'\nhooks:\n  - { event: PreToolUse, matcher: Bash, command: ./same.sh }\n`,
    );
    expect(await dispatch(['--to', 'qwen', '--config', 'same.yaml'], bash('ls'), dir)).toMatchObject({
      code: 0,
      stdout: '',
    });
  });
  it("Qwen's empty-prompt re-fire runs nothing", async () => {
    const r = await dispatch(
      ['--to', 'qwen', '--config', 'hooks.yaml'],
      { hook_event_name: 'UserPromptSubmit', prompt: '' },
      project(),
    );
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });
  it('an unreadable hook set fails closed on PreToolUse, and never blocks PostToolUse', async () => {
    const dir = project();
    const pre = await dispatch(['--to', 'qwen', '--config', 'missing.yaml'], bash('ls'), dir);
    expect(JSON.parse(pre.stdout).hookSpecificOutput).toMatchObject({
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringMatching(/^hook-bridge: missing\.yaml: cannot read the hook set/),
    });
    const post = await dispatch(
      ['--to', 'qwen', '--config', 'missing.yaml'],
      { ...bash('ls'), hook_event_name: 'PostToolUse', tool_response: { llmContent: '' } },
      dir,
    );
    // stderr holds the reason; Qwen must not read it as an answer
    expect(post).toMatchObject({ code: 0, stdout: '{}\n' });
  });
  it('usage errors block a PreToolUse payload (exit 2) and explain', async () => {
    const r = await dispatch(['--to', 'qwen'], bash('ls'), project());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--to and --config are required/);
  });
});

describe(
  'hook-bridge dispatch --to codex --config hooks.yaml (Codex CLI: ' +
    'no project-dir variable, apply_patch for edits)',
  () => {
    const codexEnv = {
      hook_event_name: 'PreToolUse',
      permission_mode: 'bypassPermissions',
      turn_id: 't',
      model: 'gpt-5.5',
    };
    const codexBash = (command: string) => ({
      ...codexEnv,
      tool_name: 'Bash',
      tool_input: { command },
      tool_use_id: 'call_1',
    });
    const run = (payload: object, dir: string) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((res) => {
        // Codex sets no project-dir variable: the hook set is found from the payload's cwd.
        const c = spawn(process.execPath, [BIN, 'dispatch', '--to', 'codex', '--config', 'hooks.yaml'], {
          cwd: dir,
          env: cleanEnv({}),
        });
        let stdout = '';
        let stderr = '';
        c.stdout.on('data', (d) => (stdout += d));
        c.stderr.on('data', (d) => (stderr += d));
        c.on('close', (code) => res({ code, stdout, stderr }));
        c.stdin.end(JSON.stringify({ session_id: 's', transcript_path: null, cwd: dir, ...payload }));
      });
    it("a deny wins over another hook's allow, in the one form Codex accepts (a deny with its reason)", async () => {
      const dir = project();
      const r = await run(codexBash('rm -rf /tmp/x'), dir);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'guard: no rm -rf',
        },
      });
      expect(existsSync(join(dir, 'write-only-ran'))).toBe(false);
    });
    it('the [Write, Edit] hook runs for apply_patch (Write and Edit are apply_patch on Codex)', async () => {
      const dir = project();
      const r = await run(
        {
          ...codexEnv,
          tool_name: 'apply_patch',
          tool_input: { command: '*** Begin Patch\n*** Add File: x.txt\n+hi\n*** End Patch\n' },
          tool_use_id: 'call_2',
        },
        dir,
      );
      expect(r.code).toBe(0);
      expect(existsSync(join(dir, 'write-only-ran'))).toBe(true);
    });
    it('a hook set in the project root is found from a subdirectory cwd (codex exec -C sub)', async () => {
      const dir = project();
      const sub = join(dir, 'sub');
      mkdirSync(sub);
      // The registration sits in the project's .codex/hooks.json: that folder marks the project root the hooks run in
      // (without it, ./guard.sh ran in sub/ and was not found — which only denied while a missing program failed
      // closed).
      mkdirSync(join(dir, '.codex'));
      const r = await run({ ...codexBash('rm -rf /'), cwd: sub }, sub);
      expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
      expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason).toBe('guard: no rm -rf');
    });
  },
);

describe('dispatch on non-tool events', () => {
  it(
    'AppStartup runs at SessionStart "startup" only (application ' + 'start, not a resumed or cleared session)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'hb-dispatch-src-'));
      writeFileSync(
        join(dir, 'hooks.yaml'),
        "version: '2.0.0'\nhooks:\n  - { event: AppStartup, command: 'echo STARTED' }\n  - { " +
          "event: SessionStart, matcher: [resume], command: 'echo RESUMED' }\n",
      );
      const run = (source: string) =>
        dispatch(['--to', 'qwen', '--config', 'hooks.yaml'], { hook_event_name: 'SessionStart', source }, dir);
      expect(JSON.parse((await run('startup')).stdout).hookSpecificOutput.additionalContext).toBe('STARTED');
      expect(JSON.parse((await run('resume')).stdout).hookSpecificOutput.additionalContext).toBe('RESUMED');
      expect((await run('clear')).stdout).toBe('');
    },
  );
  it('Stop and SubagentStop are themselves (seed 002): a Stop block keeps the agent going', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-dispatch-stop-'));
    writeFileSync(
      join(dir, 'hooks.yaml'),
      `version: '2.0.0'\nhooks:\n  - { event: Stop, command: 'echo ` +
        `"{\\"decision\\":\\"block\\",\\"reason\\":\\"run the tests\\"}"' }\n`,
    );
    const r = await dispatch(
      ['--to', 'claude', '--config', 'hooks.yaml'],
      { hook_event_name: 'Stop', stop_hook_active: false },
      dir,
    );
    expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'block', reason: 'run the tests' });
  });
  it('AfterResponse is logging only: it runs at Stop, and its block is ignored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-dispatch-after-'));
    writeFileSync(
      join(dir, 'hooks.yaml'),
      `version: '2.0.0'\nhooks:\n  - { event: AfterResponse, command: 'echo ran > ` +
        `after.log; echo "{\\"decision\\":\\"block\\",\\"reason\\":\\"no\\"}"' }\n`,
    );
    const r = await dispatch(
      ['--to', 'claude', '--config', 'hooks.yaml'],
      { hook_event_name: 'Stop', stop_hook_active: false },
      dir,
    );
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(readFileSync(join(dir, 'after.log'), 'utf8')).toBe('ran\n');
  });
});

describe('dispatch: hooks.yaml priority (lower runs first; a block stops the rest)', () => {
  const set = (dir: string) =>
    writeFileSync(
      join(dir, 'hooks.yaml'),
      [
        "version: '2.0.0'",
        'hooks:',
        // Listed out of order on purpose: priority decides, not the list.
        `  - { event: PreToolUse, matcher: Bash, priority: 9, command: 'echo late >> order.log' }`,
        `  - { event: PreToolUse, matcher: Bash, priority: 5, command: 'echo guard >> ` +
          `order.log; if grep -q "rm -rf" ; then echo "destructive" >&2; exit 2; fi' }`,
        `  - { event: PreToolUse, matcher: Bash, priority: 1, command: 'echo logger >> order.log' }`,
        '',
      ].join('\n'),
    );
  it('a logger at priority 1 runs before a guard at priority 5, and the guard before a hook at 9', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-dispatch-prio-'));
    set(dir);
    const r = await dispatch(['--to', 'qwen', '--config', 'hooks.yaml'], bash('ls'), dir);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'order.log'), 'utf8')).toBe('logger\nguard\nlate\n');
  });
  it(
    "the guard's block at priority 5 keeps the hook at priority 9 " + 'from running, and the deny reaches the host',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'hb-dispatch-prio-'));
      set(dir);
      const r = await dispatch(['--to', 'qwen', '--config', 'hooks.yaml'], bash('rm -rf /'), dir);
      expect(JSON.parse(r.stdout).hookSpecificOutput).toMatchObject({
        permissionDecision: 'deny',
        permissionDecisionReason: expect.stringContaining('destructive'),
      });
      expect(readFileSync(join(dir, 'order.log'), 'utf8')).toBe('logger\nguard\n');
    },
  );
});

describe('dispatch: exec-form hooks (command + args) run without a shell, placeholders substituted', () => {
  it('each argument reaches the script as written; ${CLAUDE_PROJECT_DIR} is the project', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-dispatch-exec-'));
    writeFileSync(
      join(dir, 'argv.js'),
      "require('fs').writeFileSync('argv.json', JSON.stringify(process.argv.slice(1)))",
    );
    writeFileSync(
      join(dir, 'hooks.yaml'),
      "version: '2.0.0'\nhooks:\n  - event: PreToolUse\n    matcher: Bash\n    command: " +
        "node\n    args: ['${CLAUDE_PROJECT_DIR}/argv.js', 'a b', '$HOME', \"it's\"]\n",
    );
    const r = await dispatch(['--to', 'qwen', '--config', 'hooks.yaml'], bash('ls'), dir);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'argv.json'), 'utf8'))).toEqual([
      `${dir}/argv.js`,
      'a b',
      '$HOME',
      "it's",
    ]);
  });
});

describe(
  'dispatch on every host, with its real PreToolUse payload: a deny ' +
    'in the form the host reads, a no-op rewrite proceeds',
  () => {
    const fixtures = join(import.meta.dirname, '../fixtures');
    const capture = (f: string) =>
      JSON.parse(readFileSync(join(fixtures, f), 'utf8')) as Record<string, unknown> & {
        tool_input: Record<string, unknown>;
      };
    // The host's own payload of a shell call (captured on the real agent), and how the host reads a deny.
    const HOSTS: {
      host: string;
      payload: ReturnType<typeof capture>;
      env: string;
      denied: (stdout: string) => boolean;
    }[] = [
      {
        host: 'gemini',
        payload: capture('observed/gemini/payloads/BeforeTool-run_shell_command.json'),
        env: 'GEMINI_PROJECT_DIR',
        denied: (o) => JSON.parse(o).decision === 'deny',
      },
      {
        host: 'codebuddy',
        payload: capture('ground-truth/codebuddy/payloads/PreToolUse-Bash.json'),
        env: 'CODEBUDDY_PROJECT_DIR',
        denied: (o) => JSON.parse(o).hookSpecificOutput?.permissionDecision === 'deny',
      },
      {
        host: 'qwen',
        payload: {
          ...capture('observed/gemini/payloads/BeforeTool-run_shell_command.json'),
          hook_event_name: 'PreToolUse',
        },
        env: 'QWEN_PROJECT_DIR',
        denied: (o) => JSON.parse(o).hookSpecificOutput?.permissionDecision === 'deny',
      },
    ];
    function run(host: string, env: string, payload: object, dir: string) {
      return new Promise<{ code: number | null; stdout: string; stderr: string }>((res) => {
        const c = spawn(process.execPath, [BIN, 'dispatch', '--to', host, '--config', 'hooks.yaml'], {
          cwd: dir,
          env: cleanEnv({ [env]: dir }),
        });
        let stdout = '';
        let stderr = '';
        c.stdout.on('data', (d) => (stdout += d));
        c.stderr.on('data', (d) => (stderr += d));
        c.on('close', (code) => res({ code, stdout, stderr }));
        c.stdin.end(JSON.stringify({ ...payload, cwd: dir }));
      });
    }
    for (const { host, payload, env, denied } of HOSTS) {
      const call = (command: string) => ({ ...payload, tool_input: { ...payload.tool_input, command } });
      it(`--to ${host}: the guard's deny wins over an allow; a harmless call is not denied`, async () => {
        const dir = project(); // allow.sh at priority 5, guard.sh at 20 (hooks.yaml above)
        const deny = await run(host, env, call('rm -rf /tmp/x'), dir);
        expect(deny.code, deny.stderr).toBe(0);
        expect(denied(deny.stdout), deny.stdout).toBe(true);
        expect(deny.stdout).toContain('guard: no rm -rf');
        const ok = await run(host, env, call('ls'), dir);
        expect(ok.code, ok.stderr).toBe(0);
        // CodeBuddy gets the allow (it aggregates deny first)
        expect(ok.stdout === '' || !denied(ok.stdout), ok.stdout).toBe(true);
      });
      it(`--to ${host}: a hook that hands the call back unchanged is not a rewrite`, async () => {
        const dir = project();
        writeFileSync(
          join(dir, 'same.sh'),
          `#!/usr/bin/env bash\njq -c '{hookSpecificOutput: ` +
            `{hookEventName: "PreToolUse", updatedInput: .tool_input}}'\n`,
          { mode: 0o755 },
        );
        writeFileSync(
          join(dir, 'hooks.yaml'),
          `version: '2.0.0'\nhooks:\n  - { event: PreToolUse, matcher: Bash, command: ./same.sh }\n`,
        );
        expect(await run(host, env, call('ls'), dir)).toMatchObject({ code: 0, stdout: '' });
        // and a real rewrite does reach the host (the test can fail: the hook above really answers)
        writeFileSync(
          join(dir, 'same.sh'),
          `#!/usr/bin/env bash\njq -c '{hookSpecificOutput: {hookEventName: ` +
            `"PreToolUse", updatedInput: (.tool_input + {command: "pwd"})}}'\n`,
          { mode: 0o755 },
        );
        expect((await run(host, env, call('ls'), dir)).stdout).toContain('pwd');
      });
    }
  },
);

describe(
  'dispatch with the hooks carried in the entry (what convert ' + 'writes for hooks that fire for the same calls)',
  () => {
    const hooksOf = (...hooks: string[][]) => hooks.flatMap((h) => ['run', '--from', 'claude', ...h]);
    it(
      "a deny wins over another hook's allow, whichever comes first " + '(Qwen alone would let the last writer win)',
      async () => {
        const dir = project();
        for (const order of [
          [
            ['-c', './allow.sh'],
            ['-c', './guard.sh'],
          ],
          [
            ['-c', './guard.sh'],
            ['-c', './allow.sh'],
          ],
        ]) {
          const r = await dispatch(['--to', 'qwen', ...hooksOf(...order)], bash('rm -rf /tmp/x'), dir);
          expect(JSON.parse(r.stdout).hookSpecificOutput).toMatchObject({
            permissionDecision: 'deny',
            permissionDecisionReason: 'guard: no rm -rf',
          });
        }
        expect(
          await dispatch(['--to', 'qwen', ...hooksOf(['-c', './allow.sh'], ['-c', './guard.sh'])], bash('ls'), dir),
        ).toMatchObject({ code: 0, stdout: '' });
      },
    );
    it("each hook runs only for the calls its own matcher fires for, under the host's semantics", async () => {
      const dir = project();
      const args = [
        '--to',
        'qwen',
        ...hooksOf(
          ['--matcher', '^run_shell_command$', '-c', './guard.sh'],
          ['--matcher', '^(write_file|edit)$', '-c', './write-only.sh'],
        ),
      ];
      expect(
        JSON.parse((await dispatch(args, bash('rm -rf /x'), dir)).stdout).hookSpecificOutput.permissionDecision,
      ).toBe('deny');
      expect(existsSync(join(dir, 'write-only-ran'))).toBe(false);
      await dispatch(
        args,
        {
          hook_event_name: 'PreToolUse',
          tool_name: 'write_file',
          tool_input: { file_path: join(dir, 'x'), content: 'rm -rf' },
        },
        dir,
      );
      expect(existsSync(join(dir, 'write-only-ran'))).toBe(true);
    });
    it('each hook has its own timeout: a slow one is stopped at its own, and the others still answer', async () => {
      const dir = project();
      writeFileSync(join(dir, 'slow.sh'), '#!/usr/bin/env bash\ncat >/dev/null\nsleep 30\n', { mode: 0o755 });
      const t0 = Date.now();
      const r = await dispatch(
        ['--to', 'qwen', ...hooksOf(['--timeout', '1', '-c', './slow.sh'], ['--timeout', '20', '-c', './guard.sh'])],
        bash('rm -rf /x'),
        dir,
      );
      expect(Date.now() - t0).toBeLessThan(15_000);
      expect(JSON.parse(r.stdout).hookSpecificOutput).toMatchObject({
        permissionDecision: 'deny',
        permissionDecisionReason: 'guard: no rm -rf',
      });
    });
    it(
      "hooks run together, as Claude Code runs them: a slow hook delays a deny to the slow hook's end and no more " +
        '(Claude Code 2.1.330 waits for every hook too: docs/observations.md)',
      async () => {
        const dir = project();
        const slow = (n: number) => `cat >/dev/null; sleep 1.5; echo ${n} >> slow.log`;
        const t0 = Date.now();
        const r = await dispatch(
          ['--to', 'qwen', ...hooksOf(['-c', slow(1)], ['-c', './guard.sh'], ['-c', slow(2)])],
          bash('rm -rf /x'),
          dir,
        );
        const ms = Date.now() - t0;
        expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
        // Both slow hooks ran to their end, side by side: one after the other would take 3 s and more.
        expect(readFileSync(join(dir, 'slow.log'), 'utf8').split('\n').filter(Boolean).sort()).toEqual(['1', '2']);
        expect(ms).toBeGreaterThanOrEqual(1500);
        expect(ms).toBeLessThan(2900);
      },
    );
    it(
      "hooks of an agent that runs them one after another (Copilot CLI's own files: in order, a deny ends the " +
        "chain) run so; Claude Code's run together",
      async () => {
        const dir = project();
        const deny = `cat >/dev/null; echo '{"permissionDecision":"deny","permissionDecisionReason":"first says no"}'`;
        const later = 'cat >/dev/null; touch later-ran';
        const copilot = (...hooks: string[][]) => hooks.flatMap((h) => ['run', '--from', 'copilot', ...h]);
        const r = await dispatch(['--to', 'qwen', ...copilot(['-c', deny], ['-c', later])], bash('ls'), dir);
        expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason).toBe('first says no');
        expect(existsSync(join(dir, 'later-ran'))).toBe(false);
        // The other order: the first runs to its end before the second starts.
        const slowFirst = 'cat >/dev/null; sleep 0.5; echo 1 >> order.log';
        const second = 'cat >/dev/null; echo 2 >> order.log';
        await dispatch(['--to', 'qwen', ...copilot(['-c', slowFirst], ['-c', second])], bash('ls'), dir);
        expect(readFileSync(join(dir, 'order.log'), 'utf8')).toBe('1\n2\n');
        await dispatch(['--to', 'qwen', ...hooksOf(['-c', slowFirst], ['-c', second])], bash('ls'), dir);
        expect(readFileSync(join(dir, 'order.log'), 'utf8')).toBe('1\n2\n2\n1\n');
      },
    );
    it(
      '--async: started in the background and not waited for; its answer is not read (it cannot block on Claude ' +
        'Code), it runs to its end, and its own timeout still stops it',
      async () => {
        const dir = project();
        const late = (name: string) => `in=$(cat); sleep 1.5; echo "$in" > ${name}; echo "async says no" >&2; exit 2`;
        const t0 = Date.now();
        const r = await dispatch(
          [
            '--to',
            'qwen',
            ...hooksOf(
              ['--async', '-c', late('finished.json')],
              ['--async', '--timeout', '1', '-c', late('never.json')],
              ['-c', './guard.sh'],
            ),
          ],
          bash('rm -rf /x'),
          dir,
        );
        expect(Date.now() - t0).toBeLessThan(1400);
        expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason).toBe('guard: no rm -rf');
        const harmless = await dispatch(
          ['--to', 'qwen', ...hooksOf(['--async', '-c', late('x.json')])],
          bash('ls'),
          dir,
        );
        expect(harmless).toMatchObject({ code: 0, stdout: '' });
        for (let i = 0; i < 60 && !existsSync(join(dir, 'finished.json')); i++)
          await new Promise((r) => setTimeout(r, 100));
        // The payload it read is the one its own agent would have sent (Claude's tool name).
        expect(JSON.parse(readFileSync(join(dir, 'finished.json'), 'utf8'))).toMatchObject({ tool_name: 'Bash' });
        await new Promise((r) => setTimeout(r, 1000));
        expect(existsSync(join(dir, 'never.json'))).toBe(false);
      },
    );
    it('priorities: a deny at a lower priority keeps a later one from running', async () => {
      const dir = project();
      const r = await dispatch(
        [
          '--to',
          'qwen',
          ...hooksOf(['--priority', '9', '-c', 'echo late >> order.log'], ['--priority', '1', '-c', './guard.sh']),
        ],
        bash('rm -rf /x'),
        dir,
      );
      expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
      expect(existsSync(join(dir, 'order.log'))).toBe(false);
    });
    it('lifecycle values: a hook with --matcher startup runs at startup only', async () => {
      const dir = project();
      const args = ['--to', 'qwen', ...hooksOf(['--matcher', 'startup', '-c', 'echo STARTED'], ['-c', 'echo ALWAYS'])];
      expect(
        JSON.parse((await dispatch(args, { hook_event_name: 'SessionStart', source: 'startup' }, dir)).stdout)
          .hookSpecificOutput.additionalContext,
      ).toBe('STARTED\nALWAYS');
      expect(
        JSON.parse((await dispatch(args, { hook_event_name: 'SessionStart', source: 'resume' }, dir)).stdout)
          .hookSpecificOutput.additionalContext,
      ).toBe('ALWAYS');
    });
    it(
      'a broken entry is a usage error naming the hook: blocks a ' + 'PreToolUse (exit 2), never a PostToolUse',
      async () => {
        const dir = project();
        for (const [args, why] of [
          [['run', '--from', 'claude', '--matcher', 'x'], /hook 1: a command is required/],
          [
            ['run', '--from', 'claude', '-c', './guard.sh', 'run', '-c', './allow.sh'],
            /hook 2: --from <dialect> is required/,
          ],
          [
            ['run', '--from', 'claude', '--calls', 'Nope', '-c', 'x'],
            /--calls takes Claude Code tool names, comma-separated; "Nope" is none/,
          ],
          [['run', '--from', 'claude', '--on-error', 'allow', '-c', 'x'], /hook 1: unknown option "--on-error"/],
        ] as const) {
          const pre = await dispatch(['--to', 'qwen', ...args], bash('ls'), dir);
          expect(pre.code).toBe(2);
          expect(pre.stderr).toMatch(why);
          expect(
            (
              await dispatch(
                ['--to', 'qwen', ...args],
                { ...bash('ls'), hook_event_name: 'PostToolUse', tool_response: { llmContent: '' } },
                dir,
              )
            ).code,
          ).toBe(0);
        }
      },
    );
  },
);

describe('dispatch --to codex with carried hooks: one apply_patch call, each hook for its own calls (--calls)', () => {
  const run = (args: string[], payload: object, dir: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((res) => {
      const c = spawn(process.execPath, [BIN, 'dispatch', '--to', 'codex', ...args], { cwd: dir, env: cleanEnv({}) });
      let stdout = '';
      let stderr = '';
      c.stdout.on('data', (d) => (stdout += d));
      c.stderr.on('data', (d) => (stderr += d));
      c.on('close', (code) => res({ code, stdout, stderr }));
      c.stdin.end(
        JSON.stringify({
          session_id: 's',
          transcript_path: null,
          cwd: dir,
          hook_event_name: 'PreToolUse',
          permission_mode: 'bypassPermissions',
          turn_id: 't',
          model: 'gpt-5.5',
          ...payload,
        }),
      );
    });
  it('an added file runs the Write hook only; an updated one the Edit hook only', async () => {
    const dir = project();
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, 'old.txt'), 'a\n');
    const log = (name: string) => `cat > /dev/null; echo ${name} >> calls.log`;
    const args = [
      'run',
      '--from',
      'claude',
      '--calls',
      'Write',
      '-c',
      log('write'),
      'run',
      '--from',
      'claude',
      '--calls',
      'Edit',
      '-c',
      log('edit'),
    ];
    const patch = (body: string) => ({
      tool_name: 'apply_patch',
      tool_input: { command: `*** Begin Patch\n${body}*** End Patch\n` },
      tool_use_id: 'call_1',
    });
    expect((await run(args, patch('*** Add File: new.txt\n+hi\n'), dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'calls.log'), 'utf8')).toBe('write\n');
    writeFileSync(join(dir, 'calls.log'), '');
    expect((await run(args, patch('*** Update File: old.txt\n@@\n-a\n+b\n'), dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'calls.log'), 'utf8')).toBe('edit\n');
  });
});
