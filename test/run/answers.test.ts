// A Claude script's answer, read under Claude's rules, and the exact reply each host gets.
// Ids in comments are the ground-truth decision tests (test/fixtures/ground-truth/<agent>/decision-tests.json).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runCli, cleanEnv } from './cli.js';
import { describe, expect, it } from 'vitest';
import { readAnswer, type ScriptResult } from '../../src/run/answer.js';
import { emit, type EmitOptions, type HostReply } from '../../src/run/emit.js';

const GT = resolve(import.meta.dirname, '../fixtures/ground-truth');
type Host = 'qwen' | 'codebuddy' | 'codebuddy-ide' | 'claude';
const HOSTS: Host[] = ['qwen', 'codebuddy', 'codebuddy-ide', 'claude'];
const EVENT: Record<string, string> = {
  'pre-tool-use': 'PreToolUse',
  'post-tool-use': 'PostToolUse',
  'permission-request': 'PermissionRequest',
  'user-prompt-submit': 'UserPromptSubmit',
  'session-start': 'SessionStart',
  stop: 'Stop',
};
const SHELL_NAME: Record<Host, string> = {
  qwen: 'run_shell_command',
  codebuddy: 'Bash',
  'codebuddy-ide': 'execute_command',
  claude: 'Bash',
};
const WRITE_NAME: Record<Host, string> = {
  qwen: 'write_file',
  codebuddy: 'Write',
  'codebuddy-ide': 'write_to_file',
  claude: 'Write',
};

const j = (o: unknown) => JSON.stringify(o);
const hso = (ev: string, o: object) => j({ hookSpecificOutput: { hookEventName: ev, ...o } });
const reply = (stdout: object | '', stderr = '', exitCode = 0): HostReply => ({
  stdout: stdout === '' ? '' : `${j(stdout)}\n`,
  stderr,
  exitCode,
});
const NONE = reply('');
const deny = (reason: string, ev = 'PreToolUse') =>
  reply({ hookSpecificOutput: { hookEventName: ev, permissionDecision: 'deny', permissionDecisionReason: reason } });
