import rule from '../../../src/audit/rules/script-not-executable.js';
import { claude, cmd, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    {
      name: 'executable script run directly',
      files: {
        ...claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('"$CLAUDE_PROJECT_DIR"/.claude/hooks/g.sh')] }] }),
        '.claude/hooks/g.sh': '#!/bin/sh\nexit 0\n',
      },
    },
    {
      name: 'non-executable script run through an interpreter',
      files: {
        ...claude({ Stop: [{ hooks: [cmd('bash hooks/s.sh'), cmd('python3 hooks/s.py')] }] }),
        'hooks/s.sh': 'echo\n',
        'hooks/s.py': 'print(1)\n',
      },
      notExecutable: ['hooks/s.sh', 'hooks/s.py'],
    },
    { name: 'a missing script is script-missing', files: claude({ Stop: [{ hooks: [cmd('./gone.sh')] }] }) },
    { name: 'inline commands', files: claude({ Stop: [{ hooks: [cmd('echo done')] }] }) },
  ],
  invalid: [
    {
      name: 'chmod lost (git checkout on Windows, a zip)',
      files: {
        ...claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('"$CLAUDE_PROJECT_DIR"/.claude/hooks/g.sh')] }] }),
        '.claude/hooks/g.sh': '#!/bin/sh\nexit 2\n',
      },
      notExecutable: ['.claude/hooks/g.sh'],
      errors: [
        {
          messageId: 'notExecutable',
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message:
            '$CLAUDE_PROJECT_DIR/.claude/hooks/g.sh is not executable: every call fails with exit 126, ' +
            'a non-blocking error on Claude Code: the hook never runs and blocks nothing',
        },
      ],
    },
    {
      name: 'a python script run directly',
      files: { ...claude({ Stop: [{ hooks: [cmd('./check.py --strict')] }] }), 'check.py': '#!/usr/bin/env python3\n' },
      notExecutable: ['check.py'],
      errors: [{ messageId: 'notExecutable', message: /^\.\/check\.py is not executable/ }],
    },
  ],
});
