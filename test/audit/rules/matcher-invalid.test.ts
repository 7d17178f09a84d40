import rule from '../../../src/audit/rules/matcher-invalid.js';
import { claude, cmd, codebuddy, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    { name: 'a name list', files: claude({ PreToolUse: [{ matcher: 'Write|Edit', hooks: [cmd('x')] }] }) },
    { name: 'a valid regex', files: codebuddy({ PreToolUse: [{ matcher: '^(Write|Edit)$', hooks: [cmd('x')] }] }) },
  ],
  invalid: [
    {
      name: 'an unclosed group',
      files: codebuddy({ PreToolUse: [{ matcher: '(Write|Edit', hooks: [cmd('x')] }] }),
      errors: [{ messageId: 'invalid', path: 'hooks.PreToolUse[0].matcher' }],
    },
    {
      name: 'a bracket',
      files: claude({ PostToolUse: [{ matcher: 'Bash[', hooks: [cmd('x'), cmd('y')] }] }),
      errors: [{ messageId: 'invalid', path: 'hooks.PostToolUse[0].matcher' }],
    },
  ],
});
