import rule from '../../../src/audit/rules/foreign-read-runs-twice.js';
import { gate } from '../../../src/dialects/foreign-gate.js';
import { claude, cmd, ruleTester } from '../rule-tester.js';

const wrapper = "hook-bridge run --from claude --to copilot --event preToolUse -c './g.sh'";
const own = {
  '.github/hooks/hook-bridge.json': {
    version: 1,
    hooks: { preToolUse: [{ type: 'command', bash: wrapper, matcher: 'bash' }] },
  },
};

ruleTester(rule, {
  valid: [
    {
      name: 'converted: the wrapper in its own file, the Claude entry gated',
      target: 'copilot',
      files: {
        ...own,
        ...claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd(gate('./g.sh', 'copilot', 'claude'))] }] }),
      },
    },
    {
      name: 'only in the Claude file',
      target: 'copilot',
      files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./g.sh')] }] }),
    },
    {
      name: 'no --target',
      files: { ...own, ...claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./g.sh')] }] }) },
    },
  ],
  invalid: [
    {
      name: 'a wrapper in .github/hooks and the Claude entry left ungated: it runs twice',
      target: 'copilot',
      files: { ...own, ...claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./g.sh')] }] }) },
      errors: [
        {
          messageId: 'alsoOwn',
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message:
            'GitHub Copilot CLI runs this hook from .claude/settings.json itself and ' +
            'again from .github/hooks/hook-bridge.json: twice per event',
          severity: 'error',
        },
      ],
    },
    {
      name: 'the same command in settings.json and settings.local.json (Claude Code runs it once)',
      target: 'copilot',
      files: {
        ...claude({ PostToolUse: [{ hooks: [cmd('./fmt.sh')] }] }),
        '.claude/settings.local.json': { hooks: { PostToolUse: [{ hooks: [cmd('./fmt.sh')] }] } },
      },
      errors: [
        {
          messageId: 'twoFiles',
          file: '.claude/settings.local.json',
          severity: 'warning',
          message:
            '"./fmt.sh" is in .claude/settings.json hooks.PostToolUse[0].hooks[0].command ' +
            'too: GitHub Copilot CLI runs it from both files, Claude Code once',
        },
      ],
    },
  ],
});
