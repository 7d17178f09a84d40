// `hook-bridge dispatch`: one process runs several hooks for one host call — a whole hook set (a hooks.yaml, or
// any dialect's settings file: registered once per event) or the hooks an entry carries (`run …` blocks: what
// convert writes by default for hooks that fire for the same calls) — with the reference engine's semantics
// (Claude Code's): matching, ordering, parallel runs, per-hook timeouts and aggregation, and answers the host once.
// No host reads hooks.yaml, and per-hook wrapping cannot change how a host combines hooks (Qwen: last writer
// wins; CodeBuddy: timeouts block), and each wrapper is one more Node start per call.
import { aggregate, type Answer } from './answer.js';
import { emit, type EmitContext, withStderr, type HostReply } from './emit.js';
import { withSessionEnv } from './session-env.js';
import { DISPATCH_HELP, formatHostHelp, usageLine } from './help.js';
import { hostHelpLists } from './help-lists.js';
import { hostProjectDir } from './payload.js';
import { dialectList, TRANSCRIPT_MODES, UsageError, type RunArgs, type TranscriptMode } from './args.js';
import { hostMain } from './host-main.js';
import { hostIsInteractive } from './interactive-session.js';
import { callingHost, isPromptRefire, parseHostPayload, type ParsedPayload } from './host-payload.js';
import { isBlocking, ownFailure } from './own-failure.js';
import { leavePreToolNote, takePreToolNotes } from './pre-tool-notes.js';
import { runHook } from './run-hook.js';
import type { HookRun } from './script-run.js';
import { stopGuard } from './stop-guard.js';
import { parseGroupedHooks, type GroupedHook, wrapperOptions } from '../dialects/wrapper.js';
import { matcherFires, matcherFiresFor } from '../dialects/matcher-fires.js';
import { canonicalTool, canonicalValue, firesOn, splitCallTools, toolEntry } from '../dialects/catalog.js';
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import type { Hook } from '../model/hook.js';
import { mappings } from '../model/mappings.js';

export interface DispatchArgs
  extends Pick<RunArgs, 'to' | 'hosts' | 'onError' | 'onMissing' | 'ask' | 'rewrite' | 'transcript' | 'event'> {
  /** The hook set's files, highest precedence first (`--config` repeated). */
  config: string[];
  /** The config's dialect (detected from the file when omitted). */
  from?: DialectId;
  /** The hooks the entry carries (`run --from <d> [--matcher <host matcher>] … -c <command>`, after the options). */
  hooks?: GroupedHook[];
  /** A shell call runs after its session's environment file, where a SessionStart hook wrote one (session-env.ts). */
  sessionEnv?: boolean;
}

function parseDispatchArgs(argv: string[]): DispatchArgs | 'help' {
  const o: Partial<DispatchArgs> = { onError: 'deny', rewrite: 'deny' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = argv[i + 1];
    if (a === '-h' || a === '--help') return 'help';
    if (a === '--session-env') {
      o.sessionEnv = true;
      continue;
    }
    if (a === 'run') {
      const hooks = parseGroupedHooks(argv.slice(i));
      if (typeof hooks === 'string') throw new UsageError(hooks);
      o.hooks = hooks;
      break;
    }
    if (v === undefined) throw new UsageError(`${a} needs a value`);
    i++;
    if (a === '--to' || a === '--from') {
      const list = dialectList(a, v);
      o[a === '--to' ? 'to' : 'from'] = list[0] as DialectId;
      if (a === '--to' && list.length > 1) o.hosts = list as DialectId[];
    } else if (a === '--config') o.config = [...(o.config ?? []), v];
    else if (a === '--on-error' && (v === 'deny' || v === 'allow')) o.onError = v;
    else if (a === '--on-missing' && (v === 'deny' || v === 'allow')) o.onMissing = v;
    else if (a === '--ask' && (v === 'ask' || v === 'deny' || v === 'allow')) o.ask = v;
    else if (a === '--rewrite' && (v === 'deny' || v === 'ignore')) o.rewrite = v;
    else if (a === '--transcript' && (TRANSCRIPT_MODES as readonly string[]).includes(v))
      o.transcript = v as TranscriptMode;
    else if (a === '--event') o.event = v;
    else throw new UsageError(`unknown option or value: ${a} ${v}`);
  }
  if (!o.to || (!o.config?.length && !o.hooks && !o.sessionEnv))
    throw new UsageError(
      "--to and --config are required (or the hooks themselves: run --from <dialect> … -c '<command>'; or " +
        '--session-env)',
    );
  for (const h of o.hooks ?? [])
    for (const n of h.calls ?? [])
      if (!canonicalTool(h.from, n))
        throw new UsageError(
          `--calls takes ${mappings.dialects[h.from].agent} tool names, comma-separated; "${n}" is none`,
        );
  return { config: [], ...o } as DispatchArgs;
}

