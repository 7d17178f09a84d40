// Pi 1.x's project trust (mappings/dialects/pi.yaml config.inProcess.projectTrust; src/convert/project-trust.ts): Pi
// loads .pi/extensions/hook-bridge.ts only in a project ~/.pi/agent/trust.json trusts, and headless skips it without a
// word. convert says so, doctor reads the store (HOME sandboxed here), --trust-pi-project records the trust and
// --remove takes back exactly that, byte for byte.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertProject } from '../../src/convert/project.js';
import { addedPath, projectTrustState, recordProjectTrust, withTrustedKey } from '../../src/convert/project-trust.js';
import { doctor } from '../../src/doctor/doctor.js';
import { HookBridgeError } from '../../src/model/errors.js';
import { project, settings } from './helpers.js';

/** A Claude project with one guard, and an empty home of its own (no PI_CODING_AGENT_DIR). */
function setup() {
  const dir = project({
    '.claude/settings.json': settings({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo hi' }] }],
    }),
  });
  const home = mkdtempSync(join(tmpdir(), 'hb-pi-home-'));
  const store = join(home, '.pi/agent/trust.json');
  return { dir, home, store, env: { PATH: process.env.PATH ?? '' } as NodeJS.ProcessEnv };
}
const writeStore = (store: string, text: string) => {
  mkdirSync(dirname(store), { recursive: true });
  writeFileSync(store, text);
};
const trustChecks = async (dir: string, home: string, env: NodeJS.ProcessEnv) =>
  (await doctor({ project: dir, cwd: dir, home, env, agentVersions: false })).checks.filter((c) => c.kind === 'trust');

describe('convert --to pi: the report says Pi skips the extension in an untrusted project', () => {
  it('untrusted (no store): a warning with the three ways to trust it; nothing written to the home', async () => {
    const { dir, home, store, env } = setup();
    const r = await convertProject({ project: dir, to: ['pi'], home, env });
    const w = r.diagnostics.find((d) => d.code === 'projectUntrusted');
    expect(w?.severity).toBe('warning');
    expect(w?.message).toContain('only in a trusted project');
    expect(w?.message).toContain('without a word');
    expect(w?.message).toContain('--trust-pi-project');
    expect(w?.message).toContain('--approve');
    expect(existsSync(store)).toBe(false);
    expect(r.targets[0]!.projectTrust).toEqual(expect.objectContaining({ trusted: false, key: realpathSync(dir) }));
  });
  it('a project trusted through a parent folder, or by defaultProjectTrust "always": no warning', async () => {
    const { dir, home, store, env } = setup();
    writeStore(store, JSON.stringify({ [dirname(realpathSync(dir))]: true }));
    let r = await convertProject({ project: dir, to: ['pi'], home, env });
    expect(r.diagnostics.map((d) => d.code)).not.toContain('projectUntrusted');
    const other = setup();
    writeStore(join(other.home, '.pi/agent/settings.json'), JSON.stringify({ defaultProjectTrust: 'always' }));
    r = await convertProject({ project: other.dir, to: ['pi'], home: other.home, env: other.env });
    expect(r.diagnostics.map((d) => d.code)).not.toContain('projectUntrusted');
  });
  it('the nearest entry decides: a parent trusted, the project itself false: untrusted', () => {
    const { dir, home, store } = setup();
    const key = realpathSync(dir);
    writeStore(store, JSON.stringify({ [dirname(key)]: true, [key]: false }));
    expect(projectTrustState('pi', dir, { home, env: {} })).toEqual(
      expect.objectContaining({ trusted: false, entry: { path: key, trusted: false } }),
    );
  });
  it('PI_CODING_AGENT_DIR moves the store; a symlinked project is keyed by its real path', () => {
    const { dir, home } = setup();
    const agentDir = mkdtempSync(join(tmpdir(), 'hb-pi-agent-'));
    const link = join(mkdtempSync(join(tmpdir(), 'hb-pi-link-')), 'p');
    symlinkSync(dir, link);
    writeFileSync(join(agentDir, 'trust.json'), JSON.stringify({ [realpathSync(dir)]: true }));
    const s = projectTrustState('pi', link, { home, env: { PI_CODING_AGENT_DIR: agentDir } })!;
    expect(s.store).toBe(join(agentDir, 'trust.json'));
    expect(s.trusted).toBe(true);
  });
  it('an unreadable store: a warning naming it; --trust-pi-project stops before writing anything', async () => {
    const { dir, home, store, env } = setup();
    writeStore(store, '{"/x": "yes"}');
    const r = await convertProject({ project: dir, to: ['pi'], home, env });
    expect(r.diagnostics.find((d) => d.code === 'trustStoreUnreadable')?.message).toContain('must be true, false');
    const fresh = setup();
    writeStore(fresh.store, '{ not json');
    await expect(
      convertProject({ project: fresh.dir, to: ['pi'], home: fresh.home, env, trustProject: true }),
    ).rejects.toThrow(HookBridgeError);
    expect(existsSync(join(fresh.dir, '.pi'))).toBe(false);
    expect(readFileSync(fresh.store, 'utf8')).toBe('{ not json');
  });
});

