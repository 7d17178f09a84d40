// `convert --dispatch`: instead of one wrapped entry per hook, one `hook-bridge dispatch` entry per event that
// runs the whole hook set with the reference engine's semantics.
import type { DialectId } from '../model/dialect-ids.js';
import type { Diagnostic, Hook, Matcher } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { placeEvent } from '../dialects/catalog.js';
import type { NativeHook } from '../dialects/define.js';
import { dialects } from '../dialects/index.js';
import { writeToolMatcher } from '../dialects/matcher.js';
import { shellQuote } from '../dialects/wrapper.js';
import {
  checkRunner,
  defaultMs,
  dropped,
  sourceOf,
  WRAPPER_GRACE_MS,
  type ConvertResult,
  type ReportRow,
} from './convert.js';

/**
 * `convert --dispatch`: one host entry per event that runs `hook-bridge dispatch` on the whole hook set,
 * instead of one wrapped entry per hook. Its matcher is the union of the event's matchers as the host
 * spells them (a call no hook watches starts nothing); the host's timeout covers the slowest hook.
 * `configs` are the hook set's files relative to the project, highest precedence first; several
 * `hosts` share the target file (codebuddy,codebuddy-ide).
 */
export function dispatchEntries(
  hooks: Hook[],
  from: DialectId,
  hosts: DialectId[],
  configs: string[],
  runner: string,
): ConvertResult {
  checkRunner(runner);
  const to = hosts[0]!;
  const target = dialects[to];
  const report: ReportRow[] = [];
  const diagnostics: Diagnostic[] = [];
  const byEvent = new Map<string, { native: string; maxMs: number; matchers: Matcher[] }>();
  for (const h of hooks) {
    const place = h.event ? placeEvent(to, h.event) : undefined;
    if (!place || h.type !== 'command') {
      dropped(
        h,
        from,
        [],
        h.type !== 'command'
          ? `dispatch runs command hooks; a "${h.type}" hook is not run`
          : `${target.spec.agent} has no ${h.nativeEvent} event to dispatch on`,
        report,
        diagnostics,
      );
      continue;
    }
    const ev = place.native;
    const ms = h.timeoutMs ?? defaultMs(h.scriptDialect) ?? defaultMs(from) ?? 60_000;
    const cur = byEvent.get(place.canonical);
    // A format's own event placed on the nearest host event stands for that event's values (AppStartup = SessionStart
    // "startup").
    const matcher: Matcher = place.nearest
      ? place.nearest.values
        ? { kind: 'values', values: place.nearest.values }
        : { kind: 'all' }
      : h.matcher;
    byEvent.set(place.canonical, {
      native: ev,
      maxMs: Math.max(cur?.maxMs ?? 0, ms),
      matchers: [...(cur?.matchers ?? []), matcher],
    });
    const notes = [
      `run by \`${runner} dispatch\` (one ${ev} entry for the whole set)`,
      ...(place.nearest ? [place.nearest.why] : []),
    ];
    report.push({
      source: sourceOf(h, from),
      target: { dialect: to, event: ev },
      status: place.nearest && !place.nearest.holds ? 'degraded' : 'translated',
      notes,
      reason: notes.join('; '),
    });
  }
  // A host whose payloads do not say which event they are for is told by the registration (Copilot CLI's own files).
  const named = mappings.dialects[to].payload?.eventNamed !== false;
  const command = (native: string) =>
    `${runner} dispatch --to ${hosts.join(',')}` +
    (named ? '' : ` --event ${native}`) +
    configs.map((c) => ` --config ${shellQuote(c)}`).join('');
  const out: NativeHook[] = [...byEvent].map(([event, { native, maxMs, matchers }]) => ({
    event: native,
    matcher: unionMatcher(hosts, mappings.events[event]?.matcherOn, matchers),
    handler: { type: 'command', command: command(native), timeout: target.writeTimeout(maxMs + WRAPPER_GRACE_MS) },
    groupFields: {},
    key: `dispatch ${native}`,
  }));
  return { to, hooks: out, report, diagnostics };
}

/** One matcher that fires whenever any of `matchers` would, in each host's spelling (regex hosts: joined). */
function unionMatcher(hosts: DialectId[], on: string | null | undefined, matchers: Matcher[]): string | undefined {
  if (on === 'tool') {
    // Every tool, as the host writes "all" ('*'; '.*' where a matcher is a regex matching whole names).
    if (matchers.some((m) => m.kind !== 'tools')) return writeToolMatcher(hosts[0]!, { kind: 'all' }).native as string;
    const all = {
      kind: 'tools' as const,
      tools: [...new Set(matchers.flatMap((m) => (m.kind === 'tools' ? m.tools : [])))],
      mcp: [...new Set(matchers.flatMap((m) => (m.kind === 'tools' ? m.mcp : [])))],
      unknown: [...new Set(matchers.flatMap((m) => (m.kind === 'tools' ? m.unknown : [])))],
    };
    const parts = hosts.map((d) => writeToolMatcher(d, all).native).filter((n): n is string => typeof n === 'string');
    return parts.length ? [...new Set(parts)].join('|') : '*';
  }
  if (!on || matchers.some((m) => m.kind !== 'values')) return undefined;
  return [...new Set(matchers.flatMap((m) => (m.kind === 'values' ? m.values : [])))].join('|');
}
