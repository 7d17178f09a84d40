// dispatch in real agents: a hooks.yaml (which no agent reads) registered through
// `convert --dispatch` runs with Claude Code's aggregation on Qwen Code, CodeBuddy Code, Gemini CLI and Codex CLI;
// and a Claude config with several hooks on one tool, converted with default flags (issue 23: the hooks that fire
// for the same calls share one `hook-bridge dispatch` entry), runs each hook once, with one hook-bridge per call.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent } from './harness/install.js';
import { makeWorkspace, writeJson, type TempWorkspace } from './harness/util.js';
import { HOSTS, bin, repoRoot, runner } from './scenarios/hosts.js';

const workspaces: TempWorkspace[] = [];
beforeAll(() => {
  ensureAgent('qwen');
  ensureAgent('codebuddy');
  ensureAgent('gemini');
  ensureAgent('codex');
});
afterAll(() =>
  workspaces.forEach((w) => {
    w.cleanup();
  }),
);

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
      cpSync(join(repoRoot, 'examples/claude-project/.claude/hooks/block-rm.sh'), join(dir, '.hooks/block-rm.sh'), {
        recursive: true,
      });
      writeFileSync(
        join(dir, '.hooks/allow.sh'),
        `#!/usr/bin/env bash\ncat >/dev/null\necho ` +
          `'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionRea` +
          `son":"always"}}'\n`,
        { mode: 0o755 },
      );
      writeFileSync(join(dir, 'hooks.yaml'), HOOKS_YAML);
      execFileSync(process.execPath, [bin, 'convert', 'hooks.yaml', '--to', host, '--dispatch', '--runner', runner], {
        cwd: dir,
        stdio: 'ignore',
      });
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

// Three hooks on Bash (a guard, a hook that always allows, a logger) and one on Write: what a starter kit registers.
const KIT = {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash',
        hooks: [
          { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.hooks/allow.sh' },
          { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.hooks/block-rm.sh', timeout: 10 },
          { type: 'command', command: 'cat > /dev/null; echo bash-hook >> "$CLAUDE_PROJECT_DIR"/hooks.log' },
        ],
      },
      {
        matcher: 'Write',
        hooks: [{ type: 'command', command: 'cat > /dev/null; echo write-hook >> "$CLAUDE_PROJECT_DIR"/hooks.log' }],
      },
    ],
  },
};

for (const host of ['qwen', 'codebuddy', 'gemini', 'codex'] as const) {
  describe(`${host}: a Claude config with three hooks on Bash, converted with default flags`, () => {
    async function play(command: string) {
      const ws = makeWorkspace(`hb-e2e-grouped-${host}-`);
      workspaces.push(ws);
      const dir = ws.projectDir;
      cpSync(join(repoRoot, 'examples/claude-project/.claude/hooks/block-rm.sh'), join(dir, '.hooks/block-rm.sh'), {
        recursive: true,
      });
      writeFileSync(
        join(dir, '.hooks/allow.sh'),
        `#!/usr/bin/env bash\ncat >/dev/null\necho ` +
          `'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionRea` +
          `son":"always"}}'\n`,
        { mode: 0o755 },
      );
      writeJson(join(dir, '.claude/settings.json'), KIT);
      execFileSync(process.execPath, [bin, 'convert', '--from', 'claude', '--to', host, '--runner', runner], {
        cwd: dir,
        stdio: 'ignore',
      });
      const h = HOSTS[host];
      const written = JSON.parse(readFileSync(join(dir, h.settings), 'utf8')) as {
        hooks: Record<string, { hooks: { command: string }[] }[]>;
      };
      const commands = Object.values(written.hooks).flatMap((groups) =>
        groups.flatMap((g) => g.hooks.map((x) => x.command)),
      );
      const step = { tool: h.tools.shell, args: { command, description: 'run it' } };
      const r = await h.run({ projectDir: dir, homeDir: ws.homeDir, steps: [h.step ? h.step(step, dir) : step] });
      const log = existsSync(join(dir, 'hooks.log')) ? readFileSync(join(dir, 'hooks.log'), 'utf8') : '';
      return { r, dir, commands, log };
    }
    it(
      'one dispatch entry for the three Bash hooks, a run wrapper for the Write ' +
        'hook; the guard denies rm -rf although another hook allows',
      async () => {
        const { r, dir, commands, log } = await play('rm -rf victim; touch removed.marker');
        expect(commands.filter((c) => / dispatch --to /.test(c))).toHaveLength(1);
        expect(commands.filter((c) => / run --from claude --to /.test(c))).toHaveLength(1);
        expect(existsSync(join(dir, 'removed.marker')), JSON.stringify(r.toolResults)).toBe(false);
        expect(r.toolResults.some((t) => t.includes('Blocked by block-rm.sh'))).toBe(true);
        expect(log).toBe('bash-hook\n'); // each Bash hook once, the Write hook not at all
      },
    );
    it('a harmless command runs, and each Bash hook ran once', async () => {
      const { r, dir, log } = await play('touch harmless.marker');
      expect(existsSync(join(dir, 'harmless.marker')), JSON.stringify(r.toolResults)).toBe(true);
      expect(log).toBe('bash-hook\n');
    });
  });
}
