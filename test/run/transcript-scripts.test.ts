// Real-pattern Claude hook scripts that read the transcript or the todo list, run through the built CLI
// on each host: they must decide under Qwen Code and CodeBuddy Code (via `run`) what they decide on
// Claude Code for the same conversation (and under Codex CLI, which has no todo tool, the scripts that read no
// todo list). Each conversation is written in the agents' own transcript formats (record shapes as observed:
// ground-truth/claude/transcript-sample.jsonl, fixtures/transcripts/{qwen,codebuddy,codex}/session.jsonl; Codex
// makes every Write and Edit an apply_patch call); the reference is the script run on the Claude form with
// Claude's own payload.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/dialects/wrapper.js';
import { cleanEnv, runCli } from './cli.js';

const FX = resolve(import.meta.dirname, '../fixtures');
const S = (name: string) => shellQuote(join(import.meta.dirname, 'scripts', name));
type Obj = Record<string, any>;
type Agent = 'claude' | 'qwen' | 'codebuddy' | 'codex';

/** One step of a conversation, in Claude's vocabulary. */
type Step =
  | { prompt: string }
  | { text: string }
  | { tool: 'Bash'; command: string; output: string; exit?: number }
  | { tool: 'Write'; file_path: string; content: string }
  | { tool: 'Edit'; file_path: string; old_string: string; new_string: string }
  | { todos: { id: string; content: string; status: 'pending' | 'in_progress' | 'completed' }[] };

const SID = '0f0e0d0c-0000-4000-8000-000000000001';
let clock = Date.parse('2026-11-25T10:00:00Z');
const ts = () => new Date((clock += 1000)).toISOString();

