// convert: canonical hooks -> a target dialect's native hooks, with a report row per hook.
// Pure: no I/O. Reading files and merging into the target's settings is project.ts's job.
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic, Hook } from '../model/hook.js';
import { mappings, type ToolEntry } from '../model/mappings.js';
import { dialects } from '../dialects/index.js';
import type { Dialect, NativeHook } from '../dialects/define.js';
import {
  canonicalValue,
  nativeEvent,
  nativeValue,
  placeEvent,
  splitCallTools,
  toolEntry,
  toolsOf,
} from '../dialects/catalog.js';
import { closestName } from '../model/suggest.js';
import { isSessionEnvOnly, shellQuote, wrapCommand } from '../dialects/wrapper.js';
import { matcherFires, matcherFiresFor, writeToolMatcher } from '../dialects/matcher.js';
import { braceSubstitutedVars } from '../dialects/command-vars.js';
import { rewriteEnvVars } from './env.js';
import { groupEntries, priorityAsOrder } from './group-entries.js';
import { guardEntries } from './guard-entries.js';
import { mayWriteSessionEnv, sessionEnvEntries } from './session-env-entries.js';
import { mayGiveContext } from './gives-context.js';
import { preToolNoteEntries } from './pre-tool-notes.js';

export type Status = 'exact' | 'translated' | 'degraded' | 'dropped';

export interface ReportRow {
  source: {
    dialect: DialectId;
    file: string;
    path: string;
    event: string;
    matcher?: unknown;
    command?: string;
    type: string;
  };
  /** Where it lands; `file` and `path` are filled in once the target file is written (project.ts). */
  target?: { dialect: DialectId; event: string; matcher?: unknown; command?: string; file?: string; path?: string };
  status: Status;
  /** Why: every change and every loss, one sentence each. */
  notes: string[];
  /** The notes as one sentence list (the JSON report's `reason`). */
  reason: string;
}

export interface ConvertOptions {
  to: DialectId;
  /**
   * How commands whose script dialect differs from the host's are written: `false` as they are (the script sees
   * the host's names); otherwise in a `hook-bridge run` wrapper each. convert() and convertProject() then put the
   * wrappers of an event that fire for the same calls into one `hook-bridge dispatch` entry (groupEntries) unless
   * this is `true`: one wrapper entry per hook.
   */
  wrap?: boolean;
  /** How converted configs invoke hook-bridge (default `hook-bridge`; never npx: +300 ms a call). */
  runner?: string;
  /**
   * The hooks come from a plugin: its root, relative to the project (or `~/…`). Every written entry carries it,
   * whatever its command text (a script may read `process.env.CLAUDE_PLUGIN_ROOT`), anchored on the host's project
   * directory when the hook runs.
   */
  pluginRoot?: string;
  /** An in-process host's loader file, where it is not the project's (`config.inProcess.loader`): a package's. */
  loader?: string;
  /** Per hook, the plugin it comes from (its root as `pluginRoot`), or undefined for a hook of a settings file. */
  pluginRootOf?: (h: Hook) => string | undefined;
  /** Which source hook a written entry is for (its record key; default: the entry's identity). */
  keyOf?: (h: Hook) => string;
  /** Wrappers pass `--emulate-todos` to `run` (the host's todo list written where the script's agent keeps it). */
  emulateTodos?: boolean;
}

export interface ConvertResult {
  to: DialectId;
  hooks: NativeHook[];
  report: ReportRow[];
  diagnostics: Diagnostic[];
}

/** Extra time the host gives a wrapped hook beyond the script's own timeout, so the wrapper decides first. */
export const WRAPPER_GRACE_MS = 5000;
/** Timeouts of this many seconds or more in a seconds dialect were probably meant as ms (30000 s = 8 h). */
const ABSURD_TIMEOUT_S = 3600;
/** Handler fields whose loss changes what the hook does (not just how it is shown). */
const BEHAVIOUR_FIELDS = new Set(['async', 'sequential', 'if', 'env', 'shell', 'allowedEnvVars', 'once']);
/** The body of a prompt/agent/http hook: part of its type, not an extra field. */
const NON_COMMAND_FIELDS = new Set(['prompt', 'model', 'url', 'headers']);

