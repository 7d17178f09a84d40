// Re-running convert (issue 15): a sync of the entries hook-bridge wrote, never of anyone else's; paths
// that resolve wherever the host runs the hook; files that stay what they were. Every written command is
// run the way its host runs it (test/convert/host.ts).
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { project } from './helpers.js';
import { blocked, cli, fire } from './host.js';

const GUARD =
  '#!/bin/sh\ninput=$(cat)\necho "guard $1" >> "$CLAUDE_PROJECT_DIR/ran.log"\ncase "$input" ' +
  'in *\'rm -rf\'*) echo "blocked by guard $1" >&2; exit 2;; esac\nexit 0\n';
const guardHook = (arg: string, extra: Record<string, unknown> = {}) => ({
  type: 'command',
  command: `"$CLAUDE_PROJECT_DIR"/guard.sh ${arg}`,
  ...extra,
});
const claudeSettings = (hooks: object, rest: object = {}) => `${JSON.stringify({ ...rest, hooks }, null, 2)}\n`;

/** A Claude project with an executable guard script. */
function claudeProject(hooks: object, more: Record<string, string | object> = {}): string {
  const dir = project({ '.claude/settings.json': claudeSettings(hooks), 'guard.sh': GUARD, ...more });
  chmodSync(join(dir, 'guard.sh'), 0o755);
  return dir;
}

const qwenBash = (command: string) => ({
  session_id: 's',
  transcript_path: '',
  hook_event_name: 'PreToolUse',
  tool_name: 'run_shell_command',
  tool_input: { command, description: 'x' },
});
const read = (f: string) => readFileSync(f, 'utf8');
const qwenHooks = (dir: string) => JSON.parse(read(join(dir, '.qwen/settings.json'))).hooks;
const commands = (dir: string, event = 'PreToolUse'): string[] =>
  (qwenHooks(dir)[event] ?? []).flatMap((g: { hooks: { command: string }[] }) => g.hooks.map((h) => h.command));
const ranLog = (dir: string) => (existsSync(join(dir, 'ran.log')) ? read(join(dir, 'ran.log')).trim().split('\n') : []);

