// A PreToolUse hook's note (additionalContext on a call it lets through) on a host that drops it there but gives the
// model a PostToolUse hook's context (mappings `output.preToolContext: post-tool`): the PreToolUse run leaves it for
// the PostToolUse run of the same call, which gives it after the tool result — where Claude Code puts it (d16). One
// small file per call, 0600 in a private 0700 directory per user, per session; taken (and removed) by the first run
// that reads it; notes nobody took (a call denied by another hook, a tool that failed) are removed after NOTE_TTL_MS.
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nativeEvent, toolEntry } from '../dialects/catalog.js';
import { unsourced } from '../dialects/session-env.js';
import { isObject } from '../model/is-object.js';
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { stableJson } from '../model/stable-json.js';
import type { Answer } from './answer.js';
import type { ParsedPayload } from './host-payload.js';

/** A note nobody took within this time is stale: the tool runs within a hook's lifetime, a few minutes at most. */
export const NOTE_TTL_MS = 30 * 60 * 1000;
/** At most this many calls' notes are kept per session (a call's PostToolUse that never comes cannot pile up). */
export const MAX_NOTES = 64;

const POST_EVENTS = new Set(['post-tool-use', 'post-tool-use-failure']);

/** Does hook-bridge carry a PreToolUse hook's context to the PostToolUse of the same call on this host? */
export function carriesPreToolContext(host: DialectId): boolean {
  const out = mappings.dialects[host].output;
  return out?.preToolContext === 'post-tool' && out.additionalContext['pre-tool-use'] !== 'to-model';
}

/**
 * The directory of the user's notes (made when `create`): 0700, the user's own, not a link; undefined where it cannot
 * be had, or is not there to read.
 */
