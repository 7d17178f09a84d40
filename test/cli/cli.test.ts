import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { project, settings } from '../convert/helpers.js';
import { RULES } from '../../src/audit/rules/index.js';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';

const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
/** The CLI as a pipe sees it: 80 columns, unless `columns` (a wide one for tests of what a report says, not how). */
function cli(args: string[], opts: { cwd?: string; input?: string; columns?: number } = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'COLUMNS'));
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: opts.cwd,
    input: opts.input ?? '',
    encoding: 'utf8',
    env: opts.columns ? { ...env, COLUMNS: String(opts.columns) } : env,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/);

describe('help and dialects', () => {
  it('--help lists every command of the CLI contract', () => {
    const r = cli(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['convert', 'run', 'audit', 'dispatch', 'test', 'doctor', 'transcript', 'dialects'])
      expect(r.stdout).toMatch(new RegExp(`\\n  ${c}\\b`));
    expect(r.stdout).not.toMatch(/not built yet/);
  });
  it('convert --help documents re-runs and --remove', () => {
    const r = cli(['convert', '--help']);
    expect(r.stdout).toMatch(/--remove\s+take every entry hook-bridge wrote out/);
    expect(r.stdout).toContain('.qwen/settings.hook-bridge.json');
  });
  it('run --help prints its usage', () => {
    const r = cli(['run', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--from <script-dialect> --to <host-dialect>');
  });
  const words = (s: string) => s.replace(/\s+/g, ' ').trim();
  for (const [command, flags] of [
    [
      'run',
      [
        '--from',
        '--to',
        '--timeout',
        '--on-timeout',
        '--on-error',
        '--ask',
        '--rewrite',
        '--plugin-root',
        '--transcript',
        '-c',
      ],
    ],
    ['dispatch', ['--to', '--config', '--from', '--transcript', '--on-error', '--ask', '--rewrite']],
  ] as const) {
    it(
      `${command} --help (its fast path) says what \`hook-bridge help ` + `${command}\` says, and what each flag does`,
      () => {
        const fast = cli([command, '--help']);
        const full = cli(['help', command]);
        expect(fast.code).toBe(0);
        expect(words(fast.stdout)).toBe(words(full.stdout));
        expect(cli([command, '-h']).stdout).toBe(fast.stdout);
        for (const flag of flags) expect(fast.stdout, flag).toMatch(new RegExp(`^  ${flag} <[^>]+>\\s+\\S.{10,}`, 'm'));
        for (const line of fast.stdout.split('\n'))
          expect(line.length, line).toBeLessThanOrEqual(80 + (line.startsWith('Usage:') ? 60 : 0));
      },
    );
  }
  it('dialects --format json lists the seven dialects with catalogs and semantics', () => {
    const r = cli(['dialects', '--format', 'json']);
    expect(r.code).toBe(0);
    const k = JSON.parse(r.stdout);
    expect(k.dialects.map((d: { id: string }) => d.id)).toEqual([
      'claude',
      'qwen',
      'codebuddy',
      'codebuddy-ide',
      'hooks-yaml',
      'gemini',
      'codex',
      'copilot',
      'pi',
      'opencode',
      'cline',
      'droid',
      'auggie',
      'cursor',
      'kilo',
      'kiro',
    ]);
    expect(k.dialects[1]).toMatchObject({
      timeout: { unit: 's', default: 60 },
      matcher: { semantics: 'exact-part-or-regex' },
    });
    expect(k.tools.find((t: { id: string }) => t.id === 'shell').names.qwen.name).toBe('run_shell_command');
  });
  /** A row of a table printed in parts (one per screen width): its cells across the parts. Empty cells are not kept. */
  const row = (text: string, section: string, name: string) =>
    text
      .slice(text.indexOf(`\n${section}`) + 1)
      .split('\n\n')
      .filter((part) => /^canonical /.test(part) || part.startsWith(section))
      .flatMap((part) =>
        part
          .split('\n')
          .filter((l) => l.startsWith(`${name} `))
          .flatMap((l) => l.split(/ {2,}/).slice(1)),
      );
  it('dialects (text) shows the tables, each in parts that fit 80 columns', () => {
    const r = cli(['dialects']);
    const tools = r.stdout.slice(r.stdout.indexOf('\nTOOLS'));
    expect(row(tools, 'TOOLS', 'shell').slice(0, 4)).toEqual(['Bash', 'run_shell_command', 'Bash', 'execute_command*']);
    for (const line of r.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });
  it('dialects shows the evidence of every name: observed plain, documented *, the hooks.yaml extension +', () => {
    const text = cli(['dialects']).stdout;
    expect(text.replace(/\s+/g, ' ')).toContain(
      '(* = documented, not observed; + = carried under the Claude name; — = verified absent; ? = not researched)',
    );
    const events = text.slice(text.indexOf('\nEVENTS'), text.indexOf('\nAGENTS THAT'));
    // pre-tool-use: observed on Claude/Qwen/CodeBuddy/Gemini, documented for the IDE and hooks.yaml (seeds 003, 002)
    expect(row(events, 'EVENTS', 'canonical')).toEqual(['matcher on', ...DIALECT_IDS]);
    expect(row(events, 'EVENTS', 'pre-tool-use')).toEqual([
      'tool',
      'PreToolUse',
      'PreToolUse',
      'PreToolUse',
      'PreToolUse*',
      'PreToolUse*',
      'BeforeTool',
      'PreToolUse',
      'preToolUse',
      'PreToolUse',
      'PreToolUse',
      'PreToolUse',
      'PreToolUse',
      'PreToolUse*',
      'preToolUse*',
      'PreToolUse',
      'preToolUse*',
    ]);
    // notification: documented (the binary's enum) on Claude, carried under the Claude name in hooks.yaml
    expect(row(events, 'EVENTS', 'notification')).toEqual([
      'notification_type',
      'Notification*',
      'Notification',
      'Notification',
      '?',
      'Notification+',
      'Notification*',
      '—',
      'notification*',
      '—',
      '—',
      '—',
      'Notification*',
      'Notification*',
      '?',
      '—',
      '?',
    ]);
    const tools = text.slice(text.indexOf('\nTOOLS'));
    expect(row(tools, 'TOOLS', 'search.grep').slice(0, 4)).toEqual(['Grep', 'grep_search', 'Grep', 'search_content*']);
    const json = JSON.parse(cli(['dialects', '--format', 'json']).stdout);
    expect(json.events.find((e: { id: string }) => e.id === 'notification').evidence).toMatchObject({
      claude: 'documented',
      qwen: 'observed',
      'hooks-yaml': 'extension',
    });
    expect(json.tools.find((t: { id: string }) => t.id === 'search.grep').evidence).toMatchObject({
      claude: 'observed',
      'codebuddy-ide': 'documented',
    });
  });
  it('dialects <agent> shows one agent: events, tools with parameter names, answers, limits, evidence marks', () => {
    const r = cli(['dialects', 'qwen']);
    expect(r.code).toBe(0);
    const text = r.stdout;
    expect(text).toMatch(/^Qwen Code \(qwen\): facts observed on 0\.24\.4\. \* = documented, not observed\.$/m);
    for (const heading of ['CONFIG', 'EVENTS (', 'TOOLS (', 'ANSWERS', 'LIMITS'])
      expect(text, heading).toMatch(new RegExp(`^${heading.replace('(', '\\(')}`, 'm'));
    expect(text).toMatch(/^convert writes +\.qwen\/settings\.json$/m);
    expect(text).toMatch(/^PreToolUse +pre-tool-use +tool$/m);
    expect(text).toMatch(/^PermissionDenied\* +permission-denied +tool$/m); // documented, not observed
    expect(text).toMatch(/^run_shell_command +shell +command is_background timeout description\b/m);
    expect(text).toMatch(/^rewrite \(updatedInput\) +ignored$/m);
    // a limit: what Claude Code does, and what Qwen Code does instead
    expect(text).toContain('rewrite (updatedInput)\n  Claude Code: replace\n  Qwen Code:   ignored\n');
    const json = JSON.parse(cli(['dialects', 'qwen', '--format', 'json']).stdout);
    expect(json.tools.find((t: { canonical: string }) => t.canonical === 'shell')).toMatchObject({
      name: 'run_shell_command',
      params: ['command', 'is_background', 'timeout', 'description', 'directory'],
    });
    expect(json.limits).toContainEqual({ what: 'rewrite (updatedInput)', reference: 'replace', here: 'ignored' });
    expect(cli(['dialects', 'claude']).stdout).toMatch(/^LIMITS\nnone: the reference agent$/m);
  });
  it('dialects <agent>: every agent fits 80 columns; a misspelt id gets "did you mean"', () => {
    for (const id of DIALECT_IDS) {
      const r = cli(['dialects', id]);
      expect(r.code, id).toBe(0);
      for (const line of r.stdout.split('\n')) expect(line.length, `${id}: ${line}`).toBeLessThanOrEqual(80);
    }
    const bad = cli(['dialects', 'qwn']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^hook-bridge: unknown dialect "qwn": did you mean qwen\?/);
  });
  it('dispatch --help prints its usage; dispatch without arguments is a usage error', () => {
    const h = cli(['dispatch', '--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain(
      '--to <host-dialect>[,<host-dialect>] --config <hooks.yaml|settings.json> [--config <file> …]',
    );
    const r = cli(['dispatch']);
    expect(r.stderr).toMatch(/--to and --config are required/);
  });
});

describe('bad input: one clear line on stderr, exit 2, no stack trace', () => {
  it('unknown dialect', () => {
    const r = cli(['convert', '--to', 'no-such-agent', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      'hook-bridge: unknown dialect "no-such-agent" (known: claude, qwen, ' +
        'codebuddy, codebuddy-ide, hooks-yaml, gemini, codex, copilot, pi, opencode, cline, droid, auggie, cursor, kilo, ' +
        'kiro)',
    );
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
    // What was expected, in words (not jsonc-parser's code name ValueExpected).
    expect(r.stderr.trim()).toMatch(/^hook-bridge: .*\.claude\/settings\.json: 3:\d+: invalid JSON: expected a value$/);
    noStack(r.stderr);
  });
  it('a truncated file says the file ends where a value was expected, with file:line:col; nothing is written', () => {
    const full =
      '{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [ { ' +
      '"type": "command", "command": "./g.sh", "timeout": 30 } ] }\n    ]\n  }\n}\n';
    const dir = project({ '.claude/settings.json': full.slice(0, full.indexOf('30')) });
    const r = cli(['convert', '--to', 'qwen'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(
      /^hook-bridge: .*\.claude\/settings\.json: 4:\d+: invalid JSON: unexpected end of file: expected a value$/,
    );
    expect(existsSync(join(dir, '.qwen'))).toBe(false);
    const cut = cli(['convert', '--to', 'qwen'], {
      cwd: project({ '.claude/settings.json': full.slice(0, full.indexOf('"matcher"') + 4) }),
    });
    expect(cut.stderr.trim()).toMatch(/settings\.json: 4:\d+: invalid JSON: unterminated string$/);
  });
  it('invalid YAML in a hooks.yaml names the file, line and column', () => {
    const dir = project({ 'hooks.yaml': "version: '2.0.0'\nhooks:\n  - event: Stop\n    command: [unclosed\n" });
    const r = cli(['convert', 'hooks.yaml', '--to', 'claude', '--stdout'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(
      /^hook-bridge: .*hooks\.yaml: 5:1: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a \]$/,
    );
    const dup = cli(['convert', 'hooks.yaml', '--to', 'claude', '--stdout'], {
      cwd: project({ 'hooks.yaml': "version: '2.0.0'\nhooks: []\nhooks: []\n" }),
    });
    expect(dup.stderr.trim()).toMatch(/^hook-bridge: .*hooks\.yaml: 3:1: invalid YAML: Map keys must be unique$/);
    noStack(r.stderr);
  });
  it('unknown option and missing --to are usage errors', () => {
    expect(cli(['convert', '--bogus']).code).toBe(2);
    expect(cli(['convert', 'x']).code).toBe(2);
    expect(cli(['frobnicate']).code).toBe(2);
  });
  it('a source that could be Claude or CodeBuddy is read as Claude, and the report says how to choose', () => {
    const dir = project({
      'settings.json': settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x' }] }] }),
    });
    const r = cli(['convert', 'settings.json', '--to', 'qwen'], { cwd: dir, columns: 1000 });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/read as Claude Code's; pass --from codebuddy if they are CodeBuddy Code's/);
  });
  it('a target file that is not JSON is left untouched', () => {
    const dir = project({
      '.claude/settings.json': settings({ Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] }),
      '.qwen/settings.json': '{ broken',
    });
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
    expect(JSON.parse(after)).toMatchObject({
      model: 'x',
      hooks: { PreToolUse: [{ matcher: '^run_shell_command$' }] },
    });
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
    expect(j.targets.map((t: { to: string; written: boolean }) => [t.to, t.written])).toEqual([
      ['qwen', true],
      ['codebuddy', true],
      ['hooks-yaml', true],
    ]);
    expect(readFileSync(join(dir, 'hooks.yaml'), 'utf8')).toMatch(/^version: "?'?2\.0\.0/m);
    const s = cli(['convert', '-', '--from', 'claude', '--to', 'codebuddy', '--stdout'], { cwd: dir, input: src });
    expect(JSON.parse(s.stdout).hooks.PreToolUse[0].matcher).toBe('^Bash$');
  });
  it('--fail-on dropped exits 1 when a hook is dropped', () => {
    const dir = project({
      '.claude/settings.json': settings({ Setup: [{ hooks: [{ type: 'command', command: 'x' }] }] }),
    });
    expect(cli(['convert', '--to', 'qwen', '--stdout', '--fail-on', 'dropped'], { cwd: dir }).code).toBe(1);
    expect(cli(['convert', '--to', 'qwen', '--stdout'], { cwd: dir }).code).toBe(0);
  });
  it('detects codebuddy-ide from its tool names', () => {
    const dir = project({
      '.codebuddy/settings.json': settings({
        PreToolUse: [{ matcher: 'execute_command', hooks: [{ type: 'command', command: 'x' }] }],
      }),
    });
    const r = cli(['convert', '--to', 'qwen', '--stdout', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(r.stdout).sources[0].dialect).toBe('codebuddy-ide');
    expect(JSON.parse(r.stdout).targets[0].output).toContain('^run_shell_command$');
  });
  it(
    'does not convert a file into itself (IDE -> CodeBuddy share ' +
      '.codebuddy/settings.json), also with --dry-run; --stdout prints the conversion',
    () => {
      const text =
        settings({ PreToolUse: [{ matcher: 'execute_command', hooks: [{ type: 'command', command: 'x' }] }] }) + `\n`;
      const dir = project({ '.codebuddy/settings.json': text });
      for (const extra of [[], ['--dry-run']]) {
        const r = cli(['convert', '--from', 'codebuddy-ide', '--to', 'codebuddy', ...extra], {
          cwd: dir,
          columns: 1000,
        });
        expect(r.code).toBe(0);
        expect(r.stderr).toMatch(/1 hook of this file is its own: not converted into it again/);
        expect(readFileSync(join(dir, '.codebuddy/settings.json'), 'utf8')).toBe(text);
      }
      // --stdout writes nothing: it shows what the IDE's hooks become for CodeBuddy Code.
      const printed = cli(['convert', '--from', 'codebuddy-ide', '--to', 'codebuddy', '--stdout'], { cwd: dir });
      expect(printed.code).toBe(0);
      expect(JSON.parse(printed.stdout).hooks.PreToolUse[0].matcher).toBe('^Bash$');
      expect(readFileSync(join(dir, '.codebuddy/settings.json'), 'utf8')).toBe(text);
    },
  );
  it('the README main command works', () => {
    const r = cli(['convert', 'examples/claude-project', '--to', 'qwen', '--stdout'], {
      cwd: resolve(import.meta.dirname, '../..'),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).hooks.PreToolUse).toHaveLength(3);
    expect(r.stderr).toMatch(/7 hooks: 1 exact, 5 translated, 1 degraded, 0 dropped/);
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
    const r = cli(
      ['audit', 'examples/audit-project', '--format', 'json', '--rule', 'matcher-dead=off', '--fail-on', 'never'],
      { cwd: root },
    );
    expect(JSON.parse(r.stdout).some((f: { ruleId: string }) => f.ruleId === 'matcher-dead')).toBe(false);
    expect(cli(['audit', '--rule', 'nope=off'], { cwd: root }).stderr).toMatch(/unknown rule "nope"/);
    expect(cli(['audit', '--rule', 'matcher-dead'], { cwd: root }).code).toBe(2);
  });
  it('--fix anchors and translates matchers in place, keeping the rest, with a backup', () => {
    const dir = project({
      '.qwen/settings.json':
        '{\n  "model": "x",\n  "hooks": { "PreToolUse": [ { "matcher": "^Bash$", "hooks": [ { "type": "command", ' +
        '"command": "true" } ] }, { "matcher": "edit", "hooks": [ { "type": "command", "command": "echo" } ] } ] }' +
        '\n}\n',
    });
    const r = cli(['audit', '--fix', '--fail-on', 'never'], { cwd: dir });
    expect(r.stderr).toMatch(/fixed 2 finding\(s\)/);
    const after = readFileSync(join(dir, '.qwen/settings.json'), 'utf8');
    expect(after).toContain('"matcher": "^run_shell_command$"');
    expect(after).toContain('"matcher": "^edit$"');
    expect(after).toContain('"model": "x"');
    expect(existsSync(join(dir, '.qwen/settings.json.bak'))).toBe(true);
    expect(cli(['audit', '--format', 'json'], { cwd: dir }).stdout.trim()).toBe('[]');
  });
  it('the text report is the output: stdout, so `audit > report.txt` keeps it; stderr stays empty', () => {
    const r = cli(['audit', 'examples/audit-project'], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^examples\/audit-project\/\.claude\/settings\.json\n/);
    expect(r.stdout).toMatch(
      /\n\d+ finding\(s\): \d+ error\(s\), \d+ warning\(s\), \d+ info — \d+ config file\(s\), \d+ hook\(s\)\n$/,
    );
  });
  it('no hook config found: exit 2 and one line, not "no findings" (a CI job pointed at the wrong place fails)', () => {
    const clean = project({ 'README.md': 'no hooks' });
    for (const args of [['audit'], ['audit', '--format', 'json', '--fail-on', 'never']]) {
      const r = cli(args, { cwd: clean });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^hook-bridge: \.: no hook config found \(looked for \.claude\/, [^\n]*\)\n$/);
    }
    const hooked = project({ '.claude/settings.json': JSON.stringify({ hooks: {} }) });
    expect(cli(['audit', clean, hooked], { cwd: root }).code).toBe(2);
    expect(cli(['audit'], { cwd: hooked })).toEqual({
      code: 0,
      stdout: 'no findings — 1 config file(s), 0 hook(s)\n',
      stderr: '',
    });
  });
  const hasScript = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!hasScript)(
    'colour follows stdout, where the report goes: none in `audit > report.txt` from a terminal',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'hb-tty-'));
      const inTerminal = (command: string) =>
        spawnSync('script', ['-qec', command, '/dev/null'], {
          cwd: root,
          encoding: 'utf8',
          env: {
            ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NO_COLOR' && k !== 'FORCE_COLOR')),
            TERM: 'xterm',
          },
        });
      inTerminal(`"${process.execPath}" "${bin}" audit examples/audit-project > "${join(dir, 'report.txt')}"`);
      const file = readFileSync(join(dir, 'report.txt'), 'utf8');
      expect(file).toMatch(/^examples\/audit-project\/\.claude\/settings\.json\n/);
      expect(file).not.toContain('\u001b[');
      expect(inTerminal(`"${process.execPath}" "${bin}" audit examples/audit-project`).stdout).toContain('\u001b[');
    },
  );
  it('--fix: the report on stdout, the note of what was fixed on stderr', () => {
    const dir = project({
      '.qwen/settings.json':
        '{ "hooks": { "PreToolUse": [ { "matcher": "^Bash$", "hooks": [ ' +
        '{ "type": "command", "command": "true" } ] } ] } }\n',
    });
    const r = cli(['audit', '--fix'], { cwd: dir });
    expect(r.stderr).toBe('fixed 1 finding(s) in .qwen/settings.json (backup .qwen/settings.json.bak)\n');
    expect(r.stdout).toBe('no findings — 1 config file(s), 1 hook(s)\n');
  });
  it('--list-rules lists every rule, in every --format', () => {
    const ids = RULES.map((x) => x.id);
    const text = cli(['audit', '--list-rules']);
    expect(text.stdout).toMatch(/^matcher-dead\s+error\s+The matcher fires for no tool the agent has$/m);
    expect(
      text.stdout
        .trim()
        .split('\n')
        .map((l) => l.split(/\s+/)[0]),
    ).toEqual(ids);
    const json = JSON.parse(cli(['audit', '--list-rules', '--format', 'json']).stdout);
    expect(Array.isArray(json)).toBe(true);
    expect(json.map((x: { id: string }) => x.id)).toEqual(ids);
    expect(json[0]).toEqual({
      id: RULES[0]!.id,
      severity: RULES[0]!.severity,
      description: RULES[0]!.description,
      docs: RULES[0]!.docs,
      sources: RULES[0]!.sources ?? [],
    });
    // docs/commands.md's rule table is this listing
    const md = cli(['audit', '--list-rules', '--format', 'markdown']).stdout;
    expect(readFileSync(join(root, 'docs/commands.md'), 'utf8')).toContain(md);
    const sarif = JSON.parse(cli(['audit', '--list-rules', '--format', 'sarif']).stdout);
    expect(sarif.runs[0].tool.driver.rules.map((x: { id: string }) => x.id)).toEqual(ids);
    expect(sarif.runs[0].results).toEqual([]);
    const bad = cli(['audit', '--list-rules', '--format', 'yaml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/argument 'yaml' is invalid. Allowed choices are text, json, markdown, sarif/);
  });
  it('timeout-unit-mismatch on a converted Qwen config quotes the value as written, with its unit', () => {
    const dir = project({
      '.claude/settings.json': settings({ Stop: [{ hooks: [{ type: 'command', command: 'true', timeout: 30000 }] }] }),
    });
    expect(cli(['convert', '--to', 'qwen'], { cwd: dir }).code).toBe(0);
    expect(readFileSync(join(dir, '.qwen/settings.json'), 'utf8')).toContain('"timeout": 30005000');
    const found = JSON.parse(cli(['audit', '--format', 'json'], { cwd: dir }).stdout).filter(
      (f: { ruleId: string }) => f.ruleId === 'timeout-unit-mismatch',
    );
    expect(found.map((f: { file: string; message: string }) => `${f.file}: ${f.message}`)).toEqual([
      '.claude/settings.json: timeout: 30000 (seconds) is 8.3 h on Claude Code; did you mean timeout: 30?',
      '.qwen/settings.json: `hook-bridge run --timeout 30000` (seconds) ' +
        'is 8.3 h on Qwen Code; did you mean --timeout 30?',
    ]);
  });
  it(
    'audited from outside the project, the paths in messages and the ' + 'fix commands work from where the user stands',
    () => {
      const outside = project({
        'proj/.claude/settings.json': settings({
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/guard.sh' },
                { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/gone.sh' },
              ],
            },
          ],
        }),
        'proj/guard.sh': '#!/bin/sh\nexit 0\n',
      });
      const proj = join(outside, 'proj');
      const found = (args: string[]) =>
        JSON.parse(cli(['audit', 'proj', '--format', 'json', ...args], { cwd: outside }).stdout) as {
          ruleId: string;
          message: string;
          fix?: string;
        }[];
      const first = found([]);
      expect(first.find((f) => f.ruleId === 'script-missing')!.message).toContain('(resolved to proj/gone.sh)');
      const chmod = first.find((f) => f.ruleId === 'script-not-executable')!.fix!;
      expect(chmod).toBe('chmod +x proj/guard.sh');
      expect(spawnSync('sh', ['-c', chmod], { cwd: outside }).status).toBe(0);
      // the fix, run as printed, fixed it
      expect(found([]).some((f) => f.ruleId === 'script-not-executable')).toBe(false);
      // A convert fix names the project: run from here, it converts that project, into that project.
      const convert = found(['--target', 'qwen']).find((f) => f.ruleId === 'timeout-default-shorter')!.fix!;
      expect(convert).toBe('hook-bridge convert proj --from claude --to qwen');
      const r = spawnSync(process.execPath, [bin, ...convert.split(' ').slice(1)], { cwd: outside, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(existsSync(join(proj, '.qwen/settings.json'))).toBe(true);
      expect(existsSync(join(outside, '.qwen'))).toBe(false);
      // From inside the project the same findings name paths from there.
      expect(
        JSON.parse(cli(['audit', '--format', 'json'], { cwd: proj }).stdout).find(
          (f: { ruleId: string }) => f.ruleId === 'script-missing',
        ).message,
      ).toContain('(resolved to gone.sh)');
    },
  );
  it('an unknown rule in .hook-bridge.json names the file and the key', () => {
    const dir = project({ '.hook-bridge.json': JSON.stringify({ audit: { rules: { 'no-such-rule': 'off' } } }) });
    const r = cli(['audit'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `hook-bridge: ${join(dir, '.hook-bridge.json')}: audit.rules.no-such-rule: unknown rule "no-such-rule" ` +
        `(see hook-bridge audit --list-rules)\n`,
    );
  });
});

describe('a closed pipe (`| head`) ends every command quietly', () => {
  const root = resolve(import.meta.dirname, '../..');
  /** Run with stdout already closed: every write fails with EPIPE. */
  function closedPipe(args: string[], input = ''): Promise<{ code: number | null; stderr: string }> {
    return new Promise((res, rej) => {
      const c = spawn(process.execPath, [bin, ...args], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
      c.stdout.destroy();
      let stderr = '';
      c.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      c.on('error', rej);
      c.on('close', (code) => res({ code, stderr }));
      c.stdin.end(input);
    });
  }
  const listings: [string[], number][] = [
    [['--help'], 0],
    [['help', 'run'], 0],
    [['dialects'], 0],
    [['dialects', '--format', 'json'], 0],
    ...(['text', 'json', 'markdown', 'sarif'].flatMap((f) => [
      [['audit', '--list-rules', '--format', f], 0],
      [['audit', 'examples/audit-project', '--format', f], 1],
    ]) as [string[], number][]),
    [['convert', 'examples/claude-project', '--to', 'qwen,codebuddy', '--stdout'], 0],
    [['convert', 'examples/claude-project', '--to', 'qwen', '--format', 'json', '--stdout'], 0],
    [['run', '--help'], 0],
    [['dispatch', '--help'], 0],
  ];
  for (const [args, code] of listings) {
    it(args.join(' '), async () => {
      const r = await closedPipe(args);
      expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
      expect(r.code).toBe(code);
    });
  }
  it('a real `| head -1` on the longest listing', () => {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" dialects --format json | head -1`], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.stdout).toBe('{\n');
    expect(r.stderr).toBe('');
  });
  it('run, answering a host that has closed stdout: no stack trace, the exit code of its answer', async () => {
    const payload = JSON.stringify({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      session_id: 's',
      cwd: root,
    });
    const r = await closedPipe(['run', '--from', 'qwen', '--to', 'claude', '-c', 'echo no >&2; exit 2'], payload);
    expect(r.stderr).toBe('no\n');
    expect(r.code).toBe(0); // Claude's deny is JSON on stdout with exit 0 (the host can no longer read it)
  });
});

describe('plugins, user configs and rule settings files', () => {
  it('convert --no-wrap sets ${CLAUDE_PLUGIN_ROOT} of a plugin hooks file to the plugin path for the command', () => {
    const dir = project({
      'hooks/hooks.json': {
        description: 'p',
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh' }] },
          ],
        },
      },
    });
    const r = cli(['convert', 'hooks/hooks.json', '--to', 'qwen', '--no-wrap', '--stdout'], { cwd: dir });
    expect(r.code).toBe(0);
    // Anchored on the host's project directory, not a path of this machine; exported, so that a script reading
    // its environment finds it too.
    expect(JSON.parse(r.stdout).hooks.PreToolUse[0].hooks[0].command).toBe(
      'export CLAUDE_PLUGIN_ROOT="${QWEN_PROJECT_DIR}"; ${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh',
    );
    expect(r.stderr).toContain('$CLAUDE_PLUGIN_ROOT set to ${QWEN_PROJECT_DIR} for the command');
  });
  it('audit --user also reads the configs in HOME', () => {
    const home = project({
      '.qwen/settings.json': {
        hooks: { PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: 'x' }] }] },
      },
    });
    const dir = project({ 'README.md': 'empty project' });
    const run = (args: string[]) =>
      spawnSync(process.execPath, [bin, 'audit', '--format', 'json', '--fail-on', 'never', ...args], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, HOME: home },
      });
    expect(run([]).status).toBe(2); // nothing to audit
    const found = JSON.parse(run(['--user']).stdout);
    expect(found.map((f: { ruleId: string }) => f.ruleId)).toContain('matcher-dead');
  });
  it('.hook-bridge.json turns rules off or re-levels them; a bad setting is a clear error', () => {
    const dir = project({
      '.codebuddy/settings.json': settings({
        PreToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'echo ok' }] }],
      }),
    });
    const ids = () =>
      JSON.parse(cli(['audit', '--format', 'json', '--fail-on', 'never'], { cwd: dir }).stdout).map(
        (f: { ruleId: string; severity: string }) => `${f.ruleId}:${f.severity}`,
      );
    expect(ids()).toContain('matcher-overmatch:warning');
    writeFileSync(
      join(dir, '.hook-bridge.json'),
      JSON.stringify({ audit: { rules: { 'matcher-overmatch': 'error', 'timeout-blocks-tool': 'off' } } }),
    );
    expect(ids()).toEqual(['matcher-overmatch:error']);
    writeFileSync(
      join(dir, '.hook-bridge.json'),
      JSON.stringify({ audit: { rules: { 'matcher-overmatch': 'loud' } } }),
    );
    const bad = cli(['audit'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /\.hook-bridge\.json: audit\.rules\.matcher-overmatch: expected one of off, error, warning, info, got "loud"/,
    );
  });
});