/** The report's view of a source hook. */
export const sourceOf = (h: Hook, from: DialectId): ReportRow['source'] => ({
  dialect: from,
  file: h.origin.file,
  path: h.origin.path,
  event: h.nativeEvent,
  type: h.type,
  ...(h.nativeMatcher !== undefined ? { matcher: h.nativeMatcher } : {}),
  ...(h.command !== undefined ? { command: h.command } : {}),
});

/** A hook that is not carried over: its report row and its diagnostic. */
export function dropped(
  h: Hook,
  from: DialectId,
  notes: string[],
  why: string,
  report: ReportRow[],
  diagnostics: Diagnostic[],
): void {
  report.push({
    source: sourceOf(h, from),
    status: 'dropped',
    notes: [...notes, why],
    reason: [...notes, why].join('; '),
  });
  diagnostics.push({
    severity: 'warning',
    code: 'hookDropped',
    message: why,
    file: h.origin.file,
    path: h.origin.path,
  });
}

/** The note for matched tools the target has no equivalent of: `Qwen Code has no BashOutput (task.bash-output) …`. */
function absentTools(missing: string[], from: DialectId, to: DialectId): string {
  const fromTools = dialects[from].payloadDialect;
  const named = missing.map((c) => {
    const name = toolEntry(fromTools, c)?.name;
    return name ? `${name} (${c})` : c;
  });
  // Known absent (~), or not in a tool list we observed: it does not exist there. Documented lists only: "no known".
  const sure =
    missing.every((c) => toolEntry(to, c) === null) ||
    mappings.dialects[dialects[to].payloadDialect].observedVersion !== null;
  const agent = dialects[to].spec.agent;
  return sure
    ? `${agent} has no ${named.join(', ')}: a tool it does not have is never called there, so nothing is lost`
    : `${agent} has no known equivalent of ${named.join(', ')}; its tool list is documented, not observed`;
}

export const defaultMs = (d: DialectId): number | null => {
  const t = mappings.dialects[d].timeout;
  return t.default === null ? null : t.default * (t.unit === 's' ? 1000 : 1);
};

/**
 * A host tool the written matcher fires for that is several of the script agent's tools (Codex CLI's apply_patch:
 * a Write or Edit per file, rm and mv as Bash): the script agent's names of the calls the source matcher fires
 * for, when that is not all of them (`run --calls`: a Write-only hook never sees an Edit). undefined: every call.
 */
function callsFor(h: Hook, from: DialectId, host: DialectId, written: unknown): string[] | undefined {
  for (const { canonical, entry } of toolsOf(host)) {
    if (!entry.covers || toolEntry(h.scriptDialect, canonical) || !matcherFires(host, written, entry.name)) continue;
    const tools = splitCallTools(entry);
    const fired = tools.filter((t) => matcherFiresFor(from, h.nativeMatcher, t));
    const names = fired.map((t) => toolEntry(h.scriptDialect, t)?.name);
    if (fired.length < tools.length && fired.length && names.every(Boolean)) return names as string[];
  }
  return undefined;
}

/** A command hook's exec-form arguments (Claude's `args`: strings only), or undefined. */
function execArgs(h: Hook): string[] | undefined {
  const a = h.fields.args;
  return h.type === 'command' && Array.isArray(a) && a.every((x) => typeof x === 'string')
    ? (a as string[])
    : undefined;
}

const omitArgs = ({ args: _args, ...rest }: Record<string, unknown>) => rest;

/**
 * The shell command an exec-form hook amounts to: every word single-quoted (no shell expansion), except
 * the path placeholders the agent substitutes in exec form (`${CLAUDE_PLUGIN_ROOT}` …), which the shell
 * then expands from the same variables.
 */
