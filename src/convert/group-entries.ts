// The default conversion's last step (issue 23): the `run` wrappers of an event that fire for the same calls become
// one entry that runs them all in one `hook-bridge dispatch` process, so a tool call starts hook-bridge at most once
// whatever the number of hooks it matches. A hook alone on its calls keeps its plain `run` wrapper.
//
// Groups are the connected parts of "fires for a call the other fires for" under the host's matcher semantics (a
// wildcard overlaps everything). Two groups never fire for the same call, so a call starts at most one of them.
// The entry carries its hooks (each as its wrapper would: script dialect, command, own timeout, --calls, and the
// host matcher it fires for), so nothing is read at run time: a hook edited in the source is picked up on the next
// convert, as with wrappers. A hook's other fields never cost a process: what every hook of the entry has goes on the
// entry, the rest with each hook (`--async`, which dispatch applies: started in the background, not waited for;
// `--fields`, `--group-fields`: carried for converting back). Only a field the host applies per entry and dispatch
// cannot apply per hook (`if` on CodeBuddy Code, `env` on Qwen Code …) keeps hooks with different values apart.
import type { DialectId } from '../model/dialect-ids.js';
import type { Matcher } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { stableJson } from '../model/stable-json.js';
import { canonicalEvent, canonicalTool, toolEntry, toolsOf } from '../dialects/catalog.js';
import type { NativeHook } from '../dialects/define.js';
import { dialects } from '../dialects/index.js';
import { isExactList, matcherFires, readToolMatcher, writeToolMatcher } from '../dialects/matcher.js';
import { safeRegex } from '../dialects/matcher-fires.js';
import { groupCommand, parseWrapper, type GroupedHook, type Wrapper } from '../dialects/wrapper.js';

export interface GroupOptions {
  /** The hosts the file is written for (several when they share it). */
  hosts: DialectId[];
  /** The runner the wrappers were written with. */
  runner: string;
  /** How much longer than its script the host gives a wrapper (convert's WRAPPER_GRACE_MS). */
  graceMs: number;
}

/** The report row fields this step reads and changes (convert's ReportRow). */
interface Row {
  target?: { event: string; command?: string };
  status: string;
  notes: string[];
  reason: string;
}

/** The note convertHooks gives a hooks.yaml priority on a host: grouped hooks keep it as a priority (dispatch runs them
 * in its order).
 */
export const priorityAsOrder = (p: number): string => `priority ${p} kept as order only`;

/** A wrapped entry that may share a `dispatch` entry: its wrapper, and its other fields. */
interface Member {
  index: number;
  hook: NativeHook;
  wrapper: Wrapper;
  /** The entry's other handler fields (async, once, statusMessage, description …). */
  extra: Record<string, unknown>;
  /** Members share an entry only within one event and with the same values of the fields the host applies per entry
   * that dispatch cannot apply per hook.
   */
  share: string;
}

/** Applied by dispatch per hook: `async: true` (started in the background, not waited for, its answer not read). */
const PER_HOOK = 'async';
/** Shown while a hook runs, acted on by nobody: an entry shows it when every hook of the entry has it. */
const DISPLAY_ONLY = new Set(['statusMessage']);

/**
 * The fields of a member that its entry must carry as they are, so that only hooks with equal values share one: those
 * a host of the file applies per entry (its `handlerFields`: `if` on CodeBuddy Code, `env`, `name` …) and dispatch
 * cannot apply per hook. Every other field (metadata no agent acts on: `description`, `id`; a field the host does not
 * act on, as it did not on the hook's own entry; a display-only one) goes with each hook and splits nothing.
 */
function entryFields(hosts: DialectId[], extra: Record<string, unknown>): Record<string, unknown> {
  const applied = new Set(hosts.flatMap((h) => mappings.dialects[h].handlerFields ?? []));
  return Object.fromEntries(
    Object.entries(extra).filter(([k, v]) => applied.has(k) && !DISPLAY_ONLY.has(k) && !(k === PER_HOOK && v === true)),
  );
}