/** Does a hook of the set fire for this payload? The hook's own dialect's matcher semantics. */
export function hookMatches(h: Hook, p: ParsedPayload, host: DialectId, configDialect: DialectId): boolean {
  if (!firesOn(h.event, p.event)) return false;
  // A format's own event placed on the nearest host event (AppStartup = SessionStart "startup"): the
  // values it stands for decide; its own matcher has no meaning there.
  const nearest = h.event !== p.event ? mappings.events[h.event!]!.nearest! : undefined;
  if (nearest) {
    const field = mappings.events[nearest.event]?.matcherOn;
    const value = field ? p.payload[field] : undefined;
    return !nearest.values || (typeof value === 'string' && nearest.values.includes(value));
  }
  const on = p.event ? mappings.events[p.event]?.matcherOn : null;
  if (on === 'tool') {
    const hostTool = typeof p.payload.tool_name === 'string' ? p.payload.tool_name : '';
    const c = canonicalTool(host, hostTool);
    // A host tool that is several of the hook's tools (Codex's apply_patch: Write, Edit, and rm/mv as Bash):
    // the hook fires when it would for one of them, and sees those calls only (callFilter).
    const covering = c && !toolEntry(configDialect, c) ? toolEntry(host, c) : undefined;
    if (covering?.covers) return splitCallTools(covering).some((t) => callFilter(h, configDialect)(t));
    const name = (c && toolEntry(configDialect, c)?.name) || hostTool;
    return matcherFires(configDialect, h.nativeMatcher, name);
  }
  // Non-tool events: the reader already derived the values (SessionStart source, PreCompact trigger …).
  if (!on || on === 'unknown' || h.matcher.kind === 'all') return true;
  // Compared in canonical words: Gemini's notification_type ToolPermission is Claude's permission_prompt (events.yaml
  // valueNames).
  const value = p.payload[on];
  return (
    h.matcher.kind === 'values' &&
    typeof value === 'string' &&
    h.matcher.values.some((v) => canonicalValue(configDialect, p.event!, v) === canonicalValue(host, p.event!, value))
  );
}

/**
 * Does a carried hook fire for this payload? The host's own test of its matcher (the entry's matcher already
 * fired: a hook without one runs for every call the entry gets).
 */
function groupedHookMatches(h: GroupedHook, p: ParsedPayload, host: DialectId): boolean {
  if (h.matcher === undefined) return true;
  const on = p.event ? mappings.events[p.event]?.matcherOn : null;
  if (on === 'tool')
    return matcherFires(host, h.matcher, typeof p.payload.tool_name === 'string' ? p.payload.tool_name : '');
  if (!on || on === 'unknown' || h.matcher === '' || h.matcher === '*') return true;
  // In canonical words: Copilot's source `new` is the `startup` a matcher written from Claude's names (events.yaml
  // valueNames).
  const value = p.payload[on];
  if (typeof value !== 'string') return false;
  const want = canonicalValue(host, p.event!, value);
  return h.matcher.split(/[|,]/).some((v) => canonicalValue(host, p.event!, v.trim()) === want);
}