export function execAsShell(command: string, args: string[], dialect: DialectId): string {
  const e = mappings.dialects[dialect].env;
  const names = new Set([...(e?.projectDir ?? []), ...(e?.pluginRoot ? [e.pluginRoot] : [])]);
  const word = (w: string) =>
    w
      .split(/(\$\{[A-Za-z_][A-Za-z0-9_]*\})/)
      .filter((part) => part !== '')
      .map((part) => (/^\$\{(.+)\}$/.test(part) && names.has(part.slice(2, -1)) ? `"${part}"` : shellQuote(part)))
      .join('') || "''";
  return [command, ...args].map(word).join(' ');
}

/** The runner is written in front of `run`/`dispatch` in every converted command: it must be a command. */
export function checkRunner(runner: string): string {
  if (!runner.trim())
    throw new HookBridgeError(
      `--runner must name the command that starts hook-bridge (e.g. hook-bridge, or 'node ` +
        `./node_modules/hook-bridge/bin/hook-bridge.cjs'); got ${JSON.stringify(runner)}`,
    );
  if (/[\0-\x1f\x7f]/.test(runner))
    throw new HookBridgeError(`--runner must be one line without control characters; got ${JSON.stringify(runner)}`);
  return runner;
}

/** One source hook on its way to the target: what is said about it so far, and whether it loses behaviour. */
interface Draft {
  h: Hook;
  from: DialectId;
  target: Dialect;
  notes: string[];
  degraded: boolean;
}

type Place = NonNullable<ReturnType<typeof placeEvent>>;

/** Step 1, the event: its own name on the target, or the nearest event where the target lacks it (hooks.yaml's own
 * events). A string: why it is dropped.
 */
function placeHook(d: Draft): Place | string {
  const { h, from, target } = d;
  if (!h.event) {
    const close = closestName(h.nativeEvent, Object.keys(mappings.index.eventByName[from]));
    return (
      `event "${h.nativeEvent}" is not one hook-bridge knows for ${mappings.dialects[from].agent}` +
      (close ? ` (did you mean ${close}?)` : '') +
      `, so it cannot be placed on ${target.spec.agent}`
    );
  }
  const place = placeEvent(target.id, h.event);
  // An event only the source agent has (Codex CLI's PreModelRequest): no other agent can express it.
  const own = Object.entries(mappings.events[h.event]!.names).every(([d, n]) => !n || d === from);
  if (!place && own)
    return (
      `${h.nativeEvent} is ${mappings.dialects[from].agent}'s own event (no other agent hook-bridge knows has one ` +
      `that means the same), so ${target.spec.agent} cannot run it`
    );
  if (!place)
    return (
      `${target.spec.agent} has no ${h.nativeEvent} event` +
      (nativeEvent(target.id, h.event) === undefined ? ' that hook-bridge knows of' : '')
    );
  if (place.native !== h.nativeEvent) d.notes.push(`event ${h.nativeEvent} -> ${place.native}`);
  if (place.nearest) {
    d.notes.push(place.nearest.why);
    if (!place.nearest.holds) d.degraded = true;
  }
  // Said where it is news: a format's events are all documented, an observed agent's mostly observed.
  const evidence = mappings.events[place.canonical]!.evidence[target.id];
  if (evidence === 'extension')
    d.notes.push(
      `${place.native} is carried under its ` +
        mappings.dialects[target.spec.payloadDialect ?? target.id].agent +
        ` name (hook-bridge's extension of the format)`,
    );
  else if (evidence === 'documented' && target.spec.observedVersion)
    d.notes.push(
      `${target.spec.agent}'s ${place.native} event is documented (its docs or bundle), not observed by hook-bridge`,
    );
  return place;
}

/**
 * Step 2, the matcher as the target reads it. `widened`: the note that the target's tool makes the hook fire for
 * more calls (a wrapper's `run --calls` narrows it back). `neverFires`: nothing to write, the hook could never fire
 * there.
 */
