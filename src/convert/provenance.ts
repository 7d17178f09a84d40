// Which entries of a target config hook-bridge wrote: a record kept beside the config
// (`.qwen/settings.json` -> `.qwen/settings.hook-bridge.json`), committed with it, so that a re-run — on
// this machine or in a teammate's clone — updates and removes exactly those entries and never one a
// person wrote. An entry is named by its event and its identity in the file (the command, or the whole
// handler for prompt/agent/http hooks), and by the source hook it came from (to update it in place).
// Where an agent reads every JSON file of the config's folder (GitHub Copilot CLI's `.github/hooks/`, which logs
// the record as an invalid hook configuration on every run), the record goes one folder up
// (`.github/hook-bridge.hook-bridge.json`); a record found where earlier versions put it is read, and moved on the
// next write.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { isDialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { isObject } from '../model/is-object.js';
import { readAsHookFile } from '../dialects/config-files.js';

export interface OwnedEntry {
  /** The host's event name the entry sits under. */
  event: string;
  /** Its identity in the target file: the command, or the handler as JSON (see handlerId). */
  id: string;
  /** The source dialect it was converted from. */
  from: DialectId;
  /** The source file, relative to the project (`-` for stdin). */
  source: string;
  /** Which source hook it is (stable across edits of its timeout, matcher or flags): for updates in place. */
  key: string;
  /**
   * In a file several dialects write (shared-files.ts: CodeBuddy Code's, read by the CodeBuddy IDE plugin too): the
   * hosts the entry was written for, so that converting for one keeps the other's. Absent in a file only one writes,
   * and where the entry's command names them (`run --from claude --to codebuddy,codebuddy-ide …`).
   */
  hosts?: DialectId[];
}

export interface Record {
  entries: OwnedEntry[];
  /** What convert made around its entries, so that taking them out (`--remove`) leaves the project as it was. */
  created?: Created;
}

export interface Created {
  /** The file did not exist: once it holds nothing, it is deleted (not left as `{}`). */
  file?: boolean;
  /** How many directories above the file convert created with it (`.qwen/` = 1): removed with it when empty. */
  directories?: number;
  /** Top-level keys convert added to hold its entries (`hooks`): taken out again once they hold nothing. */
  keys?: string[];
  /** convert wrote `<file>.bak` (a copy of the file before one of its writes): deleted with its entries. */
  backup?: boolean;
  /**
   * An in-process host's loader file (mappings `config.inProcess`), as convert last wrote it (its hash: a different
   * text
   * is a person's edit) and how many directories it created for it (removed with it while empty).
   */
  loader?: { hash: string; directories?: number };
}

const RECORD_NOTE =
  'hook-bridge convert wrote these entries into the config beside this file; a re-run updates or removes only ' +
  'these. Commit this file with it. `hook-bridge convert --to <dialect> --remove` takes them out.';

/** Where earlier versions kept the record: beside the file, whoever reads that folder. */
const besidePath = (file: string): string => join(dirname(file), `${basename(file, extname(file))}.hook-bridge.json`);

/** The record kept beside a target file (one folder up where an agent would read it as a hook file). */
export function recordPath(file: string): string {
  const beside = besidePath(file);
  return readAsHookFile(beside) ? join(dirname(dirname(file)), basename(beside)) : beside;
}

/** A record where earlier versions put it, not where it goes now: read until the next write moves it. */
export function staleRecordPath(file: string): string | undefined {
  const old = besidePath(file);
  return old !== recordPath(file) && existsSync(old) ? old : undefined;
}

/** The record's file as it is now: where it goes, else where an earlier version put it (undefined: none). */
export function existingRecord(file: string): string | undefined {
  const path = recordPath(file);
  return existsSync(path) ? path : staleRecordPath(file);
}

export function readRecord(file: string): Record {
  const path = existingRecord(file);
  if (path === undefined) return { entries: [] };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new HookBridgeError(
      `hook-bridge's record of what it wrote is not readable (${(e as Error).message}); restore it from version ` +
        `control, or delete it to treat every entry as hand-written`,
      path,
    );
  }
  const entries = isObject(value) && Array.isArray(value.entries) ? value.entries : undefined;
  if (!entries || !isObject(value))
    throw new HookBridgeError(
      'expected { "entries": [ … ] }: restore it from version control, ' +
        'or delete it to treat every entry as hand-written',
      path,
    );
  return {
    ...(isObject(value.created) ? { created: createdOf(value.created) } : {}),
    entries: entries
      .filter(
        (e): e is OwnedEntry =>
          isObject(e) &&
          typeof e.event === 'string' &&
          typeof e.id === 'string' &&
          typeof e.from === 'string' &&
          isDialectId(e.from) &&
          typeof e.source === 'string' &&
          typeof e.key === 'string',
      )
      .map(({ hosts, ...e }) =>
        Array.isArray(hosts) && hosts.length && hosts.every(isDialectId) ? { ...e, hosts } : e,
      ),
  };
}

/** A record's loader file (`plugin`: the key records of 0.1.0 give it), if well-formed. */
function loaderOf(l: unknown): Pick<Created, 'loader'> {
  if (!isObject(l) || typeof l.hash !== 'string') return {};
  const directories = Number.isInteger(l.directories) && (l.directories as number) > 0 ? l.directories : undefined;
  return { loader: { hash: l.hash, ...(directories ? { directories: directories as number } : {}) } };
}

/** The facts of a record's `created` that are well-formed (a hand-edited record loses only what is not). */
function createdOf(c: { [k: string]: unknown }): Created {
  return {
    ...(c.file === true ? { file: true } : {}),
    ...(Number.isInteger(c.directories) && (c.directories as number) > 0
      ? { directories: c.directories as number }
      : {}),
    ...(Array.isArray(c.keys) && c.keys.every((k) => typeof k === 'string') ? { keys: c.keys as string[] } : {}),
    ...(c.backup === true ? { backup: true } : {}),
    ...loaderOf(c.loader ?? c.plugin),
  };
}

export function recordText(r: Record): string {
  const created = r.created && Object.keys(r.created).length ? { created: r.created } : {};
  return `${JSON.stringify({ about: RECORD_NOTE, ...created, entries: r.entries }, null, 2)}\n`;
}

/** Entries of a record keyed by event and identity (several when the same handler was written twice). */
export function ownedIndex(entries: OwnedEntry[]): Map<string, OwnedEntry[]> {
  const m = new Map<string, OwnedEntry[]>();
  for (const e of entries) m.set(`${e.event}\0${e.id}`, [...(m.get(`${e.event}\0${e.id}`) ?? []), e]);
  return m;
}
