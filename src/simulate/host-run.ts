// One host's hook runner, from its data (mappings/dialects/<host>.yaml): which entries fire for the call (its
// event names and matcher rules), identical commands run once where it does so, in parallel or one after another,
// through its shell with its environment and timeouts; each output read under its rules, and combined its way. An
// entry the host runs in another of its modes (mappings `modes`: Copilot CLI's Claude-compatible reading of the
// Claude files) gets the call in that mode, fires by that mode's tool names too, and is read under its output rules.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { DIALECT_IDS, type DialectId } from '../model/dialect-ids.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import {
  aggregate,
  canonicalCall,
  canonicalTool,
  carriesPreToolContext,
  firesOn,
  hookMatches,
  isBlocking,
  matcherFires,
  nativeEvent,
  readAnswer,
  runScript,
  shellQuote,
  strictJson,
  takeNotes,
  toolEntry,
  type Answer,
  type ScriptResult,
} from './engine.js';
import type { Entry } from './host-config.js';
import { callInMode, type HostCall } from './host-call.js';

export interface HookRun {
  /** The command the host ran (a wrapper, through hook-bridge). */
  command: string;
  /** The hook's own command, where the host ran it through a hook-bridge wrapper. */
  wraps?: string;
  /** The hooks' own commands, where the host ran a `hook-bridge dispatch` entry that carries several. */
  dispatches?: string[];
  /** The hook's own command, where convert gated it for this host (the gate ends it at once there). */
  gated?: string;
  where: string;
  /** null: killed by the timeout, or it could not start. */
  exitCode: number | null;
  timedOut: boolean;
  ms: number;
  stdout: string;
  stderr: string;
  /** What the host read from it. */
  answer: Answer;
  /** The way the host ran it, where it has several (mappings `modes`). */
  mode?: string;
  /** It gave a decision the host parses, honoured or not (Qwen Code reads an `allow` it cannot honour, which still
   * overrides an earlier deny).
   */
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
  /** The mode of the hooks that answered, where they all ran in one other than the host's own (its rules then decide).
   */
  mode?: string;
  notes: string[];
}

/** Every project-dir, plugin-root, session, marker and agent-pid variable an agent sets: none leaks from the shell
 * `test` runs in.
 */
const AGENT_VARS = new Set(
  DIALECT_IDS.flatMap((d) => {
    const e = mappings.dialects[d].env;
    return [
      ...(e?.projectDir ?? []),
      ...(e?.provided ?? []),
      ...(e?.pluginRoot ? [e.pluginRoot] : []),
      ...(e?.envFile ? [e.envFile.var] : []),
      ...(e?.marker ? [e.marker] : []),
      ...(e?.agentPid ? [e.agentPid] : []),
    ];
  }),
);

/**
 * The environment the host gives its hooks: the caller's, without other agents' variables, with the host's project-dir
 * ones and its marker (`env.marker`: COPILOT_CLI=1 in every hook Copilot CLI runs — what a gate convert wrote tests).
 */
export function hostEnv(host: DialectId, base: NodeJS.ProcessEnv, projectDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) if (!AGENT_VARS.has(k)) env[k] = v;
  const own = mappings.dialects[host].env;
  for (const v of own?.projectDir ?? []) env[v] = projectDir;
  // A marker the host sets anyway (Cursor's CURSOR_PROJECT_DIR, a project-dir variable) keeps its value.
  if (own?.marker && env[own.marker] === undefined) env[own.marker] = '1';
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

/** Last writer wins (Qwen Code, ag01..ag04): the last hook in config order that gave a decision decides alone — an
 * `allow` it does not honour too.
 */
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

/** Did a hook say anything (a gated copy that ends at once, a hook that prints nothing and exits 0, does not)? */
const answered = (r: HookRun) => r.timedOut || r.exitCode !== 0 || r.stdout.trim() !== '';