describe('a re-run is a sync of what hook-bridge wrote', () => {
  it('an edited hook is updated in place: one entry, the current values, the guard runs once', () => {
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('v1', { timeout: 10 })] }] });
    expect(cli(['convert', '--to', 'qwen'], { cwd: dir }).code).toBe(0);
    writeFileSync(
      join(dir, '.claude/settings.json'),
      claudeSettings({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('v1', { timeout: 20 })] }] }),
    );
    const r = cli(['convert', '--to', 'qwen'], { cwd: dir });
    expect(r.stderr).toMatch(/0 added, 1 updated, 0 removed/);
    expect(commands(dir)).toHaveLength(1);
    expect(commands(dir)[0]).toContain('--timeout 20');
    const calls = fire('qwen', join(dir, '.qwen/settings.json'), qwenBash('ls'), { project: dir });
    expect(calls).toHaveLength(1);
    expect(ranLog(dir)).toEqual(['guard v1']);
  });

  it('flag changes between runs (--runner, --no-wrap, back to wrapping) never duplicate an entry', () => {
    const dir = claudeProject({
      PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }],
      Stop: [{ hooks: [guardHook('s')] }],
    });
    for (const flags of [[], ['--runner', 'npx hook-bridge'], ['--no-wrap'], [], ['--dispatch'], []]) {
      expect(cli(['convert', '--to', 'qwen', ...flags], { cwd: dir }).code).toBe(0);
      expect(commands(dir)).toHaveLength(1);
      expect(commands(dir, 'Stop')).toHaveLength(1);
    }
    expect(commands(dir)[0]).toMatch(/^hook-bridge run --from claude --to qwen/);
  });

  // Two hooks on one matcher: one entry per hook with --wrap (by default they share one dispatch entry: the next test).
  it('a removed source hook is removed from the target and no longer runs', () => {
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('keep'), guardHook('gone')] }] });
    cli(['convert', '--to', 'qwen', '--wrap'], { cwd: dir });
    expect(blocked(fire('qwen', join(dir, '.qwen/settings.json'), qwenBash('rm -rf /tmp/x'), { project: dir }))).toBe(
      true,
    );
    writeFileSync(
      join(dir, '.claude/settings.json'),
      claudeSettings({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('keep')] }] }),
    );
    const dry = cli(['convert', '--to', 'qwen', '--wrap', '--dry-run'], { cwd: dir });
    expect(dry.stderr).toMatch(/0 to add, 0 to update, 1 to remove/);
    expect(dry.stdout).toMatch(/^-.*guard\.sh gone/m);
    const r = cli(['convert', '--to', 'qwen', '--wrap'], { cwd: dir });
    expect(r.stderr).toMatch(/- removed\s+PreToolUse .*guard\.sh gone/);
    expect(commands(dir)).toHaveLength(1);
    writeFileSync(join(dir, 'ran.log'), '');
    fire('qwen', join(dir, '.qwen/settings.json'), qwenBash('ls'), { project: dir });
    expect(ranLog(dir).filter(Boolean)).toEqual(['guard keep']);
  });

  it(
    'by default, hooks that fire for the same calls share one entry: a hook ' +
      'added or removed updates it in place, and runs or no longer runs',
    () => {
      const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('keep'), guardHook('gone')] }] });
      expect(cli(['convert', '--to', 'qwen'], { cwd: dir }).code).toBe(0);
      expect(commands(dir)).toEqual([
        `hook-bridge dispatch --to qwen run --from claude -c ` +
          `'"$CLAUDE_PROJECT_DIR"/guard.sh keep' run --from claude -c '"$CLAUDE_PROJECT_DIR"/guard.sh gone'`,
      ]);
      const calls = fire('qwen', join(dir, '.qwen/settings.json'), qwenBash('rm -rf /tmp/x'), { project: dir });
      expect(calls).toHaveLength(1);
      expect(blocked(calls)).toBe(true);
      expect(ranLog(dir).sort()).toEqual(['guard gone', 'guard keep']);
      writeFileSync(
        join(dir, '.claude/settings.json'),
        claudeSettings({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('keep')] }] }),
      );
      expect(cli(['convert', '--to', 'qwen', '--dry-run'], { cwd: dir }).stderr).toMatch(
        /0 to add, 1 to update, 0 to remove/,
      );
      expect(cli(['convert', '--to', 'qwen'], { cwd: dir }).stderr).toMatch(/0 added, 1 updated, 0 removed/);
      expect(commands(dir)).toEqual([
        `hook-bridge run --from claude --to qwen -c '"$CLAUDE_PROJECT_DIR"/guard.sh keep'`,
      ]);
      writeFileSync(join(dir, 'ran.log'), '');
      fire('qwen', join(dir, '.qwen/settings.json'), qwenBash('ls'), { project: dir });
      expect(ranLog(dir).filter(Boolean)).toEqual(['guard keep']);
      writeFileSync(
        join(dir, '.claude/settings.json'),
        claudeSettings({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('keep'), guardHook('new')] }] }),
      );
      expect(cli(['convert', '--to', 'qwen'], { cwd: dir }).stderr).toMatch(/0 added, 1 updated, 0 removed/);
      expect(commands(dir)).toHaveLength(1);
      expect(commands(dir)[0]).toMatch(/guard\.sh new'$/);
      // From grouped to one entry per hook and back, never a duplicate; --remove takes the grouped entry out.
      expect(cli(['convert', '--to', 'qwen', '--wrap'], { cwd: dir }).stderr).toMatch(/1 added, 1 updated, 0 removed/);
      expect(commands(dir)).toHaveLength(2);
      expect(cli(['convert', '--to', 'qwen'], { cwd: dir }).stderr).toMatch(/0 added, 1 updated, 1 removed/);
      expect(commands(dir)).toHaveLength(1);
      expect(cli(['convert', '--to', 'qwen', '--remove'], { cwd: dir }).code).toBe(0);
      expect(existsSync(join(dir, '.qwen/settings.hook-bridge.json'))).toBe(false);
      // the file convert created goes with its last entry (issue 21: --remove gives the project back as it was)
      expect(existsSync(join(dir, '.qwen/settings.json'))).toBe(false);
    },
  );

  it('entries a person wrote stay byte for byte, even one with the same command as a converted hook', () => {
    const mine =
      '{"model":{"name":"qwen3"},"hooks":{"PreToolUse":[{"matcher":"run_shell_command","hooks":[{"type":"command"' +
      ',"command":"./mine.sh"}]}],\n"Stop":[{"hooks":[{"type":"command","command":"./same.sh"}]}]},"apiKey":"k"}\n';
    const dir = claudeProject(
      {
        PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }],
        Stop: [{ hooks: [{ type: 'command', command: './same.sh' }] }],
      },
      { '.qwen/settings.json': mine },
    );
    expect(cli(['convert', '--to', 'qwen', '--no-wrap'], { cwd: dir }).code).toBe(0);
    const after = read(join(dir, '.qwen/settings.json'));
    // The user's compact entries and unrelated keys are not re-indented.
    expect(after).toContain('{"matcher":"run_shell_command","hooks":[{"type":"command","command":"./mine.sh"}]}');
    expect(after).toContain('"model":{"name":"qwen3"}');
    expect(after).toContain('"apiKey":"k"');
    expect(commands(dir, 'Stop')).toEqual(['./same.sh']); // not written twice
    // Source hooks gone: hook-bridge's entries go, the user's stay as they were.
    writeFileSync(join(dir, '.claude/settings.json'), claudeSettings({}));
    expect(cli(['convert', '--to', 'qwen', '--from', 'claude'], { cwd: dir }).code).toBe(0);
    expect(read(join(dir, '.qwen/settings.json'))).toBe(mine);
    expect(existsSync(join(dir, '.qwen/settings.hook-bridge.json'))).toBe(false);
  });

  it('--remove takes out everything hook-bridge wrote and nothing else', () => {
    const mine = `${JSON.stringify(
      {
        hooks: { PreToolUse: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: './mine.sh' }] }] },
      },
      null,
      2,
    )}\n`;
    const dir = claudeProject(
      {
        PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }],
        UserPromptSubmit: [{ hooks: [{ type: 'prompt', prompt: 'be nice' }] }],
      },
      { '.qwen/settings.json': mine },
    );
    cli(['convert', '--to', 'qwen,codebuddy'], { cwd: dir });
    expect(commands(dir)).toHaveLength(2);
    const r = cli(['convert', '--to', 'qwen,codebuddy', '--remove'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/0 added, 0 updated, 2 removed/);
    expect(read(join(dir, '.qwen/settings.json'))).toBe(mine);
    // convert created .codebuddy/settings.json (and its directory): --remove deletes them, it does not leave
    // `{"hooks":{}}`.
    expect(existsSync(join(dir, '.codebuddy'))).toBe(false);
    expect(existsSync(join(dir, '.qwen/settings.hook-bridge.json'))).toBe(false);
  });

  it('a second convert changes nothing, whatever hook types the config holds', () => {
    const dir = claudeProject({
      UserPromptSubmit: [
        {
          hooks: [
            { type: 'prompt', prompt: 'check it' },
            { type: 'http', url: 'http://localhost:1/h' },
          ],
        },
      ],
      PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }],
    });
    cli(['convert', '--to', 'qwen'], { cwd: dir });
    const first = read(join(dir, '.qwen/settings.json'));
    const again = cli(['convert', '--to', 'qwen'], { cwd: dir });
    expect(again.stderr).toMatch(/up to date, nothing to write/);
    expect(read(join(dir, '.qwen/settings.json'))).toBe(first);
  });

  it(
    'takes over what an older hook-bridge wrote without a record: its ' +
      'wrappers and dispatch registrations of these sources',
    () => {
      const old = (cmd: string) => ({ type: 'command', command: cmd, timeout: 15 });
      const wrapper = `hook-bridge run --from claude --to qwen --timeout 10 -c '"$CLAUDE_PROJECT_DIR"/guard.sh g'`;
      const theirs = `hook-bridge run --from claude --to qwen -c './other.sh'`;
      const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g', { timeout: 20 })] }] });
      mkdirSync(join(dir, '.qwen'));
      writeFileSync(
        join(dir, '.qwen/settings.json'),
        `${JSON.stringify(
          {
            hooks: {
              PreToolUse: [{ matcher: 'run_shell_command', hooks: [old(wrapper), old(theirs)] }],
              Stop: [
                {
                  matcher: '*',
                  hooks: [old(`hook-bridge dispatch --to qwen --config '${dir}/.claude/settings.json'`)],
                },
              ],
            },
          },
          null,
          2,
        )}\n`,
      );
      expect(cli(['convert', '--to', 'qwen'], { cwd: dir }).code).toBe(0);
      expect(commands(dir)).toEqual([theirs, expect.stringContaining('--timeout 20')]);
      // the old registration of this hook set: not in the conversion any more
      expect(qwenHooks(dir).Stop).toBeUndefined();
    },
  );

  it('a broken record is an error naming it and what to do; nothing is written', () => {
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }] });
    cli(['convert', '--to', 'qwen'], { cwd: dir });
    const before = read(join(dir, '.qwen/settings.json'));
    writeFileSync(join(dir, '.qwen/settings.hook-bridge.json'), '{ "entries": ');
    const r = cli(['convert', '--to', 'qwen'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /settings\.hook-bridge\.json: hook-bridge's record of what it wrote is not readable .*restore it from version control, or delete it/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(read(join(dir, '.qwen/settings.json'))).toBe(before);
  });

  it('survives a clone: the record is relative, so an edit converted in another checkout updates, not appends', () => {
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g', { timeout: 5 })] }] });
    cli(['convert', '--to', 'qwen'], { cwd: dir });
    const clone = join(tmpdir(), `hb-clone-${process.pid}-${Date.now()}`);
    cpSync(dir, clone, { recursive: true });
    expect(read(join(clone, '.qwen/settings.hook-bridge.json'))).not.toContain(dir);
    writeFileSync(
      join(clone, '.claude/settings.json'),
      claudeSettings({ PreToolUse: [{ matcher: 'Bash|Write', hooks: [guardHook('g', { timeout: 7 })] }] }),
    );
    expect(cli(['convert', '--to', 'qwen'], { cwd: clone }).stderr).toMatch(/0 added, 1 updated, 0 removed/);
    expect(commands(clone)).toHaveLength(1);
  });
});