describe('convert --dispatch', () => {
  it('writes one dispatch entry per event for the hook set, idempotently', () => {
    const dir = project({
      'hooks.yaml':
        "version: '2.0.0'\nhooks:\n  - { event: PreToolUse, matcher: Bash, command: ./a.sh, timeout: 10 }\n  - { " +
        'event: PreToolUse, matcher: Write, command: ./b.sh, timeout: 40 }\n  - { event: InputReceived, command: ' +
        './c.sh }\n  - { event: BeforeResponse, command: ./d.sh }\n',
    });
    const r = cli(['convert', 'hooks.yaml', '--to', 'qwen', '--dispatch', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, '.qwen/settings.json'), 'utf8'));
    expect(written.hooks).toEqual({
      // Scoped to the union of the event's matchers (Bash, Write) in Qwen's names: other calls start nothing.
      PreToolUse: [
        {
          matcher: '^(run_shell_command|write_file)$',
          hooks: [{ type: 'command', command: "hook-bridge dispatch --to qwen --config 'hooks.yaml'", timeout: 45 }],
        },
      ],
      UserPromptSubmit: [
        { hooks: [{ type: 'command', command: "hook-bridge dispatch --to qwen --config 'hooks.yaml'", timeout: 605 }] },
      ],
      Stop: [
        { hooks: [{ type: 'command', command: "hook-bridge dispatch --to qwen --config 'hooks.yaml'", timeout: 605 }] },
      ],
    });
    const report = JSON.parse(r.stdout).targets[0].report.map((x: { status: string }) => x.status);
    // BeforeResponse runs at Stop: it cannot modify the response
    expect(report).toEqual(['translated', 'translated', 'translated', 'degraded']);
    const again = cli(['convert', 'hooks.yaml', '--to', 'qwen', '--dispatch'], { cwd: dir });
    expect(again.stderr).toMatch(/up to date/);
  });
  it('dispatches settings.json and settings.local.json together, the local one (higher precedence) first', () => {
    const dir = project({
      '.claude/settings.json': settings({ Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] }),
      '.claude/settings.local.json': settings({ Stop: [{ hooks: [{ type: 'command', command: 'y' }] }] }),
    });
    expect(cli(['convert', '--to', 'qwen', '--dispatch'], { cwd: dir }).code).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, '.qwen/settings.json'), 'utf8'));
    expect(written.hooks.Stop).toEqual([
      {
        hooks: [
          expect.objectContaining({
            command:
              "hook-bridge dispatch --to qwen --config '.claude/settings.local.json' --config '.claude/settings.json'",
          }),
        ],
      },
    ]);
  });
});

