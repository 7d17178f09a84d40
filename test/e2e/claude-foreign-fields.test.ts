// Claude Code 2.1.330 with handler fields it does not know (observed, native hooks, no hook-bridge): converting from
// GitHub Copilot CLI carries an action's `powershell`, `cwd` and `comment` into .claude/settings.json as written
// (the convert report says so). Claude Code reads its settings with a schema and, for an invalid entry, rejects the
// whole file (mappings/dialects/claude.yaml config.invalidEntry): this checks that unknown handler fields are not
// "invalid" there — the hook still runs and its exit-2 deny still blocks the call.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClaude } from './harness/claude.js';
import { ensureAgent } from './harness/install.js';
import { makeWorkspace, writeFileEnsured, writeJson, type TempWorkspace } from './harness/util.js';

const workspaces: TempWorkspace[] = [];
beforeAll(() => void ensureAgent('claude'));
afterAll(() =>
  workspaces.forEach((w) => {
    w.cleanup();
  }),
);

describe("Claude Code 2.1.337 (first seen on 2.1.330): a handler with fields it does not know (Copilot CLI's powershell, cwd, comment)", () => {
  it('still runs the hook: its exit-2 deny blocks the Bash call', async () => {
    const ws = makeWorkspace('hb-e2e-claude-fields-');
    workspaces.push(ws);
    const script = writeFileEnsured(join(ws.root, 'hook.sh'), 'cat >/dev/null\necho "FIELDS-DENY" >&2\nexit 2\n');
    const handler = {
      type: 'command',
      command: `sh ${JSON.stringify(script)}`,
      powershell: 'hook.ps1',
      cwd: '.',
      comment: 'carried from a Copilot CLI action',
    };
    writeJson(join(ws.projectDir, '.claude/settings.json'), {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [handler] }] },
    });
    const r = await runClaude({
      projectDir: ws.projectDir,
      homeDir: ws.homeDir,
      steps: [{ tool: 'Bash', args: { command: 'touch ran.marker' } }],
    });
    expect(
      {
        ran: existsSync(join(ws.projectDir, 'ran.marker')),
        told: r.requests.some((q) => JSON.stringify(q.body).includes('FIELDS-DENY')),
      },
      r.stderr.slice(-1500),
    ).toEqual({ ran: false, told: true });
  });
});