/** Whether a hook's matcher fires for one of the calls a host call is split into (canonical tool ids). */
const callFilter = (h: Hook, configDialect: DialectId) => (tool: string) =>
  matcherFiresFor(configDialect, h.nativeMatcher, tool);

/** One hook to run for this call, from a hook set or carried by the entry. */
interface Planned {
  priority: number;
  /** Claude Code runs identical commands once. */
  command: string;
  script: DialectId;
  run: Parameters<typeof runHook>[0];
  /** Its answer has no effect (hooks.yaml AfterResponse: logging only). */
  ignored: boolean;
}

/** Runs of hooks with the same priority, lower first (a stable sort keeps each file's order). */
function byPriority(hooks: Planned[]): Planned[][] {
  const groups: Planned[][] = [];
  for (const h of [...hooks].sort((a, b) => a.priority - b.priority)) {
    const last = groups.at(-1);
    if (last && last[0]!.priority === h.priority) last.push(h);
    else groups.push([h]);
  }
  return groups;
}

/** A format's event whose answers it defines as having no effect (hooks.yaml AfterResponse: logging only). */
const answersIgnored = (h: Hook) => !!h.event && mappings.events[h.event]?.nearest?.answers === 'ignored';

/** How one hook of the set runs: a shell command, or an exec-form command with its `args` (no shell). */
function hookRunArgs(
  h: Hook,
  d: Pick<DispatchArgs, 'to' | 'transcript' | 'onMissing'>,
  configDialect: DialectId,
  pluginRoot: string | undefined,
): Parameters<typeof runHook>[0] {
  const args =
    Array.isArray(h.fields.args) && h.fields.args.every((a) => typeof a === 'string')
      ? (h.fields.args as string[])
      : undefined;
  // A hook of a config hook-bridge wrote (an in-process host's hook file, which its engine reads itself): what its
  // entry
  // hands `run` — the plugin it comes from, --emulate-todos, --calls, and the options a person added to the entry.
  const w = wrapperOptions(h);
  const root = w?.pluginRoot ?? pluginRoot;
  const policy = new Map<string, string>();
  for (let i = 0; i + 1 < (w?.policy.length ?? 0); i += 2) policy.set(w!.policy[i]!, w!.policy[i + 1]!);
  const onMissing = policy.get('--on-missing') ?? d.onMissing;
  const onTimeout = policy.get('--on-timeout');
  return {
    from: h.scriptDialect,
    to: d.to,
    command: args ? [h.command!, ...args] : h.command!,
    ...(h.timeoutMs !== undefined ? { timeoutS: h.timeoutMs / 1000 } : {}),
    ...(root !== undefined ? { pluginRoot: root } : {}),
    ...(w?.emulateTodos ? { emulateTodos: true } : {}),
    ...(w?.calls ? { calls: w.calls.map((n) => canonicalTool(h.scriptDialect, n) ?? n) } : {}),
    ...(d.transcript ? { transcript: d.transcript } : {}),
    ...(onMissing === 'deny' || onMissing === 'allow' ? { onMissing } : {}),
    ...(onTimeout === 'deny' || onTimeout === 'allow' ? { onTimeout } : {}),
    callFilter: callFilter(h, configDialect),
    ...(h.fields.async === true ? { background: true } : {}),
  };
}

/** A carried hook as runHook takes it: what its own `run` wrapper would have been given. */
function groupedRunArgs(
  h: GroupedHook,
  d: Pick<DispatchArgs, 'to' | 'transcript' | 'onMissing'>,
): Parameters<typeof runHook>[0] {
  return {
    from: h.from,
    to: d.to,
    ...(d.onMissing ? { onMissing: d.onMissing } : {}),
    command: h.args ? [h.command, ...h.args] : h.command,
    ...(h.timeoutS !== undefined ? { timeoutS: h.timeoutS } : {}),
    ...(h.pluginRoot !== undefined ? { pluginRoot: h.pluginRoot } : {}),
    ...(h.emulateTodos ? { emulateTodos: true } : {}),
    ...(h.calls ? { calls: h.calls.map((n) => canonicalTool(h.from, n)!) } : {}),
    ...(d.transcript ? { transcript: d.transcript } : {}),
    ...(h.async ? { background: true } : {}),
  };
}

