// A new user's first hour (issue 21), convert's side: `convert --check` for CI and pre-commit, `--out` into a
// directory that is not there, a warning said once, a dialect typed in another case. Each through the built CLI:
// exit code, what stderr says, and what is (not) written.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';
import { project } from './helpers.js';
import { cli } from './host.js';

const claude = (hooks: object) => `${JSON.stringify({ hooks }, null, 2)}\n`;
const guard = (command: string, extra: object = {}) => ({ type: 'command', command, ...extra });
const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/);

/** Every file under a directory with its bytes (what "writes nothing" is checked against). */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (lstatSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

describe('convert --check: exit 1 when a target is not what convert would write, 0 when it is; never writes', () => {
  it('before the first convert: every target file is missing, with the entries it would get', () => {
    const dir = project({
      '.claude/settings.json': claude({ PreToolUse: [{ matcher: 'Bash', hooks: [guard('./g.sh')] }] }),
    });
    const before = files(dir);
    const r = cli(['convert', '--to', 'qwen,codex', '--check'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^out of date {2}\.qwen\/settings\.json: missing \(1 to add, 0 to update, 0 to remove\)$/m,
    );
    expect(r.stderr).toMatch(/^ {2}\+ add {5}PreToolUse {2}hook-bridge run --from claude --to qwen -c '\.\/g\.sh'$/m);
    expect(r.stderr).toMatch(/^out of date {2}\.codex\/hooks\.json: missing/m);
    expect(r.stderr).toMatch(
      /2 of 2 target files out of date: run `hook-bridge convert --to qwen,codex` \(with the same inputs and options\) and commit the result/,
    );
    expect(files(dir)).toEqual(before);
  });

  it(
    'after convert: exit 0 and "up to date"; after an edit of the ' +
      'sources: each entry to add, update, remove, per file',
    () => {
      const dir = project({
        '.claude/settings.json': claude({
          PreToolUse: [{ matcher: 'Bash', hooks: [guard('./g.sh')] }],
          Stop: [{ hooks: [guard('./s.sh')] }],
        }),
      });
      expect(cli(['convert', '--to', 'qwen,gemini'], { cwd: dir }).code).toBe(0);
      const ok = cli(['convert', '--to', 'qwen,gemini', '--check'], { cwd: dir });
      expect(ok.code).toBe(0);
      expect(ok.stderr).toMatch(/^up to date {3}\.qwen\/settings\.json$/m);
      expect(ok.stderr).toMatch(/every target file is what convert would write \(2 checked\)/);

      writeFileSync(
        join(dir, '.claude/settings.json'),
        claude({
          PreToolUse: [{ matcher: 'Bash', hooks: [guard('./g.sh', { timeout: 9 })] }],
          SessionStart: [{ hooks: [guard('./n.sh')] }],
        }),
      );
      const before = files(dir);
      const r = cli(['convert', '--to', 'qwen,gemini', '--check'], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^out of date {2}\.qwen\/settings\.json: 1 to add, 1 to update, 1 to remove$/m);
      expect(r.stderr).toMatch(
        /^ {2}\+ add {5}SessionStart {2}hook-bridge run --from claude --to qwen -c '\.\/n\.sh'$/m,
      );
      expect(r.stderr).toMatch(
        /^ {2}~ update {2}PreToolUse {2}hook-bridge run --from claude --to qwen --timeout 9 -c '\.\/g\.sh'$/m,
      );
      expect(r.stderr).toMatch(/^ {2}- remove {2}Stop {2}hook-bridge run --from claude --to qwen -c '\.\/s\.sh'$/m);
      expect(r.stderr).toMatch(/^out of date {2}\.gemini\/settings\.json: 1 to add, 1 to update, 1 to remove$/m);
      expect(files(dir)).toEqual(before);

      // --format json: the same, per target, on stdout
      const json = JSON.parse(
        cli(['convert', '--to', 'qwen,gemini', '--check', '--format', 'json'], { cwd: dir }).stdout,
      );
      expect(
        json.targets.map((t: { upToDate: boolean; changes: { added: number } }) => [t.upToDate, t.changes.added]),
      ).toEqual([
        [false, 1],
        [false, 1],
      ]);
      expect(cli(['convert', '--to', 'qwen,gemini'], { cwd: dir }).code).toBe(0);
      expect(cli(['convert', '--to', 'qwen,gemini', '--check'], { cwd: dir }).code).toBe(0);
    },
  );

  it('a hand edit of a converted entry, or of the record alone, is out of date too', () => {
    const dir = project({ '.claude/settings.json': claude({ Stop: [{ hooks: [guard('./s.sh', { timeout: 5 })] }] }) });
    cli(['convert', '--to', 'qwen'], { cwd: dir });
    const file = join(dir, '.qwen/settings.json');
    const converted = readFileSync(file, 'utf8');
    writeFileSync(file, converted.replace('"timeout": 10', '"timeout": 99'));
    const edited = cli(['convert', '--to', 'qwen', '--check'], { cwd: dir });
    expect(edited.code).toBe(1);
    expect(edited.stderr).toMatch(/^ {2}~ update {2}Stop /m);
    writeFileSync(file, converted);
    const record = join(dir, '.qwen/settings.hook-bridge.json');
    writeFileSync(
      record,
      readFileSync(record, 'utf8').replace('"source": ".claude/settings.json"', '"source": "elsewhere.json"'),
    );
    const r = cli(['convert', '--to', 'qwen', '--check'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/its record \.qwen\/settings\.hook-bridge\.json is not what convert would write/);
  });

  it('--remove --check: exit 1 while hook-bridge entries are there, 0 once removed', () => {
    const dir = project({ '.claude/settings.json': claude({ Stop: [{ hooks: [guard('./s.sh')] }] }) });
    cli(['convert', '--to', 'qwen'], { cwd: dir });
    const r = cli(['convert', '--to', 'qwen', '--remove', '--check'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\.qwen\/settings\.json: convert would delete it/);
    expect(r.stderr).toMatch(/run `hook-bridge convert --to qwen --remove`/);
    expect(existsSync(join(dir, '.qwen/settings.json'))).toBe(true);
    cli(['convert', '--to', 'qwen', '--remove'], { cwd: dir });
    expect(cli(['convert', '--to', 'qwen', '--remove', '--check'], { cwd: dir }).code).toBe(0);
  });

  it(
    'bad input is still exit 2 (not "out of date"), with its file ' +
      'and place; --check with --stdout is a usage error',
    () => {
      const dir = project({ '.claude/settings.json': '{ "hooks": ' });
      const r = cli(['convert', '--to', 'qwen', '--check'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toMatch(
        /^hook-bridge: .*settings\.json: 1:\d+: invalid JSON: unexpected end of file: expected a value$/,
      );
      noStack(r.stderr);
      const both = cli(['convert', '--to', 'qwen', '--check', '--stdout'], {
        cwd: project({ '.claude/settings.json': claude({ Stop: [{ hooks: [guard('x')] }] }) }),
      });
      expect(both.code).toBe(2);
      expect(both.stderr.trim()).toBe(
        'hook-bridge: --check compares the target files with what convert ' +
          'would write into them; --stdout writes into none',
      );
    },
  );

  it(
    'the pre-commit hook of docs/commands.md refuses a commit while a ' +
      'target is out of date, and its CI step runs --check',
    () => {
      const commands = readFileSync(join(import.meta.dirname, '../../docs/commands.md'), 'utf8');
      expect(commands).toMatch(/- run: npx hook-bridge convert --to qwen,codex --check\n/);
      const hook = /```sh\n(#!\/bin\/sh\n[\s\S]*?)```/.exec(commands)![1]!;
      expect(hook).toContain('hook-bridge convert --to qwen,codex --check');
      const dir = project({ '.claude/settings.json': claude({ Stop: [{ hooks: [guard('./s.sh')] }] }) });
      const file = join(dir, '.git/hooks/pre-commit');
      mkdirSync(join(dir, '.git/hooks'), { recursive: true });
      writeFileSync(
        file,
        hook.replace(
          /^hook-bridge /gm,
          `'${process.execPath}' '${join(import.meta.dirname, '../../bin/hook-bridge.cjs')}' `,
        ),
      );
      chmodSync(file, 0o755);
      const commit = () => spawnSync(file, { cwd: dir, encoding: 'utf8' });
      const refused = commit();
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/out of date {2}\.qwen\/settings\.json/);
      cli(['convert', '--to', 'qwen,codex'], { cwd: dir });
      expect(commit().status).toBe(0);
    },
  );
});

describe('--out into a directory that is not there', () => {
  it('is an error naming the directory (exit 2); nothing is written, no directory created', () => {
    const dir = project({ '.claude/settings.json': claude({ Stop: [{ hooks: [guard('./s.sh')] }] }) });
    const before = files(dir);
    const r = cli(['convert', '--to', 'qwen', '--out', 'nodir/sub/qwen.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      'hook-bridge: nodir/sub: no such directory: --out writes into an existing ' +
        'directory (create it first: mkdir -p nodir/sub); nothing was written',
    );
    expect(existsSync(join(dir, 'nodir'))).toBe(false);
    expect(files(dir)).toEqual(before);
    // Asked for: once the directory is there, it is written.
    mkdirSync(join(dir, 'nodir/sub'), { recursive: true });
    expect(cli(['convert', '--to', 'qwen', '--out', 'nodir/sub/qwen.json'], { cwd: dir }).code).toBe(0);
    expect(existsSync(join(dir, 'nodir/sub/qwen.json'))).toBe(true);
    // --stdout writes nothing, so it does not care
    expect(cli(['convert', '--to', 'qwen', '--out', 'other/x.json', '--stdout'], { cwd: dir }).code).toBe(0);
  });
  it('the conventional target directories (.qwen/ …) are still created: that is where the host reads', () => {
    const dir = project({ '.claude/settings.json': claude({ Stop: [{ hooks: [guard('./s.sh')] }] }) });
    expect(cli(['convert', '--to', 'qwen'], { cwd: dir }).code).toBe(0);
    expect(existsSync(join(dir, '.qwen/settings.json'))).toBe(true);
  });
});

describe('one warning per problem', () => {
  it('a timeout of 30000 s is flagged once, however many targets convert writes', () => {
    const dir = project({
      '.claude/settings.json': claude({
        PreToolUse: [{ matcher: 'Bash', hooks: [guard('./g.sh', { timeout: 30000 })] }],
      }),
    });
    const r = cli(['convert', '--to', 'qwen,codebuddy,gemini', '--dry-run'], { cwd: dir });
    expect(r.stderr.match(/timeout 30000 s \(8\.3 h\) was probably meant as ms/g)).toHaveLength(1);
  });
});

describe('a dialect in another case, or mistyped, gets a suggestion', () => {
  it.each([
    ['Qwen', 'qwen'],
    ['CLAUDE', 'claude'],
    ['codebudy', 'codebuddy'],
    ['hooks.yaml', 'hooks-yaml'],
  ])('--to %s: did you mean %s? (exit 2, nothing written)', (typed, meant) => {
    const dir = project({ '.claude/settings.json': claude({ Stop: [{ hooks: [guard('./s.sh')] }] }) });
    const r = cli(['convert', '--to', typed], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      `hook-bridge: unknown dialect "${typed}": did you mean ${meant}? (known: ${DIALECT_IDS.join(', ')})`,
    );
    expect(readdirSync(dir)).toEqual(['.claude']);
  });
  it('--from and audit --target too', () => {
    expect(cli(['convert', '--to', 'qwen', '--from', 'Claude']).stderr).toMatch(/did you mean claude\?/);
    expect(cli(['audit', '--target', 'Gemini']).stderr).toMatch(/did you mean gemini\?/);
  });
});
