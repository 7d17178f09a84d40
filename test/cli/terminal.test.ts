// What a person reads in an 80-column terminal (issue 30): every line of `dialects`, convert's report (a write, a dry
// run, --check, --remove), doctor and the help fits, in a real pseudo-terminal (util-linux `script`) set to 80 columns.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';

const root = resolve(import.meta.dirname, '../..');
const bin = join(root, 'bin/hook-bridge.cjs');
const hasScript = spawnSync('script', ['--version']).status === 0;

/** A command's output as an 80-column terminal shows it (stdout and stderr both), colours and \r taken out. */
function inTerminal(args: string, cwd: string): string {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'COLUMNS' && k !== 'NO_COLOR'));
  const r = spawnSync('script', ['-qec', `stty cols 80 rows 50; "${process.execPath}" "${bin}" ${args}`, '/dev/null'], {
    cwd,
    encoding: 'utf8',
    env: { ...env, TERM: 'xterm' },
  });
  return r.stdout.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r/g, '');
}

const tooWide = (text: string) => text.split('\n').filter((l) => [...l].length > 80);

describe.skipIf(!hasScript)('in an 80-column terminal no line passes 80 columns', () => {
  it('the terminal is 80 columns wide and coloured (the check is not vacuous)', () => {
    const out = inTerminal('dialects', root);
    expect(out).toContain('DIALECTS');
    expect(Math.max(...out.split('\n').map((l) => l.length))).toBeGreaterThan(70);
  });
  it.each(['', ...DIALECT_IDS].map((d): [string] => [d]))('dialects %s', (id) => {
    const out = inTerminal(`dialects ${id}`, root);
    expect(out.length).toBeGreaterThan(500);
    expect(tooWide(out)).toEqual([]);
  });
  it("convert's report: a write, a dry run, --check, --remove, to a host that gates and one that trusts", () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-tty-'));
    cpSync(join(root, 'test/real-world/fixtures/claude-all-lifecycle'), dir, { recursive: true });
    const outputs = [
      'convert --to copilot',
      'convert --to copilot --dry-run',
      'convert --to copilot --check',
      'convert --to codex,gemini',
      'convert --to all --check',
      'convert --to copilot --remove',
      'doctor',
    ].map((args) => [args, inTerminal(args, dir)] as const);
    for (const [args, out] of outputs) {
      expect(out.length, args).toBeGreaterThan(100);
      expect(tooWide(out), args).toEqual([]);
    }
  });
  it.each([['--help'], ['convert --help'], ['doctor --help'], ['dialects --help'], ['test --help']])('%s', (args) => {
    expect(tooWide(inTerminal(args, root))).toEqual([]);
  });
});
