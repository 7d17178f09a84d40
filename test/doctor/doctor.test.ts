// hook-bridge doctor (issue 30): on a project converted for Codex CLI with untrusted hooks, a missing runner and a
// stale conversion it names each problem with its fix, exit 1; once the fixes it names are applied, exit 0. The
// programs on PATH are the test's own (a hook-bridge shim, fake agents), so what it finds is what was planted.
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertProject } from '../../src/convert/project.js';
import { gatePrefix } from '../../src/dialects/foreign-gate.js';
import { doctor, doctorExitCode, type DoctorResult } from '../../src/doctor/doctor.js';
import { mappings } from '../../src/model/mappings.js';
import { project, settings } from '../convert/helpers.js';
import { shimDir } from '../convert/host.js';

/** A directory of programs that print what a real one prints (`--version`), to put on PATH. */
function programs(out: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hb-bin-'));
  for (const [name, text] of Object.entries(out)) {
    writeFileSync(join(dir, name), `#!/bin/sh\necho '${text}'\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

const script = (dir: string, name: string) => {
  writeFileSync(join(dir, name), '#!/bin/sh\nexit 0\n');
  chmodSync(join(dir, name), 0o755);
};

/** A Claude project with two hooks whose scripts are there, and a Codex home of its own. */
function claudeProject() {
  const dir = project({
    '.claude/settings.json': settings({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 10 }] }],
      Stop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }],
    }),
  });
  script(dir, 'guard.sh');
  script(dir, 'stop.sh');
  const home = mkdtempSync(join(tmpdir(), 'hb-home-'));
  const codexHome = join(home, '.codex');
  mkdirSync(codexHome);
  return { dir, home, codexHome };
}

/** The version the built hook-bridge (the shim on PATH runs it) says it is. */
const VERSION: string = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')).version;
const self = { version: VERSION };

const problems = (r: DoctorResult) => r.checks.filter((c) => c.status === 'problem');
const kinds = (r: DoctorResult) => problems(r).map((c) => c.kind);

describe('doctor on a project converted for Codex CLI: untrusted hooks, a missing runner, a stale conversion', () => {
  it('names each, with its fix, exit 1; with the fixes applied, exit 0', async () => {
    const { dir, home, codexHome } = claudeProject();
    const env = { CODEX_HOME: codexHome, PATH: programs({}) };
    await convertProject({ project: dir, to: ['codex'], env, home });
    // The project is trusted; its hooks are not. Then a source hook changes: the conversion is stale.
    writeFileSync(join(codexHome, 'config.toml'), `[projects."${dir}"]\ntrust_level = "trusted"\n`);
    writeFileSync(
      join(dir, '.claude/settings.json'),
      settings({
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 20 }] }],
        Stop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }],
      }),
    );
    const r = await doctor({ project: dir, cwd: dir, env, home, agentVersions: false, self });
    expect(doctorExitCode(r)).toBe(1);
    expect(kinds(r)).toEqual(['hook-bridge', 'trust', 'conversion']);
    const [runner, trust, stale] = problems(r);
    expect(runner!.message).toMatch(
      /^hook-bridge is not on PATH here: the 2 entries that call `hook-bridge` fail to start \(exit 127\): Codex CLI runs none of them/,
    );
    expect(runner!.items).toEqual(['.codex/hooks.json']);
    expect(runner!.fix).toMatch(/^npm install -g hook-bridge/);
    expect(trust!.message).toMatch(/^Codex CLI skips 2 hooks of \.codex\/hooks\.json silently/);
    expect(trust!.items).toEqual([
      'PreToolUse  ./guard.sh  (hooks.PreToolUse[0].hooks[0])',
      'Stop  ./stop.sh  (hooks.Stop[0].hooks[0])',
    ]);
    expect(trust!.fix).toBe('hook-bridge convert --to codex --trust-codex-hooks (records the 2 hooks it wrote)');
    expect(stale!.message).toMatch(
      /^\.codex\/hooks\.json is out of date with \.claude\/settings\.json: 0 to add, 1 to update/,
    );
    expect(stale!.items).toEqual(['to update: PreToolUse  ./guard.sh']);
    expect(stale!.fix).toBe('hook-bridge convert --to codex (then commit the result)');

    // The fixes, as named: hook-bridge on PATH, and the convert (which records the trust too).
    await convertProject({ project: dir, to: ['codex'], env, home, trustHooks: true });
    const fixed = await doctor({
      project: dir,
      cwd: dir,
      env: { ...env, PATH: shimDir },
      home,
      agentVersions: false,
      self,
    });
    expect(problems(fixed)).toEqual([]);
    expect(doctorExitCode(fixed)).toBe(0);
    expect(fixed.checks.filter((c) => c.status === 'ok').map((c) => [c.kind, c.message])).toEqual([
      [
        'hook-bridge',
        `2 converted entries call it; hook-bridge ${VERSION} on PATH (${shimDir}/hook-bridge), ` +
          'the same version as this one',
      ],
      ['trust', 'Codex CLI trusts every hook of .codex/hooks.json'],
      ['conversion', '.codex/hooks.json is what convert writes from .claude/settings.json (for Codex CLI)'],
      ['program', 'every program and script the 4 hooks run is there'],
    ]);
  });

  it('an untrusted project is said first: no hook of the file runs', async () => {
    const { dir, home, codexHome } = claudeProject();
    const env = { CODEX_HOME: codexHome, PATH: shimDir };
    await convertProject({ project: dir, to: ['codex'], env, home, trustHooks: true });
    const r = await doctor({ project: dir, cwd: dir, env, home, agentVersions: false, self });
    expect(problems(r).map((c) => [c.kind, c.message])).toEqual([
      ['trust', 'Codex CLI runs no hook of .codex/hooks.json: the project is not trusted in ~/.codex/config.toml'],
    ]);
    expect(problems(r)[0]!.fix).toContain(`[projects."${dir}"] trust_level = "trusted"`);
  });
});

describe('doctor: what else would not run', () => {
  it('a Claude file Copilot CLI reads itself, its gates taken out: each hook runs twice there', async () => {
    const { dir, home } = claudeProject();
    const env = { PATH: shimDir };
    await convertProject({ project: dir, to: ['copilot'], env, home });
    const file = join(dir, '.claude/settings.json');
    const prefix = JSON.stringify(gatePrefix('copilot', 'claude')!).slice(1, -1);
    expect(
      (await doctor({ project: dir, cwd: dir, env, home, agentVersions: false, self })).checks.filter(
        (c) => c.kind === 'gates',
      ),
    ).toMatchObject([
      {
        status: 'ok',
        message:
          'GitHub Copilot CLI reads .claude/settings.json itself: its 2 converted hooks there are gated, ' +
          'so each runs once',
      },
    ]);
    writeFileSync(file, readFileSync(file, 'utf8').split(prefix).join(''));
    const r = await doctor({ project: dir, cwd: dir, env, home, agentVersions: false, self });
    expect(problems(r).map((c) => [c.kind, c.message, c.fix])).toEqual([
      [
        'gates',
        'GitHub Copilot CLI reads .claude/settings.json itself, and its gates are not what convert writes: ' +
          '2 hooks without a gate run twice there',
        'hook-bridge convert --to copilot',
      ],
    ]);
  });

  it('a hook whose program is missing: each hook it hits, with the fix', async () => {
    const dir = project({
      '.claude/settings.json': settings({
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'uv run guard.py' }] }],
        Stop: [{ hooks: [{ type: 'command', command: './gone.sh' }] }],
      }),
    });
    writeFileSync(join(dir, 'guard.py'), 'print()\n');
    const r = await doctor({ project: dir, cwd: dir, env: { PATH: shimDir }, agentVersions: false, self });
    expect(problems(r).map((c) => [c.kind, c.items])).toEqual([
      ['program', ['.claude/settings.json: PreToolUse  uv run guard.py  (hooks.PreToolUse[0].hooks[0])']],
      ['program', ['.claude/settings.json: Stop  ./gone.sh  (hooks.Stop[0].hooks[0])']],
    ]);
    expect(problems(r)[0]!.message).toMatch(/^uv \(named in the command\) is not on PATH/);
    expect(problems(r)[1]!.fix).toMatch(/^restore the script, or correct its path/);
  });

  it('a conversion written with --wrap, or another --runner, is up to date as written', async () => {
    const { dir, home } = claudeProject();
    const runner = `node ${join(dir, 'hb.cjs')}`;
    writeFileSync(join(dir, 'hb.cjs'), '');
    const env = { PATH: `${shimDir}:${process.execPath.replace(/\/node$/, '')}` };
    await convertProject({ project: dir, to: ['qwen'], env, home, wrap: true });
    await convertProject({ project: dir, to: ['gemini'], env, home, runner });
    const r = await doctor({ project: dir, cwd: dir, env, home, agentVersions: false, self });
    expect(r.checks.filter((c) => c.kind === 'conversion').map((c) => [c.status, c.message])).toEqual([
      ['ok', '.qwen/settings.json is what convert writes from .claude/settings.json (for Qwen Code)'],
      ['ok', '.gemini/settings.json is what convert writes from .claude/settings.json (for Gemini CLI)'],
    ]);
    expect(r.checks.filter((c) => c.kind === 'hook-bridge').map((c) => [c.status, c.message])).toContainEqual([
      'ok',
      `2 entries start hook-bridge as \`${runner}\`, which is there`,
    ]);
  });

  it('the agents installed: each found on PATH with its version, against the one hook-bridge observed', async () => {
    const dir = project({ '.claude/settings.json': settings({}) });
    const bin = programs({ claude: '2.1.337 (Claude Code)', codex: 'codex-cli 0.172.0' });
    const r = await doctor({ project: dir, cwd: dir, env: { PATH: `${bin}:${shimDir}` } });
    expect(r.checks.filter((c) => c.kind === 'agent').map((c) => [c.status, c.message])).toEqual([
      ['ok', `Claude Code 2.1.337 (${bin}/claude), the version hook-bridge observed`],
      ['note', 'Qwen Code: not installed (no qwen on PATH)'],
      ['note', 'CodeBuddy Code: not installed (no codebuddy on PATH)'],
      ['note', 'Gemini CLI: not installed (no gemini on PATH)'],
      ['note', `Codex CLI 0.172.0 (${bin}/codex), newer than 0.171.0, the version hook-bridge observed`],
      ['note', 'GitHub Copilot CLI: not installed (no copilot on PATH)'],
      ['note', 'Pi: not installed (no pi on PATH)'],
      ['note', 'OpenCode: not installed (no opencode on PATH)'],
      ['note', 'Cline: not installed (no cline on PATH)'],
      ['note', 'Factory Droid: not installed (no droid on PATH)'],
      ['note', 'Auggie: not installed (no auggie on PATH)'],
      ['note', 'Cursor: not installed (no cursor-agent on PATH)'],
      ['note', 'Kilo Code CLI: not installed (no kilo on PATH)'],
      ['note', 'Kiro CLI: not installed (no kiro-cli on PATH)'],
    ]);
    expect(doctorExitCode(r)).toBe(0);
  });

  it('the in-process hosts installed (issue 35): Pi 1.x (`pi`, @earendil-works/pi-coding-agent), OpenCode, Kilo', async () => {
    const dir = project({ '.claude/settings.json': settings({}) });
    // What `pi --version`, `opencode --version` and `kilo --version` print (Pi 1.6.0, OpenCode 1.18.33, Kilo Code CLI
    // 7.7.7), in a sandboxed PATH.
    const bin = programs({ pi: '1.6.0', opencode: '1.18.33', kilo: '7.7.7' });
    const r = await doctor({ project: dir, cwd: dir, env: { PATH: `${bin}:${shimDir}` } });
    const agents = r.checks.filter((c) => c.kind === 'agent').map((c) => c.message);
    const against = (v: string, observed: string | null) =>
      v === observed ? 'the version hook-bridge observed' : `than ${observed}, the version hook-bridge observed`;
    expect(agents).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Pi 1\\.6\\.0 \\(${bin}/pi\\), .*${against('1.6.0', mappings.dialects.pi.observedVersion)}`),
      ),
    );
    expect(agents).toContain(
      `OpenCode 1.18.33 (${bin}/opencode), ${against('1.18.33', mappings.dialects.opencode.observedVersion)}`,
    );
    expect(agents).toContain(
      `Kilo Code CLI 7.7.7 (${bin}/kilo), ${against('7.7.7', mappings.dialects.kilo.observedVersion)}`,
    );
  });

  it('a hook whose program is missing in a JSONC or hooks.yaml config: the hook named by what it runs', async () => {
    const jsonc = project({
      '.claude/settings.json':
        '{\n  // guards\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [' +
        '{ "type": "command", "command": "no-such-guard check" },] },\n    ],\n  },\n}\n',
    });
    const yamlDir = project({
      'hooks.yaml':
        "version: '2.0.0'\nhooks:\n  - event: PreToolUse\n    matcher: Bash\n    command: no-such-guard check\n",
    });
    for (const [dir, file] of [
      [jsonc, '.claude/settings.json'],
      [yamlDir, 'hooks.yaml'],
    ] as const) {
      const r = await doctor({ project: dir, cwd: dir, env: { PATH: shimDir }, agentVersions: false, self });
      const items = problems(r).flatMap((c) => c.items ?? []);
      expect(items, file).toEqual([
        expect.stringMatching(new RegExp(`^${file.replace('.', '\\.')}: PreToolUse  no-such-guard check  \\(`)),
      ]);
    }
  });

  it("a Copilot action's hook, named by what it runs here (Nick2bad4u/Stylelint-Config-Inspector)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-copilot-'));
    cpSync(join(import.meta.dirname, '../real-projects/Nick2bad4u__Stylelint-Config-Inspector'), dir, {
      recursive: true,
    });
    const r = await doctor({ project: dir, cwd: dir, env: { PATH: shimDir }, agentVersions: false, self });
    const items = problems(r).flatMap((c) => c.items ?? []);
    // `linux` runs on Linux, `osx` on macOS: the summary is that field's script, never the Windows `command`
    if (process.platform === 'linux')
      expect(items).toContain(
        '.github/hooks/hooks.json: SessionStart  .github/hooks/scripts/remove-temp.sh  (hooks.SessionStart[0])',
      );
    for (const i of items) expect(i).not.toMatch(/\.ps1/);
  });

  it('a directory with no hook config: refused as audit refuses it, not "no problem"', async () => {
    const dir = project({ 'README.md': 'no hooks here\n' });
    await expect(
      doctor({ project: dir, cwd: dir, env: { PATH: shimDir }, agentVersions: false, self }),
    ).rejects.toThrow(/^no hook config found \(looked for \.claude\/, .*\.pi\/, \.opencode\/, .*\)$/);
  });
});

describe('doctor: a record where an earlier version kept it', () => {
  it("Copilot's record in .github/hooks/ (an invalid hook file to Copilot): found, the move named", async () => {
    const { dir, home } = claudeProject();
    const env = { PATH: shimDir };
    await convertProject({ project: dir, to: ['copilot'], env, home });
    renameSync(
      join(dir, '.github/hook-bridge.hook-bridge.json'),
      join(dir, '.github/hooks/hook-bridge.hook-bridge.json'),
    );
    const r = await doctor({ project: dir, cwd: dir, env, home, agentVersions: false, self });
    expect(problems(r).map((c) => [c.kind, c.message, c.fix])).toEqual([
      [
        'conversion',
        '.github/hooks/hook-bridge.json is out of date with .claude/settings.json: its record is ' +
          '.github/hooks/hook-bridge.hook-bridge.json, where an agent reads it as a hook file (Copilot CLI logs it ' +
          'as an invalid hook configuration on every run); convert moves it to .github/hook-bridge.hook-bridge.json',
        'hook-bridge convert --to copilot (then commit the result)',
      ],
    ]);
    await convertProject({ project: dir, to: ['copilot'], env, home });
    expect(problems(await doctor({ project: dir, cwd: dir, env, home, agentVersions: false, self }))).toEqual([]);
  });
});