const allow = (extra: object = {}) =>
  reply({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', ...extra } });
const block = (reason: string) => reply({ decision: 'block', reason });
/** The CodeBuddy IDE's only block: exit 2, the reason on stderr, stdout empty (seed 003). */
const exit2 = (reason: string, note?: string): HostReply => ({
  stdout: '',
  stderr: note ? `${reason}\n${note}` : reason,
  exitCode: 2,
});
const STOP_NOTE = (agent: string) =>
  `hook-bridge: continue:false on Stop would make ${agent} continue; letting it stop instead`;
const context = (ev: string, ctx: string) =>
  reply({ hookSpecificOutput: { hookEventName: ev, additionalContext: ctx } });
const all = (r: HostReply): Record<Host, HostReply> => ({ qwen: r, codebuddy: r, 'codebuddy-ide': r, claude: r });
const qwenRewrite = (tool: string, input: object) =>
  `A hook rewrote this call, but Qwen Code cannot apply rewritten input, so hook-bridge blocked it instead of ` +
  `running the original. Re-issue the call as: ${tool} ${j(input)}`;

interface Case {
  id: string;
  event: string;
  tool?: 'shell' | 'file.write';
  out?: string;
  err?: string;
  exit?: number;
  opts?: Partial<EmitOptions>;
  /** originalInput in Claude's names */
  input?: Record<string, unknown>;
  expect: Record<Host, HostReply>;
}

const BASH_IN = { command: 'echo hi', description: 'd' };
const cases: Case[] = [
  // --- PreToolUse: denies in every form reach every host as a deny (d02, d03, d06, d08, d18, d19)
  {
    id: 'd02 exit 2 + stderr',
    event: 'pre-tool-use',
    err: 'STDERR-D02 blocked\n',
    exit: 2,
    expect: all(deny('STDERR-D02 blocked')),
  },
  // Claude takes the reason from stderr (d03); CodeBuddy would take stdout (t03): the host gets Claude's reason, and
  // the script's stdout never leaks.
  {
    id: 'd03 exit 2 + stdout + stderr',
    event: 'pre-tool-use',
    out: 'STDOUT-D03',
    err: 'STDERR-D03',
    exit: 2,
    expect: all(deny('STDERR-D03')),
  },
  {
    id: 'd08 permissionDecision deny',
    event: 'pre-tool-use',
    out: hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'REASON-D08' }),
    expect: all(deny('REASON-D08')),
  },
  {
    id: 'd18 deny JSON with exit 1',
    event: 'pre-tool-use',
    out: hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'REASON-D18' }),
    exit: 1,
    expect: all(deny('REASON-D18')),
  },
  {
    id: 'd19 deny JSON with exit 2: the JSON reason wins',
    event: 'pre-tool-use',
    out: hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'REASON-D19' }),
    err: 'STDERR-D19',
    exit: 2,
    expect: all(deny('REASON-D19')),
  },
  {
    id: 'd06 legacy decision block',
    event: 'pre-tool-use',
    out: j({ decision: 'block', reason: 'REASON-D06' }),
    expect: all(deny('REASON-D06')),
  },
  {
    id: 'legacy block inside a hookSpecificOutput without hookEventName still denies',
    event: 'pre-tool-use',
    out: j({ decision: 'block', reason: 'R', hookSpecificOutput: { permissionDecision: 'allow' } }),
    expect: all(deny('R')),
  },
  // --- allow: never emitted to Qwen (last-writer-wins would override another hook's deny, ag01)
  {
    id: 'd09 permissionDecision allow',
    event: 'pre-tool-use',
    out: hso('PreToolUse', { permissionDecision: 'allow', permissionDecisionReason: 'REASON-D09' }),
    expect: {
      qwen: NONE,
      codebuddy: allow({ permissionDecisionReason: 'REASON-D09' }),
      'codebuddy-ide': allow({ permissionDecisionReason: 'REASON-D09' }),
      claude: allow({ permissionDecisionReason: 'REASON-D09' }),
    },
  },
  // the reason goes with the allow, as permissionDecisionReason's does (Claude Code shows it to the user; issue 24)
  {
    id: 'd07 legacy approve',
    event: 'pre-tool-use',
    out: j({ decision: 'approve', reason: 'REASON-D07' }),
    expect: {
      qwen: NONE,
      codebuddy: allow({ permissionDecisionReason: 'REASON-D07' }),
      'codebuddy-ide': allow({ permissionDecisionReason: 'REASON-D07' }),
      claude: allow({ permissionDecisionReason: 'REASON-D07' }),
    },
  },
  // --- ask: headless Claude denies with the reason (d10, d10b); --ask deny is the default
  {
    id: 'd10 ask -> deny with the reason',
    event: 'pre-tool-use',
    out: hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'REASON-D10' }),
    expect: all(deny('REASON-D10')),
  },
  {
    id: 'ask without a reason -> deny with one',
    event: 'pre-tool-use',
    out: hso('PreToolUse', { permissionDecision: 'ask' }),
    expect: all(deny('a hook asked for confirmation, which this agent cannot show')),
  },
  // Default (no --ask): relayed where the host asks a person and denies headless, as Claude Code does (Qwen: seed 004,
  // 0.24.4 bundle; the IDE: seed 003); denied with the reason on CodeBuddy Code (hangs in -p, runs the tool under -y).
  {
    id: 'ask with the default --ask',
    event: 'pre-tool-use',
    opts: { ask: undefined },
    out: hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'R' }),
    expect: {
      ...all(
        reply({
          hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'R' },
        }),
      ),
      codebuddy: deny('R'),
    },
  },
  {
    id: 'ask with --ask ask',
    event: 'pre-tool-use',
    opts: { ask: 'ask' },
    out: hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'R' }),
    expect: all(
      reply({
        hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'R' },
      }),
    ),
  },
  {
    id: 'ask with --ask allow',
    event: 'pre-tool-use',
    opts: { ask: 'allow' },
    out: hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'R' }),
    expect: {
      qwen: NONE,
      codebuddy: allow({ permissionDecisionReason: 'R' }),
      'codebuddy-ide': allow({ permissionDecisionReason: 'R' }),
      claude: allow({ permissionDecisionReason: 'R' }),
    },
  },
  // --- updatedInput: Qwen ignores rewrites (d13, d14, d21) -> deny naming the rewritten call; CodeBuddy merges (t30);
  // the IDE reads modifiedInput
  {
    id: 'd11 updatedInput (full) + allow',
    event: 'pre-tool-use',
    input: BASH_IN,
    out: hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo NEW', description: 'd' } }),
    expect: {
      qwen: deny(qwenRewrite('run_shell_command', { command: 'echo NEW', description: 'd' })),
      codebuddy: allow({ updatedInput: { command: 'echo NEW', description: 'd' } }),
      'codebuddy-ide': allow({ modifiedInput: { command: 'echo NEW', description: 'd' } }),
      claude: allow({ updatedInput: { command: 'echo NEW', description: 'd' } }),
    },
  },
  {
    id: 'd12 updatedInput without permissionDecision, Claude parameter names translated',
    event: 'pre-tool-use',
    input: BASH_IN,
    out: hso('PreToolUse', { updatedInput: { command: 'sleep 1', run_in_background: true } }),
    expect: {
      qwen: deny(qwenRewrite('run_shell_command', { command: 'sleep 1', is_background: true })),
      codebuddy: reply({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          updatedInput: { command: 'sleep 1', run_in_background: true },
        },
      }),
      'codebuddy-ide': reply({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          modifiedInput: { command: 'sleep 1', run_in_background: true },
        },
      }),
      claude: reply({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          updatedInput: { command: 'sleep 1', run_in_background: true },
        },
      }),
    },
  },
  {
    id: 'partial updatedInput on Write (Claude replaces; passed on as the script wrote it)',
    event: 'pre-tool-use',
    tool: 'file.write',
    input: { file_path: '/p/a.txt', content: 'ORIG\n' },
    out: hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { content: 'PARTIAL\n' } }),
    expect: {
      qwen: deny(qwenRewrite('write_file', { content: 'PARTIAL\n' })),
      codebuddy: allow({ updatedInput: { content: 'PARTIAL\n' } }),
      'codebuddy-ide': allow({ modifiedInput: { content: 'PARTIAL\n' } }),
      claude: allow({ updatedInput: { content: 'PARTIAL\n' } }),
    },
  },
  {
    id: 'updatedInput with --rewrite ignore: Qwen runs the original, with a warning',
    event: 'pre-tool-use',
    opts: { rewrite: 'ignore' },
    input: BASH_IN,
    out: hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo NEW' } }),
    expect: {
      qwen: reply('', 'hook-bridge: Qwen Code ignores input rewrites; the original input runs (--rewrite ignore)'),
      codebuddy: allow({ updatedInput: { command: 'echo NEW' } }),
      'codebuddy-ide': allow({ modifiedInput: { command: 'echo NEW' } }),
      claude: allow({ updatedInput: { command: 'echo NEW' } }),
    },
  },
  // A rewriter that hands the call back unchanged (keys in another order, or a merge that changes nothing) is not a
  // rewrite:
  // Qwen must not deny "re-issue the call as …" the very same call (the agent would loop).
  {
    id: 'updatedInput equal to the input is not a rewrite',
    event: 'pre-tool-use',
    input: BASH_IN,
    out: hso('PreToolUse', { updatedInput: { description: 'd', command: 'echo hi' } }),
    expect: all(NONE),
  },
  {
    id: 'updatedInput equal to the input + allow: only the allow remains',
    event: 'pre-tool-use',
    input: BASH_IN,
    out: hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { ...BASH_IN } }),
    expect: { qwen: NONE, codebuddy: allow(), 'codebuddy-ide': allow(), claude: allow() },
  },
  {
    id: 'updatedInput next to a deny: the deny wins, nothing rewritten',
    event: 'pre-tool-use',
    out: hso('PreToolUse', {
      permissionDecision: 'deny',
      permissionDecisionReason: 'R',
      updatedInput: { command: 'x' },
    }),
    expect: all(deny('R')),
  },
  // --- no decision on Claude: no deny anywhere (d01, d04, d05, d12b, d17, d17b, d20)
  { id: 'd01 plain stdout', event: 'pre-tool-use', out: 'PLAIN-STDOUT-D01', expect: all(NONE) },
  { id: 'd04 exit 1 + stderr', event: 'pre-tool-use', err: 'STDERR-D04', exit: 1, expect: all(NONE) },
  { id: 'd05 exit 3 + stderr', event: 'pre-tool-use', err: 'STDERR-D05', exit: 3, expect: all(NONE) },
  { id: 'd17 invalid JSON', event: 'pre-tool-use', out: '{not json D17', expect: all(NONE) },
  {
    id: 'd17b JSON with wrong types',
    event: 'pre-tool-use',
    out: j({ decision: 123, hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'nope' } }),
    expect: all(NONE),
  },
  // Claude reads "text then JSON" as plain text: the deny is lost on Claude itself, so no host may deny either.
  {
    id: 'd20 text before a deny JSON',
    event: 'pre-tool-use',
    out: `some log line\n${hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'REASON-D20' })}`,
    expect: all(NONE),
  },
  // Claude ignores hookSpecificOutput without hookEventName (d12b), though Qwen and CodeBuddy would honour it (t28).
  {
    id: 'd12b hookSpecificOutput without hookEventName',
    event: 'pre-tool-use',
    out: j({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'R' } }),
    expect: all(NONE),
  },
  // --- other PreToolUse fields pass through
  {
    id: 'd13 continue:false + stopReason on PreToolUse',
    event: 'pre-tool-use',
    out: j({ continue: false, stopReason: 'STOP-D13' }),
    expect: all(reply({ continue: false, stopReason: 'STOP-D13' })),
  },
  {
    id: 'd14 suppressOutput + systemMessage',
    event: 'pre-tool-use',
    out: j({ suppressOutput: true, systemMessage: 'SYSMSG-D14' }),
    expect: all(reply({ systemMessage: 'SYSMSG-D14', suppressOutput: true })),
  },
  {
    id: 'd15 systemMessage',
    event: 'pre-tool-use',
    out: j({ systemMessage: 'SYSMSG-D15' }),
    expect: all(reply({ systemMessage: 'SYSMSG-D15' })),
  },
  {
    id: 'd16 additionalContext on PreToolUse',
    event: 'pre-tool-use',
    out: hso('PreToolUse', { additionalContext: 'CTX-D16' }),
    expect: all(context('PreToolUse', 'CTX-D16')),
  },
  // --- PermissionRequest (pr02)
  {
    id: 'pr02 PermissionRequest deny',
    event: 'permission-request',
    tool: 'file.write',
    out: hso('PermissionRequest', { decision: { behavior: 'deny', message: 'PR-DENY-MSG' } }),
    // The IDE documents no PermissionRequest answer: the deny goes out in the form it documents.
    expect: {
      ...all(
        reply({
          hookSpecificOutput: {
            hookEventName: 'PermissionRequest',
            decision: { behavior: 'deny', message: 'PR-DENY-MSG' },
          },
        }),
      ),
      'codebuddy-ide': deny('PR-DENY-MSG', 'PermissionRequest'),
    },
  },
  // --- PostToolUse: Qwen and CodeBuddy drop blocks (qwen p02/p03, codebuddy u02/u03) -> the reason becomes context
  {
    id: 'p03 decision block on PostToolUse',
    event: 'post-tool-use',
    out: j({ decision: 'block', reason: 'REASON-P03' }),
    expect: {
      qwen: context('PostToolUse', 'REASON-P03'),
      codebuddy: context('PostToolUse', 'REASON-P03'),
      'codebuddy-ide': exit2('REASON-P03'),
      claude: block('REASON-P03'),
    },
  },
  {
    id: 'p02 exit 2 on PostToolUse',
    event: 'post-tool-use',
    err: 'STDERR-P02\n',
    exit: 2,
    expect: {
      qwen: context('PostToolUse', 'STDERR-P02'),
      codebuddy: context('PostToolUse', 'STDERR-P02'),
      'codebuddy-ide': exit2('STDERR-P02'),
      claude: block('STDERR-P02'),
    },
  },
  {
    id: 'block + additionalContext on PostToolUse: both reach the model',
    event: 'post-tool-use',
    out: j({
      decision: 'block',
      reason: 'R',
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'C' },
    }),
    expect: {
      qwen: context('PostToolUse', 'C\nR'),
      codebuddy: context('PostToolUse', 'C\nR'),
      'codebuddy-ide': exit2('R'),
      claude: reply({
        decision: 'block',
        reason: 'R',
        hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'C' },
      }),
    },
  },
  {
    id: 'p04 additionalContext on PostToolUse',
    event: 'post-tool-use',
    out: hso('PostToolUse', { additionalContext: 'CTX-P04' }),
    expect: all(context('PostToolUse', 'CTX-P04')),
  },
  { id: 'p01 plain stdout on PostToolUse is not context', event: 'post-tool-use', out: 'PLAIN-P01', expect: all(NONE) },
  { id: 'p07 exit 1 on PostToolUse', event: 'post-tool-use', err: 'STDERR-P07', exit: 1, expect: all(NONE) },
  // --- UserPromptSubmit / SessionStart
  {
    id: 'u01 plain stdout on UserPromptSubmit -> context',
    event: 'user-prompt-submit',
    out: 'PLAIN-U01\n',
    expect: all(context('UserPromptSubmit', 'PLAIN-U01')),
  },
  {
    id: 'u02 additionalContext on UserPromptSubmit',
    event: 'user-prompt-submit',
    out: hso('UserPromptSubmit', { additionalContext: 'CTX-U02' }),
    expect: all(context('UserPromptSubmit', 'CTX-U02')),
  },
  {
    id: 'u03 decision block on UserPromptSubmit',
    event: 'user-prompt-submit',
    out: j({ decision: 'block', reason: 'REASON-U03' }),
    expect: { ...all(block('REASON-U03')), 'codebuddy-ide': exit2('REASON-U03') },
  },
  {
    id: 'u04 exit 2 on UserPromptSubmit',
    event: 'user-prompt-submit',
    err: 'STDERR-U04',
    exit: 2,
    expect: { ...all(block('STDERR-U04')), 'codebuddy-ide': exit2('STDERR-U04') },
  },
  {
    id: 'u05 continue:false on UserPromptSubmit',
    event: 'user-prompt-submit',
    out: j({ continue: false, stopReason: 'STOP-U05' }),
    expect: all(reply({ continue: false, stopReason: 'STOP-U05' })),
  },
  {
    id: 'text before JSON on UserPromptSubmit: all of it is plain context',
    event: 'user-prompt-submit',
    out: `log\n${j({ decision: 'block', reason: 'R' })}\n`,
    expect: all(context('UserPromptSubmit', `log\n${j({ decision: 'block', reason: 'R' })}`)),
  },
  {
    id: 's01 plain stdout on SessionStart -> context',
    event: 'session-start',
    out: 'PLAIN-S01\n',
    expect: all(context('SessionStart', 'PLAIN-S01')),
  },
  {
    id: 's02 additionalContext on SessionStart',
    event: 'session-start',
    out: hso('SessionStart', { additionalContext: 'CTX-S02' }),
    expect: all(context('SessionStart', 'CTX-S02')),
  },
  {
    id: 's03 exit 2 on SessionStart is non-blocking',
    event: 'session-start',
    err: 'STDERR-S03',
    exit: 2,
    expect: all(NONE),
  },
  // --- Stop: a block keeps the agent going (st01, st02); continue:false stops it (st04) but makes Qwen continue (qwen
  // st03)
  {
    id: 'st01 decision block on Stop',
    event: 'stop',
    out: j({ decision: 'block', reason: 'REASON-ST01' }),
    expect: {
      qwen: block('REASON-ST01'),
      codebuddy: {
        ...block('REASON-ST01'),
        stderr: 'hook-bridge: CodeBuddy Code ignores Stop blocks when run headless',
      },
      'codebuddy-ide': exit2('REASON-ST01'),
      claude: block('REASON-ST01'),
    },
  },
  {
    id: 'st02 exit 2 on Stop',
    event: 'stop',
    err: 'STDERR-ST02',
    exit: 2,
    expect: {
      qwen: block('STDERR-ST02'),
      codebuddy: {
        ...block('STDERR-ST02'),
        stderr: 'hook-bridge: CodeBuddy Code ignores Stop blocks when run headless',
      },
      'codebuddy-ide': exit2('STDERR-ST02'),
      claude: block('STDERR-ST02'),
    },
  },
  {
    id:
      'st04 continue:false on Stop: forwarded only to Claude; elsewhere it would ' +
      'mean "go on" (qwen st03, codebuddy u11..u13, IDE seed 003)',
    event: 'stop',
    out: j({ continue: false, stopReason: 'STOP-ST04' }),
    expect: {
      qwen: reply({ systemMessage: 'STOP-ST04' }, STOP_NOTE('Qwen Code')),
      codebuddy: reply({ systemMessage: 'STOP-ST04' }, STOP_NOTE('CodeBuddy Code')),
      'codebuddy-ide': reply({ systemMessage: 'STOP-ST04' }, STOP_NOTE('CodeBuddy IDE plugin')),
      claude: reply({ continue: false, stopReason: 'STOP-ST04' }),
    },
  },
];

