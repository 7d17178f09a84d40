// The record beside a target after a write: what other runs manage, plus what this run now manages — of what the
// written file still holds.
import type { DialectId } from '../model/dialect-ids.js';
import type { WriteChanges } from '../dialects/define.js';
import { handlerId } from '../dialects/handler-id.js';
import { dialects } from '../dialects/index.js';
import { managed } from '../dialects/sync-plan.js';
import { parseNotesEntry } from '../dialects/wrapper.js';
import { hookId } from './ownership.js';
import { recordText, type Created, type OwnedEntry } from './provenance.js';
import { hostsToRecord } from './shared-files.js';

/** The runner an entry was written with (what comes before its `run`). */
const runnerOf = (id: string) => id.split(' run --from ')[0]!;

/** Event + identity of every entry in a written config (to keep the record to what is there). */
export function presentEntries(text: string, to: DialectId): string[] {
  try {
    return dialects[to].codec.read(text, '<target>', dialects[to]).hooks.map((h) => `${h.nativeEvent}\0${hookId(h)}`);
  } catch {
    return [];
  }
}

/**
 * The new record's text (undefined: no entry left, the record goes): the entries of other runs (`others`), and an
 * entry per hook this run manages after the write, named by its source (`sourceOf` its key, else `fallbackSource`)
 * and, in a file several dialects write, the `hosts` it was written for where its command does not name them; and
 * what convert `created` around them.
 */
export function nextRecordText(
  others: OwnedEntry[],
  changes: WriteChanges,
  from: DialectId,
  sourceOf: (key: string) => string | undefined,
  fallbackSource: string,
  after: string,
  to: DialectId,
  created?: Created,
  hosts?: DialectId[],
): string | undefined {
  const entries: OwnedEntry[] = [
    ...others,
    ...managed(changes).map((h) => ({
      event: h.event,
      id: handlerId(h.handler),
      from,
      source: (h.key && sourceOf(h.key)) ?? fallbackSource,
      key: h.key ?? handlerId(h.handler),
      ...(hosts && hostsToRecord(handlerId(h.handler), hosts) ? { hosts } : {}),
    })),
  ];
  // In the order of the file, so that a run that changes nothing writes the same record.
  const position = new Map<string, number>();
  presentEntries(after, to).forEach((k, i) => {
    if (!position.has(k)) position.set(k, i);
  });
  // An entry that runs no hook (`run --pre-tool-notes`) is no hook a reader gives back: this run's are there, as
  // written, after the others.
  const notes = (e: OwnedEntry) =>
    e.from === from && others.indexOf(e) < 0 && parseNotesEntry(e.id, [runnerOf(e.id)]) !== undefined;
  const at = (e: OwnedEntry) => position.get(`${e.event}\0${e.id}`) ?? (notes(e) ? Number.MAX_SAFE_INTEGER : -1);
  const kept = entries.filter((e) => at(e) >= 0).sort((a, b) => at(a) - at(b));
  return kept.length ? recordText({ entries: kept, ...(created ? { created } : {}) }) : undefined;
}
