// One host's hook runner, from its data (mappings/dialects/<host>.yaml): which entries fire for the call (its
// event names and matcher rules), identical commands run once where it does so, in parallel or one after another,
// through its shell with its environment and timeouts; each output read under its rules, and combined its way.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIALECT_IDS, type DialectId } from '../model/dialect-ids.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import type { Payload } from './call.js';
import { aggregate, canonicalTool, hookMatches, isBlocking, readAnswer, runScript, shellQuote, strictJson, type Answer, type ScriptResult } from './engine.js';
import type { Entry } from './host-config.js';
import type { HostCall } from './host-call.js';

export interface HookRun {
  /** The command the host ran (a wrapper, through hook-bridge). */
  command: string;
  /** The hook's own command, where the host ran it through a hook-bridge wrapper. */
  wraps?: string;
  where: string;
  /** null: killed by the timeout, or it could not start. */
  exitCode: number | null;
  timedOut: boolean;
  ms: number;
  stdout: string;
  stderr: string;
  /** What the host read from it. */
  answer: Answer;
  /** It gave a decision the host parses, honoured or not (Qwen Code reads an `allow` it cannot honour, which still overrides an earlier deny). */
  decided: boolean;
}

export interface NotRun {
  where: string;
  command?: string;
  why: string;
}

export interface HostRunResult {
  runs: HookRun[];
  /** The hooks' answers combined as the host combines them. */
  answer: Answer;
  notes: string[];
}

/** Every project-dir, plugin-root and session variable an agent sets: none leaks from the shell `test` runs in. */
const AGENT_VARS = new Set(
  DIALECT_IDS.flatMap((d) => {
    const e = mappings.dialects[d].env;
    return [...(e?.projectDir ?? []), ...(e?.provided ?? []), ...(e?.pluginRoot ? [e.pluginRoot] : []), ...(e?.envFile ? [e.envFile.var] : [])];
  }),
);

/** The environment the host gives its hooks: the caller's, without other agents' variables, with the host's project-dir ones. */
export function hostEnv(host: DialectId, base: NodeJS.ProcessEnv, projectDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) if (!AGENT_VARS.has(k)) env[k] = v;
  for (const v of mappings.dialects[host].env?.projectDir ?? []) env[v] = projectDir;
  return env;
}

