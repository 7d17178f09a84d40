// Kiro CLI at its documented level (test/fixtures/vendor/kiro/README.md): the hooks of its own agent config
// (.kiro/agents/hook-bridge.json through the action-lists-json codec, `command`/`timeout_ms`, a created file that is a
// valid agent), its glob matchers, and exit 2 as its only deny.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/convert/convert.js';
import { convertProject } from '../../src/convert/project.js';
import { dialects } from '../../src/dialects/index.js';
import { matcherFires, readToolMatcher, writeToolMatcher } from '../../src/dialects/matcher.js';
import { project } from '../convert/helpers.js';
import { cli } from '../convert/host.js';

const d = dialects.kiro;
const VENDOR = resolve(import.meta.dirname, '../fixtures/vendor/kiro');
const payload = (name: string, cwd: string) => ({
  ...JSON.parse(readFileSync(join(VENDOR, 'payloads', name), 'utf8')),
  cwd,
});

describe('kiro matchers (docs: a glob on the tool name)', () => {
  it.each([
    ['fs_write', 'fs_write', true],
    ['fs_*', 'fs_read', true],
    ['fs_*', 'execute_bash', false],
    ['*', 'execute_bash', true],
    ['fs_read|fs_write', 'fs_read', false], // no alternation: `|` is a character of the name
    ['execute', 'execute_bash', false], // the whole name
    ['@github', '@github/create_issue', true], // every tool of one MCP server
    ['@github/create_issue', '@github/create_issue', true],
    ['@github', '@gitlab/x', false],
    ['@builtin', 'fs_read', true],
    ['@builtin', '@github/x', false],
  ] as const)('%j on %s: %s', (m, tool, fired) => expect(matcherFires('kiro', m, tool)).toBe(fired));

  it('read: a name is that tool, a glob every tool it matches, fs_write is Write and Edit', () => {
    expect(readToolMatcher('kiro', 'execute_bash').matcher).toMatchObject({ kind: 'tools', tools: ['shell'] });
    const fs = readToolMatcher('kiro', 'fs_*').matcher;
    expect(fs.kind === 'tools' && [...fs.tools].sort()).toEqual(['file.edit', 'file.read', 'file.write']);
  });

  it("its MCP names are Claude Code's mcp__<server>__<tool>, both ways", () => {
    expect(readToolMatcher('kiro', '@github').matcher).toMatchObject({ mcp: ['mcp__github__.*'] });
    expect(readToolMatcher('kiro', '@github/create_issue').matcher).toMatchObject({
      mcp: ['^mcp__github__create_issue$'],
    });
    const server = { kind: 'tools' as const, tools: [], mcp: ['mcp__github__.*'], unknown: [] };
    expect(writeToolMatcher('kiro', server).native).toBe('@github');
    const one = { kind: 'tools' as const, tools: [], mcp: ['^mcp__github__create_issue$'], unknown: [] };
    expect(writeToolMatcher('kiro', one).native).toBe('@github/create_issue');
  });

  it('written: one tool as its name; several as "*" with a warning (a glob cannot list them)', () => {
    expect(writeToolMatcher('kiro', { kind: 'tools', tools: ['shell'], mcp: [], unknown: [] }).native).toBe(
      'execute_bash',
    );
    const w = writeToolMatcher('kiro', { kind: 'tools', tools: ['shell', 'file.read'], mcp: [], unknown: [] });
    expect(w.native).toBe('*');
    expect(w.diagnostics.map((x) => [x.severity, x.code])).toEqual([['warning', 'matcherWidened']]);
    expect(writeToolMatcher('kiro', { kind: 'pattern', source: 'Ba.*' }).native).toBe('*');
  });
});