function notesRoot(env: NodeJS.ProcessEnv, create: boolean): string | undefined {
  const base = join(env.TMPDIR || tmpdir(), `hook-bridge-notes-${process.getuid?.() ?? 'user'}`);
  try {
    if (create) mkdirSync(base, { recursive: true, mode: 0o700 });
    const s = lstatSync(base);
    // Another user's directory, a link, or one others can write: not used (a note would leak or could be planted).
    if (!s.isDirectory() || (process.getuid && s.uid !== process.getuid()) || (s.mode & 0o077) !== 0) return undefined;
    return base;
  } catch {
    return undefined;
  }
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

/**
 * The call's identity as both of its runs see it: the session, and the host's id of the call (tool_use_id) where it
 * sends one, else the tool's name and input (Gemini CLI sends no id) — a shell command as it was before the session
 * environment's step ran it after the session's file (session-env.ts): the PostToolUse run sees it so.
 */
export function callKey(payload: Record<string, unknown>): { session: string; call: string } {
  const session = typeof payload.session_id === 'string' && payload.session_id ? payload.session_id : 'unknown';
  const id = typeof payload.tool_use_id === 'string' && payload.tool_use_id ? payload.tool_use_id : undefined;
  const input = isObject(payload.tool_input)
    ? Object.fromEntries(
        Object.entries(payload.tool_input).map(([k, v]) => [k, typeof v === 'string' ? unsourced(v) : v]),
      )
    : (payload.tool_input ?? null);
  return {
    session: hash(`session\0${session}`),
    call: hash(id ? `id\0${id}` : `input\0${String(payload.tool_name)}\0${stableJson(input)}`),
  };
}

/** Removes what nobody took: notes older than NOTE_TTL_MS, the oldest beyond MAX_NOTES, and empty sessions. */
function prune(root: string, now: number): void {
  for (const session of readdirSync(root)) {
    const dir = join(root, session);
    try {
      const files = readdirSync(dir)
        .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
        .sort((a, b) => b.t - a.t);
      files.forEach(({ f, t }, i) => {
        if (now - t > NOTE_TTL_MS || i >= MAX_NOTES) rmSync(join(dir, f), { force: true });
      });
      if (files.every(({ t }, i) => now - t > NOTE_TTL_MS || i >= MAX_NOTES)) rmdirSync(dir);
    } catch {
      /* taken or pruned meanwhile by another run */
    }
  }
}

/** A note left for after the tool: the context as the hook gave it, and how Claude Code introduces it. */
export interface PreToolNote {
  /** "PreToolUse:Bash hook additional context: " (d16), in the script's agent's event and tool names. */
  prefix: string;
  context: string;
}

/**
 * How Claude Code words a PreToolUse hook's context when it gives it after the tool result (d16: "PreToolUse:Bash hook
 * additional context: …"), in the script's agent's event and tool names.
 */
function preToolNotePrefix(script: DialectId, tool: string | undefined, hostTool: string): string {
  const event = nativeEvent(script, 'pre-tool-use') ?? 'PreToolUse';
  const name = (tool && toolEntry(script, tool)?.name) || hostTool;
  return `${event}:${name} hook additional context: `;
}

/**
 * On a PreToolUse call that goes ahead, on a host that drops that event's context but carries it to its PostToolUse:
 * the answer's context is left for the PostToolUse run of the same call and taken out of the answer. Returns a note
 * for hook-bridge's stderr where it could not be left (the context is then dropped by the host, as without it).
 */
export function leavePreToolNote(
  host: DialectId,
  script: DialectId,
  p: ParsedPayload,
  a: Answer,
  tool: string | undefined,
  env: NodeJS.ProcessEnv,
): string | undefined {
  if (p.event !== 'pre-tool-use' || !a.context.length || a.decision === 'deny' || !carriesPreToolContext(host))
    return undefined;
  const root = notesRoot(env, true);
  const prefix = preToolNotePrefix(script, tool, typeof p.payload.tool_name === 'string' ? p.payload.tool_name : '');
  const lines = a.context.map((context) => `${JSON.stringify({ prefix, context })}\n`).join('');
  try {
    if (!root) throw new Error('no private directory');
    const k = callKey(p.payload);
    prune(root, Date.now());
    mkdirSync(join(root, k.session), { recursive: true, mode: 0o700 });
    // Appended: the PreToolUse hooks of one call that run as separate entries each add theirs.
    appendFileSync(join(root, k.session, k.call), lines, { mode: 0o600 });
  } catch (e) {
    return `hook-bridge: could not keep a PreToolUse note for after the tool runs (${(e as Error).message}); dropped`;
  }
  a.context = [];
  return undefined;
}

/** The notes left for this call (the payload of either of its runs), taken: the file is removed. */
export function takeNotes(payload: Record<string, unknown>, env: NodeJS.ProcessEnv): PreToolNote[] {
  const root = notesRoot(env, false);
  if (!root) return [];
  const k = callKey(payload);
  const file = join(root, k.session, k.call);
  // Claimed by a rename first: of two runs of the same call (two entries), only one gives the note.
  const claimed = `${file}.${process.pid}.taken`;
  try {
    renameSync(file, claimed);
  } catch {
    return [];
  }
  try {
    return readFileSync(claimed, 'utf8')
      .split('\n')
      .filter(Boolean)
      .flatMap((l) => {
        try {
          const v = JSON.parse(l) as Partial<PreToolNote>;
          return typeof v.prefix === 'string' && typeof v.context === 'string'
            ? [{ prefix: v.prefix, context: v.context }]
            : [];
        } catch {
          return [];
        }
      });
  } catch {
    return [];
  } finally {
    rmSync(claimed, { force: true });
    try {
      rmdirSync(join(root, k.session));
    } catch {
      /* other calls' notes are still there */
    }
  }
}

/**
 * On a PostToolUse (or PostToolUseFailure) call on a host that takes them: the notes the PreToolUse run of the same
 * call left, as Claude Code words them, in the order they were left.
 */
export function takePreToolNotes(host: DialectId, p: ParsedPayload, env: NodeJS.ProcessEnv): string[] {
  if (!p.event || !POST_EVENTS.has(p.event) || !carriesPreToolContext(host)) return [];
  if (mappings.dialects[host].output?.additionalContext[p.event] !== 'to-model') return [];
  return takeNotes(p.payload, env).map((n) => `${n.prefix}${n.context}`);
}
