// `run`'s side of transcript translation, loaded only when the script's agent writes another transcript
// format than the host (src/run/transcripts.ts decides). The host's transcript is translated into a
// per-session cache file, incrementally: each call reads only the bytes appended since the last one
// (a partial last line is read again next time), so a call on a long session costs about what a call on
// a short one does. A missing host transcript gives an empty file. With --emulate-todos the todo list
// found in the host's todo tool calls is written where a Claude script reads it.
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  appendFileSync,
  type Stats,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { cacheRoot, pathSegment } from '../model/cache-dir.js';
import type { DialectId } from '../model/dialect-ids.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { freshState, type TranslatorState } from './claude.js';
import { Translator } from './translate.js';

/** What the cache remembers about one translated file. */
interface CacheState {
  /** The translation's version: a cache of another one is made again from the start (2: Codex's apply_patch split into
   * its Claude calls).
   */
  v: typeof VERSION;
  /** The host transcript it was made from, its inode, and how many bytes of it were translated. */
  source: string;
  ino: number;
  offset: number;
  lines: number;
  translator: TranslatorState;
}

const VERSION = 2;
const CHUNK = 4 * 1024 * 1024;
const LOCK_WAIT_MS = 10_000;
const LOCK_STALE_MS = 30_000;

/** Where translated transcripts are kept (src/model/cache-dir.ts). */
export { cacheRoot };

const segment = pathSegment;

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Run `fn` holding `<file>.lock` (hooks of one event run in parallel and share the session's cache). */
function withLock<T>(file: string, fn: () => T): T {
  const lock = `${file}.lock`;
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx', 0o600));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (age > LOCK_STALE_MS) unlinkSync(lock);
      else if (Date.now() > until)
        throw new Error(`${lock} is held by another hook-bridge for more than ${LOCK_WAIT_MS / 1000} s`);
      else sleep(5);
    }
  }
  try {
    return fn();
  } finally {
    try {
      unlinkSync(lock);
    } catch {
      /* removed as stale by another process */
    }
  }
}

function readState(path: string): CacheState | undefined {
  try {
    const s: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return isObject(s) && s.v === VERSION ? (s as unknown as CacheState) : undefined;
  } catch {
    return undefined;
  }
}

function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  renameSync(tmp, path);
}

const statOrNull = (p: string): Stats | null => {
  try {
    return p ? statSync(p) : null;
  } catch {
    return null;
  }
};

export interface SyncOptions {
  from: DialectId;
  to: DialectId;
  /** A subagent's transcript (Claude marks its records as a side chain). */
  sidechain?: boolean;
  /** Write the todo list found in the transcript to this file. */
  todosFile?: string;
}

/** Bring `out` up to date with the host transcript `source`; returns the translator state (todos …). */
export function syncTranscript(source: string, out: string, o: SyncOptions): TranslatorState {
  const statePath = `${out.replace(/\.jsonl$/, '')}.state.json`;
  const st = statOrNull(source);
  const fast = readState(statePath);
  // The common case, without the lock: nothing was appended since the last call.
  const unchanged =
    fast &&
    fast.source === source &&
    (st ? fast.ino === st.ino && fast.offset === st.size : fast.ino === 0 && fast.offset === 0);
  if (fast && unchanged && existsSync(out) && (!o.todosFile || existsSync(o.todosFile))) return fast.translator;
  return withLock(out, () => {
    let s = readState(statePath);
    const src = statOrNull(source);
    // A different file, a replaced or truncated one, or none: start again from its beginning.
    if (!s || !src || s.source !== source || s.ino !== src.ino || src.size < s.offset || !existsSync(out)) {
      s = { v: VERSION, source, ino: src?.ino ?? 0, offset: 0, lines: 0, translator: freshState() };
      writeFileSync(out, '', { mode: 0o600 });
    }
    if (src && src.size > s.offset) translateFrom(source, out, s, o);
    const todos = s.translator.todos;
    if (o.todosFile && (todos.changed || !existsSync(o.todosFile))) {
      mkdirSync(join(o.todosFile, '..'), { recursive: true });
      writeAtomic(
        o.todosFile,
        JSON.stringify(
          todos.items.map(({ content, status, activeForm, id, created_at, completed_at }) => ({
            content,
            status,
            activeForm,
            id,
            created_at,
            completed_at,
          })),
          null,
          2,
        ),
      );
      todos.changed = false;
    }
    writeAtomic(statePath, JSON.stringify(s));
    return s.translator;
  });
}

