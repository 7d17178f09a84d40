// Environment variables in unwrapped commands: a host that does not set the script agent's variable
// gets its own equivalent, and ${CLAUDE_PLUGIN_ROOT} is resolved to the plugin's path.
import { isAbsolute } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';

/**
 * A shell expression for the project directory on an agent that sets no variable for it (`env.projectRoot`):
 * git-toplevel-of-cwd (Codex CLI) runs hooks in the session's cwd inside the project, whose root holds .git.
 */
const PROJECT_ROOT_EXPR: Record<'git-toplevel-of-cwd', string> = {
  'git-toplevel-of-cwd': '$(git rev-parse --show-toplevel 2>/dev/null || pwd)',
};

/** How a command on this host refers to the project directory: `${VAR}`, a shell expression, or undefined. */
export function projectDirRef(host: DialectId): string | undefined {
  const env = mappings.dialects[host].env;
  const v = env?.projectDir[0];
  if (v) return `\${${v}}`;
  return env?.projectRoot ? PROJECT_ROOT_EXPR[env.projectRoot] : undefined;
}

const ref = (name: string) => new RegExp(`\\$\\{${name}\\}|\\$${name}(?![A-Za-z0-9_])`, 'g');

export function rewriteEnvVars(
  command: string,
  script: DialectId,
  host: DialectId,
  pluginRoot?: string,
  posix = true,
): { command: string; notes: string[] } {
  const notes: string[] = [];
  const hostEnv = mappings.dialects[host].env;
  const provided = new Set(hostEnv?.provided ?? []);
  let out = command;
  for (const v of mappings.dialects[script].env?.projectDir ?? []) {
    if (provided.has(v) || !ref(v).test(out)) continue;
    const replacement = projectDirRef(host);
    if (replacement) {
      out = out.replace(ref(v), () => replacement);
      notes.push(
        hostEnv?.projectDir[0]
          ? `$${v} -> $${hostEnv.projectDir[0]}`
          : `$${v} -> ${replacement} (${mappings.dialects[host].agent} sets no project-dir variable; hooks run in ` +
              `the session's working directory)`,
      );
    } else notes.push(`$${v} is not set by ${mappings.dialects[host].agent}`);
  }
  const pr = mappings.dialects[script].env?.pluginRoot;
  if (pr && pluginRoot) {
    // A plugin's hook: no host sets its root for a project's hooks, so the command sets it — for the text and for a
    // script that reads it from its environment (`process.env.CLAUDE_PLUGIN_ROOT`) — relative to the project,
    // anchored on the host's project-dir variable (`~/…` on $HOME): no path of this machine.
    const hostDir = projectDirRef(host);
    const anchored = pluginRoot.startsWith('~/')
      ? `$HOME/${pluginRoot.slice(2)}`
      : isAbsolute(pluginRoot) || !hostDir
        ? pluginRoot
        : `${hostDir}${pluginRoot === '.' ? '' : `/${pluginRoot}`}`;
    if (posix) {
      out = `export ${pr}="${anchored.replace(/(["\\`])/g, '\\$1')}"; ${out}`;
      notes.push(`$${pr} set to ${anchored} for the command (a plugin's hooks run with their plugin's root)`);
    } else if (ref(pr).test(out)) {
      // Not a POSIX shell (`shell: powershell`): the text is resolved; a script reading its environment finds none.
      out = out.replace(ref(pr), () => anchored);
      notes.push(`$${pr} resolved to ${anchored}; not in the environment of a hook whose shell is not POSIX`);
    }
  } else if (pr && ref(pr).test(out) && hostEnv?.pluginRoot !== pr)
    notes.push(`$${pr} is not set by ${mappings.dialects[host].agent} and the plugin root is unknown`);
  return { command: out, notes };
}
