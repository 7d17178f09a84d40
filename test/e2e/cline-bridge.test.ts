// What `convert --to cline` promises, on the real Cline CLI 3.0.65 (headless, offline against the mock model): a Claude
// project's hooks run from the event files convert writes into .clinerules/hooks/, through the `hook-bridge` on the
// agent's PATH, with the decision Claude Code reaches — where Cline can carry it (a deny ends Cline's run: its only
// way to refuse a call). As it is, Cline reads no Claude file: nothing runs (docs/observations.md "Cline CLI 3.0.65").
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertProject } from '../../src/convert/project.js';
import { runCline } from './harness/cline.js';
import { ensureAgent } from './harness/install.js';
import type { AgentRunResult, ModelStep } from './harness/types.js';
import { makeWorkspace, writeFileEnsured, writeJson, type TempWorkspace } from './harness/util.js';
import { bin } from './scenarios/hosts.js';

const workspaces: TempWorkspace[] = [];
beforeAll(() => {
  ensureAgent('cline');
});
afterAll(() => {
  for (const w of workspaces) w.cleanup();
});

const explain = (r: AgentRunResult) =>
  `exit=${r.exitCode} ${r.durationMs} ms, ${r.requests.length} request(s)\n${r.stdout.slice(-1500)}\n${r.stderr.slice(-800)}`;
const told = (r: AgentRunResult, token: string) => r.requests.some((q) => JSON.stringify(q.body).includes(token));

/** A project with Claude hooks: a Bash guard (exit 2 on FORBIDDEN) and a PostToolUse context on Write|Edit. */
function claudeProject() {
  const ws = makeWorkspace('hb-cline-');
  workspaces.push(ws);
  writeFileEnsured(
    join(ws.projectDir, '.claude/hooks/guard.sh'),
    '#!/bin/sh\ngrep -q FORBIDDEN && { echo "FORBIDDEN is not allowed here" >&2; exit 2; }\nexit 0\n',
    0o755,
  );
  writeJson(join(ws.projectDir, '.claude/settings.json'), {
    hooks: {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' }] },
      ],
      PostToolUse: [
        {
          matcher: 'Write|Edit',
          hooks: [
            {
              type: 'command',
              command: `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"CTX-LINT-OK"}}'`,
            },
          ],
        },
      ],
    },
  });
  // This checkout's hook-bridge first on the agent's PATH, in the workspace (the event files run `hook-bridge`).
  const pathDir = join(ws.root, 'bin');
  mkdirSync(pathDir);
  symlinkSync(bin, join(pathDir, 'hook-bridge'));
  const env = { PATH: `${pathDir}${delimiter}${process.env.PATH ?? ''}` };
  return { ws, dir: ws.projectDir, env };
}

const shell = (command: string): ModelStep => ({ tool: 'run_commands', args: { commands: [command] } });

describe('Cline CLI 3.0.65: a Claude project converted with convert --to cline', () => {
  it('as it is: Cline reads no Claude file, the guarded command runs', async () => {
    const p = claudeProject();
    const r = await runCline({
      projectDir: p.dir,
      homeDir: p.ws.homeDir,
      env: p.env,
      steps: [shell('echo FORBIDDEN > m.txt')],
    });
    expect(existsSync(join(p.dir, 'm.txt')), explain(r)).toBe(true);
  }, 180_000);

  it("through hook-bridge: the guard's deny stops the call, and Cline's run ends there", async () => {
    const p = claudeProject();
    await convertProject({ project: p.dir, to: ['cline'], from: 'claude' });
    expect(existsSync(join(p.dir, '.clinerules/hooks/PreToolUse'))).toBe(true);
    const r = await runCline({
      projectDir: p.dir,
      homeDir: p.ws.homeDir,
      env: p.env,
      steps: [shell('echo ok > a.txt && echo FORBIDDEN > m.txt'), shell('echo after > b.txt')],
    });
    expect(existsSync(join(p.dir, 'm.txt')), explain(r)).toBe(false);
    expect(existsSync(join(p.dir, 'a.txt')), explain(r)).toBe(false);
    // cancel ends the run: no request after the blocked call, so the second step never comes.
    expect(r.requests.length, explain(r)).toBe(1);
    expect(existsSync(join(p.dir, 'b.txt'))).toBe(false);
  }, 180_000);

  it("through hook-bridge: an allowed command runs, and a Claude PostToolUse context reaches the model after Cline's editor", async () => {
    const p = claudeProject();
    await convertProject({ project: p.dir, to: ['cline'], from: 'claude' });
    const r = await runCline({
      projectDir: p.dir,
      homeDir: p.ws.homeDir,
      env: p.env,
      steps: [shell('echo fine > ok.txt'), { tool: 'editor', args: { path: join(p.dir, 'n.txt'), new_text: 'hello' } }],
    });
    expect(readFileSync(join(p.dir, 'ok.txt'), 'utf8'), explain(r)).toBe('fine\n');
    expect(readFileSync(join(p.dir, 'n.txt'), 'utf8'), explain(r)).toBe('hello');
    expect(told(r, 'CTX-LINT-OK'), explain(r)).toBe(true);
  }, 180_000);
});
