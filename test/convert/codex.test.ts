// convert to and from Codex CLI (test/fixtures/ground-truth/codex/README.md): its files (.codex/hooks.json, [hooks]
// tables of config.toml), what it skips, the project dir it does not set, and hook trust.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/convert/convert.js';
import { canonicalJson, hookHash, hookIdentity, trustEntries, withTrust } from '../../src/convert/hook-trust.js';
import { convertProject } from '../../src/convert/project.js';
import { detectFileDialect } from '../../src/dialects/detect.js';
import { HookBridgeError } from '../../src/model/errors.js';
import { convertText, project, settings } from './helpers.js';

const root = resolve(import.meta.dirname, '../..');
const bin = join(root, 'bin/hook-bridge.cjs');
const gt = (p: string) => JSON.parse(readFileSync(join(root, 'test/fixtures/ground-truth/codex', p), 'utf8'));

const claude = {
  PreToolUse: [
    {
      matcher: 'Bash',
      hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', timeout: 10 }],
    },
    {
      matcher: 'Write|Edit',
      hooks: [{ type: 'command', command: 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/protect.py"' }],
    },
  ],
  Stop: [
    {
      hooks: [
        { type: 'prompt', prompt: 'Is the task done? $ARGUMENTS' },
        { type: 'agent', prompt: 'check' },
        { type: 'command', command: './stop.sh' },
      ],
    },
  ],
  Notification: [{ hooks: [{ type: 'command', command: 'notify-send hi' }] }],
};

describe('claude -> codex', () => {
  const { json, result } = convertText(settings(claude), 'claude', 'codex');
  it("Claude's file format and event names; Write|Edit becomes apply_patch; timeouts in seconds", () => {
    expect(Object.keys(json.hooks)).toEqual(['PreToolUse', 'Stop']);
    expect(json.hooks.PreToolUse.map((g: { matcher: string }) => g.matcher)).toEqual(['Bash', 'apply_patch']);
    // the script's 10 s is the wrapper's --timeout, Codex's own guard 15 s; without one, Claude's 600 s default (+5)
    expect(json.hooks.PreToolUse[0].hooks[0]).toEqual({
      type: 'command',
      command:
        `hook-bridge run --from claude --to codex --timeout 10 -c ` + `'"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh'`,
      timeout: 15,
    });
    expect(json.hooks.PreToolUse[1].hooks[0].timeout).toBe(605);
  });
  it('prompt and agent hooks are dropped with the reason (Codex skips them); Notification has no Codex event', () => {
    const rows = result.report.filter((r) => r.status === 'dropped');
    expect(rows.map((r) => r.notes.at(-1))).toEqual([
      'Codex CLI skips "prompt" hooks (with a warning at start-up): it runs command hooks only',
      'Codex CLI skips "agent" hooks (with a warning at start-up): it runs command hooks only',
      expect.stringContaining('Notification'),
    ]);
    expect(json.hooks.Stop).toEqual([
      {
        hooks: [{ type: 'command', command: `hook-bridge run --from claude --to codex -c './stop.sh'`, timeout: 605 }],
      },
    ]);
  });
  it(
    'a Write-only matcher is written as apply_patch, and the wrapper runs the ' +
      'script for the Write calls of a patch only (run --calls)',
    () => {
      const w = convertText(
        settings({ PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'x' }] }] }),
        'claude',
        'codex',
      );
      expect(w.json.hooks.PreToolUse[0].matcher).toBe('apply_patch');
      expect(w.json.hooks.PreToolUse[0].hooks[0].command).toBe(
        `hook-bridge run --from claude --to codex --calls Write -c 'x'`,
      );
      expect(w.result.report[0]!.notes).toContain(
        'runs the script only for the Write calls a Codex CLI call amounts to, as its matcher would (run --calls)',
      );
      expect(w.result.report[0]!.notes.join('\n')).not.toContain('fires for those calls too');
    },
  );
  it('not wrapped, nothing narrows it: the report says the hook fires for edits too', () => {
    const w = convertText(
      settings({ PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'x' }] }] }),
      'claude',
      'codex',
      { wrap: false },
    );
    expect(w.json.hooks.PreToolUse[0].hooks[0].command).toBe('x');
    expect(w.result.report[0]!.notes).toContain(
      'Codex CLI has one tool, apply_patch, for Edit as well: the hook fires for those calls too',
    );
  });
  it(
    '--calls names the calls of a patch the source matcher fires ' +
      'for, and is left out when it fires for all of them',
    () => {
      const calls = (matcher: string | undefined) => {
        const group = { ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: 'command', command: 'x' }] };
        const cmd: string = convertText(settings({ PreToolUse: [group] }), 'claude', 'codex').json.hooks.PreToolUse[0]
          .hooks[0].command;
        return / --calls (\S+) /.exec(cmd)?.[1];
      };
      expect(calls('Write|Edit')).toBe('Write,Edit');
      expect(calls('Edit')).toBe('Edit');
      expect(calls('Bash|Write')).toBe('Write,Bash'); // a patch's rm and mv are Bash calls for a Claude script
      expect(calls('Bash')).toBeUndefined(); // Bash alone never fires for apply_patch on Codex
      expect(calls('.*')).toBeUndefined();
      expect(calls(undefined)).toBeUndefined();
    },
  );
  it('a ms timeout from Gemini CLI is written in seconds', () => {
    const { json: j } = convertText(
      settings({
        BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'x', timeout: 2500 }] }],
      }),
      'gemini',
      'codex',
    );
    expect(j.hooks.PreToolUse[0].matcher).toBe('Bash');
    expect(j.hooks.PreToolUse[0].hooks[0].command).toContain('--timeout 2.5 ');
    expect(j.hooks.PreToolUse[0].hooks[0].timeout).toBe(8);
  });
});

