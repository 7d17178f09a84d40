// convert <plugin> --to <agent> --package <dir>: a Claude Code plugin written as the agent's own package (src/convert/
// package.ts, `package` in mappings/dialects/<id>.yaml). The files written, the manifest, the hooks converted with the
// agent's package variable as the plugin root (and run as the agent runs them, the variable replaced), a re-run a
// no-op, --check on a stale package, --remove, and bad input refused with nothing written.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_RECORD, packagePlugin } from '../../src/convert/package.js';
import { mappings } from '../../src/model/mappings.js';
import { shellQuote } from '../../src/dialects/wrapper.js';

const root = resolve(import.meta.dirname, '../..');
const bin = join(root, 'bin/hook-bridge.cjs');
const runner = `node ${shellQuote(bin)}`;
const tmp = () => mkdtempSync(join(tmpdir(), 'hb-package-'));
const cli = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(process.execPath, [bin, ...args], { cwd: root, env, encoding: 'utf8' });
const json = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>;

const GUARD = `#!/usr/bin/env bash
# Claude protocol: denies a force push; finds its message file through CLAUDE_PLUGIN_ROOT.
cmd=$(jq -r .tool_input.command)
case "$cmd" in *"git push --force"*)
  printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"%s"}}' "$(cat "$CLAUDE_PLUGIN_ROOT/scripts/reason.txt")";;
esac
exit 0
`;

/** A small Claude plugin: a PreToolUse guard that reads a file beside it through its plugin root. */
function guardPlugin(name = 'guard-kit'): string {
  const dir = join(tmp(), name);
  mkdirSync(join(dir, '.claude-plugin'), { recursive: true });
  mkdirSync(join(dir, 'hooks'));
  mkdirSync(join(dir, 'scripts'));
  writeFileSync(join(dir, '.claude-plugin/plugin.json'), JSON.stringify({ name, version: '1.2.0', description: 'd' }));
  writeFileSync(
    join(dir, 'hooks/hooks.json'),
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/scripts/no-force-push.sh' }],
          },
        ],
      },
    }),
  );
  writeFileSync(join(dir, 'scripts/no-force-push.sh'), GUARD);
  chmodSync(join(dir, 'scripts/no-force-push.sh'), 0o755);
  writeFileSync(join(dir, 'scripts/reason.txt'), 'NO-FORCE-PUSH');
  return dir;
}

const AGENTS = ['gemini', 'qwen', 'codex', 'copilot', 'pi', 'opencode', 'kilo', 'droid'] as const;
/** A path of the plugin inside the package (under `pluginDir` where the agent wants a marketplace around it). */
const inPkg = (spec: { pluginDir?: string }, p: string, name = 'guard-kit') =>
  spec.pluginDir ? `${spec.pluginDir.replace('<name>', name)}/${p}` : p;