function targetMatcher(d: Draft, place: Place): { matcher?: string | string[]; widened?: string; neverFires?: true } {
  const { h, from, target, notes } = d;
  const row = mappings.events[place.canonical]!;
  let matcher: string | string[] | undefined;
  let widened: string | undefined;
  if (place.nearest) {
    // The nearest event's matcher values the format's event stands for (AppStartup = SessionStart "startup").
    const known = row.values[target.id];
    const values = (place.nearest.values ?? []).filter((v) => !known || known.includes(v));
    if (values.length) matcher = values.join('|');
    if (h.nativeMatcher !== undefined && h.matcher.kind !== 'all')
      notes.push(`${h.nativeEvent} ignores matchers; ${JSON.stringify(h.nativeMatcher)} not carried`);
  } else if (row.matcherOn === 'tool') {
    const w = writeToolMatcher(target.id, h.matcher, target.spec.matcher.arrays === 'any-of');
    // A tool the target does not have cannot be called there, so its hook has nothing to guard: a note, not a loss.
    if (w.missing.length) notes.push(absentTools(w.missing, from, target.id));
    notes.push(...w.diagnostics.map((x) => x.message));
    widened = w.diagnostics.find((x) => x.code === 'matcherWidened')?.message;
    if (h.matcher.kind === 'tools' && h.matcher.unknown.length) {
      notes.push(`matcher part(s) ${h.matcher.unknown.join(', ')} name no known tool; kept as written`);
      d.degraded = true;
    }
    if (w.native === undefined) {
      notes.push(`not written: it could never fire on ${target.spec.agent}`);
      return { neverFires: true };
    }
    // Tool availability is a fact about an agent, not about a format another agent's tables stand in for (hooks.yaml).
    const entries =
      h.matcher.kind === 'tools' && !target.spec.payloadDialect
        ? h.matcher.tools.map((c) => toolEntry(target.id, c)).filter((e): e is ToolEntry => !!e)
        : [];
    const gone = entries.filter((e) => e.status === 'historical').map((e) => e.name);
    // Gone from current builds: nothing to guard there either; older builds still match it.
    if (gone.length)
      notes.push(
        `${target.spec.agent} no longer has ${gone.join(', ')}: the hook never fires for it on current builds`,
      );
    for (const e of entries.filter((x) => x.status === 'conditional'))
      notes.push(
        `${target.spec.agent} offers ${e.name} only when enabled (${e.enabledBy ?? 'a setting'}): the hook fires ` +
          `for it only then`,
      );
    matcher = h.nativeMatcher === undefined && h.matcher.kind === 'all' ? undefined : w.native;
  } else if (
    h.nativeMatcher !== undefined &&
    target.spec.matcher.valuesIgnored &&
    row.matcherOn !== null &&
    h.matcher.kind !== 'all'
  ) {
    // The target runs the hook for every value: written as it was (so it comes back), but it selects nothing there.
    notes.push(
      `${target.spec.agent} ignores matchers on ${place.native}: the hook runs for every ${row.matcherOn}, not ` +
        `only ` +
        JSON.stringify(h.nativeMatcher),
    );
    d.degraded = true;
    matcher =
      h.matcher.kind === 'values'
        ? h.matcher.values.join('|')
        : typeof h.nativeMatcher === 'string'
          ? h.nativeMatcher
          : JSON.stringify(h.nativeMatcher);
  } else if (h.nativeMatcher !== undefined) {
    if (h.matcher.kind === 'values') {
      const known = row.values[target.id];
      // in the target's words (Claude's permission_prompt is Gemini's ToolPermission: events.yaml valueNames)
      const values = h.matcher.values.map((v) =>
        nativeValue(target.id, place.canonical, canonicalValue(d.from, place.canonical, v)),
      );
      const lost = known ? values.filter((v) => !known.includes(v)) : [];
      if (lost.length) {
        notes.push(`${target.spec.agent} was not seen to send ${row.matcherOn} ${lost.join(', ')}`);
        d.degraded = true;
      }
      matcher = values.join('|');
    } else matcher = typeof h.nativeMatcher === 'string' ? h.nativeMatcher : JSON.stringify(h.nativeMatcher);
    if (row.matcherOn === null) notes.push(`${place.native} ignores matchers`);
    if (row.matcherOn === 'unknown')
      notes.push(`the field ${place.native}'s matcher is tested against is not known; carried as written`);
  }
  if (matcher !== undefined && !place.nearest && JSON.stringify(matcher) !== JSON.stringify(h.nativeMatcher))
    notes.push(`matcher ${JSON.stringify(h.nativeMatcher ?? '*')} -> ${JSON.stringify(matcher)}`);
  return { ...(matcher !== undefined ? { matcher } : {}), ...(widened !== undefined ? { widened } : {}) };
}