describe('--no-wrap: the command finds the project without CLAUDE_PROJECT_DIR, which Codex does not set (c01)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hb codex proj '));
  execFileSync('git', ['init', '-q'], { cwd: dir });
  mkdirSync(join(dir, '.claude/hooks'), { recursive: true });
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, '.claude/hooks/hi.sh'), 'echo HI', { mode: 0o755 });
  const { output, report } = convert(
    settings({
      SessionStart: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/hi.sh' }] }],
    }),
    { from: 'claude', to: 'codex', wrap: false },
  );
  const written = JSON.parse(output).hooks.SessionStart[0].hooks[0].command as string;
  // Codex runs `$SHELL -c <command>` in the session cwd (the project, or the -C subdirectory: c09), without the
  // variable.
  const { CLAUDE_PROJECT_DIR: _unset, ...env } = process.env;
  const run = (cwd: string) => execFileSync('bash', ['-c', written], { cwd, env, encoding: 'utf8' });
  it('runs from the project root and from a subdirectory, in a path with spaces', () => {
    expect(written).toBe('"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/.claude/hooks/hi.sh');
    expect(run(dir).trim()).toBe('HI');
    expect(run(join(dir, 'sub')).trim()).toBe('HI');
    expect(report[0]!.notes).toContain(
      '$CLAUDE_PROJECT_DIR -> $(git rev-parse --show-toplevel 2>/dev/null || pwd) (Codex CLI sets no project-dir ' +
        "variable; hooks run in the session's working directory)",
    );
  });
  it('the command copied verbatim does not (the variable is empty: /.claude/hooks/hi.sh)', () => {
    expect(spawnSync('bash', ['-c', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/hi.sh'], { cwd: dir, env }).status).toBe(127);
  });
});

describe('codex -> claude, from .codex/hooks.json and the [hooks] tables of .codex/config.toml', () => {
  const toml = `model = "gpt-5.5"

[projects."/somewhere"]
trust_level = "trusted"

[[hooks.PreToolUse]]
matcher = "Bash"

[[hooks.PreToolUse.hooks]]
type = "command"
command = "./.codex/hooks/guard.sh"
timeout = 5

[hooks.state."/somewhere/.codex/hooks.json:pre_tool_use:0:0"]
trusted_hash = "sha256:00"
`;
  it('reads both files of the project layer (hook trust state is not an event)', async () => {
    const dir = project({
      '.codex/config.toml': toml,
      '.codex/hooks.json': { hooks: { Stop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }] } },
    });
    const r = await convertProject({ inputs: [dir], to: ['claude'], stdout: true });
    expect(r.sources.map((s) => [s.dialect, s.file.slice(dir.length)])).toEqual([
      ['codex', '/.codex/hooks.json'],
      ['codex', '/.codex/config.toml'],
    ]);
    const out = JSON.parse(r.targets[0]!.after).hooks;
    expect(out.PreToolUse[0]).toEqual({
      matcher: 'Bash',
      hooks: [
        {
          type: 'command',
          command: `hook-bridge run --from codex --to claude --timeout 5 -c './.codex/hooks/guard.sh'`,
          timeout: 10,
        },
      ],
    });
    expect(out.Stop).toHaveLength(1);
    expect(r.diagnostics.filter((d) => d.code === 'eventUnknown')).toEqual([]);
  });
  it('a config.toml without hooks is no source; .codex/ paths and TOML files are detected as codex', async () => {
    const dir = project({
      '.codex/config.toml': 'model = "x"\n',
      '.claude/settings.json': settings({ Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] }),
    });
    expect(
      (await convertProject({ inputs: [dir], to: ['codex'], stdout: true })).sources.map((s) => s.dialect),
    ).toEqual(['claude']);
    expect(detectFileDialect('/p/.codex/hooks.json', '{}')).toBe('codex');
    expect(detectFileDialect('/HOME/.codex/config.toml', '')).toBe('codex');
  });
});

