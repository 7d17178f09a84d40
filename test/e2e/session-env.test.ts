// A Claude Code SessionStart script in the style of real plugins (`set -u`, exports appended to $CLAUDE_ENV_FILE),
// converted with hook-bridge: it works on every host, and its exports reach the model's later shell commands
// wherever the host lets hook-bridge change a shell call before it runs (the in-process hosts' engine; a PreToolUse
// rewrite and convert's `--session-env` entry elsewhere); on CodeBuddy Code started with CODEBUDDY_ENV_FILE, through
// that file. Qwen Code ignores rewrites: there they stay unset.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent } from './harness/install.js';
import { makeWorkspace, type TempWorkspace } from './harness/util.js';
import type { AgentRunResult } from './harness/types.js';
import { HOSTS, installConfig, type HostId } from './scenarios/hosts.js';

const workspaces: TempWorkspace[] = [];
beforeAll(() => {
  for (const id of ['claude', 'qwen', 'codebuddy', 'gemini', 'codex', 'copilot', 'pi', 'opencode'] as const)
    ensureAgent(id);
});
afterAll(() =>
  workspaces.forEach((w) => {
    w.cleanup();
  }),
);

const explain = (r: AgentRunResult) =>
  `exit=${r.exitCode} ${r.durationMs} ms, toolResults=${JSON.stringify(r.toolResults)}\n${r.stderr.slice(-1500)}`;
const SCRIPT = `#!/usr/bin/env bash
set -euo pipefail
cat >/dev/null
echo 'export HB_E2E_MODE=from-session-start' >> "$CLAUDE_ENV_FILE"
touch "$CLAUDE_PROJECT_DIR/session-start.ran"
echo "session-env: ready"
`;

/** A project whose Claude SessionStart hook runs `script`, installed for `host` as `mode` says. */
function project(host: HostId, mode: 'reference' | 'bridged' | 'verbatim' = 'bridged', script = SCRIPT) {
  const ws = makeWorkspace(`hb-e2e-env-${host}-`);
  workspaces.push(ws);
  const dir = ws.projectDir;
  mkdirSync(join(dir, '.claude/hooks'), { recursive: true });
  writeFileSync(join(dir, '.claude/hooks/session.sh'), script, { mode: 0o755 });
  writeFileSync(
    join(dir, '.claude/settings.json'),
    JSON.stringify(
      {
        hooks: {
          SessionStart: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/session.sh' }] }],
        },
      },
      null,
      2,
    ),
  );
  installConfig(dir, HOSTS[host], mode, ws.homeDir);
  return { ws, dir };
}
const step = (host: 'qwen' | 'codebuddy') => ({
  tool: HOSTS[host].tools.shell,
  args: { command: 'echo "mode=${HB_E2E_MODE:-unset}" > mode.txt', description: 'record the variable' },
});

describe('SessionStart + CLAUDE_ENV_FILE through hook-bridge', () => {
  it(
    'CodeBuddy Code started with CODEBUDDY_ENV_FILE: the script runs ' + 'and its export reaches a later Bash command',
    async () => {
      const { ws, dir } = project('codebuddy');
      const envFile = join(dir, 'codebuddy-env.sh');
      writeFileSync(envFile, '');
      const r = await HOSTS.codebuddy.run({
        projectDir: dir,
        homeDir: ws.homeDir,
        steps: [step('codebuddy')],
        env: { CODEBUDDY_ENV_FILE: envFile },
      });
      expect(existsSync(join(dir, 'session-start.ran')), explain(r)).toBe(true);
      expect(readFileSync(envFile, 'utf8')).toBe('export HB_E2E_MODE=from-session-start\n');
      expect(readFileSync(join(dir, 'mode.txt'), 'utf8'), explain(r)).toBe('mode=from-session-start\n');
    },
  );
  it(
    'contrast, copied verbatim to CodeBuddy Code: the script dies ' + 'at $CLAUDE_ENV_FILE ("unbound variable")',
    async () => {
      const { ws, dir } = project('codebuddy', 'verbatim');
      const r = await HOSTS.codebuddy.run({ projectDir: dir, homeDir: ws.homeDir, steps: [step('codebuddy')] });
      expect(existsSync(join(dir, 'mode.txt')), explain(r)).toBe(true);
      expect(existsSync(join(dir, 'session-start.ran')), explain(r)).toBe(false);
    },
  );
  it(
    'Qwen Code: the set -u script runs (no "unbound variable"); Qwen has ' +
      'no session environment file, so the variable stays unset',
    async () => {
      const { ws, dir } = project('qwen');
      const r = await HOSTS.qwen.run({ projectDir: dir, homeDir: ws.homeDir, steps: [step('qwen')] });
      expect(existsSync(join(dir, 'session-start.ran')), explain(r)).toBe(true);
      expect(readFileSync(join(dir, 'mode.txt'), 'utf8'), explain(r)).toBe('mode=unset\n');
      expect(r.lastRequestText, explain(r)).toContain('session-env: ready');
    },
  );
});

// Issue 35: the SessionStart hook appends `export E2E_FLAVOR=mint`; the model's later shell call echoes it, and the
// model (the mock) sees what the command printed.
const FLAVOR = `#!/usr/bin/env bash
set -euo pipefail
cat >/dev/null
echo 'export E2E_FLAVOR=mint' >> "$CLAUDE_ENV_FILE"
`;
async function flavorSeen(host: HostId): Promise<{ seen: string; r: AgentRunResult }> {
  const { ws, dir } = project(host, host === 'claude' ? 'reference' : 'bridged', FLAVOR);
  const h = HOSTS[host];
  const st = {
    tool: h.tools.shell,
    args: { command: 'echo "flavor=${E2E_FLAVOR:-unset}"', description: 'show the flavor' },
  };
  const r = await h.run({ projectDir: dir, homeDir: ws.homeDir, steps: [h.step ? h.step(st, dir) : st] });
  const seen = r.toolResults.join('\n').match(/flavor=(\w+)/)?.[1] ?? 'no result';
  return { seen, r };
}

describe('issue 35: a SessionStart export reaches the later shell calls', () => {
  it('Claude Code (the reference): the Bash call sees mint', async () => {
    const { seen, r } = await flavorSeen('claude');
    expect(seen, explain(r)).toBe('mint');
  });
  for (const host of ['codebuddy', 'gemini', 'codex', 'copilot', 'pi', 'opencode'] as const)
    it(`${host} through hook-bridge: the shell call sees mint, as on Claude Code`, async () => {
      const { seen, r } = await flavorSeen(host);
      expect(seen, explain(r)).toBe('mint');
    });
  it('Qwen Code through hook-bridge: it ignores input rewrites, so the variable stays unset', async () => {
    const { seen, r } = await flavorSeen('qwen');
    expect(seen, explain(r)).toBe('unset');
  });
});
