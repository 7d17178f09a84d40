// hook-bridge's own failures (fail closed on blocking events, never block elsewhere, never a stack trace),
// and a property: whatever a Claude script prints, a Claude deny is never turned into an allow on any host.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { BIN } from './cli.js';
import { describe, expect, it } from 'vitest';
import { readAnswer, type ScriptResult } from '../../src/run/answer.js';
import { emit, type EmitOptions, type HostReply } from '../../src/run/emit.js';
import { MAX_PAYLOAD } from '../../src/run/stdin.js';
import { parseHostPayload } from '../../src/run/host-payload.js';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';

const GT = resolve(import.meta.dirname, '../fixtures/ground-truth');
type Host = 'qwen' | 'codebuddy' | 'codebuddy-ide' | 'claude';
const HOSTS: Host[] = ['qwen', 'codebuddy', 'codebuddy-ide', 'claude'];
const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at .+[:(]\d+:\d+|Error: .*\n\s+at /);

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
  stdinError?: string;
}
function cli(args: string[], input: string | Buffer, extraEnv: Record<string, string> = {}): Promise<Result> {
  const env = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(CLAUDE|QWEN|CODEBUDDY|GEMINI)_|^CLAUDECODE$/.test(k)),
    ),
    ...extraEnv,
  };
  return new Promise((res, rej) => {
    const c = spawn(process.execPath, [BIN, 'run', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let stdinError: string | undefined;
    c.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    c.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    c.on('error', rej);
    c.on('close', (code) => res({ code, stdout, stderr, ...(stdinError ? { stdinError } : {}) }));
    c.stdin.on('error', (e: NodeJS.ErrnoException) => (stdinError = e.code ?? e.message));
    c.stdin.end(input);
  });
}
const line = (o: object) => `${JSON.stringify(o)}\n`;
const deny = (reason: string, ev = 'PreToolUse') =>
  line({ hookSpecificOutput: { hookEventName: ev, permissionDecision: 'deny', permissionDecisionReason: reason } });
const load = (agent: string, name: string) =>
  JSON.parse(readFileSync(join(GT, agent, 'payloads', `${name}.json`), 'utf8')) as Record<string, unknown>;
const Q = ['--from', 'claude', '--to', 'qwen'];

describe.concurrent('own failures through the CLI', () => {
  it('unparseable payload that names PreToolUse: fails closed with the reason, no stack trace', async () => {
    const r = await cli([...Q, '-c', 'touch ran'], '{"hook_event_name":"PreToolUse","tool_input":{');
    expect(r).toEqual({
      code: 0,
      stdout: deny('hook-bridge: the qwen payload on stdin is not a JSON object'),
      stderr: '',
    });
  });
  // No event anywhere (not in the text, not in the wrapper): not a PreToolUse-shaped answer, which a PostToolUse or
  // Stop call would get wrong, but exit 2 with the reason — what every host reads on every event (a block where the
  // event can block).
  it.each([
    ['not JSON', 'garbage'],
    ['empty stdin', ''],
  ])('unparseable payload (%s) naming no event: exit 2 with the reason, valid on every event', async (_n, input) => {
    const r = await cli([...Q, '-c', 'touch ran'], input);
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'hook-bridge: the qwen payload on stdin is not a JSON object\n' });
  });
  it('unparseable payload that names a non-blocking event: no block, the reason on stderr', async () => {
    const r = await cli([...Q, '-c', 'true'], '{"hook_event_name":"PostToolUse","tool_response":');
    // Qwen reads stderr as its answer when stdout is empty: stdout carries an empty answer.
    expect(r).toEqual({
      code: 0,
      stdout: '{}\n',
      stderr: 'hook-bridge: the qwen payload on stdin is not a JSON object\n',
    });
  });
  it('unparseable UserPromptSubmit: the prompt is blocked', async () => {
    const r = await cli([...Q, '-c', 'true'], '{"hook_event_name":"UserPromptSubmit","prompt":"x');
    expect(r).toEqual({
      code: 0,
      stdout: line({ decision: 'block', reason: 'hook-bridge: the qwen payload on stdin is not a JSON object' }),
      stderr: '',
    });
  });
  it.each(['[]', '"PreToolUse"', 'null', '42'])(
    'non-object JSON %s: fails closed (exit 2: no event named)',
    async (input) => {
      const r = await cli([...Q, '-c', 'true'], input);
      expect(r).toEqual({
        code: 2,
        stdout: '',
        stderr: 'hook-bridge: the qwen payload on stdin is not a JSON object\n',
      });
    },
  );
  it('non-object JSON naming PreToolUse: fails closed in its form', async () => {
    expect(await cli([...Q, '-c', 'true'], '[{"hook_event_name":"PreToolUse"}]')).toEqual({
      code: 0,
      stdout: deny('hook-bridge: the qwen payload on stdin is not a JSON object'),
      stderr: '',
    });
  });
  it('no hook_event_name: fails closed (exit 2: no event named)', async () => {
    expect(await cli([...Q, '-c', 'true'], '{"tool_name":"run_shell_command"}')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'hook-bridge: the payload has no hook_event_name string\n',
    });
  });
  it('unparseable payload on a wrapper that names its event (--event): the answer is in its form', async () => {
    const C = ['--from', 'claude', '--to', 'copilot'];
    expect(await cli([...C, '--event', 'postToolUse', '-c', 'true'], 'garbage')).toEqual({
      code: 0,
      stdout: '',
      stderr: 'hook-bridge: the copilot payload on stdin is not a JSON object\n',
    });
    const pre = await cli([...C, '--event', 'preToolUse', '-c', 'true'], 'garbage');
    expect(pre.code).toBe(0);
    expect(JSON.parse(pre.stdout)).toMatchObject({ permissionDecision: 'deny' });
  });
  // A shape hook-bridge did not expect is never a reason to deny a call the hook would allow (issue 29): the hook gets
  // the field as it is and decides.
  it('tool_input not an object (a plain string): the script runs, sees it as it is; its answer stands', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-run-rob-'));
    const p = { ...load('qwen', 'PreToolUse-run_shell_command'), cwd: dir, tool_input: 'rm -rf /' };
    const r = await cli([...Q, '-c', 'cat > seen.json'], JSON.stringify(p), { QWEN_PROJECT_DIR: dir });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse(readFileSync(join(dir, 'seen.json'), 'utf8')).tool_input).toBe('rm -rf /');
    const denied = await cli([...Q, '-c', 'echo "NO: odd input" >&2; exit 2'], JSON.stringify(p), {
      QWEN_PROJECT_DIR: dir,
    });
    expect(denied).toEqual({ code: 0, stdout: deny('NO: odd input'), stderr: 'NO: odd input\n' });
  });
  it('tool_input not an object on PostToolUse: the script runs, nothing blocks', async () => {
    const p = { ...load('qwen', 'PostToolUse-run_shell_command'), cwd: tmpdir(), tool_input: ['x'] };
    expect(await cli([...Q, '-c', 'true'], JSON.stringify(p))).toEqual({ code: 0, stdout: '', stderr: '' });
  });
  it('tool_name not a string on PermissionRequest: the script runs and its allow stands', async () => {
    const p = { ...load('qwen', 'PermissionRequest-run_shell_command'), cwd: tmpdir(), tool_name: 7 };
    expect(await cli([...Q, '-c', 'true'], JSON.stringify(p))).toEqual({ code: 0, stdout: '', stderr: '' });
  });
  it('--on-error allow: an own failure on PreToolUse does not block', async () => {
    expect(await cli([...Q, '--on-error', 'allow', '-c', 'true'], 'garbage')).toEqual({
      code: 0,
      stdout: '{}\n',
      stderr: 'hook-bridge: the qwen payload on stdin is not a JSON object\n',
    });
  });
  it('on CodeBuddy too: the deny is JSON with exit 0 (never exit 2 with stdout)', async () => {
    expect(
      await cli(['--from', 'claude', '--to', 'codebuddy', '-c', 'true'], '{"hook_event_name":"PreToolUse",'),
    ).toEqual({
      code: 0,
      stdout: deny('hook-bridge: the codebuddy payload on stdin is not a JSON object'),
      stderr: '',
    });
  });

  // No size cap turns into a deny (issue 29): a Write Claude Code's hook allows at 11 MB is carried whole, and a deny
  // of one is still a deny.
  const write = (dir: string, bytes: number) => {
    const p: Record<string, unknown> = { ...load('qwen', 'PreToolUse-write_file'), cwd: dir };
    p.tool_input = { file_path: join(dir, 'big.txt'), content: 'y'.repeat(bytes) };
    return JSON.stringify(p);
  };
  it('an 11 MB Write is carried whole: the script sees all of it, its allow is the answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-run-rob-'));
    const input = write(dir, 11 * 1024 * 1024);
    const r = await cli([...Q, '-c', 'wc -c > size.txt'], input, { QWEN_PROJECT_DIR: dir });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    // the Claude payload: the same content, Claude's names (a little shorter than Qwen's)
    expect(Number(readFileSync(join(dir, 'size.txt'), 'utf8').trim())).toBeGreaterThan(11 * 1024 * 1024);
  });
  it("an 11 MB Write the script denies is denied, with the script's reason", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-run-rob-'));
    const r = await cli([...Q, '-c', 'cat >/dev/null; echo "too big" >&2; exit 2'], write(dir, 11 * 1024 * 1024), {
      QWEN_PROJECT_DIR: dir,
    });
    expect(r).toEqual({ code: 0, stdout: deny('too big'), stderr: 'too big\n' });
  });
  // Beyond the longest string V8 holds (about 512 MiB: no host built on Node can send more), hook-bridge cannot read
  // the payload: its own failure, by the event the head names.
  it.each([
    [
      'PreToolUse',
      {
        stdout: deny(`hook-bridge: payload larger than ${MAX_PAYLOAD} bytes, the longest text hook-bridge can hold`),
        exitCode: 0,
      },
    ],
    ['PostToolUse', { stdout: '{}\n', exitCode: 0 }],
    [undefined, { stdout: '', exitCode: 2 }],
  ])(`a payload over ${MAX_PAYLOAD} bytes naming %s`, (event, expected) => {
    const head = event === undefined ? '{"session_id":"s",' : `{"hook_event_name":"${event}","tool_response":"xx`;
    const r = parseHostPayload({ to: 'qwen', onError: 'deny' }, { tooLarge: true, head });
    expect('failed' in r && r.failed).toMatchObject(expected);
  });
  const PRE = JSON.stringify(load('qwen', 'PreToolUse-run_shell_command'));
  const POST = JSON.stringify(load('qwen', 'PostToolUse-run_shell_command'));
  const UPS = JSON.stringify(load('qwen', 'UserPromptSubmit-initial'));
  it.each([
    [
      'unknown dialect',
      ['--from', 'claude', '--to', 'no-such-agent', '-c', 'true'],
      `--to: unknown dialect "no-such-agent" (known: ${DIALECT_IDS.join(', ')})`,
    ],
    [
      'a dialect in another case',
      ['--from', 'claude', '--to', 'Qwen', '-c', 'true'],
      `--to: unknown dialect "Qwen": did you mean qwen? (known: ${DIALECT_IDS.join(', ')})`,
    ],
    [
      'a mistyped --from',
      ['--from', 'cluade', '--to', 'qwen', '-c', 'true'],
      `--from: unknown dialect "cluade": did you mean claude? (known: ${DIALECT_IDS.join(', ')})`,
    ],
    ['missing --to', ['--from', 'claude', '-c', 'true'], '--from and --to are required'],
    [
      'missing command',
      ['--from', 'claude', '--to', 'qwen'],
      "a command is required: -c '<command>' or -- <command> [args...]",
    ],
    [
      'empty argv command',
      ['--from', 'claude', '--to', 'qwen', '--'],
      "a command is required: -c '<command>' or -- <command> [args...]",
    ],
    ['unknown option', ['--from', 'claude', '--to', 'qwen', '--frob', '-c', 'true'], 'unknown option "--frob"'],
    [
      'bad timeout',
      ['--from', 'claude', '--to', 'qwen', '--timeout', '0', '-c', 'true'],
      '--timeout takes a positive number of seconds, got "0"',
    ],
    [
      'bad choice',
      ['--from', 'claude', '--to', 'qwen', '--ask', 'maybe', '-c', 'true'],
      '--ask takes ask|deny|allow, got "maybe"',
    ],
    [
      '--ask allow does not opt out of failing closed',
      ['--from', 'claude', '--to', 'no-such-agent', '--ask', 'allow', '-c', 'true'],
      `--to: unknown dialect "no-such-agent" (known: ${DIALECT_IDS.join(', ')})`,
    ],
    [
      '--on-timeout allow does not opt out either',
      ['--from', 'claude', '--on-timeout', 'allow', '-c', 'true'],
      '--from and --to are required',
    ],
  ])(
    'usage error (%s): exit 2 on PreToolUse and UserPromptSubmit, 0 on PostToolUse; empty stdout',
    async (_n, args, message) => {
      for (const [payload, code] of [
        [PRE, 2],
        [UPS, 2],
        [POST, 0],
      ] as const) {
        const r = await cli(args, payload);
        expect(r.code).toBe(code);
        expect(r.stdout).toBe('');
        expect(r.stderr.split('\n')[0]).toBe(`hook-bridge run: ${message}`);
        expect(r.stderr).toContain('usage: hook-bridge run --from <script-dialect> --to <host-dialect>');
        noStack(r.stderr);
      }
    },
  );
  it('usage error with --on-error allow: exit 0', async () => {
    const r = await cli(['--from', 'claude', '--to', 'no-such-agent', '--on-error', 'allow', '-c', 'true'], PRE);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
  });
  it("--on-error allow after -- is the command's argument, not an opt-out", async () => {
    const r = await cli(['--from', 'claude', '--to', 'no-such-agent', '--', 'x', '--on-error', 'allow'], PRE);
    expect(r.code).toBe(2);
  });
  it('--help: usage on stdout, exit 0, stdin not needed', async () => {
    const r = await cli(['--help'], '');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: hook-bridge run --from <script-dialect> --to <host-dialect>/);
    expect(r.stdout).toMatch(/^ {2}--ask <ask\|deny\|allow> +what a hook's "ask" becomes \(default: relayed where$/m);
  });
  it('no stack traces on any of the above', async () => {
    for (const input of ['garbage', '[]', '{"hook_event_name":5}', '{"hook_event_name":"PreToolUse","tool_input":3}']) {
      const r = await cli([...Q, '-c', 'true'], input);
      noStack(r.stderr);
      noStack(r.stdout);
    }
  });
});

