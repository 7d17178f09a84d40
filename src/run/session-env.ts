// Claude Code's session environment on a host that has none but lets hook-bridge change a shell call before it runs
// (dialects/session-env.ts sessionEnvLever): a SessionStart hook's exports are kept in a private per-session file,
// and each later shell call of that session runs after it (`dispatch --session-env`, the in-process hosts' engine).
import { appendFileSync, chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalTool, toolEntry } from '../dialects/catalog.js';
import { SHELL_COMMAND, SHELL_TOOL, sessionEnvLever, sourcedFirst, sourcedPrefix } from '../dialects/session-env.js';
import { cacheRoot, pathSegment } from '../model/cache-dir.js';
import type { DialectId } from '../model/dialect-ids.js';
import type { Answer } from './answer.js';
import type { ParsedPayload } from './host-payload.js';

/** Sessions of this process that have a file (an in-process host's engine lives as long as the agent). */
const written = new Set<string>();

/** The session's file: `<cache>/session-env/<host>-<session>.sh` (the directory 0700, the file 0600). */
function sessionEnvPath(host: DialectId, sessionId: string, env: NodeJS.ProcessEnv): string {
  return join(cacheRoot(env), 'session-env', `${host}-${pathSegment(sessionId)}.sh`);
}

/**
 * Keep what a SessionStart hook wrote for the session's later shell calls, where the host lets hook-bridge carry it.
 * Returns undefined when the host has no lever or the payload no session; else '' when kept, or what went wrong.
 */
export function keepSessionEnv(
  text: string,
  host: DialectId,
  payload: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
): string | undefined {
  const session = payload.session_id;
  if (!sessionEnvLever(host) || typeof session !== 'string' || !session) return undefined;
  const file = sessionEnvPath(host, session, env);
  try {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    appendFileSync(file, text.endsWith('\n') ? text : `${text}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    written.add(file);
    return '';
  } catch (e) {
    const why = String((e as NodeJS.ErrnoException).code ?? e);
    return `hook-bridge: cannot keep the hook's session environment in ${file} (${why})`;
  }
}

/** Has a SessionStart hook of this process kept a session environment (an in-process host then watches shell calls)? */
export const keptInProcess = () => written.size > 0;

/** The session's file when a hook wrote to it: a shell call of the session runs after it. */
function fileFor(p: ParsedPayload, host: DialectId, env: NodeJS.ProcessEnv): string | undefined {
  const session = p.payload.session_id;
  if (p.event !== 'pre-tool-use' || typeof session !== 'string' || !session) return undefined;
  const tool = typeof p.payload.tool_name === 'string' ? canonicalTool(host, p.payload.tool_name) : undefined;
  if (tool !== SHELL_TOOL) return undefined;
  const file = sessionEnvPath(host, session, env);
  return (statSync(file, { throwIfNoEntry: false })?.size ?? 0) > 0 ? file : undefined;
}

/**
 * A shell call of a session whose SessionStart hooks wrote exports: the answer rewrites its command to run after the
 * session's file. What the hooks answered is kept: a deny, a block or continue:false leave it as it is, and a hook's
 * own rewrite is the command that runs after the file (in the script's parameter names, as answers are). No file, no
 * change. Returns the script dialect the answer is in (the host's own names when no hook answered with a rewrite).
 */
export function withSessionEnv(
  a: Answer,
  p: ParsedPayload,
  host: DialectId,
  script: DialectId,
  env: NodeJS.ProcessEnv,
): DialectId {
  if (a.decision === 'deny' || a.block || a.continueFalse) return script;
  const file = fileFor(p, host, env);
  if (!file) return script;
  const hostInput = p.payload.tool_input;
  if (!a.updatedInput && (typeof hostInput !== 'object' || hostInput === null)) return script;
  const inNames = a.updatedInput ? script : host;
  const input = a.updatedInput ?? (hostInput as Record<string, unknown>);
  const param = toolEntry(inNames, SHELL_TOOL)?.params.find(([, c]) => c === SHELL_COMMAND)?.[0] ?? SHELL_COMMAND;
  const command = input[param];
  if (typeof command !== 'string' || command.startsWith(sourcedPrefix(file))) return script;
  a.updatedInput = { ...input, [param]: sourcedFirst(file, command) };
  return inNames;
}
