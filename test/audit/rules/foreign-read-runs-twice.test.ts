import rule from '../../../src/audit/rules/foreign-read-runs-twice.js';
import { gate } from '../../../src/dialects/foreign-gate.js';
import { claude, cmd, ruleTester } from '../rule-tester.js';

const wrapper = "hook-bridge run --from claude --to copilot --event preToolUse -c './g.sh'";
/** Copilot's own hook, and what `convert --from copilot --to claude` wrote for it into the Claude file. */
const copilotOwn = {
  '.github/hooks/team.json': { version: 1, hooks: { preToolUse: [{ type: 'command', bash: './team.sh' }] } },
};
const toClaude = "hook-bridge run --from copilot --to claude --timeout 30 -c './team.sh'";
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
      name: 'no --target, and no Copilot file in the project: nobody reads the Claude file twice',
      files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./g.sh')] }] }),
    },
    {
      name: "Copilot's own hook converted to Claude, the entry gated (what convert writes)",
      files: { ...copilotOwn, ...claude({ PreToolUse: [{ hooks: [cmd(gate(toClaude, 'copilot', 'claude'))] }] }) },
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
      name: "no --target: the project has Copilot's own hook file, so Copilot's reading of the Claude file is audited",
      files: { ...own, ...claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./g.sh')] }] }) },
      errors: [{ messageId: 'alsoOwn', path: 'hooks.PreToolUse[0].hooks[0].command' }],
    },
    ...[undefined, 'copilot' as const].map((target) => ({
      name:
        `Copilot's own hook converted to Claude by a hook-bridge that did not gate it (rysweet/azlin), ` +
        `${target ? '--target copilot' : 'no --target'}`,
      ...(target ? { target } : {}),
      files: { ...copilotOwn, ...claude({ PreToolUse: [{ hooks: [cmd(toClaude)] }] }) },
      errors: [
        {
          messageId: 'converted',
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message:
            ".claude/settings.json holds hook-bridge's conversion of .github/hooks/team.json's hook for Claude Code, " +
            'without a gate: GitHub Copilot CLI runs it from both files, twice per event',
          severity: 'error' as const,
        },
      ],
    })),
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
