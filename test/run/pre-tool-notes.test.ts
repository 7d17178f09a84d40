// A PreToolUse note (additionalContext on a call the hook lets through) on a host that drops it there: run leaves it
// for the PostToolUse run of the same call, which gives it after the tool result as Claude Code words it (d16:
// "PreToolUse:Bash hook additional context: CTX-D16"). The hand-off store, then the built CLI as hosts call it.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sourcedFirst, unsourced } from '../../src/dialects/session-env.js';
import type { Answer } from '../../src/run/answer.js';
import type { ParsedPayload } from '../../src/run/host-payload.js';
import {
  callKey,
  carriesPreToolContext,
  leavePreToolNote,
  MAX_NOTES,
  NOTE_TTL_MS,
  takePreToolNotes,
} from '../../src/run/pre-tool-notes.js';
import { parseArgs, UsageError } from '../../src/run/args.js';
import { cleanEnv, runCli, spawnCollect, BIN } from './cli.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'hb-notes-'));
const rootOf = (tmp: string) => join(tmp, `hook-bridge-notes-${process.getuid?.() ?? 'user'}`);

function call(event: string, hostEvent: string, payload: Record<string, unknown>): ParsedPayload {
  return { event, hostEvent, payload: { session_id: 's-1', ...payload } };
}
const qwenPre = (extra: Record<string, unknown> = {}) =>
  call('pre-tool-use', 'PreToolUse', {
    tool_name: 'run_shell_command',
    tool_input: { command: 'ls' },
    tool_use_id: 'call-7',
    ...extra,
  });
const qwenPost = (extra: Record<string, unknown> = {}) =>
  call('post-tool-use', 'PostToolUse', {
    tool_name: 'run_shell_command',
    tool_input: { command: 'ls' },
    tool_use_id: 'call-7',
    tool_response: 'ok',
    ...extra,
  });
const note = (a: Partial<Answer> = {}): Answer => ({ context: ['CTX-D16'], ...a });

