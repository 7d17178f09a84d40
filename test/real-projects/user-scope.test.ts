// A real user scope (issue 36): two of the suite's public plugins, everything-claude-code and superpowers (their
// copies here, with their ORIGIN.json), installed at user scope the way Claude Code lays them out
// (~/.claude/plugins/cache/<marketplace>/<plugin>/<version>/, installed_plugins.json) and enabled in
// ~/.claude/settings.json beside a disabled one, under a sandboxed HOME. `convert --user --to all` writes every agent's
// user-level file; `--check` passes, a second run changes nothing, `--remove` gives the home back byte for byte; and
// `test --user` decides the plugins' calls through hook-bridge as Claude Code does, in a project of its own.
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hb, snapshot, write } from '../convert/user-home.js';
import { FIXTURES } from './harness.js';

/** Each plugin: the suite's copy, its marketplace and version as installed_plugins.json names them. */
const PLUGINS = [
  {
    name: 'everything-claude-code',
    marketplace: 'everything-claude-code',
    fixture: 'affaan-m__everything-claude-code',
  },
  { name: 'superpowers', marketplace: 'claude-plugins-official', fixture: 'obra__superpowers' },
];

function userHome(): string {
  const home = mkdtempSync(join(tmpdir(), 'hb-real-user-'));
  const plugins: Record<string, unknown> = {};
  for (const p of PLUGINS) {
    const origin = JSON.parse(readFileSync(join(FIXTURES, p.fixture, 'ORIGIN.json'), 'utf8')) as { commit: string };
    const root = join(home, '.claude/plugins/cache', p.marketplace, p.name, origin.commit.slice(0, 12));
    cpSync(join(FIXTURES, p.fixture), root, { recursive: true });
    rmSync(join(root, 'ORIGIN.json'));
    plugins[`${p.name}@${p.marketplace}`] = [{ scope: 'user', installPath: root, version: origin.commit.slice(0, 12) }];
  }
  // An installed plugin the user turned off: never converted.
  const off = join(home, '.claude/plugins/cache/claude-plugins-official/security-guidance/1.0.0');
  write(join(off, 'hooks/hooks.json'), { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo off' }] }] } });
  plugins['security-guidance@claude-plugins-official'] = [{ scope: 'user', installPath: off, version: '1.0.0' }];
  write(join(home, '.claude/plugins/installed_plugins.json'), { version: 2, plugins });
  write(join(home, '.claude/settings.json'), {
    enabledPlugins: {
      'everything-claude-code@everything-claude-code': true,
      'superpowers@claude-plugins-official': true,
      'security-guidance@claude-plugins-official': false,
    },
  });
  return home;
}

describe('user scope: everything-claude-code and superpowers enabled at user level', () => {
  it('convert --user --to all, --check, a no-op re-run, and --remove byte for byte', () => {
    const home = userHome();
    const before = snapshot(home);
    const r = hb(home, ['convert', '--user', '--to', 'all']);
    expect(r.code, r.stderr).toBe(0);
    const record = JSON.parse(readFileSync(join(home, '.qwen/settings.hook-bridge.json'), 'utf8'));
    const sources = new Set(
      (record.entries as { source: string }[]).map((e) => e.source.split('/').slice(0, 6).join('/')),
    );
    expect([...sources].sort()).toEqual([
      '~/.claude/plugins/cache/claude-plugins-official/superpowers',
      '~/.claude/plugins/cache/everything-claude-code/everything-claude-code',
    ]);
    const qwen = readFileSync(join(home, '.qwen/settings.json'), 'utf8');
    expect(qwen).not.toContain(home);
    expect(qwen).toContain("--plugin-root '~/.claude/plugins/cache/everything-claude-code/everything-claude-code/");
    const converted = snapshot(home);
    expect(hb(home, ['convert', '--user', '--to', 'all', '--check']).code).toBe(0);
    expect(hb(home, ['convert', '--user', '--to', 'all']).code).toBe(0);
    expect(snapshot(home)).toEqual(converted);
    expect(hb(home, ['convert', '--user', '--to', 'all', '--remove']).code).toBe(0);
    expect(snapshot(home)).toEqual(before);
  }, 60_000);

  it("test --user: everything-claude-code's --no-verify guard denies through hook-bridge as on Claude Code", () => {
    const home = userHome();
    const project = mkdtempSync(join(tmpdir(), 'hb-real-user-proj-'));
    writeFileSync(join(project, 'README.md'), 'a project\n');
    // What the hooks write under HOME is theirs (everything-claude-code's observer keeps state in ~/.local/share, as on
    // Claude Code); the user's configs and the project are left as they were.
    const before = { claude: snapshot(join(home, '.claude')), project: snapshot(project) };
    const r = hb(
      home,
      [
        ...['test', '--user', '--to', 'qwen,gemini,codex', '--event', 'PreToolUse', '--tool', 'Bash'],
        ...['--input', '{"command":"git commit --no-verify -m wip"}', '--format', 'json'],
      ],
      project,
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout).results as { host: string; mode: string; decision: string }[];
    expect(rows.find((x) => x.host === 'claude')?.decision).toBe('deny');
    for (const host of ['qwen', 'gemini', 'codex'])
      expect(rows.find((x) => x.host === host && x.mode === 'bridged')?.decision, host).toBe('deny');
    expect({ claude: snapshot(join(home, '.claude')), project: snapshot(project) }).toEqual(before);
  }, 120_000);
});

/** A dotfiles repository installed as its sync script does: ~/.claude/settings.json and the hook symlinked into it. */
function dotfilesHome(): { home: string; settings: string } {
  const home = mkdtempSync(join(tmpdir(), 'hb-real-dotfiles-'));
  const repo = join(home, 'src/dev-dotfiles');
  cpSync(join(FIXTURES, 'user/josechifflet__dev-dotfiles'), repo, { recursive: true });
  rmSync(join(repo, 'ORIGIN.json'));
  const settings = join(repo, 'claude/.claude/settings.json');
  mkdirSync(join(home, '.claude'));
  symlinkSync(settings, join(home, '.claude/settings.json'));
  mkdirSync(join(home, '.claude-mode/hooks'), { recursive: true });
  symlinkSync(
    join(repo, 'claude/.claude/hooks/block-dangerous-git.sh'),
    join(home, '.claude-mode/hooks/block-dangerous-git.sh'),
  );
  return { home, settings };
}

describe("user scope: a dotfiles repository's ~/.claude/settings.json (josechifflet/dev-dotfiles)", () => {
  it('refuses the file Claude Code ignores (a trailing comma), naming it; converts it once the comma is gone', () => {
    const { home, settings } = dotfilesHome();
    const untouched = snapshot(home);
    const refused = hb(home, ['convert', '--user', '--to', 'qwen,gemini,codex']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/settings\.json.*trailing comma/);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(snapshot(home)).toEqual(untouched);

    // The one change: the comma out, in the dotfiles copy (where the symlink points).
    writeFileSync(
      settings,
      readFileSync(settings, 'utf8').replace('"claude.ai Google Calendar",\n', '"claude.ai Google Calendar"\n'),
    );
    const before = snapshot(home);
    const r = hb(home, ['convert', '--user', '--to', 'qwen,gemini,codex']);
    expect(r.code, r.stderr).toBe(0);
    // Its three enabled plugins are not installed here: said, and nothing of theirs converted.
    expect(r.stderr).toMatch(/enabled plugin context7@claude-plugins-official is not installed at user scope/);
    expect(readFileSync(join(home, '.qwen/settings.json'), 'utf8')).toContain(
      "'~/.claude-mode/hooks/block-dangerous-git.sh'",
    );
    // The symlink into the dotfiles stays a symlink (nothing converts into the settings themselves).
    expect(lstatSync(join(home, '.claude/settings.json')).isSymbolicLink()).toBe(true);
    expect(hb(home, ['convert', '--user', '--to', 'qwen,gemini,codex', '--check']).code).toBe(0);

    const project = mkdtempSync(join(tmpdir(), 'hb-real-dotfiles-proj-'));
    const t = hb(
      home,
      [
        ...['test', '--user', '--to', 'qwen,gemini,codex', '--event', 'PreToolUse', '--tool', 'Bash'],
        ...['--input', '{"command":"rm -rf build"}', '--format', 'json'],
      ],
      project,
    );
    const rows = JSON.parse(t.stdout).results as { host: string; mode: string; decision: string }[];
    expect(rows.find((x) => x.host === 'claude')?.decision).toBe('deny');
    for (const host of ['qwen', 'gemini', 'codex'])
      expect(rows.find((x) => x.host === host && x.mode === 'bridged')?.decision, host).toBe('deny');

    expect(hb(home, ['convert', '--user', '--to', 'qwen,gemini,codex', '--remove']).code).toBe(0);
    expect(snapshot(home)).toEqual(before);
  }, 60_000);
});
