// `run` between Claude Code and Gemini CLI, table-driven: payloads from the real Gemini CLI 0.61.0 captures
// (test/fixtures/observed/gemini/payloads/) and the Claude ground truth, answers under each agent's rules
// (mappings/dialects/gemini.yaml `output`: only a top-level decision blocks, exit >= 2 blocks, the rewrite
// field is hookSpecificOutput.tool_input, plain stdout never reaches the model).
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAnswer, type ScriptResult } from '../../src/run/answer.js';
import { emit, type EmitOptions, type HostReply } from '../../src/run/emit.js';
import { translatePayload, type Payload } from '../../src/run/payload.js';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { cleanEnv, runCli } from './cli.js';

type Obj = Record<string, any>;
const OBS = resolve(import.meta.dirname, '../fixtures/observed/gemini/payloads');
const GT = resolve(import.meta.dirname, '../fixtures/ground-truth/claude/payloads');
const gemini = (name: string): Obj => JSON.parse(readFileSync(join(OBS, `${name}.json`), 'utf8'));
const claude = (name: string): Obj => JSON.parse(readFileSync(join(GT, `${name}.json`), 'utf8'));
const T = (p: Obj, host: DialectId, script: DialectId) =>
  translatePayload(p as Payload, host, script, {}).payload as Obj;
const j = (o: unknown) => JSON.stringify(o);

/** Written out, not derived from mappings/: the test must fail if the tables drift. */
const GEMINI_TO_CLAUDE_EVENT: Record<string, string> = {
  BeforeTool: 'PreToolUse',
  AfterTool: 'PostToolUse',
  BeforeAgent: 'UserPromptSubmit',
  AfterAgent: 'Stop',
  SessionStart: 'SessionStart',
  SessionEnd: 'SessionEnd',
  PreCompress: 'PreCompact',
};
const GEMINI_TO_CLAUDE_TOOL: Record<string, string> = {
  run_shell_command: 'Bash',
  write_file: 'Write',
  replace: 'Edit',
  read_file: 'Read',
  glob: 'Glob',
  grep_search: 'Grep',
  list_directory: 'LS',
};
/** Claude Code's parameters per tool (claude/tools.json), plus the Gemini-only ones carried under their own names. */
const CLAUDE_PARAMS: Record<string, string[]> = {
  Bash: ['command', 'description', 'timeout', 'run_in_background'],
  Write: ['file_path', 'content'],
  Edit: ['file_path', 'old_string', 'new_string', 'replace_all', 'instruction'],
  Read: ['file_path', 'offset', 'limit'],
  Glob: ['pattern', 'path'],
  Grep: ['pattern', 'path', 'glob'],
  LS: ['path'],
};

const captures = readdirSync(OBS)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));

