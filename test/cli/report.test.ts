// convert's report says each thing once (issue 30): the gates of a file another agent reads itself once per file, no
// "(would change (dry run))", "1 hook" in the singular, no hook count after --remove, a field at its default (async
// false, shell bash) no loss, Codex CLI's trust warnings only when its file is written, JSON paths relative as in the
// text; `--to all`; `-v`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allTargets } from '../../src/convert/target-files.js';
import { project, settings } from '../convert/helpers.js';

const root = resolve(import.meta.dirname, '../..');
const bin = join(root, 'bin/hook-bridge.cjs');
const VERSION: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;

/** The CLI, its report unwrapped (what it says, not how: test/cli/terminal.test.ts). */
function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, COLUMNS: '1000', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const hook = (command: string, extra: object = {}) => ({ type: 'command', command, ...extra });
const claude = (n: number) =>
  project({
    '.claude/settings.json': settings({
      PreToolUse: Array.from({ length: n }, (_, i) => ({ matcher: 'Bash', hooks: [hook(`./h${i}.sh`)] })),
    }),
  });
const count = (text: string, s: string) => text.split(s).length - 1;

describe("convert's report says each thing once", () => {
  it('the gates of a file Copilot CLI reads itself: one line for the file, none on the hooks', () => {
    const dir = claude(12);
    const r = cli(['convert', '--to', 'copilot'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr.split('\n').filter((l) => l.includes('gated'))).toHaveLength(1);
    expect(r.stderr).toMatch(
      /\n {2}12 hooks gated for GitHub Copilot CLI: its own reading of them does nothing, so each runs there once, from \.github\/hooks\/hook-bridge\.json; Claude Code runs them as before/,
    );
  });
  it('a dry run says "dry run: would change"; "1 hook" in the singular; no hook count after --remove', () => {
    const dir = claude(1);
    const dry = cli(['convert', '--to', 'qwen', '--dry-run'], dir);
    expect(dry.stderr).toContain('claude -> qwen: .qwen/settings.json (dry run: would change)');
    expect(dry.stderr).not.toMatch(/\(\w[^()]*\([^()]*\)\)/); // no bracket inside a bracket
    expect(dry.stderr).toMatch(/\n {2}1 hook: 0 exact, 1 translated, 0 degraded, 0 dropped$/m);
    expect(cli(['convert', '--to', 'qwen'], dir).code).toBe(0);
    const removed = cli(['convert', '--to', 'qwen', '--remove'], dir);
    expect(removed.stderr).toContain('remove from qwen: .qwen/settings.json (deleted:');
    expect(removed.stderr).toMatch(/- removed {2}PreToolUse {2}\.\/h0\.sh$/m); // the hook it ran, not its wrapper
    expect(removed.stderr).not.toMatch(/\d+ hooks?:/);
  });
  it('"async": false and "shell": "bash" (what leaving them out means) degrade nothing: --strict passes', () => {
    const dir = project({
      '.claude/settings.json': settings({
        PreToolUse: [{ matcher: 'Bash', hooks: [hook('./g.sh', { async: false, shell: 'bash', once: false })] }],
      }),
    });
    for (const to of allTargets('claude')) {
      const r = cli(['convert', '--to', to, '--strict', '--stdout'], dir);
      expect(r.code, `${to}\n${r.stderr}`).toBe(0);
      expect(r.stderr, to).toMatch(/0 degraded, 0 dropped/);
      expect(r.stderr, to).not.toMatch(/field "(async|shell|once)"/);
    }
    // async: true on an agent that does not know it: hook-bridge dispatch applies it (the default conversion); one run
    // wrapper per hook (--wrap) cannot, and says so
    const bg = project({
      '.claude/settings.json': settings({
        PreToolUse: [{ matcher: 'Bash', hooks: [hook('./g.sh', { async: true })] }],
      }),
    });
    expect(cli(['convert', '--to', 'gemini', '--strict', '--stdout'], bg).code).toBe(0);
    const wrapped = cli(['convert', '--to', 'gemini', '--strict', '--stdout', '--wrap'], bg);
    expect(wrapped.code).toBe(1);
    expect(wrapped.stderr).toMatch(/field "async" is not known to be honoured by Gemini CLI/);
  });
  it("Codex CLI's trust warnings: when its file is written, not on a run that changes nothing, nor on --check", () => {
    const dir = claude(2);
    const env = { CODEX_HOME: mkdtempSync(join(tmpdir(), 'hb-codex-')) };
    const first = cli(['convert', '--to', 'codex'], dir, env);
    expect(first.stderr).toMatch(/\(projectUntrusted\)/);
    expect(count(first.stderr, '(hooksUntrusted)')).toBe(1);
    for (const again of [
      cli(['convert', '--to', 'codex'], dir, env),
      cli(['convert', '--to', 'codex', '--check'], dir, env),
    ]) {
      expect(again.code).toBe(0);
      expect(again.stderr).not.toMatch(/Untrusted\)/);
    }
  });
  it('--format json names files relative to the current directory, as the text does', () => {
    const dir = claude(1);
    const json = JSON.parse(cli(['convert', '--to', 'qwen', '--format', 'json'], dir).stdout);
    expect(json.sources[0].file).toBe('.claude/settings.json');
    expect(json.targets[0]).toMatchObject({ file: '.qwen/settings.json' });
    expect(json.targets[0].report[0].source.file).toBe('.claude/settings.json');
    const again = JSON.parse(
      cli(['convert', '..', '--to', 'qwen', '--format', 'json', '--dry-run'], join(dir, '.claude')).stdout,
    );
    expect(again.targets[0].file).toBe('../.qwen/settings.json');
    expect(JSON.stringify(json)).not.toContain(dir);
  });
});

describe('--to all', () => {
  it('converts to every agent hook-bridge observed but the source; --remove takes out what it recorded', () => {
    const dir = claude(1);
    const r = cli(['convert', '--to', 'all'], dir);
    expect(r.code).toBe(0);
    expect(allTargets('claude')).toEqual([
      'qwen',
      'codebuddy',
      'gemini',
      'codex',
      'copilot',
      'pi',
      'opencode',
      'cline',
      'droid',
      'kilo',
    ]);
    for (const f of ['.qwen/settings.json', '.codebuddy/settings.json', '.gemini/settings.json', '.codex/hooks.json'])
      expect(existsSync(join(dir, f)), f).toBe(true);
    expect(existsSync(join(dir, '.github/hooks/hook-bridge.json'))).toBe(true);
    expect(cli(['convert', '--to', 'all', '--check'], dir).code).toBe(0);
    const removed = cli(['convert', '--to', 'all', '--remove'], dir);
    expect(removed.code).toBe(0);
    expect(existsSync(join(dir, '.qwen'))).toBe(false);
    expect(cli(['convert', '--to', 'all', '--remove'], dir).stderr).toContain('nothing to do');
  });
});

describe('the version', () => {
  it.each([['-v'], ['--version'], ['-V']])('%s', (flag) => {
    expect(cli([flag], root)).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });
});
