// convert: canonical hooks -> a target dialect's native hooks, with a report row per hook.
// Pure: no I/O. Reading files and merging into the target's settings is project.ts's job.
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic, Hook } from '../model/hook.js';
import { mappings, type ToolEntry } from '../model/mappings.js';
import { dialects } from '../dialects/index.js';
import type { NativeHook } from '../dialects/define.js';
import { nativeEvent, toolEntry } from '../dialects/catalog.js';
import { shellQuote, wrapCommand } from '../run/wrapper.js';
import { writeToolMatcher } from './matcher.js';
import { rewriteEnvVars } from './env.js';

export type Status = 'exact' | 'translated' | 'degraded' | 'dropped';

export interface ReportRow {
  source: { dialect: DialectId; file: string; path: string; event: string; matcher?: unknown; command?: string; type: string };
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
  /** Wrap commands in `hook-bridge run` when script and host dialects differ (default true). */
  wrap?: boolean;
  /** How converted configs invoke hook-bridge (default `hook-bridge`; never npx: +300 ms a call). */
  runner?: string;
  /** Plugin root to resolve ${CLAUDE_PLUGIN_ROOT} to when not wrapping. */
  pluginRoot?: string;
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
export const ABSURD_TIMEOUT_S = 3600;
/** Handler fields whose loss changes what the hook does (not just how it is shown). */
const BEHAVIOUR_FIELDS = new Set(['async', 'sequential', 'if', 'env', 'shell', 'allowedEnvVars', 'once']);
/** The body of a prompt/agent/http hook: part of its type, not an extra field. */
const NON_COMMAND_FIELDS = new Set(['prompt', 'model', 'url', 'headers']);

/** The report's view of a source hook. */
const sourceOf = (h: Hook, from: DialectId): ReportRow['source'] => ({
  dialect: from,
  file: h.origin.file,
  path: h.origin.path,
  event: h.nativeEvent,
  type: h.type,
  ...(h.nativeMatcher !== undefined ? { matcher: h.nativeMatcher } : {}),
  ...(h.command !== undefined ? { command: h.command } : {}),
});

/** A hook that is not carried over: its report row and its diagnostic. */
function dropped(h: Hook, from: DialectId, notes: string[], why: string, report: ReportRow[], diagnostics: Diagnostic[]): void {
  report.push({ source: sourceOf(h, from), status: 'dropped', notes: [...notes, why], reason: [...notes, why].join('; ') });
  diagnostics.push({ severity: 'warning', code: 'hookDropped', message: why, file: h.origin.file, path: h.origin.path });
}

const defaultMs = (d: DialectId): number | null => {
  const t = mappings.dialects[d].timeout;
  return t.default === null ? null : t.default * (t.unit === 's' ? 1000 : 1);
};

export function convertHooks(hooks: Hook[], from: DialectId, opts: ConvertOptions): ConvertResult {
  const target = dialects[opts.to];
  const runner = opts.runner ?? 'hook-bridge';
  const out: NativeHook[] = [];
  const report: ReportRow[] = [];
  const diagnostics: Diagnostic[] = [];

  for (const h of hooks) {
    const notes: string[] = [];
    let degraded = false;
    const source = sourceOf(h, from);
    const drop = (why: string) => dropped(h, from, notes, why, report, diagnostics);

    // Event
    if (!h.event) {
      drop(`event "${h.nativeEvent}" is unknown to hook-bridge, so it cannot be placed on ${target.spec.agent}`);
      continue;
    }
    const ev = nativeEvent(target.id, h.event);
    if (!ev) {
      drop(`${target.spec.agent} has no ${h.nativeEvent} event${ev === undefined ? ' that hook-bridge knows of' : ''}`);
      continue;
    }
    if (ev !== h.nativeEvent) notes.push(`event ${h.nativeEvent} -> ${ev}`);

    // Matcher
    const row = mappings.events[h.event]!;
    let matcher: string | string[] | undefined;
    if (row.matcherOn === 'tool') {
      const w = writeToolMatcher(target.id, h.matcher, target.spec.config.format === 'hooks-yaml');
      if (w.missing.length) {
        notes.push(`no ${target.spec.agent} equivalent for ${w.missing.join(', ')}`);
        degraded = true;
      }
      if (h.matcher.kind === 'tools' && h.matcher.unknown.length) {
        notes.push(`matcher part(s) ${h.matcher.unknown.join(', ')} name no known tool; kept as written`);
        degraded = true;
      }
      if (w.native === undefined) {
        drop(`none of the matched tools exist on ${target.spec.agent}: the hook could never fire`);
        continue;
      }
      // Tool availability is a fact about an agent, not about a format another agent's tables stand in for (hooks.yaml).
      const entries = h.matcher.kind === 'tools' && !target.spec.extends ? h.matcher.tools.map((c) => toolEntry(target.id, c)).filter((e): e is ToolEntry => !!e) : [];
      const gone = entries.filter((e) => e.status === 'historical').map((e) => e.name);
      if (gone.length) {
        notes.push(`${target.spec.agent} no longer has ${gone.join(', ')}: the hook never fires for it on current builds`);
        degraded = true;
      }
      for (const e of entries.filter((x) => x.status === 'conditional')) notes.push(`${target.spec.agent} offers ${e.name} only when enabled (${e.enabledBy ?? 'a setting'}): the hook fires for it only then`);
      matcher = h.nativeMatcher === undefined && h.matcher.kind === 'all' ? undefined : w.native;
    } else if (h.nativeMatcher !== undefined) {
      if (h.matcher.kind === 'values') {
        const known = row.values[target.id];
        const lost = known ? h.matcher.values.filter((v) => !known.includes(v)) : [];
        if (lost.length) {
          notes.push(`${target.spec.agent} was not seen to send ${row.matcherOn} ${lost.join(', ')}`);
          degraded = true;
        }
        matcher = h.matcher.values.join('|');
      } else matcher = typeof h.nativeMatcher === 'string' ? h.nativeMatcher : JSON.stringify(h.nativeMatcher);
      if (row.matcherOn === null) notes.push(`${ev} ignores matchers`);
    }
    if (matcher !== undefined && JSON.stringify(matcher) !== JSON.stringify(h.nativeMatcher)) notes.push(`matcher ${JSON.stringify(h.nativeMatcher ?? '*')} -> ${JSON.stringify(matcher)}`);

    // Command, wrapping and timeout
    const handler: Record<string, unknown> = { type: h.type };
    const host = target.payloadDialect;
    const wrap = h.type === 'command' && h.scriptDialect !== host && (opts.wrap ?? true);
    let timeoutMs = h.timeoutMs;
    if (h.type === 'command' && h.command !== undefined) {
      if (wrap) {
        // A plugin hook's ${CLAUDE_PLUGIN_ROOT}: no host sets it outside plugins, so the wrapper carries it.
        const rootVar = mappings.dialects[h.scriptDialect].env?.pluginRoot;
        const usesRoot = opts.pluginRoot !== undefined && rootVar !== undefined && new RegExp(`\\$\\{?${rootVar}\\b`).test(h.command);
        handler.command = wrapCommand({ runner, from: h.scriptDialect, to: host, command: h.command, ...(h.timeoutMs !== undefined ? { timeoutS: h.timeoutMs / 1000 } : {}), ...(usesRoot ? { pluginRoot: opts.pluginRoot } : {}), ...(opts.emulateTodos ? { emulateTodos: true } : {}) });
        notes.push(`wrapped: runs as a ${h.scriptDialect} script through \`${runner} run\``);
        // The host must not kill the wrapper before the script's own timeout decides (CodeBuddy would block).
        const scriptMs = h.timeoutMs ?? defaultMs(h.scriptDialect) ?? defaultMs(from);
        if (scriptMs !== null && scriptMs !== undefined) timeoutMs = scriptMs + WRAPPER_GRACE_MS;
      } else {
        const env = rewriteEnvVars(h.command, h.scriptDialect, target.id, opts.pluginRoot);
        handler.command = env.command;
        notes.push(...env.notes);
        if (h.scriptDialect !== host) {
          notes.push(`not wrapped: the script expects ${h.scriptDialect} payloads and will see ${target.spec.agent}'s tool names and fields`);
          degraded = true;
        }
      }
    }
    // Defaults are established for command hooks only; a prompt/agent/http hook's default is not known.
    if (timeoutMs === undefined && h.type === 'command') {
      // The default the hook relied on is its script agent's (a wrapped Claude script in a Qwen config relied on Claude's).
      const src = defaultMs(h.scriptDialect) ?? defaultMs(from);
      const dst = defaultMs(target.payloadDialect === h.scriptDialect ? h.scriptDialect : target.id);
      if (src !== null && src !== dst) {
        timeoutMs = src;
        notes.push(`timeout: ${h.scriptDialect}'s default ${src / 1000} s written explicitly (${target.spec.agent}'s default is ${dst === null ? 'unknown' : `${dst / 1000} s`})`);
      }
    }
    if (timeoutMs !== undefined) {
      const native = target.writeTimeout(timeoutMs);
      handler.timeout = native;
      if (h.timeoutMs !== undefined && h.timeoutMs >= ABSURD_TIMEOUT_S * 1000 && mappings.dialects[from].timeout.unit === 's') {
        diagnostics.push({ severity: 'warning', code: 'timeoutAbsurd', message: `timeout ${h.timeoutMs / 1000} s (${(h.timeoutMs / 3_600_000).toFixed(1)} h) was probably meant as ms; converted faithfully`, file: h.origin.file, path: `${h.origin.path}.timeout` });
        notes.push(`timeout ${h.timeoutMs / 1000} s looks like milliseconds; converted faithfully (${native} in ${target.spec.agent}'s units)`);
        degraded = true;
      }
    }
    if (h.type !== 'command' && !(target.spec.hookTypes ?? ['command']).includes(h.type)) {
      notes.push(`hook type "${h.type}" is not known to be supported by ${target.spec.agent}; carried as written`);
      degraded = true;
    }
    const honoured = target.spec.handlerFields;
    for (const f of Object.keys(h.fields)) {
      if (!honoured || honoured.includes(f) || (h.type !== 'command' && NON_COMMAND_FIELDS.has(f))) continue;
      notes.push(`field "${f}" is not known to be honoured by ${target.spec.agent}; carried as written`);
      if (BEHAVIOUR_FIELDS.has(f)) degraded = true;
    }
    Object.assign(handler, h.fields);

    const native: NativeHook = { event: ev, matcher, handler, groupFields: h.groupFields, ...(h.priority !== undefined ? { priority: h.priority } : {}) };
    if (h.priority !== undefined && target.spec.config.format !== 'hooks-yaml') notes.push(`priority ${h.priority} kept as order only`);
    out.push(native);
    const changed = notes.length > 0;
    report.push({
      source,
      target: { dialect: target.id, event: ev, ...(matcher !== undefined ? { matcher } : {}), ...(typeof handler.command === 'string' ? { command: handler.command } : {}) },
      status: degraded ? 'degraded' : changed ? 'translated' : 'exact',
      notes,
      reason: notes.join('; ') || 'unchanged',
    });
  }
  return { to: target.id, hooks: out, report, diagnostics };
}

/**
 * `convert --dispatch`: one host entry per event that runs `hook-bridge dispatch` on the whole hook set,
 * instead of one wrapped entry per hook. The host's timeout covers the slowest hook of the event.
 */
export function dispatchEntries(hooks: Hook[], from: DialectId, to: DialectId, configPath: string, runner: string): ConvertResult {
  const target = dialects[to];
  const report: ReportRow[] = [];
  const diagnostics: Diagnostic[] = [];
  const byEvent = new Map<string, { native: string; maxMs: number }>();
  for (const h of hooks) {
    const ev = h.event ? nativeEvent(to, h.event) : undefined;
    if (!h.event || !ev || h.type !== 'command') {
      dropped(h, from, [], h.type !== 'command' ? `dispatch runs command hooks; a "${h.type}" hook is not run` : `${target.spec.agent} has no ${h.nativeEvent} event to dispatch on`, report, diagnostics);
      continue;
    }
    const ms = h.timeoutMs ?? defaultMs(h.scriptDialect) ?? defaultMs(from) ?? 60_000;
    const cur = byEvent.get(h.event);
    byEvent.set(h.event, { native: ev, maxMs: Math.max(cur?.maxMs ?? 0, ms) });
    const note = `run by \`${runner} dispatch\` (one ${ev} entry for the whole set)`;
    report.push({ source: sourceOf(h, from), target: { dialect: to, event: ev }, status: 'translated', notes: [note], reason: note });
  }
  const command = `${runner} dispatch --to ${to} --config ${shellQuote(configPath)}`;
  const out: NativeHook[] = [...byEvent].map(([event, { native, maxMs }]) => ({
    event: native,
    matcher: mappings.events[event]?.matcherOn === 'tool' ? '*' : undefined,
    handler: { type: 'command', command, timeout: target.writeTimeout(maxMs + WRAPPER_GRACE_MS) },
    groupFields: {},
  }));
  return { to, hooks: out, report, diagnostics };
}

/**
 * Bad input is not converted: a wrong shape, an unknown event or an invalid regex in a source would
 * otherwise become a config that loads and silently does nothing. (A comment that makes the source's
 * own agent ignore the file is no reason to refuse migrating its hooks.)
 */
export function assertConvertible(diagnostics: Diagnostic[]): void {
  const bad = diagnostics.filter((d) => (d.severity === 'error' && d.code !== 'jsonSyntaxIgnoresFile') || d.code === 'eventUnknown');
  if (!bad.length) return;
  const lines = bad.map((d) => [d.file, d.path, d.message].filter(Boolean).join(': '));
  throw new HookBridgeError(`${lines[0]}${lines.length > 1 ? `\n${lines.slice(1).map((l) => `hook-bridge: ${l}`).join('\n')}` : ''}`);
}

export interface ConvertTextOptions extends ConvertOptions {
  from: DialectId;
  /** The target file's current text, to merge into (default: a new file). */
  existing?: string;
  /** Shown in messages (default `<input>`). */
  file?: string;
}

/** Convert one config text to another dialect, in memory: `import { convert } from 'hook-bridge'`. */
export function convert(text: string, o: ConvertTextOptions): { output: string; report: ReportRow[]; diagnostics: Diagnostic[] } {
  const file = o.file ?? '<input>';
  const read = dialects[o.from].codec.read(text, file, dialects[o.from]);
  assertConvertible(read.diagnostics);
  const result = convertHooks(read.hooks, o.from, o);
  const written = dialects[o.to].codec.write(result.hooks, o.existing, `<${o.to}>`, dialects[o.to]);
  return { output: written.text, report: result.report, diagnostics: [...read.diagnostics, ...result.diagnostics, ...written.diagnostics] };
}