describe('its own output is never a source', () => {
  it('converting a converted project again is a no-op, with or without --from', () => {
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }] });
    expect(cli(['convert', '--to', 'qwen,codebuddy'], { cwd: dir }).code).toBe(0);
    const snapshot = () => ['.qwen/settings.json', '.codebuddy/settings.json'].map((f) => read(join(dir, f)));
    const before = snapshot();
    const plain = cli(['convert', '--to', 'qwen'], { cwd: dir });
    expect(plain.code).toBe(0);
    expect(plain.stderr).toMatch(/sources \(claude\)/);
    for (const args of [
      ['--from', 'codebuddy', '--to', 'codebuddy-ide', '--stdout'],
      ['--from', 'codebuddy', '--to', 'codebuddy-ide', '--dry-run'],
      ['--from', 'codebuddy', '--to', 'qwen'],
      ['--from', 'qwen', '--to', 'codebuddy'],
    ]) {
      const r = cli(['convert', ...args], { cwd: dir });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
    expect(snapshot()).toEqual(before);
  });

  it('converting back unwraps commands of the runner --runner names, and the usual spellings', () => {
    for (const runner of [
      'hook-bridge',
      'npx hook-bridge',
      'node ./node_modules/hook-bridge/bin/hook-bridge.cjs',
      'node ./tools/hb.cjs',
    ]) {
      const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }] });
      cli(['convert', '--to', 'qwen', '--runner', runner], { cwd: dir });
      const back = cli(
        ['convert', '.qwen/settings.json', '--from', 'qwen', '--to', 'claude', '--runner', runner, '--stdout'],
        { cwd: dir },
      );
      expect(JSON.parse(back.stdout).hooks.PreToolUse[0].hooks[0].command, runner).toBe(
        '"$CLAUDE_PROJECT_DIR"/guard.sh g',
      );
      // The usual spellings are unwrapped without being named; another runner only when --runner names it.
      const unnamed = cli(['convert', '.qwen/settings.json', '--from', 'qwen', '--to', 'claude', '--stdout'], {
        cwd: dir,
      });
      const command = JSON.parse(unnamed.stdout).hooks.PreToolUse[0].hooks[0].command as string;
      if (runner === 'node ./tools/hb.cjs')
        expect(command, runner).toContain('node ./tools/hb.cjs run --from claude --to qwen');
      else expect(command, `${runner}, without --runner`).toBe('"$CLAUDE_PROJECT_DIR"/guard.sh g');
    }
  });
});

