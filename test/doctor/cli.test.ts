// hook-bridge doctor as a command: the report on stdout (text or JSON, paths from the current directory), exit 1 when
// something would not run, 0 when all is well, 2 on bad usage.
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { project, settings } from '../convert/helpers.js';
import { shimDir } from '../convert/host.js';

const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
const doctor = (args: string[], cwd: string, PATH: string) => {
  const r = spawnSync(process.execPath, [bin, 'doctor', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, PATH, COLUMNS: '1000' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

function converted(): string {
  const dir = project({
    '.claude/settings.json': settings({ Stop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }] }),
  });
  writeFileSync(join(dir, 'stop.sh'), '#!/bin/sh\n');
  chmodSync(join(dir, 'stop.sh'), 0o755);
  const r = spawnSync(process.execPath, [bin, 'convert', '--to', 'qwen'], { cwd: dir, encoding: 'utf8' });
  expect(r.status).toBe(0);
  return dir;
}

describe('hook-bridge doctor', () => {
  it('all is well: exit 0, and the report says what it checked', () => {
    const dir = converted();
    const r = doctor([], dir, shimDir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^hook-bridge doctor: \. \(2 hook configs;/);
    expect(r.stdout).toMatch(
      /^CONVERTED FILES \(convert --check\)\n {2}ok {7}\.qwen\/settings\.json is what convert writes from \.claude\/settings\.json \(for Qwen Code\)$/m,
    );
    expect(r.stdout).toMatch(/\nno problem: the hooks run here as converted\n$/);
  });
  it('hook-bridge not on PATH: exit 1, with the fix; JSON the same, paths from the current directory', () => {
    const dir = converted();
    const r = doctor([dir], '/', '/nonexistent');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /\n {2}problem {2}hook-bridge is not on PATH here: the entry that calls `hook-bridge` fails to start/,
    );
    expect(r.stdout).toMatch(/\n {11}fix: npm install -g hook-bridge/);
    expect(r.stdout).toMatch(/\n1 problem: some hooks would not run, or not as converted \(exit 1\)\n$/);
    const json = JSON.parse(doctor(['--format', 'json'], dir, '/nonexistent').stdout);
    expect(json).toMatchObject({
      project: '.',
      configs: ['.claude/settings.json', '.qwen/settings.json'],
      problems: 1,
    });
    expect(json.checks[0]).toMatchObject({ kind: 'hook-bridge', status: 'problem', items: ['.qwen/settings.json'] });
  });
  it('a directory with no hook config: exit 2 and the message audit gives, nothing on stdout (issue 35)', () => {
    const dir = project({ 'README.md': 'no hooks\n' });
    const r = doctor([], dir, shimDir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const audit = spawnSync(process.execPath, [bin, 'audit'], { cwd: dir, encoding: 'utf8' });
    expect(audit.status).toBe(2);
    expect(r.stderr).toBe(audit.stderr);
    expect(r.stderr).toMatch(/^hook-bridge: \.: no hook config found \(looked for \.claude\/, .*\)\n$/);
  });
  it.each([
    [['--format', 'yaml'], /argument 'yaml' is invalid/],
    [['a', 'b'], /too many arguments/],
    [['--bogus'], /unknown option '--bogus'/],
  ])('bad usage %j: exit 2', (args, message) => {
    const r = doctor(args, '/', shimDir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
