// Which entries of a target file are hook-bridge's to manage: those its record names, and — in a file converted
// by a hook-bridge that kept no record — its own entry forms (a `run` wrapper, a `dispatch` registration) of this
// run's source hooks. Everything else is a person's and stays byte for byte.
import { resolve } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import type { Hook } from '../model/hook.js';
import { nativeEvent } from '../dialects/catalog.js';
import type { Ownership } from '../dialects/define.js';
import { ungate } from '../dialects/foreign-gate.js';
import { handlerId } from '../dialects/handler-id.js';
import { dispatchConfigs, parseNotesEntry, parseWrapper, withoutPolicy } from '../dialects/wrapper.js';
import { ownedIndex, readRecord, type OwnedEntry } from './provenance.js';

/**
 * hook-bridge's own entry forms: a `run` wrapper, a notes entry (`run --pre-tool-notes`) or a `dispatch` registration
 * (gated or not: reader-gates.ts).
 */
export function isOwnForm(handler: Record<string, unknown>, runners: readonly string[] = []): boolean {
  const c = typeof handler.command === 'string' ? (ungate(handler.command)?.command ?? handler.command) : undefined;
  return (
    typeof c === 'string' &&
    (parseWrapper(c, runners) !== undefined ||
      parseNotesEntry(c, runners) !== undefined ||
      DISPATCH.test(c) ||
      runners.some((r) => c.startsWith(`${r} dispatch --to `)))
  );
}
const DISPATCH = /^\S*(?:\s+\S*)?hook-bridge\S*\s+dispatch --to /;

/** A hook's identity in the file it was read from (what a record names): with the gate in front, where it has one. */
export const hookId = (h: Hook): string =>
  h.written !== undefined
    ? `${h.gate ?? ''}${h.written}`
    : handlerId({
        type: h.type,
        ...(h.command !== undefined ? { command: `${h.gate ?? ''}${h.command}` } : {}),
        ...h.fields,
      });

/** The hooks of a file that hook-bridge wrote there (recorded beside it): never a source. */
export function ownHooks(file: string, hooks: Hook[]): Set<Hook> {
  const owned = ownedIndex(readRecord(file).entries);
  return new Set(hooks.filter((h) => owned.has(`${h.nativeEvent}\0${hookId(h)}`)));
}

export interface OwnershipContext {
  /** The record entries this run manages in the file. */
  managed: OwnedEntry[];
  /** The file has no record (converted by a hook-bridge that kept none). */
  legacy: boolean;
  /** The host the file is written for, this run's source hooks, and which source hook each entry is for. */
  to: DialectId;
  input: Hook[];
  keyOf: (h: Hook) => string;
  /** `--dispatch`: the entries are dispatch registrations of the hook set in `sourceFiles`. */
  dispatch: boolean;
  sourceFiles: Set<string>;
  project: string;
  runners: readonly string[];
}

/** The ownership of a target file's entries for one run (the codec's writer updates and removes only these). */
export function ownershipOf(c: OwnershipContext): Ownership {
  const owned = ownedIndex(c.managed);
  // A file converted by a hook-bridge that kept no record: its wrappers of this run's source hooks, and
  // its dispatch registrations of this run's hook set, are this run's (else each edit would add one more).
  const legacyKeys = new Map<string, string>();
  for (const h of c.legacy ? c.input : []) {
    const ev = h.event ? nativeEvent(c.to, h.event) : undefined;
    if (ev && h.command !== undefined)
      legacyKeys.set(`${ev}\0${h.command}`, c.dispatch ? `dispatch ${ev}` : c.keyOf(h));
  }
  const legacyOwner = (event: string, written: string): string | undefined => {
    const command = ungate(written)?.command ?? written;
    const inner = parseWrapper(command, c.runners)?.command;
    if (inner !== undefined) return legacyKeys.get(`${event}\0${inner}`);
    // Older versions wrote --config relative to the shell convert ran in: compare where it points from either.
    return dispatchConfigs(command)?.some(
      (f) => c.sourceFiles.has(resolve(c.project, f)) || c.sourceFiles.has(resolve(f)),
    )
      ? `dispatch ${event}`
      : undefined;
  };
  // An entry whose gate came or went (reader-gates.ts: written by an earlier version without it, or taken out by hand)
  // is still the one convert wrote.
  const ungated = (id: string) => ungate(id)?.command ?? id;
  const looseOwned = ownedIndex(c.managed.map((e) => ({ ...e, id: ungated(e.id) })));
  return {
    owner: (event, handler) => {
      const id = (h: Record<string, unknown>) =>
        owned.get(`${event}\0${handlerId(h)}`)?.[0]?.key ??
        looseOwned.get(`${event}\0${ungated(handlerId(h))}`)?.[0]?.key;
      // An entry a person added options to (`--on-missing deny`) is still the one convert wrote.
      const bare = typeof handler.command === 'string' ? withoutPolicy(handler.command) : undefined;
      return (
        id(handler) ??
        (bare !== undefined && bare !== handler.command ? id({ ...handler, command: bare }) : undefined) ??
        (c.legacy && typeof handler.command === 'string' && isOwnForm(handler, c.runners)
          ? legacyOwner(event, handler.command)
          : undefined)
      );
    },
    adopt: (handler) => isOwnForm(handler, c.runners),
  };
}
