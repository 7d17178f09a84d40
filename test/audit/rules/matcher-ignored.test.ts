import rule from '../../../src/audit/rules/matcher-ignored.js';
import { claude, cmd, codebuddy, qwen, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    { name: 'no matcher on Stop', files: claude({ Stop: [{ hooks: [cmd('x')] }] }) },
    {
      name: '"*" and "" mean everything anyway',
      files: qwen({
        UserPromptSubmit: [{ matcher: '*', hooks: [cmd('x')] }],
        Stop: [{ matcher: '', hooks: [cmd('y')] }],
      }),
    },
    { name: 'a matcher on a tool event', files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('x')] }] }) },
    {
      name: 'a matcher on SessionStart (matches the source)',
      files: claude({ SessionStart: [{ matcher: 'startup', hooks: [cmd('x')] }] }),
    },
  ],
  invalid: [
    {
      name: 'a tool matcher on Stop',
      files: claude({ Stop: [{ matcher: 'Bash', hooks: [cmd('x'), cmd('y')] }] }),
      errors: [
        {
          messageId: 'ignored',
          path: 'hooks.Stop[0].matcher',
          message:
            'matcher "Bash" on Stop has no effect: Claude Code ignores ' +
            'matchers on this event and runs the hook every time',
        },
      ],
    },
    {
      name: 'UserPromptSubmit on CodeBuddy',
      files: codebuddy({ UserPromptSubmit: [{ matcher: 'deploy', hooks: [cmd('x')] }] }),
      errors: [
        { messageId: 'ignored', path: 'hooks.UserPromptSubmit[0].matcher', message: /CodeBuddy Code ignores matchers/ },
      ],
    },
    {
      name: 'audited for Qwen (--target)',
      target: 'qwen',
      files: claude({ UserPromptSubmit: [{ matcher: 'x', hooks: [cmd('x')] }] }),
      errors: [{ messageId: 'ignored', message: /Qwen Code/ }],
    },
    {
      name: 'hooks.yaml',
      files: {
        'hooks.yaml': "version: '2.0.0'\nhooks:\n  - event: InputReceived\n    matcher: deploy\n    command: x\n",
      },
      errors: [{ messageId: 'ignored', path: 'hooks[0].matcher' }],
    },
  ],
});
