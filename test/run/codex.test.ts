// `run` between Claude Code and Codex CLI, table-driven from the real Codex CLI 0.169.0 payloads
// (test/fixtures/ground-truth/codex/payloads/): real bash scripts run the way Codex runs a hook — `/bin/bash -c
// <command>`, stdin one compact JSON line without a trailing newline, cwd the session's — through the built CLI.
// Every answer sent to Codex is checked against what Codex accepts (test/fixtures/observed/codex/answer-schema.json).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readAnswer, type ScriptResult } from '../../src/run/answer.js';
import { emit, type HostReply } from '../../src/run/emit.js';
import { translatePayload, type Payload } from '../../src/run/payload.js';
import { splitPatch } from '../../src/run/patch-calls.js';
import { shellQuote } from '../../src/dialects/wrapper.js';
import { BIN, cleanEnv, spawnCollect } from './cli.js';

type Obj = Record<string, any>;
const GT = resolve(import.meta.dirname, '../fixtures/ground-truth/codex/payloads');
const SCHEMA = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../fixtures/observed/codex/answer-schema.json'), 'utf8'),
);
const S = (name: string) => join(import.meta.dirname, 'scripts', name);
const ajv = new Ajv({ allErrors: true, strict: false });
const validators = Object.fromEntries(
  Object.entries(SCHEMA.events as Record<string, object | boolean>).map(([e, s]) => [e, ajv.compile(s)]),
);

/** Is this reply one Codex acts on as sent: JSON that fits the event's schema at exit 0, or exit 2 with a reason on
 * stderr?
 */
function codexAccepts(hostEvent: string, r: Pick<HostReply, 'stdout' | 'stderr' | 'exitCode'>): string | true {
  if (r.exitCode === 2) return r.stderr.trim() ? true : 'exit 2 with an empty stderr';
  if (r.exitCode !== 0) return `exit ${r.exitCode}`;
  if (!r.stdout.trim()) return true;
  let v: unknown;
  try {
    v = JSON.parse(r.stdout);
  } catch {
    return `stdout is no JSON: ${r.stdout}`;
  }
  const validate = validators[hostEvent];
  if (!validate) return `no schema for ${hostEvent}`;
  return validate(v) ? true : `${JSON.stringify(v)}: ${ajv.errorsText(validate.errors)}`;
}

/** A project as Codex sees it: .git and .codex/ at its root, the session started in `sub/` or the root. */
let proj = '';
const payload = (name: string, over: Obj = {}): Obj => {
  const text = readFileSync(join(GT, `${name}.json`), 'utf8')
    .replaceAll('/PROJECT', proj)
    .replaceAll('/HOME', proj);
  return { ...JSON.parse(text), ...over };
};
beforeAll(() => {
  proj = mkdtempSync(join(tmpdir(), 'hb-codex-'));
  for (const d of ['.git', '.codex', 'sub']) mkdirSync(join(proj, d));
  writeFileSync(join(proj, 'notes.txt'), 'hello notes\n');
  writeFileSync(join(proj, 'multi.txt'), 'one\ntwo\nthree\nfour\nfive\nsix\n');
});

/** Codex's way: `$SHELL -c <command>`, the payload as one line without a newline, in the session cwd. */
async function codexRuns(command: string, p: Obj, env: Obj = {}, flags = ''): Promise<HostReply> {
  const wrapped =
    `${shellQuote(process.execPath)} ${shellQuote(BIN)} run --from claude --to codex${flags} -c ` +
    `${shellQuote(command)}`;
  const r = await spawnCollect(
    '/bin/bash',
    ['-c', wrapped],
    { cwd: p.cwd as string, env: cleanEnv({ SHELL: '/bin/bash', ...env }) },
    JSON.stringify(p),
  );
  return { stdout: r.stdout, stderr: r.stderr, exitCode: r.code ?? -1 };
}
const json = (r: HostReply): Obj => JSON.parse(r.stdout);

