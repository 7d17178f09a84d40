// At the root of a plugin marketplace (issue 36): audit, convert, test and doctor find every plugin, name it on each
// finding and report row, convert each into its own directory, and `convert --remove` gives the tree back.
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { project, settings } from '../convert/helpers.js';

const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
function cli(args: string[], cwd: string) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'COLUMNS'));
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...env, COLUMNS: '300' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Every file under dir with its bytes and mode. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = `${(statSync(p).mode & 0o777).toString(8)} ${readFileSync(p, 'utf8')}`;
    }
  };
  walk(dir);
  return out;
}

const guard = (script: string) =>
  settings({
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `\${CLAUDE_PLUGIN_ROOT}/${script}` }] }],
  });
const DENY = '#!/bin/sh\necho "no rm" >&2\nexit 2\n';

function marketplace(): string {
  const dir = project({
    '.claude-plugin/marketplace.json': {
      name: 'market',
      owner: { name: 'o' },
      plugins: [
        { name: 'alpha', source: './plugins/alpha' },
        { name: 'beta', source: { source: './tools/beta' } },
        { name: 'remote', source: { source: 'github', repo: 'owner/remote' } },
      ],
    },
    'plugins/alpha/.claude-plugin/plugin.json': { name: 'alpha' },
    'plugins/alpha/hooks/hooks.json': guard('hooks/deny.sh'),
    'plugins/alpha/hooks/deny.sh': DENY,
    'tools/beta/.claude-plugin/plugin.json': {
      name: 'beta',
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] },
    },
    'plugins/gamma/hooks/hooks.json': guard('hooks/deny.sh'),
    'plugins/gamma/hooks/deny.sh': DENY,
    'README.md': '# market\n',
  });
  chmodSync(join(dir, 'plugins/alpha/hooks/deny.sh'), 0o755);
  chmodSync(join(dir, 'plugins/gamma/hooks/deny.sh'), 0o755);
  return dir;
}

