// GitHub Copilot CLI 1.0.102 as a host of `hook-bridge run`, from what it was observed to do
// (test/fixtures/observed/copilot/): how it starts a hook (its shell, its variables, the payload on stdin without a
// newline) and what it does with the reply (its decision table: flat fields in its own files, any non-zero preToolUse
// exit denies). test/run/copilot.test.ts checks the table against every single-answer probe of decisions.json.
import { join, resolve } from 'node:path';
import { shellQuote } from '../../src/dialects/wrapper.js';
import type { HostReply } from '../../src/run/emit.js';
import { BIN, cleanEnv, spawnCollect } from './cli.js';

export type Obj = Record<string, any>;
export type Mode = 'own' | 'claude';
export const OBS = resolve(import.meta.dirname, '../fixtures/observed/copilot');
export const PAYLOADS = join(OBS, 'payloads');

/** What Copilot does with a hook's reply, by its decision table (README §6). */
export interface Effect {
  /** preToolUse: the call is denied, with the text the model gets. */
  denied?: string;
  /** userPromptSubmitted: the run ends before the model; agentStop: the turn goes on with `toModel`. */
  blocked?: boolean;
  /** Text that reaches the model (context, a post-tool block's reason, a stop block's reason). */
  toModel: string[];
  /** The arguments a preToolUse rewrite makes the call run with. */
  rewrite?: Obj;
}
export function copilotDoes(mode: Mode, event: string, r: Pick<HostReply, 'stdout' | 'exitCode'>): Effect {
  const e: Effect = { toModel: [] };
  if (event === 'pre-tool-use' && r.exitCode !== 0) {
    e.denied =
      r.exitCode === 2
        ? 'Denied by preToolUse hook: hook exited with code 2'
        : 'Denied by preToolUse hook (hook errored)';
    return e;
  }
  if (r.exitCode !== 0) return e;
  let j: Obj;
  try {
    j = JSON.parse(r.stdout);
  } catch {
    return e;
  }
  if (typeof j !== 'object' || j === null) return e;
  const hso: Obj =
    mode === 'claude' && typeof j.hookSpecificOutput === 'object' && j.hookSpecificOutput ? j.hookSpecificOutput : {};
  const ctx = [
    j.additionalContext,
    ...(mode === 'claude' && event === 'pre-tool-use' ? [hso.additionalContext] : []),
  ].filter((x) => typeof x === 'string' && x);
  if (event === 'pre-tool-use') {
    const pd = j.permissionDecision ?? hso.permissionDecision;
    const reason = j.permissionDecisionReason ?? hso.permissionDecisionReason;
    if (pd === 'deny') e.denied = `Denied by preToolUse hook: ${reason ?? 'No reason provided'}`;
    else if (pd === 'ask') e.denied = `Denied by preToolUse hook (unable to ask user for confirmation): ${reason}`;
    else if (mode === 'own' && j.modifiedArgs) e.rewrite = j.modifiedArgs;
    else if (mode === 'claude' && hso.permissionDecision === 'allow' && hso.updatedInput) e.rewrite = hso.updatedInput;
    if (!e.denied) e.toModel.push(...ctx);
  } else if (event === 'post-tool-use') {
    if (mode === 'own')
      e.toModel.push(...ctx, ...(j.modifiedResult?.textResultForLlm ? [j.modifiedResult.textResultForLlm] : []));
    else if (j.decision === 'block') e.toModel.push(`Tool result blocked: ${j.reason}`);
  } else if (event === 'user-prompt-submit') {
    if (j.decision === 'block') e.blocked = true;
    else if (mode === 'own') e.toModel.push(...ctx);
  } else if (event === 'session-start') {
    if (mode === 'own') e.toModel.push(...ctx);
  } else if (event === 'stop' && j.decision === 'block') {
    e.blocked = true;
    e.toModel.push(j.reason);
  }
  return e;
}

/** A hook process as Copilot starts it: the payload as one line without a newline, in `cwd`, its variables set. */
export async function hostRuns(cwd: string, file: string, args: string[], p: Obj): Promise<HostReply> {
  const r = await spawnCollect(
    file,
    args,
    { cwd, env: cleanEnv({ COPILOT_CLI: '1', COPILOT_PROJECT_DIR: cwd, CLAUDE_PROJECT_DIR: cwd }) },
    JSON.stringify(p),
  );
  return { stdout: r.stdout, stderr: r.stderr, exitCode: r.code ?? -1 };
}

/** Copilot's way: `bash --norc --noprofile -c <command>`, with a `run` wrapper as convert writes it. */
export const copilotRuns = (cwd: string, command: string, p: Obj, event?: string) =>
  hostRuns(
    cwd,
    '/bin/bash',
    [
      '--norc',
      '--noprofile',
      '-c',
      `${shellQuote(process.execPath)} ${shellQuote(BIN)} run --from claude --to copilot` +
        (event ? ` --event ${event}` : '') +
        ` -c ${shellQuote(command)}`,
    ],
    p,
  );
