import rule from '../../../src/audit/rules/event-unsupported.js';
import { claude, cmd, codebuddy, qwen, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    {
      name: 'known events',
      files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('x')] }], SessionEnd: [{ hooks: [cmd('y')] }] }),
    },
    { name: 'Qwen todo events on Qwen', files: qwen({ TodoCreated: [{ hooks: [cmd('x')] }] }) },
    // Documented (the agent's own bundle), not observed: still an event of that agent.
    {
      name: 'Claude Notification and Setup on Claude',
      files: claude({ Notification: [{ matcher: 'idle_prompt', hooks: [cmd('x')] }], Setup: [{ hooks: [cmd('y')] }] }),
    },
    {
      name: "Claude's 2.1.332 PreSkillShellCommand on Claude",
      files: claude({ PreSkillShellCommand: [{ hooks: [cmd('x')] }] }),
    },
    { name: 'Qwen SessionEnd (seed 001) on Qwen', files: qwen({ SessionEnd: [{ hooks: [cmd('x')] }] }) },
    {
      name: 'CodeBuddy Notification for Qwen',
      target: 'qwen',
      files: codebuddy({ Notification: [{ hooks: [cmd('x')] }] }),
    },
    {
      name: 'Qwen 1.x documented events are Qwen events',
      target: 'qwen',
      files: claude({ ConfigChange: [{ hooks: [cmd('x')] }] }),
    },
  ],
  invalid: [
    {
      name: 'a typo',
      files: claude({ PreToolUSe: [{ hooks: [cmd('x')] }] }),
      errors: [
        {
          messageId: 'unknown',
          path: 'hooks.PreToolUSe',
          message: '"PreToolUSe" is not a hook event of Claude Code (did you mean PreToolUse?)',
        },
      ],
    },
    {
      name: 'a name never seen anywhere (maybe newer): a warning',
      files: claude({ PostWorldEnd: [{ hooks: [cmd('x')] }] }),
      errors: [{ messageId: 'unseen', path: 'hooks.PostWorldEnd', severity: 'warning' }],
    },
    {
      name: 'an event the target lacks (its bundle declares every event)',
      target: 'codebuddy',
      files: claude({ PreModelSwitch: [{ hooks: [cmd('x')] }] }),
      errors: [
        { messageId: 'absent', path: 'hooks.PreModelSwitch', message: 'CodeBuddy Code has no PreModelSwitch event' },
      ],
    },
    {
      name: 'an event the target is not known to have',
      target: 'qwen',
      files: claude({ Setup: [{ hooks: [cmd('x')] }] }),
      errors: [
        { messageId: 'absent', path: 'hooks.Setup', message: 'Qwen Code has no Setup event that hook-bridge knows of' },
      ],
    },
    {
      name: 'a Qwen event on CodeBuddy',
      files: codebuddy({ TodoCreated: [{ hooks: [cmd('x')] }] }),
      errors: [{ messageId: 'absent', path: 'hooks.TodoCreated' }],
    },
  ],
});