describe('paths that resolve wherever the host runs the hook', () => {
  it("a project directory given as input is the project: output goes there, not into the shell's directory", () => {
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }] });
    const elsewhere = project({});
    expect(cli(['convert', dir, '--to', 'qwen'], { cwd: elsewhere }).code).toBe(0);
    expect(existsSync(join(dir, '.qwen/settings.json'))).toBe(true);
    expect(existsSync(join(elsewhere, '.qwen'))).toBe(false);
  });

  it(
    'a --dispatch project converted from outside denies rm -rf and ' +
      'lets ls through, from the root and a subdirectory',
    () => {
      const dir = claudeProject(
        { PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }] },
        { 'src/deep/.keep': '' },
      );
      const outside = project({});
      expect(cli(['convert', dir, '--to', 'qwen', '--dispatch'], { cwd: outside }).code).toBe(0);
      const settings = join(dir, '.qwen/settings.json');
      expect(read(settings)).not.toContain(dir);
      for (const cwd of [dir, join(dir, 'src/deep')]) {
        expect(blocked(fire('qwen', settings, qwenBash('rm -rf /tmp/nothing'), { project: dir, cwd }))).toBe(true);
        const ls = fire('qwen', settings, qwenBash('ls'), { project: dir, cwd });
        expect(ls).toHaveLength(1);
        expect(blocked(ls), ls[0]?.stdout).toBe(false);
      }
      // A tool call no hook watches starts nothing.
      expect(
        fire(
          'qwen',
          settings,
          { ...qwenBash('x'), tool_name: 'read_file', tool_input: { absolute_path: '/x' } },
          { project: dir },
        ),
      ).toHaveLength(0);
    },
  );

  it(
    'a hook set or plugin outside the project is written by its ' + 'absolute path only with a warning naming the fix',
    () => {
      const outside = project({
        'p/.claude/settings.json': claudeSettings({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }] }),
        'o/README.md': '',
        'plug/hooks/hooks.json': {
          hooks: { Stop: [{ hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/s.sh' }] }] },
        },
      });
      const o = join(outside, 'o');
      const warned = /warning .*outside the project .*pass --project/;
      const abs = cli(['convert', '../p/.claude/settings.json', '--to', 'qwen', '--dispatch', '--stdout'], { cwd: o });
      expect(abs.stdout).toContain(`--config '${join(outside, 'p/.claude/settings.json')}'`);
      expect(abs.stderr).toMatch(warned);
      const plugin = cli(['convert', '../plug/hooks/hooks.json', '--to', 'qwen', '--stdout'], { cwd: o });
      expect(plugin.stdout).toContain(`--plugin-root '${join(outside, 'plug')}'`);
      expect(plugin.stderr).toMatch(warned);
      // With the project it belongs to: relative, no warning.
      const rel = cli(
        ['convert', '../p/.claude/settings.json', '--to', 'qwen', '--dispatch', '--stdout', '--project', '../p'],
        { cwd: o },
      );
      expect(rel.stdout).toContain("--config '.claude/settings.json'");
      expect(rel.stderr).not.toMatch(warned);
    },
  );

  it('--dispatch runs settings.json and settings.local.json together', () => {
    const dir = claudeProject(
      { PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('shared')] }] },
      {
        '.claude/settings.local.json': claudeSettings({
          PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('local')] }],
        }),
      },
    );
    expect(cli(['convert', '--to', 'qwen', '--dispatch'], { cwd: dir }).code).toBe(0);
    const settings = join(dir, '.qwen/settings.json');
    expect(commands(dir)).toHaveLength(1);
    expect(blocked(fire('qwen', settings, qwenBash('rm -rf /x'), { project: dir }))).toBe(true);
    writeFileSync(join(dir, 'ran.log'), '');
    expect(blocked(fire('qwen', settings, qwenBash('ls'), { project: dir }))).toBe(false);
    expect(ranLog(dir).filter(Boolean).sort()).toEqual(['guard local', 'guard shared']);
  });

  it("a converted plugin project moved to another directory still runs its plugin's guard", () => {
    const dir = project({
      'plugin/hooks/hooks.json': {
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/guard.sh p' }] },
          ],
        },
      },
      'plugin/guard.sh': GUARD.replace('$CLAUDE_PROJECT_DIR/ran.log', '/dev/null'),
    });
    chmodSync(join(dir, 'plugin/guard.sh'), 0o755);
    for (const flags of [[], ['--no-wrap']]) {
      expect(
        cli(['convert', 'plugin/hooks/hooks.json', '--to', 'qwen', '--project', '.', ...flags], { cwd: dir }).code,
      ).toBe(0);
      const moved = join(tmpdir(), `hb-moved-${process.pid}-${Date.now()}`);
      cpSync(dir, moved, { recursive: true });
      expect(read(join(moved, '.qwen/settings.json'))).not.toContain(dir);
      const calls = fire('qwen', join(moved, '.qwen/settings.json'), qwenBash('rm -rf /x'), { project: moved });
      expect(blocked(calls), JSON.stringify(calls)).toBe(true);
      expect(calls.map((c) => c.stdout + c.stderr).join('')).toContain('blocked by guard p');
    }
  });
});