describe('its agent config', () => {
  it('read: flat actions per camelCase trigger, `command` and `timeout_ms`', () => {
    const text = JSON.stringify({
      name: 'dev',
      tools: ['*'],
      hooks: { preToolUse: [{ command: './g.sh', matcher: 'execute_bash', timeout_ms: 5000 }] },
    });
    const r = d.codec.read(text, '.kiro/agents/dev.json', d);
    expect(r.hooks.map((h) => [h.event, h.command, h.timeoutMs])).toEqual([['pre-tool-use', './g.sh', 5000]]);
    expect(r.diagnostics).toEqual([]);
  });
  it('written with `command` and `timeout_ms`; agentSpawn is SessionStart', () => {
    const claude = { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: './s.sh', timeout: 9 }] }] } };
    const out = JSON.parse(convert(JSON.stringify(claude), { from: 'claude', to: 'kiro' }).output);
    expect(Object.keys(out.hooks.agentSpawn[0]).sort()).toEqual(['command', 'timeout_ms', 'type']);
    expect(out.hooks.agentSpawn[0].timeout_ms).toBe(14000);
  });
  it('a created file is an agent (name, tools, no version key) and goes again with --remove', async () => {
    const claude = {
      hooks: { PreToolUse: [{ matcher: 'Write|Edit', hooks: [{ type: 'command', command: './g.sh' }] }] },
    };
    const dir = project({ '.claude/settings.json': claude });
    await convertProject({ project: dir, from: 'claude', to: ['kiro'], backup: false, runner: 'hook-bridge' });
    const file = join(dir, '.kiro/agents/hook-bridge.json');
    const own = JSON.parse(readFileSync(file, 'utf8'));
    expect(own).toMatchObject({ name: 'hook-bridge', tools: ['*'] });
    expect(own.version).toBeUndefined();
    // fs_write does Write and Edit there: one exact name, not a widened "*".
    expect(own.hooks.preToolUse.map((a: { matcher: string }) => a.matcher)).toEqual(['fs_write']);
    const again = await convertProject({ project: dir, from: 'claude', to: ['kiro'], backup: false, check: true });
    expect(again.targets.map((t) => t.changed)).toEqual([false]);
    await convertProject({ project: dir, from: 'claude', to: ['kiro'], backup: false, remove: true });
    expect(existsSync(file)).toBe(false);
  });
  it('grouped per glob name: two hooks on Bash share one dispatch entry, a Write guard keeps its own', async () => {
    // 0xDarkMatter/claude-mods' shape: PreToolUse Write|Edit (one hook) and Bash (two). execute_bash and fs_write
    // never fire for one call, so the Bash hooks start hook-bridge once and the Write guard is not carried along.
    const g = (c: string) => ({ type: 'command', command: c });
    const claude = {
      hooks: {
        PreToolUse: [
          { matcher: 'Write|Edit', hooks: [g('./peer.sh')] },
          { matcher: 'Bash', hooks: [g('./scan.sh'), g('./worktree.sh')] },
        ],
      },
    };
    const dir = project({ '.claude/settings.json': claude });
    await convertProject({ project: dir, from: 'claude', to: ['kiro'], backup: false, runner: 'hook-bridge' });
    const pre = JSON.parse(readFileSync(join(dir, '.kiro/agents/hook-bridge.json'), 'utf8')).hooks.preToolUse;
    expect(pre.map((a: { matcher: string; command: string }) => [a.matcher, a.command.split(' ')[1]])).toEqual([
      ['fs_write', 'run'],
      ['execute_bash', 'dispatch'],
    ]);
    expect(pre[1].command).toContain('./scan.sh');
    expect(pre[1].command).toContain('./worktree.sh');
    expect(pre[1].command).not.toContain('./peer.sh');
  });
  it("an agent of the user's keeps its other keys when hooks go in and out", async () => {
    const agent = { name: 'dev', description: 'mine', tools: ['fs_read'], hooks: { stop: [{ command: 'npm test' }] } };
    const claude = { hooks: { Stop: [{ hooks: [{ type: 'command', command: './s.sh' }] }] } };
    const dir = project({ '.claude/settings.json': claude, '.kiro/agents/hook-bridge.json': agent });
    await convertProject({ project: dir, from: 'claude', to: ['kiro'], backup: false, runner: 'hook-bridge' });
    const file = join(dir, '.kiro/agents/hook-bridge.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).hooks.stop).toHaveLength(2);
    await convertProject({ project: dir, from: 'claude', to: ['kiro'], backup: false, remove: true });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(agent);
  });
});

describe('run: a Claude deny reaches Kiro CLI as exit 2 (it reads no JSON answer)', () => {
  const dir = project({
    'deny.sh':
      '#!/bin/sh\necho \'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",' +
      '"permissionDecisionReason":"no rm"}}\'\n',
    'env.sh':
      '#!/bin/sh\nf=$(cat | sed -n \'s/.*"file_path":"\\([^"]*\\)".*/\\1/p\')\n' +
      'case "$f" in *.env) echo "secret $f" >&2; exit 2;; esac\n',
  });
  spawnSync('chmod', ['+x', join(dir, 'deny.sh'), join(dir, 'env.sh')]);
  it('a JSON deny on execute_bash', () => {
    const r = cli(['run', '--from', 'claude', '--to', 'kiro', '-c', join(dir, 'deny.sh')], {
      cwd: dir,
      input: JSON.stringify(payload('preToolUse.json', dir)),
    });
    expect([r.code, r.stdout, r.stderr.trim()]).toEqual([2, '', 'no rm']);
  });
  it('an ask is denied (it asks nobody through a hook), a rewrite blocks with the rewritten call', () => {
    const answer = (hso: object) => {
      const f = join(dir, `a${Object.keys(hso).length}.sh`);
      const text = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...hso } });
      writeFileSync(f, `#!/bin/sh\necho '${text}'\n`, { mode: 0o755 });
      return cli(['run', '--from', 'claude', '--to', 'kiro', '-c', f], {
        cwd: dir,
        input: JSON.stringify(payload('preToolUse.json', dir)),
      });
    };
    const ask = answer({ permissionDecision: 'ask', permissionDecisionReason: 'sure?' });
    expect([ask.code, ask.stdout, ask.stderr.trim()]).toEqual([2, '', 'sure?']);
    const rw = answer({ permissionDecision: 'allow', updatedInput: { command: 'ls -l' }, x: 1 });
    expect(rw.code).toBe(2);
    expect(rw.stderr).toContain('"command":"ls -l"');
  });
  it("fs_read's operations reach the script as a Read's file_path", () => {
    const r = cli(['run', '--from', 'claude', '--to', 'kiro', '-c', join(dir, 'env.sh')], {
      cwd: dir,
      input: JSON.stringify(payload('preToolUse-fs_read.json', dir)),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('/project/.env');
  });
});
