// `hook-bridge doctor --user`: the hooks every session runs — each agent's user-level files and the plugins the user
// enabled (src/dialects/user-files.ts) — checked as a project's are, their conversions with `convert --user --check`.
import { DIALECT_IDS } from '../model/dialect-ids.js';
import type { Diagnostic } from '../model/hook.js';
import { userFiles, type UserScope } from '../dialects/user-files.js';

/** The user-level hook files here that exist, every agent's, and the hook files of the plugins the user enabled. */
export function userHookPaths(u: UserScope): string[] {
  const notes: Diagnostic[] = [];
  return [...new Set(DIALECT_IDS.flatMap((d) => userFiles(d, u, notes).map((f) => f.file)))];
}
