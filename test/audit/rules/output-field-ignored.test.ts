import rule from '../../../src/audit/rules/output-field-ignored.js';
import { claude, cmd, codebuddy, codex, gemini, qwen, ruleTester } from '../rule-tester.js';

const pre = (command: string) => ({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd(command)] }] });
const at = 'hooks.PreToolUse[0].hooks[0].command';
const answer = (o: object) =>
  `#!/bin/sh\n# a hook answering ${Object.keys(o).join(', ')}\ncat <<'JSON'\n${JSON.stringify(o)}\nJSON\n`;
const hso = (o: object) => answer({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...o } });
const ide = (hooks: object) => ({ '.codebuddy/settings.json': { hooks } });

ruleTester(rule, {
  valid: [
    {
      name: '{"decision": "ask"} on Gemini CLI (read there)',
      files: {
        ...gemini({ BeforeTool: [{ matcher: 'run_shell_command', hooks: [cmd('./g.sh')] }] }),
        'g.sh': `#!/bin/sh\necho '{"decision": "ask", "reason": "sure?"}'\n`,
      },
    },
    {
      name: 'additionalContext on an event whose reading is not researched (Claude Code Setup)',
      files: { ...claude({ Setup: [{ hooks: [cmd('./g.sh')] }] }), 'g.sh': hso({ additionalContext: 'ctx' }) },
    },
    {
      name: 'tool_input on Gemini CLI (its rewrite field)',
      files: {
        ...gemini({ BeforeTool: [{ matcher: 'run_shell_command', hooks: [cmd('./g.sh')] }] }),
        'g.sh': answer({ hookSpecificOutput: { tool_input: { command: 'ls' } } }),
      },
    },
    {
      name: 'updatedInput on CodeBuddy Code (merged, t30)',
      files: { ...codebuddy(pre('./g.sh')), 'g.sh': hso({ updatedInput: { command: 'ls' } }) },
    },
    {
      name: 'modifiedInput on the CodeBuddy IDE plugin (its rewrite field)',
      files: {
        ...ide({ PreToolUse: [{ matcher: 'execute_command', hooks: [cmd('./g.sh')] }] }),
        'g.sh': hso({ modifiedInput: { command: 'ls' } }),
      },
    },
    {
      name: 'modifiedInput only in a comment',
      files: { ...codebuddy(pre('./g.sh')), 'g.sh': '#!/bin/sh\n# modifiedInput: would be ignored here\nexit 0\n' },
    },
    {
      name: 'additionalContext from PreToolUse on Claude Code (d16)',
      files: { ...claude(pre('./g.sh')), 'g.sh': hso({ additionalContext: 'ctx' }) },
    },
    {
      name: 'additionalContext from PostToolUse on Qwen Code (p01)',
      files: {
        ...qwen({ PostToolUse: [{ hooks: [cmd('./g.sh')] }] }),
        'g.sh': answer({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'ctx' } }),
      },
    },
    {
      name: '"allow" on CodeBuddy Code',
      files: { ...codebuddy(pre('./g.sh')), 'g.sh': hso({ permissionDecision: 'allow' }) },
    },
    {
      name: '"approve" on Claude Code (d06)',
      files: { ...claude(pre('./g.sh')), 'g.sh': answer({ decision: 'approve' }) },
    },
    {
      name: '"approve" on Codex CLI voids the whole answer: answer-void reports it, not this rule',
      files: { ...codex(pre('./g.sh')), 'g.sh': answer({ decision: 'approve' }) },
    },
    {
      name: 'a wrapped Claude script on Qwen (translated)',
      files: {
        ...qwen(pre("hook-bridge run --from claude --to qwen -c './g.sh'")),
        'g.sh': hso({ permissionDecision: 'allow', updatedInput: { command: 'ls' } }),
      },
    },
  ],
  invalid: [
    {
      // sethdf/lifemaestro's pre-bash.sh: `test` shows "none" on Claude Code for it (issue 30)
      name: '{"decision": "ask"} on Claude Code, which reads no top-level ask',
      files: { ...claude(pre('./g.sh')), 'g.sh': `#!/bin/sh\necho '{"decision": "ask", "reason": "sure?"}'\nexit 0\n` },
      errors: [
        {
          messageId: 'askIgnored',
          severity: 'warning',
          message:
            './g.sh answers decision "ask", which Claude Code does not read: nobody is asked, and the tool goes ' +
            'through its usual permission check',
        },
      ],
    },
    {
      name: 'modifiedInput on Codex CLI (an unknown field there: answer-void says so too)',
      files: codex({
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              cmd(`echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","modifiedInput":{"command":"ls"}}}'`),
            ],
          },
        ],
      }),
      errors: [{ messageId: 'modifiedInputIgnored' }],
    },
    {
      name: 'updatedInput on Gemini CLI (it reads hookSpecificOutput.tool_input)',
      files: {
        ...gemini({ BeforeTool: [{ matcher: 'run_shell_command', hooks: [cmd('./g.sh')] }] }),
        'g.sh': hso({ updatedInput: { command: 'ls' } }),
      },
      errors: [{ messageId: 'updatedInputIgnored', path: 'hooks.BeforeTool[0].hooks[0].command' }],
    },
    {
      name: 'modifiedInput on CodeBuddy Code (t04)',
      files: { ...codebuddy(pre('./g.sh')), 'g.sh': hso({ modifiedInput: { command: 'echo MODIFIED' } }) },
      errors: [
        {
          messageId: 'modifiedInputIgnored',
          path: at,
          message:
            './g.sh answers modifiedInput, which CodeBuddy Code ignores: the ' +
            'rewrite is silently lost and the original input runs',
        },
      ],
    },
    {
      name: 'updatedInput in an inline command on Qwen Code (d13, d14)',
      files: qwen(pre(`echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls"}}}'`)),
      errors: [
        {
          messageId: 'updatedInputIgnored',
          path: at,
          message: /^the command answers updatedInput, which Qwen Code ignores/,
        },
      ],
    },
    {
      name: 'updatedInput on the CodeBuddy IDE plugin',
      files: {
        ...ide({ PreToolUse: [{ matcher: 'execute_command', hooks: [cmd('./g.py')] }] }),
        'g.py':
          '#!/usr/bin/env python3\nimport ' +
          'json\nprint(json.dumps({"hookSpecificOutput": {"updatedInput": {"command": "ls"}}}))\n',
      },
      errors: [{ messageId: 'updatedInputIgnored', message: /CodeBuddy IDE plugin ignores/ }],
    },
    {
      name: 'additionalContext from PreToolUse on Qwen Code (d17)',
      files: { ...qwen(pre('./g.sh')), 'g.sh': hso({ additionalContext: 'remember X' }) },
      errors: [
        {
          messageId: 'contextDropped',
          path: at,
          message: './g.sh answers additionalContext from PreToolUse, which Qwen Code drops: the model never sees it',
        },
      ],
    },
    {
      name: 'additionalContext from PreToolUse on CodeBuddy Code (x01)',
      files: {
        ...codebuddy(pre('./g.js')),
        'g.js':
          '#!/usr/bin/env node\nconsole.log(JSON.stringify({ hookSpecificOutput: { additionalContext: "x" } }))\n',
      },
      errors: [{ messageId: 'contextDropped', message: /CodeBuddy Code drops/ }],
    },
    {
      name: 'additionalContext from BeforeTool on Gemini CLI (e2e differential pre-context, copied as it is)',
      files: {
        '.gemini/settings.json': { hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [cmd('./g.sh')] }] } },
        'g.sh': `#!/bin/sh\necho '{"hookSpecificOutput":{"hookEventName":"BeforeTool","additionalContext":"x"}}'\n`,
      },
      errors: [{ messageId: 'contextDropped', message: /from BeforeTool, which Gemini CLI drops/ }],
    },
    {
      name: '"allow" on Qwen Code (d09, ag01)',
      files: { ...qwen(pre('./g.sh')), 'g.sh': hso({ permissionDecision: 'allow' }) },
      errors: [
        {
          messageId: 'allowIgnored',
          path: at,
          message:
            `./g.sh answers permissionDecision "allow", which Qwen Code does not honour: ` +
            `the tool still goes through its permission check, and as Qwen Code lets the ` +
            `last hook to answer win, it can override another hook's deny`,
        },
      ],
    },
    {
      name: '"allow" with shell-escaped JSON',
      files: qwen(pre('echo "{\\"permissionDecision\\": \\"allow\\"}"')),
      errors: [{ messageId: 'allowIgnored' }],
    },
    {
      name: '"approve" on CodeBuddy Code (v05)',
      files: { ...codebuddy(pre('./g.sh')), 'g.sh': answer({ decision: 'approve', reason: 'ok' }) },
      errors: [
        {
          messageId: 'approveIgnored',
          path: at,
          message:
            './g.sh answers decision "approve", which CodeBuddy Code does not honour (it ' +
            'knows only "block"): the tool still goes through its permission check',
        },
      ],
    },
    {
      name: '"approve" and updatedInput on Qwen Code',
      files: {
        ...qwen(pre('./g.sh')),
        'g.sh': answer({ decision: 'approve', hookSpecificOutput: { updatedInput: {} } }),
      },
      errors: [{ messageId: 'updatedInputIgnored' }, { messageId: 'approveIgnored' }],
    },
  ],
});