/** A lone hook whose `async: true` a host of the file does not apply: dispatch runs it (a group of one). */
const asyncByDispatch = (m: Member, hosts: DialectId[]) =>
  m.extra[PER_HOOK] === true && hosts.some((h) => !(mappings.dialects[h].handlerFields ?? []).includes(PER_HOOK));

type On = 'tool' | 'values' | 'ignored' | 'unknown';

const isWild = (m: unknown) => m === undefined || m === '' || m === '*';
/** A lifecycle matcher that is a list of values (`startup|resume`), not a pattern. */
const VALUE_LIST = /^[A-Za-z0-9_|, -]*$/;
const parts = (m: string) =>
  m
    .split(/[|,]/)
    .map((s) => s.trim())
    .filter(Boolean);
/** A tool matcher that is only exact names, anchored (`^Bash$`, `^(edit|write_file)$`, joined by |): the literal names,
 * else undefined.
 */
const ANCHORED_NAME = String.raw`\^(?:[A-Za-z0-9_-]+|\([A-Za-z0-9_-]+(?:\|[A-Za-z0-9_-]+)*\))\$`;
const ANCHORED_NAMES = new RegExp(String.raw`^${ANCHORED_NAME}(?:\|${ANCHORED_NAME})*$`);

/** A glob matcher without a wildcard (Kiro CLI's `execute_bash`): one exact name. */
const isGlobName = (host: DialectId, m: string) =>
  mappings.dialects[host].matcher.semantics === 'glob' && /^[A-Za-z0-9_-]+$/.test(m);

const exactMemo = new Map<string, string[] | undefined>();
/** The names a tool matcher can only fire for (an exact list), or undefined when it may fire for names it does not
 * spell.
 */
function exactNames(host: DialectId, m: string): string[] | undefined {
  const key = `${host}\0${m}`;
  if (!exactMemo.has(key))
    exactMemo.set(
      key,
      isExactList(host, m)
        ? parts(m)
        : isGlobName(host, m)
          ? [m]
          : ANCHORED_NAMES.test(m)
            ? m.match(/[A-Za-z0-9_-]+/g)!
            : undefined,
    );
  return exactMemo.get(key);
}

/** An exact-names matcher in canonical form without the regex reader (what convert writes: `^(edit|write_file)$`). */
function namesMatcher(host: DialectId, m: string): Matcher | undefined {
  const names = exactNames(host, m);
  if (!names) return undefined;
  const tools: string[] = [];
  for (const n of names) {
    const t = canonicalTool(host, n);
    // An alias (Claude's `Task`) or a name the host does not have: the reader knows what it stands for.
    if (t === undefined || toolEntry(host, t)?.name !== n) return undefined;
    tools.push(t);
  }
  return { kind: 'tools', tools, mcp: [], unknown: [] };
}

/** Which field an event's matcher is tested against on the host, as grouping needs to know it. */
function matcherOn(host: DialectId, event: string): On {
  const c = canonicalEvent(host, event);
  const on = c === undefined ? 'unknown' : mappings.events[c]?.matcherOn;
  return on === 'tool' ? 'tool' : on === null ? 'ignored' : on === undefined || on === 'unknown' ? 'unknown' : 'values';
}

/**
 * Which tool names each matcher fires for on each host, among the names worth testing: every tool of the host and
 * every name the event's matchers spell (memoized per matcher: hooks share matchers).
 */
function fireSets(hosts: DialectId[], matchers: unknown[]): (host: DialectId, m: string) => Set<string> {
  const strings = matchers.filter((m): m is string => typeof m === 'string');
  const names = new Map(
    hosts.map((h) => [
      h,
      [...new Set([...toolsOf(h).map((t) => t.entry.name), ...strings.flatMap((m) => exactNames(h, m) ?? [])])],
    ]),
  );
  const memo = new Map<string, Set<string>>();
  return (host, m) => {
    const key = `${host}\0${m}`;
    let set = memo.get(key);
    if (!set) memo.set(key, (set = new Set(names.get(host)!.filter((n) => matcherFires(host, m, n)))));
    return set;
  };
}
type Fires = ReturnType<typeof fireSets>;