// --- property: arbitrary script output never throws and never loses a deny
const H = (o: object) => JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...o } });
const FORMS = [
  H({ permissionDecision: 'deny', permissionDecisionReason: 'no' }),
  H({ permissionDecision: 'deny' }),
  H({ permissionDecision: 'allow', permissionDecisionReason: 'ok' }),
  H({ permissionDecision: 'ask', permissionDecisionReason: 'sure?' }),
  H({ permissionDecision: 'allow', updatedInput: { command: 'echo new' } }),
  H({ updatedInput: { command: 'echo new', run_in_background: true } }),
  H({ modifiedInput: { command: 'echo mod' } }),
  H({ additionalContext: 'ctx' }),
  JSON.stringify({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no-event' } }),
  JSON.stringify({ decision: 'block', reason: 'legacy' }),
  JSON.stringify({ decision: 'approve' }),
  JSON.stringify({ continue: false, stopReason: 'stop' }),
  JSON.stringify({ systemMessage: 'm', suppressOutput: true }),
  JSON.stringify({
    decision: 'block',
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'x' } },
  }),
  '{not json',
  '',
];
const stdoutArb = fc.oneof(
  fc.constantFrom(...FORMS),
  fc.tuple(fc.string(), fc.constantFrom(...FORMS)).map(([pre, f]) => `${pre}${f}`),
  fc
    .tuple(fc.constantFrom(...FORMS), fc.constantFrom('', '\n', '\n\n', ' ', 'trailing'))
    .map(([f, post]) => `${f}${post}`),
  fc.json(),
  fc.string(),
  fc
    .record(
      {
        hookEventName: fc.constantFrom('PreToolUse', 'PostToolUse', undefined),
        permissionDecision: fc.constantFrom('allow', 'deny', 'ask', 'nope', 1),
        permissionDecisionReason: fc.oneof(fc.string(), fc.constant(undefined)),
        updatedInput: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.constant(undefined)),
      },
      { requiredKeys: [] },
    )
    .chain((hso) =>
      fc.record(
        {
          hookSpecificOutput: fc.constant(hso),
          decision: fc.constantFrom(undefined, 'block', 'approve', 7),
          continue: fc.constantFrom(undefined, true, false),
        },
        { requiredKeys: ['hookSpecificOutput'] },
      ),
    )
    .map((o) => JSON.stringify(o)),
);
const resultArb: fc.Arbitrary<ScriptResult> = fc
  .record({ exit: fc.constantFrom(0, 1, 2, 3, 127), stdout: stdoutArb, stderr: fc.string(), timedOut: fc.boolean() })
  .map(({ exit, stdout, stderr, timedOut }) => ({ exitCode: timedOut ? null : exit, stdout, stderr, timedOut }));
