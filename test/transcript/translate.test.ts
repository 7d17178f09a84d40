// Transcript translation, record by record: the host transcripts the real agents wrote
// (test/fixtures/transcripts/, ../fixtures/ground-truth/qwen/payloads/_transcript-sample.jsonl) into
// Claude Code JSONL, checked for what a Claude transcript parser reads — record types and roles,
// content (prompt string or blocks), tool_use ids/names/inputs in Claude's vocabulary, tool_result
// pairing — against the shapes of Claude Code's own transcript (ground-truth/claude/transcript-sample.jsonl).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translateTranscript } from '../../src/index.js';
import { HookBridgeError } from '../../src/model/errors.js';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { freshState } from '../../src/transcript/claude.js';
import { Translator } from '../../src/transcript/translate.js';

const FX = resolve(import.meta.dirname, '../fixtures');
const read = (p: string) => readFileSync(join(FX, p), 'utf8');
type Rec = Record<string, any>;
const parse = (text: string): Rec[] =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));

/** One translated record in short: [type, what a parser reads from it]. */
function short(r: Rec): unknown[] {
  const c = r.message.content;
  if (typeof c === 'string') return [r.type, c];
  const b = c[0];
  if (b.type === 'text') return [r.type, 'text', b.text];
  if (b.type === 'tool_use') return [r.type, 'tool_use', b.id, b.name, b.input];
  if (b.type === 'tool_result')
    return [r.type, 'tool_result', b.tool_use_id, b.content.slice(0, 40), b.is_error === true];
  return [r.type, b.type];
}