function hostReply(c: Case, host: Host): HostReply {
  const r: ScriptResult = { exitCode: c.exit ?? 0, stdout: c.out ?? '', stderr: c.err ?? '', timedOut: false };
  const tool = c.tool ?? (c.event.includes('tool') || c.event === 'permission-request' ? 'shell' : undefined);
  const answer = readAnswer('claude', c.event, r, c.input ?? (tool === 'shell' ? BASH_IN : undefined));
  const hostTool = tool === 'shell' ? SHELL_NAME[host] : tool === 'file.write' ? WRITE_NAME[host] : undefined;
  return emit(
    answer,
    { host, script: 'claude', event: c.event, hostEvent: EVENT[c.event]!, tool, hostTool },
    { ask: 'deny', rewrite: 'deny', ...c.opts },
  );
}

describe.each(HOSTS)('host %s, script written for Claude Code', (host) => {
  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const r = hostReply(c, host);
    expect(r).toEqual(c.expect[host]);
    // A reply that blocks through exit 2 keeps stdout empty (CodeBuddy reads an exit-2 reason from stdout first).
    if (r.exitCode === 2) expect(r.stdout).toBe('');
    // Qwen never receives allow.
    if (host === 'qwen') expect(r.stdout).not.toContain('"allow"');
  });
});

