// The handler reader both codecs share: one handler object of a config (its event, matcher, type,
// command, timeout and other fields) into canonical Hooks, unwrapping hook-bridge's own wrappers (a grouped
// `dispatch` entry is the several hooks it runs).
import type { DialectId } from '../model/dialect-ids.js';
import type { Diagnostic, Hook, Matcher } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { closestName } from '../model/suggest.js';
import { canonicalEvent, modeEvent } from './catalog.js';
import { unbraceSubstitutedVars } from './command-vars.js';
import type { Dialect } from './define.js';
import { ungate } from './foreign-gate.js';
import { readToolMatcher } from './matcher.js';
import { parseGroup, parseNotesEntry, parseWrapper } from './wrapper.js';

/** Read the matcher of a hook on a canonical event under dialect d (its tool names `toolNames`'s: a mode's). */
export function readMatcher(
  d: Dialect,
  event: string | null,
  native: unknown,
  toolNames: DialectId = d.id,
): { matcher: Matcher; diagnostics: Diagnostic[] } {
  const row = event ? mappings.events[event] : undefined;
  if (!row)
    return {
      matcher: native === undefined ? { kind: 'all' } : { kind: 'pattern', source: String(native) },
      diagnostics: [],
    };
  if (row.matcherOn === 'tool') return readToolMatcher(toolNames, native);
  if (native === undefined || native === '' || native === '*') return { matcher: { kind: 'all' }, diagnostics: [] };
  // A declared event whose matched field we do not know yet: the matcher is carried as written.
  if (row.matcherOn === 'unknown')
    return {
      matcher: { kind: 'pattern', source: typeof native === 'string' ? native : JSON.stringify(native) },
      diagnostics: [],
    };
  if (row.matcherOn === null) {
    return {
      matcher: { kind: 'pattern', source: String(native) },
      diagnostics: [
        {
          severity: 'info',
          code: 'matcherIgnored',
          message: `${row.names[d.id] ?? event} ignores matchers; "${String(native)}" has no effect`,
        },
      ],
    };
  }
  // A list (hooks.yaml's any-of) is the union of its entries, as it is for tool matchers.
  const parts =
    typeof native === 'string'
      ? [native]
      : Array.isArray(native) && d.spec.matcher.arrays === 'any-of'
        ? native.map(String)
        : undefined;
  if (!parts) return { matcher: { kind: 'pattern', source: JSON.stringify(native) }, diagnostics: [] };
  return {
    matcher: {
      kind: 'values',
      values: parts
        .flatMap((p) => p.split(/[|,]/))
        .map((s) => s.trim())
        .filter(Boolean),
    },
    diagnostics: [],
  };
}

/**
 * An event no level of evidence knows for the dialect: a typo, or an event newer than what we have seen.
 * Only that event's hooks are affected (convert drops them with the reason); the rest of the file converts.
 */
export function unknownEvent(d: Dialect, name: string, file: string, path: string): Diagnostic {
  const close = closestName(name, Object.keys(mappings.index.eventByName[d.id]));
  const seen = d.spec.observedVersion ? ` (newer than ${d.spec.agent} ${d.spec.observedVersion}?)` : '';
  return {
    severity: 'warning',
    code: 'eventUnknown',
    message:
      `"${name}" is not a ${d.spec.agent} hook event that hook-bridge knows` +
      (close ? ` — did you mean ${close}?` : seen),
    file,
    path,
  };
}

/** Where a handler is read: its event and matcher as written, its group's fields, and where it is in its file. */
interface HandlerAt {
  nativeEvent: string;
  nativeMatcher: unknown;
  groupFields: Record<string, unknown>;
  file: string;
  path: string;
  priority?: number;
  runners?: readonly string[];
}

/** Why a handler cannot be read (no type, or a command hook without its command), if it cannot. */
function unusable(d: Dialect, type: unknown, command: unknown, file: string, path: string): Diagnostic | undefined {
  if (typeof type !== 'string')
    return {
      severity: 'error',
      code: 'handlerMissingType',
      message:
        `hook has no "type"` +
        (d.spec.config.invalidEntry === 'file-rejected' ? `; ${d.spec.agent} ignores every hook of this file` : ''),
      file,
      path,
    };
  if (type === 'command' && typeof command !== 'string')
    return { severity: 'error', code: 'commandMissing', message: 'command hook has no "command" string', file, path };
  return undefined;
}

/** A handler's timeout in ms (undefined without one; a value that is not a positive number is reported). */
function timeoutOf(d: Dialect, timeout: unknown, file: string, path: string, diagnostics: Diagnostic[]) {
  if (timeout === undefined) return undefined;
  if (typeof timeout === 'number' && timeout > 0) return d.readTimeout(timeout);
  diagnostics.push({
    severity: 'error',
    code: 'timeoutInvalid',
    message: `timeout must be a positive number, got ${JSON.stringify(timeout)}`,
    file,
    path: `${path}.timeout`,
  });
  return undefined;
}