/** The plugin a hook comes from (its root as written), or undefined. */
const pluginRootFor = (h: Hook, opts: ConvertOptions): string | undefined =>
  opts.pluginRootOf ? opts.pluginRootOf(h) : opts.pluginRoot;

/**
 * Step 3, the command: wrapped in `run` where script and host dialects differ, else carried (exec form where the
 * target runs it, else as the shell command it amounts to, with the host's variables). Returns the handler so
 * far, the timeout the target should give it, and the fields still to carry.
 */
function targetCommand(
  d: Draft,
  opts: ConvertOptions,
  runner: string,
  place: Place,
  m: { matcher?: string | string[]; widened?: string },
): {
  handler: Record<string, unknown>;
  timeoutMs: number | undefined;
  fields: Record<string, unknown>;
  wrapped: boolean;
} {
  const { h, from, target, notes } = d;
  const handler: Record<string, unknown> = { type: h.type };
  const host = target.payloadDialect;
  const wrap = h.type === 'command' && h.scriptDialect !== host && (opts.wrap ?? true);
  let timeoutMs = h.timeoutMs;
  // Exec form (`command` + `args`, no shell): carried as such where the target runs it, else as the one
  // shell command it amounts to.
  const args = execArgs(h);
  const fields = args ? omitArgs(h.fields) : h.fields;
  if (h.type === 'command' && h.command !== undefined) {
    if (wrap) {
      // A plugin's hook runs with its plugin's root on every host, however its script finds it: no host sets the
      // variable for a project's hooks (everything-claude-code's `node -e` reads process.env.CLAUDE_PLUGIN_ROOT).
      const pluginRoot = pluginRootFor(h, opts);
      const calls =
        mappings.events[place.canonical]!.matcherOn === 'tool' ? callsFor(h, from, host, m.matcher) : undefined;
      // A host whose payloads do not say which event they are for is told by the wrapper (Copilot CLI's own files).
      const event = mappings.dialects[host].payload?.eventNamed === false ? { event: place.native } : {};
      handler.command = wrapCommand({
        runner,
        from: h.scriptDialect,
        to: host,
        ...event,
        command: h.command,
        ...(args ? { args } : {}),
        ...(h.timeoutMs !== undefined ? { timeoutS: h.timeoutMs / 1000 } : {}),
        ...(pluginRoot !== undefined ? { pluginRoot } : {}),
        ...(opts.emulateTodos ? { emulateTodos: true } : {}),
        ...(calls ? { calls } : {}),
      });
      const inProcess = target.spec.config.inProcess;
      // An in-process host reads no hook config: its loader loads hook-bridge's engine, which runs the entry
      // in-process.
      notes.push(
        inProcess
          ? `runs as a ${h.scriptDialect} script in ${target.spec.agent}'s process (hook-bridge's engine, loaded ` +
              `by ${opts.loader ?? inProcess.loader})`
          : `wrapped: runs as a ${h.scriptDialect} script through \`${runner} run\``,
      );
      if (calls && m.widened) notes.splice(notes.indexOf(m.widened), 1);
      if (calls)
        notes.push(
          `runs the script only for the ${calls.join(', ')} calls a ${mappings.dialects[host].agent} call ` +
            `amounts to, as its matcher would (run --calls)`,
        );
      // The host must not kill the wrapper before the script's own timeout decides (CodeBuddy would block).
      const scriptMs = h.timeoutMs ?? defaultMs(h.scriptDialect) ?? defaultMs(from);
      if (scriptMs !== null && scriptMs !== undefined) timeoutMs = scriptMs + WRAPPER_GRACE_MS;
    } else if (args && (target.spec.handlerFields ?? []).includes('args')) {
      handler.command = h.command;
      handler.args = args;
    } else {
      const shellForm = args ? execAsShell(h.command, args, h.scriptDialect) : h.command;
      if (args)
        notes.push(
          `exec form (command + args) written as one shell command: ${target.spec.agent} is not known to run \`args\``,
        );
      const posix = h.fields.shell === undefined || h.fields.shell === 'bash';
      const env = rewriteEnvVars(shellForm, h.scriptDialect, target.id, pluginRootFor(h, opts), posix);
      handler.command = env.command;
      notes.push(...env.notes);
      if (h.scriptDialect !== host) {
        notes.push(
          `not wrapped: the script expects ${h.scriptDialect} payloads and will see ${target.spec.agent}'s tool ` +
            `names and fields`,
        );
        d.degraded = true;
      }
    }
  }
  if (typeof handler.command === 'string') handler.command = braceSubstitutedVars(handler.command, target.id);
  return { handler, timeoutMs, fields, wrapped: wrap && h.command !== undefined };
}

