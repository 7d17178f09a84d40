// The runner guard (src/dialects/runner-guard.ts): a host that blocks a call when a hook cannot start (GitHub Copilot
// CLI denies on any failing hook, Gemini CLI blocks from exit 2 up) must not be locked out by a hook-bridge that is
// not installed where it runs hooks, when the hooks' own agent (Claude Code) treats that as a non-blocking error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/convert/convert.js';
import { guarded, needsGuard, RUNNER_GUARD, unguarded } from '../../src/dialects/runner-guard.js';
import { parseGroup, parseWrapper } from '../../src/dialects/wrapper.js';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';
import { mappings } from '../../src/model/mappings.js';

/** The entry run as a host runs it (Copilot CLI: bash --norc --noprofile -c), a PATH with only the given programs (and
 * the shell's own tools).
 */
function runAsHost(
  command: string,
  programs: Record<string, string> = {},
): { code: number | null; stdout: string; stderr: string } {
  const bin = mkdtempSync(join(tmpdir(), 'hb-guard-'));
  for (const [name, body] of Object.entries(programs)) {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  }
  const r = spawnSync('/bin/bash', ['--norc', '--noprofile', '-c', command], {
    env: { PATH: `${bin}:/usr/bin:/bin` },
    input: '{}',
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const claude = JSON.stringify({
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }] },
});

describe("which entries get it: from the data (output.otherExit of the host and of the hooks' own agent)", () => {
  it('a host that blocks on exit 127 running hooks of an agent that does not', () => {
    const blocking = DIALECT_IDS.filter((d) => needsGuard([d], ['claude']));
    expect(blocking).toEqual(
      DIALECT_IDS.filter((d) => ['denies', 'blocks-from-2'].includes(mappings.dialects[d].output!.otherExit)),
    );
    expect(blocking.length).toBeGreaterThanOrEqual(2);
    // A script whose own agent blocks on 127 keeps that rule: no guard.
    for (const d of blocking) expect(needsGuard([d], [d])).toBe(false);
    expect(needsGuard(['qwen'], ['claude'])).toBe(false);
    // One file for two hosts: guarded when either blocks.
    expect(needsGuard(['qwen', ...blocking.slice(0, 1)], ['claude'])).toBe(true);
  });
  it('convert writes it on those hosts only, and reading the entry back gives the wrapper it guards', () => {
    for (const to of DIALECT_IDS.filter((d) => d !== 'claude' && d !== 'hooks-yaml')) {
      const out = convert(claude, { from: 'claude', to });
      expect(out.output.includes(JSON.stringify(RUNNER_GUARD).slice(1, -1)), to).toBe(needsGuard([to], ['claude']));
      const back = convert(out.output, { from: to, to: 'claude' });
      expect(JSON.parse(back.output).hooks.PreToolUse[0].hooks[0].command, to).toBe('./guard.sh');
    }
  });
  it('guarded/unguarded are inverses, and a guarded wrapper or group parses as the unguarded one', () => {
    const w = "hook-bridge run --from claude --to copilot --event preToolUse -c './g.sh'";
    const g = "hook-bridge dispatch --to gemini run --from claude -c './a.sh' run --from claude -c './b.sh'";
    expect(guarded(guarded(w))).toBe(guarded(w));
    expect(unguarded(guarded(w))).toBe(w);
    expect(unguarded(w)).toBe(w);
    expect(parseWrapper(guarded(w))).toEqual(parseWrapper(w));
    expect(parseGroup(guarded(g))).toEqual(parseGroup(g));
  });
});

describe('what it does when the host runs the entry', () => {
  const entry = (runner: string) => guarded(`${runner} run --from claude --to copilot --event preToolUse -c './g.sh'`);
  it('hook-bridge not installed (127): exit 0, the call goes on, stderr says why', () => {
    const r = runAsHost(entry('hook-bridge-not-installed'));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('hook-bridge could not be started (exit 127): this hook did not run');
  });
  it('not executable (126): the same', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-guard-'));
    writeFileSync(join(dir, 'hb'), '#!/bin/sh\nexit 0\n', { mode: 0o644 });
    const r = runAsHost(entry(join(dir, 'hb')));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('(exit 126)');
  });
  it("hook-bridge's own answers pass through: its stdout, exit 0 and exit 2 (a deny) and any other code", () => {
    expect(runAsHost(entry('hb'), { hb: 'cat >/dev/null; echo \'{"permissionDecision":"deny"}\'' })).toEqual({
      code: 0,
      stdout: '{"permissionDecision":"deny"}\n',
      stderr: '',
    });
    expect(runAsHost(entry('hb'), { hb: 'cat >/dev/null; echo no >&2; exit 2' })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'no\n',
    });
    expect(runAsHost(entry('hb'), { hb: 'exit 3' }).code).toBe(3);
  });
});
