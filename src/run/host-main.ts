// The process side of run and dispatch: arguments, stdin, the reply on stdout/stderr and the exit code, and
// failing closed when the wrapper line itself is broken.
import { fstatSync } from 'node:fs';
import { canonicalEvent } from '../dialects/catalog.js';
import { DIALECT_IDS } from '../model/dialect-ids.js';
import type { RunArgs } from './args.js';
import type { HostReply } from './emit.js';
import { guessHostEvent, isBlocking, ownFailure } from './own-failure.js';
import { readStdin, type TooLarge } from './stdin.js';

/** How a host-facing command (run, dispatch) reads its arguments and answers one payload. */
export interface HostCommand<A extends Pick<RunArgs, 'to' | 'onError' | 'event'>> {
  name: string;
  /** Printed after a usage error (stderr). */
  usage: string;
  /** Printed for --help (stdout). */
  help: string;
  parse(argv: string[]): A | 'help';
  handle(args: A, raw: Buffer | TooLarge, env: NodeJS.ProcessEnv): Promise<HostReply>;
}

/** The process side of run and dispatch: arguments, stdin, the reply, and failing closed on usage errors. */
export async function hostMain<A extends Pick<RunArgs, 'to' | 'onError' | 'event'>>(
  argv: string[],
  c: HostCommand<A>,
): Promise<void> {
  let args: A | 'help';
  try {
    args = c.parse(argv);
  } catch (e) {
    // A host always pipes a payload; a terminal (or /dev/null) on stdin, or nothing on it, is a person at a shell.
    const raw = fromTerminal() ? Buffer.alloc(0) : await readStdin().catch(() => Buffer.alloc(0));
    const payload = Buffer.isBuffer(raw) ? raw.toString('utf8') : raw.head;
    const hostEvent = guessHostEvent(payload);
    write(process.stderr, `hook-bridge ${c.name}: ${(e as Error).message}\n${c.usage}\n`);
    // Not called by a host: a usage error, exit 2 (a host's call is hook-bridge's own failure, below).
    if (!payload.trim()) {
      process.exitCode = 2;
      return;
    }
    // A broken wrapper line must not let a guarded tool run: block on events where a block means "stop".
    // The host is not known here (its argument may be what is broken): any dialect's name will do.
    const blocking = hostEvent !== undefined && DIALECT_IDS.some((d) => isBlocking(canonicalEvent(d, hostEvent)));
    // Only `--on-error allow` opts out (not `--ask allow` or `--on-timeout allow`); arguments after `--` are the
    // command's, and after `run` a dispatch entry's hooks'.
    const end = argv.findIndex((a) => a === '--' || a === 'run');
    const own = end < 0 ? argv : argv.slice(0, end);
    const onErrorAllow = own.some((a, i) => a === '--on-error' && own[i + 1] === 'allow');
    process.exitCode = blocking && !onErrorAllow ? 2 : 0;
    return;
  }
  if (args === 'help') {
    write(process.stdout, `${c.help}\n`);
    return;
  }
  let reply: HostReply;
  try {
    reply = await c.handle(args, await readStdin(), process.env);
  } catch (e) {
    // Which event the call was for is not known here (unless the wrapper names it): the form every event takes.
    const event = args.event === undefined ? undefined : (canonicalEvent(args.to, args.event) ?? 'pre-tool-use');
    reply = ownFailure(event, args.event, args, `internal error: ${(e as Error).message}`);
  }
  if (reply.stderr) write(process.stderr, `${reply.stderr}\n`);
  // Nothing to say (most calls): stdout is not even set up.
  if (!reply.stdout) process.exitCode = reply.exitCode;
  else {
    write(process.stdout, reply.stdout, () => {
      process.exitCode = reply.exitCode;
    });
  }
}

/** stdin is a terminal or another character device (/dev/null): no host is calling (only read on a usage error). */
function fromTerminal(): boolean {
  try {
    return fstatSync(0).isCharacterDevice();
  } catch {
    return false;
  }
}

/**
 * Write to stdout or stderr, which run and dispatch touch only when they have something to write (setting up
 * a stdio stream costs every tool call). A closed pipe ends the process quietly, with the exit code set so far,
 * as bin/hook-bridge.cjs arranges for the other commands.
 */
function write(stream: NodeJS.WriteStream, text: string, done?: () => void): void {
  if (!stream.listenerCount('error')) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      process.exit();
    });
  }
  stream.write(text, done);
}