const P = '/PROJECT/w.txt';
const CASES: { name: string; from: DialectId; file: string; expected: unknown[][]; noCwd?: true }[] = [
  {
    name: 'Qwen Code session (shell ok/failing, write, read, edit, todo_write, text)',
    from: 'qwen',
    file: 'transcripts/qwen/session.jsonl',
    expected: [
      ['user', 'CAPTURE go'],
      [
        'assistant',
        'tool_use',
        'call_u0vb82_1',
        'Bash',
        { command: 'echo out-line; echo err-line >&2', description: 'print' },
      ],
      ['user', 'tool_result', 'call_u0vb82_1', 'out-line\nerr-line', false],
      ['assistant', 'tool_use', 'call_u0vb82_2', 'Bash', { command: 'echo partial; exit 3', description: 'fail' }],
      ['user', 'tool_result', 'call_u0vb82_2', 'Exit code 3\npartial', true],
      ['assistant', 'tool_use', 'call_u0vb82_3', 'Write', { file_path: P, content: 'line1\nline2\n' }],
      ['user', 'tool_result', 'call_u0vb82_3', 'Successfully created and wrote to new fi', false],
      ['assistant', 'tool_use', 'call_u0vb82_4', 'Read', { file_path: P }],
      ['user', 'tool_result', 'call_u0vb82_4', 'line1\nline2\n', false],
      ['assistant', 'tool_use', 'call_u0vb82_5', 'Edit', { file_path: P, old_string: 'line2', new_string: 'LINE2' }],
      ['user', 'tool_result', 'call_u0vb82_5', 'The file: /PROJECT/w.txt has been update', false],
      [
        'assistant',
        'tool_use',
        'call_u0vb82_6',
        'TodoWrite',
        {
          todos: [
            { id: '1', content: 'first task', status: 'completed' },
            { id: '2', content: 'second', status: 'in_progress' },
          ],
        },
      ],
      ['user', 'tool_result', 'call_u0vb82_6', 'Todos have been modified successfully. E', false],
      ['assistant', 'text', 'done'],
    ],
  },
  {
    name: 'Qwen Code ground-truth sample (shell, write_file, read_file, edit, glob)',
    from: 'qwen',
    file: 'ground-truth/qwen/payloads/_transcript-sample.jsonl',
    expected: [
      ['user', 'SCENARIO:main go'],
      ['assistant', 'tool_use', 'call_3', 'Bash', { command: 'echo hello-from-shell', description: 'Print greeting' }],
      ['user', 'tool_result', 'call_3', 'hello-from-shell', false],
      ['assistant', 'tool_use', 'call_4', 'Write', { file_path: '/PROJECT/hello.txt', content: 'hello world\n' }],
      ['user', 'tool_result', 'call_4', 'Successfully created and wrote to new fi', false],
      ['assistant', 'tool_use', 'call_5', 'Read', { file_path: '/PROJECT/hello.txt' }],
      ['user', 'tool_result', 'call_5', 'hello world\n', false],
      [
        'assistant',
        'tool_use',
        'call_6',
        'Edit',
        { file_path: '/PROJECT/hello.txt', old_string: 'hello', new_string: 'bye' },
      ],
      ['user', 'tool_result', 'call_6', 'The file: /PROJECT/hello.txt has been up', false],
      ['assistant', 'tool_use', 'call_7', 'Glob', { pattern: '*.txt' }],
      ['user', 'tool_result', 'call_7', 'Found 1 file(s) matching "*.txt" in the ', false],
    ],
  },
  {
    name: 'CodeBuddy Code session (Bash ok/failing, Write, Read, Edit, TaskCreate/TaskUpdate, text)',
    from: 'codebuddy',
    file: 'transcripts/codebuddy/session.jsonl',
    expected: [
      ['user', 'CAPTURE go'],
      [
        'assistant',
        'tool_use',
        'call_42ts9p_1',
        'Bash',
        { command: 'echo out-line; echo err-line >&2', description: 'print' },
      ],
      ['user', 'tool_result', 'call_42ts9p_1', 'out-line\nerr-line', false],
      ['assistant', 'tool_use', 'call_42ts9p_2', 'Bash', { command: 'echo partial; exit 3', description: 'fail' }],
      ['user', 'tool_result', 'call_42ts9p_2', 'Exit code 3\npartial', true],
      ['assistant', 'tool_use', 'call_42ts9p_3', 'Write', { file_path: P, content: 'line1\nline2\n' }],
      ['user', 'tool_result', 'call_42ts9p_3', 'Successfully created and wrote to new fi', false],
      ['assistant', 'tool_use', 'call_42ts9p_4', 'Read', { file_path: P }],
      ['user', 'tool_result', 'call_42ts9p_4', '   1\u2192line1\n   2\u2192line2\n   3\u2192', false],
      ['assistant', 'tool_use', 'call_42ts9p_5', 'Edit', { file_path: P, old_string: 'line2', new_string: 'LINE2' }],
      ['user', 'tool_result', 'call_42ts9p_5', 'Successfully edited file: /PROJECT/w.txt', false],
      [
        'assistant',
        'tool_use',
        'call_42ts9p_6',
        'TaskCreate',
        { subject: 'first task', description: 'do it', activeForm: 'Doing it' },
      ],
      ['user', 'tool_result', 'call_42ts9p_6', 'Task #1 created successfully: first task', false],
      ['assistant', 'tool_use', 'call_42ts9p_7', 'TaskUpdate', { taskId: '1', status: 'completed' }],
      ['user', 'tool_result', 'call_42ts9p_7', 'Updated task #1 status', false],
      ['assistant', 'text', 'done'],
    ],
  },
  {
    // Gemini writes each model message twice (as it arrives, then with its toolCalls and their results):
    // one tool_use each, no repeats; the injected <session_context> ($set) is not a prompt. Its records carry
    // no cwd (nor does the header), so the Claude records have none.
    name: 'Gemini CLI session (shell ok/failing, write, read, replace, text)',
    from: 'gemini',
    file: 'transcripts/gemini/session.jsonl',
    noCwd: true,
    expected: [
      ['user', 'go'],
      [
        'assistant',
        'tool_use',
        'run_shell_command__call_1',
        'Bash',
        { command: 'echo out-line; echo err-line >&2', description: 'print' },
      ],
      ['user', 'tool_result', 'run_shell_command__call_1', 'out-line\nerr-line', false],
      ['assistant', 'tool_use', 'run_shell_command__call_2', 'Bash', { command: 'echo partial; exit 3' }],
      ['user', 'tool_result', 'run_shell_command__call_2', 'Exit code 3\npartial', true],
      ['assistant', 'tool_use', 'write_file__call_3', 'Write', { file_path: 'w.txt', content: 'line1\nline2\n' }],
      ['user', 'tool_result', 'write_file__call_3', 'Successfully created and wrote to new fi', false],
      ['assistant', 'tool_use', 'read_file__call_4', 'Read', { file_path: 'w.txt' }],
      ['user', 'tool_result', 'read_file__call_4', 'line1\nline2\n', false],
      // Gemini's `instruction` has no Claude counterpart: kept, as run keeps it in tool_input
      [
        'assistant',
        'tool_use',
        'replace__call_5',
        'Edit',
        { file_path: 'w.txt', instruction: 'upper', old_string: 'line2', new_string: 'LINE2' },
      ],
      ['user', 'tool_result', 'replace__call_5', 'Successfully modified file: /PROJECT/w.t', false],
      ['assistant', 'text', 'done'],
    ],
  },
  {
    // Codex's rollout: the developer messages and the <environment_context> user message are its own, not a
    // prompt; exec_command is Bash {command} (as hooks see it); an apply_patch call is the Claude calls it amounts
    // to, as run shows them (src/run/patch-calls.ts). The cwd is the session_meta's.
    name: 'Codex CLI session (exec_command ok/failing, apply_patch add/update, text)',
    from: 'codex',
    file: 'transcripts/codex/session.jsonl',
    expected: [
      ['user', 'go'],
      ['assistant', 'tool_use', 'call_e2e_1', 'Bash', { command: 'echo out-line; echo err-line >&2' }],
      ['user', 'tool_result', 'call_e2e_1', 'err-line\nout-line', false],
      ['assistant', 'tool_use', 'call_e2e_2', 'Bash', { command: 'echo partial; exit 3' }],
      ['user', 'tool_result', 'call_e2e_2', 'Exit code 3\npartial', true],
      ['assistant', 'tool_use', 'call_e2e_3', 'Write', { file_path: P, content: 'line1\nline2\n' }],
      ['user', 'tool_result', 'call_e2e_3', 'Exit code: 0\nWall time: 0 seconds\nOutput', false],
      [
        'assistant',
        'tool_use',
        'call_e2e_4',
        'Edit',
        { file_path: P, old_string: 'line1\nline2', new_string: 'line1\nLINE2', replace_all: false },
      ],
      ['user', 'tool_result', 'call_e2e_4', 'Exit code: 0\nWall time: 0 seconds\nOutput', false],
      ['assistant', 'text', 'done'],
    ],
  },
  {
    // One apply_patch call that adds, updates (two chunks), moves and deletes: a tool_use per Claude call, the first
    // with the call_id, the others <call_id>#k; one tool_result each. The two-chunk update is one Edit of the chunks'
    // lines joined (the file's text at that time is not in the transcript), as run gives it for a file it cannot read.
    name: 'Codex CLI apply_patch with add + update + move + delete (one call), then exec_command',
    from: 'codex',
    file: 'transcripts/codex/patch-session.jsonl',
    expected: [
      ['user', 'go'],
      ['assistant', 'tool_use', 'call_e2e_1', 'Write', { file_path: '/PROJECT/n.txt', content: 'new1\nnew2\n' }],
      [
        'assistant',
        'tool_use',
        'call_e2e_1#2',
        'Edit',
        {
          file_path: '/PROJECT/u.txt',
          old_string: 'two\nfour\nfive',
          new_string: 'TWO\nfour\nFIVE',
          replace_all: false,
        },
      ],
      ['assistant', 'tool_use', 'call_e2e_1#3', 'Bash', { command: 'mv m.txt moved.txt' }],
      [
        'assistant',
        'tool_use',
        'call_e2e_1#4',
        'Edit',
        { file_path: '/PROJECT/moved.txt', old_string: 'a\nb', new_string: 'a\nB', replace_all: false },
      ],
      ['assistant', 'tool_use', 'call_e2e_1#5', 'Bash', { command: 'rm gone.txt' }],
      ['user', 'tool_result', 'call_e2e_1', 'Exit code: 0\nWall time: 0 seconds\nOutput', false],
      ['user', 'tool_result', 'call_e2e_1#2', 'Exit code: 0\nWall time: 0 seconds\nOutput', false],
      ['user', 'tool_result', 'call_e2e_1#3', 'Exit code: 0\nWall time: 0 seconds\nOutput', false],
      ['user', 'tool_result', 'call_e2e_1#4', 'Exit code: 0\nWall time: 0 seconds\nOutput', false],
      ['user', 'tool_result', 'call_e2e_1#5', 'Exit code: 0\nWall time: 0 seconds\nOutput', false],
      ['assistant', 'tool_use', 'call_e2e_2', 'Bash', { command: 'cat n.txt u.txt moved.txt' }],
      ['user', 'tool_result', 'call_e2e_2', 'new1\nnew2\none\nTWO\nthree\nfour\nFIVE\na\nB', false],
      ['assistant', 'text', 'done'],
    ],
  },
  {
    // Copilot's events.jsonl: hook, turn and usage events are no conversation; its tools become Claude's with their
    // parameters renamed (path -> file_path …); a bash exit 3 is a success there, an "Exit code 3" error in Claude's.
    name: 'GitHub Copilot CLI session (bash ok/exit 3, view, create, edit, grep, glob, a failing view, text)',
    from: 'copilot',
    file: 'observed/copilot/transcript-events.jsonl',
    expected: [
      ['user', 'go'],
      [
        'assistant',
        'tool_use',
        'call_nr704h_1',
        'Bash',
        { command: 'echo out; echo err >&2', description: 'echo both' },
      ],
      ['user', 'tool_result', 'call_nr704h_1', 'out\nerr', false],
      ['assistant', 'tool_use', 'call_nr704h_2', 'Bash', { command: 'echo failing; exit 3', description: 'fail' }],
      ['user', 'tool_result', 'call_nr704h_2', 'Exit code 3\nfailing', true],
      ['assistant', 'tool_use', 'call_nr704h_3', 'Read', { file_path: '/PROJECT/a.txt' }],
      ['user', 'tool_result', 'call_nr704h_3', 'line1\nLINE2\nline3\n', false],
      ['assistant', 'tool_use', 'call_nr704h_4', 'Write', { file_path: '/PROJECT/new.txt', content: 'hello\nworld\n' }],
      ['user', 'tool_result', 'call_nr704h_4', 'Created file /PROJECT/new.txt with 12 ch', false],
      [
        'assistant',
        'tool_use',
        'call_nr704h_5',
        'Edit',
        { file_path: '/PROJECT/new.txt', old_string: 'world', new_string: 'there' },
      ],
      ['user', 'tool_result', 'call_nr704h_5', 'File /PROJECT/new.txt updated with chang', false],
      ['assistant', 'tool_use', 'call_nr704h_6', 'Grep', { pattern: 'LINE' }],
      ['user', 'tool_result', 'call_nr704h_6', './a.txt\n./sub/b.txt', false],
      ['assistant', 'tool_use', 'call_nr704h_7', 'Glob', { pattern: '**/*.txt' }],
      ['user', 'tool_result', 'call_nr704h_7', './a.txt\n./sub/b.txt\n./new.txt', false],
      ['assistant', 'tool_use', 'call_nr704h_8', 'Read', { file_path: '/PROJECT/missing.txt' }],
      ['user', 'tool_result', 'call_nr704h_8', 'Path does not exist', true],
      ['assistant', 'text', 'done'],
    ],
  },
];

