import { afterEach, describe, expect, it } from 'vitest';
import rule from '../../../src/audit/rules/answer-not-carried.js';
import { mappings } from '../../../src/model/mappings.js';
import { claude, cmd, ruleTester, runRule } from '../rule-tester.js';

const answer = (o: object) =>
  `#!/bin/sh\necho '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...o } })}'\n`;
const allow = answer({ permissionDecision: 'allow', permissionDecisionReason: 'safe' });
const ask = answer({ permissionDecision: 'ask', permissionDecisionReason: 'sure?' });
const note = answer({ additionalContext: 'remember the tests' });
const pre = claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./g.sh')] }] });

ruleTester(rule, {
  valid: [
    { name: 'on Claude Code itself (no --target): its own agent reads it', files: { ...pre, 'g.sh': allow } },
    {
      name: 'an allow on CodeBuddy Code, whose allow bypasses its permission check (t11)',
      target: 'codebuddy',
      files: { ...pre, 'g.sh': allow },
    },
    { name: 'an ask on Qwen Code, which asks the user (seed 004)', target: 'qwen', files: { ...pre, 'g.sh': ask } },
    {
      name: 'a deny: carried everywhere',
      target: 'gemini',
      files: { ...pre, 'g.sh': answer({ permissionDecision: 'deny', permissionDecisionReason: 'no' }) },
    },
    ...(['qwen', 'codebuddy', 'gemini'] as const).map((target) => ({
      name: `a PreToolUse note on ${target}, which drops it there: hook-bridge carries it after the tool (d16)`,
      target,
      files: { ...pre, 'g.sh': note },
    })),
    {
      name: 'GitHub Copilot CLI runs .claude/settings.json itself (foreign-read-*): not through hook-bridge',
      target: 'copilot',
      files: { ...pre, 'g.sh': ask },
    },
  ],
  invalid: [
    {
      name: "an allow on Qwen Code, whose allow does not bypass its permission check (d09): the suite's limit",
      target: 'qwen',
      files: { ...pre, 'g.sh': allow },
      errors: [
        {
          messageId: 'allowNotHonoured',
          severity: 'warning',
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message:
            './g.sh answers permissionDecision "allow" on PreToolUse: Claude Code lets the call run without asking; ' +
            "through hook-bridge Qwen Code decides none (Qwen Code does not let a hook's allow bypass its permission " +
            'check (output.allowBypassesPermissions: false))',
        },
      ],
    },
    {
      name: 'an ask on Codex CLI: not known to ask the user, so run denies (info: it fails closed)',
      target: 'codex',
      files: { ...pre, 'g.sh': ask },
      errors: [
        {
          messageId: 'askDenied',
          severity: 'info',
          message:
            './g.sh answers permissionDecision "ask" on PreToolUse: Claude Code asks the user; through hook-bridge ' +
            "Codex CLI decides deny (whether Codex CLI asks the user on a hook's ask is not known " +
            '(output.askInteractive: unknown), so hook-bridge denies instead)',
        },
      ],
    },
    {
      name: "hook-bridge's conversion on Gemini CLI (a run wrapper), audited as it is: the same",
      files: {
        '.gemini/settings.json': {
          hooks: {
            BeforeTool: [
              {
                matcher: 'run_shell_command',
                hooks: [cmd("hook-bridge run --from claude --to gemini -c './g.sh'")],
              },
            ],
          },
        },
        'g.sh': allow,
      },
      errors: [{ messageId: 'allowNotHonoured', message: /through hook-bridge Gemini CLI decides none/ }],
    },
  ],
});

describe('answer-not-carried: a PreToolUse note on an agent that drops it with nothing to carry it', () => {
  const out = mappings.dialects.qwen.output!;
  const carried = out.preToolContext;
  afterEach(() => {
    out.preToolContext = carried;
  });
  it('is said lost (the data without output.preToolContext)', () => {
    delete out.preToolContext;
    const { findings } = runRule(rule, { name: 'x', target: 'qwen', files: { ...pre, 'g.sh': note } });
    expect(findings.map((f) => [f.messageId, f.message])).toEqual([
      [
        'noteDropped',
        './g.sh answers additionalContext on PreToolUse: Claude Code gives the note to the model after the tool ' +
          'result; Qwen Code drops it there, and hook-bridge cannot carry it to its PostToolUse ' +
          '(output.preToolContext)',
      ],
    ]);
  });
});