describe('payload: Gemini CLI capture -> what Claude Code would have sent', () => {
  it('the captures cover every event Gemini fired and every tool call made', () => {
    expect(captures.filter((c) => !c.includes('-')).sort()).toEqual([
      'AfterAgent',
      'AfterModel',
      'BeforeAgent',
      'BeforeModel',
      'BeforeToolSelection',
      'PreCompress',
      'SessionEnd',
      'SessionStart',
    ]);
    expect(captures.filter((c) => c.startsWith('BeforeTool-')).length).toBe(9);
  });
  for (const name of captures.filter((c) => GEMINI_TO_CLAUDE_EVENT[c.split('-')[0]!])) {
    it(name, () => {
      const p = gemini(name);
      const out = T(p, 'gemini', 'claude');
      expect(out.hook_event_name).toBe(GEMINI_TO_CLAUDE_EVENT[p.hook_event_name]);
      for (const k of ['session_id', 'transcript_path', 'cwd']) expect(out[k]).toBe(p[k]);
      if (p.tool_name) {
        const name2 = GEMINI_TO_CLAUDE_TOOL[p.tool_name]!;
        expect(out.tool_name).toBe(name2);
        for (const k of Object.keys(out.tool_input)) expect(CLAUDE_PARAMS[name2], `${name2}.${k}`).toContain(k);
      }
    });
  }
  it('BeforeTool run_shell_command: the command is the same', () =>
    expect(T(gemini('BeforeTool-run_shell_command'), 'gemini', 'claude').tool_input).toEqual({
      command: 'echo out; echo err >&2',
      description: 'print',
    }));
  it("replace: allow_multiple is Claude's replace_all; instruction is carried", () =>
    expect(
      T(
        {
          ...gemini('BeforeTool-replace'),
          tool_input: { ...gemini('BeforeTool-replace').tool_input, allow_multiple: true },
        },
        'gemini',
        'claude',
      ).tool_input,
    ).toEqual({
      file_path: 'new.txt',
      instruction: 'greet less',
      old_string: 'hello',
      new_string: 'bye',
      replace_all: true,
    }));
  it('grep_search / list_directory: dir_path is path, include_pattern is glob', () => {
    expect(
      T(
        { ...gemini('BeforeTool-grep_search'), tool_input: { pattern: 'x', dir_path: 'src', include_pattern: '*.ts' } },
        'gemini',
        'claude',
      ).tool_input,
    ).toEqual({ pattern: 'x', path: 'src', glob: '*.ts' });
    expect(T(gemini('BeforeTool-list_directory'), 'gemini', 'claude').tool_input).toEqual({ path: '.' });
  });
  const responses: [string, Obj][] = [
    // stdout and stderr arrive merged in Gemini's result: returnDisplay is the output alone
    [
      'AfterTool-run_shell_command',
      { stdout: 'out\nerr', stderr: '', interrupted: false, isImage: false, noOutputExpected: false },
    ],
    [
      'AfterTool-run_shell_command-exit1',
      { stdout: 'failing', stderr: '', interrupted: false, isImage: false, noOutputExpected: false },
    ],
    [
      'AfterTool-read_file',
      {
        type: 'text',
        file: { filePath: 'new.txt', content: 'bye\nworld\n', numLines: 3, startLine: 1, totalLines: 3 },
      },
    ],
    [
      'AfterTool-write_file',
      {
        type: 'create',
        filePath: '/PROJECT/new.txt',
        content: 'hello\nworld\n',
        structuredPatch: [],
        originalFile: null,
        userModified: false,
      },
    ],
    [
      'AfterTool-replace',
      {
        filePath: '/PROJECT/new.txt',
        oldString: 'hello',
        newString: 'bye',
        originalFile: 'hello\nworld\n',
        structuredPatch: [],
        userModified: false,
        replaceAll: false,
      },
    ],
    [
      'AfterTool-glob',
      {
        filenames: ['new.txt', 'a.txt', 'sub/b.txt'],
        durationMs: 0,
        numFiles: 3,
        truncated: false,
        totalMatches: 3,
        countIsComplete: true,
      },
    ],
    [
      'AfterTool-grep_search',
      { mode: 'files_with_matches', filenames: ['sub/b.txt', 'a.txt'], numFiles: 2, totalFiles: 2 },
    ],
  ];
  for (const [name, expected] of responses)
    it(`${name}: tool_response in Claude's shape`, () =>
      expect(T(gemini(name), 'gemini', 'claude').tool_response).toEqual(expected));
  it("AfterAgent: prompt_response is Claude's last_assistant_message", () => {
    const out = T(gemini('AfterAgent'), 'gemini', 'claude');
    expect(out).toMatchObject({ hook_event_name: 'Stop', last_assistant_message: 'done', stop_hook_active: false });
    expect(out).not.toHaveProperty('prompt_response');
  });
  it('SessionStart source, SessionEnd reason and PreCompress trigger are carried', () => {
    expect(T(gemini('SessionStart'), 'gemini', 'claude').source).toBe('startup');
    expect(T(gemini('SessionEnd'), 'gemini', 'claude').reason).toBe('exit');
    expect(T(gemini('PreCompress'), 'gemini', 'claude').trigger).toBe('auto');
  });
});