describe('payload: a Codex CLI capture -> what Claude Code would have sent', () => {
  const events: [string, string, Obj][] = [
    ['SessionStart-startup', 'SessionStart', { source: 'startup' }],
    ['UserPromptSubmit', 'UserPromptSubmit', { prompt: 'SCENARIO:a0 go' }],
    ['PreToolUse-Bash', 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'echo hello-from-shell' } }],
    [
      'PostToolUse-Bash-stdout-and-stderr',
      'PostToolUse',
      {
        tool_name: 'Bash',
        tool_response: {
          stdout: 'out1\nerr1\nout2',
          stderr: '',
          interrupted: false,
          isImage: false,
          noOutputExpected: false,
        },
      },
    ],
    ['PreToolUse-spawn_agent', 'PreToolUse', { tool_name: 'Agent', tool_input: { prompt: 'review the code' } }],
    [
      'PostToolUse-spawn_agent',
      'PostToolUse',
      {
        tool_name: 'Agent',
        tool_response: {
          status: 'async_launched',
          agentId: '01a212ab-29e8-76d1-9d88-80270fbbc673',
          prompt: 'review the code',
        },
      },
    ],
    ['Stop-stop_hook_active-true', 'Stop', { stop_hook_active: true, last_assistant_message: 'DONE' }],
    ['SubagentStop', 'SubagentStop', { agent_type: 'default', stop_hook_active: false }],
    ['PreCompact-auto', 'PreCompact', { trigger: 'auto' }],
    ['SessionEnd', 'SessionEnd', { reason: 'other' }],
  ];
  for (const [name, ev, fields] of events) {
    it(`${name} -> ${ev}`, () => {
      const p = payload(name);
      const out = translatePayload(p as Payload, 'codex', 'claude', {}).payload as Obj;
      expect(out).toMatchObject({ hook_event_name: ev, session_id: p.session_id, cwd: p.cwd, ...fields });
      expect(out.permission_mode).toBe(p.permission_mode === undefined ? undefined : 'bypassPermissions');
    });
  }
  it('every captured apply_patch becomes the Write / Edit / rm / mv calls it amounts to', () => {
    const calls = (name: string) =>
      splitPatch(payload(name).tool_input.command, proj, name.startsWith('Post'), () => undefined).map(
        (c): [string, Obj] => [c.tool, c.input],
      );
    expect(calls('PreToolUse-apply_patch-add')).toEqual([
      ['file.write', { file_path: `${proj}/notes.txt`, content: 'hello notes\n' }],
    ]);
    expect(calls('PreToolUse-apply_patch-update')).toEqual([
      [
        'file.edit',
        { file_path: `${proj}/notes.txt`, old_string: 'hello notes', new_string: 'bye notes', replace_all: false },
      ],
    ]);
    expect(calls('PreToolUse-apply_patch-delete')).toEqual([['shell', { command: 'rm e06.txt' }]]);
    expect(calls('PreToolUse-apply_patch-absolute-path')).toEqual([
      ['file.write', { file_path: `${proj}/e09.txt`, content: 'abs path\n' }],
    ]);
    expect(calls('PreToolUse-apply_patch-two-files').map(([t, i]) => [t, i.file_path])).toEqual([
      ['file.write', `${proj}/e05a.txt`],
      ['file.write', `${proj}/e05b.txt`],
    ]);
    expect(calls('PostToolUse-apply_patch-move')).toEqual([
      ['shell', { command: 'mv e10.txt e10-moved.txt' }],
      ['file.edit', { file_path: `${proj}/e10-moved.txt`, old_string: 'a', new_string: 'b', replace_all: false }],
    ]);
  });
  it('an update of several chunks is one Edit over the lines from the first chunk to the last (the file read)', () => {
    const patch = '*** Begin Patch\n*** Update File: multi.txt\n@@\n-two\n+TWO\n@@\n-five\n+FIVE\n*** End Patch\n';
    expect(splitPatch(patch, proj, false).map((c) => c.input)).toEqual([
      {
        file_path: `${proj}/multi.txt`,
        old_string: 'two\nthree\nfour\nfive',
        new_string: 'TWO\nthree\nfour\nFIVE',
        replace_all: false,
      },
    ]);
  });
  it("PostToolUse: the file's text before the patch is rebuilt by reversing it", () => {
    const [c] = splitPatch(
      '*** Begin Patch\n*** Update File: notes.txt\n@@\n-bye notes\n+hello notes\n*** End Patch\n',
      proj,
      true,
    );
    expect(c!.response).toMatchObject({
      filePath: `${proj}/notes.txt`,
      oldString: 'bye notes',
      newString: 'hello notes',
      originalFile: 'bye notes\n',
    });
  });
});