/** The answers of several hooks as the host combines them (run.aggregation). */
function combine(host: DialectId, runs: HookRun[], notes: string[]): Answer {
  const how = mappings.dialects[host].run?.aggregation ?? 'unknown';
  if (how === 'last-writer-wins') return lastWriterWins(runs);
  if (how === 'unknown' && runs.filter(answered).length > 1)
    notes.push(
      `how ${mappings.dialects[host].agent} combines several hooks' answers is not known: combined as Claude ` +
        `Code does (deny > ask > allow)`,
    );
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

/** The call an entry gets: in the mode the host runs it in. */
const callFor = (host: DialectId, e: Entry, call: HostCall): HostCall =>
  e.mode ? callInMode(call, host, e.mode) : call;

/** Which entries of a host's config run for the call: its event names, its matcher rules, command hooks, identical
 * commands once where it dedups.
 */
export function selectEntries(host: DialectId, entries: Entry[], call: HostCall): Selection {
  const spec = mappings.dialects[host];
  const out: Selection = { run: [], matched: [], notRun: [] };
  const skip = (entry: Entry, why: string) =>
    out.notRun.push({
      entry,
      where: entry.where,
      ...(entry.hook.command !== undefined ? { command: entry.hook.command } : {}),
      why,
    });
  const seen = new Set<string>();
  for (const e of entries) {
    const h = e.hook;
    // A name the host does not know is no event of its: those hooks never run (unknown events are ignored).
    if (h.event === null) {
      if (h.nativeEvent === call.sourceEvent) skip(e, `${spec.agent} has no hook event "${h.nativeEvent}": never runs`);
      continue;
    }
    if (!fires(host, e, callFor(host, e, call))) {
      if (h.event === call.event)
        skip(
          e,
          `its matcher ${JSON.stringify(h.nativeMatcher)} does not fire for ${matchedValue(call)} on ${spec.agent}`,
        );
      continue;
    }
    out.matched.push(e);
    const command = typeof e.run === 'string' ? e.run : e.run.join(' ');
    if (h.type !== 'command') skip(e, `a "${h.type}" hook: test runs command hooks only`);
    else if (spec.run?.dedupIdenticalCommands && seen.has(command))
      skip(e, `the same command as another hook: ${spec.agent} runs it once`);
    else {
      seen.add(command);
      out.run.push(e);
    }
  }
  return out;
}

/**
 * Does an entry's event and matcher fire for the call (a host that compares lifecycle matchers as one exact string:
 * matcher.valuesExact)? In another mode the host tests a tool matcher, its way, against the mode's name for the tool
 * and its own (Copilot CLI: `Bash` and `bash` fire in a Claude file, README §5); lifecycle values as the mode's agent
 * names them.
 */
function fires(host: DialectId, e: Entry, call: HostCall): boolean {
  const on = mappings.events[call.event]?.matcherOn;
  const m = e.hook.nativeMatcher;
  const parsed = { payload: call.read, event: call.event, hostEvent: call.hostEvent };
  const mode = e.mode ? mappings.dialects[host].modes?.[e.mode] : undefined;
  if (mode) {
    if (!firesOn(e.hook.event, call.event)) return false;
    if (on !== 'tool') return hookMatches(e.hook, parsed, host, mode.eventNames);
    const own = typeof call.read.tool_name === 'string' ? call.read.tool_name : '';
    const tool = canonicalTool(host, own);
    return [own, ...(tool && toolEntry(mode.toolNames, tool) ? [toolEntry(mode.toolNames, tool)!.name] : [])].some(
      (n) => matcherFires(host, m, n),
    );
  }
  if (
    e.hook.event === call.event &&
    on &&
    on !== 'tool' &&
    mappings.dialects[host].matcher.valuesExact &&
    typeof m === 'string' &&
    m !== '' &&
    m !== '*'
  )
    return m === call.read[on];
  return hookMatches(e.hook, parsed, host, host);
}

/**
 * Hosts whose hooks run at once, in this process: as many as there are cores. A host runs its own hooks for a call,
 * not every other agent's beside them; `test` compares up to twenty hosts for one call, and all their hooks started
 * together (a hundred Node processes for a starter kit on 2 cores) took a hook with a 5 s timeout past it, so its
 * deny became "none" (issue 35). Within a host, its hooks still run together or in turn as that host runs them.
 */
const hostSlots = pLimit(Math.max(1, availableParallelism()));

/** Run the selected entries as the host would, and read what it decides from them. */
export function runOnHost(host: DialectId, selected: Entry[], call: HostCall, ctx: RunContext): Promise<HostRunResult> {
  return hostSlots(() => runAlone(host, selected, call, ctx));
}

async function runAlone(host: DialectId, selected: Entry[], call: HostCall, ctx: RunContext): Promise<HostRunResult> {
  const spec = mappings.dialects[host];
  const tmp = mkdtempSync(join(tmpdir(), 'hook-bridge-test-'));
  try {
    // The notes hook-bridge keeps for after a tool (src/run/pre-tool-notes.ts) are kept in the scratch directory.
    const env: NodeJS.ProcessEnv = { ...ctx.env, TMPDIR: tmp };
    const envFile = spec.env?.envFile;
    if (envFile?.providedByAgent && envFile.events.includes(call.event)) env[envFile.var] = join(tmp, 'env');
    const one = (e: Entry) => runEntry(host, e, env, ctx.projectDir, callFor(host, e, call));
    const sequential =
      spec.run?.parallel === false ||
      (spec.run?.sequentialField === true && selected.some((e) => e.hook.fields.sequential === true));
    const runs: HookRun[] = [];
    if (sequential) for (const e of selected) runs.push(await one(e));
    else runs.push(...(await Promise.all(selected.map(one))));
    const notes: string[] = [];
    const modes = new Set(runs.filter(answered).map((r) => r.mode));
    const mode = modes.size === 1 ? [...modes][0] : undefined;
    const answer = combine(host, runs, notes);
    // A PreToolUse note hook-bridge carries to the call's PostToolUse (the host drops it here): the model gets it
    // after the tool result, as on Claude Code.
    const carried =
      call.event === 'pre-tool-use' && carriesPreToolContext(host)
        ? takeNotes(canonicalCall(host, call.payload).payload, env)
        : [];
    if (carried.length) {
      answer.context = [...answer.context, ...carried.map((n) => n.context)];
      notes.push(
        `hook-bridge gives the ${call.hostEvent} note after the tool result, with the ` +
          `${nativeEvent(host, 'post-tool-use') ?? 'PostToolUse'} context`,
      );
    }
    return { runs, answer, ...(mode ? { mode } : {}), notes };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** What the call's matcher is tested against: the tool's name, or the event's field (SessionStart's source …). */
function matchedValue(call: HostCall): string {
  const on = mappings.events[call.event]?.matcherOn;
  const v = on === 'tool' ? call.read.tool_name : on ? call.read[on] : undefined;
  return typeof v === 'string' ? v : call.hostEvent;
}

async function runEntry(
  host: DialectId,
  e: Entry,
  baseEnv: NodeJS.ProcessEnv,
  cwd: string,
  call: HostCall,
): Promise<HookRun> {
  const input = `${JSON.stringify(call.payload)}\n`;
  const spec = mappings.dialects[host];
  const env = { ...baseEnv };
  const own = e.hook.fields.env;
  if (spec.env?.perHookEnv && isObject(own))
    for (const [k, v] of Object.entries(own)) if (typeof v === 'string') env[k] = v;
  if (e.pluginRoot !== undefined && spec.env?.pluginRoot) env[spec.env.pluginRoot] = e.pluginRoot;
  const command = typeof e.run === 'string' ? substitute(host, e.run, env) : e.run;
  const timeoutMs = e.timeoutMs ?? defaultMs(host) ?? 60_000;
  const started = Date.now();
  const r = await runScript({ from: host, command }, input, env, cwd, timeoutMs);
  const ms = Date.now() - started;
  // A hook that did not answer in time has no answer: the host reads nothing from it, then applies its timeout rule.
  const read: ScriptResult = r.timedOut
    ? { exitCode: null, stdout: '', stderr: '', timedOut: true }
    : r.spawnError
      ? { exitCode: 127, stdout: '', stderr: r.spawnError, timedOut: false }
      : r;
  const toolInput = isObject(call.read.tool_input) ? call.read.tool_input : undefined;
  const hostTool = typeof call.read.tool_name === 'string' ? call.read.tool_name : undefined;
  const answer = readAnswer(
    host,
    call.event,
    read,
    toolInput,
    hostTool ? canonicalTool(host, hostTool) : undefined,
    undefined,
    e.mode,
  );
  if (r.timedOut && spec.timeout.onTimeout === 'block' && isBlocking(call.event)) {
    const reason = `the hook timed out after ${timeoutMs / 1000} s, and ${spec.agent} blocks then`;
    if (call.event === 'user-prompt-submit') answer.block = true;
    else answer.decision = 'deny';
    answer.reason = reason;
  }
  const json = read.exitCode === 0 ? strictJson(read.stdout) : undefined;
  const hso = json?.hookSpecificOutput;
  const decided =
    answer.decision !== undefined ||
    answer.block === true ||
    (isObject(hso) && typeof hso.permissionDecision === 'string') ||
    typeof json?.decision === 'string';
  const shown = typeof e.run === 'string' ? e.run : e.run.map((a) => shellQuote(a)).join(' ');
  const hook = e.hook.command;
  // An `async: true` entry on an agent that applies it (Claude Code, Qwen Code, Codex CLI) runs in the background: the
  // agent does not act on its answer (test still waits for it, so that nothing it started outlives the run).
  const background = e.hook.fields.async === true && (spec.handlerFields ?? []).includes('async');
  return {
    command: shown,
    ...(e.dispatches
      ? { dispatches: e.dispatches }
      : e.hook.written !== undefined && hook !== undefined
        ? { wraps: hook }
        : {}),
    ...(e.hook.gatedFor === host && hook !== undefined ? { gated: hook } : {}),
    ...(e.mode ? { mode: e.mode } : {}),
    where: e.where,
    exitCode: r.timedOut ? null : read.exitCode,
    timedOut: r.timedOut,
    ms,
    stdout: r.stdout,
    stderr: read.stderr,
    answer: background ? { context: [] } : answer,
    decided: !background && decided,
  };
}