/** A word quoted as the shell-quote package's quote() does it: bare where it can be, else in quotes. */
function shellQuoteWord(s: string): string {
  if (/["\s\\]/.test(s) && !/'/.test(s)) return `'${s}'`;
  if (/["'\s]/.test(s)) return `"${s.replace(/(["\\$`!])/g, '\\$1')}"`;
  return s.replace(/([A-Za-z]:)?([#!"$&'()*,:;<=>?@[\\\]^`{|}])/g, '$1\\$2');
}

/**
 * The host's own substitution of its variables in the command text before the shell runs it (env.commandSubstitutes,
 * Gemini CLI 0.61.0 hookRunner.js expandCommand: `$NAME`, not `${NAME}`, becomes the value quoted by shell-quote — a
 * path with a space inside double quotes then breaks the command).
 */
function substitute(host: DialectId, command: string, env: NodeJS.ProcessEnv): string {
  let out = command;
  for (const name of mappings.dialects[host].env?.commandSubstitutes ?? []) {
    const v = env[name];
    if (v !== undefined) out = out.replace(new RegExp(`\\$${name}`, 'g'), () => (v === '' ? '' : shellQuoteWord(v)));
  }
  return out;
}

const defaultMs = (host: DialectId): number | undefined => {
  const t = mappings.dialects[host].timeout;
  return t.default === null ? undefined : t.default * (t.unit === 's' ? 1000 : 1);
};

/** Last writer wins (Qwen Code, ag01..ag04): the last hook in config order that gave a decision decides alone — an `allow` it does not honour too. */
function lastWriterWins(runs: HookRun[]): Answer {
  const out = aggregate(runs).answer;
  const last = [...runs].reverse().find((r) => r.decided)?.answer;
  delete out.decision;
  delete out.block;
  delete out.reason;
  delete out.updatedInput;
  if (last?.decision) out.decision = last.decision;
  if (last?.block) out.block = true;
  if (last?.reason !== undefined && (last.decision || last.block)) out.reason = last.reason;
  if (last?.updatedInput) out.updatedInput = last.updatedInput;
  return out;
}

/** The answers of several hooks as the host combines them (run.aggregation). */
function combine(host: DialectId, runs: HookRun[], notes: string[]): Answer {
  const how = mappings.dialects[host].run?.aggregation ?? 'unknown';
  if (how === 'last-writer-wins') return lastWriterWins(runs);
  if (how === 'unknown' && runs.length > 1) notes.push(`how ${mappings.dialects[host].agent} combines several hooks' answers is not known: combined as Claude Code does (deny > ask > allow)`);
  return aggregate(runs).answer;
}

export interface RunContext {
  projectDir: string;
  env: NodeJS.ProcessEnv;
}

export interface Selection {
  /** The entries the host runs for the call. */
  run: Entry[];
  /** Those whose event and matcher fire for the call (whether or not they run). */
  matched: Entry[];
  /** The call's event's entries that do not run, with why. */
  notRun: (NotRun & { entry: Entry })[];
}

/** Which entries of a host's config run for the call: its event names, its matcher rules, command hooks, identical commands once where it dedups. */
export function selectEntries(host: DialectId, entries: Entry[], call: HostCall): Selection {
  const spec = mappings.dialects[host];
  const parsed = { payload: call.payload, event: call.event, hostEvent: call.hostEvent };
  const out: Selection = { run: [], matched: [], notRun: [] };
  const skip = (entry: Entry, why: string) => out.notRun.push({ entry, where: entry.where, ...(entry.hook.command !== undefined ? { command: entry.hook.command } : {}), why });
  const seen = new Set<string>();
  for (const e of entries) {
    const h = e.hook;
    // A name the host does not know is no event of its: those hooks never run (unknown events are ignored).
    if (h.event === null) {
      if (h.nativeEvent === call.sourceEvent) skip(e, `${spec.agent} has no hook event "${h.nativeEvent}": never runs`);
      continue;
    }
    if (!fires(host, e, call, parsed)) {
      if (h.event === call.event) skip(e, `its matcher ${JSON.stringify(h.nativeMatcher)} does not fire for ${matchedValue(call)} on ${spec.agent}`);
      continue;
    }
    out.matched.push(e);
    const command = typeof e.run === 'string' ? e.run : e.run.join(' ');
    if (h.type !== 'command') skip(e, `a "${h.type}" hook: test runs command hooks only`);
    else if (spec.run?.dedupIdenticalCommands && seen.has(command)) skip(e, `the same command as another hook: ${spec.agent} runs it once`);
    else {
      seen.add(command);
      out.run.push(e);
    }
  }
  return out;
}

/** Does an entry's event and matcher fire for the call (a host that compares lifecycle matchers as one exact string: matcher.valuesExact)? */
function fires(host: DialectId, e: Entry, call: HostCall, parsed: Parameters<typeof hookMatches>[1]): boolean {
  const on = mappings.events[call.event]?.matcherOn;
  const m = e.hook.nativeMatcher;
  if (e.hook.event === call.event && on && on !== 'tool' && mappings.dialects[host].matcher.valuesExact && typeof m === 'string' && m !== '' && m !== '*') return m === call.payload[on];
  return hookMatches(e.hook, parsed, host, host);
}

/** Run the selected entries as the host would, and read what it decides from them. */
export async function runOnHost(host: DialectId, selected: Entry[], call: HostCall, ctx: RunContext): Promise<HostRunResult> {
  const spec = mappings.dialects[host];
  const tmp = mkdtempSync(join(tmpdir(), 'hook-bridge-test-'));
  try {
    const env = { ...ctx.env };
    const envFile = spec.env?.envFile;
    if (envFile?.providedByAgent && envFile.events.includes(call.event)) env[envFile.var] = join(tmp, 'env');
    const input = `${JSON.stringify(call.payload)}\n`;
    const one = (e: Entry) => runEntry(host, e, input, env, ctx.projectDir, call);
    const sequential = spec.run?.parallel === false || (spec.run?.sequentialField === true && selected.some((e) => e.hook.fields.sequential === true));
    const runs: HookRun[] = [];
    if (sequential) for (const e of selected) runs.push(await one(e));
    else runs.push(...(await Promise.all(selected.map(one))));
    const notes: string[] = [];
    return { runs, answer: combine(host, runs, notes), notes };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** What the call's matcher is tested against: the tool's name, or the event's field (SessionStart's source …). */
function matchedValue(call: HostCall): string {
  const on = mappings.events[call.event]?.matcherOn;
  const v = on === 'tool' ? call.payload.tool_name : on ? call.payload[on] : undefined;
  return typeof v === 'string' ? v : call.hostEvent;
}

async function runEntry(host: DialectId, e: Entry, input: string, baseEnv: NodeJS.ProcessEnv, cwd: string, call: HostCall): Promise<HookRun> {
  const spec = mappings.dialects[host];
  const env = { ...baseEnv };
  const own = e.hook.fields.env;
  if (spec.env?.perHookEnv && isObject(own)) for (const [k, v] of Object.entries(own)) if (typeof v === 'string') env[k] = v;
  if (e.pluginRoot !== undefined && spec.env?.pluginRoot) env[spec.env.pluginRoot] = e.pluginRoot;
  const command = typeof e.run === 'string' ? substitute(host, e.run, env) : e.run;
  const timeoutMs = e.timeoutMs ?? defaultMs(host) ?? 60_000;
  const started = Date.now();
  const r = await runScript({ from: host, command }, input, env, cwd, timeoutMs);
  const ms = Date.now() - started;
  // A hook that did not answer in time has no answer: the host reads nothing from it, then applies its timeout rule.
  const read: ScriptResult = r.timedOut ? { exitCode: null, stdout: '', stderr: '', timedOut: true } : r.spawnError ? { exitCode: 127, stdout: '', stderr: r.spawnError, timedOut: false } : r;
  const toolInput = isObject(call.payload.tool_input) ? call.payload.tool_input : undefined;
  const hostTool = typeof call.payload.tool_name === 'string' ? call.payload.tool_name : undefined;
  const answer = readAnswer(host, call.event, read, toolInput, hostTool ? canonicalTool(host, hostTool) : undefined);
  if (r.timedOut && spec.timeout.onTimeout === 'block' && isBlocking(call.event)) {
    const reason = `the hook timed out after ${timeoutMs / 1000} s, and ${spec.agent} blocks then`;
    if (call.event === 'user-prompt-submit') answer.block = true;
    else answer.decision = 'deny';
    answer.reason = reason;
  }
  const json = read.exitCode === 0 ? strictJson(read.stdout) : undefined;
  const hso = json?.hookSpecificOutput;
  const decided = answer.decision !== undefined || answer.block === true || (isObject(hso) && typeof hso.permissionDecision === 'string') || typeof json?.decision === 'string';
  const shown = typeof e.run === 'string' ? e.run : e.run.map((a) => shellQuote(a)).join(' ');
  return { command: shown, ...(e.hook.written !== undefined && e.hook.command !== undefined ? { wraps: e.hook.command } : {}), where: e.where, exitCode: r.timedOut ? null : read.exitCode, timedOut: r.timedOut, ms, stdout: r.stdout, stderr: read.stderr, answer, decided };
}
