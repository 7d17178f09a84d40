import rule from '../../../src/audit/rules/timeout-default-shorter.js';
import { claude, cmd, codebuddy, qwen, ruleTester } from '../rule-tester.js';

const pre = (extra: object = {}) => ({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./slow.sh', extra)] }] });

ruleTester(rule, {
  valid: [
    { name: 'without --target', files: claude(pre()) },
    { name: 'an explicit timeout', target: 'qwen', files: claude(pre({ timeout: 600 })) },
    { name: 'a longer default on the target (Qwen 60 s -> Claude 600 s)', target: 'claude', files: qwen(pre()) },
    { name: 'the same default (CodeBuddy 60 s -> Qwen 60 s)', target: 'qwen', files: codebuddy(pre()) },
    {
      name: 'a prompt hook (its default is not known)',
      target: 'qwen',
      files: claude({ Stop: [{ hooks: [{ type: 'prompt', prompt: 'done?' }] }] }),
    },
  ],
  invalid: [
    {
      name: 'Claude 600 s -> Qwen 60 s',
      target: 'qwen',
      files: claude(pre()),
      errors: [
        {
          messageId: 'shorter',
          path: 'hooks.PreToolUse[0].hooks[0]',
          message: "no timeout set: killed after 60 s on Qwen Code (it relied on Claude Code's 600 s default)",
        },
      ],
    },
    {
      name: 'CodeBuddy Code 60 s -> the IDE plugin (unknown)',
      target: 'codebuddy-ide',
      files: codebuddy({ Stop: [{ hooks: [cmd('./s.sh')] }] }),
      errors: [
        {
          messageId: 'unknownDefault',
          path: 'hooks.Stop[0].hooks[0]',
          message:
            "no timeout set: CodeBuddy IDE plugin's default timeout is unknown, so it may " +
            "be killed early (it relied on CodeBuddy Code's 60 s default)",
        },
      ],
    },
  ],
});