describe('convert: bad input is not converted (issue #3)', () => {
  const untouched = '{ "model": "keep" }\n';
  const cases: [string, object, RegExp][] = [
    [
      'an invalid regex',
      { PreToolUse: [{ matcher: '(Write', hooks: [{ type: 'command', command: 'x' }] }] },
      /settings\.json: hooks\.PreToolUse\[0\]\.matcher: "\(Write" is not a valid regular expression/,
    ],
    [
      'a hooks section of the wrong shape',
      { PreToolUse: { matcher: 'Bash' } },
      /settings\.json: hooks\.PreToolUse: expected an array of matcher groups/,
    ],
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
    const dir = project({
      '.claude/settings.json': settings({ Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] }),
      blocker: 'a file, not a directory',
    });
    const r = cli(['convert', '--to', 'qwen', '--out', 'blocker/settings.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(
      /^hook-bridge: .*blocker\/settings\.json: cannot write \(E[A-Z]+\); the file is unchanged$/,
    );
  });
});

describe('convert: one hook never refuses a whole file (issue 9)', () => {
  const hooks = {
    PreToolUSe: [{ hooks: [{ type: 'command', command: './typo.sh' }] }],
    BrandNewEvent: [{ hooks: [{ type: 'command', command: './new.sh' }] }],
    Notification: [{ matcher: 'idle_prompt', hooks: [{ type: 'command', command: './notify.sh' }] }],
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }],
  };
  it('an unknown event drops its hook with file, path and a suggestion; the rest converts; exit 0', () => {
    const dir = project({ '.claude/settings.json': settings(hooks) });
    const r = cli(['convert', '--to', 'qwen', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout).targets[0].report as {
      status: string;
      reason: string;
      source: { file: string; path: string };
    }[];
    expect(report.map((x) => x.status)).toEqual(['dropped', 'dropped', 'translated', 'translated']);
    expect(report[0]).toMatchObject({
      source: { file: expect.stringMatching(/\.claude\/settings\.json$/), path: 'hooks.PreToolUSe[0].hooks[0]' },
    });
    expect(report[0]!.reason).toMatch(
      /"PreToolUSe" is not one hook-bridge knows for Claude Code \(did you mean PreToolUse\?\)/,
    );
    expect(report[1]!.reason).not.toMatch(/did you mean/);
    const written = JSON.parse(readFileSync(join(dir, '.qwen/settings.json'), 'utf8'));
    expect(Object.keys(written.hooks)).toEqual(['Notification', 'PreToolUse']);
  });
  it('--strict and --fail-on dropped fail on it (exit 1), still writing what converts', () => {
    const dir = project({ '.claude/settings.json': settings(hooks) });
    expect(cli(['convert', '--to', 'qwen', '--strict'], { cwd: dir }).code).toBe(1);
    expect(cli(['convert', '--from', 'claude', '--to', 'codebuddy', '--fail-on', 'dropped'], { cwd: dir }).code).toBe(
      1,
    );
    expect(existsSync(join(dir, '.codebuddy/settings.json'))).toBe(true);
  });
});

