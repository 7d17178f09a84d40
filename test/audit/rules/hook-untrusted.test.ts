import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import rule from '../../../src/audit/rules/hook-untrusted.js';
import { trustEntries } from '../../../src/convert/hook-trust.js';
import { claude, cmd, codex, project, ruleTester, runRule } from '../rule-tester.js';

const hooks = { PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./guard.sh')] }], Stop: [{ hooks: [cmd('./stop.sh')] }] };
/** A CODEX_HOME whose config.toml has these lines. */
const home = (toml: string) => {
  const h = mkdtempSync(join(tmpdir(), 'hb-codex-home-'));
  writeFileSync(join(h, 'config.toml'), toml);
  return h;
};

ruleTester(rule, {
  valid: [
    { name: 'Claude Code has no hook trust', files: claude(hooks), env: { CODEX_HOME: home('') } },
    { name: 'a project with no Codex hooks file', files: { 'x.txt': '' }, env: { CODEX_HOME: home('') } },
  ],
  invalid: [
    {
      name: 'an untrusted project: none of its hooks run (c02)',
      files: codex(hooks),
      env: { CODEX_HOME: home('model = "x"\n') },
      errors: [
        {
          messageId: 'projectUntrusted',
          path: '',
          file: '.codex/hooks.json',
          message:
            /^Codex CLI loads \.codex\/hooks\.json only in a trusted project, and this one is not trusted in .*config\.toml: none of its hooks run$/,
        },
      ],
    },
    {
      name: 'a broken config.toml',
      files: codex(hooks),
      env: { CODEX_HOME: home('[projects\n') },
      errors: [{ messageId: 'storeUnreadable', message: /config\.toml: 1:\d+: invalid TOML/ }],
    },
  ],
});

it('a trusted project whose hooks have no trusted hash: each is reported (c03)', () => {
  const dir = project({ name: '', files: codex(hooks) });
  const { findings } = runRule(
    rule,
    { name: '', files: {}, env: { CODEX_HOME: home(`[projects."${dir}"]\ntrust_level = "trusted"\n`) } },
    dir,
  );
  expect(findings.map((f) => [f.messageId, f.path])).toEqual([
    ['untrusted', 'hooks.PreToolUse[0].hooks[0]'],
    ['untrusted', 'hooks.Stop[0].hooks[0]'],
  ]);
  expect(findings[0]!.message).toMatch(
    /^Codex CLI skips this PreToolUse hook silently: .*config\.toml records no trusted hash for it$/,
  );
});

it('a hook whose hash is recorded is not reported; one edited since is (stale)', () => {
  const dir = project({ name: '', files: codex(hooks) });
  const file = join(dir, '.codex/hooks.json');
  const entries = trustEntries('codex', file, JSON.stringify({ hooks }, null, 2));
  expect(entries).toHaveLength(2);
  const h = home(
    `[projects."${dir}"]\ntrust_level = "trusted"\n[hooks.state."${entries[0]!.key}"]\ntrusted_hash = "` +
      `${entries[0]!.hash}"\n[hooks.state."${entries[1]!.key}"]\ntrusted_hash = "sha256:stale"\n`,
  );
  const { findings } = runRule(rule, { name: '', files: {}, env: { CODEX_HOME: h } }, dir);
  expect(findings.map((f) => [f.messageId, f.path])).toEqual([['stale', 'hooks.Stop[0].hooks[0]']]);
});
