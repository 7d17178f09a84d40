// What a hook that fails on every call does, said the way `run` and the agents do it: the exit code of the failure
// read under the rules of the agent that reads it — the script's agent when `hook-bridge run` wraps it (run reads the
// exit as that agent would), else the host (mappings/dialects/<id>.yaml `output.otherExit`). Shared by the rules
// that find a hook that cannot run (a missing interpreter, script, execute bit).
import { REFERENCE_DIALECT, type DialectId } from '../model/dialect-ids.js';
import type { Hook } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { bridgedDecision, hostDecides } from '../run/host-decision.js';
import { readEvents } from '../dialects/foreign-gate.js';
import { modeReading } from './foreign-reads.js';
import { unwrapped } from './script-text.js';
import type { HookEntry, RuleContext } from './types.js';

/** The events where a hook's exit 2 stops something (the tool call, the prompt, the end of a turn). */
const STOPS = new Set(['pre-tool-use', 'permission-request', 'user-prompt-submit', 'stop', 'subagent-stop']);

/**
 * The exit code a command fails with when the script its interpreter is given does not exist: python and perl exit 2
 * (which blocks), node 1, bash 127; `sh` is dash (2) or bash (127) depending on the system, so unknown.
 */
const MISSING_SCRIPT_EXIT: Record<string, number> = {
  python: 2,
  python3: 2,
  perl: 2,
  node: 1,
  deno: 1,
  bun: 1,
  tsx: 1,
  'ts-node': 1,
  php: 1,
  bash: 127,
  zsh: 127,
  ruby: 127,
};

/** Exit code of a hook whose script is missing: run directly, the shell's 127; through an interpreter, what it exits
 * with (undefined: not known).
 */
export function missingScriptExit(interpreter: string | undefined): number | undefined {
  if (interpreter === undefined) return 127;
  return MISSING_SCRIPT_EXIT[interpreter] ?? (/^python\d/.test(interpreter) ? 2 : undefined);
}

/**
 * Does a hook that exits `code` stop the call, prompt or turn there: what the agent decides with it (`hook-bridge
 * test`'s model, src/run/host-decision.ts), the way it ran the hook (`mode`).
 */
function stops(agent: DialectId, event: string, code: number, mode: string | undefined): boolean {
  const result = { exitCode: code, stdout: '', stderr: `the hook failed with exit ${code}\n`, timedOut: false };
  const { decision } = hostDecides(agent, event, result, { headless: false, permissionMode: 'default' }, mode).outcome;
  return decision === 'deny' || decision === 'block';
}

/**
 * What failing with `code` on every call means for a hook on `host`: whose rules read it, whether it blocks, and what
 * `run` does (it lets the call proceed, names the program, and `--on-missing` changes that for 126/127).
 */
export function failureOutcome(
  h: Hook,
  host: DialectId,
  code: number | undefined,
  native = false,
  mode?: string,
): string {
  if (code === undefined) return 'the hook fails on every call and never does its job';
  const wrapped = !native && !unwrapped(h, host);
  const reader = wrapped ? h.scriptDialect : host;
  const agent = mappings.dialects[reader].agent;
  const missing = code === 126 || code === 127;
  if (h.event && STOPS.has(h.event) && stops(reader, h.event, code, wrapped ? undefined : mode)) {
    const by = wrapped
      ? `\`hook-bridge run\` blocks as ${agent} does${missing ? ' (--on-missing allow lets the calls proceed)' : ''}`
      : `${agent} reads that as a block`;
    return `every call fails with exit ${code}, and ${by}: every ${h.nativeEvent} it fires for is blocked`;
  }
  // Exit 2 where it blocks nothing (PostToolUse, SessionStart …) is not an "error" level of its own: just say what
  // happens.
  const level =
    code === 2
      ? ''
      : `, ` +
        (mappings.dialects[reader].output!.otherExit === 'warning' ? 'a warning' : 'a non-blocking error') +
        ` on ${agent}`;
  if (!wrapped) return `every call fails with exit ${code}${level}: the hook never runs and blocks nothing`;
  return (
    `every call fails with exit ${code}${level}: the hook never runs; \`hook-bridge run\` lets each call proceed ` +
    `and says why on stderr` +
    (missing ? ' (--on-missing deny blocks instead)' : '')
  );
}

/**
 * The same, for a hook of the audit: where the agent runs it in one of its modes (GitHub Copilot CLI reading
 * .claude/settings.json, or a PascalCase event of its own file: foreign-reads.ts), the failure is read under that
 * agent's rules, not the mode's agent's.
 */
export function entryFailureOutcome(ctx: RuleContext, e: HookEntry, code: number | undefined): string {
  const agent = ctx.target ?? e.config.dialect;
  const m = modeReading(ctx.project, e.config, e.hook, agent, ctx.target);
  if (m && e.hook.event && readEvents(m.read).includes(e.hook.event) && e.hook.gatedFor !== agent)
    return failureOutcome(e.hook, agent, code, true, m.read.mode);
  return failureOutcome(e.hook, e.host, code);
}

const SESSION = { headless: false, permissionMode: 'default' } as const;

/**
 * Can a hook of `agent` stop anything on `event`: an event where a block means something (Claude Code's exit 2 stops
 * it: the reference's facts) and where this agent honours one — its exit 2 or its own block answer (the one `run`
 * writes for it: Copilot CLI blocks a Stop with JSON only), read by src/run/host-decision.ts from mappings/events.yaml
 * and the dialects' `output`. `script`: the agent whose block `run` passes on to it (a wrapped hook).
 */
function canBlock(agent: DialectId, event: string, nativeEvent: string, mode?: string, script?: DialectId): boolean {
  if (!stops(REFERENCE_DIALECT, event, 2, undefined)) return false;
  if (script !== undefined && !stops(script, event, 2, undefined)) return false;
  if (script === undefined && stops(agent, event, 2, mode)) return true;
  const answer = bridgedDecision(script ?? agent, agent, event, nativeEvent, 'deny', SESSION);
  return answer === 'deny' || answer === 'block';
}

/**
 * Can the hook stop anything where it runs (canBlock), read by the agent that reads its answer, in the mode it runs
 * it in, or, wrapped, by the host in the answer `run` gives it. A Notification or SessionStart hook cannot: whatever
 * keeps it from running, nothing that should have been stopped goes through.
 */
export function entryCanBlock(ctx: RuleContext, e: HookEntry): boolean {
  const { hook: h, host } = e;
  if (!h.event) return true;
  const agent = ctx.target ?? e.config.dialect;
  const m = modeReading(ctx.project, e.config, h, agent, ctx.target);
  if (m && readEvents(m.read).includes(h.event) && h.gatedFor !== agent)
    return canBlock(agent, h.event, h.nativeEvent, m.read.mode);
  if (unwrapped(h, host)) return canBlock(host, h.event, h.nativeEvent);
  return canBlock(host, h.event, h.nativeEvent, undefined, h.scriptDialect);
}
