import rule from '../../../src/audit/rules/hook-type-unsupported.js';
import { claude, cmd, codebuddy, qwen, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    {
      name: 'command hooks everywhere',
      files: { ...claude({ Stop: [{ hooks: [cmd('x')] }] }), ...qwen({ Stop: [{ hooks: [cmd('x')] }] }) },
    },
    {
      name: 'agent hooks on Claude Code',
      files: claude({ Stop: [{ hooks: [{ type: 'agent', prompt: 'check the tests' }] }] }),
    },
    {
      name: 'prompt and http hooks on Qwen Code',
      files: qwen({
        Stop: [
          {
            hooks: [
              { type: 'prompt', prompt: 'done?' },
              { type: 'http', url: 'http://localhost:1/h' },
            ],
          },
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'hooks.yaml has command hooks only (seed 002)',
      target: 'hooks-yaml',
      files: claude({ Stop: [{ hooks: [{ type: 'prompt', prompt: 'done?' }] }] }),
      errors: [
        {
          messageId: 'unsupported',
          path: 'hooks.Stop[0].hooks[0].type',
          message: /not run by hooks\.yaml .*it runs command/,
        },
      ],
    },
    {
      name: 'an agent hook on Qwen Code',
      files: qwen({ Stop: [{ hooks: [{ type: 'agent', prompt: 'check the tests' }] }] }),
      errors: [
        {
          messageId: 'unsupported',
          path: 'hooks.Stop[0].hooks[0].type',
          message:
            /^hook type "agent" is not run by Qwen Code \(it runs command, .*\): this hook is ignored or rejected there$/,
        },
      ],
    },
    {
      name: 'Claude agent hook audited for Qwen Code (--target)',
      target: 'qwen',
      files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'agent', prompt: 'p' }] }] }),
      errors: [{ messageId: 'unsupported', path: 'hooks.PreToolUse[0].hooks[0].type' }],
    },
    {
      name: 'a misspelt type',
      files: codebuddy({ Stop: [{ hooks: [{ type: 'comand', command: 'x' }] }] }),
      errors: [{ messageId: 'unsupported', message: /^hook type "comand" is not run by CodeBuddy Code/ }],
    },
  ],
});
