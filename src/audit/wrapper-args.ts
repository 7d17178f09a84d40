// What a hook-bridge entry in an audited config hands `run` or `dispatch`: its runner (the command that starts
// hook-bridge) and a wrapper's plugin root (`run --plugin-root`, which sets the script agent's plugin-root variable).
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { Hook } from '../model/hook.js';
import { dispatchConfigs, type GroupedHook, parseGroup, parseWrapper, type Wrapper } from '../dialects/wrapper.js';

/**
 * The runner of a wrapper as written (everything before ` run --from`, or before ` dispatch --to` where the entry runs
 * several hooks: convert's default grouping): the reader recognised it already.
 */
const runnerOfWritten = (written: string) => written.slice(0, written.search(/ (?:dispatch --to|run --from) /));

/** The wrapper a hook was read from (its `written` command), parsed; undefined for a hook that is not wrapped. */
export function wrapperOf(h: Hook): Wrapper | undefined {
  return h.written === undefined ? undefined : parseWrapper(h.written, [runnerOfWritten(h.written)]);
}

/** The hook's own part of the grouped entry it was read from (`dispatch --to … run … run …`), if it was. */
function groupedOf(h: Hook): GroupedHook | undefined {
  if (h.written === undefined) return undefined;
  const hooks = parseGroup(h.written, [runnerOfWritten(h.written)])?.hooks ?? [];
  // Its command as the reader gave it; a host that substitutes variables in the text reads them back braced, so
  // where no command is equal, the hooks' common options stand for it.
  const own = hooks.find((g) => g.command === h.command);
  if (own) return own;
  const roots = new Set(hooks.map((g) => g.pluginRoot));
  return roots.size === 1 ? hooks[0] : undefined;
}

/** The runner a hook-bridge entry calls: a `run` wrapper's, or a `dispatch` registration's. */
export function runnerOf(h: Hook): string | undefined {
  if (h.written !== undefined) return runnerOfWritten(h.written);
  if (h.command === undefined || dispatchConfigs(h.command) === undefined) return undefined;
  const at = h.command.search(/\s+dispatch\s/);
  return at > 0 ? h.command.slice(0, at) : undefined;
}

/** The plugin root a wrapper sets, where `run` puts it: `~/` under the home directory, a relative path in the project.
 */
export function wrapperPluginRoot(h: Hook, project: string, home: string = homedir()): string | undefined {
  const root = wrapperOf(h)?.pluginRoot ?? groupedOf(h)?.pluginRoot;
  if (root === undefined) return undefined;
  if (root === '~' || root.startsWith('~/')) return join(home, root.slice(1));
  return isAbsolute(root) ? root : join(project, root);
}
