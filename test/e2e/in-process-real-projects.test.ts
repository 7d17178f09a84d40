// Real projects of the real-projects suite (test/real-projects/) converted with default flags to the in-process hosts,
// run
// in the real Pi and OpenCode CLIs headless against the mock model (issue 31's "done when"): each project is a Claude
// Code plugin whose hooks find their scripts through CLAUDE_PLUGIN_ROOT, which neither agent sets — hook-bridge's
// plugin gives it (the root convert wrote with --plugin-root), with CLAUDE_PROJECT_DIR.
// - 5uck1ess/devkit: `rm -rf .` denied (exit 2, its reason), a `.env` write denied (its `ask`: no one to ask in a
//   headless run, as Claude Code's -p), a harmless command runs;
// - affaan-m/everything-claude-code: `node -e` bootstraps that read CLAUDE_PLUGIN_ROOT; `git commit --no-verify`
//   denied with its reason, its fact-forcing gate denies a first write to a source and the session's first shell
//   command, then a harmless command runs.
// Nothing is installed where the hooks would look without a plugin root (~/.claude/plugins): they run from the root
// hook-bridge gives them, or not at all.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent } from './harness/install.js';
import type { AgentRunResult, ModelStep } from './harness/types.js';
import { makeWorkspace, type TempWorkspace } from './harness/util.js';
import { HOSTS, bin, repoRoot } from './scenarios/hosts.js';

const workspaces: TempWorkspace[] = [];
afterAll(() => {
  for (const w of workspaces) w.cleanup();
});
const hosts = ['pi', 'opencode'] as const;
beforeAll(() => {
  for (const h of hosts) ensureAgent(h);
});

/** The project copied into a fresh workspace (a git repository), converted for the host with default flags. */
function setup(project: string, host: (typeof hosts)[number]) {
  const ws = makeWorkspace(`hb-e2e-plugin-${host}-`);
  workspaces.push(ws);
  const dir = ws.projectDir;
  cpSync(resolve(repoRoot, 'test/real-projects', project), dir, { recursive: true });
  execFileSync('git', ['init', '-q', dir]);
  // Trusted as its user would (Pi 1.x runs the extension only in a trusted project), in the run's HOME.
  execFileSync(process.execPath, [bin, 'convert', '--to', host, ...(HOSTS[host].trustProject ?? [])], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, HOME: ws.homeDir },
  });
  expect(readFileSync(join(dir, HOSTS[host].settings), 'utf8')).toContain("--plugin-root '.'");
  return { ws, dir };
}

async function play(host: (typeof hosts)[number], project: string, steps: (dir: string) => ModelStep[]) {
  const { ws, dir } = setup(project, host);
  const h = HOSTS[host];
  const r = await h.run({
    projectDir: dir,
    homeDir: ws.homeDir,
    steps: steps(dir).map((s) => (h.step ? h.step(s, dir) : s)),
    timeoutMs: 300_000,
  });
  return { r, dir };
}

const explain = (r: AgentRunResult) =>
  `exit=${r.exitCode} ${r.durationMs} ms\ntoolResults=${JSON.stringify(r.toolResults, null, 1)}\n` +
  `stderr: ${r.stderr.slice(-3000)}`;

// Two runs at a time (the e2e config's maxConcurrency): each has its own workspace, HOME and mock, and most of a run is
// the agent starting up.
describe.concurrent("a real project's guards, converted by hook-bridge", () => {
  for (const host of hosts) {
    const t = HOSTS[host].tools;
    it(`${host}: 5uck1ess/devkit: rm -rf . denied with its reason, a .env write denied, a command runs`, async ({
      expect,
    }) => {
      const { r, dir } = await play(host, '5uck1ess__devkit', (d) => [
        { tool: t.shell, args: { command: 'rm -rf .', description: 'clean' } },
        { tool: t.write, args: { file_path: join(d, '.env'), content: 'API_KEY=secret\n' } },
        { tool: t.shell, args: { command: 'echo ok > harmless.marker', description: 'harmless' } },
      ]);
      const why = explain(r);
      expect(existsSync(join(dir, 'hooks/hooks.json')), why).toBe(true);
      expect(r.toolResults[0], why).toContain('BLOCKED: rm -rf . would wipe the current directory');
      expect(existsSync(join(dir, '.env')), why).toBe(false);
      expect(r.toolResults[1], why).toContain(`Editing sensitive file: ${join(dir, '.env')}`);
      expect(existsSync(join(dir, 'harmless.marker')), why).toBe(true);
      // The plugin root reached the hooks: devkit-guard.sh looks for its engine there (none is installed).
      expect(r.stderr, why).not.toContain('CLAUDE_PLUGIN_ROOT unset');
    });

    it(`${host}: affaan-m/everything-claude-code: commit --no-verify denied, its gate holds, a call runs`, async ({
      expect,
    }) => {
      const { r, dir } = await play(host, 'affaan-m__everything-claude-code', (d) => [
        { tool: t.shell, args: { command: 'git commit --no-verify -m x && touch committed.marker' } },
        { tool: t.write, args: { file_path: join(d, 'src/app.ts'), content: 'export const a = 1;\n' } },
        // The gate also stops the session's first shell command, once; the second goes through.
        { tool: t.shell, args: { command: 'touch first.marker' } },
        { tool: t.shell, args: { command: 'touch harmless.marker' } },
      ]);
      const why = explain(r);
      expect(existsSync(join(dir, 'committed.marker')), why).toBe(false);
      expect(r.toolResults[0], why).toContain('BLOCKED: --no-verify flag is not allowed with git commit');
      expect(existsSync(join(dir, 'src/app.ts')), why).toBe(false);
      expect(r.toolResults[1], why).toContain('Fact-Forcing Gate');
      expect(existsSync(join(dir, 'first.marker')), why).toBe(false);
      expect(existsSync(join(dir, 'harmless.marker')), why).toBe(true);
      expect(r.stderr, why).not.toContain('could not resolve ECC plugin root');
    });
  }
});