/** Do two entries' matchers fire for a same call on the host? (Conservative: two patterns may always meet.) */
function overlaps(on: On, hosts: DialectId[], fires: Fires, a: unknown, b: unknown): boolean {
  if (on === 'ignored') return true;
  if (on === 'unknown') return a === b;
  if (isWild(a) || isWild(b)) return true;
  const [x, y] = [a as string, b as string];
  if (on === 'values')
    return hosts.some((h) => mappings.dialects[h].matcher.valuesExact)
      ? x === y
      : parts(x).some((v) => parts(y).includes(v));
  return hosts.some((h) => {
    if (exactNames(h, x) === undefined && exactNames(h, y) === undefined) return true;
    const fy = fires(h, y);
    return [...fires(h, x)].some((n) => fy.has(n));
  });
}

/** One matcher that fires for every call one of `ms` fires for, and no other, under each host's semantics. */
function union(on: On, hosts: DialectId[], fires: Fires, ms: unknown[]): { matcher: string | undefined } | undefined {
  if (ms.some((m) => m === undefined)) return { matcher: undefined };
  if (ms.some(isWild)) return { matcher: '*' };
  const strings = ms as string[];
  if (on === 'ignored' || on === 'unknown')
    return strings.every((m) => m === strings[0]) ? { matcher: strings[0] } : { matcher: undefined };
  if (on === 'values') return { matcher: [...new Set(strings.flatMap(parts))].join('|') };
  const all: Extract<Matcher, { kind: 'tools' }> = { kind: 'tools', tools: [], mcp: [], unknown: [] };
  const read = [...new Set(strings)].map((m) => namesMatcher(hosts[0]!, m) ?? readToolMatcher(hosts[0]!, m).matcher);
  // A member that fires for every call (`.*` where the host's matchers are whole-name regexes): so does the entry.
  if (read.some((r) => r.kind === 'all')) {
    const all = [...new Set(hosts.map((h) => writeToolMatcher(h, { kind: 'all' }).native))];
    return all.length === 1 && typeof all[0] === 'string' ? { matcher: all[0] } : undefined;
  }
  for (const r of read) {
    if (r.kind !== 'tools') return undefined;
    all.tools.push(...r.tools);
    all.mcp.push(...r.mcp);
    all.unknown.push(...r.unknown);
  }
  const written = [
    ...new Set(
      hosts.map(
        (h) =>
          writeToolMatcher(h, {
            ...all,
            tools: [...new Set(all.tools)],
            mcp: [...new Set(all.mcp)],
            unknown: [...new Set(all.unknown)],
          }).native,
      ),
    ),
  ];
  if (written.some((w) => typeof w !== 'string')) return undefined;
  const matcher = (written as string[]).join('|');
  // Checked, not assumed: the union fires exactly where a member does, for every tool the hosts have and every name the
  // matchers spell.
  const exact = hosts.every((h) => {
    const want = new Set(strings.flatMap((m) => [...fires(h, m)]));
    const got = fires(h, matcher);
    return got.size === want.size && [...got].every((n) => want.has(n));
  });
  return exact ? { matcher } : undefined;
}

/** A tool matcher the host reads as neither names nor a regex (an invalid regex where it is not compared as a name): it
 * keeps its own entry.
 */
const isPattern = (host: DialectId, m: string): boolean =>
  !isWild(m) &&
  exactNames(host, m) === undefined &&
  safeRegex(m) === null &&
  mappings.dialects[host].matcher.invalidRegex !== 'exact-compare';

/** A wrapped entry that can share a dispatch entry, or undefined (another hook type, an unwrapped command, a pattern
 * matcher …).
 */
function memberOf(hook: NativeHook, index: number, o: GroupOptions, on: On): Member | undefined {
  const { type, command, timeout: _timeout, ...extra } = hook.handler;
  // `sequential` (a handler field on Qwen Code, a matcher group's on Gemini CLI) orders a host's entries among
  // themselves: one entry would run them together.
  if (
    type !== 'command' ||
    typeof command !== 'string' ||
    'sequential' in extra ||
    'sequential' in hook.groupFields ||
    Array.isArray(hook.matcher)
  )
    return undefined;
  const wrapper = parseWrapper(command, [o.runner]);
  if (!wrapper) return undefined;
  const m = hook.matcher;
  if (on === 'values' && m !== undefined && !VALUE_LIST.test(m) && m !== '*') return undefined;
  if (on === 'tool' && m !== undefined && o.hosts.some((h) => isPattern(h, m))) return undefined;
  const fields = entryFields(o.hosts, extra);
  return {
    index,
    hook,
    wrapper,
    extra,
    share: `${hook.event}\0${Object.keys(fields).length ? stableJson(fields) : ''}`,
  };
}

