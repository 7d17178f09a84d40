// `hook-bridge dispatch`: registered once per event in the host's config, it runs a whole hook set
// (a hooks.yaml, or any dialect's settings file) itself — matching, ordering, parallel runs, timeouts
// and aggregation with the reference engine's semantics (Claude Code's) — and answers the host once.
// No host reads hooks.yaml, and per-hook wrapping cannot change how a host combines hooks (Qwen: last
// writer wins; CodeBuddy: timeouts block).
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { aggregate } from './answer.js';
import { emit, withStderr, type HostReply } from './emit.js';
import { DISPATCH_HELP, formatHostHelp, usageLine } from './help.js';
import { findUp, hostProjectDir } from './payload.js';
import { TRANSCRIPT_MODES, UsageError, type RunArgs, type TranscriptMode } from './args.js';
import { hostMain } from './host-main.js';
import { callingHost, isPromptRefire, parseHostPayload, type ParsedPayload } from './host-payload.js';
import { isBlocking, ownFailure } from './own-failure.js';
import { runHook } from './run-hook.js';
import type { HookRun } from './script-run.js';
import { stopGuard } from './stop-guard.js';
import { matcherFires, matcherFiresFor } from '../dialects/matcher.js';
import { canonicalTool, firesOn, splitCallTools, toolEntry } from '../dialects/catalog.js';
import { dialects } from '../dialects/index.js';
import { decideFileDialect } from '../dialects/detect.js';
import { isDialectId, type DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import type { Hook } from '../model/hook.js';
import { mappings } from '../model/mappings.js';

export interface DispatchArgs extends Pick<RunArgs, 'to' | 'hosts' | 'onError' | 'ask' | 'rewrite' | 'transcript' | 'event'> {
  /** The hook set's files, highest precedence first (`--config` repeated). */
  config: string[];
  /** The config's dialect (detected from the file when omitted). */
  from?: DialectId;
}

export function parseDispatchArgs(argv: string[]): DispatchArgs | 'help' {
  const o: Partial<DispatchArgs> = { onError: 'deny', rewrite: 'deny' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = argv[i + 1];
    if (a === '-h' || a === '--help') return 'help';
    if (v === undefined) throw new UsageError(`${a} needs a value`);
    i++;
    if (a === '--to' || a === '--from') {
      const list = v.split(',');
      for (const d of list) if (!isDialectId(d)) throw new UsageError(`unknown dialect "${d}" for ${a}`);
      if (a === '--from' && list.length > 1) throw new UsageError('--from takes one dialect');
      o[a === '--to' ? 'to' : 'from'] = list[0] as DialectId;
      if (a === '--to' && list.length > 1) o.hosts = list as DialectId[];
    } else if (a === '--config') o.config = [...(o.config ?? []), v];
    else if (a === '--on-error' && (v === 'deny' || v === 'allow')) o.onError = v;
    else if (a === '--ask' && (v === 'ask' || v === 'deny' || v === 'allow')) o.ask = v;
    else if (a === '--rewrite' && (v === 'deny' || v === 'ignore')) o.rewrite = v;
    else if (a === '--transcript' && (TRANSCRIPT_MODES as readonly string[]).includes(v)) o.transcript = v as TranscriptMode;
    else if (a === '--event') o.event = v;
    else throw new UsageError(`unknown option or value: ${a} ${v}`);
  }
  if (!o.to || !o.config?.length) throw new UsageError('--to and --config are required');
  return o as DispatchArgs;
}

/**
 * Where a relative hook set path points: the project directory's, else the nearest directory up from
 * the hook's cwd that has it (a host that runs the hook from a subdirectory).
 */
export function locateHookSet(file: string, projectDir: string, cwd: string): string {
  if (isAbsolute(file) || existsSync(resolve(projectDir, file))) return resolve(projectDir, file);
  const dir = findUp(cwd, (d) => existsSync(join(d, file)));
  return dir === undefined ? resolve(projectDir, file) : join(dir, file);
}

/** Load the hook set and its dialect (its own failures are hook-bridge's: fail by --on-error). */
export function loadHookSet(file: string, from: DialectId | undefined, projectDir: string, cwd = projectDir): { hooks: Hook[]; dialect: DialectId } {
  const path = locateHookSet(file, projectDir, cwd);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new HookBridgeError(`cannot read the hook set (${(e as NodeJS.ErrnoException).code ?? e})`, file);
  }
  const d = from ?? decideFileDialect(path, text).dialect;
  const r = dialects[d].codec.read(text, file, dialects[d]);
  const broken = r.diagnostics.find((x) => x.severity === 'error');
  if (broken) throw new HookBridgeError(broken.message, file, broken.path);
  return { hooks: r.hooks, dialect: d };
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
  const value = p.payload[on];
  return h.matcher.kind === 'values' && typeof value === 'string' && h.matcher.values.includes(value);
}

/** Whether a hook's matcher fires for one of the calls a host call is split into (canonical tool ids). */
const callFilter = (h: Hook, configDialect: DialectId) => (tool: string) => matcherFiresFor(configDialect, h.nativeMatcher, tool);

