// A canonical Answer -> what the HOST agent honours (mappings/dialects/<host>.yaml `output`):
// the stdout JSON, the stderr text and the exit code to hand back.
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { renameParams, toolEntry } from '../dialects/catalog.js';
import type { Answer } from './answer.js';

export interface HostReply {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface EmitOptions {
  /** What `ask` becomes (hosts run headless: Claude denies, CodeBuddy hangs). */
  ask: 'ask' | 'deny' | 'allow';
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
}

const TOOL_PERMISSION = new Set(['pre-tool-use', 'permission-request']);

/** The reason a host shows when it cannot apply a rewrite: the model can re-issue the call itself. */
export function rewriteDenyReason(hostTool: string | undefined, input: Record<string, unknown>, agent: string): string {
  return `A hook rewrote this call, but ${agent} cannot apply rewritten input, so hook-bridge blocked it instead of running the original. Re-issue the call as: ${hostTool ?? 'the same tool'} ${JSON.stringify(input)}`;
}

export function emit(a: Answer, ctx: EmitContext, o: EmitOptions): HostReply {
  const spec = mappings.dialects[ctx.host];
  const out = spec.output!;
  const ev = ctx.event ?? '';
  const notes: string[] = [];
  let decision = a.decision;
  let reason = a.reason;
  let block = a.block === true;

  if (decision === 'ask' && o.ask !== 'ask') {
    decision = o.ask;
    if (o.ask === 'deny') reason = reason ?? 'a hook asked for confirmation, which this agent cannot show';
  } else if (decision === 'ask' && !out.permissionDecision.includes('ask') && !out.legacyDecision.includes('ask')) decision = 'deny';

  let hostInput: Record<string, unknown> | undefined;
  if (a.updatedInput && TOOL_PERMISSION.has(ev) && decision !== 'deny') {
    hostInput = renameParams(a.updatedInput, ctx.tool ? toolEntry(ctx.script, ctx.tool) : undefined, ctx.tool ? toolEntry(ctx.host, ctx.tool) : undefined);
    const honoured = ev === 'permission-request' || out.updatedInput !== 'ignored' || out.modifiedInput !== 'ignored';
    if (!honoured) {
      if (o.rewrite === 'deny') {
        decision = 'deny';
        reason = rewriteDenyReason(ctx.hostTool, hostInput, spec.agent);
      } else notes.push(`hook-bridge: ${spec.agent} ignores input rewrites; the original input runs (--rewrite ignore)`);
      hostInput = undefined;
    }
  }

  // PostToolUse feedback: where the host drops blocks but delivers context, deliver the reason as context.
  const context = [...a.context];
  if (block && (ev === 'post-tool-use' || ev === 'post-tool-use-failure') && out.postToolUseBlock === 'dropped' && out.additionalContext[ev] === 'to-model') {
    if (reason) context.push(reason);
    block = false;
  }

  const json: Record<string, unknown> = {};
  // Where the host reads an input rewrite from (Gemini CLI: tool_input; output.rewriteField).
  const rewriteField = out.updatedInput !== 'ignored' ? (out.rewriteField ?? 'updatedInput') : 'modifiedInput';
  const hso: Record<string, unknown> = { hookEventName: ctx.hostEvent };
  let stderr = '';
  let exitCode = 0;

  if (ev === 'permission-request' && (decision === 'deny' || decision === 'allow')) {
    hso.decision = { behavior: decision, ...(decision === 'deny' && reason ? { message: reason } : {}), ...(hostInput ? { updatedInput: hostInput } : {}) };
  } else if (decision === 'deny') {
    if (out.permissionDecision.includes('deny')) {
      hso.permissionDecision = 'deny';
      hso.permissionDecisionReason = reason ?? 'blocked by a hook';
    } else if (out.legacyDecision.includes('deny')) {
      // Gemini CLI: a top-level decision. Not exit 2: it parses the reason text as JSON first, and a reason
      // like "1" or "null" parses to a non-object, which it then ignores — the deny would be lost.
      json.decision = 'deny';
      json.reason = reason ?? 'blocked by a hook';
    } else {
      // Exit 2 is the deny every agent honours; keep stdout empty (CodeBuddy reads the reason from stdout first).
      stderr = reason ?? 'blocked by a hook';
      exitCode = 2;
    }
  } else if (decision === 'ask') {
    // --ask ask: pass the question on (without this branch it was dropped and the tool ran unasked).
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
    // Never `allow` on a last-writer-wins host (Qwen): it would override another hook's deny, and cannot bypass its permission check anyway.
    if (decision === 'allow' && out.permissionDecision.includes('allow')) {
      hso.permissionDecision = 'allow';
      if (reason) hso.permissionDecisionReason = reason;
    }
    if (hostInput) hso[rewriteField] = hostInput;
  }
  if (block) {
    if (ev === 'stop' && out.stopBlock === 'ignored-headless') notes.push(`hook-bridge: ${spec.agent} ignores Stop blocks when run headless`);
    json.decision = 'block';
    json.reason = reason ?? 'blocked by a hook';
  }
  if (context.length) hso.additionalContext = context.join('\n');
  if (a.continueFalse) {
    // On Qwen, continue:false on Stop makes the agent go on: the opposite of what the script asked.
    if (out.continueFalse[ev] === 'continues') notes.push(`hook-bridge: continue:false on ${ctx.hostEvent} would make ${spec.agent} continue; letting it stop instead`);
    else {
      json.continue = false;
      if (a.stopReason !== undefined) json.stopReason = a.stopReason;
    }
  }
  if (a.systemMessage !== undefined) json.systemMessage = a.systemMessage;
  if (a.suppressOutput) json.suppressOutput = true;
  if (Object.keys(hso).length > 1) json.hookSpecificOutput = hso;
  const stdout = exitCode === 2 || !Object.keys(json).length ? '' : `${JSON.stringify(json)}\n`;
  return { stdout, stderr: [stderr, ...notes].filter(Boolean).join('\n'), exitCode };
}
