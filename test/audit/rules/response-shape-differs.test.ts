import rule from '../../../src/audit/rules/response-shape-differs.js';
import { claude, cmd, codebuddy, codex, qwen, ruleTester } from '../rule-tester.js';

// A Claude formatter that reads Bash's stdout, and a Claude scanner that reads Grep's file list.
const stdoutReader =
  '#!/usr/bin/env bash\nout=$(jq -r .tool_response.stdout)\necho "$out" | ' +
  'grep -q SECRET && echo "{\\"decision\\":\\"block\\"}"\n';
const filesReader =
  '#!/usr/bin/env python3\nimport json, sys\np = ' +
  "json.load(sys.stdin)\nfiles = p.get('tool_response', {}).get('filenames', [])\n";
const indexReader =
  '#!/usr/bin/env node\nconst p = ' +
  'JSON.parse(require("fs").readFileSync(0));\nconsole.log(p["tool_response"]["filePath"]);\n';
ruleTester(rule, {
  valid: [
    {
      name: 'a Claude script on Claude',
      files: { ...claude({ PostToolUse: [{ matcher: 'Bash', hooks: [cmd('./s.sh')] }] }), 's.sh': stdoutReader },
    },
    {
      name: 'wrapped on Qwen (run hands it the Claude shape)',
      files: {
        ...qwen({
          PostToolUse: [
            { matcher: '^run_shell_command$', hooks: [cmd("hook-bridge run --from claude --to qwen -c './s.sh'")] },
          ],
        }),
        's.sh': stdoutReader,
      },
    },
    {
      name: 'a key the host has too (interrupted: Claude and CodeBuddy)',
      files: { ...codebuddy({ PostToolUse: [{ matcher: 'Bash', hooks: [cmd('jq -r .tool_response.interrupted')] }] }) },
    },
    {
      name: 'PreToolUse has no tool_response',
      files: { ...codebuddy({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./s.sh')] }] }), 's.sh': stdoutReader },
    },
    {
      name: 'the matcher does not fire for the tool whose shape differs',
      files: { ...codebuddy({ PostToolUse: [{ matcher: 'WebFetch', hooks: [cmd('./s.sh')] }] }), 's.sh': stdoutReader },
    },
  ],
  invalid: [
    {
      name: "Claude's Write result read on Codex CLI, whose apply_patch result is a string",
      files: { ...codex({ PostToolUse: [{ matcher: 'Write|Edit', hooks: [cmd('./i.js')] }] }), 'i.js': indexReader },
      errors: [
        {
          message:
            "./i.js reads tool_response.filePath (Claude Code's Write result); Codex CLI sends a string for " +
            'apply_patch, so it reads nothing',
        },
      ],
    },
    {
      name: "Claude's stdout read on CodeBuddy Code (no output text in its Bash result)",
      files: { ...codebuddy({ PostToolUse: [{ matcher: 'Bash', hooks: [cmd('./s.sh')] }] }), 's.sh': stdoutReader },
      errors: [
        {
          messageId: 'missing',
          path: 'hooks.PostToolUse[0].hooks[0].command',
          message:
            "./s.sh reads tool_response.stdout (Claude Code's Bash result); CodeBuddy Code sends an object " +
            'without stdout for Bash, so it reads nothing',
        },
      ],
    },
    {
      name: "Claude's Grep filenames in Python on CodeBuddy Code (a list of lines)",
      files: {
        ...codebuddy({ PostToolUse: [{ matcher: 'Grep', hooks: [cmd('python3 ./f.py')] }] }),
        'f.py': filesReader,
      },
      errors: [
        {
          message:
            /reads tool_response\.filenames \(Claude Code's Grep result\); CodeBuddy Code sends a list of lines for Grep/,
        },
      ],
    },
    {
      name: 'a wildcard matcher on Qwen, the script testing tool_name: only the tool it names',
      files: {
        ...qwen({ PostToolUse: [{ hooks: [cmd('./i.js')] }] }),
        'i.js':
          '#!/usr/bin/env node\nconst p = JSON.parse(require("fs").readFileSync(0));\nif ' +
          '(p.tool_name === "write_file") console.log(p["tool_response"]["filePath"]);\n',
      },
      errors: [
        {
          message:
            /tool_response\.filePath \(Claude Code's Write result\); Qwen Code sends \{llmContent, returnDisplay\} for write_file/,
        },
      ],
    },
    {
      name: 'a wildcard matcher on Qwen: every tool whose result has the key',
      files: { ...qwen({ PostToolUse: [{ hooks: [cmd('./i.js')] }] }), 'i.js': indexReader },
      errors: [
        {
          message:
            /tool_response\.filePath \(Claude Code's Write result\); Qwen Code sends \{llmContent, returnDisplay\} for write_file/,
        },
        { message: /Claude Code's Edit result\); Qwen Code sends \{llmContent, returnDisplay\} for edit/ },
      ],
    },
  ],
});
