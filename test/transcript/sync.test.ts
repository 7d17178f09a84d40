// The incremental transcript cache `run` keeps per session: what it appends must always equal the
// translation of the whole host file, whatever the host had written when each hook ran.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { translateTranscript } from '../../src/index.js';
import { claudeTodosFile, prepareTranscripts, syncTranscript } from '../../src/transcript/sync.js';

const FX = resolve(import.meta.dirname, '../fixtures/transcripts');
const QWEN = readFileSync(join(FX, 'qwen/session.jsonl'));
const CB = readFileSync(join(FX, 'codebuddy/session.jsonl'));
/** Codex: one apply_patch call (add + update + move + delete) becomes five tool_uses and five tool_results. */
const CODEX = Buffer.concat([
  readFileSync(join(FX, 'codex/patch-session.jsonl')),
  readFileSync(join(FX, 'codex/session.jsonl')),
]);
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'hb-transcript-sync-'));
  dirs.push(d);
  return d;
};
afterAll(() =>
  dirs.forEach((d) => {
    rmSync(d, { recursive: true, force: true });
  }),
);
/** A fresh dir with a host transcript path and a cache file path, and a Qwen -> Claude sync between them. */
function pair(name = 'host.jsonl') {
  const d = tmp();
  const src = join(d, name);
  const out = join(d, 'out.jsonl');
  return {
    d,
    src,
    out,
    sync: () => syncTranscript(src, out, { from: 'qwen', to: 'claude' }),
    translated: () => readFileSync(out, 'utf8'),
  };
}
const whole = (b: Buffer) => translateTranscript('qwen', 'claude', b.toString('utf8'));

/** A Qwen user record with multi-byte text (a chunk boundary may fall inside a character). */
const UNICODE = Buffer.from(
  `${JSON.stringify({
    uuid: 'u-uni',
    timestamp: '2026-11-25T00:00:00Z',
    type: 'user',
    message: { role: 'user', parts: [{ text: 'héllo ✓ 日本語 🙂' }] },
  })}\n`,
);

describe('syncTranscript: incremental, append-only, equal to the whole translation', () => {
  for (const [name, from, bytes] of [
    ['qwen', 'qwen', Buffer.concat([UNICODE, QWEN])],
    ['codebuddy', 'codebuddy', CB],
    ['codex', 'codex', CODEX],
  ] as const) {
    it(
      `${name}: the host file written in arbitrary pieces (mid-line, ` + `mid-character) translates to the same file`,
      () => {
        const d = tmp();
        const src = join(d, 'host.jsonl');
        const out = join(d, 'out.jsonl');
        writeFileSync(src, '');
        let prev = '';
        // piece sizes chosen to split lines and the multi-byte characters of the first record
        for (let at = 0, i = 0; at < bytes.length; i++) {
          const n = [7, 1, 3, 50, 2, 400, 1, 1, 1, 1000][i % 10]!;
          appendFileSync(src, bytes.subarray(at, at + n));
          at += n;
          syncTranscript(src, out, { from, to: 'claude' });
          const now = readFileSync(out, 'utf8');
          expect(now.startsWith(prev), 'append only').toBe(true);
          prev = now;
        }
        expect(prev).toBe(translateTranscript(from, 'claude', bytes.toString('utf8')));
      },
    );
  }

  it('a call with nothing new writes nothing (the fast path)', () => {
    const { d, src, out, sync } = pair();
    writeFileSync(src, QWEN);
    sync();
    const before = [statSync(out).mtimeMs, statSync(join(d, 'out.state.json')).mtimeMs];
    const t0 = Date.now();
    while (Date.now() - t0 < 20); // a rewrite would move the mtime
    sync();
    expect([statSync(out).mtimeMs, statSync(join(d, 'out.state.json')).mtimeMs]).toEqual(before);
  });

  it('a missing host transcript gives an empty file; once it appears it is translated', () => {
    const { src, sync, translated } = pair('later.jsonl');
    sync();
    expect(translated()).toBe('');
    writeFileSync(src, QWEN);
    sync();
    expect(translated()).toBe(whole(QWEN));
  });

  it('a replaced or truncated host file starts the translation over', () => {
    const { src, sync, translated } = pair();
    writeFileSync(src, QWEN);
    sync();
    writeFileSync(src, UNICODE); // shorter: truncated and rewritten
    sync();
    expect(translated()).toBe(whole(UNICODE));
  });

  it(
    'codex: an apply_patch call in one call of run, its output in the ' +
      'next, gives the records of the whole translation',
    () => {
      const lines = readFileSync(join(FX, 'codex/patch-session.jsonl'), 'utf8').split('\n');
      const at = lines.findIndex((l) => l.includes('"custom_tool_call_output"'));
      const d = tmp();
      const src = join(d, 'host.jsonl');
      const out = join(d, 'out.jsonl');
      writeFileSync(src, `${lines.slice(0, at).join('\n')}\n`);
      syncTranscript(src, out, { from: 'codex', to: 'claude' });
      const state = JSON.parse(readFileSync(join(d, 'out.state.json'), 'utf8'));
      expect(Object.keys(state.translator.pending)).toEqual([
        'call_e2e_1',
        'call_e2e_1#2',
        'call_e2e_1#3',
        'call_e2e_1#4',
        'call_e2e_1#5',
      ]);
      appendFileSync(src, lines.slice(at).join('\n'));
      syncTranscript(src, out, { from: 'codex', to: 'claude' });
      expect(readFileSync(out, 'utf8')).toBe(translateTranscript('codex', 'claude', lines.join('\n')));
    },
  );

  it('a cache written by an earlier translation version is made again from the start (not appended to)', () => {
    const { d, src, out, sync, translated } = pair();
    writeFileSync(src, QWEN);
    sync();
    const statePath = join(d, 'out.state.json');
    writeFileSync(statePath, JSON.stringify({ ...JSON.parse(readFileSync(statePath, 'utf8')), v: 1 }));
    writeFileSync(out, 'stale\n');
    sync();
    expect(translated()).toBe(whole(QWEN));
  });

  it('a corrupt line is skipped, the rest still translated (a hook must not fail on it)', () => {
    const { src, sync, translated } = pair();
    writeFileSync(src, Buffer.concat([Buffer.from('{broken\n'), QWEN]));
    sync();
    expect(translated()).toBe(whole(QWEN));
  });
});