describe('the hand-off store', () => {
  it('is used only where the host drops PreToolUse context and carries it (output.preToolContext)', () => {
    expect(['qwen', 'codebuddy', 'gemini'].map((h) => carriesPreToolContext(h as 'qwen'))).toEqual([true, true, true]);
    // Claude Code, Codex CLI, Pi, OpenCode give it themselves; the IDE's fate is not known.
    for (const h of ['claude', 'codex', 'pi', 'opencode', 'codebuddy-ide'] as const)
      expect(carriesPreToolContext(h), h).toBe(false);
  });

  it('leaves the note on PreToolUse (taken out of the answer) and gives it once, worded as Claude Code does', () => {
    const env = { TMPDIR: scratch() };
    const a = note();
    expect(leavePreToolNote('qwen', 'claude', qwenPre(), a, 'shell', env)).toBeUndefined();
    expect(a.context).toEqual([]);
    const root = rootOf(env.TMPDIR);
    expect(statSync(root).mode & 0o777).toBe(0o700);
    const [session] = readdirSync(root);
    const [file] = readdirSync(join(root, session!));
    expect(statSync(join(root, session!, file!)).mode & 0o777).toBe(0o600);
    expect(takePreToolNotes('qwen', qwenPost(), env)).toEqual(['PreToolUse:Bash hook additional context: CTX-D16']);
    // Taken: removed, with its session's directory.
    expect(takePreToolNotes('qwen', qwenPost(), env)).toEqual([]);
    expect(readdirSync(root)).toEqual([]);
  });

  it('keys a call by the host id where it sends one, else by tool name and input (Gemini CLI sends none)', () => {
    expect(callKey({ session_id: 's', tool_use_id: 'a', tool_input: { x: 1 } }).call).toBe(
      callKey({ session_id: 's', tool_use_id: 'a', tool_input: { x: 2 } }).call,
    );
    expect(callKey({ session_id: 's', tool_name: 't', tool_input: { a: 1, b: 2 } }).call).toBe(
      callKey({ session_id: 's', tool_name: 't', tool_input: { b: 2, a: 1 } }).call,
    );
    const env = { TMPDIR: scratch() };
    const pre = call('pre-tool-use', 'BeforeTool', { tool_name: 'run_shell_command', tool_input: { command: 'ls' } });
    leavePreToolNote('gemini', 'claude', pre, note(), 'shell', env);
    const other = call('post-tool-use', 'AfterTool', {
      tool_name: 'run_shell_command',
      tool_input: { command: 'pwd' },
    });
    expect(takePreToolNotes('gemini', other, env)).toEqual([]);
    const same = call('post-tool-use', 'AfterTool', { tool_name: 'run_shell_command', tool_input: { command: 'ls' } });
    expect(takePreToolNotes('gemini', same, env)).toEqual(['PreToolUse:Bash hook additional context: CTX-D16']);
    // Another session's call with the same id gets nothing.
    leavePreToolNote('qwen', 'claude', qwenPre(), note(), 'shell', env);
    expect(takePreToolNotes('qwen', qwenPost({ session_id: 's-2' }), env)).toEqual([]);
  });

  it("Gemini: the note still reaches the call after the session environment's step ran it after the session file", () => {
    const env = { TMPDIR: scratch() };
    const pre = call('pre-tool-use', 'BeforeTool', { tool_name: 'run_shell_command', tool_input: { command: 'ls' } });
    leavePreToolNote('gemini', 'claude', pre, note(), 'shell', env);
    const file = join(scratch(), "it's a dir", 'gemini-s.sh');
    const post = call('post-tool-use', 'AfterTool', {
      tool_name: 'run_shell_command',
      tool_input: { command: sourcedFirst(file, 'ls') },
    });
    expect(takePreToolNotes('gemini', post, env)).toEqual(['PreToolUse:Bash hook additional context: CTX-D16']);
  });

  it('unsourced gives back the command sourcedFirst ran after any file, and leaves other commands alone', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (file, command) => {
        expect(unsourced(sourcedFirst(`/tmp/${file}`, command))).toBe(command);
      }),
    );
    for (const c of ['ls', '[ -r a ] && . b\nls', "[ -r 'a' ] && . a\nls", '. x\nls']) expect(unsourced(c)).toBe(c);
  });

  it('leaves nothing for a denied call, an answer without context, or a host that gives the context itself', () => {
    const env = { TMPDIR: scratch() };
    const denied = note({ decision: 'deny', reason: 'no' });
    leavePreToolNote('qwen', 'claude', qwenPre(), denied, 'shell', env);
    expect(denied.context).toEqual(['CTX-D16']);
    const own = note();
    leavePreToolNote('codex', 'claude', qwenPre(), own, 'shell', env);
    expect(own.context).toEqual(['CTX-D16']);
    leavePreToolNote('qwen', 'claude', qwenPre(), { context: [] }, 'shell', env);
    expect(takePreToolNotes('qwen', qwenPost(), env)).toEqual([]);
  });

  it('does not use a notes directory others can write: the note is dropped, and said', () => {
    const env = { TMPDIR: scratch() };
    mkdirSync(rootOf(env.TMPDIR));
    chmodSync(rootOf(env.TMPDIR), 0o777);
    const a = note();
    expect(leavePreToolNote('qwen', 'claude', qwenPre(), a, 'shell', env)).toMatch(/could not keep a PreToolUse note/);
    expect(a.context).toEqual(['CTX-D16']);
    expect(readdirSync(rootOf(env.TMPDIR))).toEqual([]);
  });

  it('removes notes nobody took after NOTE_TTL_MS, and keeps at most MAX_NOTES calls of a session', () => {
    const env = { TMPDIR: scratch() };
    leavePreToolNote('qwen', 'claude', qwenPre({ session_id: 'old' }), note(), 'shell', env);
    const root = rootOf(env.TMPDIR);
    const [old] = readdirSync(root);
    const stale = (Date.now() - NOTE_TTL_MS - 60_000) / 1000;
    for (const f of readdirSync(join(root, old!))) utimesSync(join(root, old!, f), stale, stale);
    for (let i = 0; i < MAX_NOTES + 5; i++)
      leavePreToolNote('qwen', 'claude', qwenPre({ tool_use_id: `c${i}` }), note(), 'shell', env);
    // The stale session is gone; the live one was cut to MAX_NOTES before each new note.
    expect(readdirSync(root)).toHaveLength(1);
    const [live] = readdirSync(root);
    expect(readdirSync(join(root, live!)).length).toBeLessThanOrEqual(MAX_NOTES + 1);
    // The newest is still there to be given.
    expect(takePreToolNotes('qwen', qwenPost({ tool_use_id: `c${MAX_NOTES + 4}` }), env)).toHaveLength(1);
  });

  it('reads a note file that is not its own lines as no note', () => {
    const env = { TMPDIR: scratch() };
    leavePreToolNote('qwen', 'claude', qwenPre(), note(), 'shell', env);
    const root = rootOf(env.TMPDIR);
    const [s] = readdirSync(root);
    const [f] = readdirSync(join(root, s!));
    writeFileSync(join(root, s!, f!), 'not json\n"a string"\n{"prefix":1}\n');
    expect(takePreToolNotes('qwen', qwenPost(), env)).toEqual([]);
  });
});

