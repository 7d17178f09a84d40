import rule from '../../../src/audit/rules/config-not-read.js';
import { claude, cmd, qwen, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    { name: 'hooks in .qwen/settings.json', files: qwen({ Stop: [{ hooks: [cmd('x')] }] }) },
    { name: 'Claude hooks audited for Claude', files: claude({ Stop: [{ hooks: [cmd('x')] }] }) },
  ],
  invalid: [
    // The message says what the agent does, without the evidence id of the data (ground truth c02).
    {
      name: '.qwen/settings.local.json',
      files: { '.qwen/settings.local.json': { hooks: { Stop: [{ hooks: [cmd('x')] }] } } },
      errors: [
        {
          messageId: 'unread',
          file: '.qwen/settings.local.json',
          message: 'Qwen Code does not read .qwen/settings.local.json: its 1 hook(s) never run',
        },
      ],
    },
    {
      name: 'Claude hooks on Qwen',
      target: 'qwen',
      files: claude({ Stop: [{ hooks: [cmd('x')] }] }),
      errors: [
        {
          messageId: 'otherAgent',
          message: 'Qwen Code does not read .claude/settings.json: its 1 hook(s) never run there',
        },
      ],
    },
    {
      name: 'Claude hooks on Qwen, converted already: a note, no convert to run',
      target: 'qwen',
      files: {
        ...claude({ Stop: [{ hooks: [cmd('x')] }] }),
        ...qwen({ Stop: [{ hooks: [cmd("hook-bridge run --from claude --to qwen -c 'x'")] }] }),
      },
      errors: [
        {
          messageId: 'converted',
          severity: 'info',
          message:
            "Qwen Code does not read .claude/settings.json; .qwen/settings.json holds hook-bridge's conversion " +
            'of its 1 hook(s), which runs them there',
        },
      ],
    },
  ],
});
