import rule from '../../../src/audit/rules/duplicate-hook.js';
import { claude, cmd, codebuddy, qwen, ruleTester } from '../rule-tester.js';

const pre = (matcher: string, ...commands: string[]) => ({
  PreToolUse: [{ matcher, hooks: commands.map((c) => cmd(c)) }],
});

ruleTester(rule, {
  valid: [
    { name: 'different commands', files: claude(pre('Bash', './a.sh', './b.sh')) },
    {
      name: 'same command, different events',
      files: claude({ ...pre('Bash', './a.sh'), PostToolUse: [{ matcher: 'Bash', hooks: [cmd('./a.sh')] }] }),
    },
    {
      name: 'same command, disjoint matchers',
      files: {
        ...claude(pre('Bash', './a.sh')),
        '.claude/settings.local.json': { hooks: pre('Write|Edit', './a.sh') },
      },
    },
    {
      name: 'same command, different argv (ground truth dedup2)',
      files: claude(pre('Bash', './a.sh x1', './a.sh x2')),
    },
    {
      name: "different agents' files",
      files: { ...claude(pre('Bash', './a.sh')), ...qwen(pre('run_shell_command', './a.sh')) },
    },
    {
      name: 'a file Qwen does not read (config-not-read)',
      files: {
        ...qwen(pre('run_shell_command', './a.sh')),
        '.qwen/settings.local.json': { hooks: pre('run_shell_command', './a.sh') },
      },
    },
  ],
  invalid: [
    {
      name: 'settings.json and settings.local.json on Claude (dedup)',
      files: {
        ...claude(pre('Bash', './guard.sh')),
        '.claude/settings.local.json': { hooks: pre('Bash|Write', './guard.sh') },
      },
      errors: [
        {
          messageId: 'redundant',
          path: 'hooks.PreToolUse[0].hooks[0].command',
          file: '.claude/settings.local.json',
          message:
            '"./guard.sh" on PreToolUse is also registered at .claude/settings.json ' +
            ('hooks.PreToolUse[0].hooks[0].command: Claude Code runs ' +
              'identical commands once, so this entry is redundant'),
        },
      ],
    },
    {
      name: 'twice in one Qwen file (ag07)',
      files: qwen({
        PreToolUse: [
          { matcher: 'run_shell_command', hooks: [cmd('./a.sh')] },
          { matcher: '*', hooks: [cmd('./a.sh')] },
        ],
      }),
      errors: [
        {
          messageId: 'redundant',
          path: 'hooks.PreToolUse[1].hooks[0].command',
          message: /at hooks\.PreToolUse\[0\]\.hooks\[0\]\.command: Qwen Code/,
        },
      ],
    },
    {
      name: 'twice on CodeBuddy (no dedup observed)',
      files: {
        ...codebuddy(pre('Bash', 'npx prettier --write .')),
        '.codebuddy/settings.local.json': { hooks: pre('Bash', 'npx prettier --write .') },
      },
      errors: [
        {
          messageId: 'runsTwice',
          file: '.codebuddy/settings.local.json',
          message: /CodeBuddy Code may run it twice per event$/,
        },
      ],
    },
    {
      name: 'Stop ignores matchers: any two overlap',
      files: codebuddy({
        Stop: [
          { matcher: 'a', hooks: [cmd('./n.sh')] },
          { matcher: 'b', hooks: [cmd('./n.sh')] },
        ],
      }),
      errors: [{ messageId: 'runsTwice', path: 'hooks.Stop[1].hooks[0].command' }],
    },
  ],
});