describe('files stay what they were', () => {
  it('a 0600 settings file stays 0600, and so does its backup', () => {
    const dir = claudeProject(
      { PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }] },
      { '.qwen/settings.json': '{ "apiKey": "secret" }\n' },
    );
    chmodSync(join(dir, '.qwen/settings.json'), 0o600);
    expect(cli(['convert', '--to', 'qwen'], { cwd: dir }).code).toBe(0);
    expect(statSync(join(dir, '.qwen/settings.json')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, '.qwen/settings.json.bak')).mode & 0o777).toBe(0o600);
  });

  it.skipIf(process.getuid?.() !== 0)('the owner stays (run as root, as CI containers do)', () => {
    const dir = claudeProject(
      { PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }] },
      { '.qwen/settings.json': '{}\n' },
    );
    chownSync(join(dir, '.qwen/settings.json'), 4321, 4321);
    expect(cli(['convert', '--to', 'qwen'], { cwd: dir }).code).toBe(0);
    expect(statSync(join(dir, '.qwen/settings.json'))).toMatchObject({ uid: 4321, gid: 4321 });
  });

  it('a symlinked settings file stays a link, and its target is updated', () => {
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }] });
    const dotfiles = project({ 'qwen-settings.json': '{ "apiKey": "secret" }\n' });
    mkdirSync(join(dir, '.qwen'));
    symlinkSync(join(dotfiles, 'qwen-settings.json'), join(dir, '.qwen/settings.json'));
    expect(cli(['convert', '--to', 'qwen'], { cwd: dir }).code).toBe(0);
    expect(lstatSync(join(dir, '.qwen/settings.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, '.qwen/settings.json'))).toBe(join(dotfiles, 'qwen-settings.json'));
    expect(JSON.parse(read(join(dotfiles, 'qwen-settings.json'))).hooks.PreToolUse).toHaveLength(1);
  });

  it(
    'a target its host would ignore (lenient JSON) is an error whatever ' +
      '--fail-on says, naming the fix; nothing is written',
    () => {
      const cases: [string, string, string, RegExp][] = [
        [
          'qwen',
          '.claude/settings.json',
          '{\n  // my settings\n  "model": "x"\n}\n',
          /Claude Code ignores this whole file because it contains a comment \(2:3\).*remove the comment and convert again/,
        ],
        [
          'claude',
          '.qwen/settings.json',
          '{\n  "model": "x",\n}\n',
          /Qwen Code ignores this whole file because it contains a trailing comma .*remove the trailing comma/,
        ],
      ];
      for (const [from, target, text, message] of cases) {
        const src: Record<string, object> =
          from === 'qwen'
            ? {
                '.qwen/settings.json': {
                  hooks: { PreToolUse: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'x' }] }] },
                },
              }
            : {
                '.claude/settings.json': {
                  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x' }] }] },
                },
              };
        const dir = project({ ...src, [target]: text });
        const r = cli(['convert', '--from', from, '--to', from === 'qwen' ? 'claude' : 'qwen', '--fail-on', 'never'], {
          cwd: dir,
        });
        expect(r.code).not.toBe(0);
        expect(r.stderr).toMatch(message);
        expect(read(join(dir, target))).toBe(text);
      }
    },
  );
});