describe('payload: a Claude Code call -> what Codex CLI would have sent (a Codex script under Claude Code)', () => {
  const claude = (tool: string, input: Obj, response?: unknown) => ({
    session_id: 's',
    transcript_path: '',
    cwd: proj,
    hook_event_name: response === undefined ? 'PreToolUse' : 'PostToolUse',
    permission_mode: 'default',
    tool_name: tool,
    tool_input: input,
    ...(response === undefined ? {} : { tool_response: response }),
  });
  const T = (p: Obj) => translatePayload(p as Payload, 'claude', 'codex', {}).payload as Obj;
  it('Write is an apply_patch adding the file', () =>
    expect(T(claude('Write', { file_path: `${proj}/new.txt`, content: 'a\nb\n' })).tool_input).toEqual({
      command: '*** Begin Patch\n*** Add File: new.txt\n+a\n+b\n*** End Patch\n',
    }));
  it('Edit is an apply_patch updating the whole lines around old_string', () =>
    expect(
      T(claude('Edit', { file_path: `${proj}/multi.txt`, old_string: 'hre', new_string: 'HRE' })).tool_input.command,
    ).toBe('*** Begin Patch\n*** Update File: multi.txt\n@@\n-three\n+tHREe\n*** End Patch\n'));
  it('results are the strings Codex gives', () => {
    expect(
      T(claude('Bash', { command: 'x' }, { stdout: 'out', stderr: 'err', interrupted: false })).tool_response,
    ).toBe('out\nerr\n');
    expect(
      T(claude('Write', { file_path: `${proj}/n.txt`, content: 'x' }, { type: 'create', filePath: `${proj}/n.txt` }))
        .tool_response,
    ).toBe(payload('PostToolUse-apply_patch-add').tool_response.replace('notes.txt', 'n.txt'));
  });
});

