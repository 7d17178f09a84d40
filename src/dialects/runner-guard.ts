// The guard convert puts after an entry that runs hook-bridge, where the host would block the call if hook-bridge
// itself cannot start (exit 127: not installed where the agent runs hooks; 126: not executable) while the hook's
// own agent would not: GitHub Copilot CLI denies a tool call on any failing hook, Gemini CLI blocks on every exit
// from 2 up, but Claude Code treats a program that cannot start as a non-blocking error (issue 21). Without it, a
// missing hook-bridge locks such an agent out of every call its hooks watch. The guard is a fixed shell suffix:
//   <entry>; e=$?; [ "$e" -ne 126 ] && [ "$e" -ne 127 ] || { echo "…" >&2; exit 0; }; exit $e
// Every other exit — hook-bridge's own answers, 0 and 2 included — passes through unchanged, stdout untouched.
// Reading a config takes it off again (parseWrapper, parseGroup), so the entry is known for what it runs.
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';

export const RUNNER_GUARD =
  '; e=$?; [ "$e" -ne 126 ] && [ "$e" -ne 127 ] || { echo "hook-bridge could not be ' +
  'started (exit $e): this hook did not run, and the call goes on, as its own agent ' +
  'treats a program that cannot start" >&2; exit 0; }; exit $e';

/** Does an exit code block on an agent: exit 2 everywhere, every code from 2 up where `output.otherExit` says so. */
export function exitBlocks(d: DialectId, code: number): boolean {
  if (code === 2) return true;
  switch (mappings.dialects[d].output!.otherExit) {
    case 'blocks-from-2':
      return code > 2;
    case 'denies':
      return true;
    case 'non-blocking':
    case 'warning':
      return false;
  }
}

/** Does an entry for `hosts` running hooks written for `scripts` need the guard: a host blocks on 127, no script's
 * agent does.
 */
export const needsGuard = (hosts: readonly DialectId[], scripts: readonly DialectId[]): boolean =>
  scripts.length > 0 && hosts.some((h) => exitBlocks(h, 127)) && scripts.every((s) => !exitBlocks(s, 127));

/** The entry with the guard after it (unchanged when it has it). */
export const guarded = (command: string): string =>
  command.endsWith(RUNNER_GUARD) ? command : `${command}${RUNNER_GUARD}`;

/** The entry without its guard (unchanged when it has none). */
export const unguarded = (command: string): string =>
  command.endsWith(RUNNER_GUARD) ? command.slice(0, -RUNNER_GUARD.length) : command;