describe('one file, two hosts: --to codebuddy,codebuddy-ide', () => {
  const hooks = {
    PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('pre')] }],
    Stop: [{ hooks: [guardHook('stop')] }],
    UserPromptSubmit: [{ hooks: [guardHook('prompt')] }],
    SessionStart: [{ hooks: [guardHook('start')] }],
  };
  // CodeBuddy Code's real PreToolUse payload (ground truth codebuddy/payloads/PreToolUse-Bash.json); the
  // IDE's is not observed: the same shape with its documented tool name execute_command.
  const codePayload = JSON.parse(
    read(join(import.meta.dirname, '../fixtures/ground-truth/codebuddy/payloads/PreToolUse-Bash.json')),
  );
  const payloads = {
    codebuddy: codePayload,
    'codebuddy-ide': { ...codePayload, tool_name: 'execute_command' },
  } as const;

  it('writes each hook once; --stdout and --dry-run show the one merged file', () => {
    const dir = claudeProject(hooks);
    const out = cli(['convert', '--to', 'codebuddy,codebuddy-ide', '--stdout'], { cwd: dir });
    expect(out.code).toBe(0);
    expect(out.stdout).not.toMatch(/==>/);
    const printed = JSON.parse(out.stdout).hooks;
    for (const ev of Object.keys(hooks))
      expect(printed[ev].flatMap((g: { hooks: unknown[] }) => g.hooks)).toHaveLength(1);
    expect(printed.PreToolUse[0].matcher).toMatch(/Bash/);
    expect(printed.PreToolUse[0].matcher).toMatch(/execute_command/);
    // One report row per source hook, naming the merged entry.
    const json = JSON.parse(
      cli(['convert', '--to', 'codebuddy,codebuddy-ide', '--stdout', '--format', 'json'], { cwd: dir }).stdout,
    );
    expect(json.targets).toHaveLength(1);
    expect(json.targets[0].report).toHaveLength(4);
    expect(json.targets[0].report[0].target.matcher).toBe(printed.PreToolUse[0].matcher);
    const dry = cli(['convert', '--to', 'codebuddy,codebuddy-ide', '--dry-run'], { cwd: dir });
    expect(dry.stdout.match(/^\+\+\+ /gm)).toHaveLength(1);
    expect(cli(['convert', '--to', 'codebuddy,codebuddy-ide'], { cwd: dir }).code).toBe(0);
    expect(JSON.parse(read(join(dir, '.codebuddy/settings.json'))).hooks).toEqual(printed);
  });

  it(
    'two source hooks running the same command (other matchers, other ' +
      'timeouts) stay two entries, each with its own timeout',
    () => {
      const dir = claudeProject({
        PreToolUse: [
          { matcher: 'Bash', hooks: [guardHook('same', { timeout: 10 })] },
          { matcher: 'Edit|Write', hooks: [guardHook('same')] },
        ],
      });
      const r = cli(['convert', '--to', 'codebuddy,codebuddy-ide', '--format', 'json'], { cwd: dir });
      expect(JSON.parse(r.stdout).targets[0].report.map((x: { source: { path: string } }) => x.source.path)).toEqual([
        'hooks.PreToolUse[0].hooks[0]',
        'hooks.PreToolUse[1].hooks[0]',
      ]);
      const file = join(dir, '.codebuddy/settings.json');
      const groups = JSON.parse(read(file)).hooks.PreToolUse as {
        matcher: string;
        hooks: { command: string; timeout: number }[];
      }[];
      expect(groups.map((g) => [g.matcher, g.hooks.map((h) => h.timeout)])).toEqual([
        ['^Bash$|^execute_command$', [15]],
        ['^(Edit|Write)$|^(replace_in_file|write_to_file)$', [605]], // Claude's 600 s default, not the Bash hook's 10 s
      ]);
      expect(groups[1]!.hooks[0]!.command).not.toContain('--timeout');
      const edit = (host: 'codebuddy' | 'codebuddy-ide') => ({
        ...payloads[host],
        tool_name: host === 'codebuddy' ? 'Edit' : 'replace_in_file',
        tool_input: { file_path: join(dir, 'x'), old_string: 'a', new_string: 'b' },
      });
      for (const host of ['codebuddy', 'codebuddy-ide'] as const)
        expect(fire(host, file, edit(host), { project: dir }), host).toHaveLength(1);
      expect(cli(['convert', '--to', 'codebuddy,codebuddy-ide'], { cwd: dir }).stderr).toMatch(/up to date/);
    },
  );

  it('each hook runs once per call on each host, the guard denies on both, and audit is clean', () => {
    const dir = claudeProject(hooks);
    cli(['convert', '--to', 'codebuddy,codebuddy-ide'], { cwd: dir });
    const file = join(dir, '.codebuddy/settings.json');
    for (const host of ['codebuddy', 'codebuddy-ide'] as const) {
      const ok = fire(
        host,
        file,
        { ...payloads[host], tool_input: { ...payloads[host].tool_input, command: 'ls' } },
        { project: dir },
      );
      expect(ok, host).toHaveLength(1);
      expect(blocked(ok)).toBe(false);
      const deny = fire(host, file, { ...payloads[host], tool_input: { command: 'rm -rf /x' } }, { project: dir });
      expect(deny).toHaveLength(1);
      expect(blocked(deny), `${host}: ${deny[0]?.stdout}`).toBe(true);
      expect(
        fire(host, file, { session_id: 's', transcript_path: '', hook_event_name: 'Stop' }, { project: dir }),
      ).toHaveLength(1);
    }
    const audit = cli(['audit', '--format', 'json'], { cwd: dir });
    const findings = JSON.parse(audit.stdout).filter((f: { file: string }) => f.file.includes('.codebuddy'));
    expect(findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([]);
  });
});

describe('audit dispatch-config-missing', () => {
  it('reports a registration whose hook set is missing', () => {
    const dir = claudeProject({ PreToolUse: [{ matcher: 'Bash', hooks: [guardHook('g')] }] });
    cli(['convert', '--to', 'qwen', '--dispatch'], { cwd: dir });
    renameSync(join(dir, '.claude/settings.json'), join(dir, '.claude/old.json'));
    const r = cli(['audit', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(r.stdout).map((f: { ruleId: string }) => f.ruleId)).toContain('dispatch-config-missing');
  });
});
