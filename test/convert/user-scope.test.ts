// `convert --user` (issue 36): the user's Claude hooks (~/.claude/settings.json and the plugins enabled there) into
// each agent's user-level file, and back. Every test runs under a sandboxed HOME (a temp dir; the variables that move
// the agents' folders unset): the real home is never read or written.
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fireEvent, hostDenies } from './host.js';
import { hb, MOVED, sandbox, snapshot, write } from './user-home.js';

/** Qwen Code's shell call, fired on the user-level ~/.qwen/settings.json as Qwen Code does, in `project`. */
const qwenShell = (home: string, project: string, command: string) =>
  fireEvent(
    'qwen',
    join(home, '.qwen/settings.json'),
    'PreToolUse',
    'run_shell_command',
    {
      session_id: 's',
      hook_event_name: 'PreToolUse',
      tool_name: 'run_shell_command',
      tool_input: { command },
      transcript_path: '',
    },
    { project, home, env: Object.fromEntries(MOVED.map((v) => [v, undefined])) },
  );

const TARGETS = 'qwen,gemini,codex,copilot,codebuddy';

describe('convert --user', () => {
  it("writes each agent's user-level file from ~/.claude/settings.json and the enabled plugin, naming no project", () => {
    const home = sandbox();
    const r = hb(home, ['convert', '--user', '--to', TARGETS]);
    expect(r.stderr).not.toMatch(/projectUntrusted/);
    expect(r.code).toBe(0);
    const files = {
      qwen: '.qwen/settings.json',
      gemini: '.gemini/settings.json',
      codex: '.codex/hooks.json',
      copilot: '.copilot/hooks/hook-bridge.json',
      codebuddy: '.codebuddy/settings.json',
    };
    for (const f of Object.values(files)) {
      const text = readFileSync(join(home, f), 'utf8');
      expect(text).toContain("'~/.claude/hooks/no-force.sh'");
      // The enabled plugin's hook, with its root as a ~ path; the disabled plugin's not at all.
      expect(text).toContain("--plugin-root '~/.claude/plugins/cache/mk/guard/1.0.0'");
      expect(text).not.toContain('disabled-plugin');
      // No project path and no absolute path of this home: the entries run in any project.
      expect(text).not.toContain(home);
    }
    const record = JSON.parse(readFileSync(join(home, '.qwen/settings.hook-bridge.json'), 'utf8'));
    expect(record.entries.map((e: { source: string }) => e.source).sort()).toEqual([
      '~/.claude/plugins/cache/mk/guard/1.0.0/hooks/hooks.json',
      '~/.claude/settings.json',
    ]);
    // Copilot reads every .json of ~/.copilot/hooks/: the record goes one folder up.
    expect(existsSync(join(home, '.copilot/hook-bridge.hook-bridge.json'))).toBe(true);
    // Nothing else under the home changed: the sources are as they were, no project file appeared anywhere.
    expect(readdirSync(home).sort()).toEqual(['.claude', '.codebuddy', '.codex', '.copilot', '.gemini', '.qwen']);
  });

  it('a user-level entry denies in any project: Qwen Code fires it from another project, HOME sandboxed', () => {
    const home = sandbox();
    expect(hb(home, ['convert', '--user', '--to', 'qwen']).code).toBe(0);
    for (const project of [mkdtempSync(join(tmpdir(), 'hb-us-a-')), mkdtempSync(join(tmpdir(), 'hb-us-b-'))]) {
      const call = (command: string) => qwenShell(home, project, command);
      expect(hostDenies('qwen', call('git push --force origin main'))).toBe(true);
      expect(hostDenies('qwen', call('git status'))).toBe(false);
    }
  });

  it('--check passes after, a second run is a no-op, --remove gives the home back byte for byte', () => {
    const home = sandbox();
    // A user file kept 0600 with a hand-written hook, and a settings file that is a symlink into a dotfiles folder.
    write(join(home, '.qwen/settings.json'), {
      model: { name: 'x' },
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo mine' }] }] },
    });
    chmodSync(join(home, '.qwen/settings.json'), 0o600);
    write(join(home, 'dotfiles/gemini.json'), '{\n  "general": { "vimMode": true }\n}\n');
    mkdirSync(join(home, '.gemini'));
    symlinkSync('../dotfiles/gemini.json', join(home, '.gemini/settings.json'));
    const before = snapshot(home);

    expect(hb(home, ['convert', '--user', '--to', TARGETS, '--check']).code).toBe(1);
    expect(snapshot(home)).toEqual(before);
    expect(hb(home, ['convert', '--user', '--to', TARGETS, '--dry-run']).stdout).toContain('+++ b/');
    expect(snapshot(home)).toEqual(before);

    expect(hb(home, ['convert', '--user', '--to', TARGETS]).code).toBe(0);
    expect(statSync(join(home, '.qwen/settings.json')).mode & 0o777).toBe(0o600);
    expect(lstatSync(join(home, '.gemini/settings.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(home, 'dotfiles/gemini.json'), 'utf8')).toContain('hook-bridge run');
    expect(readFileSync(join(home, '.qwen/settings.json'), 'utf8')).toContain('echo mine');
    const converted = snapshot(home);

    const check = hb(home, ['convert', '--user', '--to', TARGETS, '--check']);
    expect(check.code).toBe(0);
    const again = hb(home, ['convert', '--user', '--to', TARGETS]);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toMatch(/\(written\)/);
    expect(snapshot(home)).toEqual(converted);

    const removed = hb(home, ['convert', '--user', '--to', TARGETS, '--remove']);
    expect(removed.code).toBe(0);
    expect(snapshot(home)).toEqual(before);
    expect(hb(home, ['convert', '--user', '--to', TARGETS, '--remove', '--check']).code).toBe(0);
  });

  it('an in-process host: its user-level hook file and the loader beside it, which runs them in any project', () => {
    const home = sandbox();
    const before = snapshot(home);
    expect(hb(home, ['convert', '--user', '--to', 'pi,opencode,kilo']).code).toBe(0);
    const pi = join(home, '.pi/agent/extensions/hook-bridge');
    expect(readdirSync(pi).sort()).toEqual(['hooks.hook-bridge.json', 'hooks.json', 'index.ts']);
    const loader = readFileSync(join(pi, 'index.ts'), 'utf8');
    // The hook file beside it, the project the session's directory; no path of this machine written.
    expect(loader).toContain('const PROJECT = process.cwd();');
    expect(loader).toContain('const HOOK_FILE = join(ROOT, "hooks.json");');
    expect(loader).toContain('update: "hook-bridge convert --user --to pi", root: ROOT');
    expect(loader).not.toContain(home);
    expect(readFileSync(join(home, '.config/opencode/plugin/hook-bridge.js'), 'utf8')).toContain(
      'join(ROOT, "../hooks.json")',
    );
    expect(readFileSync(join(home, '.config/kilo/hooks.json'), 'utf8')).toContain('--to kilo');
    expect(hb(home, ['convert', '--user', '--to', 'pi,opencode,kilo', '--check']).code).toBe(0);
    // No project trust to ask for: a user-level extension loads in every project.
    expect(hb(home, ['convert', '--user', '--to', 'pi']).stderr).not.toMatch(/trust/);
    expect(hb(home, ['convert', '--user', '--to', 'pi,opencode,kilo', '--remove']).code).toBe(0);
    expect(snapshot(home)).toEqual(before);
  });

  it('written in two runs, removed in one: the folder the first run made for both goes too', () => {
    const home = sandbox();
    const before = snapshot(home);
    expect(hb(home, ['convert', '--user', '--to', 'opencode']).code).toBe(0); // makes ~/.config
    expect(hb(home, ['convert', '--user', '--to', 'kilo']).code).toBe(0); // finds it
    expect(hb(home, ['convert', '--user', '--to', 'opencode,kilo', '--remove']).code).toBe(0);
    expect(snapshot(home)).toEqual(before);
  });

  it('--to all --remove takes out what --user --to all wrote', () => {
    const home = sandbox();
    const before = snapshot(home);
    expect(hb(home, ['convert', '--user', '--to', 'all']).code).toBe(0);
    expect(existsSync(join(home, '.qwen/settings.json'))).toBe(true);
    expect(hb(home, ['convert', '--user', '--to', 'all', '--remove']).code).toBe(0);
    expect(snapshot(home)).toEqual(before);
  });

  it("an edit of the source is synced: a hook removed from ~/.claude/settings.json goes, a person's stays", () => {
    const home = sandbox();
    write(join(home, '.qwen/settings.json'), {
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo mine' }] }] },
    });
    expect(hb(home, ['convert', '--user', '--to', 'qwen']).code).toBe(0);
    const settings = JSON.parse(readFileSync(join(home, '.claude/settings.json'), 'utf8'));
    settings.hooks = {};
    write(join(home, '.claude/settings.json'), settings);
    expect(hb(home, ['convert', '--user', '--to', 'qwen', '--check']).code).toBe(1);
    expect(hb(home, ['convert', '--user', '--to', 'qwen']).code).toBe(0);
    const text = readFileSync(join(home, '.qwen/settings.json'), 'utf8');
    expect(text).not.toContain('no-force.sh');
    expect(text).toContain('--plugin-root');
    expect(text).toContain('echo mine');
  });

  it('--dispatch names the user hook set by its ~ path, and dispatch finds it from any project', () => {
    const home = sandbox({ enabledPlugins: {} });
    expect(hb(home, ['convert', '--user', '--to', 'qwen', '--dispatch']).code).toBe(0);
    const text = readFileSync(join(home, '.qwen/settings.json'), 'utf8');
    expect(text).toContain("--config '~/.claude/settings.json'");
    const project = mkdtempSync(join(tmpdir(), 'hb-us-d-'));
    const calls = qwenShell(home, project, 'git push --force');
    expect(hostDenies('qwen', calls)).toBe(true);
  });

  it('an enabled plugin not installed at user scope is said and left out; a project-scoped install too', () => {
    const home = sandbox({ enabledPlugins: { 'guard@mk': true, 'gone@mk': true, 'proj@mk': true } });
    const reg = JSON.parse(readFileSync(join(home, '.claude/plugins/installed_plugins.json'), 'utf8'));
    reg.plugins['proj@mk'] = [{ scope: 'project', projectPath: '/p', installPath: join(home, '.claude') }];
    write(join(home, '.claude/plugins/installed_plugins.json'), reg);
    const r = hb(home, ['convert', '--user', '--to', 'qwen']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/enabled plugin gone@mk is not installed at user scope/);
    expect(r.stderr).toMatch(/enabled plugin proj@mk is not installed at user scope/);
    expect(readFileSync(join(home, '.qwen/settings.json'), 'utf8')).toContain('guard/1.0.0');
  });

  it('a bad ~/.claude/settings.json: one clear line, exit 2, nothing written', () => {
    const home = sandbox();
    write(join(home, '.claude/settings.json'), '{ "hooks": { "PreToolUse": [ }');
    const before = snapshot(home);
    const r = hb(home, ['convert', '--user', '--to', TARGETS]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\.claude\/settings\.json/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(snapshot(home)).toEqual(before);
  });

  it('no user hooks, inputs beside --user, or a target without a user-level file: exit 2, nothing written', () => {
    const empty = mkdtempSync(join(tmpdir(), 'hb-us-empty-'));
    const none = hb(empty, ['convert', '--user', '--to', 'qwen']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no claude user hook config found \(looked for ~\/\.claude\/settings\.json\)/);
    const home = sandbox();
    const before = snapshot(home);
    expect(hb(home, ['convert', '--user', '.', '--to', 'qwen']).stderr).toMatch(/--user .* takes no input/);
    const cline = hb(home, ['convert', '--user', '--to', 'qwen,cline']);
    expect(cline.code).toBe(2);
    expect(cline.stderr).toMatch(/Cline has no user-level hook file/);
    expect(snapshot(home)).toEqual(before);
  });

  it('and back: --from qwen --user --to claude converts the hooks a person wrote, not the ones convert wrote', () => {
    const home = sandbox({ enabledPlugins: {} });
    expect(hb(home, ['convert', '--user', '--to', 'qwen']).code).toBe(0);
    const qwen = JSON.parse(readFileSync(join(home, '.qwen/settings.json'), 'utf8'));
    qwen.hooks.PostToolUse = [{ matcher: 'write_file', hooks: [{ type: 'command', command: '~/.qwen/hooks/fmt.sh' }] }];
    write(join(home, '.qwen/settings.json'), qwen);
    const claudeBefore = readFileSync(join(home, '.claude/settings.json'), 'utf8');
    const back = hb(home, ['convert', '--user', '--from', 'qwen', '--to', 'claude']);
    expect(back.code).toBe(0);
    const claude = JSON.parse(readFileSync(join(home, '.claude/settings.json'), 'utf8'));
    const commands = JSON.stringify(claude.hooks);
    expect(commands).toContain("run --from qwen --to claude -c '~/.qwen/hooks/fmt.sh'");
    // The Claude hook convert put into ~/.qwen/settings.json is not converted back into its own source.
    expect(commands.match(/no-force\.sh/g)).toHaveLength(1);
    expect(hb(home, ['convert', '--user', '--from', 'qwen', '--to', 'claude', '--remove']).code).toBe(0);
    expect(readFileSync(join(home, '.claude/settings.json'), 'utf8')).toBe(claudeBefore);
  });
});
