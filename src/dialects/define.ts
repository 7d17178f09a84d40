import type { DialectId } from '../model/dialect-ids.js';
import type { Diagnostic, Hook } from '../model/hook.js';
import { mappings, type DialectSpec } from '../model/mappings.js';

/** A hook in a dialect's own terms, ready for its config writer. */
export interface NativeHook {
  event: string;
  /** undefined = omit the key */
  matcher: string | string[] | undefined;
  /** The handler object as it will be written ({ type, command, timeout, … }). */
  handler: Record<string, unknown>;
  groupFields: Record<string, unknown>;
  priority?: number;
  /** Which source hook it is written for (default: its identity): an entry written for it earlier is updated in place.
   */
  key?: string;
}

/** Which entries already in a target file this run wrote earlier, and may update or remove. */
export interface Ownership {
  /** The key of the source hook an existing entry was written for, when it is this run's to manage. */
  owner(event: string, handler: Record<string, unknown>): string | undefined;
  /** May an entry nobody recorded, equal to one about to be written, be taken over (hook-bridge's own form)? */
  adopt(handler: Record<string, unknown>): boolean;
  /** Top-level keys hook-bridge added to the file (its record says so): taken out again once they hold nothing of
   * anyone's.
   */
  added?: readonly string[];
}

/** What a write did to the entries hook-bridge manages. */
export interface WriteChanges {
  added: NativeHook[];
  updated: NativeHook[];
  unchanged: NativeHook[];
  removed: { event: string; handler: Record<string, unknown> }[];
  /** Not written: the file already has the same entry, written by hand (it stays the user's). */
  handWritten: NativeHook[];
}

export interface WriteResult {
  text: string;
  diagnostics: Diagnostic[];
  changes: WriteChanges;
  /** Top-level keys this write added to the file (to record: a later write takes them out again once they hold
   * nothing).
   */
  added?: string[];
  /** The file holds nothing after this write (no key at all): a file hook-bridge created is then deleted, not left
   * empty.
   */
  empty?: boolean;
}

export interface ReadOptions {
  /** Runners besides hook-bridge's usual spellings whose wrappers are unwrapped (`convert --runner`). */
  runners?: readonly string[];
}

export interface ReadResult {
  hooks: Hook[];
  diagnostics: Diagnostic[];
}

export interface Codec {
  /** Parse one config file. Throws HookBridgeError only when the file is unusable (not JSON/YAML). */
  read(text: string, file: string, dialect: Dialect, opts?: ReadOptions): ReadResult;
  /**
   * Render hooks into a config file, merging into `existing` text when given: the entries `own` says
   * this run manages are made equal to `hooks` (updated in place, removed when gone); every other entry
   * stays byte for byte. Without `own`, an entry equal to one being written (same event and identity) is managed.
   */
  write(
    hooks: NativeHook[],
    existing: string | undefined,
    file: string,
    dialect: Dialect,
    own?: Ownership,
  ): WriteResult;
}

export interface Dialect {
  id: DialectId;
  spec: DialectSpec;
  /** The dialect whose payload and protocol its scripts expect (hooks-yaml: claude). */
  payloadDialect: DialectId;
  codec: Codec;
  /** A native timeout value -> ms. */
  readTimeout(raw: number): number;
  /** ms -> the native timeout value. */
  writeTimeout(ms: number): number;
}

export interface DialectOptions {
  id: DialectId;
  codec: Codec;
  readTimeout?: (raw: number, spec: DialectSpec) => number;
  writeTimeout?: (ms: number, spec: DialectSpec) => number;
}

const unitMs = (spec: DialectSpec) => (spec.timeout.unit === 's' ? 1000 : 1);

/** Build a dialect from its facts (mappings/dialects/<id>.yaml) and the few behaviours that differ. */
export function defineDialect(o: DialectOptions): Dialect {
  const spec = mappings.dialects[o.id];
  return {
    id: o.id,
    spec,
    payloadDialect: spec.extends ?? o.id,
    codec: o.codec,
    readTimeout: (raw) => (o.readTimeout ? o.readTimeout(raw, spec) : raw * unitMs(spec)),
    writeTimeout: (ms) => (o.writeTimeout ? o.writeTimeout(ms, spec) : Math.ceil(ms / unitMs(spec))),
  };
}