/** Step 4, the timeout in the target's unit: the script agent's default written where the target's differs, an absurd
 * value said.
 */
function targetTimeout(
  d: Draft,
  timeoutMs: number | undefined,
  handler: Record<string, unknown>,
  diagnostics: Diagnostic[],
): void {
  const { h, from, target, notes } = d;
  // Defaults are established for command hooks only; a prompt/agent/http hook's default is not known.
  if (timeoutMs === undefined && h.type === 'command') {
    // The default the hook relied on is its script agent's (a wrapped Claude script in a Qwen config relied on
    // Claude's).
    const src = defaultMs(h.scriptDialect) ?? defaultMs(from);
    const dst = defaultMs(target.payloadDialect === h.scriptDialect ? h.scriptDialect : target.id);
    if (src !== null && src !== dst) {
      timeoutMs = src;
      notes.push(
        `timeout: ${h.scriptDialect}'s default ${src / 1000} s written explicitly (${target.spec.agent}'s ` +
          `default is ` +
          (dst === null ? 'unknown' : `${dst / 1000} s`) +
          `)`,
      );
    }
  }
  if (timeoutMs === undefined) return;
  const native = target.writeTimeout(timeoutMs);
  handler.timeout = native;
  if (
    h.timeoutMs !== undefined &&
    h.timeoutMs >= ABSURD_TIMEOUT_S * 1000 &&
    mappings.dialects[from].timeout.unit === 's'
  ) {
    diagnostics.push({
      severity: 'warning',
      code: 'timeoutAbsurd',
      message:
        `timeout ${h.timeoutMs / 1000} s (` +
        (h.timeoutMs / 3_600_000).toFixed(1) +
        ` h) was probably meant as ms; converted faithfully`,
      file: h.origin.file,
      path: `${h.origin.path}.timeout`,
    });
    notes.push(
      `timeout ${h.timeoutMs / 1000} s looks like milliseconds; converted faithfully (${native} in ` +
        (target.spec.config.inProcess ? `${target.spec.config.write}, in seconds)` : `${target.spec.agent}'s units)`),
    );
    d.degraded = true;
  }
}

/** Step 5, the hook type: a string where the target cannot take it (why it is dropped). */
function hookTypeDrop(d: Draft): string | undefined {
  const { h, target } = d;
  if (target.spec.config.skippedHookTypes?.includes(h.type))
    return (
      `${target.spec.agent} skips "${h.type}" hooks (with a warning at start-up): it runs ` +
      (target.spec.hookTypes ?? ['command']).join('/') +
      ` hooks only`
    );
  if (h.type !== 'command' && target.spec.hookTypesComplete && !(target.spec.hookTypes ?? []).includes(h.type))
    return (
      `${target.spec.agent} has ` +
      (target.spec.hookTypes ?? []).join('/') +
      ` hooks only: a "${h.type}" hook cannot be written there`
    );
  if (h.type !== 'command' && !(target.spec.hookTypes ?? ['command']).includes(h.type)) {
    d.notes.push(`hook type "${h.type}" is not known to be supported by ${target.spec.agent}; carried as written`);
    d.degraded = true;
  }
  return undefined;
}

