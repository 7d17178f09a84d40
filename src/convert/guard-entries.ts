// convert's last step for hosts that block a call when a hook cannot start: each entry that runs hook-bridge (a `run`
// wrapper, a grouped `dispatch` entry, a `dispatch --config` registration) gets the runner guard
// (dialects/runner-guard.ts) when its hooks' own agents would not block, so a hook-bridge missing where the agent
// runs hooks does not lock that agent out. The report rows follow their entry's new command.
import type { DialectId } from '../model/dialect-ids.js';
import type { NativeHook } from '../dialects/define.js';
import { exitBlocks, guarded, needsGuard } from '../dialects/runner-guard.js';
import { dispatchConfigs, parseGroup, parseWrapper } from '../dialects/wrapper.js';

/** The script agents an entry runs hooks for, when it is one of hook-bridge's entries (`from`: a --config registration's). */
function scriptsOf(command: string, runners: readonly string[], from: DialectId): DialectId[] | undefined {
  const group = parseGroup(command, runners);
  if (group) return group.hooks.map((h) => h.from);
  const wrapper = parseWrapper(command, runners);
  if (wrapper) return [wrapper.from];
  return dispatchConfigs(command) ? [from] : undefined;
}

/** A report row: where its hook landed. */
interface Row {
  target?: { event: string; command?: string };
}

export function guardEntries<T extends { hooks: NativeHook[]; report: Row[] }>(result: T, o: { hosts: readonly DialectId[]; runners: readonly string[]; from: DialectId }): T {
  // No host that blocks on it: nothing to read (the common case costs nothing).
  if (!o.hosts.some((h) => exitBlocks(h, 127))) return result;
  const changed = new Map<string, string>();
  const hooks = result.hooks.map((h) => {
    const command = h.handler.command;
    if (typeof command !== 'string') return h;
    const scripts = scriptsOf(command, o.runners, o.from);
    if (!scripts || !needsGuard(o.hosts, scripts)) return h;
    const now = guarded(command);
    changed.set(`${h.event}\0${command}`, now);
    return { ...h, handler: { ...h.handler, command: now } };
  });
  if (!changed.size) return result;
  for (const r of result.report) {
    const now = r.target?.command !== undefined ? changed.get(`${r.target.event}\0${r.target.command}`) : undefined;
    if (now !== undefined) r.target!.command = now;
  }
  return { ...result, hooks };
}
