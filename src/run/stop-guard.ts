// Claude Code's loop guard for Stop hooks, on a host that has none.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mappings } from '../model/mappings.js';
import type { Answer } from './answer.js';
import type { RunArgs } from './args.js';
import type { ParsedPayload } from './host-payload.js';

/** Claude Code ends a turn its Stop hooks blocked this many consecutive times (claude decision-tests st03). */
const STOP_BLOCK_CAP = 9;

/**
 * Claude Code's loop guard, on a host that has none (output.stopBlock continues-no-guard; Codex CLI ran 680 turns in
 * 40 s, st05): the blocks of one hook in a row of Stops (stop_hook_active true after the first) are counted in a
 * file under the temp dir, and the one that reaches Claude's cap (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP, default 9) lets
 * the turn end. Returns the note to show when it did.
 */
export function stopGuard(
  a: Answer,
  args: Pick<RunArgs, 'to'>,
  p: ParsedPayload,
  hook: string,
  env: NodeJS.ProcessEnv,
): string | undefined {
  if (
    (p.event !== 'stop' && p.event !== 'subagent-stop') ||
    mappings.dialects[args.to].output?.stopBlock !== 'continues-no-guard'
  )
    return undefined;
  const cap =
    Number(env.CLAUDE_CODE_STOP_HOOK_BLOCK_CAP) > 0 ? Number(env.CLAUDE_CODE_STOP_HOOK_BLOCK_CAP) : STOP_BLOCK_CAP;
  let h = 0x811c9dc5;
  for (const c of `${String(p.payload.session_id)}\0${String(p.payload.agent_id ?? '')}\0${hook}`)
    h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  const file = join(tmpdir(), `hook-bridge-stop-${h.toString(16)}`);
  let count = 0;
  if (p.payload.stop_hook_active === true) {
    try {
      count = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      /* the first block of this row */
    }
  }
  count = a.block ? count + 1 : 0;
  const capped = count >= cap;
  try {
    if (a.block || p.payload.stop_hook_active === true) writeFileSync(file, String(capped ? 0 : count));
  } catch {
    /* no state: the host's own behaviour */
  }
  if (!capped) return undefined;
  a.block = false;
  delete a.reason;
  return (
    `hook-bridge: a hook blocked the turn from ending ${count} consecutive times; letting it end as Claude Code ` +
    `does (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP raises the limit)`
  );
}