describe('payload: Claude Code capture -> what Gemini CLI would have sent', () => {
  const cases: [string, string, string | undefined][] = [
    ['PreToolUse-Bash', 'BeforeTool', 'run_shell_command'],
    ['PreToolUse-Write', 'BeforeTool', 'write_file'],
    ['PreToolUse-Edit', 'BeforeTool', 'replace'],
    ['PreToolUse-Read', 'BeforeTool', 'read_file'],
    ['PostToolUse-Bash', 'AfterTool', 'run_shell_command'],
    ['UserPromptSubmit', 'BeforeAgent', undefined],
    ['Stop', 'AfterAgent', undefined],
    ['SessionStart-startup', 'SessionStart', undefined],
  ];
  for (const [name, ev, tool] of cases) {
    it(`${name} -> ${ev}`, () => {
      const out = T(claude(name), 'claude', 'gemini');
      expect(out.hook_event_name).toBe(ev);
      expect(typeof out.timestamp).toBe('string');
      if (tool) expect(out.tool_name).toBe(tool);
    });
  }
  it('a Bash result becomes {llmContent, returnDisplay} with the output', () => {
    const p = claude('PostToolUse-Bash');
    const r = T(p, 'claude', 'gemini').tool_response;
    expect(Object.keys(r).sort()).toEqual(['llmContent', 'returnDisplay']);
    expect(r.llmContent).toContain(`Output: ${p.tool_response.stdout}`);
  });
  it("Stop's last_assistant_message is AfterAgent's prompt_response", () =>
    expect(T(claude('Stop'), 'claude', 'gemini').prompt_response).toBe('main done'));
  it('a round trip Claude -> Gemini -> Claude keeps the tool call', () => {
    const p = claude('PreToolUse-Bash');
    expect(T(T(p, 'claude', 'gemini'), 'gemini', 'claude').tool_input).toEqual(p.tool_input);
  });
});

const reply = (stdout: object | '', stderr = '', exitCode = 0): HostReply => ({
  stdout: stdout === '' ? '' : `${j(stdout)}\n`,
  stderr,
  exitCode,
});
const NONE = reply('');
const GEMINI_EVENT: Record<string, string> = {
  'pre-tool-use': 'BeforeTool',
  'post-tool-use': 'AfterTool',
  'user-prompt-submit': 'BeforeAgent',
  'session-start': 'SessionStart',
  stop: 'AfterAgent',
};
const CLAUDE_EVENT: Record<string, string> = {
  'pre-tool-use': 'PreToolUse',
  'post-tool-use': 'PostToolUse',
  'user-prompt-submit': 'UserPromptSubmit',
  'session-start': 'SessionStart',
  stop: 'Stop',
};
const hso = (ev: string, o: object) => j({ hookSpecificOutput: { hookEventName: ev, ...o } });
const BASH_IN = { command: 'echo hi', description: 'd' };

interface AnswerCase {
  id: string;
  event: string;
  out?: string;
  err?: string;
  exit?: number;
  opts?: Partial<EmitOptions>;
  expect: HostReply;
}
function replyOf(c: AnswerCase, script: DialectId, host: DialectId): HostReply {
  const r: ScriptResult = { exitCode: c.exit ?? 0, stdout: c.out ?? '', stderr: c.err ?? '', timedOut: false };
  const tool = c.event.includes('tool') ? 'shell' : undefined;
  const a = readAnswer(script, c.event, r, tool ? BASH_IN : undefined, tool);
  const hostEvent = (host === 'gemini' ? GEMINI_EVENT : CLAUDE_EVENT)[c.event]!;
  return emit(
    a,
    {
      host,
      script,
      event: c.event,
      hostEvent,
      tool,
      hostTool: tool ? (host === 'gemini' ? 'run_shell_command' : 'Bash') : undefined,
    },
    { ask: 'deny', rewrite: 'deny', ...c.opts },
  );
}

