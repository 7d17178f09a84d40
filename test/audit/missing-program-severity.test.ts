// A program this machine lacks is an error where the hook could block, a warning where it cannot (issue 35):
// checkmarble/marble-frontend's macOS `osascript` Notification hook failed `audit --fail-on error` on a Linux CI
// runner although a Notification hook blocks nothing, while a missing program on a guard must still fail CI.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit, auditExitCode } from '../../src/audit/audit.js';

const fixtures = resolve(import.meta.dirname, '../fixtures/real-shapes');
const realProjects = resolve(import.meta.dirname, '../real-projects');

/** A Linux runner's PATH: stand-ins for the programs it has (audit only looks them up), no osascript. */
function linuxPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hb-path-'));
  for (const p of ['bash', 'sh', 'jq', 'git', 'grep', 'echo', 'node', 'python3']) {
    writeFileSync(join(dir, p), '#!/bin/sh\n');
    chmodSync(join(dir, p), 0o755);
  }
  return dir;
}

describe('script-interpreter-missing: the level follows what the hook can do', () => {
  const env = { ...process.env, PATH: linuxPath() };

  it('checkmarble/marble-frontend: osascript on a Notification hook is a warning that says why', () => {
    const dir = join(fixtures, 'checkmarble__marble-frontend');
    const r = audit({ paths: [dir], cwd: dir, env });
    const f = r.findings.filter((x) => x.ruleId === 'script-interpreter-missing');
    expect(f.map((x) => [x.severity, x.path])).toEqual([['warning', 'hooks.Notification[0].hooks[0].command']]);
    expect(f[0]!.message).toMatch(/^osascript \(the program the command starts\) is not on PATH: .*blocks nothing/);
    expect(f[0]!.message).toMatch(/\(a warning: the hook cannot block anything on its event\)$/);
    expect(auditExitCode(r.findings, 'error')).toBe(0);
    expect(auditExitCode(r.findings, 'warning')).toBe(1);
  });

  it('the same program on a PreToolUse guard stays an error (marble-frontend with osascript as its guard)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-guard-'));
    const command = 'osascript -e \'display notification "Claude Code needs your attention"\'';
    mkdirSync(join(dir, '.claude'));
    writeFileSync(
      join(dir, '.claude/settings.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }),
    );
    const r = audit({ paths: [dir], cwd: dir, env });
    const f = r.findings.filter((x) => x.ruleId === 'script-interpreter-missing');
    expect(f.map((x) => x.severity)).toEqual(['error']);
    expect(f[0]!.message).not.toMatch(/a warning/);
    expect(auditExitCode(r.findings, 'error')).toBe(1);
  });

  it('riddopic/cc-tools without cc-tools: errors on the hooks that can block, warnings on the others', () => {
    const dir = join(realProjects, 'riddopic__cc-tools');
    const f = audit({ paths: [dir], cwd: dir, env }).findings.filter((x) => x.ruleId === 'script-interpreter-missing');
    const level = (sev: string) =>
      f
        .filter((x) => x.severity === sev)
        .map((x) => /^hooks\.(\w+)/.exec(x.path)![1])
        .sort();
    expect(level('error')).toEqual(['PostToolUse', 'PostToolUse', 'PreToolUse', 'Stop', 'UserPromptSubmit']);
    expect(level('warning')).toEqual(['Notification', 'PreCompact', 'SessionEnd', 'SessionStart']);
  });

  it('a --rule setting still overrides the level', () => {
    const dir = join(fixtures, 'checkmarble__marble-frontend');
    const r = audit({ paths: [dir], cwd: dir, env, rules: { 'script-interpreter-missing': 'error' } });
    const f = r.findings.filter((x) => x.ruleId === 'script-interpreter-missing');
    expect(f.map((x) => x.severity)).toEqual(['error']);
  });
});
