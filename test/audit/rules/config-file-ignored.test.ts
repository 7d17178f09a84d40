import rule from '../../../src/audit/rules/config-file-ignored.js';
import { claude, cmd, ruleTester } from '../rule-tester.js';

const commented =
  '{\n  // team hooks\n  "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "x" } ] } ] }\n}\n';
const trailing = '{\n  "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "x" }, ] } ] }\n}\n';
ruleTester(rule, {
  valid: [
    { name: 'plain JSON', files: claude({ Stop: [{ hooks: [cmd('x')] }] }) },
    { name: 'comments on Qwen Code (accepted)', files: { '.qwen/settings.json': commented } },
    { name: 'trailing commas on CodeBuddy Code (accepted)', files: { '.codebuddy/settings.json': trailing } },
    {
      name: 'a comma inside a string is not a trailing comma',
      files: {
        '.qwen/settings.json':
          '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "echo a, ]" } ] } ] } }',
      },
    },
  ],
  invalid: [
    {
      name: 'a // comment in .claude/settings.json',
      files: { '.claude/settings.json': commented },
      errors: [
        {
          messageId: 'comment',
          message: 'Claude Code ignores this whole file because of the comment at 2:3: none of its 1 hook(s) run',
        },
      ],
    },
    {
      name: 'a trailing comma in .qwen/settings.json',
      files: { '.qwen/settings.json': trailing },
      errors: [
        {
          messageId: 'trailingComma',
          message: 'Qwen Code ignores this whole file because of the trailing comma at 2:74: none of its 1 hook(s) run',
        },
      ],
    },
    {
      name: 'a commented Qwen file audited for Claude (--target)',
      target: 'claude',
      files: { '.qwen/settings.json': commented },
      errors: [{ messageId: 'comment', file: '.qwen/settings.json' }],
    },
  ],
});