/**
 * The host's timeout for the group: the slowest hook of each priority level, one after another, plus one grace. Hooks
 * dispatch starts in the background do not hold it (unless all do).
 */
function groupTimeout(part: Member[], o: GroupOptions): number | undefined {
  const host = dialects[o.hosts[0]!];
  const def = host.spec.timeout.default;
  const hostDefault = def === null ? undefined : def * (host.spec.timeout.unit === 's' ? 1000 : 1);
  const levels = new Map<number | string, number>();
  const waited = part.filter((m) => m.extra[PER_HOOK] !== true);
  for (const [i, m] of (waited.length ? waited : part).entries()) {
    const t = m.hook.handler.timeout;
    const ms = typeof t === 'number' ? host.readTimeout(t) : hostDefault;
    if (ms === undefined) continue;
    // dispatch runs a hook whose own agent runs hooks one after another (Copilot CLI) at a level of its own.
    const p = m.hook.priority ?? (mappings.dialects[m.wrapper.from].run?.parallel === false ? `in order ${i}` : 0);
    levels.set(p, Math.max(levels.get(p) ?? 0, ms));
  }
  if (!levels.size) return undefined;
  const total = [...levels.values()].reduce((a, b) => a + b, 0) - (levels.size - 1) * o.graceMs;
  return host.writeTimeout(total);
}

/**
 * The dispatch entries of a connected part: one under the union of its matchers; where no one matcher fires exactly
 * where they do (a glob host's two names), one per matcher its hooks share. A lone hook stays as it is.
 */
function entriesOf(
  component: Member[],
  on: On,
  o: GroupOptions,
  fires: Fires,
): { part: Member[]; matcher: string | undefined }[] {
  const worth = (part: Member[]) => part.length > 1 || asyncByDispatch(part[0]!, o.hosts);
  if (!worth(component)) return [];
  const u = union(
    on,
    o.hosts,
    fires,
    component.map((m) => m.hook.matcher),
  );
  if (u) return [{ part: component, matcher: u.matcher }];
  const byMatcher = new Map<unknown, Member[]>();
  for (const m of component) byMatcher.set(m.hook.matcher, [...(byMatcher.get(m.hook.matcher) ?? []), m]);
  return [...byMatcher.values()]
    .filter(worth)
    .map((part) => ({ part, matcher: part[0]!.hook.matcher as string | undefined }));
}

