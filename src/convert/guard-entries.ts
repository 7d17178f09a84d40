// convert's last step for hosts that block a call when a hook cannot start: each entry that runs hook-bridge (a `run`
// wrapper, a grouped `dispatch` entry, a `dispatch --config` registration) gets the runner guard
// (dialects/runner-guard.ts) when its hooks' own agents would not block, so a hook-bridge missing where the agent
// runs hooks does not lock that agent out. The report rows follow their entry's new command.
import type { DialectId } from '../model/dialect-ids.js';
import type { NativeHook } from '../dialects/define.js';
import { exitBlocks, guarded, needsGuard } from '../dialects/runner-guard.js';
import { dispatchConfigs, parseGroup, parseNotesEntry, parseWrapper } from '../dialects/wrapper.js';
import { rewriteCommands, type LandedRow } from './rewrite-commands.js';

/** The script agents an entry runs hooks for, when it is one of hook-bridge's entries (`from`: a --config
 * registration's).
 */
function scriptsOf(command: string, runners: readonly string[], from: DialectId): DialectId[] | undefined {
  const group = parseGroup(command, runners);
  if (group) return group.hooks.map((h) => h.from);
  const wrapper = parseWrapper(command, runners);
  if (wrapper) return [wrapper.from];
  const notes = parseNotesEntry(command, runners);
  if (notes) return [notes.from];
  return dispatchConfigs(command) ? [from] : undefined;
}

export function guardEntries<T extends { hooks: NativeHook[]; report: LandedRow[] }>(
  result: T,
  o: { hosts: readonly DialectId[]; runners: readonly string[]; from: DialectId },
): T {
  // No host that blocks on it: nothing to read (the common case costs nothing).
  if (!o.hosts.some((h) => exitBlocks(h, 127))) return result;
  return rewriteCommands(result, (command) => {
    const scripts = scriptsOf(command, o.runners, o.from);
    return scripts && needsGuard(o.hosts, scripts) ? guarded(command) : undefined;
  });
}
