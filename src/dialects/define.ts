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
}

export interface ReadResult {
  hooks: Hook[];
  diagnostics: Diagnostic[];
}

export interface Codec {
  /** Parse one config file. Throws HookBridgeError only when the file is unusable (not JSON/YAML). */
  read(text: string, file: string, dialect: Dialect): ReadResult;
  /** Render hooks into a config file, merging into `existing` text when given. */
  write(hooks: NativeHook[], existing: string | undefined, file: string, dialect: Dialect): { text: string; diagnostics: Diagnostic[] };
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
