// Claude Code's session environment (a SessionStart hook appends `export` lines to $CLAUDE_ENV_FILE; Claude Code runs
// them ahead of each later Bash command) on a host without that file: which of the host's mechanisms can carry it,
// read from its facts (run, convert and audit share the answer), and the shell text that carries it.
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { toolEntry } from './catalog.js';
import { shellQuote } from './wrapper.js';

/** The canonical shell tool, and its command parameter (mappings/tools.yaml). */
export const SHELL_TOOL = 'shell';
export const SHELL_COMMAND = 'command';

/**
 * How hook-bridge can make a session's exports reach the host's later shell calls, or undefined where it cannot:
 * - `engine`: an in-process host (config.inProcess) whose engine runs in the agent and rewrites each shell call before
 * it
 *   runs (its output.updatedInput);
 * - `pre-tool-use`: a PreToolUse answer can rewrite the shell call's input (output.updatedInput or modifiedInput),
 *   so an entry on the shell tool prefixes the command.
 * A host with its own session environment file (env.envFile) uses it when it is set (run/script-env.ts); this is the
 * lever for when it is not.
 */
export function sessionEnvLever(host: DialectId): 'engine' | 'pre-tool-use' | undefined {
  const spec = mappings.dialects[host];
  const out = spec.output;
  const shell = toolEntry(host, SHELL_TOOL);
  if (!out || !shell?.params.some(([, c]) => c === SHELL_COMMAND)) return undefined;
  if (out.updatedInput === 'ignored' && out.modifiedInput === 'ignored') return undefined;
  return spec.config.inProcess ? 'engine' : 'pre-tool-use';
}

/**
 * The shell command run after the session's environment file: `. '<file>'` on a line of its own (a command that
 * begins with a comment, or ends in a heredoc, is left whole), guarded by `[ -r ]` so a file removed meanwhile costs
 * nothing (POSIX `.` of a missing file ends a non-interactive `sh`). The command's own exit status is the result.
 */
export function sourcedFirst(file: string, command: string): string {
  const q = shellQuote(file);
  return `[ -r ${q} ] && . ${q}\n${command}`;
}

/** The prefix sourcedFirst puts before a command (a command that already has it is not prefixed again). */
export const sourcedPrefix = (file: string) => sourcedFirst(file, '');
