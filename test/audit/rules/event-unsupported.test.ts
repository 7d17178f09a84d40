import rule from '../../../src/audit/rules/event-unsupported.js';
import { claude, cmd, codebuddy, qwen, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    { name: 'known events', files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('x')] }], SessionEnd: [{ hooks: [cmd('y')] }] }) },
    { name: 'Qwen todo events on Qwen', files: qwen({ TodoCreated: [{ hooks: [cmd('x')] }] }) },
  ],
  invalid: [
    { name: 'a typo', files: claude({ PreToolUSe: [{ hooks: [cmd('x')] }] }), errors: [{ messageId: 'unknown', path: 'hooks.PreToolUSe', message: '"PreToolUSe" is not a hook event of Claude Code (did you mean PreToolUse?)' }] },
    { name: 'an event the target lacks', target: 'qwen', files: claude({ PostCompact: [{ hooks: [cmd('x')] }] }), errors: [{ messageId: 'absent', path: 'hooks.PostCompact' }] },
    { name: 'a Qwen event on CodeBuddy', files: codebuddy({ TodoCreated: [{ hooks: [cmd('x')] }] }), errors: [{ messageId: 'unknown', path: 'hooks.TodoCreated' }] },
  ],
});