/** The conversation as each agent writes it (one record per line). */
function write(agent: Agent, steps: Step[], cwd: string): string {
  const lines: Obj[] = [];
  let n = 0;
  const id = () => `rec-${++n}`;
  const claudeBase = (type: string) => ({
    parentUuid: lines.at(-1)?.uuid ?? null,
    isSidechain: false,
    userType: 'external',
    cwd,
    sessionId: SID,
    version: '2.1.330',
    type,
    uuid: id(),
    timestamp: ts(),
  });
  const claudeAssistant = (block: Obj) => ({
    ...claudeBase('assistant'),
    message: {
      id: `msg_${n}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-5-5',
      content: [block],
      stop_reason: block.type === 'tool_use' ? 'tool_use' : 'end_turn',
      stop_sequence: null,
    },
  });
  const qwenRec = (type: string, role: string, parts: Obj[]) => ({
    uuid: id(),
    parentUuid: null,
    sessionId: SID,
    timestamp: ts(),
    type,
    cwd,
    version: '0.24.4',
    message: { role, parts },
  });
  const cbRec = (type: string, rest: Obj) => ({
    id: id(),
    timestamp: (clock += 1000),
    type,
    ...rest,
    sessionId: SID,
    cwd,
  });
  const codexRec = (payload: Obj) => ({ timestamp: ts(), type: 'response_item', payload: { id: id(), ...payload } });
  const patch = (...body: string[]) => ['*** Begin Patch', ...body, '*** End Patch'].join('\n');
  if (agent === 'codex')
    lines.push({
      timestamp: ts(),
      type: 'session_meta',
      payload: { id: SID, session_id: SID, cwd, cli_version: '0.169.0' },
    });
  let todoState: Obj[] = [];
  for (const s of steps) {
    const call = `call_${n + 1}`;
    if ('prompt' in s) {
      if (agent === 'claude') lines.push({ ...claudeBase('user'), message: { role: 'user', content: s.prompt } });
      if (agent === 'qwen') lines.push(qwenRec('user', 'user', [{ text: s.prompt }]));
      if (agent === 'codebuddy')
        lines.push(cbRec('message', { role: 'user', content: [{ type: 'input_text', text: s.prompt }] }));
      if (agent === 'codex')
        lines.push(codexRec({ type: 'message', role: 'user', content: [{ type: 'input_text', text: s.prompt }] }));
    } else if ('text' in s) {
      if (agent === 'claude') lines.push(claudeAssistant({ type: 'text', text: s.text }));
      if (agent === 'qwen') lines.push(qwenRec('assistant', 'model', [{ text: s.text }]));
      if (agent === 'codebuddy')
        lines.push(
          cbRec('message', {
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: s.text }],
          }),
        );
      if (agent === 'codex')
        lines.push(codexRec({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: s.text }] }));
    } else if ('todos' in s) {
      if (agent === 'claude')
        lines.push(
          claudeAssistant({
            type: 'tool_use',
            id: call,
            name: 'TodoWrite',
            input: { todos: s.todos.map((t) => ({ content: t.content, status: t.status, activeForm: t.content })) },
          }),
        );
      if (agent === 'qwen')
        lines.push(
          qwenRec('assistant', 'model', [{ functionCall: { id: call, name: 'todo_write', args: { todos: s.todos } } }]),
        );
      if (agent === 'codebuddy') {
        // CodeBuddy Code has no whole-list tool: one TaskCreate per new item, TaskUpdate per changed status.
        for (const t of s.todos) {
          const prev = todoState.find((p) => p.id === t.id);
          if (prev && prev.status === t.status) continue;
          const c = `call_${n + 1}`;
          const [name, args] = prev
            ? ['TaskUpdate', { taskId: t.id, status: t.status }]
            : ['TaskCreate', { subject: t.content, description: t.content }];
          lines.push(cbRec('function_call', { callId: c, name, arguments: JSON.stringify(args) }));
          lines.push(
            cbRec('function_call_result', {
              callId: c,
              name,
              status: 'completed',
              output: { type: 'text', text: 'ok' },
              providerData: {
                toolResult: {
                  rawResponse: { task: { id: t.id, subject: t.content, status: prev ? t.status : 'pending' } },
                },
              },
            }),
          );
          if (!prev && t.status !== 'pending') {
            const u = `call_${n + 1}`;
            lines.push(
              cbRec('function_call', {
                callId: u,
                name: 'TaskUpdate',
                arguments: JSON.stringify({ taskId: t.id, status: t.status }),
              }),
            );
            lines.push(
              cbRec('function_call_result', {
                callId: u,
                name: 'TaskUpdate',
                status: 'completed',
                output: { type: 'text', text: 'ok' },
                providerData: {
                  toolResult: { rawResponse: { task: { id: t.id, subject: t.content, status: t.status } } },
                },
              }),
            );
          }
        }
        todoState = s.todos.map((t) => ({ ...t }));
      }
    } else {
      const { tool, ...input } = s as Obj;
      const claudeInput =
        tool === 'Bash'
          ? { command: input.command, description: 'run' }
          : Object.fromEntries(Object.entries(input).filter(([k]) => k !== 'output' && k !== 'exit'));
      const output = tool === 'Bash' ? (s as Obj).output : 'ok';
      const exit = (s as Obj).exit ?? 0;
      if (agent === 'claude') {
        const use = claudeAssistant({ type: 'tool_use', id: call, name: tool, input: claudeInput });
        lines.push(use);
        lines.push({
          ...claudeBase('user'),
          message: {
            role: 'user',
            content: [
              {
                tool_use_id: call,
                type: 'tool_result',
                content: exit ? `Exit code ${exit}\n${output}` : output,
                ...(exit ? { is_error: true } : {}),
              },
            ],
          },
          toolUseResult: exit ? `Error: Exit code ${exit}\n${output}` : { stdout: output, stderr: '' },
          sourceToolAssistantUUID: use.uuid,
        });
      }
      if (agent === 'qwen') {
        const name = { Bash: 'run_shell_command', Write: 'write_file', Edit: 'edit' }[tool as string]!;
        lines.push(qwenRec('assistant', 'model', [{ functionCall: { id: call, name, args: claudeInput } }]));
        const text =
          tool === 'Bash'
            ? `Command: ${input.command}\nDirectory: (root)\nOutput: ${output}\nError: (none)\nExit Code: ${exit}` +
              `\nSignal: (none)\nProcess Group PGID: (none)`
            : output;
        lines.push({
          ...qwenRec('tool_result', 'user', [
            { functionResponse: { id: call, name, response: exit ? { error: text } : { output: text } } },
          ]),
          toolCallResult: { callId: call, status: exit ? 'error' : 'success' },
        });
      }
      if (agent === 'codebuddy') {
        lines.push(cbRec('function_call', { callId: call, name: tool, arguments: JSON.stringify(claudeInput) }));
        const text =
          tool === 'Bash'
            ? `Command: ${input.command}\nStdout: ${output}\n\nStderr: (empty)\nExit Code: ${exit}\nSignal: (none)`
            : output;
        lines.push(
          cbRec('function_call_result', {
            callId: call,
            name: tool,
            status: 'completed',
            output: { type: 'text', text },
            providerData: { toolResult: { rawResponse: { exitCode: exit, ...(exit ? { is_error: true } : {}) } } },
          }),
        );
      }
      if (agent === 'codex' && tool === 'Bash') {
        lines.push(
          codexRec({
            type: 'function_call',
            name: 'exec_command',
            arguments: JSON.stringify({ cmd: input.command }),
            call_id: call,
          }),
        );
        lines.push(
          codexRec({
            type: 'function_call_output',
            call_id: call,
            output:
              `Chunk ID: 1\nWall time: 0.0000 seconds\nProcess exited with code ${exit}\nOriginal token count: ` +
              `1\nOutput:\n${output}\n`,
          }),
        );
      } else if (agent === 'codex') {
        // every file edit is one apply_patch call (observed: fixtures/transcripts/codex/)
        const body =
          tool === 'Write'
            ? [
                `*** Add File: ${input.file_path}`,
                ...String(input.content)
                  .split('\n')
                  .map((l) => `+${l}`),
              ]
            : [`*** Update File: ${input.file_path}`, '@@', `-${input.old_string}`, `+${input.new_string}`];
        lines.push(
          codexRec({
            type: 'custom_tool_call',
            status: 'completed',
            call_id: call,
            name: 'apply_patch',
            input: patch(...body),
          }),
        );
        lines.push(
          codexRec({
            type: 'custom_tool_call_output',
            call_id: call,
            output:
              `Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\n` +
              `${tool === 'Write' ? 'A' : 'M'} ${input.file_path}\n`,
          }),
        );
      }
    }
  }
  return lines.map((l) => `${JSON.stringify(l)}\n`).join('');
}

/** What Claude Code writes to ~/.claude/todos for the conversation's last todo list. */
const claudeTodos = (steps: Step[]) =>
  ((steps.filter((s) => 'todos' in s).at(-1) as { todos: Obj[] } | undefined)?.todos ?? []).map((t) => ({
    content: t.content,
    status: t.status,
    activeForm: t.content,
  }));

const CONVERSATIONS: { name: string; steps: Step[] }[] = [
  {
    name: 'edits, no tests, open todo, last message without the promise',
    steps: [
      { prompt: 'fix the bug' },
      {
        todos: [
          { id: '1', content: 'fix bug', status: 'in_progress' },
          { id: '2', content: 'add test', status: 'pending' },
        ],
      },
      { tool: 'Edit', file_path: '/p/a.ts', old_string: 'a', new_string: 'b' },
      { tool: 'Bash', command: 'git diff --stat', output: ' a.ts | 2 +-' },
      { text: 'I fixed it, I think.' },
    ],
  },
  {
    name: 'edits, tests ran, all todos done, promise made',
    steps: [
      { prompt: 'fix the bug' },
      { todos: [{ id: '1', content: 'fix bug', status: 'in_progress' }] },
      { tool: 'Write', file_path: '/p/b.ts', content: 'x' },
      { tool: 'Bash', command: 'npm test', output: '2 failed', exit: 1 },
      { tool: 'Edit', file_path: '/p/b.ts', old_string: 'x', new_string: 'y' },
      { tool: 'Bash', command: 'npm test', output: 'all passed' },
      { todos: [{ id: '1', content: 'fix bug', status: 'completed' }] },
      { text: 'All green. <promise>DONE</promise>' },
    ],
  },
  {
    name: 'no tools at all, a tool call last (no text in the last assistant record)',
    steps: [
      { prompt: 'hi' },
      { text: 'hello' },
      { prompt: 'status?' },
      { tool: 'Bash', command: 'git status', output: 'clean' },
    ],
  },
];

const SCRIPTS: { name: string; cmd: string; todos?: boolean }[] = [
  { name: 'Stop hook: last assistant text with grep + jq (Ralph loop)', cmd: S('stop-last-text.sh') },
  {
    name: 'Stop gate: greps the transcript for Edit/Write and test-running Bash tool uses',
    cmd: S('require-tests.sh'),
  },
  {
    name: 'Stop todo validator: reads ~/.claude/todos/<session>-agent-<session>.json',
    cmd: `python3 ${S('todo-gate.py')}`,
    todos: true,
  },
];

const dirs: string[] = [];
afterAll(() =>
  dirs.forEach((d) => {
    rmSync(d, { recursive: true, force: true });
  }),
);

/** The decision a host reaches from hook-bridge's (or the script's) reply to a Stop event. */
function decision(r: { code: number | null; stdout: string; stderr: string }) {
  let out: Obj = {};
  try {
    out = r.stdout.trim() ? JSON.parse(r.stdout) : {};
  } catch {
    /* plain text */
  }
  const blocked = r.code === 2 || out.decision === 'block';
  return {
    blocked,
    reason: blocked
      ? String(out.reason ?? r.stderr)
          .replace(/^hook-bridge: .*\n?/gm, '')
          .trim()
      : '',
  };
}

async function play(agent: Agent, steps: Step[], cmd: string, todos: boolean) {
  const d = mkdtempSync(join(tmpdir(), `hb-transcript-${agent}-`));
  dirs.push(d);
  const home = join(d, 'home');
  mkdirSync(home);
  const transcript = join(d, `${SID}.jsonl`);
  writeFileSync(transcript, write(agent, steps, d));
  const stop = JSON.parse(
    readFileSync(
      join(FX, agent === 'claude' ? 'ground-truth/claude/payloads/Stop.json' : `transcripts/${agent}/Stop.json`),
      'utf8',
    ),
  );
  const payload = { ...stop, session_id: SID, transcript_path: transcript, cwd: d, stop_hook_active: false };
  if (agent === 'claude' && todos) {
    mkdirSync(join(home, '.claude', 'todos'), { recursive: true });
    writeFileSync(join(home, '.claude', 'todos', `${SID}-agent-${SID}.json`), JSON.stringify(claudeTodos(steps)));
  }
  // Codex sets no project variable: run finds the project upward from the cwd
  const project = {
    claude: 'CLAUDE_PROJECT_DIR',
    qwen: 'QWEN_PROJECT_DIR',
    codebuddy: 'CODEBUDDY_PROJECT_DIR',
    codex: 'HB_TEST_UNUSED',
  }[agent];
  const env = cleanEnv({ HOME: home, HOOK_BRIDGE_CACHE_DIR: join(d, 'cache'), SHELL: '/bin/sh', [project]: d });
  const args = [
    '--from',
    'claude',
    '--to',
    agent,
    ...(todos && agent !== 'claude' ? ['--emulate-todos'] : []),
    '-c',
    cmd,
  ];
  return runCli(args, JSON.stringify(payload), env);
}

describe('Claude scripts that read the transcript / todo list decide the same on every host', () => {
  for (const s of SCRIPTS) {
    describe(s.name, () => {
      for (const c of CONVERSATIONS) {
        it(c.name, async () => {
          const ref = await play('claude', c.steps, s.cmd, s.todos === true);
          // Codex CLI has no todo tool: the todo validator has nothing to read there
          const hosts: Agent[] = s.todos ? ['qwen', 'codebuddy'] : ['qwen', 'codebuddy', 'codex'];
          const got: Obj = {};
          for (const h of hosts) got[h] = decision(await play(h, c.steps, s.cmd, s.todos === true));
          expect(ref.stderr).not.toMatch(/No assistant messages|transcript not found|no todo list/);
          expect(got).toEqual(Object.fromEntries(hosts.map((h) => [h, decision(ref)])));
        });
      }
    });
  }

  it('the conversations are not all decided alike (the comparison can tell a wrong transcript)', async () => {
    const seen = new Set<string>();
    for (const s of SCRIPTS)
      for (const c of CONVERSATIONS)
        seen.add(`${s.name}:${decision(await play('claude', c.steps, s.cmd, s.todos === true)).blocked}`);
    expect(seen.size).toBe(SCRIPTS.length * 2);
  });

  it('without hook-bridge, the Ralph Stop hook finds no assistant message in a Qwen transcript (the bug)', async () => {
    const d = mkdtempSync(join(tmpdir(), 'hb-transcript-raw-'));
    dirs.push(d);
    writeFileSync(join(d, 't.jsonl'), write('qwen', CONVERSATIONS[0]!.steps, d));
    const r = await runCli(
      ['--from', 'claude', '--to', 'claude', '-c', S('stop-last-text.sh')],
      JSON.stringify({ hook_event_name: 'Stop', session_id: SID, transcript_path: join(d, 't.jsonl'), cwd: d }),
      cleanEnv({ CLAUDE_PROJECT_DIR: d }),
    );
    expect(r.stderr).toMatch(/No assistant messages found/);
  });

  it('without --emulate-todos nothing is written under HOME', async () => {
    const r = await play('qwen', CONVERSATIONS[0]!.steps, `python3 ${S('todo-gate.py')}`, false);
    expect(r.stderr).toMatch(/no todo list at/);
  });
});

describe('run and the transcript cache', () => {
  const qwenStop = () => JSON.parse(readFileSync(join(FX, 'transcripts/qwen/Stop.json'), 'utf8'));
  const session = readFileSync(join(FX, 'transcripts/qwen/session.jsonl'), 'utf8');

  it('which pairs get a translation: Claude-format scripts on Qwen Code and CodeBuddy Code only', async () => {
    const { needsTranscript } = await import('../../src/run/transcripts.js');
    const hosts = ['claude', 'qwen', 'codebuddy', 'codebuddy-ide', 'hooks-yaml'] as const;
    const table = Object.fromEntries(hosts.map((h) => [h, hosts.filter((s) => needsTranscript(h, s))]));
    expect(table).toEqual({
      claude: [],
      qwen: ['claude', 'hooks-yaml'],
      codebuddy: ['claude', 'hooks-yaml'],
      'codebuddy-ide': [],
      'hooks-yaml': [],
    });
  });

  it('hooks of one event run in parallel on the same session: one consistent translation', async () => {
    const d = mkdtempSync(join(tmpdir(), 'hb-transcript-par-'));
    dirs.push(d);
    writeFileSync(join(d, 's.jsonl'), session);
    const env = cleanEnv({ HOME: d, HOOK_BRIDGE_CACHE_DIR: join(d, 'cache'), QWEN_PROJECT_DIR: d });
    const payload = JSON.stringify({ ...qwenStop(), transcript_path: join(d, 's.jsonl'), cwd: d });
    const rs = await Promise.all(
      Array.from({ length: 6 }, () =>
        runCli(['--from', 'claude', '--to', 'qwen', '--transcript', 'always', '-c', 'cat > /dev/null'], payload, env),
      ),
    );
    expect(rs.map((r) => r.code)).toEqual([0, 0, 0, 0, 0, 0]);
    const { translateTranscript } = await import('../../src/index.js');
    expect(readFileSync(join(d, 'cache', 'transcripts', 'qwen', qwenStop().session_id, 's.jsonl'), 'utf8')).toBe(
      translateTranscript('qwen', 'claude', session),
    );
  });

  it(
    'Codex apply_patch: each script run gets the Write/Edit/Bash call its ' +
      'transcript records (name, input, tool_use id, result)',
    async () => {
      // The real capture: one patch that adds, updates (two chunks), moves and deletes; its PostToolUse payload and the
      // rollout at Stop. The project holds none of the files, so run, like the transcript, does not know their text.
      const d = mkdtempSync(join(tmpdir(), 'hb-transcript-codex-patch-'));
      dirs.push(d);
      const fix = (t: string) => t.split('/PROJECT').join(d);
      writeFileSync(
        join(d, 'rollout.jsonl'),
        fix(readFileSync(join(FX, 'transcripts/codex/patch-session.jsonl'), 'utf8')),
      );
      const post = JSON.parse(
        fix(readFileSync(join(FX, 'transcripts/codex/patch-PostToolUse-apply_patch.payload.json'), 'utf8')),
      );
      const rec = join(d, 'seen.jsonl');
      const cmd = `jq -c '{tool_name, tool_input, tool_use_id, tool_response, transcript_path}' >> ${shellQuote(rec)}`;
      const r = await runCli(
        ['--from', 'claude', '--to', 'codex', '-c', cmd],
        JSON.stringify({ ...post, transcript_path: join(d, 'rollout.jsonl') }),
        cleanEnv({ HOME: d, HOOK_BRIDGE_CACHE_DIR: join(d, 'cache') }),
      );
      expect(r.code).toBe(0);
      const seen = readFileSync(rec, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Obj);
      const transcript = readFileSync(seen[0]!.transcript_path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Obj);
      const uses = transcript
        .map((x) => x.message.content[0])
        .filter((b) => b.type === 'tool_use' && b.id.startsWith(post.tool_use_id));
      const results = new Map(
        transcript
          .filter((x) => x.message.content[0]?.type === 'tool_result')
          .map((x) => [x.message.content[0].tool_use_id, x.toolUseResult]),
      );
      expect(seen.map((x) => x.tool_name)).toEqual(['Write', 'Edit', 'Bash', 'Edit', 'Bash']);
      expect(
        uses.map((b) => ({
          tool_name: b.name,
          tool_input: b.input,
          tool_use_id: b.id,
          tool_response: results.get(b.id),
        })),
      ).toEqual(seen.map(({ transcript_path, ...x }) => x));
    },
  );

  it(
    'a cache that cannot be written: the script still runs (on the ' +
      'host file) and a PreToolUse is not denied for it',
    async () => {
      const d = mkdtempSync(join(tmpdir(), 'hb-transcript-nocache-'));
      dirs.push(d);
      writeFileSync(join(d, 'not-a-dir'), 'x');
      const pre = {
        ...JSON.parse(readFileSync(join(FX, 'ground-truth/qwen/payloads/PreToolUse-run_shell_command.json'), 'utf8')),
        cwd: d,
      };
      const r = await runCli(
        ['--from', 'claude', '--to', 'qwen', '-c', `jq -r .transcript_path > seen.txt`],
        JSON.stringify(pre),
        cleanEnv({ HOOK_BRIDGE_CACHE_DIR: join(d, 'not-a-dir', 'cache'), QWEN_PROJECT_DIR: d }),
      );
      expect(r.code).toBe(0);
      // No decision: `{}` on stdout, so that Qwen (which reads stderr as the answer when stdout is empty) cannot take
      // the
      // note for one.
      expect(r.stdout).toBe('{}\n');
      expect(r.stderr).toMatch(/^hook-bridge: the qwen transcript was not translated for the script: .*ENOTDIR/);
      expect(readFileSync(join(d, 'seen.txt'), 'utf8').trim()).toBe(pre.transcript_path);
    },
  );
});
