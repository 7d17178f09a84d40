// `doctor --user` (issue 36) under a sandboxed HOME: the user-level files every session runs, their conversions
// checked as `convert --user --check`, the scripts they run, Codex CLI's user hooks by their trusted hashes alone.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hb, sandbox, snapshot, write } from '../convert/user-home.js';

describe('doctor --user', () => {
  it('says the user-level conversions are current, then out of date after an edit of ~/.claude/settings.json', () => {
    const home = sandbox();
    expect(hb(home, ['convert', '--user', '--to', 'qwen,codex']).code).toBe(0);
    const before = snapshot(home);
    const ok = JSON.parse(hb(home, ['doctor', '--user', '--format', 'json']).stdout);
    const conversions = ok.checks.filter((c: { kind: string }) => c.kind === 'conversion');
    expect(conversions.map((c: { status: string }) => c.status)).toEqual(['ok', 'ok']);
    expect(conversions[0].message).toMatch(
      /\.qwen\/settings\.json is what convert writes from .*\.claude\/settings\.json/,
    );
    // Codex CLI: a user-level file needs its hooks' hashes trusted, not a trusted project.
    const trust = ok.checks.filter((c: { kind: string }) => c.kind === 'trust');
    expect(trust.map((c: { message: string }) => c.message).join('\n')).not.toMatch(/not trusted in/);
    expect(trust[0].fix).toMatch(/^hook-bridge convert --user --to codex --trust-codex-hooks/);
    // The guard's script is there; the plugin's is not: said, with the plugin's hook file.
    const programs = ok.checks.filter((c: { kind: string }) => c.kind === 'program');
    expect(programs.map((c: { message: string }) => c.message).join('\n')).toMatch(/check\.sh does not exist/);
    expect(programs.map((c: { message: string }) => c.message).join('\n')).not.toMatch(/no-force\.sh/);
    expect(snapshot(home)).toEqual(before);

    const settings = JSON.parse(readFileSync(join(home, '.claude/settings.json'), 'utf8'));
    settings.hooks.Stop = [{ hooks: [{ type: 'command', command: 'echo done' }] }];
    write(join(home, '.claude/settings.json'), settings);
    const stale = hb(home, ['doctor', '--user']);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/\.qwen\/settings\.json is out of date with/);
    expect(stale.stdout).toMatch(/fix: hook-bridge convert --user --to qwen/);
  });

  it("an in-process host's user-level hook file is checked like any other (Pi: the one its user loader runs)", () => {
    const home = sandbox();
    expect(hb(home, ['convert', '--user', '--to', 'pi']).code).toBe(0);
    const ok = JSON.parse(hb(home, ['doctor', '--user', '--format', 'json']).stdout);
    const conversions = ok.checks.filter((c: { kind: string }) => c.kind === 'conversion');
    expect(conversions.map((c: { status: string; message: string }) => [c.status, c.message])).toEqual([
      ['ok', expect.stringMatching(/\.pi\/agent\/extensions\/hook-bridge\/hooks\.json is what convert writes/)],
    ]);
  });

  it('a home without user hooks: exit 2 as audit says it; a project beside --user: exit 2', () => {
    const empty = mkdtempSync(join(tmpdir(), 'hb-us-none-'));
    const r = hb(empty, ['doctor', '--user']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no hook config found .*and the user-level configs/);
    rmSync(empty, { recursive: true });
    const home = sandbox();
    expect(hb(home, ['doctor', '--user', '.']).stderr).toMatch(/--user .* takes no project directory/);
  });
});
