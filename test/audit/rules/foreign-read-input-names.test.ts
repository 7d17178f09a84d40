import rule from '../../../src/audit/rules/foreign-read-input-names.js';
import { gate } from '../../../src/dialects/foreign-gate.js';
import { claude, cmd, ruleTester } from '../rule-tester.js';

/** A Claude guard that protects .env files by the path of the file about to be written. */
const envGuard =
  '#!/usr/bin/env python3\nimport json, sys\np = json.load(sys.stdin)\nif ' +
  'p["tool_input"]["file_path"].endswith(".env"): sys.exit(2)\n';

ruleTester(rule, {
  valid: [
    {
      name: 'on Claude Code itself (no --target)',
      files: { ...claude({ PreToolUse: [{ matcher: 'Write|Edit', hooks: [cmd('./g.py')] }] }), 'g.py': envGuard },
    },
    {
      name: 'a Bash guard reading command (same name on Copilot)',
      target: 'copilot',
      files: claude({
        PreToolUse: [{ matcher: 'Bash', hooks: [cmd('jq -r .tool_input.command | grep -q "rm -rf" && exit 2')] }],
      }),
    },
    {
      name: 'converted: its entry gated, Copilot runs it through hook-bridge',
      target: 'copilot',
      files: {
        ...claude({ PreToolUse: [{ matcher: 'Write|Edit', hooks: [cmd(gate('./g.py', 'copilot', 'claude'))] }] }),
        'g.py': envGuard,
      },
    },
    {
      name: 'a file Copilot does not read itself (~/.claude is not read; a plugin)',
      target: 'copilot',
      files: {
        'hooks/hooks.json': { hooks: { PreToolUse: [{ matcher: 'Write', hooks: [cmd('./g.py')] }] } },
        'g.py': envGuard,
      },
    },
  ],
  invalid: [
    {
      name: 'the .env guard in .claude/settings.json: Copilot fires it for create, with path and file_text',
      target: 'copilot',
      files: { ...claude({ PreToolUse: [{ matcher: 'Write|Edit', hooks: [cmd('./g.py')] }] }), 'g.py': envGuard },
      errors: [
        {
          messageId: 'renamed',
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message:
            './g.py reads tool_input.file_path; GitHub Copilot CLI runs this hook from .claude/settings.json ' +
            "itself and passes create's arguments under its own names (path, file_text), so it reads nothing there",
        },
      ],
    },
    {
      name: 'in .claude/settings.local.json too',
      target: 'copilot',
      files: {
        '.claude/settings.local.json': {
          hooks: { PostToolUse: [{ matcher: 'Edit', hooks: [cmd("jq -r '.tool_input.old_string'")] }] },
        },
      },
      errors: [
        {
          // after the call: nothing is let through, the hook's work is done on nothing (a warning)
          messageId: 'renamedAfter',
          message: /reads tool_input\.old_string; .* edit's arguments under its own names \(path, old_str, new_str\)/,
        },
      ],
    },
    {
      name: "a PascalCase event in Copilot's own file: its Claude-compatible mode passes its own names too",
      files: {
        '.github/hooks/guard.json': {
          version: 1,
          hooks: { PreToolUse: [{ type: 'command', command: './g.py', matcher: 'Write' }] },
        },
        'g.py': envGuard,
      },
      errors: [
        {
          messageId: 'renamed',
          message:
            './g.py reads tool_input.file_path; GitHub Copilot CLI runs this hook from .github/hooks/guard.json in ' +
            "its claude-compatible mode (the event is named as Claude Code names it) and passes create's arguments " +
            'under its own names (path, file_text), so it reads nothing there',
        },
      ],
    },
  ],
});