describe('readAnswer: the canonical answer under Claude rules', () => {
  const read = (out: string, exit = 0, err = '', timedOut = false, ev = 'pre-tool-use') =>
    readAnswer('claude', ev, { exitCode: timedOut ? null : exit, stdout: out, stderr: err, timedOut }, BASH_IN);
  it('exit 2 reason from stderr, trailing newline dropped', () =>
    expect(read('ignored', 2, 'why\n')).toEqual({ context: [], decision: 'deny', reason: 'why' }));
  it('a deny printed before a timeout still counts', () =>
    expect(
      read(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'early' }), 0, '', true),
    ).toEqual({ context: [], decision: 'deny', reason: 'early' }));
  it('a timed-out script with no output decides nothing', () => expect(read('', 0, '', true)).toEqual({ context: [] }));
  it('Claude replaces tool_input with updatedInput (no merge)', () =>
    expect(read(hso('PreToolUse', { updatedInput: { command: 'x' } })).updatedInput).toEqual({ command: 'x' }));
  it(
    'a replacing rewrite without a required parameter fails the call, as on ' +
      'Claude Code (observed); a merging host would have run it',
    () => {
      const write = { file_path: '/p/a.txt', content: 'ORIG' };
      const partial = hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { file_path: '/p/b.txt' } });
      const a = readAnswer(
        'claude',
        'pre-tool-use',
        { exitCode: 0, stdout: partial, stderr: '', timedOut: false },
        write,
        'file.write',
      );
      expect(a).toEqual({
        context: [],
        decision: 'deny',
        reason:
          'PreToolUse hook for Write returned updatedInput that failed schema ' +
          'validation: the required parameter `content` is missing',
      });
      const r = emit(
        a,
        {
          host: 'codebuddy',
          script: 'claude',
          event: 'pre-tool-use',
          hostEvent: 'PreToolUse',
          tool: 'file.write',
          hostTool: 'Write',
        },
        { ask: 'deny', rewrite: 'deny' },
      );
      expect(r.stdout).toContain('"permissionDecision":"deny"');
      expect(r.stdout).not.toContain('"updatedInput"');
      // Optional parameters may go: Bash without description is a valid replacement.
      expect(
        readAnswer(
          'claude',
          'pre-tool-use',
          { exitCode: 0, stdout: hso('PreToolUse', { updatedInput: { command: 'x' } }), stderr: '', timedOut: false },
          BASH_IN,
          'shell',
        ).updatedInput,
      ).toEqual({ command: 'x' });
      // Two required parameters missing, and a CodeBuddy script (merge) is never checked.
      expect(
        readAnswer(
          'claude',
          'pre-tool-use',
          {
            exitCode: 0,
            stdout: hso('PreToolUse', { updatedInput: { file_path: '/p/x' } }),
            stderr: '',
            timedOut: false,
          },
          { file_path: '/p/x', old_string: 'a', new_string: 'b' },
          'file.edit',
        ).reason,
      ).toMatch(/parameters `old_string`, `new_string` are missing$/);
      expect(
        readAnswer(
          'codebuddy',
          'pre-tool-use',
          { exitCode: 0, stdout: partial, stderr: '', timedOut: false },
          write,
          'file.write',
        ).updatedInput,
      ).toEqual({ file_path: '/p/b.txt', content: 'ORIG' });
    },
  );
  it('a CodeBuddy IDE script: modifiedInput is merged over the original, JSON without hookEventName honoured', () => {
    const a = readAnswer(
      'codebuddy-ide',
      'pre-tool-use',
      {
        exitCode: 0,
        stdout: j({ hookSpecificOutput: { modifiedInput: { filePath: '/p/final.txt' } } }),
        stderr: '',
        timedOut: false,
      },
      { filePath: '/p/draft.txt', content: 'c' },
    );
    expect(a).toEqual({ context: [], updatedInput: { filePath: '/p/final.txt', content: 'c' } });
    // Seed 003: on exit 2 stdout is ignored and stderr goes to the agent.
    const d = readAnswer(
      'codebuddy-ide',
      'pre-tool-use',
      { exitCode: 2, stdout: 'OUT', stderr: 'ERR', timedOut: false },
      undefined,
    );
    expect(d).toEqual({ context: [], decision: 'deny', reason: 'ERR' });
  });
  it('a CodeBuddy IDE rewrite reaches CodeBuddy Code as updatedInput with Claude parameter names', () => {
    const a = readAnswer(
      'codebuddy-ide',
      'pre-tool-use',
      {
        exitCode: 0,
        stdout: j({ hookSpecificOutput: { modifiedInput: { filePath: '/p/final.txt' } } }),
        stderr: '',
        timedOut: false,
      },
      { filePath: '/p/draft.txt', content: 'c' },
    );
    expect(
      emit(
        a,
        {
          host: 'codebuddy',
          script: 'codebuddy-ide',
          event: 'pre-tool-use',
          hostEvent: 'PreToolUse',
          tool: 'file.write',
          hostTool: 'Write',
        },
        { ask: 'deny', rewrite: 'deny' },
      ),
    ).toEqual(
      reply({
        hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { file_path: '/p/final.txt', content: 'c' } },
      }),
    );
  });
});

