// What a hook-bridge entry in an audited config hands `run` or `dispatch`: its runner (the command that starts
// hook-bridge) and a wrapper's plugin root (`run --plugin-root`, which sets the script agent's plugin-root variable).
import { underHome } from '../model/home-path.js';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { Hook } from '../model/hook.js';
import { dispatchConfigs, parseWrapper, runnerOfWritten, type Wrapper, wrapperOptions } from '../dialects/wrapper.js';

/** The wrapper a hook was read from (its `written` command), parsed; undefined for a hook that is not wrapped. */
export function wrapperOf(h: Hook): Wrapper | undefined {
  return h.written === undefined ? undefined : parseWrapper(h.written, [runnerOfWritten(h.written)]);
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
  const root = wrapperOptions(h)?.pluginRoot;
  if (root === undefined) return undefined;
  return underHome(root, home) ?? (isAbsolute(root) ? root : join(project, root));
}
