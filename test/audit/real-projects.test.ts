// `audit --fail-on error` on the seven projects of issue 29 (test/real-projects/): an error is one we would bet on.
// The agents' PATH is fixed (a folder with the programs a machine running these hooks has, without uv and cc-tools),
// so the report does not depend on what is installed here. Each error left is shown on the agent by `hook-bridge
// test`: the hook fails with 127 on every call — nothing blocked on Claude Code, every call denied by GitHub Copilot
// CLI, which runs .claude/settings.json itself.
import { chmodSync, cpSync, existsSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit, auditExitCode } from '../../src/audit/audit.js';
import { simulate } from '../../src/simulate/simulate.js';

const root = resolve(import.meta.dirname, '../real-projects');
/** The programs a machine running these hooks has; uv and cc-tools are not installed. */
const INSTALLED = [
  'node',
  'npx',
  'bash',
  'sh',
  'python3',
  'jq',
  'git',
  'cat',
  'env',
  'grep',
  'sed',
  'awk',
  'tr',
  'head',
  'dirname',
  'mkdir',
  'date',
];

/** A PATH of stand-ins (audit only looks programs up), or of links to this machine's programs (to run hooks). */
function pathOf(real: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'hb-path-'));
  for (const p of INSTALLED) {
    const found = (process.env.PATH ?? '')
      .split(delimiter)
      .map((d) => join(d, p))
      .find((f) => existsSync(f));
    if (real && found) symlinkSync(found, join(dir, p));
    else if (!real) {
      writeFileSync(join(dir, p), '#!/bin/sh\n');
      chmodSync(join(dir, p), 0o755);
    }
  }
  return dir;
}

/** The error-level findings (rule/message, program) expected on each project, audited as its own agent's. */
const EXPECTED: Record<string, string[]> = {
  'affaan-m__everything-claude-code': [],
  // uv on its 13 hooks: an error on the 7 that can block (PreToolUse, PostToolUse, Stop, SubagentStop,
  // UserPromptSubmit, PermissionRequest, PostToolUseFailure); Notification, SessionStart … only warn (issue 35).
  'disler__claude-code-hooks-mastery': Array(7).fill('script-interpreter-missing/interpreterNotFound uv'),
  'kenryu42__claude-code-safety-net': [],
  obra__superpowers: [],
  // cc-tools on its 9 hooks: an error on the 5 that can block; PreCompact, SessionStart, SessionEnd, Notification warn.
  'riddopic__cc-tools': Array(5).fill('script-interpreter-missing/programNotFound cc-tools'),
  rysweet__azlin: [],
  sethdf__lifemaestro: [],
  // Its .sh scripts are not executable in its repository (mode 100644 at its commit): on Linux each call fails, 126.
  'Nick2bad4u__Stylelint-Config-Inspector': [
    'script-not-executable/notExecutable .github/hooks/scripts/remove-temp.sh',
    'script-not-executable/notExecutable .github/hooks/scripts/remove-temp.sh',
    'script-not-executable/notExecutable .github/hooks/scripts/log-prompt.sh',
  ],
};