/** Consecutive runs of hooks with the same priority (the list is sorted by priority). */
function byPriority(hooks: Hook[]): Hook[][] {
  const groups: Hook[][] = [];
  for (const h of hooks) {
    const last = groups.at(-1);
    if (last && (last[0]!.priority ?? 0) === (h.priority ?? 0)) last.push(h);
    else groups.push([h]);
  }
  return groups;
}

/** A format's event whose answers it defines as having no effect (hooks.yaml AfterResponse: logging only). */
const answersIgnored = (h: Hook) => !!h.event && mappings.events[h.event]?.nearest?.answers === 'ignored';

/** How one hook of the set runs: a shell command, or an exec-form command with its `args` (no shell). */
function hookRunArgs(h: Hook, d: Pick<DispatchArgs, 'to' | 'transcript'>, configDialect: DialectId): Parameters<typeof runHook>[0] {
  const args = Array.isArray(h.fields.args) && h.fields.args.every((a) => typeof a === 'string') ? (h.fields.args as string[]) : undefined;
  return { from: h.scriptDialect, to: d.to, command: args ? [h.command!, ...args] : h.command!, ...(h.timeoutMs !== undefined ? { timeoutS: h.timeoutMs / 1000 } : {}), ...(d.transcript ? { transcript: d.transcript } : {}), callFilter: callFilter(h, configDialect) };
}

export async function dispatch(dispatchArgs: DispatchArgs, raw: Parameters<typeof parseHostPayload>[1], env: NodeJS.ProcessEnv): Promise<HostReply> {
  const p = parseHostPayload(dispatchArgs, raw);
  if ('failed' in p) return p.failed;
  const args = callingHost(dispatchArgs, p);
  const cwd = typeof p.payload.cwd === 'string' ? p.payload.cwd : process.cwd();
  const projectDir = hostProjectDir(args.to, env, p.payload);
  const hooks: Hook[] = [];
  const dialectOf = new Map<Hook, DialectId>();
  try {
    for (const file of args.config) {
      const set = loadHookSet(file, args.from, projectDir, cwd);
      hooks.push(...set.hooks);
      for (const h of set.hooks) dialectOf.set(h, set.dialect);
    }
  } catch (e) {
    return ownFailure(p.event, p.hostEvent, args, HookBridgeError.is(e) ? e.describe() : String(e), p.mode);
  }
  // Claude Code runs identical commands once (ground truth `dedup`).
  const seen = new Set<string>();
  const selected = hooks.filter((h) => h.type === 'command' && h.command !== undefined && hookMatches(h, p, args.to, dialectOf.get(h)!) && !seen.has(h.command) && seen.add(h.command));
  const candidates = selected.filter((h) => !isPromptRefire(args.to, h.scriptDialect, p));
  if (!candidates.length) return { stdout: '', stderr: '', exitCode: 0 };
  // Priority order (lower first; the reader sorted them): hooks of equal priority run together, in
  // parallel as the reference engine runs them, and a deny or block stops the later priorities.
  const runnable: Hook[] = [];
  const runs: HookRun[] = [];
  for (const group of byPriority(candidates)) {
    const done = await Promise.all(group.map((h) => runHook(hookRunArgs(h, args, dialectOf.get(h)!), p, env)));
    runnable.push(...group);
    runs.push(...done.map((r, i) => (answersIgnored(group[i]!) ? { ...r, answer: { context: [] } } : r)));
    if (done.some((r) => r.failure) || runs.some((r) => r.answer.decision === 'deny' || r.answer.block)) break;
  }
  const failure = runs.find((r) => r.failure);
  if (failure && isBlocking(p.event) && args.onError === 'deny') {
    return ownFailure(p.event, p.hostEvent, args, failure.failure!, p.mode);
  }
  const { answer, from } = aggregate(runs.filter((r) => !r.failure));
  const guard = stopGuard(answer, args, p, args.config.join(' '), env);
  const script = from >= 0 ? runnable[from]!.scriptDialect : (runnable[0]?.scriptDialect ?? 'claude');
  const reply = emit(answer, { host: args.to, script, event: p.event, hostEvent: p.hostEvent, tool: runs[0]?.tool, hostTool: typeof p.payload.tool_name === 'string' ? p.payload.tool_name : undefined, ...(p.mode ? { mode: p.mode } : {}) }, args);
  const stderr = runs.map((r) => r.failure ?? [r.stderr, r.note].filter(Boolean).join('\n')).filter(Boolean);
  const passthrough = [...(reply.exitCode === 2 ? [] : stderr), guard];
  return withStderr(reply, args.to, [...passthrough, reply.stderr]);
}

export const dispatchMain = (argv: string[]) => hostMain(argv, { name: 'dispatch', get usage() { return usageLine(DISPATCH_HELP); }, get help() { return formatHostHelp(DISPATCH_HELP); }, parse: parseDispatchArgs, handle: dispatch });
