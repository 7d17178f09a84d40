import rule from '../../../src/audit/rules/config-invalid.js';
import { claude, cmd, qwen, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [{ name: 'well-formed', files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('true')] }] }) }],
  invalid: [
    {
      name: 'unparseable JSON',
      files: { '.claude/settings.json': '{ "hooks": { ' },
      errors: [{ messageId: 'unusable', message: /^\d+:\d+: invalid JSON: .*; the agent ignores this file$/ }],
    },
    {
      name: 'entry without type',
      files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [{ command: 'x' }] }] }),
      errors: [
        {
          messageId: 'entry',
          path: 'hooks.PreToolUse[0].hooks[0]',
          message: /no "type"; Claude Code ignores every hook of this file/,
        },
      ],
    },
    {
      name: 'event value not an array',
      files: qwen({ PreToolUse: { matcher: 'x' } }),
      errors: [{ messageId: 'entry', path: 'hooks.PreToolUse' }],
    },
    {
      name: 'timeout 0',
      files: claude({ Stop: [{ hooks: [cmd('x', { timeout: 0 })] }] }),
      errors: [{ messageId: 'entry', path: 'hooks.Stop[0].hooks[0].timeout' }],
    },
  ],
});
