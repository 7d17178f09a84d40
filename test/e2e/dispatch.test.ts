// dispatch in real agents: a hooks.yaml (which no agent reads) registered through
// `convert --dispatch` runs with Claude Code's aggregation on Qwen Code, CodeBuddy Code, Gemini CLI and Codex CLI.
import { cpSync, existsSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent } from './harness/install.js';
import { makeWorkspace, type TempWorkspace } from './harness/util.js';
import { HOSTS, bin, repoRoot, runner } from './scenarios/hosts.js';

const workspaces: TempWorkspace[] = [];
beforeAll(() => {
  ensureAgent('qwen');
  ensureAgent('codebuddy');
  ensureAgent('gemini');
  ensureAgent('codex');
});
afterAll(() => workspaces.forEach((w) => w.cleanup()));

// A guard, and a hook that always answers allow: Claude Code's engine lets the deny win.
const HOOKS_YAML = `version: '2.0.0'
hooks:
  - { event: PreToolUse, matcher: Bash, command: '"$CLAUDE_PROJECT_DIR"/.hooks/block-rm.sh', priority: 10 }
  - { event: PreToolUse, matcher: Bash, command: '"$CLAUDE_PROJECT_DIR"/.hooks/allow.sh', priority: 20 }
`;

for (const host of ['qwen', 'codebuddy', 'gemini', 'codex'] as const) {
  describe(`${host}: hooks.yaml through hook-bridge dispatch`, () => {
    async function play(command: string) {
      const ws = makeWorkspace(`hb-e2e-dispatch-${host}-`);
      workspaces.push(ws);
      const dir = ws.projectDir;
      cpSync(join(repoRoot, 'examples/claude-project/.claude/hooks/block-rm.sh'), join(dir, '.hooks/block-rm.sh'), { recursive: true });
      writeFileSync(join(dir, '.hooks/allow.sh'), `#!/usr/bin/env bash\ncat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"always"}}'\n`, { mode: 0o755 });
      writeFileSync(join(dir, 'hooks.yaml'), HOOKS_YAML);
      execFileSync(process.execPath, [bin, 'convert', 'hooks.yaml', '--to', host, '--dispatch', '--runner', runner], { cwd: dir, stdio: 'ignore' });
      const h = HOSTS[host];
      const step = { tool: h.tools.shell, args: { command, description: 'run it' } };
      const r = await h.run({ projectDir: dir, homeDir: ws.homeDir, steps: [h.step ? h.step(step, dir) : step] });
      return { r, dir };
    }
    it('the guard denies rm -rf although another hook allows', async () => {
      const { r, dir } = await play('rm -rf victim; touch removed.marker');
      expect(existsSync(join(dir, 'removed.marker')), JSON.stringify(r.toolResults)).toBe(false);
      expect(r.toolResults.some((t) => t.includes('Blocked by block-rm.sh'))).toBe(true);
    });
    it('a harmless command runs', async () => {
      const { r, dir } = await play('touch harmless.marker');
      expect(existsSync(join(dir, 'harmless.marker')), JSON.stringify(r.toolResults)).toBe(true);
    });
  });
}
