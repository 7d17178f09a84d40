import rule from '../../../src/audit/rules/timeout-blocks-tool.js';
import { claude, cmd, codebuddy, qwen, ruleTester } from '../rule-tester.js';

const pre = (command: string, extra: object = {}) => ({
  PreToolUse: [{ matcher: 'Bash', hooks: [cmd(command, extra)] }],
});

ruleTester(rule, {
  valid: [
    { name: 'on Claude Code (to1: the tool runs)', files: claude(pre('./g.sh')) },
    { name: 'on Qwen Code (to01: the tool runs)', files: qwen(pre('./g.sh')) },
    {
      name: 'a wrapped Claude hook on CodeBuddy Code',
      files: codebuddy(pre("hook-bridge run --from claude --to codebuddy --timeout 30 -c './g.sh'", { timeout: 35 })),
    },
    {
      name: 'a non-blocking event on CodeBuddy Code',
      files: codebuddy({ PostToolUse: [{ matcher: 'Write', hooks: [cmd('./fmt.sh')] }] }),
    },
  ],
  invalid: [
    {
      name: 'PreToolUse on CodeBuddy Code (t13)',
      files: codebuddy(pre('./g.sh', { timeout: 2 })),
      errors: [
        {
          messageId: 'blocks',
          path: 'hooks.PreToolUse[0].hooks[0].timeout',
          message:
            'if this PreToolUse hook times out (after 2 s), CodeBuddy Code blocks the tool; Claude Code, ' +
            'Qwen Code, Gemini CLI, Codex CLI, GitHub Copilot CLI, Pi, OpenCode, Cline and Kilo Code CLI would let it proceed',
        },
      ],
    },
    {
      name: 'UserPromptSubmit on CodeBuddy Code, default timeout',
      files: codebuddy({ UserPromptSubmit: [{ hooks: [cmd('./u.sh')] }] }),
      errors: [
        {
          messageId: 'blocks',
          path: 'hooks.UserPromptSubmit[0].hooks[0]',
          message:
            /^if this UserPromptSubmit hook times out \(after 60 s, its default\), CodeBuddy Code drops the prompt;/,
        },
      ],
    },
  ],
});