describe('audit on the real projects: no error that is not so', () => {
  const env = { ...process.env, PATH: pathOf(false) };
  for (const [name, errors] of Object.entries(EXPECTED)) {
    it(name, () => {
      const dir = join(root, name);
      const r = audit({ paths: [dir], cwd: dir, env });
      const got = r.findings
        .filter((f) => f.severity === 'error')
        .map((f) => `${f.ruleId}/${f.messageId} ${f.message.split(' ')[0]}`);
      expect(got, JSON.stringify(r.findings, null, 1)).toEqual(errors);
      expect(auditExitCode(r.findings, 'error')).toBe(errors.length ? 1 : 0);
    });
  }
  it('sethdf/lifemaestro: its {"decision": "ask"}, which Claude Code ignores, is said (a warning)', () => {
    const dir = join(root, 'sethdf__lifemaestro');
    const f = audit({ paths: [dir], cwd: dir, env }).findings;
    expect(f.map((x) => `${x.severity} ${x.ruleId}/${x.messageId}`)).toEqual([
      'warning output-field-ignored/askIgnored',
    ]);
    expect(f[0]!.decides).toEqual({ agent: 'claude', event: 'pre-tool-use', decision: 'none', headless: false });
  });
  it(
    "Nick2bad4u/Stylelint-Config-Inspector: Claude Code's event names in Copilot's own file run in its " +
      "Claude-compatible mode, `linux`'s command on Linux: no event-unsupported, the .sh it runs is checked",
    () => {
      const dir = join(root, 'Nick2bad4u__Stylelint-Config-Inspector');
      const f = audit({ paths: [dir], cwd: dir, env }).findings;
      expect(f.filter((x) => x.ruleId === 'event-unsupported')).toEqual([]);
      // the Claude-compatible mode's differences from Claude Code, said as such (no convert fixes its own file)
      expect(f.filter((x) => x.ruleId === 'foreign-read-output-lost').map((x) => [x.severity, x.message])).toEqual(
        ['SessionStart', 'Stop', 'UserPromptSubmit'].map((e) => [
          'warning',
          expect.stringMatching(
            new RegExp(
              '^GitHub Copilot CLI runs this hook from \\.github/hooks/hooks\\.json in its claude-compatible ' +
                `mode .*on ${e}`,
            ),
          ),
        ]),
      );
      expect(f.every((x) => x.fix === undefined || !x.fix.includes('convert'))).toBe(true);
    },
  );
  it('audited for GitHub Copilot CLI, which runs .claude/settings.json itself: a missing uv denies every call', () => {
    const dir = join(root, 'disler__claude-code-hooks-mastery');
    const f = audit({ paths: [dir], cwd: dir, env, target: 'copilot' }).findings.find(
      (x) => x.messageId === 'interpreterNotFound' && x.path === 'hooks.PreToolUse[0].hooks[0].command',
    );
    expect(f?.message).toBe(
      'uv (named in the command) is not on PATH: every call fails with exit 127, and GitHub Copilot CLI reads ' +
        'that as a block: every PreToolUse it fires for is blocked',
    );
  });
});

describe('each error on the agent (hook-bridge test, without uv or cc-tools)', () => {
  const env = { ...process.env, PATH: pathOf(true) };
  const scratch = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-real-'));
    cpSync(join(root, name), dir, { recursive: true });
    return dir;
  };
  it('sethdf/lifemaestro: `git push --force` — its ask decides nothing on Claude Code, as audit says', async () => {
    const dir = scratch('sethdf__lifemaestro');
    const finding = audit({ paths: [dir], cwd: dir, env }).findings.find((f) => f.messageId === 'askIgnored');
    const r = await simulate({
      inputs: [dir],
      from: 'claude',
      to: ['gemini'],
      call: { event: 'PreToolUse', tool: 'Bash', input: { command: 'git push --force origin main' } },
      env,
    });
    expect(r.results[0]!.hooks.map((h) => h.exitCode)).toEqual([0]);
    expect(r.results[0]!.decision).toBe('none');
    expect(finding?.decides?.decision).toBe(r.results[0]!.decision);
  });
  for (const [name, input] of [
    ['disler__claude-code-hooks-mastery', { file_path: '.env' }],
    ['riddopic__cc-tools', { file_path: 'README.md' }],
  ] as const) {
    it(`${name}: the hook exits 127 — Claude Code runs the call, GitHub Copilot CLI denies it`, async () => {
      const r = await simulate({
        inputs: [scratch(name)],
        from: 'claude',
        to: ['copilot'],
        call: { event: 'PreToolUse', tool: 'Read', input },
        env,
      });
      const [ref, copilot] = [r.results[0]!, r.results.find((x) => x.host === 'copilot' && x.mode === 'as-is')!];
      expect(ref.hooks.map((h) => h.exitCode)).toEqual([127]);
      expect(ref.decision).toBe('none');
      expect(copilot.decision).toBe('deny');
      expect(copilot.reason).toMatch(/exited with code 127/);
    });
  }
});