const optsArb: fc.Arbitrary<EmitOptions> = fc.record({
  ask: fc.constantFrom('ask', 'deny', 'allow'),
  rewrite: fc.constantFrom('deny', 'ignore'),
});
const SHELL_NAME: Record<Host, string> = {
  qwen: 'run_shell_command',
  codebuddy: 'Bash',
  'codebuddy-ide': 'execute_command',
  claude: 'Bash',
};

/** What the host does with the reply, by its own protocol: exit 2, or a permissionDecision deny in the stdout JSON. */
function hostDenies(r: HostReply): boolean {
  if (r.exitCode === 2) return true;
  if (!r.stdout) return false;
  const o = JSON.parse(r.stdout) as { hookSpecificOutput?: { permissionDecision?: string } };
  return o.hookSpecificOutput?.permissionDecision === 'deny';
}

describe('property: a Claude deny is a deny on every host', () => {
  it(
    'arbitrary exit codes, stdout and stderr: never throws, never ' +
      'turns a deny into an allow, never a spurious deny',
    () => {
      fc.assert(
        fc.property(resultArb, optsArb, (r, opts) => {
          const input = { command: 'echo hi', description: 'd' };
          const a = readAnswer('claude', 'pre-tool-use', r, input);
          for (const host of HOSTS) {
            const reply = emit(
              structuredClone(a),
              {
                host,
                script: 'claude',
                event: 'pre-tool-use',
                hostEvent: 'PreToolUse',
                tool: 'shell',
                hostTool: SHELL_NAME[host],
              },
              opts,
            );
            // well-formed: one line of JSON or nothing; exit 2 only with an empty stdout
            if (reply.stdout) expect(reply.stdout).toMatch(/^\{.*\}\n$/);
            if (reply.exitCode === 2) expect(reply.stdout).toBe('');
            expect([0, 2]).toContain(reply.exitCode);
            if (a.decision === 'deny') {
              expect(hostDenies(reply), `${host}: ${JSON.stringify(r)} -> ${JSON.stringify(reply)}`).toBe(true);
              // and the host, reading the reply by its own rules, sees a deny
              expect(readAnswer(host, 'pre-tool-use', { ...reply, timedOut: false }, input).decision).toBe('deny');
            }
            const mayDeny =
              a.decision === 'deny' ||
              (a.decision === 'ask' && opts.ask === 'deny') ||
              (host === 'qwen' && a.updatedInput !== undefined && opts.rewrite === 'deny');
            if (!mayDeny)
              expect(hostDenies(reply), `${host}: spurious deny ${JSON.stringify(r)} -> ${JSON.stringify(reply)}`).toBe(
                false,
              );
            if (host === 'qwen') expect(reply.stdout).not.toMatch(/"permissionDecision":"allow"/);
          }
        }),
        { numRuns: 400 },
      );
    },
  );

  it('on UserPromptSubmit and Stop a Claude block reaches every host as a block', () => {
    fc.assert(
      fc.property(resultArb, fc.constantFrom('user-prompt-submit', 'stop'), (r, ev) => {
        const hostEvent = ev === 'stop' ? 'Stop' : 'UserPromptSubmit';
        const a = readAnswer('claude', ev, r, undefined);
        for (const host of HOSTS) {
          const reply = emit(
            structuredClone(a),
            { host, script: 'claude', event: ev, hostEvent, tool: undefined, hostTool: undefined },
            { ask: 'deny', rewrite: 'deny' },
          );
          // The IDE has no `decision` field: its block is exit 2 with the reason on stderr.
          if (a.block && host === 'codebuddy-ide')
            expect([reply.exitCode, reply.stdout, reply.stderr.length > 0]).toEqual([2, '', true]);
          else if (a.block)
            expect(reply.stdout ? (JSON.parse(reply.stdout) as { decision?: string }).decision : undefined).toBe(
              'block',
            );
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('the host stopping hook-bridge', () => {
  it('SIGTERM to `run` takes the script and its children down with it (no orphans)', async () => {
    const { spawn: spawnChild } = await import('node:child_process');
    const { mkdtempSync: mk, readFileSync: read, existsSync: exists } = await import('node:fs');
    const { tmpdir: tmp } = await import('node:os');
    const { join: j } = await import('node:path');
    const dir = mk(j(tmp(), 'hb-sig-'));
    const script = `sleep 30 & echo $! > ${j(dir, 'child.pid')}; echo $$ > ${j(dir, 'script.pid')}; wait`;
    const c = spawnChild(process.execPath, [BIN, 'run', '--from', 'claude', '--to', 'qwen', '-c', script], {
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    c.stdin.end(
      JSON.stringify({
        hook_event_name: 'PreToolUse',
        tool_name: 'run_shell_command',
        tool_input: { command: 'ls' },
        cwd: dir,
      }),
    );
    const deadline = Date.now() + 5000;
    // script.pid is written last; both files hold a whole line once it ends in a newline.
    const written = (f: string) => exists(j(dir, f)) && read(j(dir, f), 'utf8').endsWith('\n');
    while (!(written('child.pid') && written('script.pid')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const pids = ['child.pid', 'script.pid'].map((f) => Number(read(j(dir, f), 'utf8')));
    const closed = new Promise<number | null>((r) => c.on('close', (code) => r(code)));
    c.kill('SIGTERM');
    expect(await closed).toBe(143);
    await new Promise((r) => setTimeout(r, 200));
    // Gone, or a zombie waiting for a reaper (PID 1 in a container may not reap): not running either way.
    const running = (pid: number) => {
      try {
        return !/^\d+ \(.*\) Z/.test(read(`/proc/${pid}/stat`, 'utf8'));
      } catch {
        return false;
      }
    };
    for (const pid of pids) expect(running(pid), `pid ${pid} still running`).toBe(false);
  });
});
