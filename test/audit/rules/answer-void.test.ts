import rule from '../../../src/audit/rules/answer-void.js';
import { claude, cmd, codex, ruleTester } from '../rule-tester.js';

const pre = (command: string) => ({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd(command)] }] });
const say = (json: object) => `echo '${JSON.stringify(json)}'`;
const hso = (o: object) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...o } });

ruleTester(rule, {
  valid: [
    {
      name: 'a deny with its reason on Codex CLI',
      files: codex(pre(say(hso({ permissionDecision: 'deny', permissionDecisionReason: 'no' })))),
    },
    {
      name: 'allow with a rewrite on Codex CLI (d11)',
      files: codex(pre(say(hso({ permissionDecision: 'allow', updatedInput: { command: 'ls' } })))),
    },
    {
      name: 'a bare allow on Claude Code (its schema is not strict)',
      files: claude(pre(say(hso({ permissionDecision: 'allow' })))),
    },
    {
      name: 'wrapped on Codex CLI: run answers in its schema',
      files: {
        ...codex(pre("hook-bridge run --from claude --to codex -c './a.sh'")),
        'a.sh': `#!/bin/sh\n${say({ decision: 'approve' })}\n`,
      },
    },
    {
      name: 'continue:false on Stop (ends the run there, st03)',
      files: codex({ Stop: [{ hooks: [cmd(say({ continue: false }))] }] }),
    },
    {
      name: 'decision block with its reason on PostToolUse',
      files: codex({
        PostToolUse: [{ matcher: 'Bash', hooks: [cmd(say({ decision: 'block', reason: 'lint failed' }))] }],
      }),
    },
  ],
  invalid: [
    {
      name: 'a bare allow (d09)',
      files: codex(pre(say(hso({ permissionDecision: 'allow', permissionDecisionReason: 'fine' })))),
      errors: [
        {
          messageId: 'void',
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message:
            'the command answers permissionDecision "allow" without updatedInput in PreToolUse: Codex ' +
            'CLI rejects the whole answer, so the hook counts as failed and the tool runs',
        },
      ],
    },
    {
      name: 'updatedInput without allow (d12)',
      files: codex(pre(say(hso({ updatedInput: { command: 'ls' } })))),
      errors: [{ message: /updatedInput without permissionDecision "allow"/ }],
    },
    {
      name: 'decision approve (d08)',
      files: codex(pre(say({ decision: 'approve', reason: 'ok' }))),
      errors: [{ message: /decision "approve" in PreToolUse/ }],
    },
    {
      name: 'continue:false on PreToolUse (d13)',
      files: codex(pre(say({ continue: false, stopReason: 'stop' }))),
      errors: [{ message: /"continue": false in PreToolUse/ }],
    },
    {
      name: 'a deny without a reason (d21)',
      files: codex(pre(say(hso({ permissionDecision: 'deny' })))),
      errors: [{ message: /permissionDecision "deny" without permissionDecisionReason/ }],
    },
    {
      name: 'a block without a reason on Stop (d22)',
      files: codex({ Stop: [{ hooks: [cmd(say({ decision: 'block' }))] }] }),
      errors: [{ message: /decision "block" without reason in Stop/ }],
    },
    {
      name: "Gemini's top-level decision deny (d25)",
      files: codex(pre(say({ decision: 'deny', reason: 'x' }))),
      errors: [{ message: /a top-level decision other than "block"/ }],
    },
    {
      name: 'hookSpecificOutput without hookEventName (d17)',
      files: codex(pre(say({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'x' } }))),
      errors: [{ message: /hookSpecificOutput without hookEventName/ }],
    },
    {
      name: 'hookSpecificOutput on Stop (st06)',
      files: codex({
        Stop: [
          { hooks: [cmd(say({ decision: 'block', reason: 'go on', hookSpecificOutput: { hookEventName: 'Stop' } }))] },
        ],
      }),
      errors: [{ message: /hookSpecificOutput on a Stop hook in Stop/ }],
    },
    {
      name: 'in the script the command runs',
      files: {
        ...codex(pre('python3 ./g.py')),
        'g.py':
          'import json\nprint(json.dumps({"hookSpecificOutput": ' +
          '{"hookEventName": "PreToolUse", "permissionDecision": "allow"}}))\n',
      },
      errors: [{ message: /^\.\/g\.py answers permissionDecision "allow" without updatedInput/ }],
    },
  ],
});
