import rule from '../../../src/audit/rules/foreign-tool-literal.js';
import { claude, cmd, qwen, ruleTester } from '../rule-tester.js';

const guard = '#!/usr/bin/env bash\ntool=$(jq -r .tool_name)\nif [ "$tool" = "Bash" ]; then exit 2; fi\n';
ruleTester(rule, {
  valid: [
    {
      name: 'Claude names on Claude',
      files: { ...claude({ PreToolUse: [{ hooks: [cmd('./g.sh')] }] }), 'g.sh': guard },
    },
    {
      name: 'a wrapped Claude script on Qwen',
      files: {
        ...qwen({ PreToolUse: [{ hooks: [cmd("hook-bridge run --from claude --to qwen -c './g.sh'")] }] }),
        'g.sh': guard,
      },
    },
  ],
  invalid: [
    {
      name: 'an unwrapped Claude script on Qwen',
      files: { ...qwen({ PreToolUse: [{ hooks: [cmd('./g.sh')] }] }), 'g.sh': guard },
      errors: [
        {
          messageId: 'foreign',
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message:
            './g.sh compares tool name "Bash" (Claude Code); Qwen Code calls that ' +
            'tool "run_shell_command", so the check never matches',
        },
      ],
    },
    {
      name: 'an IDE literal in an inline command on CodeBuddy',
      files: {
        '.codebuddy/settings.json': {
          hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd(`jq -e '.tool_name == "execute_command"'`)] }] },
        },
      },
      errors: [{ messageId: 'foreign', message: /"execute_command"/ }],
    },
  ],
});
