// The script's answer (exit code, stdout, stderr) read under the SCRIPT's agent rules
// (mappings/dialects/<script>.yaml `output`), into one canonical Answer.
import { fromNativeNames } from './answer-names.js';
import type { DialectId } from '../model/dialect-ids.js';
import type { mappings, ToolEntry } from '../model/mappings.js';
import { isObject } from '../model/is-object.js';
import { toolEntry } from '../dialects/catalog.js';
import { specIn } from '../dialects/host-mode.js';

export interface Answer {
  /** Tool permission: PreToolUse / PermissionRequest. */
  decision?: 'allow' | 'deny' | 'ask';
  /** Non-tool block: prompt blocked, Stop continues, PostToolUse feedback. */
  block?: boolean;
  reason?: string;
  /** The rewritten tool input, in the script's parameter names, already complete (merge applied). */
  updatedInput?: Record<string, unknown>;
  context: string[];
  continueFalse?: boolean;
  stopReason?: string;
  systemMessage?: string;
  suppressOutput?: boolean;
}

export interface ScriptResult {
  /** null when killed by the timeout. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

const TOOL_PERMISSION = new Set(['pre-tool-use', 'permission-request']);
/** Events where exit 2 / decision:block mean something on the script's agent. */
const BLOCKABLE = new Set([
  'pre-tool-use',
  'permission-request',
  'user-prompt-submit',
  'stop',
  'subagent-stop',
  'post-tool-use',
  'post-tool-use-failure',
]);

/** The script's agent's output rules (mappings/dialects/<script>.yaml `output`), in the mode it ran the hook. */
type OutputSpec = NonNullable<(typeof mappings.dialects)[DialectId]['output']>;

/** Same JSON value, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => k in b && sameJson(a[k], b[k]));
}

/** stdout as the agents read it: one JSON object and nothing else, or plain text. */
export function strictJson(text: string): Record<string, unknown> | undefined {
  const t = text.trim();
  if (!t.startsWith('{') || !t.endsWith('}')) return undefined;
  try {
    const v: unknown = JSON.parse(t);
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Does a strict-schema agent void this answer as a whole (output.answerSchema strict: a key it does not accept on
 * the event, output.answers; a form output.voids names)? Codex CLI then counts the hook as failed.
 */
function voided(json: Record<string, unknown>, ev: string, spec: OutputSpec): boolean {
  const accepted = spec.answers?.[ev];
  if (!accepted) return true;
  const hso = json.hookSpecificOutput;
  if (Object.keys(json).some((k) => k !== 'hookSpecificOutput' && !accepted.includes(k))) return true;
  const blank = (x: unknown) => typeof x !== 'string' || !x.trim();
  if (json.decision !== undefined && (json.decision !== 'block' || blank(json.reason))) return true;
  if (hso === undefined) return false;
  if (
    !isObject(hso) ||
    typeof hso.hookEventName !== 'string' ||
    Object.keys(hso).some((k) => k !== 'hookEventName' && !accepted.includes(`hookSpecificOutput.${k}`))
  )
    return true;
  const pd = hso.permissionDecision;
  if (pd !== undefined && !spec.permissionDecision.includes(pd as 'allow')) return true;
  const forms = spec.voids ?? [];
  if (pd === 'allow' && hso.updatedInput === undefined && forms.includes('allow-without-updated-input')) return true;
  if (hso.updatedInput !== undefined && pd !== 'allow' && forms.includes('updated-input-without-allow')) return true;
  return pd === 'deny' && blank(hso.permissionDecisionReason);
}

/**
 * The parameters a replacing rewrite must carry, in the script's names: those the script's tool requires that the
 * host's tool has too, and those the host's tool requires. A rewrite is judged on what the host receives: Claude's
 * Agent requires a `description` that Gemini's invoke_agent and Codex's spawn_agent do not have, so the script was
 * never given one to hand back. Where the host's tool is not known with all its parameters: the script's own.
 */
function requiredParams(script: DialectId, host: DialectId | undefined, tool: string): string[] {
  const own = toolEntry(script, tool);
  const there = host && host !== script ? toolEntry(host, tool) : undefined;
  if (!own || !there || there.paramsComplete === false) return own?.required ?? [];
  const canonical = (e: ToolEntry, n: string) => e.params.find(([x]) => x === n)?.[1] ?? n;
  const scriptName = (c: string) => own.params.find(([, x]) => x === c)?.[0] ?? c;
  // A list whose items are one call each of the script's tool (Pi's edits: Claude's old_string, new_string): its
  // fields are the host's parameters, and the list is required as the fields the script's tool requires of them.
  const items = (n: string) => (own.items?.[n] ? undefined : there.items?.[n]);
  const hostHas = new Set([
    ...there.params.map(([, c]) => c),
    ...Object.keys(there.embeds ?? {}),
    ...Object.values(there.items ?? {}).flatMap((f) => Object.values(f)),
  ]);
  const kept = (own.required ?? []).filter((n) => hostHas.has(canonical(own, n)));
  const hostRequired = (there.required ?? []).flatMap((n) =>
    items(n)
      ? Object.values(items(n)!).filter((c) => kept.some((k) => canonical(own, k) === c))
      : [canonical(there, n)],
  );
  return [...new Set([...kept, ...hostRequired.map(scriptName)])];
}

/** Does the agent (in `mode`) reject this JSON answer on the event as a whole (a strict schema: Codex CLI)? */
export function answerVoid(agent: DialectId, event: string, json: Record<string, unknown>, mode?: string): boolean {
  const spec = specIn(agent, mode).output!;
  return spec.answerSchema === 'strict' && voided(json, event, spec);
}

/** One script answer being read: its agent's rules, the call it answers, and the Answer built so far. */
interface Reading {
  spec: OutputSpec;
  ev: string;
  a: Answer;
  script: DialectId;
  tool: string | undefined;
  host: DialectId | undefined;
  originalInput: Record<string, unknown> | undefined;
  /** Records a deny (tool-permission events) or a block (the others); the first reason given stays. */
  deny: (reason: string | undefined) => void;
}

/** hookSpecificOutput.permissionDecision and PermissionRequest's decision object, read into the Answer. */
function readPermission(rd: Reading, hso: Record<string, unknown>): void {
  const { spec, ev, a } = rd;
  const pd = hso.permissionDecision;
  const reason = typeof hso.permissionDecisionReason === 'string' ? hso.permissionDecisionReason : undefined;
  // A tool-permission answer: read on the events that decide a call (hookify answers it on PostToolUse too,
  // where Claude Code reads no permissionDecision: the call already ran and nothing is blocked).
  if (
    (pd === 'allow' || pd === 'deny' || pd === 'ask') &&
    spec.permissionDecision.includes(pd) &&
    TOOL_PERMISSION.has(ev)
  ) {
    if (pd === 'deny') rd.deny(reason);
    else if (a.decision !== 'deny') {
      a.decision = pd;
      if (reason !== undefined) a.reason = reason;
    }
  }
  // PermissionRequest answers: { decision: { behavior, message, updatedInput } }
  if (isObject(hso.decision) && ev === 'permission-request') {
    const b = hso.decision.behavior;
    const msg = typeof hso.decision.message === 'string' ? hso.decision.message : undefined;
    if (b === 'deny') rd.deny(msg);
    else if (b === 'allow' && a.decision !== 'deny') a.decision = 'allow';
    if (isObject(hso.decision.updatedInput)) a.updatedInput = hso.decision.updatedInput;
  }
}

/** hookSpecificOutput's input rewrites (updatedInput, modifiedInput), read as the script's agent applies them. */
function readRewrites(rd: Reading, hso: Record<string, unknown>): void {
  const { spec, ev, a, script, tool, host, originalInput } = rd;
  for (const field of ['updatedInput', 'modifiedInput'] as const) {
    const mode = spec[field];
    // Gemini CLI reads its rewrite from hookSpecificOutput.tool_input (output.rewriteField).
    const v = hso[field === 'updatedInput' ? (spec.rewriteField ?? field) : field];
    if (mode === 'ignored' || !isObject(v) || !TOOL_PERMISSION.has(ev)) continue;
    // A replacing agent (Claude Code) rejects a rewrite that lacks a required parameter: the call fails
    // and the model is told (docs/observations.md). A merging host would fill it in from the original.
    const entry = mode === 'replace' && tool ? toolEntry(script, tool) : undefined;
    const missing = entry ? requiredParams(script, host, tool!).filter((k) => !(k in v)) : [];
    if (missing.length)
      rd.deny(
        `PreToolUse hook for ${entry!.name} returned updatedInput that failed schema validation: the ` +
          `required parameter${missing.length > 1 ? 's' : ''} ` +
          missing.map((k) => `\`${k}\``).join(', ') +
          ` ` +
          (missing.length > 1 ? 'are' : 'is') +
          ` missing`,
      );
    else {
      const input = mode === 'merge' ? { ...(originalInput ?? {}), ...v } : v;
      // The call's own input handed back is not a rewrite: the call proceeds as it is (a host that cannot
      // apply rewrites must not deny it and ask the model to re-issue the very same call).
      if (!sameJson(input, originalInput)) a.updatedInput = input;
    }
  }
}

/** The event's fields of a JSON answer (hookSpecificOutput, or the top level on a flat-shaped agent). */
function readHookSpecific(rd: Reading, json: Record<string, unknown>): void {
  const { spec, ev, a } = rd;
  // Where the agent reads the event's fields at the top level (Copilot CLI's own files), they are the answer itself.
  const hso = spec.answerShape === 'flat' ? json : json.hookSpecificOutput;
  const hsoOk =
    isObject(hso) &&
    (spec.answerShape === 'flat' || !spec.requiresHookEventName || typeof hso.hookEventName === 'string');
  if (!hsoOk) return;
  readPermission(rd, hso);
  readRewrites(rd, hso);
  if (typeof hso.additionalContext === 'string' && hso.additionalContext && spec.additionalContext[ev] === 'to-model')
    a.context.push(hso.additionalContext);
}

/** A JSON answer's top-level decision (block, deny, ask, approve), as the script's agent reads it. */
function readLegacyDecision(rd: Reading, json: Record<string, unknown>): void {
  const { spec, ev, a } = rd;
  if ((json.decision === 'block' || json.decision === 'deny') && spec.legacyDecision.includes(json.decision))
    rd.deny(typeof json.reason === 'string' ? json.reason : undefined);
  // ask stays an ask; approve is an allow, whose reason Claude Code shows the user as permissionDecisionReason's.
  const said = json.decision === 'ask' || json.decision === 'approve' ? json.decision : undefined;
  if (said && spec.legacyDecision.includes(said) && a.decision === undefined && TOOL_PERMISSION.has(ev)) {
    a.decision = said === 'ask' ? 'ask' : 'allow';
    if (typeof json.reason === 'string') a.reason = json.reason;
  }
}

/** A JSON answer's continue, systemMessage and suppressOutput, as the script's agent reads them. */
function readCommonFields(rd: Reading, json: Record<string, unknown>): void {
  const { spec, ev, a } = rd;
  if (json.continue === false) {
    const stopReason = typeof json.stopReason === 'string' ? json.stopReason : undefined;
    // Where the script's own agent reads continue:false as "go on" (Qwen Code, CodeBuddy Code, the IDE on Stop),
    // the script asked for a block: the agent keeps working, told the stopReason.
    if (spec.continueFalse[ev] === 'continues') rd.deny(stopReason ?? 'a hook asked the agent to continue');
    // Where the script's own agent ignores it (Claude Code on SessionStart), it asks for nothing.
    else if (spec.continueFalse[ev] !== 'ignored') {
      a.continueFalse = true;
      if (stopReason !== undefined) a.stopReason = stopReason;
    }
  }
  if (typeof json.systemMessage === 'string') a.systemMessage = json.systemMessage;
  if (json.suppressOutput === true) a.suppressOutput = true;
}

/** The exit code's meaning on the script's agent: exit 2 (Gemini CLI: 2 and up) blocks, Copilot's errors deny. */
function readExitCode(rd: Reading, r: ScriptResult, json: Record<string, unknown> | undefined): void {
  const { spec, ev, a } = rd;
  // Exit 2 blocks; on Gemini CLI every code from 2 up does, and only when the output is not JSON (output.otherExit).
  const blocking =
    (r.exitCode === 2 && !(spec.exit2NeedsStderr && !r.stderr.trim())) ||
    (spec.otherExit === 'blocks-from-2' && r.exitCode !== null && r.exitCode > 2 && !json);
  if (blocking && BLOCKABLE.has(ev) && (spec.exit2Events?.includes(ev) ?? true)) {
    const reason =
      spec.exit2Reason === 'stderr'
        ? r.stderr
        : spec.exit2Reason === 'ignored'
          ? `hook exited with code ${r.exitCode}`
          : r.stdout.trim() || r.stderr;
    rd.deny(reason.replace(/\n$/, ''));
  }
  // Where a failing hook denies the call whatever it printed (Copilot CLI: exit 1, 127 …), as its agent shows it.
  if (
    spec.otherExit === 'denies' &&
    r.exitCode !== null &&
    r.exitCode !== 0 &&
    r.exitCode !== 2 &&
    TOOL_PERMISSION.has(ev)
  ) {
    a.decision = 'deny';
    a.reason = `hook exited with code ${r.exitCode} (hook errored)`;
  }
}

/**
 * `tool`: the call's canonical tool id, where known (a replacing updatedInput is checked against the parameters the
 * host's tool needs: requiredParams); `host`: the agent that made the call; `mode`: the way the script's agent ran the
 * hook, where it has several (mappings `modes`: its output rules in that mode).
 */
export function readAnswer(
  script: DialectId,
  event: string | undefined,
  r: ScriptResult,
  originalInput: Record<string, unknown> | undefined,
  tool?: string,
  host?: DialectId,
  mode?: string,
): Answer {
  const spec = specIn(script, mode).output!;
  const a: Answer = { context: [] };
  const ev = event ?? '';
  const deny = (reason: string | undefined) => {
    if (TOOL_PERMISSION.has(ev)) a.decision = 'deny';
    else a.block = true;
    if (reason !== undefined && a.reason === undefined) a.reason = reason;
  };
  const rd: Reading = { spec, ev, a, script, tool, host, originalInput, deny };

  // An event whose answers the script's own agent reads in no form (Codex CLI's model requests): the answer is none.
  if (spec.observeOnly?.includes(ev)) return a;
  const jsonAllowed = r.exitCode === 0 || r.timedOut || spec.jsonOnNonZeroExit === 'honoured';
  const said = jsonAllowed ? strictJson(r.stdout) : undefined;
  const json = said && fromNativeNames(said, spec.answerFieldNames);
  // The script's own agent would have voided the whole answer (Codex CLI): it has no effect there, so none here.
  if (json && spec.answerSchema === 'strict' && voided(json, ev, spec)) return a;
  if (json) {
    readHookSpecific(rd, json);
    readLegacyDecision(rd, json);
    readCommonFields(rd, json);
  } else if (r.exitCode === 0 && r.stdout.trim() && spec.plainStdoutContext.includes(ev)) {
    a.context.push(r.stdout.replace(/\n$/, ''));
  }
  readExitCode(rd, r, json);
  return a;
}

/** Claude Code's aggregation (ground truth agg1..agg5): deny > ask > allow; blocks win; contexts add up. */
export function aggregate(runs: { answer: Answer }[]): { answer: Answer; from: number } {
  const a: Answer = { context: [] };
  const answers = runs.map((r) => r.answer);
  const denied = answers.filter((x) => x.decision === 'deny');
  const rank = (x: Answer) => (x.decision === 'deny' ? 3 : x.decision === 'ask' ? 2 : x.decision === 'allow' ? 1 : 0);
  const top = answers.reduce((best, x) => (rank(x) > rank(best) ? x : best), a);
  if (top.decision) a.decision = top.decision;
  const reasons = (denied.length ? denied : top.decision ? [top] : [])
    .map((x) => x.reason)
    .filter((r): r is string => !!r);
  const blocks = answers.filter((x) => x.block);
  if (blocks.length) a.block = true;
  const allReasons = [...reasons, ...blocks.map((x) => x.reason).filter((r): r is string => !!r)];
  if (allReasons.length) a.reason = [...new Set(allReasons)].join('\n');
  // A rewrite is applied only when nothing denies; the first hook (in priority order) that rewrites wins.
  const from = a.decision === 'deny' ? -1 : answers.findIndex((x) => x.updatedInput);
  if (from >= 0) a.updatedInput = answers[from]!.updatedInput!;
  a.context = answers.flatMap((x) => x.context);
  if (answers.some((x) => x.continueFalse)) {
    a.continueFalse = true;
    const stop = answers.find((x) => x.stopReason !== undefined)?.stopReason;
    if (stop !== undefined) a.stopReason = stop;
  }
  const messages = answers.map((x) => x.systemMessage).filter((m): m is string => m !== undefined);
  if (messages.length) a.systemMessage = messages.join('\n');
  if (answers.some((x) => x.suppressOutput)) a.suppressOutput = true;
  return { answer: a, from };
}