describe('bad input: the file and the place, exit 2, no stack trace', () => {
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  it('a broken .codex/hooks.json', () => {
    const dir = project({ '.codex/hooks.json': '{ "hooks": { "Stop": [ }' });
    const r = cli(['convert', dir, '--to', 'claude', '--stdout']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/hooks\.json: 1:\d+: invalid JSON/);
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
  it('a broken .codex/config.toml', () => {
    const dir = project({ '.codex/config.toml': '[[hooks.PreToolUse]]\nmatcher = "Bash\n' });
    const r = cli(['convert', dir, '--to', 'claude', '--stdout']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/config\.toml: 2:\d+: invalid TOML: /);
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
  it('--trust-codex-hooks with a broken user config.toml: the error, and nothing written', () => {
    const dir = project({
      '.claude/settings.json': settings({ Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] }),
    });
    const home = mkdtempSync(join(tmpdir(), 'hb-codex-home-'));
    writeFileSync(join(home, 'config.toml'), 'model = \n');
    const r = cli(['convert', dir, '--to', 'codex', '--trust-codex-hooks'], { CODEX_HOME: home });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/config\.toml: 1:\d+: invalid TOML/);
    expect(existsSync(join(dir, '.codex/hooks.json'))).toBe(false);
  });
});

describe('hook trust: the identity and hash Codex CLI 0.169.0 accepts', () => {
  // config-tests.json c11a-d: four candidate identities of one PreToolUse hook, hashed (python: json.dumps sort_keys,
  // separators , :) and recorded; Codex ran the hook for c11a only. Their command names the scratch dir, published as
  // /GT_ROOT, so the hashes cannot be recomputed from the fixture; the identity can be compared exactly.
  const c = gt('config-tests.json') as Record<string, { trusted_hash?: string; caps?: string[] }>;
  const rows = Object.entries(c)
    .filter(([k]) => k.startsWith('c11'))
    .map(([k, v]) => ({
      id: k.slice(0, 4),
      identity: JSON.parse(k.slice(k.indexOf('{'))),
      ran: (v.caps ?? []).length > 0,
    }));
  it(
    'our identity of that hook (PreToolUse, matcher Bash, no timeout) is ' +
      'the accepted one, c11a, and none of the refused ones',
    () => {
      const ours = hookIdentity('codex', 'PreToolUse', 'Bash', {
        type: 'command',
        command: 'python3 /GT_ROOT/hooks/rec-hook.py r',
      });
      expect(rows.map((r) => r.id)).toEqual(['c11a', 'c11b', 'c11c', 'c11d']);
      for (const r of rows) expect(canonicalJson(r.identity) === canonicalJson(ours), r.id).toBe(r.ran);
      expect(canonicalJson(ours)).toBe(
        '{"event_name":"pre_tool_use","hooks":[{"async":false,"command":"python3 ' +
          '/GT_ROOT/hooks/rec-hook.py r","timeout":600,"type":"command"}],"matcher":"Bash"}',
      );
      expect(hookHash('codex', 'PreToolUse', 'Bash', { type: 'command', command: 'x', timeout: 600 })).toBe(
        hookHash('codex', 'PreToolUse', 'Bash', { type: 'command', command: 'x' }),
      );
      expect(hookHash('codex', 'PreToolUse', 'Bash', { type: 'command', command: 'x', timeout: 30 })).not.toBe(
        hookHash('codex', 'PreToolUse', 'Bash', { type: 'command', command: 'x' }),
      );
    },
  );
  it(
    'every hash Codex CLI ran a hook for is the one hook-bridge computes, and ' +
      'a wrong one was skipped (observed/codex/hook-trust.json)',
    () => {
      const probe = JSON.parse(readFileSync(join(root, 'test/fixtures/observed/codex/hook-trust.json'), 'utf8')) as {
        hooks: object;
        results: { key: string; recorded: string; ran: boolean }[];
      };
      const ours = trustEntries('codex', '/PROJECT/.codex/hooks.json', JSON.stringify({ hooks: probe.hooks }));
      expect(ours.map((e) => e.key)).toEqual(probe.results.map((r) => r.key));
      for (const r of probe.results) expect(r.ran, r.key).toBe(r.recorded === ours.find((e) => e.key === r.key)!.hash);
      expect(probe.results.filter((r) => r.ran)).toHaveLength(6);
    },
  );
  it('keys name the file, the snake_case event and the 0-based group and handler', () => {
    const text = settings({
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            { type: 'command', command: 'a' },
            { type: 'command', command: 'b', async: true },
          ],
        },
      ],
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'c' }] }],
      Bogus: [{ hooks: [{ type: 'command', command: 'd' }] }],
    });
    expect(trustEntries('codex', '/p/.codex/hooks.json', text).map((e) => e.key)).toEqual([
      '/p/.codex/hooks.json:pre_tool_use:0:0',
      '/p/.codex/hooks.json:user_prompt_submit:0:0',
    ]);
  });
});

