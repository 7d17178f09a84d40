// convert and Claude Code's session environment (issue 35): a SessionStart hook that may append exports to
// $CLAUDE_ENV_FILE gets them to the later shell calls where the host lets a PreToolUse answer rewrite the call —
// `--session-env` on the hook-bridge entry that already fires for the shell tool, else one entry of its own — and
// nothing changes otherwise; the entry is checked and removed like every other, and is not read back as a hook.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertHooks } from '../../src/convert/convert.js';
import { convertProject } from '../../src/convert/project.js';
import { SESSION_ENV_NOTE } from '../../src/convert/session-env-entries.js';
import { dialects } from '../../src/dialects/index.js';
import { unguarded } from '../../src/dialects/runner-guard.js';
import type { DialectId } from '../../src/model/dialect-ids.js';

const APPENDS = '#!/usr/bin/env bash\nset -u\necho "export E2E_FLAVOR=mint" >> "$CLAUDE_ENV_FILE"\n';
const start = (command: string) => ({ SessionStart: [{ hooks: [{ type: 'command', command }] }] });

function project(hooks: object, files: Record<string, string> = { '.claude/hooks/s.sh': APPENDS }) {
  const dir = mkdtempSync(join(tmpdir(), 'hb-conv-env-'));
  mkdirSync(join(dir, '.claude'), { recursive: true });
  writeFileSync(join(dir, '.claude/settings.json'), JSON.stringify({ hooks }, null, 2));
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), text, { mode: 0o755 });
  }
  return dir;
}
const commands = async (dir: string, to: DialectId, more: { wrap?: boolean } = {}) => {
  const r = await convertProject({ project: dir, from: 'claude', to: [to], stdout: true, ...more });
  // (without the runner guard of the hosts that block when hook-bridge cannot start: runner-guard.test.ts)
  return r.targets[0]!.result.hooks.map((h) => `${h.event} ${h.matcher ?? ''} ${unguarded(String(h.handler.command))}`);
};
const SCRIPT = '"$CLAUDE_PROJECT_DIR"/.claude/hooks/s.sh';

describe('which conversions get the session environment step', () => {
  it.each([
    ['codebuddy', 'PreToolUse Bash hook-bridge dispatch --to codebuddy --session-env'],
    ['gemini', 'BeforeTool run_shell_command hook-bridge dispatch --to gemini --session-env'],
    ['codex', 'PreToolUse Bash hook-bridge dispatch --to codex --session-env'],
    ['copilot', 'preToolUse bash hook-bridge dispatch --to copilot --event preToolUse --session-env'],
  ] as const)('%s: one entry on the shell tool when nothing else fires for it', async (to, entry) => {
    const got = await commands(project(start(SCRIPT)), to);
    expect(got).toHaveLength(2);
    expect(got[1]).toBe(entry);
  });
  it.each(['qwen', 'pi', 'opencode', 'codebuddy-ide'] as const)(
    '%s: none on Qwen (ignores rewrites) nor an in-process host (its engine); the IDE merges modifiedInput',
    async (to) => {
      const got = await commands(project(start(SCRIPT)), to);
      expect(got.filter((c) => c.includes('--session-env'))).toEqual(
        to === 'codebuddy-ide' ? [expect.stringContaining('--session-env')] : [],
      );
    },
  );
  it('a SessionStart hook that does not write the file, or unwrapped: nothing added (no process)', async () => {
    const quiet = project(start('cat "$CLAUDE_PROJECT_DIR/.claude/context.md"'), { '.claude/context.md': 'hi\n' });
    expect(await commands(quiet, 'gemini')).toHaveLength(1);
    expect(await commands(project(start(SCRIPT)), 'gemini', { wrap: false })).toHaveLength(1);
  });
  it('the variable in the command, or in a script a launcher runs beside it (run-hook.cmd session-start)', async () => {
    const inline = project(start('echo "export A=1" >> "$CLAUDE_ENV_FILE"'), {});
    expect((await commands(inline, 'codex')).at(-1)).toContain('--session-env');
    const launcher = project(start('"$CLAUDE_PROJECT_DIR"/hooks/run-hook.cmd session-start'), {
      'hooks/run-hook.cmd': '#!/bin/sh\nexec "$(dirname "$0")/$1"\n',
      'hooks/session-start': APPENDS,
    });
    expect((await commands(launcher, 'codex')).at(-1)).toContain('--session-env');
  });
  it('a script convert cannot read (missing, through an unknown variable): nothing added, no process per call', async () => {
    const missing = project(start('"$CLAUDE_PROJECT_DIR"/.claude/hooks/gone.sh'), {});
    expect(await commands(missing, 'codex')).toHaveLength(1);
    const unknown = project(start('"$SOME_TOOL_HOME"/session-start.sh'), {});
    expect(await commands(unknown, 'codex')).toHaveLength(1);
  });
  it('a hook-bridge entry already fires for the shell tool: it gets --session-env (composed, no process)', async () => {
    const hooks = {
      ...start(SCRIPT),
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            { type: 'command', command: 'echo a' },
            { type: 'command', command: 'echo b' },
          ],
        },
      ],
    };
    expect(await commands(project(hooks), 'gemini')).toEqual([
      `SessionStart  hook-bridge run --from claude --to gemini -c '"\${CLAUDE_PROJECT_DIR}"/.claude/hooks/s.sh'`,
      "BeforeTool ^run_shell_command$ hook-bridge dispatch --session-env --to gemini run --from claude -c 'echo a' " +
        "run --from claude -c 'echo b'",
    ]);
  });
});

it("the SessionStart hook's report row says where its exports go", async () => {
  const r = await convertProject({ project: project(start(SCRIPT)), from: 'claude', to: ['gemini'], stdout: true });
  expect(r.targets[0]!.result.report[0]!.notes).toContain(SESSION_ENV_NOTE);
  const quiet = project(start('true'), {});
  const q = await convertProject({ project: quiet, from: 'claude', to: ['gemini'], stdout: true });
  expect(q.targets[0]!.result.report[0]!.notes).not.toContain(SESSION_ENV_NOTE);
});

describe('the entry through --check, a round trip and --remove', () => {
  it.each(['codebuddy', 'gemini', 'codex', 'copilot'] as const)('%s', async (to) => {
    const dir = project(start(SCRIPT));
    const before = readFileSync(join(dir, '.claude/settings.json'), 'utf8');
    const w = await convertProject({ project: dir, from: 'claude', to: [to] });
    const t = w.targets[0]!;
    expect(t.after).toContain('--session-env');
    expect((await convertProject({ project: dir, from: 'claude', to: [to], check: true })).targets[0]!.changed).toBe(
      false,
    );
    // Read back, it is no hook of the source: converting back gives the original SessionStart hook only.
    const read = dialects[to].codec.read(t.after, t.file, dialects[to]);
    const back = convertHooks(read.hooks, to, { to: 'claude' });
    expect(back.hooks.map((h) => [h.event, h.handler.command])).toEqual([['SessionStart', SCRIPT]]);
    const copy = mkdtempSync(join(tmpdir(), 'hb-conv-env-rm-'));
    cpSync(dir, copy, { recursive: true });
    await convertProject({ project: dir, from: 'claude', to: [to], remove: true });
    expect(readFileSync(join(dir, '.claude/settings.json'), 'utf8')).toBe(before);
    expect(() => readFileSync(resolve(t.file), 'utf8')).toThrow();
  });
});
