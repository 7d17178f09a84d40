// A Claude Code SessionStart script in the style of real plugins (`set -u`, exports appended to $CLAUDE_ENV_FILE),
// converted with hook-bridge: it works on every host, and on CodeBuddy Code — started with CODEBUDDY_ENV_FILE —
// its exports reach the model's later Bash commands.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent } from './harness/install.js';
import { makeWorkspace, type TempWorkspace } from './harness/util.js';
import type { AgentRunResult } from './harness/types.js';
import { HOSTS, installConfig } from './scenarios/hosts.js';

const workspaces: TempWorkspace[] = [];
beforeAll(() => {
  ensureAgent('qwen');
  ensureAgent('codebuddy');
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

function project(host: 'qwen' | 'codebuddy', mode: 'bridged' | 'verbatim' = 'bridged') {
  const ws = makeWorkspace(`hb-e2e-env-${host}-`);
  workspaces.push(ws);
  const dir = ws.projectDir;
  mkdirSync(join(dir, '.claude/hooks'), { recursive: true });
  writeFileSync(join(dir, '.claude/hooks/session.sh'), SCRIPT, { mode: 0o755 });
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
  installConfig(dir, HOSTS[host], mode);
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