describe('todos (--emulate-todos): the host todo tool calls as the Claude todo file', () => {
  const todos = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>[];

  it('Qwen todo_write: the whole list, Claude + spec fields', () => {
    const d = tmp();
    const file = join(d, 'todos.json');
    writeFileSync(join(d, 'host.jsonl'), QWEN);
    syncTranscript(join(d, 'host.jsonl'), join(d, 'out.jsonl'), { from: 'qwen', to: 'claude', todosFile: file });
    expect(todos(file)).toEqual([
      {
        content: 'first task',
        status: 'completed',
        activeForm: 'first task',
        id: '1',
        created_at: '2026-11-25T13:05:33.221Z',
        completed_at: '2026-11-25T13:05:33.221Z',
      },
      {
        content: 'second',
        status: 'in_progress',
        activeForm: 'second',
        id: '2',
        created_at: '2026-11-25T13:05:33.221Z',
        completed_at: null,
      },
    ]);
  });

  it('CodeBuddy TaskCreate then TaskUpdate: one task, completed later than created', () => {
    const d = tmp();
    const file = join(d, 'todos.json');
    writeFileSync(join(d, 'host.jsonl'), CB);
    syncTranscript(join(d, 'host.jsonl'), join(d, 'out.jsonl'), { from: 'codebuddy', to: 'claude', todosFile: file });
    const [t, ...rest] = todos(file);
    expect(rest).toEqual([]);
    expect(t).toMatchObject({ id: '1', content: 'first task', activeForm: 'Doing it', status: 'completed' });
    expect(String(t!.created_at) < String(t!.completed_at)).toBe(true);
  });

  it("a list rewritten later keeps each item's created_at", () => {
    const d = tmp();
    const src = join(d, 'host.jsonl');
    const file = join(d, 'todos.json');
    const write = (ts: string, list: unknown[]) =>
      appendFileSync(
        src,
        `${JSON.stringify({
          uuid: ts,
          timestamp: ts,
          type: 'assistant',
          message: { role: 'model', parts: [{ functionCall: { id: ts, name: 'todo_write', args: { todos: list } } }] },
        })}\n`,
      );
    write('2026-01-01T00:00:00Z', [{ id: 'a', content: 'A', status: 'pending' }]);
    syncTranscript(src, join(d, 'out.jsonl'), { from: 'qwen', to: 'claude', todosFile: file });
    write('2026-01-02T00:00:00Z', [
      { id: 'a', content: 'A', status: 'completed' },
      { id: 'b', content: 'B', status: 'pending' },
    ]);
    syncTranscript(src, join(d, 'out.jsonl'), { from: 'qwen', to: 'claude', todosFile: file });
    expect(todos(file).map((t) => [t.id, t.status, t.created_at, t.completed_at])).toEqual([
      ['a', 'completed', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'],
      ['b', 'pending', '2026-01-02T00:00:00Z', null],
    ]);
  });

  it('no todo calls yet: an empty list, so a validator finds the file', () => {
    const d = tmp();
    const file = join(d, 'todos.json');
    syncTranscript(join(d, 'none.jsonl'), join(d, 'out.jsonl'), { from: 'qwen', to: 'claude', todosFile: file });
    expect(todos(file)).toEqual([]);
  });
});

describe('prepareTranscripts: the payload run gives the script', () => {
  it('points transcript_path and agent_transcript_path into the per-session cache; todos only when asked', () => {
    const d = tmp();
    const home = join(d, 'home');
    const host = join(d, 'chats', 's-1.jsonl');
    const agent = join(d, 'subagents', 'agent-x.jsonl');
    for (const [p, b] of [
      [host, QWEN],
      [agent, UNICODE],
    ] as const) {
      rmSync(join(p, '..'), { recursive: true, force: true });
      mkdirSync(join(p, '..'), { recursive: true });
      writeFileSync(p, b);
    }
    const env = { HOME: home, HOOK_BRIDGE_CACHE_DIR: join(d, 'cache') };
    const payload: Record<string, unknown> = { session_id: 's-1', transcript_path: host, agent_transcript_path: agent };
    prepareTranscripts(payload, 'qwen', 'claude', env, false);
    expect(payload.transcript_path).toBe(join(d, 'cache', 'transcripts', 'qwen', 's-1', 's-1.jsonl'));
    expect(payload.agent_transcript_path).toBe(join(d, 'cache', 'transcripts', 'qwen', 's-1', 'agent-x.jsonl'));
    expect(readFileSync(payload.transcript_path as string, 'utf8')).toBe(
      translateTranscript('qwen', 'claude', QWEN.toString('utf8')),
    );
    expect(JSON.parse(readFileSync(payload.agent_transcript_path as string, 'utf8')).isSidechain).toBe(true);
    expect(existsSync(claudeTodosFile(home, 's-1'))).toBe(false);
    prepareTranscripts({ session_id: 's-1', transcript_path: host }, 'qwen', 'claude', env, true);
    expect(claudeTodosFile(home, 's-1')).toBe(join(home, '.claude', 'todos', 's-1-agent-s-1.json'));
    expect(JSON.parse(readFileSync(claudeTodosFile(home, 's-1'), 'utf8'))).toHaveLength(2);
  });

  it('no transcript_path from the host: an empty file named after the session', () => {
    const d = tmp();
    const payload: Record<string, unknown> = { session_id: '../../evil' };
    prepareTranscripts(payload, 'codebuddy', 'claude', { HOOK_BRIDGE_CACHE_DIR: d }, false);
    expect(String(payload.transcript_path).startsWith(join(d, 'transcripts', 'codebuddy'))).toBe(true);
    expect(readFileSync(payload.transcript_path as string, 'utf8')).toBe('');
    expect('agent_transcript_path' in payload).toBe(false);
  });
});

describe(
  'a host that writes its transcript just after the event that names ' + 'it (payload.transcriptDelayMs: Copilot CLI)',
  () => {
    const events = readFileSync(resolve(import.meta.dirname, '../fixtures/observed/copilot/transcript-events.jsonl'));
    it('run waits for the file to appear and settle, then translates all of it', async () => {
      const d = tmp();
      const src = join(d, 'events.jsonl');
      writeFileSync(join(d, 'later.jsonl'), events);
      // The host writes it 150 ms after the hook started (observed: 50-150 ms after agentStop).
      const { spawn } = await import('node:child_process');
      spawn('/bin/sh', ['-c', `sleep 0.15; mv '${join(d, 'later.jsonl')}' '${src}'`], { stdio: 'ignore' });
      const payload: Record<string, unknown> = { session_id: 's-copilot', transcript_path: src };
      const t0 = Date.now();
      prepareTranscripts(payload, 'copilot', 'claude', { HOOK_BRIDGE_CACHE_DIR: join(d, 'cache') }, false);
      expect(Date.now() - t0).toBeLessThan(2000);
      expect(readFileSync(payload.transcript_path as string, 'utf8')).toBe(
        translateTranscript('copilot', 'claude', events.toString('utf8')),
      );
    });
    it(
      'gives up after the delay when the file never comes (an empty ' + 'translation, as for any missing transcript)',
      () => {
        const d = tmp();
        const payload: Record<string, unknown> = { session_id: 's-none', transcript_path: join(d, 'never.jsonl') };
        const t0 = Date.now();
        prepareTranscripts(payload, 'copilot', 'claude', { HOOK_BRIDGE_CACHE_DIR: join(d, 'cache') }, false);
        expect(Date.now() - t0).toBeGreaterThanOrEqual(1900);
        expect(readFileSync(payload.transcript_path as string, 'utf8')).toBe('');
      },
    );
  },
);
