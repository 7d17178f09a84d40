// hook-bridge as a user gets it: package.json's promises (engines, dependencies) held against the lock file
// and dist/, and the packed tarball — what it holds, then installed into a temp prefix and used from another
// directory, down to a wrapper taken from a converted file and run by /bin/sh as the host runs it.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenLinks, relativeLinks } from '../markdown-links.js';

const root = resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const pkg = readJson(join(root, 'package.json')) as {
  version: string;
  engines: { node: string };
  devEngines: { runtime: { name: string; version: string } };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
type LockEntry = { version?: string; dev?: boolean; devOptional?: boolean; engines?: { node?: string } | string[] };
const lock = readJson(join(root, 'package-lock.json')) as { packages: Record<string, LockEntry> };
/** Every installed package of the lock file (not the root), by its path under node_modules. */
const installed = Object.entries(lock.packages).filter(([path]) => path !== '');
const engineOf = (e: LockEntry) => (Array.isArray(e.engines) ? undefined : e.engines?.node);
/** The packages whose `engines.node` does not accept every Node version of `range`: npm prints EBADENGINE for them. */
const refusing = (entries: [string, LockEntry][], range: string) =>
  entries
    .filter(([, e]) => engineOf(e) !== undefined && !semver.subset(range, engineOf(e)!))
    .map(([path, e]) => `${path.replace(/^.*node_modules\//, '')}@${e.version}: node ${engineOf(e)}`);

describe('package.json', () => {
  /** What `npm install -g hook-bridge` checks: hook-bridge's engines and its runtime dependencies'. */
  const users = pkg.engines.node;
  /** What `npm ci` in a clone checks: every package of the lock, build and test tools included. */
  const contributors = pkg.devEngines.runtime.version;

  it('users and contributors both get Node 20 and 22; what contributors need is within what users get', () => {
    expect(pkg.devEngines.runtime.name).toBe('node');
    for (const range of [users, contributors])
      for (const major of [20, 22])
        expect(semver.intersects(range, `${major}.x`), `${range} holds Node ${major}`).toBe(true);
    expect(semver.subset(contributors, users)).toBe(true);
  });
  it(
    'every package a user install brings accepts every Node version ' + 'hook-bridge claims (no EBADENGINE on install)',
    () => {
      const runtime = installed.filter(([, e]) => !e.dev && !e.devOptional);
      expect(runtime.map(([path]) => path)).toContain('node_modules/yaml');
      expect(refusing(runtime, users)).toEqual([]);
    },
  );
  it('every package `npm ci` installs accepts every Node version devEngines names (no EBADENGINE in a clone)', () => {
    expect(installed.length).toBeGreaterThan(50);
    expect(refusing(installed, contributors)).toEqual([]);
  });

  // A module specifier as esbuild leaves it in dist/: `from "x"`, `require("x")`, `import("x")`, or the lazy
  // loader of src/lazy.ts (`load("x")`, renamed by the minifier): a quoted package name as a call's only argument.
  const loads = (text: string, name: string) =>
    new RegExp(`(?:from\\s*|\\(\\s*)["']${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?:/[^"']*)?["']`).test(text);
  const distFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? e.name === 'types'
          ? []
          : distFiles(join(dir, e.name))
        : /\.c?js$/.test(e.name)
          ? [join(dir, e.name)]
          : [],
    );
  it(
    'dependencies are exactly what dist/ loads at run time; what it ' +
      'bundles or only builds with is a devDependency',
    () => {
      const dist = distFiles(join(root, 'dist')).map((f) => readFileSync(f, 'utf8'));
      expect(dist.length, 'dist/ is built (npm run build)').toBeGreaterThan(5);
      const loaded = (name: string) => dist.some((text) => loads(text, name));
      expect(Object.keys(pkg.dependencies).filter((d) => !loaded(d))).toEqual([]);
      expect(Object.keys(pkg.devDependencies).filter(loaded)).toEqual([]);
      // the test of the test: the lazy loader's form and an ESM import are recognised
      expect(loads('function et(){return Qa??=Vo("yaml")}', 'yaml')).toBe(true);
      expect(loads('import { x } from "@eslint-community/regexpp";', '@eslint-community/regexpp')).toBe(true);
      expect(loads('a("yaml-x")', 'yaml')).toBe(false);
    },
  );
  it("a library bundled into dist/ runs under the users' Node too: each one src/ imports accepts their range", () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    const imported = new Set(
      walk(join(root, 'src')).flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/^import (?!type )[^;]*? from '((?:@[^/']+\/)?[^./'][^/']*)/gm)].map(
          (m) => m[1]!,
        ),
      ),
    );
    const bundled = Object.keys(pkg.devDependencies).filter((d) => imported.has(d));
    expect(bundled).toContain('commander');
    expect(
      refusing(
        installed.filter(([path]) => bundled.includes(path.replace(/^node_modules\//, ''))),
        users,
      ),
    ).toEqual([]);
  });
});