/** Translate the host's complete lines from s.offset on, appending to `out`; a partial last line waits. */
function translateFrom(source: string, out: string, s: CacheState, o: SyncOptions): void {
  const t = new Translator(o.from, o.to, s.translator, { sidechain: o.sidechain === true });
  const fd = openSync(source, 'r');
  try {
    const size = fstatSync(fd).size;
    let carry = Buffer.alloc(0);
    let pos = s.offset;
    const buf = Buffer.allocUnsafe(CHUNK);
    while (pos < size) {
      const n = readSync(fd, buf, 0, Math.min(CHUNK, size - pos), pos);
      if (n <= 0) break;
      pos += n;
      const data = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      const nl = data.lastIndexOf(10);
      if (nl < 0) {
        carry = Buffer.from(data);
        continue;
      }
      // '\n' never occurs inside a multi-byte UTF-8 sequence: the complete lines decode on their own.
      const lines = data.subarray(0, nl).toString('utf8').split('\n');
      const translated: string[] = [];
      for (const l of lines) for (const x of t.line(l.replace(/\r$/, ''), ++s.lines)) translated.push(x);
      if (translated.length) appendFileSync(out, `${translated.join('\n')}\n`);
      s.offset += nl + 1; // data starts at s.offset: carry is what lies between s.offset and pos
      carry = Buffer.from(data.subarray(nl + 1));
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Wait (at most `maxMs`) until a file a host writes in the background exists and has stopped growing: two sizes
 * 50 ms apart are equal (payload.transcriptDelayMs).
 */
function settled(path: string, maxMs: number): void {
  const until = Date.now() + maxMs;
  let last = statOrNull(path)?.size;
  while (Date.now() < until) {
    sleep(50);
    const size = statOrNull(path)?.size;
    if (size !== undefined && size === last) return;
    last = size;
  }
}

/** The todo file a Claude script reads: ~/.claude/todos/{session_id}-agent-{session_id}.json. */
export const claudeTodosFile = (home: string, sessionId: string) =>
  join(home, '.claude', 'todos', `${segment(sessionId)}-agent-${segment(sessionId)}.json`);

/**
 * Point the script's payload at translations of the host's transcripts (transcript_path and, when the
 * payload has it, agent_transcript_path), brought up to date now.
 */
export function prepareTranscripts(
  payload: Record<string, unknown>,
  host: DialectId,
  script: DialectId,
  env: NodeJS.ProcessEnv,
  emulateTodos: boolean,
): void {
  const session = typeof payload.session_id === 'string' && payload.session_id ? payload.session_id : 'unknown';
  const dir = join(cacheRoot(env), 'transcripts', host, segment(session));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const delay = mappings.dialects[host].payload?.transcriptDelayMs;
  for (const key of ['transcript_path', 'agent_transcript_path'] as const) {
    if (key === 'agent_transcript_path' && !(key in payload)) continue;
    const source = typeof payload[key] === 'string' ? (payload[key] as string) : '';
    if (delay && source) settled(source, delay);
    const name = source ? basename(source).replace(/\.(jsonl|json|txt)$/, '') : session;
    const out = join(dir, `${segment(name)}.jsonl`);
    const todosFile =
      emulateTodos && key === 'transcript_path' ? claudeTodosFile(env.HOME || homedir(), session) : undefined;
    syncTranscript(source, out, {
      from: host,
      to: script,
      sidechain: key === 'agent_transcript_path',
      ...(todosFile ? { todosFile } : {}),
    });
    payload[key] = out;
  }
}