/**
 * Step 6, the other handler fields: carried as written, with a note where the target is not known to honour one. In the
 * default conversion a wrapped hook's `async: true` is dispatch's to apply where the target does not (groupEntries says
 * so, or notes it as not honoured where the hook keeps its own entry).
 */
function carryFields(
  d: Draft,
  fields: Record<string, unknown>,
  handler: Record<string, unknown>,
  grouping: boolean,
): void {
  const { h, target } = d;
  const honoured = target.spec.handlerFields;
  // A value that means what leaving the field out means (`"async": false`) asks the target for nothing.
  const defaults = mappings.dialects[d.from].handlerFieldDefaults ?? {};
  for (const f of Object.keys(fields)) {
    if (!honoured || honoured.includes(f) || (h.type !== 'command' && NON_COMMAND_FIELDS.has(f))) continue;
    if (grouping && f === 'async' && fields[f] === true) continue;
    if (f in defaults && fields[f] === defaults[f]) continue;
    d.notes.push(`field "${f}" is not known to be honoured by ${target.spec.agent}; carried as written`);
    if (BEHAVIOUR_FIELDS.has(f)) d.degraded = true;
  }
  Object.assign(handler, fields);
}

export function convertHooks(hooks: Hook[], from: DialectId, opts: ConvertOptions): ConvertResult {
  const target = dialects[opts.to];
  const runner = checkRunner(opts.runner ?? 'hook-bridge');
  const out: NativeHook[] = [];
  const report: ReportRow[] = [];
  const diagnostics: Diagnostic[] = [];

  for (const h of hooks) {
    // hook-bridge's own entry for the session environment of shell calls (session-env-entries.ts): no hook of the
    // source; a conversion that needs it writes it again.
    if (h.command !== undefined && isSessionEnvOnly(h.command)) continue;
    const d: Draft = { h, from, target, notes: [], degraded: false };
    const source = sourceOf(h, from);
    const drop = (why: string) => dropped(h, from, d.notes, why, report, diagnostics);
    const place = placeHook(d);
    if (typeof place === 'string') {
      drop(place);
      continue;
    }
    const m = targetMatcher(d, place);
    if (m.neverFires) {
      report.push({ source, status: 'translated', notes: d.notes, reason: d.notes.join('; ') });
      continue;
    }
    const { handler, timeoutMs, fields, wrapped } = targetCommand(d, opts, runner, place, m);
    targetTimeout(d, timeoutMs, handler, diagnostics);
    const typeDrop = hookTypeDrop(d);
    if (typeDrop) {
      drop(typeDrop);
      continue;
    }
    carryFields(d, fields, handler, wrapped && opts.wrap === undefined);

    const { matcher } = m;
    const ev = place.native;
    const native: NativeHook = {
      event: ev,
      matcher,
      handler,
      groupFields: h.groupFields,
      ...(h.priority !== undefined ? { priority: h.priority } : {}),
      ...(opts.keyOf ? { key: opts.keyOf(h) } : {}),
    };
    if (h.priority !== undefined && target.spec.config.format !== 'hooks-yaml-v2')
      d.notes.push(priorityAsOrder(h.priority));
    // A host that compares lifecycle matchers as one exact string (Gemini CLI) gets one entry per value.
    const on = mappings.events[place.canonical]!.matcherOn;
    const perValue =
      on !== 'tool' && target.spec.matcher.valuesExact && typeof matcher === 'string' && matcher.includes('|')
        ? matcher.split('|')
        : undefined;
    if (perValue)
      d.notes.push(`one entry per ${on} value: ${target.spec.agent} compares the matcher as one exact string`);
    for (const mv of perValue ?? [matcher]) out.push({ ...native, matcher: mv });
    report.push({
      source,
      target: {
        dialect: target.id,
        event: ev,
        ...(matcher !== undefined ? { matcher } : {}),
        ...(typeof handler.command === 'string' ? { command: handler.command } : {}),
      },
      status: d.degraded ? 'degraded' : d.notes.length > 0 ? 'translated' : 'exact',
      notes: d.notes,
      reason: d.notes.join('; ') || 'unchanged',
    });
  }
  return { to: target.id, hooks: out, report, diagnostics };
}