/** The default conversion: a file's overlapping wrapped entries, per event, become one `dispatch` entry each. */
export function groupEntries<T extends { hooks: NativeHook[]; report: Row[] }>(result: T, o: GroupOptions): T {
  const to = o.hosts[0]!;
  // hooks.yaml is run by dispatch already; an in-process host runs its hook file in its own process (no process per
  // call), and an event-file host's event file runs the file's hooks of its event in one process.
  const { format, inProcess, eventFiles } = mappings.dialects[to].config;
  if (format === 'hooks-yaml-v2' || inProcess || eventFiles) return result;
  const members = result.hooks.flatMap((h, i) => memberOf(h, i, o, matcherOn(to, h.event)) ?? []);
  const byShare = new Map<string, Member[]>();
  for (const m of members) byShare.set(m.share, [...(byShare.get(m.share) ?? []), m]);

  const replaced = new Map<number, NativeHook | null>();
  // The report rows by where they landed (event and command), to say which were grouped.
  const rowsOf = new Map<string, Row[]>();
  for (const row of result.report)
    if (row.target?.command !== undefined)
      rowsOf.set(`${row.target.event}\0${row.target.command}`, [
        ...(rowsOf.get(`${row.target.event}\0${row.target.command}`) ?? []),
        row,
      ]);
  for (const share of byShare.values()) {
    const on = matcherOn(to, share[0]!.hook.event);
    // Hooks share matchers: the overlap graph is over the distinct ones (a matcher is grouped with itself).
    const index = new Map<unknown, number>();
    for (const m of share) if (!index.has(m.hook.matcher)) index.set(m.hook.matcher, index.size);
    const matchers = [...index.keys()];
    const fires = fireSets(o.hosts, matchers);
    // Connected parts of the overlap graph (union-find).
    const parent = matchers.map((_, i) => i);
    const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
    for (let i = 0; i < matchers.length; i++)
      for (let j = i + 1; j < matchers.length; j++)
        if (root(i) !== root(j) && overlaps(on, o.hosts, fires, matchers[i], matchers[j])) parent[root(j)] = root(i);
    const components = new Map<number, Member[]>();
    for (const m of share) {
      const r = root(index.get(m.hook.matcher)!);
      components.set(r, [...(components.get(r) ?? []), m]);
    }
    for (const component of components.values())
      for (const { part, matcher } of entriesOf(component, on, o, fires)) {
        const entry = groupEntry(part, matcher, o);
        replaced.set(part[0]!.index, entry);
        for (const m of part.slice(1)) replaced.set(m.index, null);
        noteGroup(rowsOf, part, entry, o.hosts);
      }
  }
  // A hook kept apart by a field the host applies per entry, beside others of its event: why it costs a process.
  for (const m of members) {
    const fields = Object.keys(entryFields(o.hosts, m.extra));
    if (replaced.has(m.index) || !fields.length || !members.some((x) => x !== m && x.hook.event === m.hook.event))
      continue;
    for (const row of rowsOf.get(`${m.hook.event}\0${m.hook.handler.command as string}`) ?? [])
      addNote(
        row,
        `keeps an entry of its own: ${o.hosts.map((h) => mappings.dialects[h].agent).join(', ')} applies its ` +
          `${fields.map((f) => `\`${f}\``).join(', ')} per entry, which dispatch cannot do per hook (a call it fires ` +
          `for starts hook-bridge once more)`,
      );
  }
  // A hook that keeps its own entry where a host does not apply `async` (convertHooks left that to dispatch): said.
  for (const m of members)
    if (!replaced.has(m.index) && m.extra[PER_HOOK] === true)
      for (const h of o.hosts.filter((x) => !(mappings.dialects[x].handlerFields ?? [PER_HOOK]).includes(PER_HOOK)))
        for (const row of rowsOf.get(`${m.hook.event}\0${m.hook.handler.command as string}`) ?? [])
          addNote(
            row,
            `field "async" is not known to be honoured by ${mappings.dialects[h].agent}; carried as written`,
            true,
          );
  if (!replaced.size) return result;
  const hooks = result.hooks.flatMap((h, i) => (replaced.has(i) ? (replaced.get(i) ?? []) : [h]));
  return { ...result, hooks };
}

function addNote(row: Row, note: string, degrades = false): void {
  row.notes = [...row.notes, note];
  row.reason = row.notes.join('; ');
  if (degrades) row.status = 'degraded';
}

/** What every one of `objects` has, with the same value (in the first one's order). */
function common(objects: Record<string, unknown>[]): Record<string, unknown> {
  const [first, ...rest] = objects;
  return Object.fromEntries(
    Object.entries(first ?? {}).filter(([k, v]) => rest.every((x) => k in x && stableJson(x[k]) === stableJson(v))),
  );
}

/** `o` without the keys of `drop`, or undefined when nothing is left. */
function without(o: Record<string, unknown>, drop: Record<string, unknown>): Record<string, unknown> | undefined {
  const left = Object.entries(o).filter(([k]) => !(k in drop));
  return left.length ? Object.fromEntries(left) : undefined;
}

/**
 * The dispatch entry of a group: its hooks as their wrappers carried them, under the union of their matchers. The
 * fields every hook has are the entry's; each hook carries the rest (`--async`, `--fields`, `--group-fields`), so that
 * reading the entry back gives each hook its own.
 */
function groupEntry(part: Member[], matcher: string | undefined, o: GroupOptions): NativeHook {
  const first = part[0]!;
  const shared = common(part.map((m) => m.extra));
  const sharedGroup = common(part.map((m) => m.hook.groupFields));
  const hooks: GroupedHook[] = part.map(({ hook, wrapper: w, extra }) => {
    const async = extra[PER_HOOK] === true;
    const fields = without(extra, { ...shared, ...(async ? { [PER_HOOK]: true } : {}) });
    const groupFields = without(hook.groupFields, sharedGroup);
    return {
      from: w.from,
      ...(hook.matcher !== matcher ? { matcher: hook.matcher as string } : {}),
      ...(hook.priority !== undefined ? { priority: hook.priority } : {}),
      ...(w.timeoutS !== undefined ? { timeoutS: w.timeoutS } : {}),
      ...(w.pluginRoot !== undefined ? { pluginRoot: w.pluginRoot } : {}),
      ...(w.emulateTodos ? { emulateTodos: true } : {}),
      ...(w.calls ? { calls: w.calls } : {}),
      ...(async ? { async: true } : {}),
      ...(fields ? { fields } : {}),
      ...(groupFields ? { groupFields } : {}),
      command: w.command,
      ...(w.args ? { args: w.args } : {}),
    };
  });
  const command = groupCommand({
    runner: first.wrapper.runner,
    to: first.wrapper.to,
    ...(first.wrapper.hosts ? { hosts: first.wrapper.hosts } : {}),
    ...(first.wrapper.event !== undefined ? { event: first.wrapper.event } : {}),
    hooks,
  });
  const timeout = groupTimeout(part, o);
  return {
    event: first.hook.event,
    matcher,
    handler: { type: 'command', command, ...(timeout !== undefined ? { timeout } : {}), ...shared },
    groupFields: sharedGroup,
    // Recorded as its first hook's entry: a group that gains or loses a hook is updated in place.
    ...(first.hook.key !== undefined ? { key: first.hook.key } : {}),
  };
}

/** Each grouped hook's report row: where it landed, and why it shares an entry. */
function noteGroup(rowsOf: Map<string, Row[]>, part: Member[], entry: NativeHook, hosts: DialectId[]): void {
  const runner = part[0]!.wrapper.runner;
  const applies = (f: string) => hosts.every((h) => (mappings.dialects[h].handlerFields ?? []).includes(f));
  // The host runs the whole entry in the background: nothing for dispatch to do.
  const hostAsync = entry.handler[PER_HOOK] === true && applies(PER_HOOK);
  const others = part.length - 1;
  const grouped = (m: Member) =>
    `grouped: one \`${runner} dispatch\` entry runs it with ${others} other ${entry.event} hook` +
    `${others > 1 ? 's' : ''} that fire${others > 1 ? '' : 's'} for the same calls (one process per call; ` +
    (mappings.dialects[m.wrapper.from].run?.parallel === false
      ? `${mappings.dialects[m.wrapper.from].agent}'s order: one after another, a deny ends the chain)`
      : `Claude Code's order and aggregation: a deny wins)`);
  for (const m of part) {
    const note = others
      ? grouped(m)
      : `run by \`${runner} dispatch\` alone: the host does not apply \`async\`, dispatch does`;
    const key = `${m.hook.event}\0${m.hook.handler.command as string}`;
    for (const row of rowsOf.get(key) ?? []) {
      row.target!.command = entry.handler.command as string;
      row.notes = [
        ...row.notes.filter((n) => m.hook.priority === undefined || n !== priorityAsOrder(m.hook.priority)),
        note,
        ...(m.extra[PER_HOOK] === true && !hostAsync
          ? [
              'async: dispatch starts it in the background and does not wait for it; its answer is not read (Claude ' +
                "Code's async: it cannot block)",
            ]
          : []),
        ...[...DISPLAY_ONLY]
          .filter((f) => f in m.extra && !(f in entry.handler) && applies(f))
          .map((f) => `${f} not shown: the entry runs hooks that show different ones`),
      ];
      row.reason = row.notes.join('; ');
    }
    rowsOf.delete(key);
  }
}