/** Every hook command of a converted hook file: a handler's `command`, or (Copilot CLI's own format) its `bash`. */
const hookCommands = (text: string): string[] =>
  [...text.matchAll(/"(?:command|bash)": "((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);

/** The shell tool's call as the agent's hook gets it (Copilot CLI's own files: its camelCase payload). */
function toolPayload(to: (typeof AGENTS)[number], event: string, cwd: string, command: string) {
  const tool = mappings.tools.shell![to]!.name;
  if (to === 'copilot') return { sessionId: 's', timestamp: 0, cwd, toolName: tool, toolArgs: { command } };
  return {
    session_id: 's',
    transcript_path: '',
    cwd,
    hook_event_name: event,
    tool_name: tool,
    tool_input: { command },
  };
}

describe.each(AGENTS)('convert --package --to %s', (to) => {
  const spec = mappings.dialects[to].package!;

  it("writes the manifest, the converted hooks and the plugin's files, scripts still executable", () => {
    const plugin = guardPlugin();
    const out = join(tmp(), 'pkg');
    const r = packagePlugin({ plugin, to, out, runner });
    expect(r.changed).toBe(true);
    const plain = [
      spec.manifest,
      spec.hooks!,
      'scripts/no-force-push.sh',
      'scripts/reason.txt',
      ...(spec.loader ? [spec.loader] : []),
    ];
    expect(r.files.map((f) => f.path).sort()).toEqual(
      [...plain.map((p) => inPkg(spec, p)), ...(spec.marketplace ? [spec.marketplace.file] : [])].sort(),
    );
    const manifest = json(join(out, inPkg(spec, spec.manifest)));
    expect(manifest).toEqual({ name: 'guard-kit', version: '1.2.0', description: 'd', ...spec.manifestKeys });
    expect(existsSync(join(out, inPkg(spec, '.claude-plugin')))).toBe(false);
    expect(statSync(join(out, inPkg(spec, 'scripts/no-force-push.sh'))).mode & 0o111).not.toBe(0);
    const hooks = readFileSync(join(out, inPkg(spec, spec.hooks!)), 'utf8');
    expect(hooks).toContain(`--plugin-root ${shellQuote(spec.rootVar!)}`);
    expect(hooks).toContain(`--to ${to}`);
    expect(json(join(out, PACKAGE_RECORD)).files).toHaveProperty(inPkg(spec, 'scripts/no-force-push.sh'));
    expect(r.install).toContain(
      spec.install.replace('<dir>', out).replaceAll('<dirname>', 'pkg').replaceAll('<name>', 'guard-kit'),
    );
    // A marketplace around it (Codex CLI): it lists the plugin by name, its source the plugin's directory.
    if (spec.marketplace) {
      const listed = JSON.stringify(json(join(out, spec.marketplace.file)));
      expect(listed).toContain('"name":"guard-kit"');
      expect(listed).toContain(`"./${inPkg(spec, '').replace(/\/$/, '')}"`);
    }
  });

  it.each(['replaced in the command', 'set in the environment'])(
    "runs as the agent runs it, the package variable %s: the guard reaches Claude's deny",
    (how) => {
      const plugin = guardPlugin();
      const out = join(tmp(), 'installed');
      packagePlugin({ plugin, to, out, runner });
      const dir = join(out, inPkg(spec, ''));
      const text = readFileSync(join(dir, spec.hooks!), 'utf8');
      const event = Object.keys((JSON.parse(text) as { hooks: Record<string, unknown> }).hooks)[0]!;
      const variable = spec.rootVar!.slice(2, -1);
      const [written] = hookCommands(text);
      const command = how === 'set in the environment' ? written! : written!.split(spec.rootVar!).join(dir);
      const payload = toolPayload(to, event, out, 'git push --force origin main');
      const env = { ...process.env, ...(how === 'set in the environment' ? { [variable]: dir } : {}) };
      const run = spawnSync('bash', ['-c', command], {
        input: JSON.stringify(payload),
        encoding: 'utf8',
        cwd: out,
        env,
      });
      expect(`${run.stdout}${run.stderr}`).toContain('NO-FORCE-PUSH');
      expect(`${run.stdout}${run.stderr}`).toMatch(/deny|block/);
    },
  );

  it('a re-run changes nothing; --check is clean, then exits 1 when the plugin changed, writing nothing', () => {
    const plugin = guardPlugin();
    const out = join(tmp(), 'pkg');
    packagePlugin({ plugin, to, out, runner });
    const hooks = join(out, inPkg(spec, spec.hooks!));
    const before = statSync(hooks).mtimeMs;
    const again = packagePlugin({ plugin, to, out, runner });
    expect(again.changed).toBe(false);
    expect(again.files.every((f) => f.action === 'same')).toBe(true);
    expect(statSync(hooks).mtimeMs).toBe(before);
    const args = ['convert', plugin, '--to', to, '--package', out, '--runner', runner];
    // Through the built CLI from here: its version is stamped in a loader file (a package's of an in-process host).
    expect(cli(args).status).toBe(0);
    expect(cli([...args, '--check']).status).toBe(0);
    writeFileSync(join(plugin, 'scripts/reason.txt'), 'CHANGED');
    const check = cli([...args, '--check']);
    expect(check.status).toBe(1);
    const reason = inPkg(spec, 'scripts/reason.txt');
    expect(check.stderr).toMatch(/out of date/);
    expect(check.stderr).toMatch(new RegExp(`to update\\s+${reason.replaceAll('.', '\\.')}`));
    expect(readFileSync(join(out, reason), 'utf8')).toBe('NO-FORCE-PUSH');
    expect(cli(args).status).toBe(0);
    expect(readFileSync(join(out, reason), 'utf8')).toBe('CHANGED');
  });

  it("a sync removes a file the plugin dropped and keeps a person's file; --remove takes back only its own", () => {
    const plugin = guardPlugin();
    const out = join(tmp(), 'pkg');
    packagePlugin({ plugin, to, out, runner });
    writeFileSync(join(out, 'NOTES.md'), 'mine');
    writeFileSync(join(plugin, 'scripts/old.sh'), 'x');
    packagePlugin({ plugin, to, out, runner });
    const old = inPkg(spec, 'scripts/old.sh');
    expect(existsSync(join(out, old))).toBe(true);
    rmSync(join(plugin, 'scripts/old.sh'));
    const r = packagePlugin({ plugin, to, out, runner });
    expect(r.files.find((f) => f.path === old)?.action).toBe('remove');
    expect(existsSync(join(out, old))).toBe(false);
    expect(readFileSync(join(out, 'NOTES.md'), 'utf8')).toBe('mine');
    const gone = cli(['convert', plugin, '--to', to, '--package', out, '--remove']);
    expect(gone.status).toBe(0);
    expect(existsSync(join(out, inPkg(spec, spec.manifest)))).toBe(false);
    if (spec.pluginDir) expect(existsSync(join(out, inPkg(spec, '')))).toBe(false);
    expect(existsSync(join(out, PACKAGE_RECORD))).toBe(false);
    expect(readFileSync(join(out, 'NOTES.md'), 'utf8')).toBe('mine');
  });
});

describe("convert --package --to pi: the package's extension, loaded as Pi loads it", () => {
  type Handler = (e: Record<string, unknown>, ctx: unknown) => unknown;
  /** The package's loader imported and given a Pi API, hook-bridge on PATH: its tool_call handler. */
  async function loaded(out: string): Promise<Handler> {
    const onPath = tmp();
    symlinkSync(bin, join(onPath, 'hook-bridge'));
    const path = process.env.PATH;
    process.env.PATH = `${onPath}:${path}`;
    const handlers = new Map<string, Handler>();
    try {
      const entry = (await import(join(out, mappings.dialects.pi.package!.loader!))) as {
        default: (api: unknown) => void;
      };
      entry.default({ on: (e: string, h: Handler) => handlers.set(e, h), sendUserMessage: () => {} });
    } finally {
      process.env.PATH = path;
    }
    return handlers.get('tool_call')!;
  }
  const ctx = (cwd: string) => ({
    cwd,
    hasUI: false,
    ui: { confirm: async () => true, notify: () => {} },
    sessionManager: { getSessionId: () => 's', getSessionFile: () => undefined },
    abort: () => {},
  });

  it("runs the package's guard in another project, its scripts found under the package's root", async () => {
    const plugin = guardPlugin();
    const out = join(tmp(), 'pkg');
    expect(cli(['convert', plugin, '--to', 'pi', '--package', out, '--runner', runner]).status).toBe(0);
    rmSync(plugin, { recursive: true }); // what runs is the package's copy
    const toolCall = await loaded(out);
    expect(toolCall).toBeTypeOf('function');
    const project = tmp();
    const call = (command: string) =>
      toolCall({ toolName: 'bash', toolCallId: 'c1', input: { command } }, ctx(project));
    expect(await call('git push --force origin main')).toMatchObject({ block: true, reason: 'NO-FORCE-PUSH' });
    expect(await call('git status')).toBeUndefined();
  });
});

describe.each(AGENTS.filter((a) => mappings.dialects[a].package!.manifestMerged))(
  'convert --package --to %s: the plugin has a package.json of its own',
  (to) => {
    const spec = mappings.dialects[to].package!;
    it("is kept under the package's keys: its scripts still load by its `type`, with its dependencies", () => {
      const plugin = guardPlugin();
      const own = { name: 'x', type: 'commonjs', main: 'old.js', dependencies: { left: '1.0.0' } };
      writeFileSync(join(plugin, 'package.json'), JSON.stringify(own));
      const out = join(tmp(), 'pkg');
      packagePlugin({ plugin, to, out, runner });
      expect(json(join(out, 'package.json'))).toEqual({
        ...own,
        name: 'guard-kit',
        version: '1.2.0',
        description: 'd',
        ...spec.manifestKeys,
      });
    });
    it('one that is not a JSON object is refused, naming it, nothing written', () => {
      const plugin = guardPlugin();
      writeFileSync(join(plugin, 'package.json'), '[1]');
      const out = join(tmp(), 'pkg');
      const r = cli(['convert', plugin, '--to', to, '--package', out]);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(join(plugin, 'package.json'));
      expect(existsSync(out)).toBe(false);
    });
  },
);

describe('convert --package beside a package the user installed already', () => {
  it.each(AGENTS.filter((a) => mappings.dialects[a].package!.enabled))(
    '%s: the same plugin enabled from another marketplace runs beside it: named, with how to uninstall it',
    (to) => {
      const spec = mappings.dialects[to].package!;
      const plugin = guardPlugin();
      const home = tmp();
      const out = join(tmp(), 'pkg');
      const enable = (keys: string[]) => {
        mkdirSync(dirname(join(home, spec.enabled!.file.slice(2))), { recursive: true });
        const list = Object.fromEntries(keys.map((k) => [k, true]));
        writeFileSync(join(home, spec.enabled!.file.slice(2)), JSON.stringify({ [spec.enabled!.key]: list }));
      };
      enable(['guard-kit@claude-plugins', 'other@x']);
      const r = cli(['convert', plugin, '--to', to, '--package', out], { ...process.env, HOME: home });
      expect(r.status).toBe(0);
      const said = r.stderr.replace(/\s+/g, ' ');
      expect(said).toContain(`installed already: guard-kit@claude-plugins (enabled in ${spec.enabled!.file})`);
      expect(said).toContain('the agent runs both, so its hooks would run twice');
      expect(said).toContain(spec.uninstall!.replaceAll('<name>', 'guard-kit').replace('<dirname>', 'claude-plugins'));
      // The package itself installed (its marketplace is the package's folder): nothing to say.
      enable(['guard-kit@pkg']);
      const again = cli(['convert', plugin, '--to', to, '--package', out], { ...process.env, HOME: home });
      expect(again.stderr).not.toContain('installed already');
    },
  );
  it.each(AGENTS.filter((a) => mappings.dialects[a].package!.installed))(
    "%s: another package of the plugin's name (the agent's own import) is named, with how to remove it",
    (to) => {
      const spec = mappings.dialects[to].package!;
      const plugin = guardPlugin();
      const home = tmp();
      const installed = join(home, spec.installed!.slice(2).replace('<name>', 'guard-kit'));
      mkdirSync(installed, { recursive: true });
      writeFileSync(join(installed, spec.manifest), '{"name": "guard-kit"}');
      const out = join(tmp(), 'pkg');
      const r = cli(['convert', plugin, '--to', to, '--package', out], { ...process.env, HOME: home });
      expect(r.status).toBe(0);
      expect(r.stderr.replace(/\s+/g, ' ')).toContain(`installed already: ${installed}`);
      expect(r.stderr.replace(/\s+/g, ' ')).toContain(`${to} extensions uninstall guard-kit first`);
      // Its own package installed (the record in it): nothing to say.
      cpSync(out, installed, { recursive: true, force: true });
      const again = cli(['convert', plugin, '--to', to, '--package', out], { ...process.env, HOME: home });
      expect(again.stderr).not.toContain('installed already');
    },
  );
});

describe('convert --package: bad input is refused in one line, exit 2, nothing written', () => {
  const refused = (args: string[], message: RegExp, out: string) => {
    const r = cli(['convert', ...args, '--package', out]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  };

  it('a directory that is not a Claude plugin', () => {
    const dir = tmp();
    const out = join(tmp(), 'pkg');
    refused([dir, '--to', 'gemini'], /not a Claude Code plugin: no \.claude-plugin\/plugin\.json/, out);
    expect(existsSync(out)).toBe(false);
  });

  it('a plugin manifest that is not JSON, or has no name, or a name the agent refuses', () => {
    const plugin = guardPlugin('bad_name');
    const out = join(tmp(), 'pkg');
    refused([plugin, '--to', 'gemini'], /"name": "bad_name" is not a name Gemini CLI installs/, out);
    refused([plugin, '--to', 'copilot'], /"name": "bad_name" is not a name GitHub Copilot CLI installs/, out);
    writeFileSync(join(plugin, '.claude-plugin/plugin.json'), '{"name": "bad.name"}');
    refused([plugin, '--to', 'codex'], /"name": "bad\.name" is not a name Codex CLI installs/, out);
    writeFileSync(join(plugin, '.claude-plugin/plugin.json'), '{"version": "1"}');
    refused([plugin, '--to', 'qwen'], /plugin\.json: "name": expected the plugin's name/, out);
    writeFileSync(join(plugin, '.claude-plugin/plugin.json'), '{"name": ');
    refused([plugin, '--to', 'qwen'], /plugin\.json: .*invalid JSON/, out);
    expect(existsSync(out)).toBe(false);
  });

  it('hooks that cannot be converted (an invalid matcher)', () => {
    const plugin = guardPlugin();
    writeFileSync(
      join(plugin, 'hooks/hooks.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: '(', hooks: [{ type: 'command', command: 'true' }] }] } }),
    );
    const out = join(tmp(), 'pkg');
    const r = cli(['convert', plugin, '--to', 'gemini', '--package', out]);
    expect(r.status).toBe(2);
    expect(existsSync(out)).toBe(false);
  });

  it("a directory with someone else's files, or a file of the package already there", () => {
    const plugin = guardPlugin();
    const out = tmp();
    writeFileSync(join(out, 'keep.txt'), 'x');
    refused([plugin, '--to', 'gemini'], /files hook-bridge did not write/, out);
    expect(existsSync(join(out, 'gemini-extension.json'))).toBe(false);
    const qwen = join(tmp(), 'pkg');
    packagePlugin({ plugin, to: 'qwen', out: qwen });
    refused([plugin, '--to', 'gemini'], /holds the qwen package of guard-kit: give another one for gemini/, qwen);
    expect(existsSync(join(qwen, 'gemini-extension.json'))).toBe(false);
  });

  it('an agent whose package format is not known, or several agents at once', () => {
    const plugin = guardPlugin();
    const out = join(tmp(), 'pkg');
    const noFormat = (Object.keys(mappings.dialects) as (keyof typeof mappings.dialects)[]).find(
      (d) => d !== 'claude' && !mappings.dialects[d].package,
    )!;
    refused(
      [plugin, '--to', noFormat],
      /no package format of .* is known to hook-bridge; convert the plugin's hooks/,
      out,
    );
    refused([plugin, '--to', 'gemini,qwen'], /one agent a package/, out);
    refused([plugin, plugin, '--to', 'gemini'], /give one Claude Code plugin directory/, out);
    refused([plugin, '--to', 'gemini', '--no-wrap'], /--no-wrap cannot be packaged/, out);
    expect(existsSync(out)).toBe(false);
  });
});

describe('convert --package on real plugins (test/real-projects)', () => {
  const REAL = ['obra__superpowers', 'affaan-m__everything-claude-code'];
  it.each(REAL.flatMap((p) => AGENTS.map((to) => [p, to] as const)))(
    '%s as a %s package: every hook carries the root variable, every file of the plugin is in it',
    (project, to) => {
      const spec = mappings.dialects[to].package!;
      const plugin = join(tmp(), project);
      cpSync(join(root, 'test/real-projects', project), plugin, { recursive: true });
      const out = join(tmp(), 'pkg');
      const r = packagePlugin({ plugin, to, out });
      expect(r.report.length).toBeGreaterThan(0);
      const at = (p: string) => inPkg(spec, p, r.name);
      const commands = hookCommands(readFileSync(join(out, at(spec.hooks!)), 'utf8'));
      expect(commands.length).toBeGreaterThan(0);
      for (const c of commands) expect(c).toContain(`--plugin-root ${shellQuote(spec.rootVar!)}`);
      // The plugin's files are carried whole (a script finds its libraries beside it), but its Claude manifest.
      const carried = readdirSync(plugin, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => relative(plugin, join(e.parentPath, e.name)))
        .filter((p) => !p.startsWith('.claude-plugin') && p !== 'hooks/hooks.json');
      expect(carried.length).toBeGreaterThan(2);
      for (const p of carried)
        expect(readFileSync(join(out, at(p))).equals(readFileSync(join(plugin, p))), p).toBe(true);
      expect(packagePlugin({ plugin, to, out, check: true }).changed).toBe(false);
    },
  );
});

describe('convert --package --to codex: the trust its hooks need once installed (package.trustKey)', () => {
  /** A sandboxed Codex home: convert reads and writes $CODEX_HOME/config.toml. */
  const codexEnv = () => {
    const home = tmp();
    return {
      env: { ...process.env, HOME: home, CODEX_HOME: join(home, '.codex') },
      store: join(home, '.codex/config.toml'),
    };
  };

  it('says the hooks will be skipped until trusted, writing nothing to the store', () => {
    const { env, store } = codexEnv();
    const r = cli(['convert', guardPlugin(), '--to', 'codex', '--package', join(tmp(), 'pkg')], env);
    expect(r.status).toBe(0);
    expect(r.stderr.replace(/\s+/g, ' ')).toContain("Codex CLI skips the package's 1 hook silently until trusted");
    expect(existsSync(store)).toBe(false);
  });

  it("--trust-codex-hooks records each hook under the installed plugin's key, once; --check records nothing", () => {
    const { env, store } = codexEnv();
    const plugin = guardPlugin();
    const out = join(tmp(), 'pkg');
    const args = ['convert', plugin, '--to', 'codex', '--package', out, '--trust-codex-hooks'];
    expect(cli([...args, '--check'], env).status).toBe(1);
    expect(existsSync(store)).toBe(false);
    const r = cli(args, env);
    expect(r.status).toBe(0);
    expect(r.stderr.replace(/\s+/g, ' ')).toContain("recorded the trusted hash of the package's 1 hook");
    const text = readFileSync(store, 'utf8');
    expect(text).toMatch(/^\[hooks\.state\."guard-kit@guard-kit:hooks\/hooks\.json:pre_tool_use:0:0"\]$/m);
    expect(text).toMatch(/^trusted_hash = "sha256:[0-9a-f]{64}"$/m);
    const again = cli(args, env);
    expect(again.stderr).not.toContain('recorded');
    expect(again.stderr).not.toContain('skips');
    expect(readFileSync(store, 'utf8')).toBe(text);
  });

  it('refused in one line, exit 2: for an agent that trusts no hashes, with --remove, or a store that is not TOML', () => {
    const plugin = guardPlugin();
    const { env, store } = codexEnv();
    const out = join(tmp(), 'pkg');
    const run = (extra: string[]) => cli(['convert', plugin, '--package', out, '--trust-codex-hooks', ...extra], env);
    for (const [extra, message] of [
      [['--to', 'gemini'], /Gemini CLI does not trust a package's hooks by hash/],
      [['--to', 'codex', '--remove'], /--trust-codex-hooks records trust; --remove takes the package out/],
    ] as const) {
      const r = run([...extra]);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
    expect(existsSync(out)).toBe(false);
    mkdirSync(join(store, '..'), { recursive: true });
    writeFileSync(store, '[hooks\nbroken');
    const bad = run(['--to', 'codex']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('config.toml');
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(store, 'utf8')).toBe('[hooks\nbroken');
    expect(existsSync(out)).toBe(false);
  });
});
