// A file several targets write (the `config.write` of two dialects resolves to one path: CodeBuddy Code's
// .codebuddy/settings.json, which the CodeBuddy IDE plugin reads too) is one sync unit. Its record says which hosts
// each entry was written for; converting for one host writes the entries for every host the record names beside it
// (as `--to a,b` in one run does), so that converting for the other never rewrites the first one's entries into
// matchers it does not fire for (issue 35). `--remove` for one host takes out only its part: the entries written for
// the others as well are written again for those alone, from their recorded sources.
import { join, resolve } from 'node:path';
import { DIALECT_IDS, isDialectId, type DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { mappings } from '../model/mappings.js';
import { ungate } from '../dialects/foreign-gate.js';
import type { OwnedEntry } from './provenance.js';

/** Every dialect whose conventional file is `file` (one, unless the file is shared). */
export const sharersOf = (file: string, project: string): DialectId[] =>
  DIALECT_IDS.filter((d) => resolve(join(project, mappings.dialects[d].config.write)) === file);

/** Hosts in one order whatever order they were named in: the same file and record from any sequence of runs. */
export const inOrder = (hosts: Iterable<DialectId>): DialectId[] => {
  const set = new Set(hosts);
  return DIALECT_IDS.filter((d) => set.has(d));
};

/** The hosts `--to` names in an entry hook-bridge wrote (`run --from x --to a,b`, `dispatch --to a,b`). */
const WRITTEN_HOSTS = /(?:^|\s)(?:run --from \S+ --to|dispatch --to) ([\w,-]+)/;

const writtenHosts = (id: string): string[] | undefined =>
  WRITTEN_HOSTS.exec(ungate(id)?.command ?? id)?.[1]?.split(',');

/** The `hosts` a record keeps for an entry of a shared file: none where its command names them already. */
export const hostsToRecord = (id: string, hosts: DialectId[]): DialectId[] | undefined =>
  writtenHosts(id)?.join(',') === hosts.join(',') ? undefined : hosts;

/**
 * The hosts a recorded entry was written for, among `sharers`: its record's `hosts`, else (a record of an earlier
 * version) the `--to` its command names; undefined when neither says.
 */
export function hostsOf(e: OwnedEntry, sharers: readonly DialectId[]): DialectId[] | undefined {
  const named = e.hosts ?? writtenHosts(e.id);
  if (!named?.every(isDialectId)) return undefined;
  const hosts = named.filter((d) => sharers.includes(d));
  return hosts.length ? hosts : undefined;
}

export interface SharePlan {
  /** The hosts this run writes the file for: the ones named, and those the entries it manages were written for. */
  hosts: DialectId[];
  /** Of those, the ones this run did not name: their entries are kept, written for them too. */
  kept: DialectId[];
  /** The dialects that read the file (more than one: it is shared). */
  sharers: DialectId[];
}

/** The hosts a convert (or --check, --dry-run, --stdout) writes a file for: the named ones and the recorded ones. */
export function sharePlan(file: string, named: DialectId[], managed: OwnedEntry[], project: string): SharePlan {
  const sharers = sharersOf(file, project);
  if (sharers.length < 2 || !named.every((d) => sharers.includes(d)))
    return { hosts: named, kept: [], sharers: sharers.length > 1 ? sharers : [] };
  const recorded = managed.flatMap((e) => hostsOf(e, sharers) ?? []);
  const hosts = inOrder([...named, ...recorded]);
  return { hosts, kept: hosts.filter((d) => !named.includes(d)), sharers };
}

export interface RemovePlan {
  /** Entries this --remove takes out (or writes again for the hosts left). */
  touches: (e: OwnedEntry) => boolean;
  /** Entries written for a removed host and a host left: written again for the hosts left, from their sources. */
  rewrite?: { hosts: DialectId[]; from: DialectId; sources: string[] };
  /** The hosts whose entries stay in the file. */
  kept: DialectId[];
  sharers: DialectId[];
  /** The error when the entries cannot be written again for the kept hosts alone, with why. */
  cannot: (why: string) => HookBridgeError;
}

/**
 * `--remove --to <hosts>` of a shared file: the entries written only for those hosts go, the ones written for other
 * hosts stay, and the ones written for both are written again for the others alone (a rewrite from the recorded
 * sources). An entry whose hosts are not known is taken out, as in a file that is not shared.
 */
export function removePlan(file: string, named: DialectId[], entries: OwnedEntry[], project: string): RemovePlan {
  const sharers = sharersOf(file, project);
  const none = () => new HookBridgeError('not shared');
  if (sharers.length < 2) return { touches: () => true, kept: [], sharers: [], cannot: none };
  const left = (e: OwnedEntry) => (hostsOf(e, sharers) ?? []).filter((d) => !named.includes(d));
  const touches = (e: OwnedEntry) => {
    const hosts = hostsOf(e, sharers);
    return hosts === undefined || hosts.some((d) => named.includes(d));
  };
  const kept = inOrder(entries.flatMap(left));
  const mixed = entries.filter((e) => touches(e) && left(e).length > 0);
  const rel = file.startsWith(`${project}/`) ? file.slice(project.length + 1) : file;
  const cannot = (why: string) =>
    new HookBridgeError(
      `${named.join(', ')} share${named.length > 1 ? '' : 's'} this file with ${kept.join(', ')}, whose entries ` +
        `were written for both: taking ${named.join(', ')}'s part out writes them again for ${kept.join(', ')} ` +
        `alone, and ${why}; take both out (convert --to ${inOrder([...named, ...kept]).join(',')} --remove), or ` +
        `convert --to ${kept.join(',')} after fixing it; nothing was written`,
      rel,
    );
  if (!mixed.length) return { touches, kept, sharers, cannot };
  const froms = [...new Set(mixed.map((e) => e.from))];
  const sources = [...new Set(mixed.map((e) => e.source))];
  if (froms.length > 1) throw cannot(`they come from several dialects (${froms.join(', ')})`);
  if (sources.includes('-')) throw cannot('they were converted from stdin, which cannot be read again');
  return {
    touches,
    kept,
    sharers,
    cannot,
    rewrite: { hosts: inOrder(mixed.flatMap(left)), from: froms[0]!, sources },
  };
}