describe('convert --trust-pi-project, and --remove', () => {
  it('adds only the project key (every other byte kept); --remove gives the file back byte for byte', async () => {
    const { dir, home, store, env } = setup();
    const before = '{\n\t"/somewhere": false,\n\t"/else": null\n}';
    writeStore(store, before);
    const r = await convertProject({ project: dir, to: ['pi'], home, env, trustProject: true });
    expect(r.diagnostics.find((d) => d.code === 'projectTrusted')?.severity).toBe('info');
    const after = readFileSync(store, 'utf8');
    expect(JSON.parse(after)).toEqual({ '/somewhere': false, '/else': null, [realpathSync(dir)]: true });
    expect(after.startsWith('{\n\t"/somewhere": false,\n\t"/else": null,\n\t"')).toBe(true);
    expect(existsSync(addedPath(store))).toBe(true);
    // A second run: already trusted, nothing written.
    await convertProject({ project: dir, to: ['pi'], home, env, trustProject: true });
    expect(readFileSync(store, 'utf8')).toBe(after);
    await convertProject({ project: dir, to: ['pi'], home, env, remove: true });
    expect(readFileSync(store, 'utf8')).toBe(before);
    expect(existsSync(addedPath(store))).toBe(false);
  });
  it('a store it created is deleted again by --remove', async () => {
    const { dir, home, store, env } = setup();
    await convertProject({ project: dir, to: ['pi'], home, env, trustProject: true });
    expect(readFileSync(store, 'utf8')).toBe(`${JSON.stringify({ [realpathSync(dir)]: true }, null, 2)}\n`);
    await convertProject({ project: dir, to: ['pi'], home, env, remove: true });
    expect(existsSync(store)).toBe(false);
    expect(existsSync(join(home, '.pi'))).toBe(false); // the folders it made for it
  });
  it('the store changed since (Pi trusted another folder): --remove takes out only its key', async () => {
    const { dir, home, store, env } = setup();
    writeStore(store, '{\n  "/a": true\n}\n');
    await convertProject({ project: dir, to: ['pi'], home, env, trustProject: true });
    const now = JSON.parse(readFileSync(store, 'utf8'));
    writeStore(store, `${JSON.stringify({ ...now, '/b': false }, null, 2)}\n`);
    await convertProject({ project: dir, to: ['pi'], home, env, remove: true });
    expect(JSON.parse(readFileSync(store, 'utf8'))).toEqual({ '/a': true, '/b': false });
  });
  it('a trust hook-bridge did not add is never taken back', async () => {
    const { dir, home, store, env } = setup();
    const mine = `{\n  "${realpathSync(dir)}": true\n}\n`;
    writeStore(store, mine);
    await convertProject({ project: dir, to: ['pi'], home, env, trustProject: true });
    await convertProject({ project: dir, to: ['pi'], home, env, remove: true });
    expect(readFileSync(store, 'utf8')).toBe(mine);
  });
  it("a project the user marked untrusted (false) is the user's decision: an error, nothing written", () => {
    const { dir, home, store } = setup();
    const text = JSON.stringify({ [realpathSync(dir)]: false });
    writeStore(store, text);
    expect(() => recordProjectTrust(projectTrustState('pi', dir, { home, env: {} })!)).toThrow(/marked not trusted/);
    expect(readFileSync(store, 'utf8')).toBe(text);
  });
  it('--dry-run and --check record nothing', async () => {
    const { dir, home, store, env } = setup();
    await convertProject({ project: dir, to: ['pi'], home, env, trustProject: true, dryRun: true });
    expect(existsSync(store)).toBe(false);
  });
  it('withTrustedKey: a new store as Pi writes one; an existing one keeps its layout', () => {
    expect(withTrustedKey(undefined, '/p')).toBe('{\n  "/p": true\n}\n');
    expect(withTrustedKey('{\r\n    "/a": true\r\n}\r\n', '/p')).toBe(
      '{\r\n    "/a": true,\r\n    "/p": true\r\n}\r\n',
    );
  });
});