/**
 * Each hook of a grouped entry, as its own wrapper entry would read: its matcher (the entry's when it names none), its
 * script's dialect, command and own timeout; the fields the entry carries for all its hooks and its own (--async,
 * --fields, --group-fields).
 */
function groupedHooks(
  d: Dialect,
  hook: Hook,
  group: NonNullable<ReturnType<typeof parseGroup>>,
  at: HandlerAt,
  written: string,
  toolNames: Parameters<typeof readMatcher>[3],
): Hook[] {
  return group.hooks.map((gh) => {
    const nativeMatcher = gh.matcher ?? at.nativeMatcher;
    const { timeoutMs: _host, ...rest } = hook;
    return {
      ...rest,
      nativeMatcher,
      matcher: gh.matcher === undefined ? hook.matcher : readMatcher(d, hook.event, nativeMatcher, toolNames).matcher,
      command: unbraceSubstitutedVars(gh.command, d.id),
      fields: {
        ...hook.fields,
        ...gh.fields,
        ...(gh.async ? { async: true } : {}),
        ...(gh.args ? { args: gh.args } : {}),
      },
      groupFields: gh.groupFields ? { ...at.groupFields, ...gh.groupFields } : at.groupFields,
      written,
      scriptDialect: gh.from,
      ...(gh.priority !== undefined ? { priority: gh.priority } : {}),
      ...(gh.timeoutS !== undefined ? { timeoutMs: gh.timeoutS * 1000 } : {}),
    };
  });
}

/** A command hook: its command as written, or what hook-bridge's entry (a group, a wrapper, a gate) runs. */
function commandHooks(
  d: Dialect,
  hook: Hook,
  command: string,
  at: HandlerAt,
  toolNames: Parameters<typeof readMatcher>[3],
): Hook[] {
  // A hook convert gated against another host's own reading of this file: the command is the one after the gate.
  const g = ungate(command);
  if (g) {
    hook.gatedFor = g.host;
    hook.gate = g.prefix;
  }
  const cmd = g ? g.command : command;
  // The entry that gives PreToolUse hooks' notes after the tool (convert adds it): no hook of its own.
  if (parseNotesEntry(cmd, at.runners)) return [];
  const group = parseGroup(cmd, at.runners);
  if (group && (group.hosts ?? [group.to]).includes(d.payloadDialect))
    return groupedHooks(d, hook, group, at, cmd, toolNames);
  const w = parseWrapper(cmd, at.runners);
  if (w && (w.hosts ?? [w.to]).includes(d.payloadDialect)) {
    hook.command = unbraceSubstitutedVars(w.command, d.id);
    if (w.args) hook.fields = { ...hook.fields, args: w.args };
    hook.written = cmd;
    hook.scriptDialect = w.from;
    // The wrapper carries the script's own timeout; the host's (longer) one was only its guard.
    if (w.timeoutS !== undefined) hook.timeoutMs = w.timeoutS * 1000;
    else delete hook.timeoutMs;
  } else hook.command = cmd;
  return [hook];
}

/** Turn one handler object into canonical Hooks: one, none when unusable, several for a grouped entry. */
export function readHandler(d: Dialect, h: Record<string, unknown>, at: HandlerAt, diagnostics: Diagnostic[]): Hook[] {
  const { file, path } = at;
  // An event named in one of the agent's modes (Copilot CLI's PascalCase names) runs in that mode, as its dialect's.
  const inMode = modeEvent(d.id, at.nativeEvent);
  const event = canonicalEvent(d.id, at.nativeEvent) ?? inMode?.event ?? null;
  const { type: given, command, timeout, ...fields } = h;
  const type = typeof given === 'string' ? given : d.spec.handlerTypeDefault;
  const problem = unusable(d, type, command, file, path);
  if (problem) {
    diagnostics.push(problem);
    return [];
  }
  const timeoutMs = timeoutOf(d, timeout, file, path, diagnostics);
  const toolNames = inMode ? mappings.dialects[d.id].modes![inMode.mode]!.toolNames : d.id;
  const m = readMatcher(d, event, at.nativeMatcher, toolNames);
  diagnostics.push(
    ...m.diagnostics.map((x) => ({ ...x, file, path: `${path.replace(/\.hooks\[\d+\]$/, '')}.matcher` })),
  );
  const hook: Hook = {
    event,
    nativeEvent: at.nativeEvent,
    matcher: m.matcher,
    nativeMatcher: at.nativeMatcher,
    type: type as string,
    scriptDialect: inMode?.speaks ?? d.payloadDialect,
    ...(inMode ? { mode: inMode.mode } : {}),
    fields,
    groupFields: at.groupFields,
    origin: { file, path },
    ...(at.priority !== undefined ? { priority: at.priority } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  };
  return typeof command === 'string' ? commandHooks(d, hook, command, at, toolNames) : [hook];
}
