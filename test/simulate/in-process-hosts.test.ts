// `hook-bridge test` on the in-process hosts (Pi, OpenCode): as they are, nothing runs — they read no hook config, so
// the
// Claude hooks copied into the project are never started (whatever their matchers); through hook-bridge, the hooks
// run by hook-bridge's engine in the agent's process, which is how the report names them.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatText } from '../../src/simulate/format.js';
import { simulate } from '../../src/simulate/simulate.js';
import { claudeProject, row, sh, withHookBridge } from './helpers.js';

describe('test --to pi,opencode', () => {
  it('as is: nothing runs (no hook config read); through hook-bridge: the deny, by the engine', async () => {
    // A matcher for every tool: as is it would match any tool name, so "nothing runs" is not the matcher's doing.
    const dir = claudeProject(
      { PreToolUse: [{ matcher: '*', hooks: [sh('deny.sh')] }] },
      { 'deny.sh': 'echo "no rm" >&2; exit 2\n' },
    );
    const r = await simulate({
      inputs: [dir],
      to: ['pi', 'opencode'],
      call: { event: 'PreToolUse', tool: 'Bash', input: { command: 'rm -rf x' } },
      env: withHookBridge(),
    });
    for (const [host, agent, file] of [
      ['pi', 'Pi', '.pi/extensions/hook-bridge.ts'],
      ['opencode', 'OpenCode', '.opencode/plugin/hook-bridge.js'],
    ] as const) {
      const asIs = row(r, host);
      expect(asIs.decision).toBe('none');
      expect(asIs.hooks).toEqual([]);
      expect(asIs.notRun).toEqual([
        {
          where: join(dir, '.claude/settings.json'),
          why:
            `${agent} reads no hook config: nothing runs (it runs hooks only through hook-bridge's loader, ${file}, which ` +
            `\`hook-bridge convert --to ${host}\` writes)`,
        },
      ]);
      expect(row(r, host, 'bridged')).toMatchObject({ decision: 'deny', reason: expect.stringContaining('no rm') });
    }
    const text = formatText(r, dir);
    expect(text).toContain("(by hook-bridge's engine in Pi)");
    expect(text).toContain("(by hook-bridge's engine in OpenCode)");
    expect(text).not.toContain('through hook-bridge run');
  });
});
