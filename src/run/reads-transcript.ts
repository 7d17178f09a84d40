// `run --transcript auto`: can the wrapped command read the transcript (or the todo list)? Translating the
// host's transcript costs every call 2–5 ms, so it is skipped for a script that provably cannot read it. The
// check is static, cheap and conservative: any doubt answers "it may" (translate), because a wrong "no" is a
// silent failure (a Stop hook that finds no assistant message ends the loop it exists to keep going).
//
// "May read" when the command text, or any script file it runs, mentions `transcript` or `todo` (the payload
// field, the todo directory); or when a program cannot be inspected: a program on PATH outside a short list of
// shell builtins and standard text utilities (a binary can parse the payload and open any path in it), `npx`,
// `python -m`, `uv run` without a script file, a non-local non-stdlib import, an unresolvable `source`/import/
// script path, `$(…)` or a variable as the program, `eval`, a program read from stdin, spawning or network
// modules (they may hand the payload to something uninspectable); or when the scan goes past its bounds.
// Local files a script runs, sources, imports or requires are scanned too.
import { program, shell } from './scan-shell.js';
import { mentions, type Scan } from './script-scan.js';

/** Does the command (a shell string, or an exec-form argv) possibly read the transcript or the todo list? */
export function mayReadTranscript(command: string | string[], cwd: string, env: NodeJS.ProcessEnv): boolean {
  const s: Scan = { cwd, env, files: 0, seen: new Set(), functions: new Set() };
  try {
    if (typeof command === 'string') shell(command, s, 0, undefined);
    else {
      if (command.some((a) => mentions(a))) return true;
      program(
        command.map((value) => ({ value, dynamic: false })),
        s,
        0,
      );
    }
    return false;
  } catch {
    return true; // unsure, or a failure of the check itself: translate
  }
}
