import type { DialectId } from '../model/dialect-ids.js';
import type { Diagnostic, Hook } from '../model/hook.js';
import { mappings, type DialectSpec } from '../model/mappings.js';
import type { DetachedLoader } from './loader-file.js';

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

interface WriteResult {
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

interface ReadOptions {
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
  /**
   * The key of a native handler a canonical handler field (`command`, `timeout`) was read from, where the format names
   * it otherwise (GitHub Copilot CLI's `bash`, `linux`, `timeoutSec`): what a path into the file must name. Absent: the
   * canonical names.
   */
  nativeField?(handler: Record<string, unknown>, field: string, dialect: Dialect): string;
}

/**
 * A hook call an in-process host's binding makes: the host's event name in its hook file (`PreToolUse` …) and the
 * payload
 * fields of the call in the host's own names (tool_name `bash`, tool_input {path} …), with the session it is in.
 */
export interface EngineCall {
  event: string;
  fields: Record<string, unknown>;
  sessionId: string;
  cwd: string;
  /** The agent's own transcript file, where it has one (translated for scripts that read one). */
  transcriptPath?: string;
}

/** What the hooks of one call decided, in the terms a plugin API takes. */
export interface EngineAnswer {
  /** Block the call or the prompt, keep the turn going (Stop), or feed back after a tool: the reason the model sees. */
  block?: string;
  /** Ask the user (where the agent can): the reason to show. */
  ask?: string;
  /** The tool's input rewritten, in the host's parameter names (replace the call's arguments with it). */
  input?: Record<string, unknown>;
  /** Context for the model. */
  context: string[];
  /** continue:false: the agent should stop (its stopReason, for the user). */
  stop?: string;
  /** A message for the user (systemMessage). */
  message?: string;
  /** The hooks' stderr and hook-bridge's notes, for the user's terminal. */
  notes: string;
}

/** What hook-bridge's engine gives an in-process host's binding (src/run/in-process-engine.ts implements it). */
export interface EngineSession {
  /** The project whose hook file the plugin runs. */
  readonly projectDir: string;
  /** Does a hook of the file listen to this event (the host's name)? A binding builds no payload otherwise. */
  watches(event: string): boolean;
  /** Run the hooks of one call with their agent's semantics, the answer as the host acts on it (its output facts
   * applied); never throws (its own failure fails closed where a hook could block, and on a Stop once).
   */
  call(c: EngineCall): Promise<EngineAnswer>;
  /**
   * The same, blocking the agent's process until the hooks answered (through one `hook-bridge dispatch` process):
   * for an event the agent does not wait for, where the answer must be there before it goes on (Pi's turn_end).
   */
  callSync(c: EngineCall): EngineAnswer;
  /** hook-bridge's or the hooks' text for the user (stderr). */
  say(text: string): void;
}

/**
 * An in-process host (mappings `config.inProcess`: an agent with no hook config, extended by in-process plugins): the
 * loader file convert writes, and how that agent's plugin API becomes hook calls — code, because each agent's plugin
 * API is (its events, what a handler returns or throws); every fact it relies on is in its mappings file.
 */
export interface InProcessBinding {
  /** The loader file's text (`version`: hook-bridge's, stamped in it); `detached`: a package's or a user-level one. */
  source(version: string, detached?: DetachedLoader): string;
  /** Wires the agent's plugin API (what its plugin entry point is given) to the session; returns what the entry point
   * returns.
   */
  bind(api: unknown, session: EngineSession): unknown;
}

/**
 * An event-file host's binding (mappings `config.eventFiles`: an agent that runs one executable per event from a
 * folder): one run of an event file as a hook call of the hook file, and the hooks' answer as that file's reply. Code,
 * as an in-process binding is: the agent's payload and its answer are shapes of its own.
 */
export interface EventFileBinding {
  /** The hook call of one run of event file `file`, from the payload the agent gave it (undefined: none to make). */
  call(file: string, payload: Record<string, unknown>): EngineCall | undefined;
  /** The hooks' answer as the event file prints it ('' where the agent reads no answer of that file). */
  reply(file: string, answer: EngineAnswer): string;
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
  /** An in-process host's binding (mappings `config.inProcess`). */
  inProcess?: InProcessBinding;
  /** An event-file host's binding (mappings `config.eventFiles`). */
  eventFiles?: EventFileBinding;
}

export interface DialectOptions {
  id: DialectId;
  codec: Codec;
  inProcess?: InProcessBinding;
  eventFiles?: EventFileBinding;
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
    payloadDialect: spec.payloadDialect ?? o.id,
    codec: o.codec,
    readTimeout: (raw) => (o.readTimeout ? o.readTimeout(raw, spec) : raw * unitMs(spec)),
    writeTimeout: (ms) => (o.writeTimeout ? o.writeTimeout(ms, spec) : Math.ceil(ms / unitMs(spec))),
    ...(o.inProcess ? { inProcess: o.inProcess } : {}),
    ...(o.eventFiles ? { eventFiles: o.eventFiles } : {}),
  };
}
