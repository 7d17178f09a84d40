// `hook-bridge test --user`: the user's hooks (the source agent's user files and the plugins the user enabled, as
// `convert --user` reads them) tried in the project the session is in — the current directory, copied as for a
// project's hooks. The user's files are read where they are and never copied; a host reads them only through what
// convert would write at user level (no host reads another agent's user file itself).
import { resolve } from 'node:path';
import { type DialectId, REFERENCE_DIALECT } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic } from '../model/hook.js';
import { portablePath, userScopeOf, userSources } from './engine.js';
import { readText } from './read-text.js';
import type { SourceText } from './host-config.js';

/** The user's hooks of `from` (default: the reference agent's) as test's sources, in the project `cwd`. */
export function readUserSources(
  from: DialectId | undefined,
  cwd: string,
  o: { home?: string; env?: NodeJS.ProcessEnv },
): { from: DialectId; project: string; files: SourceText[] } {
  const u = userScopeOf(o);
  const project = resolve(cwd);
  if (project === resolve(u.home) || resolve(u.home).startsWith(`${project}/`))
    throw new HookBridgeError(
      'test --user runs the hooks in the project the session is in, the current directory, which it copies: run it ' +
        'from a project directory, not from the home directory or above it',
      cwd,
    );
  const notes: Diagnostic[] = [];
  const sources = userSources(from ?? REFERENCE_DIALECT, u, notes);
  return {
    from: sources[0]!.dialect,
    project,
    files: sources.map((s) => ({
      file: s.file,
      text: readText(s.file),
      user: true,
      ...(s.pluginRoot !== undefined
        ? { plugin: { root: s.pluginRoot, written: portablePath(s.pluginRoot, undefined, u.home) } }
        : {}),
    })),
  };
}
