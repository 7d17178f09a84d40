import rule from '../../../src/audit/rules/matcher-overmatch.js';
import { claude, cmd, codebuddy, qwen, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    {
      name: 'Claude reads name lists exactly',
      files: claude({ PreToolUse: [{ matcher: 'Edit|Task', hooks: [cmd('x')] }] }),
    },
    { name: 'anchored on CodeBuddy', files: codebuddy({ PreToolUse: [{ matcher: '^Edit$', hooks: [cmd('x')] }] }) },
    {
      name: 'Bash matches only Bash on CodeBuddy',
      files: codebuddy({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('x')] }] }),
    },
  ],
  invalid: [
    {
      name: 'Edit on CodeBuddy also matches NotebookEdit',
      files: codebuddy({ PreToolUse: [{ matcher: 'Edit', hooks: [cmd('x')] }] }),
      errors: [
        {
          messageId: 'over',
          path: 'hooks.PreToolUse[0].matcher',
          message: 'matcher "Edit" also fires for NotebookEdit, ImageEdit on CodeBuddy Code; anchor it: "^Edit$"',
        },
      ],
    },
    {
      name: 'Task on CodeBuddy matches the Task* tools',
      files: codebuddy({ PreToolUse: [{ matcher: 'Task', hooks: [cmd('x')] }] }),
      errors: [{ messageId: 'over', message: /TaskCreate/ }],
    },
    {
      name: 'edit on Qwen also matches notebook_edit',
      files: qwen({ PreToolUse: [{ matcher: 'write_file|edit', hooks: [cmd('x')] }] }),
      errors: [{ messageId: 'over', message: /notebook_edit.*"\^\(write_file\|edit\)\$"/ }],
    },
  ],
});