/** Fields every user/assistant record of Claude Code's own transcript has, that parsers use. */
const claudeSample = parse(read('ground-truth/claude/transcript-sample.jsonl')).filter(
  (r) => r.type === 'user' || r.type === 'assistant',
);
const CORE = ['parentUuid', 'isSidechain', 'type', 'message', 'uuid', 'timestamp', 'sessionId', 'cwd', 'userType'];

describe('translateTranscript: host transcripts into Claude Code JSONL, record by record', () => {
  it('the Claude sample has the fields checked below (so the checks mean something)', () => {
    for (const r of claudeSample) for (const k of CORE) expect(r, `${r.uuid} ${k}`).toHaveProperty(k);
    expect(
      claudeSample
        .filter((r) => r.type === 'assistant')
        .every((r) => r.message.role === 'assistant' && Array.isArray(r.message.content)),
    ).toBe(true);
  });

  for (const c of CASES) {
    describe(c.name, () => {
      const out = translateTranscript(c.from, 'claude', read(c.file));
      const recs = parse(out);

      it('gives the records a Claude parser expects, in order', () => {
        expect(recs.map(short)).toEqual(c.expected);
      });

      it('every record has Claude fields: compact JSON lines, role = type, content string or blocks', () => {
        expect(out.endsWith('\n')).toBe(true);
        for (const line of out.trimEnd().split('\n')) expect(line).toBe(JSON.stringify(JSON.parse(line)));
        for (const r of recs) {
          for (const k of CORE) if (!(c.noCwd && k === 'cwd')) expect(r, k).toHaveProperty(k);
          expect(r.message.role).toBe(r.type);
          if (r.type === 'assistant')
            expect(r.message).toMatchObject({
              type: 'message',
              id: expect.stringMatching(/^msg_/),
              stop_reason: expect.any(String),
            });
        }
        // what `grep '"role":"assistant"'` finds is exactly the assistant records
        expect(
          out
            .trimEnd()
            .split('\n')
            .filter((l) => l.includes('"role":"assistant"')).length,
        ).toBe(recs.filter((r) => r.type === 'assistant').length);
      });

      it('chains parentUuid and pairs every tool_result with its tool_use', () => {
        recs.forEach((r, i) => {
          expect(r.parentUuid).toBe(i === 0 ? null : recs[i - 1]!.uuid);
        });
        expect(new Set(recs.map((r) => r.uuid)).size).toBe(recs.length);
        const uses = new Map<string, Rec>();
        for (const r of recs) {
          for (const b of Array.isArray(r.message.content) ? r.message.content : []) {
            if (b.type === 'tool_use') uses.set(b.id, r);
            if (b.type === 'tool_result') {
              expect(uses.has(b.tool_use_id), b.tool_use_id).toBe(true);
              expect(r.sourceToolAssistantUUID).toBe(uses.get(b.tool_use_id)!.uuid);
              expect(r).toHaveProperty('toolUseResult');
            }
          }
        }
      });

      it('is deterministic (the incremental cache relies on it)', () => {
        expect(translateTranscript(c.from, 'claude', read(c.file))).toBe(out);
      });
    });
  }

  it('Bash results get Claude\'s toolUseResult {stdout, stderr, …}; a failure the "Error: …" string', () => {
    const q = parse(translateTranscript('qwen', 'claude', read('transcripts/qwen/session.jsonl')));
    const cb = parse(translateTranscript('codebuddy', 'claude', read('transcripts/codebuddy/session.jsonl')));
    const claudeBash = claudeSample.find((r) => r.toolUseResult?.stdout !== undefined)!.toolUseResult;
    // Qwen puts stderr into its Output text (as Claude Code does); CodeBuddy keeps them apart.
    expect(q[2]!.toolUseResult).toEqual({
      stdout: 'out-line\nerr-line',
      stderr: '',
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    });
    expect(cb[2]!.toolUseResult).toEqual({
      stdout: 'out-line',
      stderr: 'err-line',
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    });
    expect(Object.keys(q[2]!.toolUseResult).sort()).toEqual(Object.keys(claudeBash).sort());
    expect(claudeSample.find((r) => r.message.content[0]?.tool_use_id === 'toolu_mwrdf9nz0003')!.toolUseResult).toBe(
      'Error: Exit code 3\npartial',
    );
    expect(q[4]!.toolUseResult).toBe('Error: Exit code 3\npartial');
    expect(cb[4]!.toolUseResult).toBe('Error: Exit code 3\npartial');
    // Gemini merges stderr into its Output text, like Qwen
    const g = parse(translateTranscript('gemini', 'claude', read('transcripts/gemini/session.jsonl')));
    expect(g[2]!.toolUseResult).toEqual(q[2]!.toolUseResult);
    expect(g[4]!.toolUseResult).toBe('Error: Exit code 3\npartial');
  });

  it("file tools get Claude's toolUseResult shapes (Write create, Read file, Edit patch)", () => {
    for (const [from, file] of [
      ['qwen', 'transcripts/qwen/session.jsonl'],
      ['codebuddy', 'transcripts/codebuddy/session.jsonl'],
    ] as const) {
      const r = parse(translateTranscript(from, 'claude', read(file)));
      expect(r[6]!.toolUseResult, from).toMatchObject({ type: 'create', filePath: P, content: 'line1\nline2\n' });
      expect(r[8]!.toolUseResult, from).toMatchObject({
        type: 'text',
        file: { filePath: P, content: 'line1\nline2\n' },
      });
      expect(r[10]!.toolUseResult, from).toMatchObject({ filePath: P, oldString: 'line2', newString: 'LINE2' });
    }
  });

  it("Gemini: records carry the header's session id; file tools get Claude's toolUseResult shapes", () => {
    const g = parse(translateTranscript('gemini', 'claude', read('transcripts/gemini/session.jsonl')));
    expect(new Set(g.map((r) => r.sessionId))).toEqual(new Set(['40519d5a-7bad-4777-90c6-e6c6c34a2330']));
    expect(g[6]!.toolUseResult).toMatchObject({ type: 'create', filePath: P, content: 'line1\nline2\n' });
    expect(g[8]!.toolUseResult).toMatchObject({ type: 'text', file: { content: 'line1\nline2\n' } });
    expect(g[10]!.toolUseResult).toMatchObject({ filePath: P, oldString: 'line2', newString: 'LINE2' });
  });

  it(
    'Gemini at BeforeTool: the call is not in the transcript yet, only ' +
      'the prompt is (and the message rewrite adds it once)',
    () => {
      const at = read('transcripts/gemini/at-BeforeTool-run_shell_command-006.transcript.jsonl');
      expect(parse(translateTranscript('gemini', 'claude', at)).map(short)).toEqual([['user', 'go']]);
      // a model message with text, then rewritten with its toolCalls: the text once, then the tool_use
      const msg = {
        id: 'm1',
        timestamp: 't',
        type: 'gemini',
        content: 'Running it.',
        thoughts: [{ subject: 'Plan', description: 'list files' }],
        model: 'x',
      };
      const call = {
        id: 'c1',
        name: 'run_shell_command',
        args: { command: 'ls', is_background: false },
        result: [
          {
            functionResponse: {
              id: 'c1',
              name: 'run_shell_command',
              response: { output: '<untrusted_context>\nOutput: a\nProcess Group PGID: 1\n</untrusted_context>' },
            },
          },
        ],
        status: 'success',
      };
      const resp = { id: 'u2', timestamp: 't', type: 'user', content: call.result };
      const text = [msg, { $set: { lastUpdated: 't' } }, { ...msg, toolCalls: [call] }, resp]
        .map((r) => `${JSON.stringify(r)}\n`)
        .join('');
      const recs = parse(translateTranscript('gemini', 'claude', text));
      expect(recs.map(short)).toEqual([
        ['assistant', 'thinking'],
        ['assistant', 'text', 'Running it.'],
        ['assistant', 'tool_use', 'c1', 'Bash', { command: 'ls', run_in_background: false }],
        ['user', 'tool_result', 'c1', 'a', false],
      ]);
      expect(new Set(recs.map((r) => r.uuid)).size).toBe(4);
      expect(new Set(recs.map((r) => r.message.id).filter(Boolean))).toEqual(new Set(['msg_m1']));
      // run translates what was appended since its last call, in a new process: the rewrite still gets new uuids
      const lines = text.trimEnd().split('\n');
      const state = freshState();
      const first = new Translator('gemini', 'claude', state).line(lines[0]!, 1);
      const t2 = new Translator('gemini', 'claude', state);
      const rest = lines.slice(1).flatMap((l, i) => t2.line(l, i + 2));
      expect([...first, ...rest]).toEqual(recs.map((r) => JSON.stringify(r)));
    },
  );

  it('one record per content block, as Claude Code writes them (shared message.id, apiBlockIndex)', () => {
    const qwen = JSON.stringify({
      uuid: 'u1',
      timestamp: 't',
      type: 'assistant',
      message: {
        role: 'model',
        parts: [
          { text: 'hmm', thought: true },
          { text: 'Running it.' },
          { functionCall: { id: 'c1', name: 'run_shell_command', args: { command: 'ls', is_background: false } } },
        ],
      },
    });
    const recs = parse(translateTranscript('qwen', 'claude', `${qwen}\n`));
    expect(recs.map((r) => [r.message.content[0].type, r.apiBlockIndex, r.message.id])).toEqual([
      ['thinking', 0, 'msg_u1'],
      ['text', 1, 'msg_u1'],
      ['tool_use', 2, 'msg_u1'],
    ]);
    // Qwen's parameter names become Claude's
    expect(recs[2]!.message.content[0].input).toEqual({ command: 'ls', run_in_background: false });
  });

  it(
    'parallel calls answered in one Qwen record: one Claude ' + 'tool_result record each, distinct uuids, each paired',
    () => {
      const call = (id: string) => ({ functionCall: { id, name: 'read_file', args: { file_path: `/p/${id}` } } });
      const resp = (id: string) => ({
        functionResponse: { id, name: 'read_file', response: { output: `text of ${id}` } },
      });
      const text = [
        { uuid: 'a1', timestamp: 't1', type: 'assistant', message: { role: 'model', parts: [call('c1'), call('c2')] } },
        {
          uuid: 'r1',
          timestamp: 't2',
          type: 'tool_result',
          message: { role: 'user', parts: [resp('c1'), resp('c2')] },
        },
      ]
        .map((r) => `${JSON.stringify(r)}\n`)
        .join('');
      const recs = parse(translateTranscript('qwen', 'claude', text));
      expect(recs.map((r) => [r.type, r.message.content[0].id ?? r.message.content[0].tool_use_id])).toEqual([
        ['assistant', 'c1'],
        ['assistant', 'c2'],
        ['user', 'c1'],
        ['user', 'c2'],
      ]);
      expect(new Set(recs.map((r) => r.uuid)).size).toBe(4);
      expect(recs[2]!.sourceToolAssistantUUID).toBe(recs[0]!.uuid);
      expect(recs[3]!.sourceToolAssistantUUID).toBe(recs[1]!.uuid);
      expect(recs[3]!.toolUseResult).toMatchObject({
        type: 'text',
        file: { filePath: '/p/c2', content: 'text of c2' },
      });
    },
  );

  it('a Claude transcript to a Claude-format script is passed through unchanged', () => {
    const text = read('ground-truth/claude/transcript-sample.jsonl');
    expect(translateTranscript('claude', 'hooks-yaml', text)).toBe(text);
  });

  const BAD: { name: string; from: DialectId; to: DialectId; text: string; message: RegExp; location?: string }[] = [
    {
      name: 'a line that is not JSON',
      from: 'qwen',
      to: 'claude',
      text: '{"type":"user","message":{"role":"user","parts":[{"text":"hi"}]}}\nnot json\n',
      message: /not a JSON record/,
      location: 'line 2',
    },
    {
      name: 'a JSON value that is not an object',
      from: 'codebuddy',
      to: 'claude',
      text: '[1,2]\n',
      message: /not a JSON object/,
      location: 'line 1',
    },
    {
      name: 'a Claude transcript given as Qwen',
      from: 'qwen',
      to: 'claude',
      text: read('ground-truth/claude/transcript-sample.jsonl'),
      message: /no Qwen Code transcript record found/,
    },
    {
      name: 'a Qwen transcript given as CodeBuddy',
      from: 'codebuddy',
      to: 'claude',
      text: read('transcripts/qwen/session.jsonl'),
      message: /no CodeBuddy Code transcript record found/,
    },
    {
      name: 'a Qwen transcript given as Gemini',
      from: 'gemini',
      to: 'claude',
      text: read('transcripts/qwen/session.jsonl'),
      message: /no Gemini CLI transcript record found/,
    },
    {
      name: 'a Claude transcript given as Gemini',
      from: 'gemini',
      to: 'claude',
      text: read('ground-truth/claude/transcript-sample.jsonl'),
      message: /no Gemini CLI transcript record found/,
    },
    {
      name: 'a Gemini transcript given as Qwen',
      from: 'qwen',
      to: 'claude',
      text: read('transcripts/gemini/session.jsonl'),
      message: /no Qwen Code transcript record found/,
    },
    {
      name: 'a Claude transcript given as Codex',
      from: 'codex',
      to: 'claude',
      text: read('ground-truth/claude/transcript-sample.jsonl'),
      message: /no Codex CLI transcript record found/,
    },
    {
      name: 'a Codex transcript given as Qwen',
      from: 'qwen',
      to: 'claude',
      text: read('transcripts/codex/session.jsonl'),
      message: /no Qwen Code transcript record found/,
    },
    {
      name: 'a host whose format is unknown (CodeBuddy IDE transcript.txt)',
      from: 'codebuddy-ide',
      to: 'claude',
      text: 'x\n',
      message: /no transcript translation from codebuddy-ide \(unknown\)/,
    },
    {
      name: 'a script format there is no writer for',
      from: 'claude',
      to: 'qwen',
      text: '{}\n',
      message: /supported: --from qwen\|codebuddy\|gemini\|codex\|copilot\|pi --to claude\|hooks-yaml/,
    },
  ];
  for (const b of BAD) {
    it(`bad input: ${b.name} -> HookBridgeError`, () => {
      let err: unknown;
      try {
        translateTranscript(b.from, b.to, b.text);
      } catch (e) {
        err = e;
      }
      expect(HookBridgeError.is(err)).toBe(true);
      expect((err as HookBridgeError).message).toMatch(b.message);
      if (b.location) expect((err as HookBridgeError).location).toBe(b.location);
    });
  }

  it(
    'CodeBuddy Code at a Bash PostToolUse: the call is in its ' +
      'transcript, its output not yet (docs/observations.md)',
    () => {
      for (const n of ['003', '005']) {
        const payload = JSON.parse(read(`transcripts/codebuddy/at-PostToolUse-Bash-${n}.payload.json`));
        const recs = parse(read(`transcripts/codebuddy/at-PostToolUse-Bash-${n}.transcript.jsonl`));
        expect(payload.hook_event_name).toBe('PostToolUse');
        expect(recs.some((r) => r.type === 'function_call' && r.callId === payload.tool_use_id)).toBe(true);
        expect(recs.some((r) => r.type === 'function_call_result' && r.callId === payload.tool_use_id)).toBe(false);
        // so the translation has the tool_use and no tool_result for it: nothing to fill stdout from
        const claude = parse(
          translateTranscript(
            'codebuddy',
            'claude',
            read(`transcripts/codebuddy/at-PostToolUse-Bash-${n}.transcript.jsonl`),
          ),
        );
        expect(claude.at(-1)!.message.content[0]).toMatchObject({
          type: 'tool_use',
          id: payload.tool_use_id,
          name: 'Bash',
        });
      }
    },
  );

  it(
    "Codex CLI: records carry the session id of its session_meta; Bash gets Claude's {stdout, stderr, …}; a " +
      'rejected command is an error',
    () => {
      const c = parse(translateTranscript('codex', 'claude', read('transcripts/codex/session.jsonl')));
      expect(new Set(c.map((r) => r.sessionId))).toEqual(
        new Set([JSON.parse(read('transcripts/codex/Stop.json')).session_id]),
      );
      expect(c[2]!.toolUseResult).toEqual({
        stdout: 'err-line\nout-line',
        stderr: '',
        interrupted: false,
        isImage: false,
        noOutputExpected: false,
      });
      expect(c[4]!.toolUseResult).toBe('Error: Exit code 3\npartial');
      const call = {
        timestamp: 't',
        type: 'response_item',
        payload: {
          type: 'function_call',
          id: 'fc_9',
          name: 'exec_command',
          arguments: '{"cmd":"rm -rf x"}',
          call_id: 'c9',
        },
      };
      const out = {
        timestamp: 't',
        type: 'response_item',
        payload: {
          type: 'function_call_output',
          id: 'fco_9',
          call_id: 'c9',
          output: 'exec_command failed: CreateProcess { message: "Rejected(…)" }',
        },
      };
      const recs = parse(
        translateTranscript('codex', 'claude', [call, out].map((r) => `${JSON.stringify(r)}\n`).join('')),
      );
      expect(recs.map(short)).toEqual([
        ['assistant', 'tool_use', 'c9', 'Bash', { command: 'rm -rf x' }],
        ['user', 'tool_result', 'c9', 'Exit code 1\nexec_command failed: CreateP', true],
      ]);
    },
  );

  it(
    "Codex CLI apply_patch parts get Claude's toolUseResult: Write create, Edit {filePath, oldString, …}, Bash for " +
      'mv/rm',
    () => {
      const recs = parse(translateTranscript('codex', 'claude', read('transcripts/codex/patch-session.jsonl')));
      const results = recs.filter((r) => r.message.content[0]?.type === 'tool_result').slice(0, 5);
      const bash = { stdout: '', stderr: '', interrupted: false, isImage: false, noOutputExpected: false };
      expect(results.map((r) => r.toolUseResult)).toEqual([
        {
          type: 'create',
          filePath: '/PROJECT/n.txt',
          content: 'new1\nnew2\n',
          structuredPatch: [],
          originalFile: null,
          userModified: false,
        },
        {
          filePath: '/PROJECT/u.txt',
          oldString: 'two\nfour\nfive',
          newString: 'TWO\nfour\nFIVE',
          originalFile: null,
          structuredPatch: [],
          userModified: false,
          replaceAll: false,
        },
        bash,
        {
          filePath: '/PROJECT/moved.txt',
          oldString: 'a\nb',
          newString: 'a\nB',
          originalFile: null,
          structuredPatch: [],
          userModified: false,
          replaceAll: false,
        },
        bash,
      ]);
      // each result points at its own tool_use record
      const uses = new Map(
        recs.filter((r) => r.message.content[0]?.type === 'tool_use').map((r) => [r.message.content[0].id, r.uuid]),
      );
      for (const r of results) expect(r.sourceToolAssistantUUID).toBe(uses.get(r.message.content[0].tool_use_id));
    },
  );

  const codexLines = (...rs: Rec[]) => rs.map((r) => `${JSON.stringify(r)}\n`).join('');
  const META = { timestamp: 't', type: 'session_meta', payload: { id: 's1', cwd: '/P' } };
  const patchCall = (input: string) => ({
    timestamp: 't',
    type: 'response_item',
    payload: { type: 'custom_tool_call', id: 'ctc_9', call_id: 'c9', name: 'apply_patch', input },
  });
  const patchOut = (output: string) => ({
    timestamp: 't',
    type: 'response_item',
    payload: { type: 'custom_tool_call_output', id: 'ctco_9', call_id: 'c9', output },
  });
  const PATCH = '*** Begin Patch\n*** Add File: a.txt\n+x\n*** Delete File: b.txt\n*** End Patch';
  const CODEX_PATCH_CASES: { name: string; lines: Rec[]; expected: unknown[][] }[] = [
    {
      name: 'a failed patch: every part a failed result ("Error: …" toolUseResult)',
      lines: [META, patchCall(PATCH), patchOut('apply_patch verification failed: Failed to delete file b.txt')],
      expected: [
        ['assistant', 'tool_use', 'c9', 'Write', { file_path: '/P/a.txt', content: 'x\n' }],
        ['assistant', 'tool_use', 'c9#2', 'Bash', { command: 'rm b.txt' }],
        ['user', 'tool_result', 'c9', 'apply_patch verification failed: Failed ', true],
        ['user', 'tool_result', 'c9#2', 'apply_patch verification failed: Failed ', true],
      ],
    },
    {
      name: 'a patch Codex rejects (not a patch): one apply_patch call, as Codex made it',
      lines: [
        META,
        patchCall('*** Add File: a.txt\n+x'),
        patchOut(
          "apply_patch verification failed: invalid patch: The first line of the patch must be '*** Begin Patch'",
        ),
      ],
      expected: [
        ['assistant', 'tool_use', 'c9', 'apply_patch', { patch: '*** Add File: a.txt\n+x' }],
        ['user', 'tool_result', 'c9', 'apply_patch verification failed: invalid', true],
      ],
    },
    {
      name: 'no session_meta (no cwd to place the paths in): one apply_patch call',
      lines: [
        patchCall(PATCH),
        patchOut(
          'Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nA a.txt\nD b.txt\n',
        ),
      ],
      expected: [
        ['assistant', 'tool_use', 'c9', 'apply_patch', { patch: PATCH }],
        ['user', 'tool_result', 'c9', 'Exit code: 0\nWall time: 0 seconds\nOutput', false],
      ],
    },
    {
      name: "a path with a space: the rm part quotes it as run does; a turn_context cwd wins over the session_meta's",
      lines: [
        META,
        { timestamp: 't', type: 'turn_context', payload: { cwd: '/Q' } },
        patchCall('*** Begin Patch\n*** Delete File: my file.txt\n*** End Patch'),
      ],
      expected: [['assistant', 'tool_use', 'c9', 'Bash', { command: "rm 'my file.txt'" }]],
    },
  ];
  for (const c of CODEX_PATCH_CASES) {
    it(`Codex CLI apply_patch: ${c.name}`, () => {
      const recs = parse(translateTranscript('codex', 'claude', codexLines(...c.lines)));
      expect(recs.map(short)).toEqual(c.expected);
      for (const r of recs.filter((x) => x.message.content[0].is_error))
        expect(r.toolUseResult).toBe(`Error: ${r.message.content[0].content}`);
    });
  }

  it(
    'Codex CLI: the transcript exists from SessionStart (no prompt yet); at ' +
      'a Bash PostToolUse the call is there, its output not yet',
    () => {
      const t = new Translator('codex', 'claude');
      expect(
        read('transcripts/codex/at-SessionStart-000.transcript.jsonl')
          .trimEnd()
          .split('\n')
          .flatMap((l, i) => t.line(l, i + 1)),
      ).toEqual([]);
      const payload = JSON.parse(read('transcripts/codex/at-PostToolUse-Bash-003.payload.json'));
      const claude = parse(
        translateTranscript('codex', 'claude', read('transcripts/codex/at-PostToolUse-Bash-003.transcript.jsonl')),
      );
      expect(payload.hook_event_name).toBe('PostToolUse');
      expect(claude.map(short)).toEqual([
        ['user', 'go'],
        ['assistant', 'tool_use', payload.tool_use_id, 'Bash', { command: payload.tool_input.command }],
      ]);
    },
  );

  it('empty input is an empty transcript', () => {
    expect(translateTranscript('qwen', 'claude', '')).toBe('');
  });
});

describe('derivedUuid', () => {
  it('is UUID-shaped, deterministic, and distinct for distinct host ids', async () => {
    const { derivedUuid } = await import('../../src/transcript/claude.js');
    const ids = Array.from({ length: 20000 }, (_, i) => `call_${i}#${i % 7}`);
    const uuids = ids.map(derivedUuid);
    for (const u of uuids.slice(0, 50))
      expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(uuids).size).toBe(ids.length);
    expect(derivedUuid('x')).toBe(derivedUuid('x'));
  });
});