// --- through the CLI: the host-side behaviours that need `run` itself
const qwenPayload = (name: string, dir: string) =>
  JSON.stringify({ ...JSON.parse(readFileSync(join(GT, 'qwen/payloads', `${name}.json`), 'utf8')), cwd: dir });

describe.concurrent('run (CLI), host qwen, --from claude', () => {
  it('the empty-prompt UserPromptSubmit re-fire does not run the script (u01)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-run-ans-'));
    const r = await runCli(
      ['--from', 'claude', '--to', 'qwen', '-c', 'touch ran; echo CTX'],
      qwenPayload('UserPromptSubmit-tool-continuation-empty-prompt', dir),
      cleanEnv({ QWEN_PROJECT_DIR: dir }),
    );
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(join(dir, 'ran'))).toBe(false);
    // the real prompt does run it
    const r2 = await runCli(
      ['--from', 'claude', '--to', 'qwen', '-c', 'touch ran; echo CTX'],
      qwenPayload('UserPromptSubmit-initial', dir),
      cleanEnv({ QWEN_PROJECT_DIR: dir }),
    );
    expect(r2).toEqual({
      code: 0,
      stdout: `${j({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'CTX' } })}\n`,
      stderr: '',
    });
    expect(existsSync(join(dir, 'ran'))).toBe(true);
  });
  it('a Qwen script does get the re-fire (it is its own agent)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-run-ans-'));
    const r = await runCli(
      ['--from', 'qwen', '--to', 'qwen', '-c', 'touch ran'],
      qwenPayload('UserPromptSubmit-tool-continuation-empty-prompt', dir),
      cleanEnv({ QWEN_PROJECT_DIR: dir }),
    );
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'ran'))).toBe(true);
  });
  it('continue:false on Stop is not forwarded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-run-ans-'));
    const r = await runCli(
      ['--from', 'claude', '--to', 'qwen', '-c', `echo '${j({ continue: false, stopReason: 'done' })}'`],
      qwenPayload('Stop', dir),
      cleanEnv({ QWEN_PROJECT_DIR: dir }),
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${j({ systemMessage: 'done' })}\n`,
      stderr: 'hook-bridge: continue:false on Stop would make Qwen Code continue; letting it stop instead\n',
    });
  });
  it(
    'an updatedInput rewrite is denied with the rewritten command; ' + '--rewrite ignore lets the original through',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'hb-run-ans-'));
      const script =
        `echo '` + hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo SAFE' } }) + `'`;
      const r = await runCli(
        ['--from', 'claude', '--to', 'qwen', '-c', script],
        qwenPayload('PreToolUse-run_shell_command', dir),
        cleanEnv({ QWEN_PROJECT_DIR: dir }),
      );
      expect(r).toEqual({
        code: 0,
        stdout: deny(qwenRewrite('run_shell_command', { command: 'echo SAFE' })).stdout,
        stderr: '',
      });
      const r2 = await runCli(
        ['--from', 'claude', '--to', 'qwen', '--rewrite', 'ignore', '-c', script],
        qwenPayload('PreToolUse-run_shell_command', dir),
        cleanEnv({ QWEN_PROJECT_DIR: dir }),
      );
      // Qwen reads stderr as its answer when stdout is empty (plain text there is an allow): stdout carries `{}`.
      expect(r2).toEqual({
        code: 0,
        stdout: '{}\n',
        stderr: 'hook-bridge: Qwen Code ignores input rewrites; the original input runs (--rewrite ignore)\n',
      });
    },
  );
  it(
    'a JSON object the script logs to stderr (exit 0, ignored by ' + 'Claude) is never read by Qwen as an answer',
    async () => {
      // Qwen 0.24.4 parses stderr as the hook's JSON answer whenever stdout is empty: stdout carries `{}` instead.
      const dir = mkdtempSync(join(tmpdir(), 'hb-run-ans-'));
      const log = hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'only a log line' });
      const r = await runCli(
        ['--from', 'claude', '--to', 'qwen', '-c', `cat >/dev/null; echo '${log}' >&2`],
        qwenPayload('PreToolUse-run_shell_command', dir),
        cleanEnv({ QWEN_PROJECT_DIR: dir }),
      );
      expect(r).toEqual({ code: 0, stdout: '{}\n', stderr: `${log}\n` });
      // The same with a real answer on stdout: stdout stays the answer.
      const r2 = await runCli(
        ['--from', 'claude', '--to', 'qwen', '-c', `cat >/dev/null; echo '${log}' >&2; echo PLAIN`],
        qwenPayload('UserPromptSubmit-initial', dir),
        cleanEnv({ QWEN_PROJECT_DIR: dir }),
      );
      expect(r2).toEqual({
        code: 0,
        stdout: `${hso('UserPromptSubmit', { additionalContext: 'PLAIN' })}\n`,
        stderr: `${log}\n`,
      });
    },
  );
  it('a rewriter that returns the call unchanged: the call proceeds (no "re-issue the call as" deny)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-run-ans-'));
    const payload = qwenPayload('PreToolUse-run_shell_command', dir);
    const same = `jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", updatedInput: .tool_input}}'`;
    expect(
      await runCli(['--from', 'claude', '--to', 'qwen', '-c', same], payload, cleanEnv({ QWEN_PROJECT_DIR: dir })),
    ).toEqual({ code: 0, stdout: '', stderr: '' });
    const changed =
      `jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", ` +
      `updatedInput: (.tool_input + {command: "echo CHANGED"})}}'`;
    expect(
      (await runCli(['--from', 'claude', '--to', 'qwen', '-c', changed], payload, cleanEnv({ QWEN_PROJECT_DIR: dir })))
        .stdout,
    ).toContain('Re-issue the call as: run_shell_command');
  });
  it('exit 1 passes the script stderr through, exit 0, no decision (d04)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-run-ans-'));
    const r = await runCli(
      ['--from', 'claude', '--to', 'qwen', '-c', 'echo oops >&2; exit 1'],
      qwenPayload('PreToolUse-run_shell_command', dir),
      cleanEnv({ QWEN_PROJECT_DIR: dir }),
    );
    expect(r).toEqual({ code: 0, stdout: '{}\n', stderr: 'oops\n' });
  });
});

