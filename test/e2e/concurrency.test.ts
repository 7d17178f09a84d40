// How long a deny waits for the other hooks of a call (issue 29). Observed on Claude Code: the hooks of a call start
// together, the call is decided once every hook that is not `async` has exited — a slow hook beside a guard delays
// the guard's deny to the slow hook's end, no longer — and an `async` hook delays nothing. The same config converted
// with default flags (the hooks in one `hook-bridge dispatch` entry) must not make the deny wait longer on another
// host: each hook logs when it starts and ends, and the next call's hooks start no earlier than the deny is decided.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent } from './harness/install.js';
import { makeWorkspace, writeJson, type TempWorkspace } from './harness/util.js';
import { HOSTS, bin, runner } from './scenarios/hosts.js';

const workspaces: TempWorkspace[] = [];
beforeAll(() => {
  ensureAgent('claude');
  ensureAgent('qwen');
});
afterAll(() => {
  for (const w of workspaces) w.cleanup();
});

const SLOW_S = 4;
/** A hook that logs its start and end; on a call whose command says DANGER it sleeps (slow) or denies (guard). */
const script = (name: string, onDanger: string) => `#!/bin/bash
in=$(cat)
log() { echo "${name} $1 $(date +%s%3N) $2" >> "$CLAUDE_PROJECT_DIR/times.log"; }
case "$in" in *DANGER*) call=1;; *) call=2;; esac
log start $call
if [ $call = 1 ]; then ${onDanger}; fi
log end $call
`;

async function play(host: 'claude' | 'qwen', async: boolean) {
  const ws = makeWorkspace(`hb-e2e-concurrency-${host}-`);
  workspaces.push(ws);
  const dir = ws.projectDir;
  writeFileSync(join(dir, 'slow.sh'), script('slow', `sleep ${SLOW_S}`), { mode: 0o755 });
  writeFileSync(join(dir, 'guard.sh'), script('guard', 'log end 1; echo "guard: no DANGER" >&2; exit 2'), {
    mode: 0o755,
  });
  writeJson(join(dir, '.claude/settings.json'), {
    hooks: {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/slow.sh', ...(async ? { async: true } : {}) }],
          description: 'a slow logger',
        },
        { matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/guard.sh' }], id: 'guard' },
      ],
    },
  });
  if (host !== 'claude')
    execFileSync(process.execPath, [bin, 'convert', '--from', 'claude', '--to', host, '--runner', runner], {
      cwd: dir,
      stdio: 'ignore',
    });
  const h = HOSTS[host];
  const step = (command: string) => ({ tool: h.tools.shell, args: { command, description: 'run it' } });
  const r = await h.run({
    projectDir: dir,
    homeDir: ws.homeDir,
    steps: [step('echo DANGER > danger.marker'), step('echo second')],
  });
  const log = existsSync(join(dir, 'times.log')) ? readFileSync(join(dir, 'times.log'), 'utf8') : '';
  const at = (who: string, what: string, call: number) =>
    Number(new RegExp(`^${who} ${what} (\\d+) ${call}$`, 'm').exec(log)?.[1] ?? Number.NaN);
  return {
    r,
    log,
    ran: existsSync(join(dir, 'danger.marker')),
    denied: at('guard', 'end', 1),
    slowEnd: at('slow', 'end', 1),
    // The next call's hooks start once the first call was decided (and the model answered).
    next: Math.min(at('guard', 'start', 2), at('slow', 'start', 2)),
  };
}

/** The run, once the guard's deny is seen to reach the model and the command not to run. */
async function denied(host: 'claude' | 'qwen', async: boolean) {
  const p = await play(host, async);
  const what = `${p.log}\n${JSON.stringify(p.r.toolResults)}`;
  expect(p.ran, what).toBe(false);
  expect(
    p.r.toolResults.some((t) => t.includes('guard: no DANGER')),
    what,
  ).toBe(true);
  return { p, what };
}

describe('a slow hook beside a guard: the deny comes when every hook that is waited for is done, no later', () => {
  for (const host of ['claude', 'qwen'] as const) {
    it(`${host === 'claude' ? 'Claude Code (observed)' : 'Qwen Code through hook-bridge'}: a slow hook`, async () => {
      const { p, what } = await denied(host, false);
      // Waited for the slow hook (it ran beside the guard: started at once, so it ends SLOW_S after the guard) …
      expect(p.slowEnd - p.denied, what).toBeGreaterThan((SLOW_S - 1) * 1000);
      expect(p.next, what).toBeGreaterThanOrEqual(p.slowEnd);
      // … and no longer than that (the model's answer in between takes well under a second here).
      expect(p.next - p.slowEnd, what).toBeLessThan(3000);
    });
    it(`${host === 'claude' ? 'Claude Code (observed)' : 'Qwen Code through hook-bridge'}: an async hook`, async () => {
      const { p, what } = await denied(host, true);
      // Not waited for: the next call starts before the slow hook is done.
      expect(p.next - p.denied, what).toBeLessThan((SLOW_S - 1) * 1000);
    });
  }
});
