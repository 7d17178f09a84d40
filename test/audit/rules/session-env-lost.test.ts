import rule from '../../../src/audit/rules/session-env-lost.js';
import { expect, it } from 'vitest';
import { claude, cmd, codebuddy, codex, gemini, qwen, ruleTester, runRule } from '../rule-tester.js';

const start = (command: string) => ({ SessionStart: [{ hooks: [cmd(command)] }] });
const at = 'hooks.SessionStart[0].hooks[0].command';
const script = '#!/usr/bin/env bash\nset -u\necho "export PATH=\\"$PATH:/opt/tool\\"" >> "$CLAUDE_ENV_FILE"\n';
const wrap = (host: string) => `hook-bridge run --from claude --to ${host} -c './s.sh'`;

ruleTester(rule, {
  valid: [
    { name: 'on Claude Code itself', files: { ...claude(start('./s.sh')), 's.sh': script } },
    { name: 'a script that does not use it', files: { ...qwen(start(wrap('qwen'))), 's.sh': '#!/bin/sh\necho hi\n' } },
    {
      name: 'wrapped on Gemini CLI, the entry on run_shell_command runs --session-env',
      files: {
        ...gemini({
          SessionStart: [{ hooks: [cmd(wrap('gemini'))] }],
          BeforeTool: [
            { matcher: 'run_shell_command', hooks: [cmd('hook-bridge dispatch --to gemini --session-env')] },
          ],
        }),
        's.sh': script,
      },
    },
    {
      name: 'not a SessionStart hook (Claude gives it to SessionStart only)',
      files: { ...qwen({ Stop: [{ hooks: [cmd(wrap('qwen'))] }] }), 's.sh': script },
    },
  ],
  invalid: [
    {
      name: 'unwrapped on Qwen Code: nothing sets the variable',
      files: { ...qwen(start('./s.sh')), 's.sh': script },
      errors: [
        {
          messageId: 'notProvided',
          path: at,
          message:
            './s.sh writes to $CLAUDE_ENV_FILE, which Qwen Code does not set: a `set -u` script dies ' +
            '("unbound variable"), others write nowhere; wrap it with hook-bridge run',
        },
      ],
    },
    {
      name: 'wrapped on Qwen Code: the script works, the exports are lost',
      files: { ...qwen(start(wrap('qwen'))), 's.sh': script },
      errors: [
        {
          messageId: 'lost',
          path: at,
          message:
            './s.sh appends exports to $CLAUDE_ENV_FILE, but Qwen Code has no session ' +
            'environment file: the variables are not set for later commands',
        },
      ],
    },
    {
      name: 'wrapped on CodeBuddy Code, without the --session-env entry convert writes',
      files: { ...codebuddy(start(wrap('codebuddy'))), 's.sh': script },
      errors: [
        {
          messageId: 'noStep',
          path: at,
          message:
            "./s.sh appends exports to $CLAUDE_ENV_FILE: they reach CodeBuddy Code's later shell calls only " +
            'through a PreToolUse entry with `hook-bridge dispatch --session-env`, which this config lacks; run ' +
            'hook-bridge convert again',
        },
      ],
    },
    {
      name: 'wrapped on Codex CLI, without the entry',
      files: { ...codex(start(wrap('codex'))), 's.sh': script },
      errors: [{ messageId: 'noStep', path: at }],
    },
    {
      name: 'a Claude project audited for Qwen (--target)',
      target: 'qwen',
      files: { ...claude(start('./s.sh')), 's.sh': script },
      errors: [{ messageId: 'lost' }],
    },
  ],
});

it('session-env-lost: where the host lets hook-bridge change a shell call, what convert writes passes', async () => {
  const { convertProject } = await import('../../../src/convert/project.js');
  const { project: materialise } = await import('../rule-tester.js');
  for (const to of ['codebuddy', 'gemini', 'codex', 'copilot', 'pi', 'opencode', 'qwen'] as const) {
    const dir = materialise({ name: to, files: { ...claude(start('./s.sh')), 's.sh': script } });
    await convertProject({ project: dir, from: 'claude', to: [to] });
    const levels = runRule(rule, { name: to, files: {} }, dir).findings.map((f) => `${f.severity} ${f.messageId}`);
    // Qwen Code ignores input rewrites (qwen decision tests d13-d15): the only host where the exports are lost.
    expect(levels, to).toEqual(to === 'qwen' ? ['warning lost'] : []);
  }
});