describe('convert at a marketplace root', () => {
  it('converts each plugin into its own directory, names it, and --remove gives the tree back byte for byte', () => {
    const dir = marketplace();
    const before = tree(dir);
    const r = cli(['convert', '.', '--to', 'qwen,gemini'], dir);
    expect(r.code, r.stderr).toBe(0);
    for (const p of ['plugins/alpha', 'tools/beta', 'plugins/gamma']) {
      expect(Object.keys(tree(dir)), p).toContain(`${p}/.qwen/settings.json`);
      expect(Object.keys(tree(dir)), p).toContain(`${p}/.gemini/settings.json`);
    }
    expect(r.stderr).toContain('== plugin alpha (plugins/alpha) ==');
    expect(r.stderr).toContain('== plugin beta (tools/beta) ==');
    expect(r.stderr).toContain('== plugin gamma (plugins/gamma) ==');
    expect(r.stderr).toMatch(/plugin remote: its source \(github owner\/remote\) is not in this repository/);
    // what every plugin's conversion says alike (hook-bridge not on this PATH) is said once
    expect((r.stderr.match(/\(runnerNotFound\)/g) ?? []).length).toBeLessThanOrEqual(1);
    // the inline hooks of beta's manifest are its source
    expect(r.stderr).toContain('tools/beta/.claude-plugin/plugin.json hooks.Stop[0].hooks[0]');
    // a second run changes nothing; --check agrees
    expect(cli(['convert', '.', '--to', 'qwen,gemini', '--check'], dir).code).toBe(0);
    const rm = cli(['convert', '.', '--to', 'qwen,gemini', '--remove'], dir);
    expect(rm.code, rm.stderr).toBe(0);
    expect(tree(dir)).toEqual(before);
  });
  it('--format json names the plugin on each target and each report row', () => {
    const dir = marketplace();
    const r = cli(['convert', '.', '--to', 'qwen', '--dry-run', '--format', 'json'], dir);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { targets: { unit: { label: string }; report: { unit: string }[] }[] };
    expect(j.targets.map((t) => t.unit.label)).toEqual([
      'plugin alpha (plugins/alpha)',
      'plugin beta (tools/beta)',
      'plugin gamma (plugins/gamma)',
    ]);
    for (const t of j.targets) for (const row of t.report) expect(row.unit).toBe(t.unit.label);
  });
  it('a bad marketplace.json: one line naming the file and the place, exit 2, nothing written', () => {
    const dir = marketplace();
    const before = tree(dir);
    for (const [text, where] of [
      ['{"plugins": [{"name": "x"}]}', '.claude-plugin/marketplace.json: plugins[0]: expected "source"'],
      ['{"plugins": [', '.claude-plugin/marketplace.json: 1:14: invalid JSON'],
    ] as const) {
      const d = project({ ...Object.fromEntries(Object.entries(before).map(([k, v]) => [k, v.slice(4)])) });
      writeFileSync(join(d, '.claude-plugin/marketplace.json'), text);
      const snap = tree(d);
      for (const cmd of [['convert', '.', '--to', 'qwen'], ['audit', '.'], ['doctor']]) {
        const r = cli(cmd, d);
        expect(r.code, `${cmd[0]} ${r.stderr}`).toBe(2);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).toContain(where);
        expect(tree(d)).toEqual(snap);
      }
    }
  });
  it('--out names one file: refused for several plugins, nothing written', () => {
    const dir = marketplace();
    const before = tree(dir);
    const r = cli(['convert', '.', '--to', 'qwen', '--out', 'x.json'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--out writes one file');
    expect(tree(dir)).toEqual(before);
  });
  it('a plugin whose hooks cannot be read stops the run before any plugin is written', () => {
    const dir = marketplace();
    writeFileSync(join(dir, 'plugins/gamma/hooks/hooks.json'), '{"hooks": {"PreToolUse": [');
    const before = tree(dir);
    const r = cli(['convert', '.', '--to', 'qwen'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('plugins/gamma/hooks/hooks.json');
    expect(tree(dir)).toEqual(before);
  });
});

describe('audit, test and doctor at a marketplace root', () => {
  it("audit finds every plugin's hooks and names the plugin of each file with findings", () => {
    const dir = marketplace();
    writeFileSync(join(dir, 'plugins/gamma/hooks/deny.sh'), DENY); // not executable: a finding
    chmodSync(join(dir, 'plugins/gamma/hooks/deny.sh'), 0o644);
    const r = cli(['audit', '.', '--format', 'json'], dir);
    const findings = JSON.parse(r.stdout) as { file: string; unit?: string }[];
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) expect(f.unit, f.file).toBe('plugin gamma (plugins/gamma)');
    const text = cli(['audit', '.'], dir);
    expect(text.stdout).toContain('plugins/gamma/hooks/hooks.json  (plugin gamma (plugins/gamma))');
    expect(text.stdout).toMatch(/3 config file\(s\), 3 hook\(s\)/);
  });
  it("test tries each plugin's hooks, under the plugin's name", () => {
    const dir = marketplace();
    const r = cli(
      ['test', '--event', 'PreToolUse', '--tool', 'Bash', '--input', '{"command":"rm -rf /"}', '--to', 'qwen'],
      dir,
    );
    expect(r.stdout).toContain('== plugin alpha (plugins/alpha) ==');
    expect(r.stdout).toContain('== plugin gamma (plugins/gamma) ==');
    expect(r.stdout.split('== plugin alpha')[1]).toMatch(/Claude Code\s+deny/);
  });
  it('doctor checks each plugin, under its name', () => {
    const dir = marketplace();
    const r = cli(['doctor', '--format', 'json'], dir);
    const j = JSON.parse(r.stdout) as { unit: string; project: string }[];
    expect(j.map((x) => x.unit)).toEqual([
      'plugin alpha (plugins/alpha)',
      'plugin beta (tools/beta)',
      'plugin gamma (plugins/gamma)',
    ]);
  });
});

describe('--recursive', () => {
  it('converts the nested projects each in its own directory; without it, only the root project', () => {
    const hooks = settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] });
    const dir = project({ '.claude/settings.json': hooks, 'apps/web/.claude/settings.json': hooks });
    const before = tree(dir);
    expect(cli(['convert', '--to', 'qwen'], dir).code).toBe(0);
    expect(Object.keys(tree(dir))).not.toContain('apps/web/.qwen/settings.json');
    const r = cli(['convert', '--to', 'qwen', '--recursive'], dir);
    expect(r.code, r.stderr).toBe(0);
    // audit reads the nested project's files too with --recursive (its settings and the Qwen file convert wrote)
    expect(cli(['audit'], dir).stdout).toMatch(/— 2 config file\(s\)/);
    expect(cli(['audit', '--recursive'], dir).stdout).toMatch(/— 4 config file\(s\)/);
    expect(r.stderr).toContain('== project apps/web ==');
    expect(Object.keys(tree(dir))).toContain('apps/web/.qwen/settings.json');
    expect(cli(['convert', '--to', 'qwen', '--recursive', '--remove'], dir).code).toBe(0);
    expect(tree(dir)).toEqual(before);
  });
});
