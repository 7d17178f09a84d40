import rule from '../../../src/audit/rules/matcher-dead.js';
import { claude, cmd, codebuddy, gemini, qwen, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    {
      name: 'Gemini: one value per entry; a regex on its own tool names',
      files: gemini({
        SessionStart: [{ matcher: 'startup', hooks: [cmd('x')] }],
        BeforeTool: [{ matcher: 'run_shell_command|write_file', hooks: [cmd('y')] }],
      }),
    },
    { name: 'Claude names on Claude', files: claude({ PreToolUse: [{ matcher: 'Bash|Write', hooks: [cmd('x')] }] }) },
    {
      name: 'exact Claude names on Qwen (aliases)',
      files: qwen({ PreToolUse: [{ matcher: 'Bash|Write', hooks: [cmd('x')] }] }),
    },
    {
      name: 'anchored Qwen names',
      files: qwen({ PreToolUse: [{ matcher: '^(write_file|edit)$', hooks: [cmd('x')] }] }),
    },
    { name: 'MCP patterns', files: qwen({ PreToolUse: [{ matcher: 'mcp__github__.*', hooks: [cmd('x')] }] }) },
    { name: 'non-tool event', files: qwen({ SessionStart: [{ matcher: 'startup', hooks: [cmd('x')] }] }) },
    {
      name: 'hooks.yaml runs on any host: MultiEdit and Glob may fire there',
      files: {
        'hooks.yaml': "version: '2.0.0'\nhooks:\n  - { event: PreToolUse, matcher: MultiEdit|Glob, command: ./x.sh }\n",
      },
    },
    {
      // Deferred behind ToolSearch or enabled by the session (observed/claude/builtin-tools.json; issue 30)
      name: 'tools Claude Code has but did not offer headless',
      files: claude({
        PreToolUse: [
          { matcher: 'TaskCreate|TaskUpdate', hooks: [cmd('x')] },
          { matcher: 'EnterPlanMode', hooks: [cmd('y')] },
          { matcher: 'ExitPlanMode', hooks: [cmd('z')] },
          { matcher: 'AskUserQuestion', hooks: [cmd('w')] },
        ],
      }),
    },
    {
      name: 'Glob alongside a tool Claude always offers',
      files: claude({ PreToolUse: [{ matcher: 'Glob|Bash', hooks: [cmd('x')] }] }),
    },
  ],
  invalid: [
    {
      name: 'TodoWrite on Claude Code: only with the Task* tools off (a warning, not dead)',
      files: claude({ PostToolUse: [{ matcher: 'TodoWrite', hooks: [cmd('x')] }] }),
      errors: [
        {
          messageId: 'conditionalOnly',
          severity: 'warning',
          message:
            'matcher "TodoWrite" names only tools Claude Code offers when enabled (TodoWrite: ' +
            'CLAUDE_CODE_ENABLE_TASKS=false (the Task* tools take its place otherwise)): this hook runs only in ' +
            'sessions that enable them',
        },
      ],
    },
    {
      name: 'Gemini: a SessionStart |-list never fires (one exact string)',
      files: gemini({ SessionStart: [{ matcher: 'startup|resume', hooks: [cmd('x'), cmd('y')] }] }),
      errors: [
        {
          messageId: 'valueList',
          path: 'hooks.SessionStart[0].matcher',
          message:
            'matcher "startup|resume" never fires on Gemini CLI: it compares ' +
            'source to the whole string; write one entry per value',
        },
      ],
    },
    {
      name: 'Gemini: Claude tool names on BeforeTool',
      files: gemini({ BeforeTool: [{ matcher: 'Bash', hooks: [cmd('x')] }] }),
      errors: [{ messageId: 'deadForeign', path: 'hooks.BeforeTool[0].matcher' }],
    },
    {
      name: 'a Claude regex on Qwen (fixable)',
      files: qwen({ PreToolUse: [{ matcher: '^Bash$', hooks: [cmd('x')] }] }),
      errors: [
        {
          messageId: 'deadForeign',
          path: 'hooks.PreToolUse[0].matcher',
          message:
            'matcher "^Bash$" fires for no Qwen Code tool: this hook never runs; read ' +
            'as a Claude Code matcher it means "^run_shell_command$" here',
        },
      ],
    },
    {
      name: 'a regex that names nothing anywhere',
      files: qwen({ PreToolUse: [{ matcher: '^Nope.*$', hooks: [cmd('x')] }] }),
      errors: [{ messageId: 'dead' }],
    },
    {
      name: 'IDE names, audited for CodeBuddy Code (the CLI reads the same file)',
      target: 'codebuddy',
      files: codebuddy({ PreToolUse: [{ matcher: 'execute_command|write_to_file', hooks: [cmd('x')] }] }),
      errors: [{ messageId: 'dead' }],
    },
    {
      name: 'an array matcher on Qwen',
      files: qwen({ PreToolUse: [{ matcher: ['run_shell_command'], hooks: [cmd('x')] }] }),
      errors: [{ messageId: 'dead' }],
    },
    {
      name: 'only removed tools on Claude',
      files: claude({ PreToolUse: [{ matcher: 'MultiEdit|LS', hooks: [cmd('x')] }] }),
      errors: [{ messageId: 'historicalOnly', message: /MultiEdit, LS/ }],
    },
    {
      name: 'only Glob/Grep on Claude (offered with --allowedTools only): a warning',
      files: claude({ PostToolUse: [{ matcher: 'Glob|Grep', hooks: [cmd('x')] }] }),
      errors: [
        {
          messageId: 'conditionalOnly',
          severity: 'warning',
          message:
            'matcher "Glob|Grep" names only tools Claude Code offers when enabled (Glob, Grep: ' +
            '--allowedTools or --tools naming it): this hook runs only in sessions that enable them',
        },
      ],
    },
    {
      name: 'Claude config audited for Qwen',
      target: 'qwen',
      files: claude({ PostToolUse: [{ matcher: '(Write|Edit)', hooks: [cmd('x')] }] }),
      errors: [{ messageId: 'dead' }],
    },
  ],
});
