import rule from '../../../src/audit/rules/config-comments.js';
import { claude, cmd, ruleTester } from '../rule-tester.js';

const commented = '{\n  // team hooks\n  "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "x" } ] } ] }\n}\n';
ruleTester(rule, {
  valid: [
    { name: 'plain JSON', files: claude({ Stop: [{ hooks: [cmd('x')] }] }) },
    { name: 'comments on an agent not known to reject them', files: { '.qwen/settings.json': commented } },
  ],
  invalid: [
    { name: 'a // comment in .claude/settings.json', files: { '.claude/settings.json': commented }, errors: [{ messageId: 'ignored', message: 'Claude Code ignores this whole file because of the comment at 2:3: none of its 1 hook(s) run' }] },
    { name: 'a commented Qwen file audited for Claude (--target)', target: 'claude', files: { '.qwen/settings.json': commented }, errors: [{ messageId: 'ignored', file: '.qwen/settings.json' }] },
  ],
});
