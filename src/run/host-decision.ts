// What a host does with its hooks' combined answer: the decision it reaches for the call (allow, deny, ask, block or
// none), and what the model or the user is told — under its rules for ask (interactive or headless), Stop and
// PostToolUse blocks, and continue:false (mappings/dialects/<host>.yaml `output`). The one model of each agent's
// reading of an answer: `hook-bridge test` decides with it on the hooks' real output, `audit` on the answers a script's
// text gives (src/audit/answer-forms.ts), so the two cannot disagree.
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { specIn } from '../dialects/host-mode.js';
import { readAnswer, type Answer, type ScriptResult } from './answer.js';
import { emit } from './emit.js';

export type Decision = 'allow' | 'deny' | 'ask' | 'block' | 'none';

export interface Outcome {
  decision: Decision;
  /** The deny or block reason the model (or, for a blocked prompt, the user) is shown. */
  reason?: string;
  /** Context that reaches the model. */
  context: string[];
  /** A message for the user. */
  systemMessage?: string;
  /** The input the tool runs with instead, in the host's parameter names. */
  updatedInput?: Record<string, unknown>;
  notes: string[];
  /** An ask nobody can answer: the run waits for ever (CodeBuddy Code in -p). */
  hangs?: boolean;
}

export interface SessionMode {
  /** A `-p` run (nobody to answer a prompt) instead of an interactive session. */
  headless: boolean;
  /** The session's canonical permission mode (default, bypass, plan …). */
  permissionMode: string | undefined;
}

const TOOL_PERMISSION = new Set(['pre-tool-use', 'permission-request']);

/** What `ask` comes to on the host in this session (`out`: its output rules in the mode it ran the hooks in). */
function askOutcome(
  host: DialectId,
  out: NonNullable<(typeof mappings.dialects)[DialectId]['output']>,
  mode: SessionMode,
): { decision: Decision; note?: string; hangs?: boolean } {
  const agent = mappings.dialects[host].agent;
  const rule = mode.headless
    ? ((mode.permissionMode === 'bypass' ? out.askHeadlessBypass : undefined) ?? out.askHeadless)
    : out.askInteractive;
  switch (rule) {
    case 'deny':
      return { decision: 'deny', note: `${agent} denies an ask when nobody can answer (headless)` };
    case 'allow':
      return {
        decision: 'allow',
        note:
          `${agent} lets the tool run on an ask` +
          (mode.permissionMode === 'bypass' ? ' when permissions are bypassed' : ''),
      };
    case 'hang':
      return { decision: 'ask', note: `${agent} waits for an answer nobody can give: the run hangs`, hangs: true };
    case 'void':
      return { decision: 'none', note: `${agent} rejects an ask answer as a whole: the tool runs` };
    case 'prompt':
    case 'never-headless':
      return { decision: 'ask' };
    default:
      return { decision: 'ask', note: `whether ${agent} asks the user here is not known` };
  }
}

/**
 * The decision and what is shown, from the combined answer of a host's hooks for one event; `runMode`: the way the host
 * ran the hooks that answered, where it has several (mappings `modes`: that mode's output rules decide).
 */
export function decide(host: DialectId, a: Answer, event: string, mode: SessionMode, runMode?: string): Outcome {
  const spec = specIn(host, runMode);
  const out = spec.output!;
  const notes: string[] = [];
  let decision: Decision = 'none';
  let reason = a.reason;
  let hangs = false;
  if (a.decision === 'deny') decision = 'deny';
  else if (a.block) {
    decision = 'block';
    if ((event === 'post-tool-use' || event === 'post-tool-use-failure') && out.postToolUseBlock === 'dropped') {
      decision = 'none';
      notes.push(
        `${spec.agent} does not pass a ` +
          (event === 'post-tool-use' ? 'PostToolUse' : 'PostToolUseFailure') +
          ` block or its reason to the model`,
      );
    } else if (
      (event === 'stop' || event === 'subagent-stop') &&
      out.stopBlock === 'ignored-headless' &&
      mode.headless
    ) {
      decision = 'none';
      notes.push(`${spec.agent} ignores Stop blocks in a headless run`);
    }
  } else if (a.decision === 'ask') {
    const ask = askOutcome(host, out, mode);
    decision = ask.decision;
    hangs = ask.hangs === true;
    if (ask.note) notes.push(ask.note);
    if (decision === 'allow' || decision === 'none') reason = undefined;
  } else if (a.decision === 'allow') decision = 'allow';
  if (a.continueFalse) {
    // continue:false: what it does on this host and event (its data: blocks-tool, prompt-stopped, session-ends …).
    const meaning = out.continueFalse[event] ?? 'not known';
    notes.push(`continue:false: ${meaning}${a.stopReason !== undefined ? ` (${a.stopReason})` : ''}`);
    if (
      TOOL_PERMISSION.has(event) &&
      (meaning === 'blocks-tool' || meaning === 'tool-blocked-run-ends') &&
      decision !== 'deny'
    ) {
      decision = 'deny';
      reason = a.stopReason ?? reason;
    } else if (meaning === 'prompt-stopped' && decision === 'none') {
      decision = 'block';
      reason = a.stopReason ?? reason;
    }
  }
  const o: Outcome = { decision, context: a.context, notes, ...(hangs ? { hangs } : {}) };
  if (reason !== undefined && (decision === 'deny' || decision === 'block' || decision === 'ask')) o.reason = reason;
  if (a.systemMessage !== undefined) o.systemMessage = a.systemMessage;
  if (a.updatedInput && decision !== 'deny' && decision !== 'block') o.updatedInput = a.updatedInput;
  return o;
}

/**
 * What a host decides with one hook's output on an event, read under its rules (`mode`: the way it ran the hook, where
 * it has several): its reading of the output (readAnswer), then its decision (decide).
 */
export function hostDecides(
  host: DialectId,
  event: string,
  result: ScriptResult,
  session: SessionMode,
  mode?: string,
): { answer: Answer; outcome: Outcome } {
  const answer = readAnswer(host, event, result, undefined, undefined, undefined, mode);
  return { answer, outcome: decide(host, answer, event, session, mode) };
}

/**
 * The decision a host reaches through hook-bridge when the script's agent decided `decision` on an event: the answer
 * `run` gives the host for it (emit, with its defaults) read by the host (hostDecides). Where it is not `decision`,
 * that is the host's documented limit (an auto-approve on Qwen Code: none), which `test --cases` accepts when a case
 * names it. `hostEvent`: the event as the host names it.
 */
export function bridgedDecision(
  script: DialectId,
  host: DialectId,
  event: string,
  hostEvent: string,
  decision: Decision,
  session: SessionMode,
): Decision {
  const tool = event === 'pre-tool-use' || event === 'permission-request';
  const a: Answer = { context: [] };
  if (decision === 'allow' || decision === 'ask') a.decision = decision;
  else if (decision === 'deny' || decision === 'block') {
    if (tool) a.decision = 'deny';
    else a.block = true;
    a.reason = 'reason';
  }
  const reply = emit(a, { host, script, event, hostEvent, tool: undefined, hostTool: undefined }, { rewrite: 'deny' });
  return hostDecides(host, event, { ...reply, timedOut: false }, session).outcome.decision;
}
