// Re-running convert, in real Qwen Code (issue 15): a project converted with --dispatch from outside its
// directory runs its guard; a project edited and converted again runs the edited hook once.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent } from './harness/install.js';
import { makeWorkspace, type TempWorkspace } from './harness/util.js';
import { HOSTS, bin, repoRoot, runner } from './scenarios/hosts.js';

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

const qwen = HOSTS.qwen;
const settings = (hooks: object) => `${JSON.stringify({ hooks }, null, 2)}\n`;

function workspace() {
  const ws = makeWorkspace('hb-e2e-resync-');
  workspaces.push(ws);
  return ws;
}
const convert = (args: string[], cwd: string) =>
  execFileSync(process.execPath, [bin, 'convert', ...args, '--runner', runner], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** A workspace whose Claude project runs block-rm.sh on Bash, before `more` hooks of the same group. */
function guardedProject(more: object[] = []) {
  const ws = workspace();
  const dir = ws.projectDir;
  cpSync(join(repoRoot, 'examples/claude-project/.claude/hooks/block-rm.sh'), join(dir, '.claude/hooks/block-rm.sh'), {
    recursive: true,
  });
  const guard = { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/block-rm.sh' };
  writeFileSync(
    join(dir, '.claude/settings.json'),
    settings({ PreToolUse: [{ matcher: 'Bash', hooks: [guard, ...more] }] }),
  );
  return { ws, dir };
}

/** The host's model runs `command` in its shell tool, in the project. */
async function runShell(host: typeof qwen, ws: TempWorkspace, dir: string, command: string): Promise<Played> {
  const r = await host.run({
    projectDir: dir,
    homeDir: ws.homeDir,
    steps: [{ tool: host.tools.shell, args: { command, description: 'run it' } }],
  });
  return { r, dir };
}

type Played = { r: { toolResults: string[] }; dir: string };
/** The block-rm guard stopped the call: its marker was not made, and the model saw the guard's reason. */
function expectDenied({ r, dir }: Played): Played {
  expect(existsSync(join(dir, 'removed.marker')), JSON.stringify(r.toolResults)).toBe(false);
  expect(
    r.toolResults.some((t) => t.includes('Blocked by block-rm.sh')),
    JSON.stringify(r.toolResults),
  ).toBe(true);
  return { r, dir };
}
/** The harmless call ran. */
function expectRan({ r, dir }: Played): Played {
  expect(existsSync(join(dir, 'harmless.marker')), JSON.stringify(r.toolResults)).toBe(true);
  return { r, dir };
}

describe('qwen: a --dispatch project converted from outside its directory', () => {
  async function play(command: string) {
    const { ws, dir } = guardedProject();
    // From the workspace root, the project given as input: the registration must not depend on that shell.
    convert([dir, '--to', 'qwen', '--dispatch'], ws.root);
    expect(readFileSync(join(dir, '.qwen/settings.json'), 'utf8')).toContain("--config '.claude/settings.json'");
    return runShell(qwen, ws, dir, command);
  }
  it('the guard denies rm -rf', async () => expectDenied(await play('rm -rf victim; touch removed.marker')));
  it('a harmless command runs', async () => expectRan(await play('touch harmless.marker')));
});

describe('qwen: a project edited and converted again', () => {
  it('runs the edited hook, once', async () => {
    const ws = workspace();
    const dir = ws.projectDir;
    mkdirSync(join(dir, '.claude'));
    const hook = (tag: string, timeout: number) =>
      settings({
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: `cat >/dev/null; echo ${tag} >> "$CLAUDE_PROJECT_DIR"/ran.log`, timeout },
            ],
          },
        ],
      });
    writeFileSync(join(dir, '.claude/settings.json'), hook('v1', 10));
    convert(['--to', 'qwen'], dir);
    writeFileSync(join(dir, '.claude/settings.json'), hook('v2', 20));
    const out = convert(['--to', 'qwen', '--format', 'json'], dir);
    expect(JSON.parse(out).targets[0].changes).toMatchObject({
      added: 1,
      removed: [expect.objectContaining({ event: 'PreToolUse' })],
    });
    const r = await qwen.run({
      projectDir: dir,
      homeDir: ws.homeDir,
      steps: [{ tool: qwen.tools.shell, args: { command: 'touch ran.marker', description: 'run it' } }],
    });
    expect(existsSync(join(dir, 'ran.marker')), JSON.stringify(r.toolResults)).toBe(true);
    expect(readFileSync(join(dir, 'ran.log'), 'utf8')).toBe('v2\n');
  });
});

// Converted in one run, or for one host then the other (issue 35: the second run rewrote the first one's entries into
// the IDE's matchers, and CodeBuddy Code's Bash call ran no guard): the same file, the guard denies on CodeBuddy Code.
describe.each([[['codebuddy,codebuddy-ide']], [['codebuddy', 'codebuddy-ide']], [['codebuddy-ide', 'codebuddy']]])(
  'codebuddy: one .codebuddy/settings.json written for CodeBuddy Code and the IDE plugin (--to each of %j)',
  (runs: string[]) => {
    async function play(command: string) {
      const { ws, dir } = guardedProject([
        { type: 'command', command: 'cat >/dev/null; echo pre >> "$CLAUDE_PROJECT_DIR"/ran.log' },
      ]);
      for (const to of runs) convert(['--to', to], dir);
      return runShell(HOSTS.codebuddy, ws, dir, command);
    }
    it('the guard denies rm -rf', async () => expectDenied(await play('rm -rf victim; touch removed.marker')));
    it('a harmless command runs, and each hook ran once', async () => {
      const { dir } = expectRan(await play('touch harmless.marker'));
      expect(readFileSync(join(dir, 'ran.log'), 'utf8')).toBe('pre\n');
    });
  },
);
