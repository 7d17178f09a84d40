// A hook command that could not run: the shell's exit 127 (a program it cannot find: `uv` not installed) or 126
// (found, not executable), or an exec-form program that cannot be spawned. That is the HOOK's outcome, not
// hook-bridge's: it is read under the script agent's rules like any other exit (Claude Code: a non-blocking
// error, the call proceeds, the user sees stderr), so a missing program never locks the agent out; `--on-missing`
// overrides that for those who want it (deny: block on the events that can block; allow: never block).
import type { ScriptResult } from './answer.js';

/** What the shell said, kept for the note: its last line, without its `/bin/sh: 1: ` prefix. */
export interface NotRun {
  exitCode: 126 | 127;
  /** `uv: not found`, `./guard.sh: Permission denied`, or undefined when nothing on stderr says (a script's own exit
   * 127).
   */
  said?: string;
}

/** A shell's own message for a program it cannot run (dash, bash, zsh, env, a kernel `bad interpreter`). */
const SHELL_SAYS = /not found|No such file or directory|Permission denied|cannot execute|bad interpreter/i;

/** An exec-form program (no shell) that cannot be spawned: the codes a shell would have given. */
const SPAWN_CODES: Record<string, 126 | 127> = { ENOENT: 127, EACCES: 126 };

/**
 * Did the command not run? Shell form: exit 126/127 — POSIX's codes for exactly that, which a script that
 * itself exits 127 also uses (then `said` stays unset, and the note says only the code). Exec form: ENOENT/EACCES.
 */
export function notRun(
  r: ScriptResult & { spawnError?: string; spawnCode?: string },
  execForm: boolean,
): NotRun | undefined {
  if (r.spawnError !== undefined) {
    // The shell itself not starting is hook-bridge's own failure (--on-error), not the hook's.
    const code = execForm && r.spawnCode ? SPAWN_CODES[r.spawnCode] : undefined;
    return code ? { exitCode: code, said: r.spawnError } : undefined;
  }
  if (r.exitCode !== 126 && r.exitCode !== 127) return undefined;
  const last = r.stderr.trim().split('\n').pop() ?? '';
  const said = SHELL_SAYS.test(last)
    ? last.replace(/^(?:\/\S*\/)?(?:sh|bash|dash|ksh|zsh):\s*(?:line\s+)?\d*:?\s*/, '')
    : undefined;
  return { exitCode: r.exitCode, ...(said ? { said } : {}) };
}

/** The note on stderr (or the deny's reason): what did not run and what that means here. */
export function notRunText(n: NotRun, outcome: string): string {
  const what = n.said
    ? `the hook could not run: ${n.said} (exit ${n.exitCode})`
    : `the hook exited ${n.exitCode}, the shell's code for a program it cannot ` +
      (n.exitCode === 127 ? 'find' : 'execute');
  return `hook-bridge: ${what}; ${outcome}`;
}