/**
 * What one dispatch decided for a host call, before it is put in the host's form: the hooks' aggregated answer (with
 * the context emit needs, the hooks' stderr and the Stop guard's note), or hook-bridge's own failure (its reply, and
 * the message an in-process host's engine acts on).
 */
export type Dispatched =
  | { answer: Answer; ctx: EmitContext; stderr: string[]; guard?: string }
  | { failed: HostReply; message: string };

/** `dispatch` for a host that runs it as a process: the answer in the host's form (emit). */
export async function dispatch(
  dispatchArgs: DispatchArgs,
  raw: Parameters<typeof parseHostPayload>[1],
  env: NodeJS.ProcessEnv,
): Promise<HostReply> {
  const d = await dispatched(dispatchArgs, raw, env);
  if ('failed' in d) return d.failed;
  const host = d.ctx.host;
  const reply = emit(d.answer, d.ctx, { ...dispatchArgs, interactive: () => hostIsInteractive(host) });
  const passthrough = [...(reply.exitCode === 2 ? [] : d.stderr), d.guard];
  return withStderr(reply, d.ctx.host, [...passthrough, reply.stderr]);
}

/** The hooks of a host call run, their answers aggregated (Claude Code's engine); see `dispatch`. */
export async function dispatched(
  dispatchArgs: DispatchArgs,
  raw: Parameters<typeof parseHostPayload>[1],
  env: NodeJS.ProcessEnv,
): Promise<Dispatched> {
  const p = parseHostPayload(dispatchArgs, raw);
  if ('failed' in p) return p;
  const args = callingHost(dispatchArgs, p);
  const failed = (message: string) => ({
    failed: ownFailure(p.event, p.hostEvent, args, message, p.mode),
    message: `hook-bridge: ${message}`,
  });
  const ctx: EmitContext = {
    host: args.to,
    script: 'claude',
    event: p.event,
    hostEvent: p.hostEvent,
    tool: undefined,
    hostTool: typeof p.payload.tool_name === 'string' ? p.payload.tool_name : undefined,
    ...(p.mode ? { mode: p.mode } : {}),
  };
  const cwd = typeof p.payload.cwd === 'string' ? p.payload.cwd : process.cwd();
  const projectDir = hostProjectDir(args.to, env, p.payload);
  let planned: Planned[];
  try {
    planned = await plan(args, p, projectDir, cwd);
  } catch (e) {
    return failed(HookBridgeError.is(e) ? e.describe() : String(e));
  }
  // Claude Code runs identical commands once (ground truth `dedup`).
  const seen = new Set<string>();
  const candidates = planned.filter(
    (h) => !seen.has(h.command) && seen.add(h.command) && !isPromptRefire(args.to, h.script, p),
  );
  // No hook of the entry fires for the call: it still gives the notes the call's PreToolUse hooks left, and runs the
  // call after the session's environment.
  if (!candidates.length) {
    const answer = args.sessionEnv ? sessionEnvOnly(args, p, env, ctx) : { context: [] };
    answer.context = takePreToolNotes(args.to, p, env);
    return { answer, ctx, stderr: [] };
  }
  // Priority order (lower first): hooks of equal priority run together, in parallel as the reference
  // engine runs them, and a deny or block stops the later priorities.
  const runnable: Planned[] = [];
  const runs: HookRun[] = [];
  for (const group of byPriority(candidates)) {
    const done = await Promise.all(group.map((h) => runHook(h.run, p, env)));
    runnable.push(...group);
    runs.push(...done.map((r, i) => (group[i]!.ignored ? { ...r, answer: { context: [] } } : r)));
    if (done.some((r) => r.failure) || runs.some((r) => r.answer.decision === 'deny' || r.answer.block)) break;
  }
  const failure = runs.find((r) => r.failure);
  if (failure && isBlocking(p.event) && args.onError === 'deny') return failed(failure.failure!);
  // aggregate's `from` indexes the runs it was given: the ones that did not fail.
  const ok = runs.flatMap((r, i) => (r.failure ? [] : [i]));
  const { answer, from } = aggregate(ok.map((i) => runs[i]!));
  const script = from >= 0 ? runnable[ok[from]!]!.script : (runnable[0]?.script ?? 'claude');
  // The notes the call's PreToolUse hooks left (a host that drops their context: src/run/pre-tool-notes.ts) come
  // first, as on Claude Code; a PreToolUse answer's context is left for them.
  answer.context = [...takePreToolNotes(args.to, p, env), ...answer.context];
  const left = leavePreToolNote(args.to, script, p, answer, runs[0]?.tool, env);
  const guard = stopGuard(
    answer,
    args,
    p,
    [...args.config, ...(args.hooks ?? []).map((h) => h.command)].join(' '),
    env,
  );
  // A rewrite answered in the script's names is run after the session's environment (the host's names when the
  // hooks did not rewrite).
  ctx.script = args.sessionEnv ? withSessionEnv(answer, p, args.to, script, env) : script;
  ctx.tool = runs[0]?.tool;
  const stderr = runs.map((r) => r.failure ?? [r.stderr, r.note].filter(Boolean).join('\n')).filter(Boolean);
  if (left) stderr.push(left);
  return { answer, ctx, stderr, ...(guard ? { guard } : {}) };
}

