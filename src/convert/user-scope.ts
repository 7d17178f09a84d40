// `convert --user`: the user's hooks (the source dialect's user files and the plugins the user enabled) converted into
// each target's user-level file (mappings `config.userWrite`), the record beside it. A user hook runs in whichever
// project the session is in: what convert writes names no project (paths under the home directory as `~/…`, the
// project the host's own variables say at run time).
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { DIALECT_IDS, type DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { shownUserPath, userFiles, userWriteFile, type UserScope } from '../dialects/user-files.js';
import { recordPath } from './provenance.js';
import type { Source } from './sources.js';
import type { FileTarget } from './target-files.js';

/** The sources of `convert --user --from d`: d's user files and its enabled plugins' hook files (none: an error). */
export function userSources(from: DialectId, u: UserScope, notes: Diagnostic[]): Source[] {
  const found = userFiles(from, u, notes);
  if (!found.length) {
    const looked = (mappings.dialects[from].config.user ?? []).map((f) => shownUserPath(f, u.home));
    throw new HookBridgeError(
      `no ${from} user hook config found (looked for ${looked.join(', ') || 'nothing: it has no user file'})` +
        (mappings.dialects[from].config.userPlugins ? ', nor an enabled plugin with hooks' : ''),
      u.home,
    );
  }
  return found.map((f) => ({ file: f.file, dialect: f.dialect, ...(f.plugin ? { pluginRoot: f.plugin.root } : {}) }));
}

/** The user-level files to write: one per --to dialect, hosts that read the same file sharing it. */
export function userTargetFiles(to: DialectId[], u: UserScope): FileTarget[] {
  const files: FileTarget[] = [];
  for (const d of to) {
    const file = userWriteFile(d, u);
    if (!file)
      throw new HookBridgeError(
        `${mappings.dialects[d].agent} has no user-level hook file hook-bridge writes` +
          `: convert a project for it instead (without --user)`,
      );
    const same = files.find((t) => t.file === file);
    if (same) same.hosts.push(d);
    else files.push({ file, hosts: [d] });
  }
  return files;
}

/** `--user --to all --remove`: every dialect whose user-level file has a record of hook-bridge's entries. */
export const recordedUserTargets = (u: UserScope): DialectId[] =>
  DIALECT_IDS.filter((d) => {
    const f = userWriteFile(d, u);
    return f !== undefined && existsSync(recordPath(f));
  });

/** `--user --to all`: the observed agents with a user-level file, but the source. */
export const allUserTargets = (from: DialectId): DialectId[] =>
  DIALECT_IDS.filter(
    (d) => d !== from && mappings.dialects[d].observedVersion !== null && mappings.dialects[d].config.userWrite,
  );

/** The home directory and environment a run's user files are found with (default: this process's). */
export const userScopeOf = (o: { home?: string; env?: NodeJS.ProcessEnv }): UserScope => ({
  home: o.home ?? homedir(),
  env: o.env ?? process.env,
});
