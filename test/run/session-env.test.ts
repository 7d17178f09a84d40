// Claude Code's session environment ($CLAUDE_ENV_FILE) on hosts without it (issue 35): which hosts carry it (their
// facts decide), the shell text that runs a call after the session's file (quoting and exit status, property-tested),
// and `dispatch --session-env` / `run --session-env` on real payloads: kept private, composed with a hook's own
// rewrite, a deny left alone, no file no change.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionEnvLever, sourcedFirst } from '../../src/dialects/session-env.js';
import { shellQuote } from '../../src/dialects/wrapper.js';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';
import { lexShell } from '../../src/model/shell-lexer.js';
import { BIN, spawnCollect } from './cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'hb-session-env-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('which hosts carry the session environment (mappings decide)', () => {
  it('in-process hosts through their engine; hosts whose PreToolUse rewrites a call through an entry; not Qwen', () => {
    const levers = Object.fromEntries(DIALECT_IDS.map((d) => [d, sessionEnvLever(d) ?? 'none']));
    expect(levers).toMatchObject({
      qwen: 'none', // updatedInput and modifiedInput ignored (qwen decision tests d13, d14, d15)
      codebuddy: 'pre-tool-use',
      gemini: 'pre-tool-use',
      codex: 'pre-tool-use',
      copilot: 'pre-tool-use',
      pi: 'engine',
      opencode: 'engine',
    });
  });
});