describe('run --pre-tool-notes', () => {
  it('runs no command', () => {
    expect(parseArgs(['--from', 'claude', '--to', 'qwen', '--pre-tool-notes'])).toMatchObject({ preToolNotes: true });
    expect(() => parseArgs(['--from', 'claude', '--to', 'qwen', '--pre-tool-notes', '-c', 'true'])).toThrow(UsageError);
  });
});

const ctxHook = (text: string, ev = 'PreToolUse') =>
  `printf '%s' '{"hookSpecificOutput":{"hookEventName":"${ev}","additionalContext":"${text}"}}'`;

describe('the built CLI, as a host calls it', () => {
  const payload = (ev: string, extra: Record<string, unknown> = {}) =>
    `${JSON.stringify({
      session_id: 'cli-s',
      hook_event_name: ev,
      cwd: tmpdir(),
      tool_name: 'run_shell_command',
      tool_input: { command: 'ls' },
      tool_use_id: 'cli-1',
      ...extra,
    })}\n`;

  it('Qwen Code: the PreToolUse answer holds no context; the added PostToolUse entry gives the note', async () => {
    const env = cleanEnv({ TMPDIR: scratch() });
    const pre = await runCli(
      ['--from', 'claude', '--to', 'qwen', '-c', ctxHook('CTX-CLI')],
      payload('PreToolUse'),
      env,
    );
    expect(pre.code).toBe(0);
    expect(pre.stdout).not.toContain('CTX-CLI');
    const post = await runCli(
      ['--from', 'claude', '--to', 'qwen', '--pre-tool-notes'],
      payload('PostToolUse', { tool_response: 'x' }),
      env,
    );
    expect(JSON.parse(post.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PostToolUse',
        additionalContext: 'PreToolUse:Bash hook additional context: CTX-CLI',
      },
    });
    // Given once.
    const again = await runCli(
      ['--from', 'claude', '--to', 'qwen', '--pre-tool-notes'],
      payload('PostToolUse', { tool_response: 'x' }),
      env,
    );
    expect(again).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it("a PostToolUse hook of the call gives the note before its own context (dispatch's grouped entry)", async () => {
    const env = cleanEnv({ TMPDIR: scratch() });
    const bash = { tool_name: 'Bash' };
    await runCli(['--from', 'claude', '--to', 'codebuddy', '-c', ctxHook('CTX-A')], payload('PreToolUse', bash), env);
    const post = await spawnCollect(
      process.execPath,
      [BIN, 'dispatch', '--to', 'codebuddy', 'run', '--from', 'claude', '-c', ctxHook('CTX-B', 'PostToolUse')],
      { env },
      payload('PostToolUse', { ...bash, tool_response: 'x' }),
    );
    expect(JSON.parse(post.stdout).hookSpecificOutput.additionalContext).toBe(
      'PreToolUse:Bash hook additional context: CTX-A\nCTX-B',
    );
  });

  it('Gemini CLI (no call id): BeforeTool leaves it, AfterTool of the same input gives it', async () => {
    const env = cleanEnv({ TMPDIR: scratch() });
    const g = (ev: string, extra: Record<string, unknown> = {}) => payload(ev, { tool_use_id: undefined, ...extra });
    const pre = await runCli(['--from', 'claude', '--to', 'gemini', '-c', ctxHook('CTX-G')], g('BeforeTool'), env);
    expect(pre.stdout).not.toContain('CTX-G');
    const post = await runCli(
      ['--from', 'claude', '--to', 'gemini', '--pre-tool-notes'],
      g('AfterTool', { tool_response: { llmContent: 'x', returnDisplay: 'x' } }),
      env,
    );
    expect(JSON.parse(post.stdout).hookSpecificOutput.additionalContext).toBe(
      'PreToolUse:Bash hook additional context: CTX-G',
    );
  });

  it('Codex CLI gives PreToolUse context itself: it stays in the answer', async () => {
    const env = cleanEnv({ TMPDIR: scratch() });
    const r = await runCli(
      ['--from', 'claude', '--to', 'codex', '-c', ctxHook('CTX-X')],
      payload('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } }),
      env,
    );
    expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toBe('CTX-X');
  });
});
