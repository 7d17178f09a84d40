// The sync behind every config writer: given the entries already in a target file and the entries this
// run wants there, decide per existing entry whether it stays (someone else's), stays as it is, is
// replaced in place or removed, and which entries are added. Format-neutral: the codecs apply the plan.
import { stableJson } from '../model/stable-json.js';
import { handlerId } from './handler-id.js';
import type { NativeHook, Ownership, WriteChanges } from './define.js';

export interface ExistingEntry {
  event: string;
  handler: Record<string, unknown>;
  /** Where it sits beyond its event (matcher group): an update that moves it is a remove + add. */
  place: string;
}

export type EntryAction =
  | { kind: 'keep' }
  | { kind: 'unchanged'; hook: NativeHook }
  | { kind: 'replace'; hook: NativeHook }
  | {
      kind: 'remove';
      /** The entry moves (its place changed): this is it where it goes, among the additions. */
      movedTo?: NativeHook;
    };

export interface SyncPlan {
  /** One per existing entry, in the same order. */
  actions: EntryAction[];
  additions: NativeHook[];
  changes: WriteChanges;
}

export function planSync(
  hooks: NativeHook[],
  existing: ExistingEntry[],
  placeOf: (h: NativeHook) => string,
  own?: Ownership,
): SyncPlan {
  const wanted = hooks.map((h) => ({ h, id: handlerId(h.handler), key: h.key ?? handlerId(h.handler), done: false }));
  // Without a record: an entry equal to one being written is the same entry (idempotent merge).
  const owner = own
    ? (e: ExistingEntry) => own.owner(e.event, e.handler)
    : (e: ExistingEntry) => wanted.find((w) => w.h.event === e.event && w.id === handlerId(e.handler))?.key;
  const changes: WriteChanges = { added: [], updated: [], unchanged: [], removed: [], handWritten: [] };
  const actions: EntryAction[] = existing.map(() => ({ kind: 'keep' }));
  const additions: NativeHook[] = [];

  const settle = (i: number, w: (typeof wanted)[number]) => {
    const e = existing[i]!;
    w.done = true;
    if (e.place !== placeOf(w.h)) {
      actions[i] = { kind: 'remove', movedTo: w.h };
      additions.push(w.h);
      changes.updated.push(w.h);
    } else if (stableJson(e.handler) === stableJson(w.h.handler)) {
      actions[i] = { kind: 'unchanged', hook: w.h };
      changes.unchanged.push(w.h);
    } else {
      actions[i] = { kind: 'replace', hook: w.h };
      changes.updated.push(w.h);
    }
  };

  existing.forEach((e, i) => {
    const key = owner(e);
    if (key === undefined) return;
    const id = handlerId(e.handler);
    const candidates = wanted.filter((w) => !w.done && w.h.event === e.event && w.key === key);
    const w = candidates.find((c) => c.id === id) ?? candidates[0];
    if (w) settle(i, w);
    else {
      actions[i] = { kind: 'remove' };
      changes.removed.push({ event: e.event, handler: e.handler });
    }
  });
  for (const w of wanted.filter((x) => !x.done)) {
    // The same entry is already there, and nobody recorded writing it.
    const i = existing.findIndex(
      (e, j) => actions[j]!.kind === 'keep' && e.event === w.h.event && handlerId(e.handler) === w.id,
    );
    if (i >= 0 && (!own || own.adopt(existing[i]!.handler))) settle(i, w);
    else if (i >= 0) {
      w.done = true;
      changes.handWritten.push(w.h);
    } else {
      additions.push(w.h);
      changes.added.push(w.h);
    }
  }
  return { actions, additions, changes };
}

/** The hooks this run manages in the file after the write (to record): written, updated or unchanged. */
export const managed = (c: WriteChanges): NativeHook[] => [...c.unchanged, ...c.updated, ...c.added];