describe('convert: report and --strict', () => {
  it('the JSON report gives status, reason, and source and target {file, path, event, matcher}', () => {
    const dir = project({
      '.claude/settings.json': settings({
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: 'x' }] },
          { matcher: 'Write|MultiEdit', hooks: [{ type: 'command', command: 'y' }] },
        ],
      }),
    });
    const row = JSON.parse(cli(['convert', '--to', 'qwen', '--format', 'json', '--stdout'], { cwd: dir }).stdout)
      .targets[0].report[1];
    expect(row).toMatchObject({
      status: 'translated',
      reason: expect.stringContaining(
        'Qwen Code has no MultiEdit (file.multi-edit): a tool it does ' +
          'not have is never called there, so nothing is lost',
      ),
      source: {
        file: expect.stringMatching(/\.claude\/settings\.json$/),
        path: 'hooks.PreToolUse[1].hooks[0]',
        event: 'PreToolUse',
        matcher: 'Write|MultiEdit',
      },
      target: {
        file: expect.stringMatching(/\.qwen\/settings\.json$/),
        path: 'hooks.PreToolUse[1].hooks[0]',
        event: 'PreToolUse',
        matcher: '^write_file$',
      },
    });
  });
  it('--strict exits 1 when anything was degraded', () => {
    const dir = project({
      '.claude/settings.json': settings({
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'y', if: 'Bash(git *)' }] }],
      }),
    });
    // Qwen Code is not known to honour `if`
    expect(cli(['convert', '--to', 'qwen', '--stdout', '--strict'], { cwd: dir }).code).toBe(1);
    expect(cli(['convert', '--to', 'qwen', '--stdout', '--fail-on', 'dropped'], { cwd: dir }).code).toBe(0);
    expect(cli(['convert', '--to', 'codebuddy', '--stdout', '--strict'], { cwd: dir }).code).toBe(0);
  });
  it('a tool the target does not have never makes --strict or --fail-on fail (false losses)', () => {
    const table: [string, string, string][] = [
      ['codebuddy', 'qwen', 'Bash'], // also BashOutput, which Qwen Code does not have
      ['claude', 'qwen', 'Write|MultiEdit'],
      ['claude', 'qwen', 'MultiEdit'], // only a tool Qwen Code lacks: not written
      ['qwen', 'claude', 'run_shell_command|get_goal'],
      // the IDE's tool list is documented only: "no known equivalent"
      ['codebuddy', 'codebuddy-ide', 'Bash|NotebookEdit'],
      ['codebuddy', 'claude', 'TaskOutput|Bash'],
    ];
    for (const [from, to, matcher] of table) {
      const dir = project({
        [`.${from}/settings.json`]: settings({ PreToolUse: [{ matcher, hooks: [{ type: 'command', command: 'y' }] }] }),
      });
      for (const fail of [['--strict'], ['--fail-on', 'degraded'], ['--fail-on', 'dropped']]) {
        const r = cli(['convert', '--from', from, '--to', to, '--stdout', ...fail], { cwd: dir, columns: 1000 });
        expect(r.code, `${from} ${matcher} -> ${to} ${fail.join(' ')}\n${r.stderr}`).toBe(0);
        expect(r.stderr).toMatch(/has no (known equivalent of )?\S+ \([a-z.-]+\)/);
        expect(r.stderr).toMatch(/0 degraded, 0 dropped/);
      }
    }
  });
});