describe('run --from claude --to codex: real Claude Code scripts, run as Codex runs hooks', () => {
  it('CLAUDE_PROJECT_DIR is the project (the folder holding .codex/), also from a subdirectory', async () => {
    const r = await codexRuns(S('codex/project-dir.sh'), payload('SessionStart-startup', { cwd: `${proj}/sub` }));
    expect(json(r)).toEqual({ systemMessage: `project=${proj} cwd=${proj}` });
  });
  it('"$CLAUDE_PROJECT_DIR"/… in the command finds the script', async () => {
    mkdirSync(join(proj, '.claude/hooks'), { recursive: true });
    writeFileSync(join(proj, '.claude/hooks/deny.sh'), '#!/bin/sh\necho "denied by $(basename "$0")" >&2\nexit 2\n', {
      mode: 0o755,
    });
    const r = await codexRuns('"$CLAUDE_PROJECT_DIR"/.claude/hooks/deny.sh', payload('PreToolUse-Bash'));
    expect(json(r).hookSpecificOutput).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'denied by deny.sh',
    });
  });
  // Payloads are made when the test runs (the project directory exists from beforeAll on).
  const cases: [string, string, () => Obj, (r: HostReply) => void][] = [
    [
      'a file_path guard sees the Write an Add File is',
      'protect-env.py',
      () =>
        payload('PreToolUse-apply_patch-add', {
          tool_input: {
            command: '*** Begin Patch\n*** Add File: notes.txt\n+x\n*** Add File: .env\n+KEY=1\n*** End Patch\n',
          },
        }),
      (r) =>
        expect(json(r).hookSpecificOutput).toEqual({
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: `protect-env: ${proj}/.env holds secrets`,
        }),
    ],
    [
      'the guard allows a patch that leaves .env alone: no answer',
      'protect-env.py',
      () => payload('PreToolUse-apply_patch-two-files'),
      (r) => expect(r.stdout).toBe(''),
    ],
    [
      'a Delete File is an rm a Bash guard sees',
      'codex/no-rm.sh',
      () => payload('PreToolUse-apply_patch-delete'),
      (r) => expect(json(r).hookSpecificOutput.permissionDecisionReason).toBe('no-rm: rm e06.txt'),
    ],
    [
      'an Edit rewrite becomes a patch',
      'codex/edit-rewrite.sh',
      () => payload('PreToolUse-apply_patch-update'),
      (r) =>
        expect(json(r).hookSpecificOutput).toEqual({
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          updatedInput: {
            command: '*** Begin Patch\n*** Update File: notes.txt\n@@\n-hello notes\n+BYE notes\n*** End Patch\n',
          },
        }),
    ],
    [
      'a Write rewrite of one file of two becomes a patch with both',
      'codex/write-header.sh',
      () => payload('PreToolUse-apply_patch-two-files'),
      (r) =>
        expect(json(r).hookSpecificOutput.updatedInput).toEqual({
          command:
            '*** Begin Patch\n*** Add File: e05a.txt\n+# generated\n+a\n*** ' +
            'Add File: e05b.txt\n+# generated\n+b\n*** End Patch\n',
        }),
    ],
    [
      'a Bash rewrite keeps only {command}',
      'rewrite.js',
      () => payload('PreToolUse-Bash', { tool_input: { command: 'echo original' } }),
      (r) => expect(json(r).hookSpecificOutput.updatedInput).toEqual({ command: 'echo rewritten' }),
    ],
    [
      'ask is a deny with the reason (Codex voids ask)',
      'codex/ask.sh',
      () => payload('PreToolUse-Bash'),
      (r) =>
        expect(json(r).hookSpecificOutput).toMatchObject({
          permissionDecision: 'deny',
          permissionDecisionReason: 'ask: confirm this command',
        }),
    ],
    [
      'a bare allow is no answer (Codex voids it)',
      'codex/allow.sh',
      () => payload('PreToolUse-Bash'),
      (r) => expect(r).toMatchObject({ stdout: '', exitCode: 0 }),
    ],
    [
      'continue:false on PreToolUse is a deny with the stopReason',
      'codex/continue-false.sh',
      () => payload('PreToolUse-Bash'),
      (r) =>
        expect(json(r)).toEqual({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'continue-false: enough for today',
          },
        }),
    ],
    [
      'exit 2 on Bash: a JSON deny with the stderr reason',
      'block-rm.sh',
      () => payload('PreToolUse-Bash', { tool_input: { command: 'rm -rf /' } }),
      (r) =>
        expect(json(r).hookSpecificOutput.permissionDecisionReason).toBe('block-rm: destructive command: rm -rf /'),
    ],
    [
      'PostToolUse Bash: the merged output is stdout',
      'codex/post-echo.sh',
      () => payload('PostToolUse-Bash-stdout-and-stderr'),
      (r) =>
        expect(JSON.parse(json(r).hookSpecificOutput.additionalContext.slice(5))).toMatchObject({
          stdout: 'out1\nerr1\nout2',
          stderr: '',
        }),
    ],
    [
      'PostToolUse apply_patch: a lint gate sees the Write with its content',
      'post-lint-gate.py',
      () =>
        payload('PostToolUse-apply_patch-add', {
          tool_input: { command: '*** Begin Patch\n*** Add File: a.py\n+# TODO\n*** End Patch\n' },
        }),
      (r) => expect(json(r)).toEqual({ decision: 'block', reason: 'lint-gate: a.py still has a TODO' }),
    ],
    [
      'an update of two chunks is one Edit; its rewrite is one chunk that applies',
      'codex/edit-rewrite.sh',
      () =>
        payload('PreToolUse-apply_patch-update', {
          tool_input: {
            command:
              '*** Begin Patch\n*** Update File: multi.txt\n@@\n-two\n+bye two\n@@\n-five\n+bye five\n*** End Patch\n',
          },
        }),
      (r) =>
        expect(json(r).hookSpecificOutput.updatedInput).toEqual({
          command:
            '*** Begin Patch\n*** Update File: ' +
            'multi.txt\n@@\n-two\n-three\n-four\n-five\n+BYE two\n+three\n+four\n+BYE five\n*** End Patch\n',
        }),
    ],
    [
      'a patch Codex rejects itself: the hook does not run, nothing is answered',
      'codex/ask.sh',
      () => payload('PreToolUse-apply_patch-add', { tool_input: { command: 'not a patch' } }),
      (r) =>
        expect(r).toMatchObject({
          stdout: '',
          exitCode: 0,
          stderr: expect.stringContaining("the first line of the patch must be '*** Begin Patch'"),
        }),
    ],
    [
      'Stop block, once: stop_hook_active honoured',
      'stop-once.sh',
      () => payload('Stop'),
      (r) => expect(json(r)).toEqual({ decision: 'block', reason: 'stop-once: summarise before stopping' }),
    ],
    [
      'Stop block, second time: no answer',
      'stop-once.sh',
      () => payload('Stop-stop_hook_active-true'),
      (r) => expect(r.stdout).toBe(''),
    ],
  ];
  for (const [what, script, make, check] of cases) {
    it(`${what} (${script})`, async () => {
      const p = make();
      const r = await codexRuns(S(script), p);
      expect(codexAccepts(p.hook_event_name, r)).toBe(true);
      check(r);
    });
  }
  it('a Stop hook that always blocks lets the turn end at the 9th block in a row, as Claude Code does', async () => {
    const p = payload('Stop', { session_id: `loop-${Date.now()}` });
    const blocked: boolean[] = [];
    for (let i = 0; i < 10; i++)
      blocked.push(
        (await codexRuns(S('codex/stop-always.sh'), { ...p, stop_hook_active: i > 0 })).stdout.includes('"block"'),
      );
    expect(blocked).toEqual([true, true, true, true, true, true, true, true, false, true]);
  });
});

