import rule from '../../../src/audit/rules/ask-headless.js';
import { expect, it } from 'vitest';
import { claude, cmd, codebuddy, codex, gemini, qwen, ruleTester, runRule } from '../rule-tester.js';

const pre = (command: string) => ({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd(command)] }] });
const at = 'hooks.PreToolUse[0].hooks[0].command';
const ask =
  `#!/bin/sh\necho ` +
  (`'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"co` +
    `nfirm"}}'\n`);

ruleTester(rule, {
  valid: [
    {
      name:
        "Claude's permissionDecision ask on Gemini CLI is not read (the tool runs; deny-dropped's concern, not a " +
        'hang)',
      files: { ...gemini({ BeforeTool: [{ matcher: 'run_shell_command', hooks: [cmd('./g.sh')] }] }), 'g.sh': ask },
    },
    { name: 'deny on CodeBuddy Code', files: { ...codebuddy(pre('./g.sh')), 'g.sh': ask.replace('"ask"', '"deny"') } },
    {
      name: '"ask" only in a comment',
      files: {
        ...codebuddy(pre('./g.sh')),
        'g.sh': '#!/bin/sh\n# permissionDecision: "ask" would hang here\nexit 0\n',
      },
    },
    {
      name: 'a wrapped Claude script on CodeBuddy (--ask deny)',
      files: { ...codebuddy(pre("hook-bridge run --from claude --to codebuddy -c './g.sh'")), 'g.sh': ask },
    },
    {
      name: 'not a PreToolUse hook',
      files: { ...codebuddy({ PermissionRequest: [{ hooks: [cmd('./g.sh')] }] }), 'g.sh': ask },
    },
  ],
  invalid: [
    {
      name: 'ask on Codex CLI voids the whole answer: the tool runs (d10)',
      files: codex({
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              cmd(
                `echo ` +
                  `'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecis` +
                  `ionReason":"sure?"}}'`,
              ),
            ],
          },
        ],
      }),
      errors: [
        {
          messageId: 'voided',
          message:
            'the command answers permissionDecision "ask" in PreToolUse: Codex CLI rejects ' +
            'the whole answer, so the tool runs without anyone being asked',
        },
      ],
    },
    {
      name: 'a top-level decision ask hangs Gemini CLI in -p (e2e gemini-facts)',
      files: {
        ...gemini({ BeforeTool: [{ matcher: 'run_shell_command', hooks: [cmd('./g.sh')] }] }),
        'g.sh': `#!/bin/sh\necho '{"decision":"ask","reason":"confirm"}'\n`,
      },
      errors: [
        {
          messageId: 'hangs',
          path: 'hooks.BeforeTool[0].hooks[0].command',
          message:
            './g.sh answers decision "ask" in BeforeTool: in headless runs (-p) ' +
            'Gemini CLI waits forever for an answer, so the run hangs',
        },
      ],
    },
    {
      name: 'CodeBuddy Code hangs in -p (t12)',
      files: { ...codebuddy(pre('./g.sh')), 'g.sh': ask },
      errors: [
        {
          messageId: 'hangs',
          path: at,
          message:
            './g.sh answers permissionDecision "ask" in PreToolUse: in headless runs (-p) ' +
            'CodeBuddy Code waits forever for an answer, so the run hangs',
        },
      ],
    },
    {
      name: 'Claude Code denies in -p (d10)',
      files: {
        ...claude(pre('./g.py')),
        'g.py':
          '#!/usr/bin/env python3\nimport ' +
          'json\nprint(json.dumps({"hookSpecificOutput": ' +
          '{"hookEventName": "PreToolUse", "permissionDecision": "ask"}}))\n',
      },
      errors: [
        {
          messageId: 'deniedHeadless',
          path: at,
          message:
            './g.py answers permissionDecision "ask" in PreToolUse: in headless ' +
            'runs (-p) Claude Code denies the tool instead of asking',
        },
      ],
    },
    {
      name: 'Qwen Code denies in -p (d12), inline jq',
      files: qwen(pre(`jq -n '{hookSpecificOutput: {permissionDecision: "ask"}}'`)),
      errors: [{ messageId: 'deniedHeadless', message: /^the command answers .* Qwen Code denies/ }],
    },
  ],
});

it('ask-headless: a hang is a warning, a headless deny only info', () => {
  expect(
    runRule(rule, { name: 'hang', files: { ...codebuddy(pre('./g.sh')), 'g.sh': ask } }).findings.map(
      (f) => f.severity,
    ),
  ).toEqual(['warning']);
  expect(
    runRule(rule, { name: 'deny', files: { ...claude(pre('./g.sh')), 'g.sh': ask } }).findings.map((f) => f.severity),
  ).toEqual(['info']);
});
