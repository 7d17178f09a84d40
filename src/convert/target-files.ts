// The files convert writes: one per --to dialect (hosts that read the same file share it), each checked before
// anything is written: a host that would ignore the whole existing file would run none of the hooks written into it.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DIALECT_IDS, type DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { mappings } from '../model/mappings.js';
import { syntaxThatIgnoresFile } from '../dialects/json-syntax.js';
import { lineCol } from '../dialects/jsonc.js';
import { recordPath } from './provenance.js';

export interface FileTarget {
  file: string;
  hosts: DialectId[];
}

/** The files to write: one per --to dialect, hosts that read the same file sharing it. */
export function targetFiles(to: DialectId[], project: string, out?: string): FileTarget[] {
  const files: FileTarget[] = [];
  for (const d of to) {
    const file = resolve(out ?? join(project, mappings.dialects[d].config.write));
    const same = files.find((t) => t.file === file);
    if (same && mappings.dialects[same.hosts[0]!].config.format !== mappings.dialects[d].config.format)
      throw new HookBridgeError(`--to ${same.hosts[0]} and ${d} cannot share one file`, file);
    if (same) same.hosts.push(d);
    else files.push({ file, hosts: [d] });
  }
  return files;
}

/**
 * `--to all`: every agent the project can use — each dialect whose facts were observed on the agent itself
 * (`observedVersion` in its mappings: the agents the end-to-end suite runs), other than the source's own. Dialects
 * known from documents only (the CodeBuddy IDE plugin, the hooks.yaml format) are converted to when named.
 */
export const allTargets = (from?: DialectId): DialectId[] =>
  DIALECT_IDS.filter((d) => d !== from && mappings.dialects[d].observedVersion !== null);

/** `--to all --remove`: every dialect whose conventional file in the project has a record of hook-bridge's entries. */
export const recordedTargets = (project: string): DialectId[] =>
  DIALECT_IDS.filter((d) => existsSync(recordPath(join(project, mappings.dialects[d].config.write))));

/** Take an existing file's lenient JSON as the error it is for a target: its host would ignore every hook written into
 * it.
 */
export function assertHostReads(file: string, before: string | undefined, hosts: DialectId[]): void {
  if (before === undefined) return;
  for (const to of hosts) {
    const spec = mappings.dialects[to];
    if (spec.config.format !== 'settings-json') continue;
    const ignored = (() => {
      try {
        JSON.parse(before);
        return undefined;
      } catch {
        return syntaxThatIgnoresFile(before, spec);
      }
    })();
    if (ignored) {
      throw new HookBridgeError(
        `${spec.agent} ignores this whole file because it contains ` +
          (ignored.kind === 'comment' ? 'a comment' : 'a trailing comma') +
          ` (` +
          lineCol(before, ignored.offset) +
          `), so no hook written into it would run: remove the ` +
          (ignored.kind === 'comment' ? 'comment' : 'trailing comma') +
          ` and convert again; nothing was written`,
        file,
      );
    }
  }
}