describe('doctor: whether Pi runs the extension here', () => {
  it('untrusted: a problem with the fix; trusted: ok; a sandboxed HOME only', async () => {
    const { dir, home, store, env } = setup();
    await convertProject({ project: dir, to: ['pi'], home, env });
    let checks = await trustChecks(dir, home, env);
    expect(checks).toEqual([expect.objectContaining({ status: 'problem' })]);
    expect(checks[0]!.message).toContain('.pi/extensions/hook-bridge.ts');
    expect(checks[0]!.fix).toContain('--trust-pi-project');
    writeStore(store, JSON.stringify({ [realpathSync(dir)]: true }));
    checks = await trustChecks(dir, home, env);
    expect(checks).toEqual([expect.objectContaining({ status: 'ok' })]);
  });
  it('an unreadable store is a problem naming it', async () => {
    const { dir, home, store, env } = setup();
    await convertProject({ project: dir, to: ['pi'], home, env });
    writeStore(store, '[]');
    const checks = await trustChecks(dir, home, env);
    expect(checks).toEqual([expect.objectContaining({ status: 'problem', fix: `repair ${store}` })]);
  });
  it('no loader file (hooks.json written by hand): no trust check', async () => {
    const { home, env } = setup();
    const dir = project({ '.pi/hooks.json': settings({ Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] }) });
    expect(await trustChecks(dir, home, env)).toEqual([]);
  });
});

describe('the CLI: convert --trust-pi-project', () => {
  const bin = join(import.meta.dirname, '../../bin/hook-bridge.cjs');
  const cli = (args: string[], home: string) =>
    spawnSync(process.execPath, [bin, ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: home },
    });
  it('records the trust, and says so; --remove takes it back', () => {
    const { dir, home, store } = setup();
    let r = cli(['convert', dir, '--to', 'pi', '--trust-pi-project'], home);
    expect(r.status).toBe(0);
    expect(r.stderr.replace(/\s+/g, ' ')).toMatch(/recorded \S+ as trusted in ~\/\.pi\/agent\/trust\.json/);
    expect(JSON.parse(readFileSync(store, 'utf8'))).toEqual({ [realpathSync(dir)]: true });
    r = cli(['convert', dir, '--to', 'pi', '--remove'], home);
    expect(r.status).toBe(0);
    expect(existsSync(store)).toBe(false);
  });
  it('an invalid trust.json: one line naming it, exit 2, no stack trace, nothing written', () => {
    const { dir, home, store } = setup();
    writeStore(store, '{"/x": 1}');
    const r = cli(['convert', dir, '--to', 'pi', '--trust-pi-project'], home);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/trust\.json: the value of "\/x" must be true, false or null/);
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect(existsSync(join(dir, '.pi'))).toBe(false);
  });
});