describe('convert --to codex: what Codex will skip, and --trust-codex-hooks', () => {
  const src = {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 10 }] }],
    Stop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }],
  };
  const setup = (config?: string) => {
    const dir = project({ '.claude/settings.json': settings(src) });
    const home = mkdtempSync(join(tmpdir(), 'hb-codex-home-'));
    if (config !== undefined) writeFileSync(join(home, 'config.toml'), config);
    return { dir, home, env: { CODEX_HOME: home } };
  };
  const userConfig =
    `# my settings\nmodel = "gpt-5.5"   # keep this ` + `comment\n\n[projects."/elsewhere"]\ntrust_level = "trusted"\n`;

  it(
    'without the flag: the store is not touched, the report says ' +
      'the project and each hook must be trusted, and how',
    async () => {
      const { dir, home, env } = setup(userConfig);
      const r = await convertProject({ inputs: [dir], to: ['codex'], env });
      expect(readFileSync(join(home, 'config.toml'), 'utf8')).toBe(userConfig);
      expect(r.targets[0]!.trust).toMatchObject({
        projectTrusted: false,
        untrusted: [`${dir}/.codex/hooks.json:pre_tool_use:0:0`, `${dir}/.codex/hooks.json:stop:0:0`],
        recorded: [],
      });
      const codes = r.diagnostics.map((d) => d.code);
      expect(codes).toEqual(expect.arrayContaining(['projectUntrusted', 'hooksUntrusted']));
      expect(r.diagnostics.find((d) => d.code === 'hooksUntrusted')!.message).toMatch(
        /skips 2 hooks of this file silently.*--trust-codex-hooks/,
      );
    },
  );

  it(
    'with it: the hashes are recorded, every other byte of config.toml stays; a ' +
      'second run changes nothing; a changed hook gets its new hash',
    async () => {
      const { dir, home, env } = setup(userConfig);
      const store = join(home, 'config.toml');
      const first = await convertProject({ inputs: [dir], to: ['codex'], env, trustHooks: true });
      const text = readFileSync(store, 'utf8');
      expect(text.startsWith(userConfig)).toBe(true);
      const hooksJson = readFileSync(join(dir, '.codex/hooks.json'), 'utf8');
      for (const e of trustEntries('codex', join(dir, '.codex/hooks.json'), hooksJson))
        expect(text).toContain(`[hooks.state."${e.key}"]\ntrusted_hash = "${e.hash}"\n`);
      expect(first.targets[0]!.trust).toMatchObject({
        recorded: [expect.any(String), expect.any(String)],
        untrusted: [],
      });
      expect(first.diagnostics.map((d) => d.code)).toContain('hooksTrusted');
      expect(first.diagnostics.map((d) => d.code)).not.toContain('hooksUntrusted');

      // sync: nothing changes, no backup churn
      const again = await convertProject({ inputs: [dir], to: ['codex'], env, trustHooks: true });
      expect(readFileSync(store, 'utf8')).toBe(text);
      expect(again.targets[0]!.trust).toMatchObject({ recorded: [], untrusted: [] });
      expect(again.targets[0]!.changed).toBe(false);

      // the source hook's timeout changes: its entry is updated in place, and so is its hash (no second table)
      writeFileSync(
        join(dir, '.claude/settings.json'),
        settings({
          ...src,
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 20 }] }],
        }),
      );
      await convertProject({ inputs: [dir], to: ['codex'], env, trustHooks: true });
      const updated = readFileSync(store, 'utf8');
      const key = `${dir}/.codex/hooks.json:pre_tool_use:0:0`;
      expect(updated.split(`[hooks.state."${key}"]`)).toHaveLength(2);
      const now = trustEntries(
        'codex',
        join(dir, '.codex/hooks.json'),
        readFileSync(join(dir, '.codex/hooks.json'), 'utf8'),
      ).find((e) => e.key === key)!;
      expect(updated).toContain(`trusted_hash = "${now.hash}"`);
      expect(updated.length).toBe(text.length);
    },
  );

  it('a trusted project is not reported; a hand-written hook of the file is never trusted by hook-bridge', async () => {
    const { dir, env } = setup();
    writeFileSync(join(env.CODEX_HOME, 'config.toml'), `[projects."${dir}"]\ntrust_level = "trusted"\n`);
    mkdirSync(join(dir, '.codex'));
    writeFileSync(
      join(dir, '.codex/hooks.json'),
      settings({ SessionStart: [{ hooks: [{ type: 'command', command: './mine.sh' }] }] }),
    );
    const r = await convertProject({
      inputs: [join(dir, '.claude/settings.json')],
      to: ['codex'],
      project: dir,
      env,
      trustHooks: true,
    });
    expect(r.diagnostics.map((d) => d.code)).not.toContain('projectUntrusted');
    expect(r.targets[0]!.trust).toMatchObject({ othersUntrusted: 1 });
    expect(readFileSync(join(env.CODEX_HOME, 'config.toml'), 'utf8')).not.toContain('session_start');
  });

  it('a 0600 config.toml behind a symlink: written through the link, mode kept', async () => {
    const { dir, home, env } = setup();
    const real = join(home, 'real-config.toml');
    writeFileSync(real, userConfig, { mode: 0o600 });
    chmodSync(real, 0o600);
    symlinkSync(real, join(home, 'config.toml'));
    await convertProject({ inputs: [dir], to: ['codex'], env, trustHooks: true });
    expect(lstatSync(join(home, 'config.toml')).isSymbolicLink()).toBe(true);
    expect(statSync(real).mode & 0o777).toBe(0o600);
    expect(readFileSync(real, 'utf8')).toContain('[hooks.state.');
  });

  it('the target .codex/hooks.json: a 0600 file and a symlink are kept on a second run with a change', async () => {
    const { dir, env } = setup();
    await convertProject({ inputs: [dir], to: ['codex'], env });
    const target = join(dir, '.codex/hooks.json');
    const real = join(dir, 'real-hooks.json');
    writeFileSync(real, readFileSync(target));
    chmodSync(real, 0o600);
    execFileSync('rm', [target]);
    symlinkSync(real, target);
    writeFileSync(
      join(dir, '.claude/settings.json'),
      settings({ ...src, Stop: [{ hooks: [{ type: 'command', command: './stop2.sh' }] }] }),
    );
    await convertProject({ inputs: [dir], to: ['codex'], env, backup: false });
    expect(lstatSync(target).isSymbolicLink()).toBe(true);
    expect(statSync(real).mode & 0o777).toBe(0o600);
    expect(readFileSync(real, 'utf8')).toContain('stop2.sh');
    expect(readFileSync(real, 'utf8')).not.toContain("'./stop.sh'");
  });
});