/** The hooks of the set and of the entry that fire for this call (a hook set that cannot be read throws). */
async function plan(args: DispatchArgs, p: ParsedPayload, projectDir: string, cwd: string): Promise<Planned[]> {
  const planned: Planned[] = [];
  // A hook whose own agent runs hooks one after another (Copilot CLI: in file order, a deny ends the chain) is a
  // priority level of its own, in order; the others run together (Claude Code's engine).
  let order = 0;
  const priorityOf = (priority: number | undefined, script: DialectId) =>
    priority ?? (mappings.dialects[script].run?.parallel === false ? ++order : 0);
  // The hook set's readers (every dialect's codec) are loaded only for a --config registration: an entry that
  // names its hooks (convert's default) starts as lean as `run`.
  const { loadHookSet } = args.config.length ? await import('./hook-set.js') : { loadHookSet: undefined };
  for (const file of args.config) {
    const set = loadHookSet!(file, args.from, projectDir, cwd);
    for (const h of set.hooks) {
      if (h.type !== 'command' || h.command === undefined || !hookMatches(h, p, args.to, set.dialect)) continue;
      planned.push({
        priority: priorityOf(h.priority, h.scriptDialect),
        command: h.command,
        script: h.scriptDialect,
        run: hookRunArgs(h, args, set.dialect, set.pluginRoot),
        ignored: answersIgnored(h),
      });
    }
  }
  for (const h of args.hooks ?? []) {
    if (groupedHookMatches(h, p, args.to))
      planned.push({
        priority: priorityOf(h.priority, h.from),
        command: h.args ? [h.command, ...h.args].join('\0') : h.command,
        script: h.from,
        run: groupedRunArgs(h, args),
        ignored: false,
      });
  }
  return planned;
}

/** No hook fires for this call: only the session's environment, when a SessionStart hook wrote one. */
function sessionEnvOnly(args: DispatchArgs, p: ParsedPayload, env: NodeJS.ProcessEnv, ctx: EmitContext): Answer {
  const answer: Answer = { context: [] };
  ctx.script = withSessionEnv(answer, p, args.to, args.to, env);
  if (answer.updatedInput && ctx.hostTool) ctx.tool = canonicalTool(args.to, ctx.hostTool);
  return answer;
}

export const dispatchMain = (argv: string[]) =>
  hostMain(argv, {
    name: 'dispatch',
    get usage() {
      return usageLine(DISPATCH_HELP);
    },
    get help() {
      return formatHostHelp(DISPATCH_HELP, hostHelpLists());
    },
    parse: parseDispatchArgs,
    handle: dispatch,
  });
