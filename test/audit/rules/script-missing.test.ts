import rule from '../../../src/audit/rules/script-missing.js';
import { claude, cmd, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    {
      name: 'existing script via $CLAUDE_PROJECT_DIR',
      files: {
        ...claude({ Stop: [{ hooks: [cmd('"$CLAUDE_PROJECT_DIR"/.claude/hooks/a.sh')] }] }),
        '.claude/hooks/a.sh': '#!/bin/sh\n',
      },
    },
    {
      name: 'interpreter + relative path',
      files: { ...claude({ Stop: [{ hooks: [cmd('python3 hooks/a.py --flag')] }] }), 'hooks/a.py': 'print(1)\n' },
    },
    {
      // affaan-m/everything-claude-code: 28 hooks `node -e "<3 KB of JavaScript>"` (issue 30)
      name: 'inline code is code, never a path',
      files: claude({
        Stop: [
          {
            hooks: [
              cmd(`node -e "const p=require('path');process.stdout.write(p.join('a','b'))"`),
              cmd('node --eval "1"'),
              cmd('python3 -c "import sys; sys.exit(0)"'),
              cmd('python3 -m json.tool'),
              cmd("bash -c 'echo hi'"),
              cmd("sh -ec 'echo hi'"),
              cmd("python3 - <<'EOF'\nprint(1)\nEOF"),
              cmd('deno eval "console.log(1)"'),
              cmd("ruby -e 'puts 1'"),
            ],
          },
        ],
      }),
    },
    {
      name: 'options that take a value are not the script',
      files: {
        ...claude({
          Stop: [
            { hooks: [cmd('node --require ./setup.js g.js'), cmd('uv run --with rich g.py'), cmd('deno run -A g.ts')] },
          ],
        }),
        'setup.js': '',
        'g.js': '',
        'g.py': '',
        'g.ts': '',
      },
    },
    {
      name: 'inline commands have no script',
      files: claude({ Stop: [{ hooks: [cmd('echo hi | jq .'), cmd('npx prettier --write .')] }] }),
    },
  ],
  invalid: [
    {
      name: 'missing project script',
      files: claude({ Stop: [{ hooks: [cmd('"$CLAUDE_PROJECT_DIR"/.claude/hooks/gone.sh')] }] }),
      errors: [
        {
          messageId: 'missing',
          path: 'hooks.Stop[0].hooks[0].command',
          message:
            /^"\$CLAUDE_PROJECT_DIR"\/\.claude\/hooks\/gone\.sh|\$CLAUDE_PROJECT_DIR\/\.claude\/hooks\/gone\.sh does not exist \(resolved to \.claude\/hooks\/gone\.sh\)/,
        },
      ],
    },
    {
      name: 'missing python script',
      files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('python3 ./guard.py')] }] }),
      errors: [{ messageId: 'missing', message: /\.\/guard\.py does not exist/ }],
    },
    // python3 exits 2 when its script is missing: Claude Code blocks every call the hook fires for.
    {
      name: 'missing python script on a blocking event: exit 2 blocks',
      files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('python3 ./guard.py')] }] }),
      errors: [
        {
          messageId: 'missing',
          message:
            './guard.py does not exist (resolved to guard.py): every call fails with exit 2, and ' +
            'Claude Code reads that as a block: every PreToolUse it fires for is blocked',
        },
      ],
    },
    {
      name: 'missing shell script run directly: exit 127, non-blocking',
      files: claude({ Stop: [{ hooks: [cmd('./gone.sh')] }] }),
      errors: [
        {
          messageId: 'missing',
          message:
            './gone.sh does not exist (resolved to gone.sh): every call fails with exit 127, a ' +
            'non-blocking error on Claude Code: the hook never runs and blocks nothing',
        },
      ],
    },
    {
      name: 'missing node script on PostToolUse: exit 1',
      files: claude({ PostToolUse: [{ matcher: 'Write', hooks: [cmd('node ./fmt.js')] }] }),
      errors: [
        {
          messageId: 'missing',
          message:
            /: every call fails with exit 1, a non-blocking error on Claude Code: the hook never runs and blocks nothing$/,
        },
      ],
    },
  ],
});
