import rule from '../../../src/audit/rules/foreign-read-fails-closed.js';
import { gate } from '../../../src/dialects/foreign-gate.js';
import { claude, cmd, qwen, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    {
      name: 'no --target: audited for Claude Code',
      files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./g.sh')] }] }),
    },
    {
      name: 'a PostToolUse hook (a failure blocks nothing)',
      target: 'copilot',
      files: claude({ PostToolUse: [{ hooks: [cmd('./log.sh')] }] }),
    },
    {
      name: 'gated by convert --to copilot',
      target: 'copilot',
      files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd(gate('exit 2', 'copilot', 'claude'))] }] }),
    },
    {
      name: 'a file of another agent Copilot does not read',
      target: 'copilot',
      files: qwen({ PreToolUse: [{ matcher: 'run_shell_command', hooks: [cmd('exit 2')] }] }),
    },
  ],
  invalid: [
    {
      name: 'a PreToolUse guard in .claude/settings.json that blocks with exit 2',
      target: 'copilot',
      files: {
        ...claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./g.sh')] }] }),
        'g.sh': '#!/bin/sh\necho "no rm -rf" >&2\nexit 2\n',
      },
      errors: [
        {
          messageId: 'failsClosed',
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message:
            'GitHub Copilot CLI runs this hook from .claude/settings.json itself: if it fails (exit 1, a ' +
            'missing interpreter) the tool call is denied there, where Claude Code lets it run',
        },
        { messageId: 'reasonLost', path: 'hooks.PreToolUse[0].hooks[0].command' },
      ],
    },
    {
      name: 'a JSON-deny guard: only the failure class (no exit 2)',
      target: 'copilot',
      files: claude({ PreToolUse: [{ matcher: 'Write', hooks: [cmd('python3 -c \'print("{}")\'')] }] }),
      errors: [{ messageId: 'failsClosed' }],
    },
  ],
});