describe('convert --runner', () => {
  const source = settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'y' }] }] });
  for (const [name, runner] of [
    ['empty', ''],
    ['spaces only', '   '],
    ['a tab', '\t'],
    ['two lines', 'hook-bridge\nrm -rf x'],
  ] as const) {
    for (const extra of [[], ['--dispatch'], ['--stdout']]) {
      it(`${name}${extra.length ? ` with ${extra[0]}` : ''}: exit 2, a clear message, nothing written`, () => {
        const dir = project({ '.claude/settings.json': source, '.qwen/settings.json': '{ "model": "x" }\n' });
        const r = cli(['convert', '--to', 'qwen', '--runner', runner, ...extra], { cwd: dir });
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(
          /^hook-bridge: --runner must (name the command that starts hook-bridge|be one line without control characters)/,
        );
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stdout).toBe('');
        expect(readFileSync(join(dir, '.qwen/settings.json'), 'utf8')).toBe('{ "model": "x" }\n');
      });
    }
  }
  it('a command with arguments is a runner; the written command starts', () => {
    const dir = project({ '.claude/settings.json': source });
    const r = cli(['convert', '--to', 'qwen', '--stdout', '--runner', `"${process.execPath}" "${bin}"`], { cwd: dir });
    expect(r.code).toBe(0);
    const command = JSON.parse(r.stdout).hooks.PreToolUse[0].hooks[0].command as string;
    const run = spawnSync('sh', ['-c', command.replace(/ -c 'y'$/, ' -c true')], {
      cwd: dir,
      input: JSON.stringify({
        hook_event_name: 'PreToolUse',
        tool_name: 'run_shell_command',
        tool_input: { command: 'ls' },
      }),
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
  });
});

