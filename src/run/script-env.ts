// The environment the script's agent gives its hooks, where the host gives another: the project and plugin
// directories under the script agent's variable names, and its session-environment file.
import { underHome } from '../model/home-path.js';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { keepSessionEnv } from './session-env.js';

/**
 * The host's environment as the script's agent gives it: without the host's identity variables (env.identity: a
 * script that detects its agent answers in its own agent's shape), with its own agent's, its project-dir variables
 * (unless set) and plugin root (--plugin-root).
 */
export function scriptEnv(
  script: DialectId,
  host: DialectId,
  pluginRoot: string | undefined,
  projectDir: string,
  env: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  const spec = mappings.dialects[script].env;
  if (host !== script) {
    const own = spec?.identity ?? {};
    for (const v of Object.keys(mappings.dialects[host].env?.identity ?? {})) if (!(v in own)) delete out[v];
    for (const [v, value] of Object.entries(own)) if (value !== null) out[v] = value;
  }
  for (const v of spec?.projectDir ?? []) out[v] ??= projectDir;
  if (pluginRoot !== undefined && spec?.pluginRoot) out[spec.pluginRoot] = anchorPath(pluginRoot, projectDir, env);
  return out;
}

/** The variable a path written as `${VAR}` stands for (a package's `rootVar`), or undefined for a path. */
export const variableOf = (p: string): string | undefined => /^\$\{(\w+)\}$/.exec(p)?.[1];

/**
 * A path written into a committed config: `~/…` is the user's home, a relative path is the project's, and `${VAR}`
 * the variable's value where the agent sets it in the hook's environment (Codex CLI and GitHub Copilot CLI give an
 * installed plugin's hooks PLUGIN_ROOT; the wrapper's single quotes keep the shell from expanding it).
 */
function anchorPath(p: string, projectDir: string, env: NodeJS.ProcessEnv): string {
  const v = variableOf(p);
  const path = v !== undefined && env[v] ? env[v] : p;
  return underHome(path, env.HOME ?? homedir()) ?? (isAbsolute(path) ? path : join(projectDir, path));
}

/**
 * The session-environment file the script's agent gives this event's hooks (Claude Code: CLAUDE_ENV_FILE on
 * SessionStart), made by hook-bridge where the host does not give that same file. `set -u` scripts that append
 * `export` lines to it would otherwise die with "unbound variable".
 */
export function sessionEnvFile(
  script: DialectId,
  host: DialectId,
  event: string | undefined,
  env: NodeJS.ProcessEnv,
): { var: string; path: string } | undefined {
  const f = mappings.dialects[script].env?.envFile;
  if (!f?.providedByAgent || !event || !f.events.includes(event) || (host === script && env[f.var])) return undefined;
  const path = join(mkdtempSync(join(tmpdir(), 'hook-bridge-env-')), 'env.sh');
  writeFileSync(path, '', { mode: 0o600 });
  return { var: f.var, path };
}

/**
 * What the script exported goes where the host keeps the session's environment (CodeBuddy Code: the file named
 * by CODEBUDDY_ENV_FILE, read before every Bash command); else, where hook-bridge can run the session's later shell
 * calls after it (src/run/session-env.ts), into the session's own file; where neither, a note says which variables
 * are lost.
 */
export function carryEnvFile(
  f: { var: string; path: string },
  host: DialectId,
  env: NodeJS.ProcessEnv,
  payload: Record<string, unknown> = {},
): string | undefined {
  let text = '';
  try {
    text = readFileSync(f.path, 'utf8');
  } catch {
    /* the script removed it */
  }
  rmSync(join(f.path, '..'), { recursive: true, force: true });
  if (!text.trim()) return undefined;
  const target = mappings.dialects[host].env?.envFile;
  const hostFile = target ? env[target.var] : undefined;
  if (hostFile) {
    try {
      appendFileSync(hostFile, text.endsWith('\n') ? text : `${text}\n`);
      return undefined;
    } catch (e) {
      return (
        `hook-bridge: cannot append the hook's ${f.var} exports to ${target!.var} (` +
        String((e as NodeJS.ErrnoException).code ?? e) +
        `)`
      );
    }
  }
  const kept = keepSessionEnv(text, host, payload, env);
  if (kept !== undefined) return kept || undefined;
  const names =
    [...text.matchAll(/^\s*export\s+([A-Za-z_][A-Za-z0-9_]*)/gm)].map((m) => m[1]).join(', ') || 'its lines';
  const agent = mappings.dialects[host].agent;
  const how = target ? `: start ${agent} with ${target.var} set to a file to carry them` : '';
  return (
    `hook-bridge: the hook wrote ${names} to ${f.var}, but ${agent} has no session environment file` +
    `${target ? ' here' : ''}; they are not set for later commands${how}`
  );
}
