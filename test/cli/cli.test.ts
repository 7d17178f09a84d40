import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { project, settings } from '../convert/helpers.js';

const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
function cli(args: string[], opts: { cwd?: string; input?: string } = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: opts.cwd, input: opts.input ?? '', encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/);

describe('help and dialects', () => {
  it('--help lists every command of the CLI contract', () => {
    const r = cli(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['convert', 'run', 'audit', 'dispatch', 'dialects']) expect(r.stdout).toMatch(new RegExp(`\\n  ${c}\\b`));
    expect(r.stdout).not.toMatch(/not built yet/);
  });
  it('run --help prints its usage', () => {
    const r = cli(['run', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--from <script-dialect> --to <host-dialect>');
  });
  it('dialects --format json lists the five dialects with catalogs and semantics', () => {
    const r = cli(['dialects', '--format', 'json']);
    expect(r.code).toBe(0);
    const k = JSON.parse(r.stdout);
    expect(k.dialects.map((d: { id: string }) => d.id)).toEqual(['claude', 'qwen', 'codebuddy', 'codebuddy-ide', 'hooks-yaml']);
    expect(k.dialects[1]).toMatchObject({ timeout: { unit: 's', default: 60 }, matcher: { semantics: 'qwen' } });
    expect(k.tools.find((t: { id: string }) => t.id === 'shell').names.qwen.name).toBe('run_shell_command');
  });
  it('dialects (text) shows the tables', () => {
    const r = cli(['dialects']);
    expect(r.stdout).toMatch(/shell\s+Bash\s+run_shell_command\s+Bash\s+execute_command/);
  });
  it('dispatch --help prints its usage; dispatch without arguments is a usage error', () => {
    const h = cli(['dispatch', '--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('--to <host-dialect> --config <hooks.yaml|settings.json>');
    const r = cli(['dispatch']);
    expect(r.stderr).toMatch(/--to and --config are required/);
  });
});

describe('bad input: one clear line on stderr, exit 2, no stack trace', () => {
  it('unknown dialect', () => {
    const r = cli(['convert', '--to', 'gemini', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('hook-bridge: unknown dialect "gemini" (known: claude, qwen, codebuddy, codebuddy-ide, hooks-yaml)');
  });
  it('unreadable file', () => {
    const r = cli(['convert', 'does-not-exist.json', '--to', 'qwen', '--from', 'claude']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('hook-bridge: does-not-exist.json: no such file or directory');
  });
  it('invalid JSON names the file, line and column', () => {
    const dir = project({ '.claude/settings.json': '{\n  "hooks": {\n    "PreToolUse": [,]\n' });
    const r = cli(['convert', '--to', 'qwen'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^hook-bridge: .*\.claude\/settings\.json: 3:\d+: invalid JSON: ValueExpected$/);
    noStack(r.stderr);
  });
  it('unknown option and missing --to are usage errors', () => {
    expect(cli(['convert', '--bogus']).code).toBe(2);
    expect(cli(['convert', 'x']).code).toBe(2);
    expect(cli(['frobnicate']).code).toBe(2);
  });
  it('ambiguous source dialect asks for --from', () => {
    const dir = project({ 'settings.json': settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x' }] }] }) });
    const r = cli(['convert', 'settings.json', '--to', 'qwen'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot tell whether this is claude or codebuddy hooks: pass --from/);
  });
  it('a target file that is not JSON is left untouched', () => {
    const dir = project({ '.claude/settings.json': settings({ Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] }), '.qwen/settings.json': '{ broken' });
    const r = cli(['convert', '--to', 'qwen'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(readFileSync(join(dir, '.qwen/settings.json'), 'utf8')).toBe('{ broken');
  });
});

describe('writing', () => {
  const src = settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }] });
  it('merges into the target file with a backup; the second run changes nothing and says so', () => {
    const dir = project({ '.claude/settings.json': src, '.qwen/settings.json': '{ "model": "x" }\n' });
    const r1 = cli(['convert', '--to', 'qwen'], { cwd: dir });
    expect(r1.code).toBe(0);
    expect(r1.stderr).toMatch(/written, backup \.qwen\/settings\.json\.bak/);
    const after = readFileSync(join(dir, '.qwen/settings.json'), 'utf8');
    expect(JSON.parse(after)).toMatchObject({ model: 'x', hooks: { PreToolUse: [{ matcher: '^run_shell_command$' }] } });
    expect(readFileSync(join(dir, '.qwen/settings.json.bak'), 'utf8')).toBe('{ "model": "x" }\n');
    const r2 = cli(['convert', '--to', 'qwen'], { cwd: dir });
    expect(r2.stderr).toMatch(/up to date, nothing to write/);
    expect(readFileSync(join(dir, '.qwen/settings.json'), 'utf8')).toBe(after);
  });
  it('--dry-run prints a diff and writes nothing; --stdout prints the file', () => {
    const dir = project({ '.claude/settings.json': src });
    const d = cli(['convert', '--to', 'qwen', '--dry-run'], { cwd: dir });
    expect(d.stdout).toMatch(/^--- a\/\.qwen\/settings\.json/m);
    expect(d.stdout).toMatch(/^\+.*run_shell_command/m);
    expect(existsSync(join(dir, '.qwen/settings.json'))).toBe(false);
    const s = cli(['convert', '--to', 'qwen', '--stdout'], { cwd: dir });
    expect(JSON.parse(s.stdout).hooks.PreToolUse[0].matcher).toBe('^run_shell_command$');
    expect(existsSync(join(dir, '.qwen/settings.json'))).toBe(false);
  });
  it('several targets at once; --format json report; stdin input', () => {
    const dir = project({ '.claude/settings.json': src });
    const r = cli(['convert', '--to', 'qwen,codebuddy,hooks-yaml', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.targets.map((t: { to: string; written: boolean }) => [t.to, t.written])).toEqual([['qwen', true], ['codebuddy', true], ['hooks-yaml', true]]);
    expect(readFileSync(join(dir, 'hooks.yaml'), 'utf8')).toMatch(/^version: "?'?2\.0\.0/m);
    const s = cli(['convert', '-', '--from', 'claude', '--to', 'codebuddy', '--stdout'], { cwd: dir, input: src });
    expect(JSON.parse(s.stdout).hooks.PreToolUse[0].matcher).toBe('^Bash$');
  });
  it('--fail-on dropped exits 1 when a hook is dropped', () => {
    const dir = project({ '.claude/settings.json': settings({ PostCompact: [{ hooks: [{ type: 'command', command: 'x' }] }] }) });
    expect(cli(['convert', '--to', 'qwen', '--stdout', '--fail-on', 'dropped'], { cwd: dir }).code).toBe(1);
    expect(cli(['convert', '--to', 'qwen', '--stdout'], { cwd: dir }).code).toBe(0);
  });
  it('detects codebuddy-ide from its tool names', () => {
    const dir = project({ '.codebuddy/settings.json': settings({ PreToolUse: [{ matcher: 'execute_command', hooks: [{ type: 'command', command: 'x' }] }] }) });
    const r = cli(['convert', '--to', 'qwen', '--stdout', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(r.stdout).sources[0].dialect).toBe('codebuddy-ide');
    expect(JSON.parse(r.stdout).targets[0].output).toContain('^run_shell_command$');
  });
  it('refuses to write a target file that is also a source (IDE -> CodeBuddy share .codebuddy/settings.json)', () => {
    const dir = project({ '.codebuddy/settings.json': settings({ PreToolUse: [{ matcher: 'execute_command', hooks: [{ type: 'command', command: 'x' }] }] }) });
    const r = cli(['convert', '--from', 'codebuddy-ide', '--to', 'codebuddy'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the target file is also a source; pass --out or --stdout/);
  });
  it('the README main command works', () => {
    const r = cli(['convert', 'examples/claude-project', '--to', 'qwen', '--stdout'], { cwd: resolve(import.meta.dirname, '../..') });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).hooks.PreToolUse).toHaveLength(3);
    expect(r.stderr).toMatch(/7 hooks: 1 exact, 4 translated, 2 degraded, 0 dropped/);
  });
});

describe('audit', () => {
  const root = resolve(import.meta.dirname, '../..');
  it('exits 1 on errors, 0 with --fail-on never; json on stdout', () => {
    const r = cli(['audit', 'examples/audit-project', '--format', 'json'], { cwd: root });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).length).toBeGreaterThan(5);
    expect(cli(['audit', 'examples/audit-project', '--fail-on', 'never'], { cwd: root }).code).toBe(0);
  });
  it('--rule turns a rule off; a bad --rule is a usage error', () => {
    const r = cli(['audit', 'examples/audit-project', '--format', 'json', '--rule', 'matcher-dead=off', '--fail-on', 'never'], { cwd: root });
    expect(JSON.parse(r.stdout).some((f: { ruleId: string }) => f.ruleId === 'matcher-dead')).toBe(false);
    expect(cli(['audit', '--rule', 'nope=off'], { cwd: root }).stderr).toMatch(/unknown rule "nope"/);
    expect(cli(['audit', '--rule', 'matcher-dead'], { cwd: root }).code).toBe(2);
  });
  it('--fix anchors and translates matchers in place, keeping the rest, with a backup', () => {
    const dir = project({ '.qwen/settings.json': '{\n  "model": "x",\n  "hooks": { "PreToolUse": [ { "matcher": "^Bash$", "hooks": [ { "type": "command", "command": "g" } ] }, { "matcher": "edit", "hooks": [ { "type": "command", "command": "h" } ] } ] }\n}\n' });
    const r = cli(['audit', '--fix', '--fail-on', 'never'], { cwd: dir });
    expect(r.stderr).toMatch(/fixed 2 finding\(s\)/);
    const after = readFileSync(join(dir, '.qwen/settings.json'), 'utf8');
    expect(after).toContain('"matcher": "^run_shell_command$"');
    expect(after).toContain('"matcher": "^edit$"');
    expect(after).toContain('"model": "x"');
    expect(existsSync(join(dir, '.qwen/settings.json.bak'))).toBe(true);
    expect(cli(['audit', '--format', 'json'], { cwd: dir }).stdout.trim()).toBe('[]');
  });
  it('--list-rules lists every rule', () => {
    expect(cli(['audit', '--list-rules']).stdout).toMatch(/^matcher-dead\s+error\s+/m);
  });
});

describe('plugins, user configs and rule settings files', () => {
  it('convert --no-wrap resolves ${CLAUDE_PLUGIN_ROOT} of a plugin hooks file to the plugin path', () => {
    const dir = project({ 'hooks/hooks.json': { description: 'p', hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh' }] }] } } });
    const r = cli(['convert', 'hooks/hooks.json', '--to', 'qwen', '--no-wrap', '--stdout'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).hooks.PreToolUse[0].hooks[0].command).toBe(`${dir}/scripts/guard.sh`);
    expect(r.stderr).toContain(`$CLAUDE_PLUGIN_ROOT resolved to ${dir}`);
  });
  it('audit --user also reads the configs in HOME', () => {
    const home = project({ '.qwen/settings.json': { hooks: { PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: 'x' }] }] } } });
    const dir = project({ 'README.md': 'empty project' });
    const run = (args: string[]) => spawnSync(process.execPath, [bin, 'audit', '--format', 'json', '--fail-on', 'never', ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: home } });
    expect(JSON.parse(run([]).stdout)).toEqual([]);
    const found = JSON.parse(run(['--user']).stdout);
    expect(found.map((f: { ruleId: string }) => f.ruleId)).toContain('matcher-dead');
  });
  it('.hook-bridge.json turns rules off or re-levels them; a bad setting is a clear error', () => {
    const dir = project({ '.codebuddy/settings.json': settings({ PreToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'echo ok' }] }] }) });
    const ids = () => JSON.parse(cli(['audit', '--format', 'json', '--fail-on', 'never'], { cwd: dir }).stdout).map((f: { ruleId: string; severity: string }) => `${f.ruleId}:${f.severity}`);
    expect(ids()).toContain('matcher-overmatch:warning');
    writeFileSync(join(dir, '.hook-bridge.json'), JSON.stringify({ audit: { rules: { 'matcher-overmatch': 'error', 'timeout-blocks-tool': 'off' } } }));
    expect(ids()).toEqual(['matcher-overmatch:error']);
    writeFileSync(join(dir, '.hook-bridge.json'), JSON.stringify({ audit: { rules: { 'matcher-overmatch': 'loud' } } }));
    const bad = cli(['audit'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/\.hook-bridge\.json: audit\.rules\.matcher-overmatch: expected one of off, error, warning, info, got "loud"/);
  });
});

describe('convert --dispatch', () => {
  it('writes one dispatch entry per event for the hook set, idempotently', () => {
    const dir = project({ 'hooks.yaml': "version: '2.0.0'\nhooks:\n  - { event: PreToolUse, matcher: Bash, command: ./a.sh, timeout: 10 }\n  - { event: PreToolUse, matcher: Write, command: ./b.sh, timeout: 40 }\n  - { event: InputReceived, command: ./c.sh }\n  - { event: BeforeResponse, command: ./d.sh }\n" });
    const r = cli(['convert', 'hooks.yaml', '--to', 'qwen', '--dispatch', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, '.qwen/settings.json'), 'utf8'));
    expect(written.hooks).toEqual({
      PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: "hook-bridge dispatch --to qwen --config 'hooks.yaml'", timeout: 45 }] }],
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: "hook-bridge dispatch --to qwen --config 'hooks.yaml'", timeout: 605 }] }],
    });
    const report = JSON.parse(r.stdout).targets[0].report.map((x: { status: string }) => x.status);
    expect(report).toEqual(['translated', 'translated', 'translated', 'dropped']); // BeforeResponse: no Qwen event
    const again = cli(['convert', 'hooks.yaml', '--to', 'qwen', '--dispatch'], { cwd: dir });
    expect(again.stderr).toMatch(/up to date/);
  });
  it('takes exactly one hook set file', () => {
    const dir = project({ '.claude/settings.json': settings({ Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] }), '.claude/settings.local.json': settings({ Stop: [{ hooks: [{ type: 'command', command: 'y' }] }] }) });
    expect(cli(['convert', '--to', 'qwen', '--dispatch'], { cwd: dir }).stderr).toMatch(/--dispatch runs one hook set file; got 2 files/);
  });
});