describe.concurrent('run (CLI), host codebuddy, --from claude', () => {
  it('a rewriter that returns the call unchanged: no updatedInput is sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-run-ans-'));
    const payload = JSON.stringify({
      ...JSON.parse(readFileSync(join(GT, 'codebuddy/payloads/PreToolUse-Bash.json'), 'utf8')),
      cwd: dir,
    });
    const same =
      `jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", ` +
      `permissionDecision: "allow", updatedInput: .tool_input}}'`;
    expect(
      await runCli(
        ['--from', 'claude', '--to', 'codebuddy', '-c', same],
        payload,
        cleanEnv({ CODEBUDDY_PROJECT_DIR: dir }),
      ),
    ).toEqual({ code: 0, stdout: allow().stdout, stderr: '' });
  });
});

describe("Codex CLI's model requests: an observe-only event's answers are none (README 0.171.0, mr01-mr16)", () => {
  const r = (exitCode: number, stdout: string, stderr = ''): ScriptResult => ({
    exitCode,
    stdout,
    stderr,
    timedOut: false,
  });
  // each answer beside a Codex event that does read it
  it.each([
    ['exit 2 + stderr', r(2, '', 'BLOCK-PMR'), 'stop'],
    ['decision block', r(0, '{"decision":"block","reason":"BLOCK-PMR"}'), 'stop'],
    ['continue:false', r(0, '{"continue":false,"stopReason":"STOP-PMR"}'), 'stop'],
    ['plain stdout', r(0, 'PLAIN-PMR'), 'session-start'],
  ])('%s on PreModelRequest / PostModelRequest: no decision, no block, no context', (_n, result, reads) => {
    for (const ev of ['pre-model-request', 'post-model-request'])
      expect(readAnswer('codex', ev, result, undefined)).toEqual({ context: [] });
    expect(readAnswer('codex', reads, result, undefined)).not.toEqual({ context: [] });
  });
});
