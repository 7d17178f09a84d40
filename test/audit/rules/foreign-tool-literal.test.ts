import rule from '../../../src/audit/rules/foreign-tool-literal.js';
import { claude, cmd, qwen, ruleTester } from '../rule-tester.js';

const guard = '#!/usr/bin/env bash\ntool=$(jq -r .tool_name)\nif [ "$tool" = "Bash" ]; then exit 2; fi\n';
ruleTester(rule, {
  valid: [
    {
      // disler/claude-code-hooks-mastery permission_request.py: "view" is an npm sub-command here (issue 30)
      name: 'a word in a regex of shell commands is not a tool name',
      files: {
        ...claude({ PermissionRequest: [{ matcher: '*', hooks: [cmd('python3 p.py')] }] }),
        'p.py':
          'import json, re, sys\nSAFE = [r"^npm\\s+(list|ls|outdated|view)\\b", r"^(glob|grep)\\b"]\n' +
          'd = json.load(sys.stdin)\ntool_name = d.get("tool_name", "")\nif tool_name == "Bash": pass\n',
      },
    },
    {
      // kenryu42/claude-code-safety-net: one script, a branch per agent (issue 30)
      name: "a deliberate branch for another agent's name beside the host's own",
      files: {
        ...claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('node g.js')] }] }),
        'g.js':
          "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n" +
          "if (mode === 'gemini' && input.tool_name !== 'run_shell_command') process.exit(0);\n" +
          "if (mode === 'claude' && input.tool_name !== 'Bash') process.exit(0);\n" +
          "if (input.toolName !== 'bash') process.exit(0);\nconst words = ['glob', 'grep'];\n",
      },
    },
    {
      // obra/superpowers: "bash" in a SessionStart script (a word in a comment; no tool on that event)
      name: 'an event without a tool',
      files: {
        ...claude({ SessionStart: [{ hooks: [cmd('./s.sh')] }] }),
        's.sh': '#!/bin/sh\nREM prepends "bash" to any command\n[ "$tool_name" = "bash" ] && exit 0\n',
      },
    },
    {
      name: 'Claude names on Claude',
      files: { ...claude({ PreToolUse: [{ hooks: [cmd('./g.sh')] }] }), 'g.sh': guard },
    },
    {
      name: 'a wrapped Claude script on Qwen',
      files: {
        ...qwen({ PreToolUse: [{ hooks: [cmd("hook-bridge run --from claude --to qwen -c './g.sh'")] }] }),
        'g.sh': guard,
      },
    },
  ],
  invalid: [
    {
      // kenryu42/claude-code-safety-net's branch for Gemini CLI: named as Gemini's and Qwen's (issue 30)
      name: 'a Gemini CLI name in a script for Claude Code: both agents that send it named',
      files: {
        ...claude({ PreToolUse: [{ matcher: '*', hooks: [cmd('node g.js')] }] }),
        'g.js':
          "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n" +
          "if (input.tool_name === 'run_shell_command') process.exit(2);\n",
      },
      errors: [
        {
          messageId: 'foreign',
          message:
            'g.js compares tool name "run_shell_command" (Qwen Code, Gemini CLI); Claude Code calls that tool ' +
            '"Bash", so the check never matches',
        },
      ],
    },
    {
      name: 'the forms of a comparison: Python in (…) and a constant, shell case, JS includes and switch, jq IN',
      files: {
        ...claude({
          PreToolUse: [
            { matcher: '*', hooks: [cmd('python3 a.py'), cmd('./b.sh'), cmd('node c.js'), cmd('node d.js')] },
            { matcher: '*', hooks: [cmd(`jq -e '.tool_name | IN("write_file")'`)] },
          ],
        }),
        'a.py':
          'import json, sys\nWRITES = {"write_file": 1}\nd = json.load(sys.stdin)\nname = d.get("tool_name", "")\n' +
          'if name in WRITES or name in ("replace",):\n    sys.exit(2)\n',
        'b.sh': '#!/bin/sh\nt=$(jq -r .tool_name)\ncase "$t" in\n  read_file|glob) exit 2 ;;\nesac\n',
        'c.js':
          "const t = String(JSON.parse(require('fs').readFileSync(0)).tool_name || '');\n" +
          "if (['view'].includes(t)) process.exit(2);\n",
        'd.js':
          "const { tool_name: n } = JSON.parse(require('fs').readFileSync(0));\n" +
          "switch (n) {\n  case 'execute_command': process.exit(2);\n}\n",
      },
      errors: [
        { messageId: 'foreign', message: /^a\.py compares tool name "write_file"/ },
        { messageId: 'foreign', message: /^a\.py compares tool name "replace"/ },
        { messageId: 'foreign', message: /^\.\/b\.sh compares tool name "read_file"/ },
        { messageId: 'foreign', message: /^\.\/b\.sh compares tool name "glob"/ },
        { messageId: 'foreign', message: /^c\.js compares tool name "view"/ },
        { messageId: 'foreign', message: /^d\.js compares tool name "execute_command"/ },
        { messageId: 'foreign', message: /^the command compares tool name "write_file"/ },
      ],
    },
    {
      name: 'an unwrapped Claude script on Qwen',
      files: { ...qwen({ PreToolUse: [{ hooks: [cmd('./g.sh')] }] }), 'g.sh': guard },
      errors: [
        {
          messageId: 'foreign',
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message:
            './g.sh compares tool name "Bash" (Claude Code, CodeBuddy Code, Codex CLI); Qwen Code calls that ' +
            'tool "run_shell_command", so the check never matches',
        },
      ],
    },
    {
      name: 'an IDE literal in an inline command on CodeBuddy',
      files: {
        '.codebuddy/settings.json': {
          hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd(`jq -e '.tool_name == "execute_command"'`)] }] },
        },
      },
      errors: [{ messageId: 'foreign', message: /"execute_command"/ }],
    },
  ],
});