describe('convert: bad input is not converted (issue #3)', () => {
  const untouched = '{ "model": "keep" }\n';
  const cases: [string, object, RegExp][] = [
    ['an unknown event', { PreToolUSe: [{ hooks: [{ type: 'command', command: 'x' }] }] }, /settings\.json: hooks\.PreToolUSe: "PreToolUSe" is not a Claude Code hook event$/m],
    ['an invalid regex', { PreToolUse: [{ matcher: '(Write', hooks: [{ type: 'command', command: 'x' }] }] }, /settings\.json: hooks\.PreToolUse\[0\]\.matcher: "\(Write" is not a valid regular expression/],
    ['a hooks section of the wrong shape', { PreToolUse: { matcher: 'Bash' } }, /settings\.json: hooks\.PreToolUse: expected an array of matcher groups/],
  ];
  for (const [name, hooks, message] of cases) {
    it(`${name}: exit 2, file + JSON path + what was expected, target untouched`, () => {
      const dir = project({ '.claude/settings.json': settings(hooks), '.qwen/settings.json': untouched });
      const r = cli(['convert', '--to', 'qwen'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(readFileSync(join(dir, '.qwen/settings.json'), 'utf8')).toBe(untouched);
    });
  }
  it('an unwritable target: exit 2, a clear message, no stack trace', () => {
    const dir = project({ '.claude/settings.json': settings({ Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] }), 'blocker': 'a file, not a directory' });
    const r = cli(['convert', '--to', 'qwen', '--out', 'blocker/settings.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^hook-bridge: .*blocker\/settings\.json: cannot write \(E[A-Z]+\); the file is unchanged$/);
  });
});

describe('convert: report and --strict', () => {
  it('the JSON report gives status, reason, and source and target {file, path, event, matcher}', () => {
    const dir = project({ '.claude/settings.json': settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x' }] }, { matcher: 'Write|MultiEdit', hooks: [{ type: 'command', command: 'y' }] }] }) });
    const row = JSON.parse(cli(['convert', '--to', 'qwen', '--format', 'json', '--stdout'], { cwd: dir }).stdout).targets[0].report[1];
    expect(row).toMatchObject({
      status: 'degraded',
      reason: expect.stringContaining('no Qwen Code equivalent for file.multi-edit'),
      source: { file: expect.stringMatching(/\.claude\/settings\.json$/), path: 'hooks.PreToolUse[1].hooks[0]', event: 'PreToolUse', matcher: 'Write|MultiEdit' },
      target: { file: expect.stringMatching(/\.qwen\/settings\.json$/), path: 'hooks.PreToolUse[1].hooks[0]', event: 'PreToolUse', matcher: '^write_file$' },
    });
  });
  it('--strict exits 1 when anything was degraded', () => {
    const dir = project({ '.claude/settings.json': settings({ PreToolUse: [{ matcher: 'Write|MultiEdit', hooks: [{ type: 'command', command: 'y' }] }] }) });
    expect(cli(['convert', '--to', 'qwen', '--stdout', '--strict'], { cwd: dir }).code).toBe(1);
    expect(cli(['convert', '--to', 'codebuddy', '--stdout', '--strict'], { cwd: dir }).code).toBe(0);
  });
});

describe('wrapped plugin hooks carry their plugin root', () => {
  it('convert writes --plugin-root; the wrapper sets CLAUDE_PLUGIN_ROOT; converting back restores the original', () => {
    const dir = project({
      'hooks/hooks.json': { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/scripts/guard.sh' }] }] } },
      'scripts/guard.sh': '#!/bin/sh\ncat >/dev/null\necho "guard at $CLAUDE_PLUGIN_ROOT" >&2\nexit 2\n',
    });
    spawnSync('chmod', ['+x', join(dir, 'scripts/guard.sh')]);
    const out = cli(['convert', 'hooks/hooks.json', '--to', 'qwen', '--stdout', '--runner', `node '${bin}'`], { cwd: dir });
    const command: string = JSON.parse(out.stdout).hooks.PreToolUse[0].hooks[0].command;
    expect(command).toContain(`--plugin-root '${dir}'`);
    // Run it as Qwen Code would: bash -c, the host payload on stdin, no CLAUDE_PLUGIN_ROOT in the env.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CLAUDE')));
    const r = spawnSync('bash', ['-c', command], { cwd: dir, env, encoding: 'utf8', input: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'run_shell_command', tool_input: { command: 'ls' }, cwd: dir }) });
    expect(JSON.parse(r.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: `guard at ${dir}` });
    writeFileSync(join(dir, 'qwen.json'), out.stdout);
    const back = cli(['convert', 'qwen.json', '--from', 'qwen', '--to', 'claude', '--stdout'], { cwd: dir });
    expect(JSON.parse(back.stdout).hooks.PreToolUse[0].hooks[0].command).toBe('"${CLAUDE_PLUGIN_ROOT}"/scripts/guard.sh');
  });
});

describe('transcript', () => {
  const fx = resolve(import.meta.dirname, '../fixtures');
  it('prints a Qwen transcript as Claude JSONL, from a file or stdin, run from another directory', () => {
    const file = join(fx, 'transcripts/qwen/session.jsonl');
    const r = cli(['transcript', '--from', 'qwen', file], { cwd: '/' });
    expect(r.code).toBe(0);
    const recs = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(recs.at(-1)).toMatchObject({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'done' }] } });
    expect(cli(['transcript', '--from', 'qwen', '--to', 'claude', '-'], { input: readFileSync(file, 'utf8') }).stdout).toBe(r.stdout);
  });
  const BAD: [string, string[], string | undefined, RegExp][] = [
    ['a missing file', ['--from', 'qwen', 'nope.jsonl'], undefined, /nope\.jsonl: cannot read the transcript \(ENOENT\)/],
    ['a line that is not JSON', ['--from', 'codebuddy', '-'], '{"type":"message"}\n{oops\n', /<stdin>: line 2: not a JSON record/],
    ['a Claude transcript given as Qwen', ['--from', 'qwen', join(resolve(import.meta.dirname, '../fixtures'), 'ground-truth/claude/transcript-sample.jsonl')], undefined, /no Qwen Code transcript record found/],
    ['an unsupported pair', ['--from', 'codebuddy-ide', 'x'], undefined, /no transcript translation from codebuddy-ide/],
    ['an unknown dialect', ['--from', 'gemini', 'x'], undefined, /unknown dialect "gemini"/],
    ['no --from', ['x'], undefined, /required option '--from <dialect>'/],
  ];
  for (const [name, args, input, message] of BAD) {
    it(`bad input: ${name} -> exit 2, one clear line, no stack trace`, () => {
      const r = cli(['transcript', ...args], input === undefined ? {} : { input });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      noStack(r.stderr);
    });
  }
  it('--help lists the command', () => {
    expect(cli(['--help']).stdout).toMatch(/\n  transcript\b/);
    expect(cli(['run', '--help']).stdout).toContain('--emulate-todos');
  });
});