describe('sourcedFirst: the session file, then the command', () => {
  // Any path and any command: the shell reads the file's path back exactly, and the command follows unchanged.
  it('quoting: the shell reads the path back as one word, whatever it holds', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, unit: 'binary' }).filter((s) => !s.includes('\0')),
        fc.string(),
        (file, command) => {
          const text = sourcedFirst(file, command);
          const words = lexShell(text.slice(0, text.length - command.length - 1)).tokens;
          expect(words).toEqual([
            { word: { value: '[', dynamic: false } },
            { word: { value: '-r', dynamic: false } },
            { word: { value: file, dynamic: false } },
            { word: { value: ']', dynamic: false } },
            { op: '&&' },
            { word: { value: '.', dynamic: false } },
            { word: { value: file, dynamic: false } },
          ]);
          expect(text.endsWith(`\n${command}`)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
  it('run by bash and sh: the exports are set, and the exit status is the command’s (file there or not)', () => {
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1, maxLength: 12, unit: 'binary' })
          .filter((s) => /^[^/\0]+$/.test(s) && s !== '.' && s !== '..'),
        fc.integer({ min: 0, max: 9 }),
        fc.boolean(),
        (name, status, present) => {
          const dir = mkdtempSync(join(scratch, 'p-'));
          const file = join(dir, name);
          if (present) writeFileSync(file, "export E2E_FLAVOR='mi nt'\n");
          for (const shell of ['bash', 'sh']) {
            const r = spawnSync(
              shell,
              ['-c', sourcedFirst(file, `printf %s "\${E2E_FLAVOR:-unset}"; exit ${status}`)],
              {
                encoding: 'utf8',
              },
            );
            expect(r.stdout).toBe(present ? 'mi nt' : 'unset');
            expect(r.status).toBe(status);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

/** A project, the environment a host gives hook-bridge, and hook-bridge's cache in it. */
function session(host: string, sid = 's-1') {
  const dir = mkdtempSync(join(scratch, `${host}-`));
  const env: NodeJS.ProcessEnv = { ...process.env, HOOK_BRIDGE_CACHE_DIR: join(dir, 'cache') };
  delete env.CODEBUDDY_ENV_FILE;
  const file = join(dir, 'cache', 'session-env', `${host}-${sid}.sh`);
  return { dir, env, file, sid };
}
const hb = (args: string[], payload: object, env: NodeJS.ProcessEnv, cwd: string) =>
  spawnCollect(process.execPath, [BIN, ...args], { env, cwd }, JSON.stringify(payload));
const writer = (dir: string) => {
  const s = join(dir, 'flavor.sh');
  writeFileSync(s, '#!/bin/sh\necho "export E2E_FLAVOR=mint" >> "$CLAUDE_ENV_FILE"\n', { mode: 0o755 });
  return shellQuote(s);
};

describe('dispatch --session-env on Gemini CLI (BeforeTool, run_shell_command)', () => {
  const start = (sid: string, cwd: string) => ({
    session_id: sid,
    hook_event_name: 'SessionStart',
    source: 'startup',
    cwd,
  });
  const shell = (sid: string, cwd: string, command: string) => ({
    session_id: sid,
    hook_event_name: 'BeforeTool',
    tool_name: 'run_shell_command',
    tool_input: { command, description: 'd' },
    cwd,
  });

  it('a SessionStart export is kept in a private file, and the session’s shell call runs after it', async () => {
    const s = session('gemini');
    const r = await hb(
      ['run', '--from', 'claude', '--to', 'gemini', '-c', writer(s.dir)],
      start(s.sid, s.dir),
      s.env,
      s.dir,
    );
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(statSync(s.file).mode & 0o777).toBe(0o600);
    expect(statSync(join(s.file, '..')).mode & 0o777).toBe(0o700);
    const call = await hb(
      ['dispatch', '--to', 'gemini', '--session-env'],
      shell(s.sid, s.dir, 'echo "$E2E_FLAVOR"'),
      s.env,
      s.dir,
    );
    const input = JSON.parse(call.stdout).hookSpecificOutput.tool_input;
    expect(input).toEqual({ command: sourcedFirst(s.file, 'echo "$E2E_FLAVOR"'), description: 'd' });
    expect(execFileSync('bash', ['-c', input.command], { encoding: 'utf8' })).toBe('mint\n');
  });

  it('no hook wrote anything (no file, another session, an empty write): the call is not changed', async () => {
    const s = session('gemini');
    const quiet = join(s.dir, 'quiet.sh');
    writeFileSync(quiet, '#!/bin/sh\ntrue\n', { mode: 0o755 });
    await hb(['run', '--from', 'claude', '--to', 'gemini', '-c', shellQuote(quiet)], start(s.sid, s.dir), s.env, s.dir);
    expect(existsSync(s.file)).toBe(false);
    const none = await hb(['dispatch', '--to', 'gemini', '--session-env'], shell(s.sid, s.dir, 'ls'), s.env, s.dir);
    expect(none).toEqual({ code: 0, stdout: '', stderr: '' });
    await hb(['run', '--from', 'claude', '--to', 'gemini', '-c', writer(s.dir)], start('other', s.dir), s.env, s.dir);
    const other = await hb(['dispatch', '--to', 'gemini', '--session-env'], shell(s.sid, s.dir, 'ls'), s.env, s.dir);
    expect(other).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('composed with the hooks of the entry: a rewrite runs after the file, a deny stays a deny', async () => {
    const s = session('gemini');
    await hb(['run', '--from', 'claude', '--to', 'gemini', '-c', writer(s.dir)], start(s.sid, s.dir), s.env, s.dir);
    const answer = { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'echo rewritten' } } };
    const rewrite = `printf '%s' ${shellQuote(JSON.stringify(answer))}`;
    const r = await hb(
      ['dispatch', '--to', 'gemini', '--session-env', 'run', '--from', 'claude', '-c', rewrite],
      shell(s.sid, s.dir, 'echo original'),
      s.env,
      s.dir,
    );
    expect(JSON.parse(r.stdout).hookSpecificOutput.tool_input.command).toBe(sourcedFirst(s.file, 'echo rewritten'));
    const deny = `echo 'no' >&2; exit 2`;
    const d = await hb(
      ['dispatch', '--to', 'gemini', '--session-env', 'run', '--from', 'claude', '-c', deny],
      shell(s.sid, s.dir, 'echo original'),
      s.env,
      s.dir,
    );
    expect(JSON.parse(d.stdout)).toEqual({ decision: 'deny', reason: 'no' });
    // Not a shell call: nothing to run after the file.
    const write = { ...shell(s.sid, s.dir, ''), tool_name: 'write_file', tool_input: { file_path: 'a', content: 'x' } };
    expect(await hb(['dispatch', '--to', 'gemini', '--session-env'], write, s.env, s.dir)).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });
});

describe('run --session-env on Codex CLI (a rewrite goes with allow there)', () => {
  it('the lone wrapper of a shell call runs it after the session file', async () => {
    const s = session('codex');
    mkdirSync(join(s.dir, '.git'));
    const start = { session_id: s.sid, hook_event_name: 'SessionStart', source: 'startup', cwd: s.dir };
    await hb(['run', '--from', 'claude', '--to', 'codex', '-c', writer(s.dir)], start, s.env, s.dir);
    const call = {
      session_id: s.sid,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'echo "$E2E_FLAVOR"' },
      cwd: s.dir,
    };
    const r = await hb(['run', '--session-env', '--from', 'claude', '--to', 'codex', '-c', 'true'], call, s.env, s.dir);
    expect(JSON.parse(r.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { command: sourcedFirst(s.file, 'echo "$E2E_FLAVOR"') },
      },
    });
  });
});