describe('answers: a Claude Code script, Gemini CLI the host', () => {
  // Gemini reads no hookSpecificOutput.permissionDecision: a deny is a top-level decision (not exit 2, whose
  // reason Gemini parses as JSON first: "1" would parse to a number and the deny be ignored).
  const denyExit2 = (reason: string) => reply({ decision: 'deny', reason });
  const ctx = (ev: string, c: string) => reply({ hookSpecificOutput: { hookEventName: ev, additionalContext: c } });
  const cases: AnswerCase[] = [
    { id: 'exit 2 + stderr', event: 'pre-tool-use', err: 'NO\n', exit: 2, expect: denyExit2('NO') },
    {
      id: 'exit 2 with a reason that is JSON but not an object still denies',
      event: 'pre-tool-use',
      err: '1\n',
      exit: 2,
      expect: denyExit2('1'),
    },
    {
      id: 'a deny keeps the systemMessage next to it',
      event: 'pre-tool-use',
      out: j({
        systemMessage: 'M',
        hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'R' },
      }),
      expect: reply({ decision: 'deny', reason: 'R', systemMessage: 'M' }),
    },
    {
      id: 'permissionDecision deny',
      event: 'pre-tool-use',
      out: hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'R' }),
      expect: denyExit2('R'),
    },
    {
      id: 'legacy decision block',
      event: 'pre-tool-use',
      out: j({ decision: 'block', reason: 'R' }),
      expect: denyExit2('R'),
    },
    {
      id: 'allow: nothing to say (allow is the default of the OR merge)',
      event: 'pre-tool-use',
      out: hso('PreToolUse', { permissionDecision: 'allow' }),
      expect: NONE,
    },
    {
      id: 'ask headless -> deny with the reason',
      event: 'pre-tool-use',
      out: hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'Q' }),
      expect: denyExit2('Q'),
    },
    {
      id: '--ask ask -> top-level decision ask',
      event: 'pre-tool-use',
      opts: { ask: 'ask' },
      out: hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'Q' }),
      expect: reply({ decision: 'ask', reason: 'Q' }),
    },
    {
      id: 'updatedInput -> hookSpecificOutput.tool_input in Gemini parameter names',
      event: 'pre-tool-use',
      out: hso('PreToolUse', {
        permissionDecision: 'allow',
        updatedInput: { command: 'sleep 1', run_in_background: true },
      }),
      expect: reply({
        hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { command: 'sleep 1', is_background: true } },
      }),
    },
    // A rewriter that hands the call back unchanged is no rewrite (issue 15): nothing goes to Gemini.
    {
      id: 'updatedInput equal to the input: not a rewrite, nothing to say',
      event: 'pre-tool-use',
      out: hso('PreToolUse', { updatedInput: { description: 'd', command: 'echo hi' } }),
      expect: NONE,
    },
    {
      id: 'exit 3 is non-blocking on Claude: no deny on Gemini (where exit 3 would block)',
      event: 'pre-tool-use',
      err: 'E',
      exit: 3,
      expect: NONE,
    },
    {
      id: 'continue:false + stopReason',
      event: 'pre-tool-use',
      out: j({ continue: false, stopReason: 'S' }),
      expect: reply({ continue: false, stopReason: 'S' }),
    },
    {
      id: 'PostToolUse block reaches the model ("Tool result blocked")',
      event: 'post-tool-use',
      out: j({ decision: 'block', reason: 'R' }),
      expect: reply({ decision: 'block', reason: 'R' }),
    },
    {
      id: 'PostToolUse additionalContext',
      event: 'post-tool-use',
      out: hso('PostToolUse', { additionalContext: 'C' }),
      expect: ctx('AfterTool', 'C'),
    },
    {
      id: 'UserPromptSubmit plain stdout becomes additionalContext (Gemini would show it to the user only)',
      event: 'user-prompt-submit',
      out: 'PLAIN\n',
      expect: ctx('BeforeAgent', 'PLAIN'),
    },
    {
      id: 'UserPromptSubmit block',
      event: 'user-prompt-submit',
      out: j({ decision: 'block', reason: 'R' }),
      expect: reply({ decision: 'block', reason: 'R' }),
    },
    {
      id: 'SessionStart plain stdout becomes additionalContext',
      event: 'session-start',
      out: 'S\n',
      expect: ctx('SessionStart', 'S'),
    },
    {
      id: 'Stop exit 2 keeps the agent going',
      event: 'stop',
      err: 'GO ON',
      exit: 2,
      expect: reply({ decision: 'block', reason: 'GO ON' }),
    },
  ];
  for (const c of cases) it(c.id, () => expect(replyOf(c, 'claude', 'gemini')).toEqual(c.expect));
});