describe('withTrust edits config.toml as text', () => {
  it('replaces a stale hash in its own table, keeps comments, CRLF and the table order', () => {
    const text =
      '# top\r\n[hooks.state."/p/.codex/hooks.json:stop:0:0"] # ' +
      'mine\r\ntrusted_hash = "sha256:old"  # note\r\n\r\n[tui]\r\ntheme = "x"\r\n';
    const out = withTrust(text, 'config.toml', [
      { key: '/p/.codex/hooks.json:stop:0:0', hash: 'sha256:new' },
      { key: '/p/.codex/hooks.json:pre_tool_use:0:0', hash: 'sha256:b' },
    ]);
    expect(out).toBe(
      '# top\r\n[hooks.state."/p/.codex/hooks.json:stop:0:0"] # mine\r\ntrusted_hash = ' +
        '"sha256:new"  # note\r\n\r\n[tui]\r\ntheme = ' +
        '"x"\r\n\r\n[hooks.state."/p/.codex/hooks.json:pre_tool_use:0:0"]\r\ntrusted_hash = "sha256:b"\r\n',
    );
  });
  it('an empty or absent file gets just the tables; a key with quotes and backslashes is escaped', () => {
    expect(withTrust('', 'c.toml', [{ key: 'C:\\p\\"x".json:stop:0:0', hash: 'sha256:a' }])).toBe(
      '[hooks.state."C:\\\\p\\\\\\"x\\".json:stop:0:0"]\ntrusted_hash = "sha256:a"\n',
    );
  });
  it('hooks.state as an inline table cannot take a new [table]: an error, nothing changed', () => {
    expect(() => withTrust('hooks = { state = {} }\n', 'c.toml', [{ key: 'k', hash: 'h' }])).toThrow(HookBridgeError);
  });
});