describe('installed from the packed tarball, used from another directory', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'hb-package-'));
  const prefix = join(tmp, 'prefix');
  const installedRoot = join(prefix, 'lib/node_modules/hook-bridge');
  /** Where the user works: not the repository, not the install. */
  const work = join(tmp, 'work');
  // npm, as a user runs it: not as a script of this package's `npm test`.
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_(lifecycle|package)_/.test(k))),
    HOOK_BRIDGE_CACHE_DIR: join(tmp, 'cache'),
  };
  const userEnv = { ...env, PATH: [join(prefix, 'bin'), dirname(process.execPath), process.env.PATH].join(delimiter) };
  const sh = (command: string, opts: SpawnSyncOptions & { input?: string } = {}) => {
    const r = spawnSync('/bin/sh', ['-c', command], { cwd: work, env: userEnv, encoding: 'utf8', ...opts });
    return { code: r.status, stdout: String(r.stdout), stderr: String(r.stderr) };
  };
  let files: string[] = [];

  beforeAll(() => {
    mkdirSync(work, { recursive: true });
    // --ignore-scripts: the tarball of dist/ as `npm run build` left it (npm test builds first), not a second build.
    const pack = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(pack.status, pack.stderr).toBe(0);
    const [packed] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    files = packed!.files.map((f) => f.path);
    // The dependencies come from npm's cache when it has them (they were installed for the build): no network needed.
    const install = spawnSync(
      'npm',
      [
        'install',
        '--global',
        '--prefix',
        prefix,
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        join(tmp, packed!.filename),
      ],
      { cwd: work, env, encoding: 'utf8' },
    );
    expect(install.status, install.stderr).toBe(0);
    expect(install.stderr).not.toMatch(/EBADENGINE/);
  }, 180_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it(
    'the tarball holds LICENSE, the README, ' +
      'its docs and examples, ' +
      ('the built code — no sources, ' + 'tests or fixtures'),
    () => {
      expect(files).toEqual(
        expect.arrayContaining([
          'LICENSE',
          'README.md',
          'package.json',
          'bin/hook-bridge.cjs',
          'dist/index.js',
          'dist/run.cjs',
          'dist/types/index.d.ts',
          'docs/commands.md',
          'examples/claude-project/.claude/settings.json',
        ]),
      );
      expect(files.filter((f) => /^(src|test|scripts|bench)\//.test(f) || /fixtures|\.test\.|\.tgz$/.test(f))).toEqual(
        [],
      );
    },
  );
  it('every relative link of the Markdown it ships resolves inside it', () => {
    const shipped = new Set(files);
    const markdown = files.filter((f) => f.endsWith('.md'));
    expect(markdown).toContain('README.md');
    const links = markdown.flatMap((f) => relativeLinks(f, readFileSync(join(installedRoot, f), 'utf8')));
    expect(links.map((l) => l.target)).toContain('docs/commands.md');
    const exists = (path: string) => shipped.has(path) || files.some((f) => f.startsWith(`${path}/`));
    expect(brokenLinks(links, exists, (f) => readFileSync(join(installedRoot, f), 'utf8'))).toEqual([]);
  });
  it("from a clone, `npm install -g .` links it: the clone's hook-bridge on PATH", () => {
    const linked = join(tmp, 'clone-prefix');
    const install = spawnSync('npm', ['install', '--global', '--prefix', linked, '--no-audit', '--no-fund', '.'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(install.status, install.stderr).toBe(0);
    expect(realpathSync(join(linked, 'bin/hook-bridge'))).toBe(realpathSync(join(root, 'bin/hook-bridge.cjs')));
    expect(
      sh('hook-bridge --version', { env: { ...userEnv, PATH: [join(linked, 'bin'), userEnv.PATH].join(delimiter) } })
        .stdout,
    ).toBe(`${pkg.version}\n`);
  });
  it('`hook-bridge --version` runs from another directory, through the bin the install put on PATH', () => {
    expect(sh('command -v hook-bridge').stdout.trim()).toBe(join(prefix, 'bin/hook-bridge'));
    expect(sh('hook-bridge --version')).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });
  const hasJq = spawnSync('jq', ['--version']).status === 0;
  it.skipIf(!hasJq)(
    'converts the bundled example to Qwen Code; the wrapper it wrote, run by ' +
      '/bin/sh with a Qwen payload, blocks what the Claude script blocks',
    () => {
      const project = join(work, 'claude-project');
      cpSync(join(installedRoot, 'examples/claude-project'), project, { recursive: true });
      const convert = sh('hook-bridge convert claude-project --to qwen');
      expect(convert.code, convert.stderr).toBe(0);
      const written = readJson(join(project, '.qwen/settings.json')) as {
        hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]>;
      };
      const guard = written.hooks.PreToolUse!.find((g) => g.matcher === '^run_shell_command$')!.hooks[0]!.command;
      expect(guard).toMatch(/^hook-bridge run --from claude --to qwen .*block-rm\.sh'$/);
      // Qwen Code runs the command through a shell in the project, with its payload on stdin.
      const call = (command: string) =>
        `${JSON.stringify({
          session_id: 's1',
          transcript_path: join(tmp, 'qwen-transcript.jsonl'),
          cwd: project,
          hook_event_name: 'PreToolUse',
          tool_name: 'run_shell_command',
          tool_input: { command },
        })}\n`;
      const hostEnv = { ...userEnv, QWEN_PROJECT_DIR: project };
      const denied = sh(guard, { cwd: project, env: hostEnv, input: call('rm -rf build') });
      expect(denied.code).toBe(0);
      expect(JSON.parse(denied.stdout)).toEqual({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'Blocked by block-rm.sh: destructive command: rm -rf build',
        },
      });
      const allowed = sh(guard, { cwd: project, env: hostEnv, input: call('ls') });
      expect(allowed).toEqual({ code: 0, stdout: '', stderr: '' });
    },
  );
  it('the dependencies came with it: YAML and TOML load from the install, and the library imports and converts', () => {
    const yamlOut = sh(
      `hook-bridge convert ${JSON.stringify(join(installedRoot, 'examples/claude-project'))} --to hooks-yaml --stdout`,
    );
    expect(yamlOut.code, yamlOut.stderr).toBe(0);
    expect(yamlOut.stdout).toMatch(/^version: '2\.0\.0'\nhooks:\n {2}- event: PreToolUse\n/);
    const codex = join(work, 'codex-project');
    mkdirSync(join(codex, '.codex'), { recursive: true });
    writeFileSync(
      join(codex, '.codex/config.toml'),
      '[[hooks.Stop]]\n\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "./stop.sh"\n',
    );
    const tomlOut = sh('hook-bridge convert codex-project --from codex --to claude --stdout');
    expect(tomlOut.code, tomlOut.stderr).toBe(0);
    expect(
      (JSON.parse(tomlOut.stdout) as { hooks: { Stop: { hooks: { command: string }[] }[] } }).hooks.Stop[0]!.hooks[0]!
        .command,
    ).toBe(`hook-bridge run --from codex --to claude -c './stop.sh'`);
    const library = `const { convert } = await import(process.argv[1]);
const { output } = convert(JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command',
command: 'g' }] }] } }), { from: 'claude', to: 'qwen' });
process.stdout.write(JSON.parse(output).hooks.PreToolUse[0].matcher);`;
    const lib = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', library, pathToFileURL(join(installedRoot, 'dist/index.js')).href],
      { cwd: work, env: userEnv, encoding: 'utf8' },
    );
    expect(lib.stderr).toBe('');
    expect(lib.stdout).toBe('^run_shell_command$');
  });
});