describe('run --from codex --to claude: a Codex script under Claude Code', () => {
  const claudeRuns = (script: string, p: Obj) =>
    new Promise<HostReply>((res) => {
      const c = spawn(process.execPath, [BIN, 'run', '--from', 'codex', '--to', 'claude', '-c', S(script)], {
        cwd: proj,
        env: cleanEnv({ CLAUDE_PROJECT_DIR: proj }),
      });
      let stdout = '';
      c.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      c.on('close', (code) => res({ stdout, stderr: '', exitCode: code ?? -1 }));
      c.stdin.end(`${JSON.stringify(p)}\n`);
    });
  const pre = (tool: string, input: Obj) => ({
    session_id: 's',
    transcript_path: '',
    cwd: proj,
    hook_event_name: 'PreToolUse',
    permission_mode: 'default',
    tool_name: tool,
    tool_input: input,
    tool_use_id: 't',
  });
  it("a patch guard denies Claude's Write of .env", async () =>
    expect(
      JSON.parse(
        (await claudeRuns('codex/codex-patch-guard.sh', pre('Write', { file_path: `${proj}/.env`, content: 'K=1\n' })))
          .stdout,
      ).hookSpecificOutput,
    ).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: 'codex-patch-guard: .env is off limits' }));
  it("a patch rewrite is Claude's Write with the new content", async () =>
    expect(
      JSON.parse(
        (
          await claudeRuns(
            'codex/codex-patch-rewrite.sh',
            pre('Write', { file_path: `${proj}/x.txt`, content: 'hello\n' }),
          )
        ).stdout,
      ).hookSpecificOutput,
    ).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      updatedInput: { file_path: `${proj}/x.txt`, content: 'HELLO\n' },
    }));
  it("a patch rewrite is Claude's Edit with the new strings", async () =>
    expect(
      JSON.parse(
        (
          await claudeRuns(
            'codex/codex-patch-rewrite.sh',
            pre('Edit', { file_path: `${proj}/notes.txt`, old_string: 'notes', new_string: 'hello' }),
          )
        ).stdout,
      ).hookSpecificOutput.updatedInput,
    ).toEqual({
      file_path: `${proj}/notes.txt`,
      old_string: 'hello notes',
      new_string: 'HELLO HELLO',
      replace_all: false,
    }));
});

