import rule from '../../../src/audit/rules/session-env-lost.js';
import { expect, it } from 'vitest';
import { claude, cmd, codebuddy, qwen, ruleTester, runRule } from '../rule-tester.js';

const start = (command: string) => ({ SessionStart: [{ hooks: [cmd(command)] }] });
const at = 'hooks.SessionStart[0].hooks[0].command';
const script = '#!/usr/bin/env bash\nset -u\necho "export PATH=\\"$PATH:/opt/tool\\"" >> "$CLAUDE_ENV_FILE"\n';
const wrap = (host: string) => `hook-bridge run --from claude --to ${host} -c './s.sh'`;

ruleTester(rule, {
  valid: [
    { name: 'on Claude Code itself', files: { ...claude(start('./s.sh')), 's.sh': script } },
    { name: 'a script that does not use it', files: { ...qwen(start(wrap('qwen'))), 's.sh': '#!/bin/sh\necho hi\n' } },
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
      name: 'wrapped on CodeBuddy Code: carried when CODEBUDDY_ENV_FILE is set',
      files: { ...codebuddy(start(wrap('codebuddy'))), 's.sh': script },
      errors: [
        {
          messageId: 'carriedIfSet',
          path: at,
          message:
            './s.sh appends exports to $CLAUDE_ENV_FILE: hook-bridge carries them to CodeBuddy ' +
            'Code only when it is started with CODEBUDDY_ENV_FILE set to a file',
        },
      ],
    },
    {
      name: 'a Claude project audited for Qwen (--target)',
      target: 'qwen',
      files: { ...claude(start('./s.sh')), 's.sh': script },
      errors: [{ messageId: 'lost' }],
    },
  ],
});

it('session-env-lost: carried-if-set is only info', () => {
  expect(
    runRule(rule, { name: 'cb', files: { ...codebuddy(start(wrap('codebuddy'))), 's.sh': script } }).findings.map(
      (f) => f.severity,
    ),
  ).toEqual(['info']);
});
