// Claude Code's PreSkillShellCommand (declared from 2.1.332), observed on the real CLI with native hooks: a skill whose
// text holds an inline shell command (!`…`), loaded by the prompt `/probe` in -p; the hook records its payload, and
// answers exit 2 in the second case. Runs on Claude Code >= 2.1.332 only (the pin, or the latest lane's version).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { afterEach, describe, expect, it } from 'vitest';
import { runClaude } from './harness/claude.js';
import { agentVersion } from './harness/install.js';
import { makeWorkspace, type TempWorkspace, writeFileEnsured, writeJson } from './harness/util.js';

const SKILL = `---
name: probe
description: A probe skill whose text runs one shell command
---
The marker: !\`echo SKILL-SHELL-RAN > skill-ran.txt; echo marker-written\`
`;

let w: TempWorkspace | undefined;
afterEach(() => w?.cleanup());

function project(hookScript: string): TempWorkspace {
  const ws = makeWorkspace();
  writeFileEnsured(join(ws.projectDir, '.claude/skills/probe/SKILL.md'), SKILL);
  writeFileEnsured(
    join(ws.projectDir, 'hook.sh'),
    `#!/bin/sh\ncat > "$CLAUDE_PROJECT_DIR/payload.json"\n${hookScript}\n`,
    0o755,
  );
  writeJson(join(ws.projectDir, '.claude/settings.json'), {
    hooks: { PreSkillShellCommand: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './hook.sh' }] }] },
  });
  return ws;
}

describe.skipIf(semver.lt(agentVersion('claude'), '2.1.332'))(
  `claude: PreSkillShellCommand on Claude Code ${agentVersion('claude')} (native hooks)`,
  () => {
    it("fires before a skill's inline shell command, matched on tool_name Bash, with the command", async () => {
      w = project('exit 0');
      const r = await runClaude({ ...w, prompt: '/probe', steps: [{ text: 'done' }] });
      expect(r.exitCode, r.stderr).toBe(0);
      const payload = JSON.parse(readFileSync(join(w.projectDir, 'payload.json'), 'utf8'));
      expect(payload).toMatchObject({
        hook_event_name: 'PreSkillShellCommand',
        tool_name: 'Bash',
        tool_input: { command: expect.stringContaining('SKILL-SHELL-RAN') },
        command_name: 'probe',
        invoked_by: 'user',
      });
      expect(existsSync(join(w.projectDir, 'skill-ran.txt'))).toBe(true);
    });
    it('exit 2 keeps the command from running', async () => {
      w = project('echo NO-SKILL-SHELL >&2; exit 2');
      const r = await runClaude({ ...w, prompt: '/probe', steps: [{ text: 'done' }] });
      expect(existsSync(join(w.projectDir, 'payload.json')), r.stderr).toBe(true);
      expect(existsSync(join(w.projectDir, 'skill-ran.txt'))).toBe(false);
    });
  },
);
