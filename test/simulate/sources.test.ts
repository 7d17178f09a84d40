// `hook-bridge test` finds its sources as `convert` does (src/convert/sources.ts): on a project with hooks of two
// agents both ask for --from, with the same words; after a conversion, hook-bridge's own output is never the reference
// (issue 30). Run on copies of the real projects (test/real-projects).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
const real = resolve(import.meta.dirname, '../real-projects');
function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const copy = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'hb-sources-'));
  cpSync(join(real, name), dir, { recursive: true });
  return dir;
};
const call = ['--event', 'PreToolUse', '--tool', 'Bash', '--input', '{"command":"ls","description":"list"}'];

describe('test and convert find the same sources', () => {
  it('kenryu42/claude-code-safety-net (a Claude plugin and a Copilot file): both ask for --from', () => {
    const dir = copy('kenryu42__claude-code-safety-net');
    const test = cli(['test', ...call, '--format', 'json'], dir);
    const convert = cli(['convert', '--to', 'qwen', '--dry-run'], dir);
    expect(test.code).toBe(2);
    expect(convert.code).toBe(2);
    const said = (s: string) => s.replace(/^hook-bridge: [^:]+: /, '').trim();
    expect(said(test.stderr)).toMatch(/^found hooks of several dialects: claude \(hooks\/hooks\.json\), copilot/);
    expect(said(test.stderr)).toBe(said(convert.stderr));
    // --from settles it for both
    expect(cli(['test', ...call, '--from', 'claude', '--to', 'qwen', '--format', 'json'], dir).code).not.toBe(2);
  });

  it('rysweet/azlin converted --to claude: the reference stays the Copilot file', () => {
    const dir = copy('rysweet__azlin');
    expect(cli(['convert', '--to', 'claude'], dir).code).toBe(0);
    const r = cli(
      [
        'test',
        '--event',
        'preToolUse',
        '--tool',
        'bash',
        '--input',
        '{"command":"ls","description":"list"}',
        '--format',
        'json',
      ],
      dir,
    );
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { from: string; sources: string[] };
    expect(out.from).toBe('copilot');
    expect(out.sources.map((f) => f.slice(dir.length + 1))).toEqual(['.github/hooks/amplihack-hooks.json']);
  });
});
