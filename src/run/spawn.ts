// Starting the hook's command the way its agent does (the agent's shell, or exec form), in its own process
// group, with the timeout and the signals of the host reaching the whole group.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mappings } from '../model/mappings.js';
import type { ScriptResult } from './answer.js';
import type { RunArgs } from './args.js';

/** How long output may still arrive after the script exited while something else holds its pipes. */
const EXIT_GRACE_MS = 100;

/**
 * Exec form (Claude's `command` + `args`, no shell): the agent substitutes its path placeholders
 * (`${CLAUDE_PROJECT_DIR}`, `${CLAUDE_PLUGIN_ROOT}`) in each element as plain strings; nothing else is expanded.
 */
function execPlaceholders(arg: string, from: RunArgs['from'], env: NodeJS.ProcessEnv): string {
  const e = mappings.dialects[from].env;
  const names = new Set([...(e?.projectDir ?? []), ...(e?.pluginRoot ? [e.pluginRoot] : [])]);
  return arg.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (m, v: string) =>
    names.has(v) && env[v] !== undefined ? env[v]! : m,
  );
}

/** The program and arguments that run the hook's command as its agent does: its shell, or exec form. */
function commandLine(args: Pick<RunArgs, 'from' | 'command'>, env: NodeJS.ProcessEnv): [string, ...string[]] {
  if (typeof args.command !== 'string')
    return (args.command as [string, ...string[]]).map((a) => execPlaceholders(a, args.from, env)) as [
      string,
      ...string[],
    ];
  const shell = mappings.dialects[args.from].shell ?? ['/bin/sh', '-c'];
  return [shell[0] === '$SHELL' ? env.SHELL || '/bin/sh' : shell[0]!, ...shell.slice(1), args.command];
}

/**
 * A POSIX shell that runs `"$@"` on its own stdin and takes its whole process group down when the hook exits (what is
 * left of it, as runScript does) or when `$1` seconds have passed: the timeout of a hook nobody waits for.
 */
const BACKGROUND =
  't=$1; shift; exec 3<&0; "$@" <&3 3<&- & c=$!; (sleep "$t"; kill -s TERM 0; sleep 1; kill -s KILL 0) & ' +
  'wait "$c"; kill -s KILL 0';

/**
 * Start the script in the background, as its agent starts an `async` hook: in its own process group, under its
 * timeout, and not waited for: this process may exit at once. Its payload comes from a file (0600, removed as soon
 * as it is open), so no pipe has to be fed; what it prints is not read.
 */
export function startScript(
  args: Pick<RunArgs, 'from' | 'command'>,
  input: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs: number,
): ScriptResult {
  const done: ScriptResult = { exitCode: 0, stdout: '', stderr: '', timedOut: false };
  const path = join(tmpdir(), `hook-bridge-${process.pid}-${randomBytes(8).toString('hex')}.json`);
  let fd: number | undefined;
  try {
    writeFileSync(path, input, { mode: 0o600, flag: 'wx' });
    fd = openSync(path, 'r');
    unlinkSync(path);
    const child = spawn('/bin/sh', ['-c', BACKGROUND, 'sh', String(timeoutMs / 1000), ...commandLine(args, env)], {
      cwd,
      env,
      detached: true,
      stdio: [fd, 'ignore', 'ignore'],
    });
    child.on('error', () => {});
    child.unref();
    return done;
  } catch (e) {
    // Its agent would not have waited for it either: said, and nothing blocked.
    return { ...done, stderr: `hook-bridge: could not start the async hook: ${(e as Error).message}` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Run the script in its own process group; kill the whole group on timeout. */
export function runScript(
  args: Pick<RunArgs, 'from' | 'command'>,
  input: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs: number,
): Promise<ScriptResult & { spawnError?: string; spawnCode?: string }> {
  return new Promise((resolve) => {
    const [file, ...argv] = commandLine(args, env);
    // The script runs in its own process group (so a timeout can kill all of it): when the host stops
    // hook-bridge (its own timeout, an interrupt), take the script's whole group down too. The handlers go
    // in before the spawn, so that no signal can arrive while the script runs and nobody is listening.
    let pid: number | undefined;
    const killGroup = (sig: NodeJS.Signals) => {
      try {
        if (pid) process.kill(-pid, sig);
      } catch {
        /* already gone */
      }
    };
    const onSignal = (sig: NodeJS.Signals) => {
      killGroup('SIGKILL');
      process.exit(sig === 'SIGINT' ? 130 : sig === 'SIGHUP' ? 129 : 143);
    };
    const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];
    for (const sig of signals) process.once(sig, onSignal);
    const child = spawn(file, argv, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    pid = child.pid;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    let settled = false;
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), 1000).unref();
    }, timeoutMs);
    const finish = (exitCode: number | null, spawnError?: string, spawnCode?: string) => {
      if (settled) return;
      settled = true;
      for (const sig of signals) process.removeListener(sig, onSignal);
      clearTimeout(timer);
      if (timedOut) killGroup('SIGKILL');
      resolve({
        exitCode: timedOut ? null : exitCode,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
        ...(spawnError ? { spawnError } : {}),
        ...(spawnCode ? { spawnCode } : {}),
      });
    };
    child.on('error', (e: NodeJS.ErrnoException) =>
      finish(null, `cannot start ${file} in ${cwd}: ${e.code ?? e.message}`, e.code),
    );
    child.on('close', (code) => finish(code));
    // The answer is read when the script exits, as Claude Code does — not when its pipes close: a background
    // process it started may hold stdout open long past the host's timeout. After a short grace for output
    // still in the pipe, the rest of its process group goes down and the answer is read as it is.
    child.on('exit', (code) => {
      setTimeout(() => {
        if (settled) return;
        killGroup('SIGKILL');
        setTimeout(() => {
          child.stdout.destroy();
          child.stderr.destroy();
          finish(code);
        }, EXIT_GRACE_MS).unref();
      }, EXIT_GRACE_MS).unref();
    });
    // Scripts that never read stdin must not fail us (EPIPE) or hang.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}
