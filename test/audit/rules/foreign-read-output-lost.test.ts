import rule from '../../../src/audit/rules/foreign-read-output-lost.js';
import { gate } from '../../../src/dialects/foreign-gate.js';
import { claude, cmd, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    { name: 'no --target', files: claude({ UserPromptSubmit: [{ hooks: [cmd('echo ctx')] }] }) },
    {
      name: 'PreToolUse context reaches the model there (d:claude-pre-additionalContext)',
      target: 'copilot',
      files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('echo ctx')] }] }),
    },
    {
      name: 'gated',
      target: 'copilot',
      files: claude({ SessionStart: [{ hooks: [cmd(gate('cat notes.md', 'copilot', 'claude'))] }] }),
    },
  ],
  invalid: [
    {
      name: 'UserPromptSubmit and SessionStart context, PostToolUse context and exit-2 feedback, Stop exit 2',
      target: 'copilot',
      files: claude({
        UserPromptSubmit: [{ hooks: [cmd('echo branch')] }],
        SessionStart: [{ hooks: [cmd('cat notes.md')] }],
        PostToolUse: [{ hooks: [cmd('./lint.sh')] }],
        Stop: [{ hooks: [cmd('./more.sh')] }],
      }),
      errors: [
        {
          messageId: 'contextLost',
          path: 'hooks.UserPromptSubmit[0].hooks[0].command',
          message:
            'GitHub Copilot CLI runs this hook from .claude/settings.json itself: ' +
            'on UserPromptSubmit its context (stdout, additionalContext) does not ' +
            'reach the model there, as it does on Claude Code',
        },
        { messageId: 'contextLost', path: 'hooks.SessionStart[0].hooks[0].command' },
        { messageId: 'contextLost', path: 'hooks.PostToolUse[0].hooks[0].command' },
        {
          messageId: 'feedbackLost',
          path: 'hooks.PostToolUse[0].hooks[0].command',
          message: /on PostToolUse its exit 2 changes nothing there \(on Claude Code its stderr reaches the model\)/,
        },
        { messageId: 'feedbackLost', path: 'hooks.Stop[0].hooks[0].command', message: /it keeps the agent going/ },
      ],
    },
  ],
});