describe('no answer run sends to Codex has a key or value outside what Codex accepts', () => {
  const events = [
    'PreToolUse',
    'PostToolUse',
    'UserPromptSubmit',
    'SessionStart',
    'Stop',
    'SubagentStop',
    'PreCompact',
    'PostCompact',
    'SessionEnd',
    'SubagentStart',
  ];
  const str = fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ maxLength: 8 }));
  // Any Claude Code answer: every field Claude reads, with right and wrong values, at the exit codes that matter.
  const claudeAnswer = fc.record(
    {
      continue: fc.boolean(),
      stopReason: str,
      suppressOutput: fc.boolean(),
      systemMessage: str,
      decision: fc.constantFrom('block', 'approve', 'deny', 'ask', 'allow'),
      reason: str,
      extra: fc.integer(),
      hookSpecificOutput: fc.record(
        {
          hookEventName: fc.constantFrom(...events, 'Bogus'),
          permissionDecision: fc.constantFrom('allow', 'deny', 'ask', 'defer'),
          permissionDecisionReason: str,
          updatedInput: fc.constantFrom(
            { command: 'echo other' },
            { command: 'echo other', description: 'd' },
            { file_path: '/x', content: 'c' },
          ),
          additionalContext: str,
          decision: fc.record({ behavior: fc.constantFrom('allow', 'deny'), message: str }, { requiredKeys: [] }),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );
  const result = fc.record({
    answer: claudeAnswer,
    exitCode: fc.constantFrom(0, 0, 0, 1, 2),
    stderr: str,
    plain: fc.boolean(),
  });
  it('emit(readAnswer(any Claude answer)) fits the schema, on every event, under every --ask', () =>
    fc.assert(
      fc.property(
        fc.constantFrom(...events),
        result,
        fc.constantFrom(undefined, 'ask', 'deny', 'allow'),
        (hostEvent, g, ask) => {
          const ev = translatePayload(
            { hook_event_name: hostEvent, tool_name: 'Bash' } as Payload,
            'codex',
            'claude',
            {},
          ).event;
          const r: ScriptResult = {
            exitCode: g.exitCode,
            stdout: g.plain ? 'plain text' : JSON.stringify(g.answer),
            stderr: g.stderr,
            timedOut: false,
          };
          const a = readAnswer('claude', ev, r, { command: 'echo hi' }, 'shell');
          const reply = emit(
            a,
            { host: 'codex', script: 'claude', event: ev, hostEvent, tool: 'shell', hostTool: 'Bash' },
            { rewrite: 'deny', ...(ask ? { ask } : {}) },
          );
          expect(codexAccepts(hostEvent, reply)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    ));
  it('the schema itself rejects what Codex voided (d08-d13, d17, d21-d23, d25, d28, st06)', () => {
    const voided =
      readdirSync(GT).length &&
      JSON.parse(readFileSync(resolve(GT, '../decision-tests.json'), 'utf8')).tests.filter((t: Obj) =>
        /^(d0[89]|d1[0237]|d2[12358]|st06)$/.test(t.id),
      );
    expect(voided.length).toBe(12);
    for (const t of voided) {
      const [key, resp] = Object.entries(t.hook_response as Obj).find(([k]) => k.startsWith('h:'))!;
      expect(
        codexAccepts(key.slice(2), { stdout: JSON.stringify(resp.stdout), stderr: '', exitCode: 0 }),
        t.id,
      ).not.toBe(true);
    }
  });
  it('and accepts what Codex honoured (d06, d07, d11, d19, d20, d24, d29, d30, e03, u02, u03, s02, st01)', () => {
    const honoured = JSON.parse(readFileSync(resolve(GT, '../decision-tests.json'), 'utf8')).tests.filter((t: Obj) =>
      /^(d06|d07|d11|d19|d20|d24|d29|e03|u02|u03|s02|st01)$/.test(t.id),
    );
    expect(honoured.length).toBe(12);
    for (const t of honoured) {
      const [key, resp] = Object.entries(t.hook_response as Obj).find(([k]) => k.startsWith('h:'))!;
      expect(codexAccepts(key.slice(2), { stdout: JSON.stringify(resp.stdout), stderr: '', exitCode: 0 }), t.id).toBe(
        true,
      );
    }
  });
});

describe('a Codex script answer that Codex voids has no effect under Claude Code either', () => {
  const r = (stdout: unknown, exitCode = 0, stderr = ''): ScriptResult => ({
    exitCode,
    stdout: typeof stdout === 'string' ? stdout : JSON.stringify(stdout),
    stderr,
    timedOut: false,
  });
  const hso = (o: Obj) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...o } });
  const cases: [string, ScriptResult, Obj][] = [
    [
      'deny + reason (d06)',
      r(hso({ permissionDecision: 'deny', permissionDecisionReason: 'R' })),
      { decision: 'deny', reason: 'R' },
    ],
    ['block + reason (d07)', r({ decision: 'block', reason: 'B' }), { decision: 'deny', reason: 'B' }],
    [
      'allow + updatedInput (d11)',
      r(hso({ permissionDecision: 'allow', updatedInput: { command: 'x' } })),
      { decision: 'allow', updatedInput: { command: 'x' } },
    ],
    ['exit 2 + stderr (d02)', r('', 2, 'E'), { decision: 'deny', reason: 'E' }],
    ['ask (d10)', r(hso({ permissionDecision: 'ask', permissionDecisionReason: 'A' })), {}],
    ['allow alone (d09)', r(hso({ permissionDecision: 'allow' })), {}],
    ['updatedInput without allow (d12)', r(hso({ updatedInput: { command: 'x' } })), {}],
    ['continue:false (d13)', r({ continue: false, stopReason: 'S' }), {}],
    ['deny without reason (d21)', r(hso({ permissionDecision: 'deny' })), {}],
    [
      'an unknown key (d23)',
      r({ ...hso({ permissionDecision: 'deny', permissionDecisionReason: 'R' }), extraField: 1 }),
      {},
    ],
    ['decision deny (d25)', r({ decision: 'deny', reason: 'R' }), {}],
    ['exit 2 with an empty stderr (d15)', r(hso({ permissionDecision: 'deny', permissionDecisionReason: 'R' }), 2), {}],
  ];
  for (const [what, result, expected] of cases)
    it(what, () =>
      expect(readAnswer('codex', 'pre-tool-use', result, { command: 'echo' }, 'shell')).toEqual({
        context: [],
        ...expected,
      }),
    );
});

describe('dispatch --to codex: a Claude hook set on apply_patch', () => {
  const dispatchRuns = (p: Obj, config: string) =>
    new Promise<HostReply>((res) => {
      const cmd =
        `${shellQuote(process.execPath)} ${shellQuote(BIN)} dispatch --to codex --from claude --config ` +
        `${shellQuote(config)}`;
      const c = spawn('/bin/bash', ['-c', cmd], { cwd: p.cwd, env: cleanEnv({ SHELL: '/bin/bash' }) });
      let stdout = '';
      let stderr = '';
      c.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      c.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      c.on('close', (code) => res({ stdout, stderr, exitCode: code ?? -1 }));
      c.stdin.end(JSON.stringify(p));
    });
  const settings = () => {
    const f = join(proj, 'dispatch-settings.json');
    const hook = (matcher: string, script: string) => ({
      matcher,
      hooks: [{ type: 'command', command: shellQuote(S(script)) }],
    });
    writeFileSync(
      f,
      JSON.stringify({ hooks: { PreToolUse: [hook('Write|Edit', 'protect-env.py'), hook('Bash', 'codex/no-rm.sh')] } }),
    );
    return f;
  };
  const patch = (text: string) =>
    payload('PreToolUse-apply_patch-add', { tool_input: { command: `*** Begin Patch\n${text}\n*** End Patch\n` } });
  it('the Write|Edit guard sees the Write of .env', async () => {
    const r = await dispatchRuns(patch('*** Add File: .env\n+K=1'), settings());
    expect(codexAccepts('PreToolUse', r)).toBe(true);
    expect(json(r).hookSpecificOutput.permissionDecisionReason).toBe(`protect-env: ${proj}/.env holds secrets`);
  });
  it('the Bash guard sees the rm of a Delete File, not the Write', async () => {
    expect(
      json(await dispatchRuns(patch('*** Delete File: old.txt'), settings())).hookSpecificOutput
        .permissionDecisionReason,
    ).toBe('no-rm: rm old.txt');
    expect((await dispatchRuns(patch('*** Add File: fine.txt\n+x'), settings())).stdout).toBe('');
  });
});

it(
  'continue:false from a Claude SessionStart hook is not sent to Codex: Claude ' +
    'Code ignores it (claude s04), Codex would end the run (s03)',
  () => {
    const a = readAnswer(
      'claude',
      'session-start',
      { exitCode: 0, stdout: '{"continue":false,"stopReason":"S"}', stderr: '', timedOut: false },
      undefined,
    );
    expect(
      emit(
        a,
        {
          host: 'codex',
          script: 'claude',
          event: 'session-start',
          hostEvent: 'SessionStart',
          tool: undefined,
          hostTool: undefined,
        },
        { rewrite: 'deny' },
      ).stdout,
    ).toBe('');
  },
);

describe('run --calls: a patch runs the script only for the calls its Claude matcher fires for', () => {
  // A guard that records each call it sees and denies it: which calls reached it is the log.
  const guard = (log: string) =>
    `jq -c '[.tool_name, .tool_input.file_path // .tool_input.command]' >> ${shellQuote(log)}; echo 'not this ` +
    `file' >&2; exit 2`;
  const seen = (log: string) =>
    readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  const fresh = () => {
    const log = join(mkdtempSync(join(tmpdir(), 'hb-calls-')), 'seen.jsonl');
    writeFileSync(log, '');
    return log;
  };
  const patch = (body: string) =>
    payload('PreToolUse-apply_patch-update', { tool_input: { command: `*** Begin Patch\n${body}*** End Patch\n` } });
  it('a Write-only hook does not see an update: no answer, the patch runs', async () => {
    const log = fresh();
    const r = await codexRuns(guard(log), payload('PreToolUse-apply_patch-update'), {}, ' --calls Write');
    expect(r).toMatchObject({ exitCode: 0, stdout: '' });
    expect(seen(log)).toEqual([]);
  });
  it('the same hook sees an added file and denies it', async () => {
    const log = fresh();
    const r = await codexRuns(guard(log), payload('PreToolUse-apply_patch-add'), {}, ' --calls Write');
    expect(json(r).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(seen(log)).toEqual([['Write', `${proj}/notes.txt`]]);
  });
  it(
    'a Write|Edit hook sees the Write and the Edit of a patch, not ' + 'its rm (Claude would have run that as Bash)',
    async () => {
      const log = fresh();
      await codexRuns(
        guard(log),
        patch(
          '*** Add File: n1.txt\n+x\n*** Update File: ' +
            'notes.txt\n@@\n-hello notes\n+bye notes\n*** Delete File: multi.txt\n',
        ),
        {},
        ' --calls Write,Edit',
      );
      expect(seen(log)).toEqual([
        ['Write', `${proj}/n1.txt`],
        ['Edit', `${proj}/notes.txt`],
      ]);
    },
  );
  it('without --calls every call of the patch reaches the script', async () => {
    const log = fresh();
    await codexRuns(guard(log), patch('*** Add File: n1.txt\n+x\n*** Delete File: multi.txt\n'));
    expect(seen(log)).toEqual([
      ['Write', `${proj}/n1.txt`],
      ['Bash', 'rm multi.txt'],
    ]);
  });
  it('a name that is no tool of the script agent is a usage error, answered as a deny (fails closed)', async () => {
    const r = await codexRuns('true', payload('PreToolUse-apply_patch-add'), {}, ' --calls Write,Nope');
    expect(r.stdout + r.stderr).toContain('"Nope" is none');
    expect(codexAccepts('PreToolUse', r)).toBe(true);
    expect(r.exitCode === 2 || json(r).hookSpecificOutput?.permissionDecision === 'deny').toBe(true);
  });
});

describe('run --from copilot --to codex: a Copilot script sees each file call of a patch in its own fields', () => {
  it('an .env guard reading toolName and toolArgs.path denies an Add File of .env', async () => {
    const log = join(proj, 'copilot-saw.jsonl');
    const guard = `node -e ${shellQuote(
      `let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{const p=JSON.parse(s);` +
        `require('fs').appendFileSync(${JSON.stringify(log)},JSON.stringify([p.toolName,p.toolArgs])+'\\n');` +
        `if(p.toolName==='create'&&String(p.toolArgs.path).endsWith('.env'))console.log(JSON.stringify(` +
        `{permissionDecision:'deny',permissionDecisionReason:'COPILOT-ENV-GUARD'}))})`,
    )}`;
    const p = payload('PreToolUse-apply_patch-add', {
      tool_input: {
        command: '*** Begin Patch\n*** Add File: notes.txt\n+x\n*** Add File: .env\n+KEY=1\n*** End Patch\n',
      },
    });
    const wrapped =
      `${shellQuote(process.execPath)} ${shellQuote(BIN)} run --from copilot --to codex -c ` + shellQuote(guard);
    const r = await spawnCollect(
      '/bin/bash',
      ['-c', wrapped],
      { cwd: p.cwd as string, env: cleanEnv({ SHELL: '/bin/bash' }) },
      JSON.stringify(p),
    );
    expect(
      readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      ['create', { path: join(proj, 'notes.txt'), file_text: 'x\n' }],
      ['create', { path: join(proj, '.env'), file_text: 'KEY=1\n' }],
    ]);
    expect(JSON.parse(r.stdout).hookSpecificOutput).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'COPILOT-ENV-GUARD',
    });
  });
});
