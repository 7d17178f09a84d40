import { expect, it } from 'vitest';
import rule, { dispatchConfigs } from '../../../src/audit/rules/dispatch-config-missing.js';
import { claude, cmd, qwen, ruleTester } from '../rule-tester.js';

const registration = (configs: string) =>
  qwen({
    PreToolUse: [{ matcher: '^(run_shell_command)$', hooks: [cmd(`hook-bridge dispatch --to qwen ${configs}`)] }],
  });

ruleTester(rule, {
  valid: [
    {
      name: 'the hook set exists (relative to the project)',
      files: { ...registration("--config '.claude/settings.json'"), ...claude({ Stop: [{ hooks: [cmd('x')] }] }) },
    },
    {
      name: 'two files, both there',
      files: {
        ...registration("--config '.claude/settings.local.json' --config '.claude/settings.json'"),
        ...claude({}),
        '.claude/settings.local.json': { hooks: {} },
      },
    },
    {
      name: 'not a dispatch registration',
      files: qwen({ Stop: [{ hooks: [cmd('./dispatch --config nowhere.json')] }] }),
    },
  ],
  invalid: [
    {
      name: 'the hook set is missing',
      files: registration("--config '.claude/settings.json'"),
      errors: [
        {
          messageId: 'missing',
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message: /the hook set \.claude\/settings\.json does not exist/,
        },
      ],
    },
    {
      name: 'one of two files is missing',
      files: {
        ...registration('--config hooks.yaml --config .claude/settings.json'),
        'hooks.yaml': "version: '2.0.0'\nhooks: []\n",
      },
      errors: [{ messageId: 'missing', message: /\.claude\/settings\.json does not exist/ }],
    },
    {
      name: 'a custom runner (node …/hook-bridge.cjs)',
      files: qwen({
        Stop: [
          {
            hooks: [cmd("node ./node_modules/hook-bridge/bin/hook-bridge.cjs dispatch --to qwen --config 'gone.yaml'")],
          },
        ],
      }),
      errors: [{ messageId: 'missing' }],
    },
  ],
});

it('reads the --config words as the shell does', () => {
  expect(
    dispatchConfigs(`hook-bridge dispatch --to qwen --config 'it'\\''s.json' --config "b c.json" --config d.json`),
  ).toEqual(["it's.json", 'b c.json', 'd.json']);
  expect(dispatchConfigs('./guard.sh --config x')).toBeUndefined();
});
