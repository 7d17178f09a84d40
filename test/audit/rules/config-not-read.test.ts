import rule from '../../../src/audit/rules/config-not-read.js';
import { claude, cmd, qwen, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    { name: 'hooks in .qwen/settings.json', files: qwen({ Stop: [{ hooks: [cmd('x')] }] }) },
    { name: 'Claude hooks audited for Claude', files: claude({ Stop: [{ hooks: [cmd('x')] }] }) },
  ],
  invalid: [
    { name: '.qwen/settings.local.json', files: { '.qwen/settings.local.json': { hooks: { Stop: [{ hooks: [cmd('x')] }] } } }, errors: [{ messageId: 'unread', file: '.qwen/settings.local.json' }] },
    { name: 'Claude hooks on Qwen', target: 'qwen', files: claude({ Stop: [{ hooks: [cmd('x')] }] }), errors: [{ messageId: 'otherAgent', message: 'Qwen Code does not read .claude/settings.json: its 1 hook(s) never run there' }] },
  ],
});
