// convert and audit warn when the runner the converted entries call (`hook-bridge`, or --runner) cannot be found
// from the project (issue 21): every wrapped hook would fail to start. A warning in convert's report (stderr in text),
// a note on audit's stderr; never an error, never a finding.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.js';
import { convertProject } from '../../src/convert/project.js';
import { runnerEffects, runnerNotFound } from '../../src/convert/runner-found.js';

const FIXTURE = resolve(import.meta.dirname, '../real-world/fixtures/claude-all-lifecycle');
const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
const copy = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hb-runner-'));
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
};
/** A PATH with only these programs (shims), so the result does not depend on what this machine has installed. */
function pathWith(...names: string[]): string {
  const d = mkdtempSync(join(tmpdir(), 'hb-path-'));
  for (const n of names) {
    writeFileSync(join(d, n), '#!/bin/sh\nexit 0\n');
    chmodSync(join(d, n), 0o755);
  }
  return d;
}
const codes = (r: { diagnostics: { code: string }[] }) =>
  r.diagnostics.map((d) => d.code).filter((c) => c === 'runnerNotFound');

describe('convert: the runner it writes', () => {
  it('hook-bridge not on PATH: a warning that says what happens on each host', async () => {
    const r = await convertProject({
      to: ['qwen', 'gemini'],
      project: copy(),
      stdout: true,
      env: { PATH: pathWith() },
    });
    expect(r.diagnostics.filter((d) => d.code === 'runnerNotFound')).toEqual([
      {
        severity: 'warning',
        code: 'runnerNotFound',
        message:
          'hook-bridge is not on PATH here: the hooks written to run `hook-bridge …` fail to start (exit 127) ' +
          "until it is installed where the agents run hooks, or --runner names one that is (e.g. --runner 'node " +
          "./node_modules/hook-bridge/bin/hook-bridge.cjs'); meanwhile Qwen Code, Gemini CLI run none of them (a " +
          'non-blocking error)',
      },
    ]);
  });
  it('an in-process host: its loader loads the engine of the hook-bridge on PATH, whatever the runner', async () => {
    const message = async (to: ('qwen' | 'pi' | 'opencode')[], runner?: string, ...path: string[]) =>
      (
        await convertProject({
          to,
          project: copy(),
          stdout: true,
          ...(runner ? { runner } : {}),
          env: { PATH: pathWith(...path) },
        })
      ).diagnostics.find((d) => d.code === 'runnerNotFound')?.message;
    const plugins =
      '.pi/extensions/hook-bridge.ts and .opencode/plugin/hook-bridge.js load the engine of the hook-bridge on the ' +
      'PATH where Pi and OpenCode run; until it is installed there (npm install -g hook-bridge), every call a hook ' +
      'could block is blocked with that reason';
    expect(await message(['pi', 'opencode'])).toBe(`hook-bridge is not on PATH here: ${plugins}`);
    expect(await message(['qwen', 'pi', 'opencode'])).toMatch(
      new RegExp(
        '^hook-bridge is not on PATH here: the hooks written .* Qwen Code runs none of them ' +
          `\\(a non-blocking error\\)\\. ${plugins.replace(/[.()]/g, '\\$&')}$`,
      ),
    );
    // A runner found does not load the plugins' engine: hook-bridge itself must be on PATH.
    expect(await message(['pi'], 'my-runner', 'my-runner')).toMatch(
      /^hook-bridge is not on PATH here: \.pi\/extensions/,
    );
    expect(await message(['pi', 'opencode'], undefined, 'hook-bridge')).toBeUndefined();
  });
  it("what hook-bridge's absence does, per host: an in-process host's loader blocks what a hook could block", () => {
    expect(runnerEffects(['qwen', 'pi', 'opencode'])).toBe(
      'Pi, OpenCode load no engine and block every call a hook could block, and Qwen Code runs none of them (a ' +
        'non-blocking error)',
    );
    expect(runnerEffects(['kilo'])).toBe('Kilo Code CLI loads no engine and blocks every call a hook could block');
  });

  it('hook-bridge on PATH, or nothing wrapped (--no-wrap): no warning', async () => {
    expect(
      codes(
        await convertProject({ to: ['qwen'], project: copy(), stdout: true, env: { PATH: pathWith('hook-bridge') } }),
      ),
    ).toEqual([]);
    expect(
      codes(
        await convertProject({ to: ['qwen'], project: copy(), stdout: true, wrap: false, env: { PATH: pathWith() } }),
      ),
    ).toEqual([]);
  });
  it('--runner node <file>: the file must be in the project', async () => {
    const dir = copy();
    const runner = 'node ./node_modules/hook-bridge/bin/hook-bridge.cjs';
    const first = await convertProject({
      to: ['codex'],
      project: dir,
      stdout: true,
      runner,
      env: { PATH: pathWith('node') },
    });
    expect(first.diagnostics.find((d) => d.code === 'runnerNotFound')?.message).toMatch(
      /^\.\/node_modules\/hook-bridge\/bin\/hook-bridge\.cjs does not exist \(hooks run in the project directory\): the hooks written to run `node \.\/node_modules\/hook-bridge\/bin\/hook-bridge\.cjs …` fail to start/,
    );
    mkdirSync(join(dir, 'node_modules/hook-bridge/bin'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/hook-bridge/bin/hook-bridge.cjs'), '');
    expect(
      codes(
        await convertProject({ to: ['codex'], project: dir, stdout: true, runner, env: { PATH: pathWith('node') } }),
      ),
    ).toEqual([]);
    expect(runnerNotFound(runner, dir, { PATH: pathWith() })).toBe('node');
    expect(runnerNotFound('FOO=1 $HOME/bin/hook-bridge', dir, { PATH: pathWith() })).toBeUndefined();
  });
  it('the CLI: the warning is in the text report, on stderr; the exit code is unchanged', () => {
    const dir = copy();
    const r = spawnSync(process.execPath, [bin, 'convert', '--to', 'qwen'], {
      cwd: dir,
      env: { ...process.env, PATH: pathWith(), COLUMNS: '1000' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(
      /\nwarning hook-bridge is not on PATH here: the hooks written to run `hook-bridge …` fail to start \(exit 127\)/,
    );
  });
});

describe('audit: the runner of the hook-bridge entries it finds', () => {
  it('a note for stderr, not a finding', async () => {
    const dir = copy();
    await convertProject({ to: ['qwen'], project: dir, backup: false });
    const r = audit({ paths: [dir], env: { PATH: pathWith() } });
    expect(r.notes).toEqual([
      expect.stringMatching(
        /^hook-bridge is not on PATH here: .*; meanwhile Qwen Code runs none of them \(a non-blocking error\)$/,
      ),
    ]);
    expect(r.findings.filter((f) => /hook-bridge is not on PATH/.test(f.message))).toEqual([]);
    expect(audit({ paths: [dir], env: { PATH: pathWith('hook-bridge') } }).notes).toEqual([]);
    // with --target, the runner a conversion would write
    const src = copy();
    expect(audit({ paths: [src], target: 'gemini', env: { PATH: pathWith() } }).notes).toEqual([
      expect.stringMatching(/; meanwhile Gemini CLI runs none of them \(a non-blocking error\)$/),
    ]);
    expect(audit({ paths: [src], env: { PATH: pathWith() } }).notes).toEqual([]);
  });
  it('the CLI prints it on stderr, after the report', async () => {
    const dir = copy();
    await convertProject({ to: ['qwen'], project: dir, backup: false });
    const r = spawnSync(process.execPath, [bin, 'audit', '--fail-on', 'never'], {
      cwd: dir,
      env: { ...process.env, PATH: pathWith(), COLUMNS: '1000' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^note: hook-bridge is not on PATH here: /);
  });
});
