// A canonical Answer -> what the HOST agent honours (mappings/dialects/<host>.yaml `output`):
// the stdout JSON, the stderr text and the exit code to hand back.
import { toNativeNames } from './answer-names.js';
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { asCoveringInput } from '../dialects/covered-params.js';
import { renameParams, toolEntry } from '../dialects/catalog.js';
import { specIn } from '../dialects/host-mode.js';
import type { Answer } from './answer.js';

export interface HostReply {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface EmitOptions {
  /**
   * What `ask` becomes. Unset: relayed where the host asks the user as Claude Code does (a prompt when
   * interactive, a deny when headless: Qwen Code, the IDE), denied with the reason elsewhere (CodeBuddy Code
   * hangs in -p and runs the tool under -y).
   */
  ask?: 'ask' | 'deny' | 'allow';
  /**
   * Whether the host runs interactively by its own rule (mappings `output.interactiveSession`; run passes
   * interactive-session.ts), asked only for an `ask` the host confirms interactively but hangs on headless (Gemini
   * CLI). Unset: headless.
   */
  interactive?: () => boolean;
  /** An input rewrite on a host that ignores rewrites. */
  rewrite: 'deny' | 'ignore';
}

export interface EmitContext {
  host: DialectId;
  script: DialectId;
  /** Canonical event id. */
  event: string | undefined;
  /** The host's native event name. */
  hostEvent: string;
  /** Canonical tool id of the call. */
  tool: string | undefined;
  /** The host's native tool name. */
  hostTool: string | undefined;
  /** The way the host ran the hook, where it has several (mappings `modes`): the answer is given in that mode's form.
   */
  mode?: string;
}

/** The host's output facts (mappings/dialects/<host>.yaml `output`). */
type HostOutput = NonNullable<(typeof mappings.dialects)[DialectId]['output']>;

const TOOL_PERMISSION = new Set(['pre-tool-use', 'permission-request']);
const STOPS = new Set(['stop', 'subagent-stop']);

/** Does relaying `ask` to this host fail closed? It asks a person, or denies when nobody can answer. */
export function askRelaysSafely(host: DialectId): boolean {
  const out = mappings.dialects[host].output!;
  return (
    out.permissionDecision.includes('ask') &&
    out.askInteractive === 'prompt' &&
    (out.askHeadless === 'deny' || out.askHeadless === 'never-headless')
  );
}

/**
 * Does relaying `ask` to this host fail closed in this session? Where it hangs headless but confirms interactively
 * (Gemini CLI), only when the session is interactive by the host's own rule — asked last, and only then.
 */
function askRelaysHere(host: DialectId, o: EmitOptions): boolean {
  if (askRelaysSafely(host)) return true;
  const out = mappings.dialects[host].output!;
  return (
    out.askInteractive === 'prompt' &&
    out.interactiveSession !== undefined &&
    (out.permissionDecision.includes('ask') || out.legacyDecision.includes('ask')) &&
    o.interactive?.() === true
  );
}

/** The reason a host shows when it cannot apply a rewrite: the model can re-issue the call itself. */
function rewriteDenyReason(hostTool: string | undefined, input: Record<string, unknown>, agent: string): string {
  return (
    `A hook rewrote this call, but ${agent} cannot apply rewritten input, so hook-bridge blocked it instead of ` +
    `running the original. Re-issue the call as: ${hostTool ?? 'the same tool'} ${JSON.stringify(input)}`
  );
}

/**
 * An answer as the host acts on it: the host's output facts applied (an ask it cannot show, a rewrite it cannot apply,
 * continue:false where it means something else, a post-tool block it drops). `emit` puts it in the host's form; a
 * in-process host's engine (in-process-engine.ts) hands it to the binding as it is.
 */
export interface HostAnswer {
  decision?: 'allow' | 'deny' | 'ask';
  /** A prompt blocked, a Stop that continues, post-tool feedback. */
  block: boolean;
  reason?: string;
  /** The rewritten input, in the host's parameter names: only where the host applies it. */
  input?: Record<string, unknown>;
  context: string[];
  /** continue:false as the host ends the session with it. */
  continueFalse: boolean;
  stopReason?: string;
  systemMessage?: string;
  suppressOutput: boolean;
  /** hook-bridge's notes for the user: what the host could not take as the script gave it. */
  notes: string[];
}

/** What an `ask` becomes on the host: relayed, the --ask choice, or a deny where the host reads no ask. */
function hostAsk(
  reason: string | undefined,
  host: DialectId,
  o: EmitOptions,
  out: HostOutput,
): { decision: 'allow' | 'deny' | 'ask'; reason: string | undefined } {
  const ask = o.ask ?? (askRelaysHere(host, o) ? 'ask' : 'deny');
  if (ask !== 'ask')
    return {
      decision: ask,
      reason: ask === 'deny' ? (reason ?? 'a hook asked for confirmation, which this agent cannot show') : reason,
    };
  if (!out.permissionDecision.includes('ask') && !out.legacyDecision.includes('ask'))
    return { decision: 'deny', reason };
  return { decision: 'ask', reason };
}

/** A rewrite in the host's parameter names; on a strict host, only its tool's own parameters. */
function hostParams(updated: Record<string, unknown>, ctx: EmitContext, out: HostOutput): Record<string, unknown> {
  // A rewrite of a tool the host does with another one by its parameters (a Write on Cline: its editor).
  const covering = ctx.tool && !toolEntry(ctx.host, ctx.tool) ? mappings.index.toolCovering[ctx.host][ctx.tool] : '';
  const by = covering ? toolEntry(ctx.host, covering) : undefined;
  if (by?.coveredAs) return asCoveringInput(by, renameParams(updated, toolEntry(ctx.script, ctx.tool!), undefined));
  const input = renameParams(
    updated,
    ctx.tool ? toolEntry(ctx.script, ctx.tool) : undefined,
    ctx.tool ? toolEntry(ctx.host, ctx.tool) : undefined,
  );
  // A strict host gets only its tool's own parameters (Claude's `description` of a Bash call has no place in
  // Codex's).
  const own =
    out.answerSchema === 'strict' && ctx.tool ? toolEntry(ctx.host, ctx.tool)?.params.map(([n]) => n) : undefined;
  return own ? Object.fromEntries(Object.entries(input).filter(([k]) => own.includes(k))) : input;
}

export function hostAnswer(a: Answer, ctx: EmitContext, o: EmitOptions): HostAnswer {
  const spec = specIn(ctx.host, ctx.mode);
  const out = spec.output!;
  const ev = ctx.event ?? '';
  const notes: string[] = [];
  let decision = a.decision;
  let reason = a.reason;
  let block = a.block === true;

  // A host that does not act on continue:false before a tool call or a prompt (Codex CLI voids the answer, Copilot CLI
  // ignores the field: the tool runs, the prompt goes to the model): the nearest it honours is a deny of the call, a
  // block of the prompt, with the stopReason as the reason — what Qwen Code and CodeBuddy Code do with it themselves.
  let continueFalse = a.continueFalse === true;
  const unheeded = out.continueFalse[ev] === 'answer-void' || out.continueFalse[ev] === 'ignored';
  if (continueFalse && unheeded && (ev === 'pre-tool-use' || ev === 'user-prompt-submit')) {
    continueFalse = false;
    // A deny or block the script gave itself keeps its own reason.
    if (ev === 'pre-tool-use' ? decision !== 'deny' : !block)
      reason = a.stopReason ?? reason ?? 'a hook stopped the agent';
    if (ev === 'pre-tool-use') decision = 'deny';
    else block = true;
    notes.push(
      `hook-bridge: ${spec.agent} does not act on continue:false on ${ctx.hostEvent}; the ` +
        `${ev === 'pre-tool-use' ? 'call is denied' : 'prompt is blocked'} instead`,
    );
  }
  if (decision === 'ask') ({ decision, reason } = hostAsk(reason, ctx.host, o, out));

  let input: Record<string, unknown> | undefined;
  if (a.updatedInput && TOOL_PERMISSION.has(ev) && decision !== 'deny') {
    input = hostParams(a.updatedInput, ctx, out);
    const honoured = ev === 'permission-request' || out.updatedInput !== 'ignored' || out.modifiedInput !== 'ignored';
    if (!honoured) {
      if (o.rewrite === 'deny') {
        decision = 'deny';
        reason = rewriteDenyReason(ctx.hostTool, input, spec.agent);
      } else
        notes.push(`hook-bridge: ${spec.agent} ignores input rewrites; the original input runs (--rewrite ignore)`);
      input = undefined;
    }
  }

  // PostToolUse feedback: where the host drops blocks but delivers context, deliver the reason as context.
  const context = [...a.context];
  if (
    block &&
    (ev === 'post-tool-use' || ev === 'post-tool-use-failure') &&
    out.postToolUseBlock === 'dropped' &&
    out.additionalContext[ev] === 'to-model'
  ) {
    if (reason) context.push(reason);
    block = false;
  }
  if (block && ev === 'stop' && out.stopBlock === 'ignored-headless')
    notes.push(`hook-bridge: ${spec.agent} ignores Stop blocks when run headless`);

  let systemMessage = a.systemMessage;
  let stopReason = a.stopReason;
  if (continueFalse) {
    // Claude's continue:false on Stop means "end now"; Qwen Code, CodeBuddy Code and the IDE read it as "go on".
    // A Stop that does not block ends the turn anyway: forward it only where it is known to end the session,
    // and show its stopReason as a message instead.
    const meaning = out.continueFalse[ev];
    if (meaning === 'continues' || (STOPS.has(ev) && meaning !== 'session-ends')) {
      notes.push(
        `hook-bridge: continue:false on ${ctx.hostEvent} would make ${spec.agent} continue; letting it stop instead`,
      );
      if (stopReason !== undefined)
        systemMessage = systemMessage === undefined ? stopReason : `${systemMessage}\n${stopReason}`;
      continueFalse = false;
      stopReason = undefined;
    }
  }
  return {
    ...(decision ? { decision } : {}),
    block,
    ...(reason !== undefined ? { reason } : {}),
    ...(input ? { input } : {}),
    context,
    continueFalse,
    ...(continueFalse && stopReason !== undefined ? { stopReason } : {}),
    ...(systemMessage !== undefined ? { systemMessage } : {}),
    suppressOutput: a.suppressOutput === true,
    notes,
  };
}

/** An answer in the host's form: the stdout JSON, the stderr text and the exit code its output facts say it reads. */
export function emit(a: Answer, ctx: EmitContext, o: EmitOptions): HostReply {
  const spec = specIn(ctx.host, ctx.mode);
  const out = spec.output!;
  const ev = ctx.event ?? '';
  const h = hostAnswer(a, ctx, o);
  const { decision, reason, input: hostInput } = h;
  const voids = new Set(out.voids ?? []);
  const json: Record<string, unknown> = {};
  // Where the host reads an input rewrite from (Gemini CLI: tool_input; output.rewriteField).
  const rewriteField = out.updatedInput !== 'ignored' ? (out.rewriteField ?? 'updatedInput') : 'modifiedInput';
  const hso: Record<string, unknown> = { hookEventName: ctx.hostEvent };
  let stderr = '';
  let exitCode = 0;

  if (
    ev === 'permission-request' &&
    (decision === 'deny' || decision === 'allow') &&
    (out.hookSpecificFields?.includes('decision') ?? true)
  ) {
    hso.decision = {
      behavior: decision,
      ...(decision === 'deny' && reason ? { message: reason } : {}),
      ...(hostInput ? { updatedInput: hostInput } : {}),
    };
  } else if (decision === 'deny') {
    if (out.permissionDecision.includes('deny')) {
      hso.permissionDecision = 'deny';
      hso.permissionDecisionReason = reasonOrDefault(reason);
    } else if (out.legacyDecision.includes('deny')) {
      // Gemini CLI: a top-level decision. Not exit 2: it parses the reason text as JSON first, and a reason
      // like "1" or "null" parses to a non-object, which it then ignores — the deny would be lost.
      json.decision = 'deny';
      json.reason = reasonOrDefault(reason);
    } else {
      // Exit 2 is the deny every agent honours; keep stdout empty (CodeBuddy reads the reason from stdout first).
      stderr = reasonOrDefault(reason);
      exitCode = 2;
    }
  } else if (decision === 'ask') {
    // ask relayed (--ask ask, or by default where the host asks a person and denies when it cannot).
    if (out.permissionDecision.includes('ask')) {
      hso.permissionDecision = 'ask';
      if (reason) hso.permissionDecisionReason = reason;
    } else {
      // Gemini CLI: only a top-level decision is read.
      json.decision = 'ask';
      if (reason) json.reason = reason;
    }
    if (hostInput) hso[rewriteField] = hostInput;
  } else if (decision === 'allow' || hostInput) {
    // Never `allow` on a last-writer-wins host (Qwen): it would override another hook's deny, and cannot bypass its
    // permission check anyway.
    // Where an allow alone voids the answer, allow goes only with a rewrite; where a rewrite without allow does, always
    // with it (Codex CLI).
    const allow =
      decision === 'allow'
        ? !!hostInput || !voids.has('allow-without-updated-input')
        : !!hostInput && (voids.has('updated-input-without-allow') || out.rewriteWithAllow === true);
    if (allow && out.permissionDecision.includes('allow')) {
      hso.permissionDecision = 'allow';
      if (reason) hso.permissionDecisionReason = reason;
    }
    if (hostInput) hso[rewriteField] = hostInput;
  }
  if (h.block) {
    if (out.legacyDecision.includes('block')) {
      json.decision = 'block';
      json.reason = reasonOrDefault(reason);
    } else {
      // No `decision` field on this host (the CodeBuddy IDE's HookOutput): its documented block is exit 2 + stderr.
      stderr = reasonOrDefault(reason);
      exitCode = 2;
    }
  }
  if (h.context.length) hso.additionalContext = h.context.join('\n');
  if (h.continueFalse) {
    json.continue = false;
    if (h.stopReason !== undefined) json.stopReason = h.stopReason;
  }
  if (h.systemMessage !== undefined) json.systemMessage = h.systemMessage;
  if (h.suppressOutput) json.suppressOutput = true;
  if (Object.keys(hso).length > 1) json.hookSpecificOutput = hso;
  // A host that reads the event's fields at the top level only (Copilot CLI's own files ignore hookSpecificOutput).
  if (out.answerShape === 'flat' && json.hookSpecificOutput) {
    const { hookEventName: _name, ...fields } = hso;
    delete json.hookSpecificOutput;
    Object.assign(json, fields);
  }
  dropUndocumented(json, out.fields, out.hookSpecificFields);
  const notes = [...h.notes];
  if (out.answers) notes.push(...keepAccepted(json, out.answers[ev] ?? [], spec.agent, ctx.hostEvent));
  const named = toNativeNames(json, out.answerFieldNames);
  const stdout = exitCode === 2 || !Object.keys(named).length ? '' : `${JSON.stringify(named)}\n`;
  return { stdout, stderr: [stderr, ...notes].filter(Boolean).join('\n'), exitCode };
}

/** A deny or block reason a host shows: never empty (Codex CLI voids an answer whose reason is blank). */
export const reasonOrDefault = (reason: string | undefined) => (reason?.trim() ? reason : 'blocked by a hook');

/**
 * On a host that voids a whole answer with any key it does not accept on the event (Codex CLI), keep only the
 * accepted ones (`output.answers`: top-level keys, `hookSpecificOutput.<key>`); what goes is reported.
 */
function keepAccepted(json: Record<string, unknown>, accepted: string[], agent: string, hostEvent: string): string[] {
  const dropped: string[] = [];
  const hso = json.hookSpecificOutput as Record<string, unknown> | undefined;
  for (const k of Object.keys(hso ?? {}))
    if (k !== 'hookEventName' && !accepted.includes(`hookSpecificOutput.${k}`)) {
      dropped.push(k);
      delete hso![k];
    }
  if (hso && Object.keys(hso).length <= 1) delete json.hookSpecificOutput;
  for (const k of Object.keys(json))
    if (k !== 'hookSpecificOutput' && !accepted.includes(k)) {
      dropped.push(k);
      delete json[k];
    }
  return dropped.length
    ? [
        `hook-bridge: ${agent} accepts no ${dropped.join(', ')} on ${hostEvent} (it would void the whole ` +
          `answer); dropped`,
      ]
    : [];
}

/**
 * Keep only the fields a host documents (the IDE's HookOutput). Decisions never depend on this: blocks are
 * exit 2 there, and PermissionRequest answers are not emitted to a host without that event.
 */
function dropUndocumented(
  json: Record<string, unknown>,
  fields: string[] | undefined,
  hsoFields: string[] | undefined,
): void {
  if (fields) for (const k of Object.keys(json)) if (!fields.includes(k)) delete json[k];
  const hso = json.hookSpecificOutput as Record<string, unknown> | undefined;
  if (hso && hsoFields) for (const k of Object.keys(hso)) if (!hsoFields.includes(k)) delete hso[k];
  if (hso && Object.keys(hso).length <= 1) delete json.hookSpecificOutput;
}

/**
 * The reply as it goes to the host, with text for its stderr (the script's own stderr, hook-bridge's notes).
 * Where the host reads stderr as its answer when stdout is empty (Qwen Code: a JSON object there decides, plain
 * text becomes an `allow`), stdout carries an empty answer `{}`, so stderr is only ever read as text.
 */
export function withStderr(reply: HostReply, host: DialectId, texts: (string | undefined)[]): HostReply {
  const stderr = texts.filter(Boolean).join('\n');
  const guard =
    reply.exitCode !== 2 &&
    !reply.stdout &&
    stderr !== '' &&
    mappings.dialects[host].output?.stderrAnswer === 'when-stdout-empty';
  return { stdout: guard ? '{}\n' : reply.stdout, stderr, exitCode: reply.exitCode };
}