/**
 * Bad input is not converted: a wrong shape or an invalid regex in a source would otherwise become a
 * config that loads and silently does nothing. An event hook-bridge does not know is no reason to refuse
 * the file: that hook is dropped with the reason (convertHooks), the rest converts. A source its own agent
 * ignores as a whole (a comment or a trailing comma it rejects) is refused too: none of its hooks run there,
 * so converting them would run on another agent what the source's agent does not run at all.
 */
export function assertConvertible(diagnostics: Diagnostic[]): void {
  const bad = diagnostics.filter((d) => d.severity === 'error');
  if (!bad.length) return;
  const lines = bad.map((d) =>
    [
      d.file,
      d.path,
      d.code === 'jsonSyntaxIgnoresFile' ? `${d.message} and convert again; nothing was written` : d.message,
    ]
      .filter(Boolean)
      .join(': '),
  );
  throw new HookBridgeError(
    `${lines[0]}${
      lines.length > 1
        ? `\n${lines
            .slice(1)
            .map((l) => `hook-bridge: ${l}`)
            .join('\n')}`
        : ''
    }`,
  );
}

export interface ConvertTextOptions extends ConvertOptions {
  from: DialectId;
  /** The target file's current text, to merge into (default: a new file). */
  existing?: string;
  /** Shown in messages (default `<input>`). */
  file?: string;
  /**
   * The directory of the plugin the hooks come from, on disk: the scripts their commands name are read there (may a
   * PreToolUse hook give a note, may a SessionStart hook write the session environment). Default: the text alone.
   */
  readFrom?: string;
}

/** Convert one config text to another dialect, in memory: `import { convert } from 'hook-bridge'`. */
export function convert(
  text: string,
  o: ConvertTextOptions,
): { output: string; report: ReportRow[]; diagnostics: Diagnostic[] } {
  const file = o.file ?? '<input>';
  const read = dialects[o.from].codec.read(text, file, dialects[o.from]);
  assertConvertible(read.diagnostics);
  const converted = convertHooks(read.hooks, o.from, o);
  const runner = checkRunner(o.runner ?? 'hook-bridge');
  const grouped =
    o.wrap === undefined ? groupEntries(converted, { hosts: [o.to], runner, graceMs: WRAPPER_GRACE_MS }) : converted;
  // No files to read here: a SessionStart hook that names the session environment file, or runs a script, may write
  // it; the command's own text says whether a PreToolUse hook may give a note.
  const root = o.readFrom !== undefined ? '.' : undefined;
  const writer = o.wrap === false ? undefined : read.hooks.find((h) => mayWriteSessionEnv(h, o.readFrom, root));
  const noted = preToolNoteEntries(grouped, read.hooks, {
    hosts: [o.to],
    runner,
    from: o.from,
    givesContext: (h) => mayGiveContext(h, o.readFrom, root),
    ...(o.keyOf ? { keyOf: o.keyOf } : {}),
  });
  const result = guardEntries(sessionEnvEntries(noted, { hosts: [o.to], runner, needed: writer !== undefined }), {
    hosts: [o.to],
    runners: [runner],
    from: o.from,
  });
  const written = dialects[o.to].codec.write(result.hooks, o.existing, `<${o.to}>`, dialects[o.to]);
  return {
    output: written.text,
    report: result.report,
    diagnostics: [...read.diagnostics, ...result.diagnostics, ...written.diagnostics],
  };
}