describe('convert --stdout when the target file is also a source (codebuddy -> codebuddy-ide share a file)', () => {
  it('prints the conversion instead of refusing', () => {
    const dir = project({
      '.codebuddy/settings.json': settings({
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'y' }] }],
      }),
    });
    const r = cli(['convert', '--from', 'codebuddy', '--to', 'codebuddy-ide', '--stdout'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hooks.PreToolUse[0].matcher).toBe('^execute_command$');
  });
});

describe('wrapped plugin hooks carry their plugin root', () => {
  it('convert writes --plugin-root; the wrapper sets CLAUDE_PLUGIN_ROOT; converting back restores the original', () => {
    const dir = project({
      'hooks/hooks.json': {
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/scripts/guard.sh' }] },
          ],
        },
      },
      'scripts/guard.sh': '#!/bin/sh\ncat >/dev/null\necho "guard at $CLAUDE_PLUGIN_ROOT" >&2\nexit 2\n',
    });
    spawnSync('chmod', ['+x', join(dir, 'scripts/guard.sh')]);
    const out = cli(['convert', 'hooks/hooks.json', '--to', 'qwen', '--stdout', '--runner', `node '${bin}'`], {
      cwd: dir,
    });
    const command: string = JSON.parse(out.stdout).hooks.PreToolUse[0].hooks[0].command;
    expect(command).toContain(`--plugin-root '.'`);
    // Run it as Qwen Code would: bash -c, the host payload on stdin, no CLAUDE_PLUGIN_ROOT in the env.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CLAUDE')));
    const r = spawnSync('bash', ['-c', command], {
      cwd: dir,
      env,
      encoding: 'utf8',
      input: JSON.stringify({
        hook_event_name: 'PreToolUse',
        tool_name: 'run_shell_command',
        tool_input: { command: 'ls' },
        cwd: dir,
      }),
    });
    expect(JSON.parse(r.stdout).hookSpecificOutput).toMatchObject({
      permissionDecision: 'deny',
      permissionDecisionReason: `guard at ${dir}`,
    });
    writeFileSync(join(dir, 'qwen.json'), out.stdout);
    const back = cli(['convert', 'qwen.json', '--from', 'qwen', '--to', 'claude', '--stdout'], { cwd: dir });
    expect(JSON.parse(back.stdout).hooks.PreToolUse[0].hooks[0].command).toBe(
      '"${CLAUDE_PLUGIN_ROOT}"/scripts/guard.sh',
    );
  });
});

