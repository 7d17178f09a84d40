// convert's step for in-process hosts (mappings `config.inProcess`: Pi, OpenCode): beside the hook file, the loader
// file
// that runs it (src/dialects/loader-file.ts). Written while the hook file holds entries, made what this hook-bridge
// writes (a file written by another version of hook-bridge is out of date), deleted with `--remove` or once no entry
// is left — with the directories convert made for it, while they are empty. A loader file a person changed is never
// overwritten nor deleted silently: it is left as it is and the report says so (`--check` counts it out of date).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import type { Diagnostic } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { dialects } from '../dialects/index.js';
import { userPath } from '../dialects/config-files.js';
import { type DetachedLoader, loaderVersion } from '../dialects/loader-file.js';
import { type UserScope, userWriteFile } from '../dialects/user-files.js';
import { VERSION } from '../version.js';
import { missingDirectories } from './created.js';
import type { Created } from './provenance.js';
import { readText } from './read-text.js';

export interface LoaderOutcome {
  file: string;
  host: DialectId;
  /** What happens to it: written (new or updated), deleted, kept as a person changed it, or nothing to do. */
  action: 'write' | 'delete' | 'keep-edited' | 'none';
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
  written: boolean;
  diff?: string;
  /** The hook-bridge version whose loader file is there now (undefined: none, or not hook-bridge's). */
  version?: string;
}

const pluginHash = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** Is this the text hook-bridge wrote (its record's hash, or exactly what the version it names writes)? */
function unedited(host: DialectId, text: string, recorded: Created['loader'], user?: DetachedLoader): boolean {
  if (recorded?.hash === pluginHash(text)) return true;
  const v = loaderVersion(text);
  return v !== undefined && dialects[host].inProcess!.source(v, user) === text;
}

/**
 * The user-level loader of an in-process host (`config.inProcess.userLoader`, `convert --user`): the file, and the form
 * that runs the user-level hook file (`config.userWrite`) beside it in whichever project the session is in.
 */
export function userLoader(host: DialectId, u: UserScope): { file: string; form: DetachedLoader } | undefined {
  const rel = mappings.dialects[host].config.inProcess?.userLoader;
  const hooks = userWriteFile(host, u);
  if (!rel || !hooks) return undefined;
  const file = userPath(host, rel, u.home, u.env);
  const beside = relative(dirname(file), hooks).split(sep).join('/');
  const form: DetachedLoader = {
    loader: basename(file),
    hooks: beside,
    written: [
      `Written by \`hook-bridge convert --user --to ${host}\`: it runs the user's hooks of ${beside} (from this`,
      "file's folder) in whichever project the session is in. A re-run updates it, `--check` says when it is out of",
      'date, `--remove` deletes it. An edit of yours is kept: convert reports it and leaves the file as it is.',
    ],
    takeOut: `take the hooks out: hook-bridge convert --user --to ${host} --remove`,
    update: `hook-bridge convert --user --to ${host}`,
    packageRoot: false,
  };
  return { file, form };
}

/**
 * The loader file of one target host, as this run leaves it: `wanted` while the hook file holds entries (not
 * --remove). Returns its outcome and what the record keeps of it.
 */
export function planLoader(
  host: DialectId,
  project: string,
  wanted: boolean,
  recorded: Created['loader'],
  user?: { file: string; form: DetachedLoader },
): { outcome: LoaderOutcome; created: Created['loader']; diagnostics: Diagnostic[] } {
  const spec = mappings.dialects[host].config.inProcess!;
  const file = user?.file ?? join(project, spec.loader);
  const before = existsSync(file) ? readText(file) : undefined;
  const want = dialects[host].inProcess!.source(VERSION, user?.form);
  const version = before === undefined ? undefined : loaderVersion(before);
  const base = { file, host, before, written: false, ...(version ? { version } : {}) };
  const diagnostics: Diagnostic[] = [];
  const edited = before !== undefined && before !== want && !unedited(host, before, recorded, user?.form);
  if (edited) {
    diagnostics.push({
      severity: 'warning',
      code: 'pluginEdited',
      message:
        (version
          ? `changed by hand since hook-bridge ${version} wrote it`
          : `not hook-bridge's loader file (it has no "// hook-bridge plugin" first line)`) +
        `: left as it is. ` +
        (wanted
          ? 'To get the one this hook-bridge writes, delete it and convert again'
          : 'Delete it yourself if it is no longer wanted'),
      file,
    });
    return {
      outcome: { ...base, action: 'keep-edited', after: before, changed: false },
      created: recorded,
      diagnostics,
    };
  }
  if (!wanted) {
    const gone = before !== undefined;
    return {
      outcome: { ...base, action: gone ? 'delete' : 'none', after: undefined, changed: gone },
      created: undefined,
      diagnostics,
    };
  }
  const directories = before === undefined ? missingDirectories(file) : (recorded?.directories ?? 0);
  const created: Created['loader'] = { hash: pluginHash(want), ...(directories ? { directories } : {}) };
  return {
    outcome: { ...base, action: before === want ? 'none' : 'write', after: want, changed: before !== want },
    created,
    diagnostics,
  };
}

/**
 * The report's line for a file that runs a hook file (`word`: "loader", "event file"; `edited`: how a file kept as it
 * is is described).
 */
export function runnerFileNote(o: LoaderOutcome, project: string, word: string, edited: string): string {
  const rel = relative(project, o.file);
  const agent = mappings.dialects[o.host].agent;
  const older = o.version && o.version !== VERSION ? ` (written by hook-bridge ${o.version})` : '';
  switch (o.action) {
    case 'write':
      return `${rel}: ${agent}'s ${word} that runs the hooks${older}: ${o.written ? 'written' : 'to write'}`;
    case 'delete':
      return `${rel}: ${agent}'s ${word}: ${o.written ? 'deleted' : 'to delete'}`;
    case 'keep-edited':
      return `${rel}: ${agent}'s ${word}, ${edited}: left as it is`;
    default:
      return `${rel}: ${agent}'s ${word}: up to date`;
  }
}

/** The report's line for a loader file. */
export const loaderNote = (o: LoaderOutcome, project: string): string =>
  runnerFileNote(o, project, 'loader', 'changed by hand');
