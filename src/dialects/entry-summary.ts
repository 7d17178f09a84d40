// What a hook-bridge entry runs, in a line a person reads: the original command of a `run` wrapper, the commands of a
// grouped `dispatch` entry, the hook set of a `dispatch --config` registration — not the wrapper around them (a
// grouped entry with its runner guard is several hundred characters of shell). Reports name entries by it.
import { unguarded } from './runner-guard.js';
import { dispatchConfigs, isSessionEnvOnly, parseGroup, parseWrapper } from './wrapper.js';

/** An entry as written: its command, or the whole handler (a prompt, agent or http hook) as JSON. */
export const entryText = (handler: Record<string, unknown>): string =>
  typeof handler.command === 'string' ? handler.command : JSON.stringify(handler);

/** What an entry runs: the commands it wraps, else the entry as written without its runner guard. */
export function entrySummary(handler: Record<string, unknown>, runners: readonly string[] = []): string {
  const text = entryText(handler);
  if (typeof handler.command !== 'string') return shortened(text);
  const group = parseGroup(text, runners);
  if (group) return `${group.hooks.length} hooks: ${group.hooks.map((h) => shortened(h.command, 80)).join(' · ')}`;
  const wrapper = parseWrapper(text, runners);
  if (wrapper) return shortened(wrapper.command);
  if (isSessionEnvOnly(text, runners)) return 'the session environment before each shell call (--session-env)';
  const configs = dispatchConfigs(text);
  if (configs) return `dispatch ${configs.join(', ')}`;
  return shortened(unguarded(text));
}

/** A command as a line of a report shows it: whole up to `max` characters, else its start and its length (a hook's
 * inline `node -e` program can be kilobytes).
 */
function shortened(text: string, max = 160): string {
  const one = text.replace(/\s*\n\s*/g, ' ');
  return one.length <= max ? one : `${one.slice(0, max - 30).trimEnd()} … (${text.length} characters)`;
}
