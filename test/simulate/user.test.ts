// `test --user` (issue 36) under a sandboxed HOME: the user's Claude hooks (settings and enabled plugins) run for one
// call in the current directory's project, as each agent would run them and through hook-bridge; the project and the
// home are left as they were.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hb, sandbox, snapshot } from '../convert/user-home.js';

describe('test --user', () => {
  it("the user's force-push guard denies through hook-bridge on each host, run in the current project", () => {
    const home = sandbox();
    const project = mkdtempSync(join(tmpdir(), 'hb-us-proj-'));
    writeFileSync(join(project, 'README.md'), 'x\n');
    const before = { home: snapshot(home), project: snapshot(project) };
    const args = ['test', '--user', '--to', 'qwen,gemini,codex', '--event', 'PreToolUse', '--tool', 'Bash'];
    const r = hb(home, [...args, '--input', '{"command":"git push --force"}', '--format', 'json'], project);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout).results as { host: string; mode: string; decision: string }[];
    expect(rows.find((x) => x.host === 'claude')?.decision).toBe('deny');
    for (const host of ['qwen', 'gemini', 'codex'])
      expect(rows.find((x) => x.host === host && x.mode === 'bridged')?.decision).toBe('deny');
    const allowed = hb(home, [...args, '--input', '{"command":"git status"}', '--format', 'json'], project);
    expect(JSON.parse(allowed.stdout).results.every((x: { decision: string }) => x.decision !== 'deny')).toBe(true);
    expect({ home: snapshot(home), project: snapshot(project) }).toEqual(before);
  });

  it('from the home directory, or with an input: exit 2, one line', () => {
    const home = sandbox();
    const call = ['--event', 'PreToolUse', '--tool', 'Bash', '--input', '{"command":"ls"}'];
    const fromHome = hb(home, ['test', '--user', ...call], home);
    expect(fromHome.code).toBe(2);
    expect(fromHome.stderr).toMatch(/run it from a project directory/);
    expect(hb(home, ['test', '--user', '.', ...call]).stderr).toMatch(/--user .* takes no input/);
  });
});
