// Audit on projects hook-bridge converted (issue 21, "a new user's first hour"), run as a user would: the real-world
// shapes in test/real-world/fixtures converted with `hook-bridge convert`, then audited through the built CLI.
// - hook-bridge's own output: a wrapper's --plugin-root sets the plugin root; under --target the other agents'
//   conversions are out of scope;
// - identical findings are grouped (text, markdown) and keep every location, naming their group (json, sarif).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.js';
import { convertProject } from '../../src/convert/project.js';
import type { DialectId } from '../../src/model/dialect-ids.js';

const FIXTURES = resolve(import.meta.dirname, '../real-world/fixtures');
const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
/** The agents' PATH without uv (nor hook-bridge): the same on every machine. */
const NO_UV = { ...process.env, PATH: mkdtempSync(join(tmpdir(), 'hb-empty-path-')) };
const cli = (args: string[], cwd: string, env: NodeJS.ProcessEnv = NO_UV) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, env, encoding: 'utf8' });

async function converted(fixture: string, to: DialectId[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `hb-audit-${fixture}-`));
  cpSync(join(FIXTURES, fixture), dir, { recursive: true });
  await convertProject({ to, project: dir, backup: false });
  return dir;
}

describe('audit --target on a project converted to several agents', () => {
  it("the other agents' conversions are out of scope: no finding on them, no convert of a converted file", async () => {
    const dir = await converted('plugin-standard', ['qwen', 'codebuddy']);
    const r = audit({ paths: [dir], target: 'qwen', env: NO_UV });
    expect(r.skipped).toEqual([{ file: join(dir, '.codebuddy/settings.json'), agent: 'CodeBuddy Code' }]);
    expect(r.findings.filter((f) => f.file.includes('.codebuddy'))).toEqual([]);
    expect(r.findings.map((f) => f.fix ?? '').filter((fix) => fix.includes('.codebuddy'))).toEqual([]);
    expect(r.conversion?.map((c) => c.config.file)).toEqual([join(dir, 'hooks/hooks.json')]);
    // … but audited for CodeBuddy Code, its own file is in scope, and the Qwen one is not.
    const cb = audit({ paths: [dir], target: 'codebuddy', env: NO_UV });
    expect(cb.skipped).toEqual([{ file: join(dir, '.qwen/settings.json'), agent: 'Qwen Code' }]);
    expect(cb.configs.map((c) => c.file)).toContain(join(dir, '.codebuddy/settings.json'));
    // the text report says what it left out
    const text = cli(['audit', '--target', 'qwen', '--fail-on', 'never'], dir);
    expect(text.stdout).toMatch(
      /\nnot audited for Qwen Code: \.codebuddy\/settings\.json \(hook-bridge's conversion for CodeBuddy Code; its sources are audited\)\n$/,
    );
    expect(text.stdout).not.toMatch(/Qwen Code does not read \.codebuddy|fires for no Qwen Code tool/);
  });
  it('a hand-written hook beside the conversion stays in scope', async () => {
    const dir = await converted('claude-all-lifecycle', ['qwen', 'codebuddy']);
    const file = join(dir, '.codebuddy/settings.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.hooks.PreToolUse.push({ matcher: '^Bash$', hooks: [{ type: 'command', command: 'echo mine' }] });
    writeFileSync(file, JSON.stringify(json, null, 2));
    const r = audit({ paths: [dir], target: 'qwen', env: NO_UV, only: ['config-not-read', 'matcher-dead'] });
    expect(r.skipped).toEqual([]);
    expect(r.findings.filter((f) => f.file === file).map((f) => `${f.ruleId} ${f.message}`)).toEqual([
      'config-not-read Qwen Code does not read .codebuddy/settings.json: its 1 hook(s) never run there',
      'matcher-dead matcher "^Bash$" fires for no Qwen Code tool: this hook never runs',
    ]);
  });
  it('the source, converted already, is a note: not "never run there", no convert to run', async () => {
    const dir = await converted('claude-all-lifecycle', ['qwen']);
    const notRead = audit({ paths: [dir], target: 'qwen', only: ['config-not-read'] }).findings;
    expect(notRead.map((f) => [f.severity, f.message, f.fix])).toEqual([
      [
        'info',
        "Qwen Code does not read .claude/settings.json; .qwen/settings.json holds hook-bridge's conversion of " +
          'its 11 hook(s), which runs them there',
        undefined,
      ],
    ]);
  });
});

describe("a converted plugin: the wrapper's --plugin-root sets the plugin root", () => {
  it(
    'no env-var-unset for ${CLAUDE_PLUGIN_ROOT} behind `run ' + '--plugin-root`; the scripts resolve in the plugin',
    async () => {
      const dir = await converted('plugin-standard', ['qwen']);
      writeFileSync(join(dir, 'hooks/scan.py'), 'print(1)\n');
      const r = audit({ paths: [join(dir, '.qwen/settings.json')], env: process.env });
      expect(r.findings.filter((f) => f.ruleId === 'env-var-unset')).toEqual([]);
      const missing = r.findings
        .filter((f) => f.ruleId === 'script-missing')
        .map((f) => f.message.split(' does not exist')[0]);
      expect(missing).toContain('${CLAUDE_PLUGIN_ROOT}/hooks/worktree-guard.sh');
      expect(missing).not.toContain('${CLAUDE_PLUGIN_ROOT}/hooks/scan.py');
      // The same command copied unwrapped into a settings file (no plugin, no wrapper): nothing sets the root there.
      const plain = mkdtempSync(join(tmpdir(), 'hb-audit-noplugin-'));
      mkdirSync(join(plain, '.qwen'));
      writeFileSync(
        join(plain, '.qwen/settings.json'),
        JSON.stringify({
          hooks: {
            PreToolUse: [
              {
                matcher: 'read_file',
                hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}"/bin/run-hook.sh validate-env-files' }],
              },
            ],
          },
        }),
      );
      expect(audit({ paths: [plain], only: ['env-var-unset'] }).findings.map((f) => f.messageId)).toEqual([
        'pluginOnly',
      ]);
    },
  );
});

describe('identical findings are grouped', () => {
  it(
    'the same "uv is not on PATH" error on every hook of five files: one line per group ' +
      'with where else (text, markdown); each kept with its group (json, sarif)',
    async () => {
      const dir = await converted('claude-all-lifecycle', ['qwen', 'codebuddy', 'gemini', 'codex']);
      const r = audit({ paths: [dir], env: NO_UV, only: ['script-interpreter-missing'] });
      const uv = r.findings.filter((f) => f.message.startsWith('uv (named in the command) is not on PATH'));
      expect(uv.length).toBeGreaterThanOrEqual(40);
      // one group per message: per agent whose rules apply (a Claude hook wrapped everywhere: Claude Code's), and per
      // level (an error where the hook could block, a warning where it cannot: issue 35)
      expect(new Set(uv.map((f) => f.message)).size).toBe(4);
      for (const f of uv) expect(f.group?.size).toBe(uv.filter((x) => x.message === f.message).length);

      const text = cli(['audit', '--fail-on', 'never'], dir);
      const lines = text.stdout.split('\n');
      expect(lines.filter((l) => l.includes('uv (named in the command) is not on PATH')).length).toBe(4);
      // the source, unwrapped on Claude Code: one group per level in its file; the wrapped copies: one group per level
      // across the four files
      expect(text.stdout).toMatch(/\n {18}also at lines 12, 21, 22, 30, 33 \(6 in all\)\n/);
      expect(text.stdout).toMatch(/\n {18}also at lines 27, 36, 39, 42 \(5 in all\)\n/);
      const across =
        /\n {18}also at lines [\d, ]+; \.codex\/hooks\.json lines [\d, ]+; \.gemini\/settings\.json lines [\d, ]+; \.qwen\/settings\.json lines [\d, ]+ \(\d+ in all\)(?=\n)/g;
      expect(text.stdout.match(across)?.length).toBe(2);
      // the count is still of findings (every location)
      expect(text.stdout).toMatch(
        new RegExp(`\\n${audit({ paths: [dir], env: NO_UV }).findings.length} finding\\(s\\): `),
      );

      const json = JSON.parse(cli(['audit', '--format', 'json', '--fail-on', 'never'], dir).stdout) as {
        message: string;
        group?: { id: number; size: number };
      }[];
      const inJson = json.filter((f) => f.message.startsWith('uv (named'));
      expect(inJson.length).toBe(uv.length);
      expect(new Set(inJson.map((f) => f.group!.id)).size).toBe(4);

      const sarif = JSON.parse(cli(['audit', '--format', 'sarif', '--fail-on', 'never'], dir).stdout) as {
        runs: { results: { message: { text: string }; properties?: { group?: number; groupSize?: number } }[] }[];
      };
      const inSarif = sarif.runs[0]!.results.filter((x) => x.message.text.startsWith('uv (named'));
      expect(inSarif.length).toBe(uv.length);
      for (const x of inSarif)
        expect(x.properties).toMatchObject({ group: expect.any(Number), groupSize: expect.any(Number) });

      const md = cli(['audit', '--format', 'markdown', '--fail-on', 'never'], dir).stdout;
      expect(md.split('\n').filter((l) => l.includes('uv (named in the command) is not on PATH')).length).toBe(4);
      expect(md).toMatch(/ — also at lines 12, 21, 22, 30, 33 \(6 in all\) \| `script-interpreter-missing` \|/);
    },
  );
});

describe('audit --target on a project converted for that agent: the conversion is audited, not the source', () => {
  // A real plugin (test/real-projects/): its Claude matchers (Bash, Edit|Write) fire for no Gemini CLI or Pi tool
  // copied as they are, which is what audit says before convert; after it the agent runs the conversion.
  const ecc = resolve(import.meta.dirname, '../real-projects/affaan-m__everything-claude-code');
  const of = (r: ReturnType<typeof audit>, file: string) =>
    r.findings.filter((f) => f.file === file).map((f) => `${f.severity} ${f.ruleId}`);

  it.each(['gemini', 'pi'] as const)(
    '%s: before, matcher-dead errors; after, a note and what convert dropped',
    async (to) => {
      const dir = mkdtempSync(join(tmpdir(), `hb-audit-ecc-${to}-`));
      cpSync(ecc, dir, { recursive: true });
      const source = join(dir, 'hooks/hooks.json');
      const before = of(audit({ paths: [dir], target: to }), source);
      expect(before).toContain('error matcher-dead');
      expect(before).toContain('error config-not-read');

      await convertProject({ to: [to], project: dir, backup: false });
      const after = of(audit({ paths: [dir], target: to }), source);
      expect(after).toContain('info config-not-read');
      expect(after).not.toContain('error matcher-dead');
      // Gemini CLI has no PostToolUseFailure: convert dropped that hook, and it still never runs there.
      expect(after.filter((f) => f.startsWith('error'))).toEqual(to === 'gemini' ? ['error event-unsupported'] : []);
    },
  );
});