describe('transcript', () => {
  const fx = resolve(import.meta.dirname, '../fixtures');
  it('prints a Qwen transcript as Claude JSONL, from a file or stdin, run from another directory', () => {
    const file = join(fx, 'transcripts/qwen/session.jsonl');
    const r = cli(['transcript', '--from', 'qwen', file], { cwd: '/' });
    expect(r.code).toBe(0);
    const recs = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(recs.at(-1)).toMatchObject({
      type: 'assistant',
      message: { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
    });
    expect(
      cli(['transcript', '--from', 'qwen', '--to', 'claude', '-'], { input: readFileSync(file, 'utf8') }).stdout,
    ).toBe(r.stdout);
  });
  it(
    '--from claude (the same format on both sides) prints the file ' + 'unchanged, as run passes it to a Claude script',
    () => {
      const file = join(fx, 'ground-truth/claude/transcript-sample.jsonl');
      const r = cli(['transcript', '--from', 'claude', file]);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).toBe(readFileSync(file, 'utf8'));
    },
  );
  const BAD: [string, string[], string | undefined, RegExp][] = [
    [
      'a missing file',
      ['--from', 'qwen', 'nope.jsonl'],
      undefined,
      /nope\.jsonl: cannot read the transcript \(ENOENT\)/,
    ],
    [
      'a line that is not JSON',
      ['--from', 'codebuddy', '-'],
      '{"type":"message"}\n{oops\n',
      /<stdin>: line 2: not a JSON record/,
    ],
    [
      'a Claude transcript given as Qwen',
      [
        '--from',
        'qwen',
        join(resolve(import.meta.dirname, '../fixtures'), 'ground-truth/claude/transcript-sample.jsonl'),
      ],
      undefined,
      /no Qwen Code transcript record found/,
    ],
    [
      'an unsupported pair',
      ['--from', 'codebuddy-ide', 'x'],
      undefined,
      /no transcript translation from codebuddy-ide/,
    ],
    ['an unknown dialect', ['--from', 'no-such-agent', 'x'], undefined, /unknown dialect "no-such-agent"/],
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
    expect(cli(['--help']).stdout).toMatch(/\n {2}transcript\b/);
    expect(cli(['run', '--help']).stdout).toContain('--emulate-todos');
  });
});
