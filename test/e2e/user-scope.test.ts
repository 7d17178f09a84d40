// `convert --user` on the real Qwen Code (issue 36), HOME sandboxed: the user's Claude hooks — a guard in
// ~/.claude/settings.json named by its ~ path, and one from a plugin the user enabled — converted into
// ~/.qwen/settings.json deny in a project that has no hook config of its own; a harmless command runs; the project
// is not written by convert, and `--remove` takes out what it wrote.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent } from './harness/install.js';
import { makeWorkspace, writeFileEnsured, writeJson, type TempWorkspace } from './harness/util.js';
import { HOSTS, bin, repoRoot, runner } from './scenarios/hosts.js';

const workspaces: TempWorkspace[] = [];
beforeAll(() => {
  ensureAgent('qwen');
});
afterAll(() =>
  workspaces.forEach((w) => {
    w.cleanup();
  }),
);

/** A sandboxed home with the user's Claude hooks (settings and an enabled plugin), converted for Qwen Code. */
function userHome(ws: TempWorkspace): void {
  const home = ws.homeDir;
  cpSync(join(repoRoot, 'examples/claude-project/.claude/hooks/block-rm.sh'), join(home, '.claude/hooks/block-rm.sh'));
  const plugin = join(home, '.claude/plugins/cache/mk/no-secrets/1.0.0');
  writeJson(join(plugin, '.claude-plugin/plugin.json'), { name: 'no-secrets', version: '1.0.0' });
  writeFileEnsured(
    join(plugin, 'hooks/deny-env.sh'),
    '#!/bin/sh\ncase "$(cat)" in *.env*) echo "Blocked by no-secrets: .env" >&2; exit 2;; esac\nexit 0\n',
    0o755,
  );
  writeJson(join(plugin, 'hooks/hooks.json'), {
    hooks: {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/hooks/deny-env.sh' }] },
      ],
    },
  });
  writeJson(join(home, '.claude/plugins/installed_plugins.json'), {
    version: 2,
    plugins: { 'no-secrets@mk': [{ scope: 'user', installPath: plugin, version: '1.0.0' }] },
  });
  writeJson(join(home, '.claude/settings.json'), {
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '~/.claude/hooks/block-rm.sh' }] }],
    },
    enabledPlugins: { 'no-secrets@mk': true },
  });
}

const convert = (ws: TempWorkspace, ...args: string[]) =>
  execFileSync(process.execPath, [bin, 'convert', '--user', '--to', 'qwen', '--runner', runner, ...args], {
    cwd: ws.projectDir,
    env: { ...process.env, HOME: ws.homeDir, CLAUDE_CONFIG_DIR: '', CODEX_HOME: '', XDG_CONFIG_HOME: '' },
    stdio: 'ignore',
  });

describe('qwen: the user-level hooks convert --user writes', () => {
  async function play(command: string) {
    const ws = makeWorkspace('hb-e2e-user-qwen-');
    workspaces.push(ws);
    userHome(ws);
    convert(ws);
    // The project has no hook config: the hooks that run are the user's.
    expect(readdirSync(ws.projectDir)).toEqual([]);
    const h = HOSTS.qwen;
    const r = await h.run({
      projectDir: ws.projectDir,
      homeDir: ws.homeDir,
      steps: [{ tool: h.tools.shell, args: { command, description: 'run it' } }],
    });
    return { r, ws };
  }
  it("the settings' guard denies rm -rf in a project of its own", async () => {
    const { r, ws } = await play('rm -rf victim; touch removed.marker');
    expect(existsSync(join(ws.projectDir, 'removed.marker')), JSON.stringify(r.toolResults)).toBe(false);
    expect(r.toolResults.some((t) => t.includes('Blocked by block-rm.sh'))).toBe(true);
  });
  it("the enabled plugin's guard denies reading .env", async () => {
    const { r, ws } = await play('cat .env; touch read.marker');
    expect(existsSync(join(ws.projectDir, 'read.marker')), JSON.stringify(r.toolResults)).toBe(false);
    expect(r.toolResults.some((t) => t.includes('Blocked by no-secrets'))).toBe(true);
  });
  it('a harmless command runs, and --remove takes out what convert wrote, leaving what Qwen Code wrote', async () => {
    const { r, ws } = await play('touch harmless.marker');
    expect(existsSync(join(ws.projectDir, 'harmless.marker')), JSON.stringify(r.toolResults)).toBe(true);
    const settings = readFileSync(join(ws.homeDir, '.qwen/settings.json'), 'utf8');
    expect(settings).not.toContain(ws.projectDir);
    convert(ws, '--remove');
    // Qwen Code added its own settings version to the file it read ("$version": 4, observed on 0.24.4): that stays;
    // hook-bridge's entries, the "hooks" key it added and its record are gone.
    const left = JSON.parse(readFileSync(join(ws.homeDir, '.qwen/settings.json'), 'utf8'));
    expect(left).toEqual({ $version: expect.any(Number) });
    expect(existsSync(join(ws.homeDir, '.qwen/settings.hook-bridge.json'))).toBe(false);
  });
});

// The in-process hosts: `convert --user` writes their user-level hook file and the loader beside it (Pi's global
// extension folder, OpenCode's and Kilo's global plugin folder), which the agent loads in a project it knows nothing of
// (Pi: one never trusted).
describe.each(['pi', 'opencode', 'kilo'] as const)('%s: the user-level loader convert --user writes', (id) => {
  it("the settings' guard denies rm -rf in a project of its own; a harmless command runs", async () => {
    const ws = makeWorkspace(`hb-e2e-user-${id}-`);
    workspaces.push(ws);
    userHome(ws);
    execFileSync(process.execPath, [bin, 'convert', '--user', '--to', id], {
      cwd: ws.projectDir,
      env: { ...process.env, HOME: ws.homeDir, CLAUDE_CONFIG_DIR: '', XDG_CONFIG_HOME: '', PI_CODING_AGENT_DIR: '' },
      stdio: 'ignore',
    });
    expect(readdirSync(ws.projectDir)).toEqual([]);
    const h = HOSTS[id];
    const steps = [
      { tool: h.tools.shell, args: { command: 'rm -rf victim; touch removed.marker' } },
      { tool: h.tools.shell, args: { command: 'touch harmless.marker' } },
    ].map((st) => (h.step ? h.step(st, ws.projectDir) : st));
    const r = await h.run({ projectDir: ws.projectDir, homeDir: ws.homeDir, steps });
    const why = `${JSON.stringify(r.toolResults)}\n${r.stderr.slice(-1500)}`;
    expect(existsSync(join(ws.projectDir, 'removed.marker')), why).toBe(false);
    expect(
      r.toolResults.some((t) => t.includes('Blocked by block-rm.sh')),
      why,
    ).toBe(true);
    expect(existsSync(join(ws.projectDir, 'harmless.marker')), why).toBe(true);
  }, 240_000);
});