describe('answers: a Gemini CLI script, Claude Code the host', () => {
  const deny = (reason: string) =>
    reply({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
    });
  const cases: AnswerCase[] = [
    {
      id: 'top-level decision deny',
      event: 'pre-tool-use',
      out: j({ decision: 'deny', reason: 'R' }),
      expect: deny('R'),
    },
    {
      id: 'top-level decision block',
      event: 'pre-tool-use',
      out: j({ decision: 'block', reason: 'R' }),
      expect: deny('R'),
    },
    {
      id: 'exit 2: the reason is stdout, else stderr',
      event: 'pre-tool-use',
      out: 'OUT',
      err: 'ERR',
      exit: 2,
      expect: deny('OUT'),
    },
    { id: 'exit 3 blocks too on Gemini', event: 'pre-tool-use', err: 'ERR3', exit: 3, expect: deny('ERR3') },
    { id: 'exit 1 is a warning, not a deny', event: 'pre-tool-use', err: 'W', exit: 1, expect: NONE },
    {
      id: "Claude's permissionDecision means nothing to a Gemini script's agent",
      event: 'pre-tool-use',
      out: hso('BeforeTool', { permissionDecision: 'deny' }),
      expect: NONE,
    },
    {
      id: 'tool_input is merged over the call and becomes updatedInput',
      event: 'pre-tool-use',
      out: hso('BeforeTool', { tool_input: { command: 'echo NEW' } }),
      expect: reply({
        hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'echo NEW', description: 'd' } },
      }),
    },
    { id: 'ask -> deny headless', event: 'pre-tool-use', out: j({ decision: 'ask', reason: 'Q' }), expect: deny('Q') },
    {
      id: 'plain stdout on BeforeAgent is not context on Gemini',
      event: 'user-prompt-submit',
      out: 'PLAIN',
      expect: NONE,
    },
    {
      id: 'AfterAgent block = Stop block',
      event: 'stop',
      out: j({ decision: 'block', reason: 'MORE' }),
      expect: reply({ decision: 'block', reason: 'MORE' }),
    },
  ];
  for (const c of cases) it(c.id, () => expect(replyOf(c, 'gemini', 'claude')).toEqual(c.expect));
});

describe.concurrent('run (CLI) with the real Gemini payloads', () => {
  const payload = (name: string, dir: string) =>
    readFileSync(join(OBS, `${name}.json`), 'utf8')
      .replaceAll('/PROJECT', dir)
      .replaceAll('/HOME', dir);
  it('--from claude --to gemini: a Claude guard reading tool_name == "Bash" denies (top-level decision)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-run-gem-'));
    const script =
      `node -e 'let d="";process.stdin.on("data",c=>d+=c).on("end",()=>{const ` +
      `p=JSON.parse(d);if(p.tool_name==="Bash"&&p.tool_input.command.includes("echo ` +
      `out")){console.error("NO-ECHO");process.exit(2)}})'`;
    const r = await runCli(
      ['--from', 'claude', '--to', 'gemini', '-c', script],
      payload('BeforeTool-run_shell_command', dir),
      cleanEnv({ GEMINI_PROJECT_DIR: dir }),
    );
    expect(r).toEqual({ code: 0, stdout: `${j({ decision: 'deny', reason: 'NO-ECHO' })}\n`, stderr: 'NO-ECHO\n' });
  });
  it('--from claude --to gemini: the script runs in the project dir with CLAUDE_PROJECT_DIR set', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-run-gem-'));
    const r = await runCli(
      ['--from', 'claude', '--to', 'gemini', '-c', 'touch "$CLAUDE_PROJECT_DIR/ran"; echo CTX'],
      payload('BeforeAgent', dir),
      cleanEnv({ GEMINI_PROJECT_DIR: dir }),
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${j({ hookSpecificOutput: { hookEventName: 'BeforeAgent', additionalContext: 'CTX' } })}\n`,
      stderr: '',
    });
    expect(existsSync(join(dir, 'ran'))).toBe(true);
  });
  it('--from gemini --to claude: a Gemini guard answering {decision: deny} denies on Claude', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-run-gem-'));
    const p = readFileSync(join(GT, 'PreToolUse-Bash.json'), 'utf8').replaceAll('/PROJECT', dir);
    const script =
      `node -e 'let d="";process.stdin.on("data",c=>d+=c).on("end",()=>{const ` +
      (`p=JSON.parse(d);if(p.tool_name==="run_shell_command")console.log(JSON.stringify({decision:"deny",reason:"G` +
        `EM-NO"}))})'`);
    const r = await runCli(
      ['--from', 'gemini', '--to', 'claude', '-c', script],
      p,
      cleanEnv({ CLAUDE_PROJECT_DIR: dir }),
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${j({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'GEM-NO',
        },
      })}\n`,
      stderr: '',
    });
  });
});
