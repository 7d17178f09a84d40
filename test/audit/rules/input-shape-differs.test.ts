import rule from '../../../src/audit/rules/input-shape-differs.js';
import { claude, cmd, codex, gemini, ruleTester } from '../rule-tester.js';

/** Claude guards: one protects .env files (the path of the file about to be written), one scans the content. */
const guards = {
  env: [
    '#!/usr/bin/env bash',
    'f=$(jq -r .tool_input.file_path)',
    'case "$f" in *.env) echo \'{"decision":"block","reason":"no"}\';; esac',
  ],
  content: [
    '#!/usr/bin/env python3',
    'import json, sys',
    'p = json.load(sys.stdin)',
    "if 'SECRET' in p['tool_input']['content']: sys.exit(2)",
  ],
};
const envGuard = `${guards.env.join('\n')}\n`;
/** A Python hook that reads one tool_input key, for one tool only. */
const bashOnly = (tool: string, key: string) =>
  `import json, sys\np = json.load(sys.stdin)\nif p.get('tool_name') == '${tool}':\n    v = p['tool_input']['` +
  `${key}']\n    if 'rm -rf' in v: sys.exit(2)\n`;
const contentScan = `${guards.content.join('\n')}\n`;

ruleTester(rule, {
  valid: [
    {
      name: 'the Claude guard on Claude Code',
      files: { ...claude({ PreToolUse: [{ matcher: 'Write|Edit', hooks: [cmd('./g.sh')] }] }), 'g.sh': envGuard },
    },
    {
      name: 'wrapped on Codex CLI (run hands it one Write/Edit per file)',
      files: {
        ...codex({
          PreToolUse: [
            { matcher: 'apply_patch', hooks: [cmd("hook-bridge run --from claude --to codex -c './g.sh'")] },
          ],
        }),
        'g.sh': envGuard,
      },
    },
    {
      name: 'a Bash guard reading command on Codex CLI',
      files: codex({
        PreToolUse: [{ matcher: 'Bash', hooks: [cmd('jq -r .tool_input.command | grep -q "rm -rf" && exit 2')] }],
      }),
    },
    {
      name: 'a Codex guard reading the patch under command',
      files: codex({
        PreToolUse: [
          {
            matcher: 'apply_patch',
            hooks: [cmd("jq -r .tool_input.command | grep -q '^\\*\\*\\* Add File: .*\\.env$' && exit 2")],
          },
        ],
      }),
    },
    {
      name: 'a matcher that does not fire for edits',
      files: { ...codex({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./g.sh')] }] }), 'g.sh': envGuard },
    },
    // issue 21: a catch-all hook whose script reads tool_input.command only for Bash (CodeBuddy's Skill has a `command`
    // too).
    {
      name: 'a catch-all script that reads command only when tool_name is Bash',
      files: {
        ...claude({ PreToolUse: [{ matcher: '', hooks: [cmd('python3 ./g.py')] }] }),
        'g.py': bashOnly('Bash', 'command'),
      },
    },
  ],
  invalid: [
    {
      name: 'the same script without the test of tool_name: it reads command for every tool',
      files: {
        ...claude({ PreToolUse: [{ matcher: '', hooks: [cmd('python3 ./g.py')] }] }),
        'g.py': "import json, sys\np = json.load(sys.stdin)\nv = p['tool_input']['command']\n",
      },
      errors: [
        {
          // Kiro CLI's fs_write has a `command` of its own (create, str_replace …): not the shell command.
          messageId: 'missing',
          message: /^\.\/g\.py reads tool_input\.command \(Kiro CLI's fs_write input\); Claude Code calls Edit with/,
        },
        {
          messageId: 'missing',
          message: /^\.\/g\.py reads tool_input\.command \(OpenCode's task input\); Claude Code calls Agent with/,
        },
        {
          messageId: 'missing',
          message:
            /^\.\/g\.py reads tool_input\.command \(CodeBuddy Code's Skill input\); Claude Code calls Skill with/,
        },
      ],
    },
    {
      name: 'a script that tests the tool is still checked for the tools it names',
      files: {
        ...codex({ PreToolUse: [{ matcher: '', hooks: [cmd('python3 ./g.py')] }] }),
        'g.py': bashOnly('apply_patch', 'file_path'),
      },
      errors: [
        {
          messageId: 'missing',
          message:
            "./g.py reads tool_input.file_path (Claude Code's Write input); Codex CLI calls apply_patch with " +
            '{command} instead, so it reads nothing',
        },
      ],
    },
    {
      name: 'the Claude .env guard copied to .codex/hooks.json: Write|Edit selects apply_patch, which has no file_path',
      files: { ...codex({ PreToolUse: [{ matcher: 'Write|Edit', hooks: [cmd('./g.sh')] }] }), 'g.sh': envGuard },
      errors: [
        {
          messageId: 'missing',
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message:
            "./g.sh reads tool_input.file_path (Claude Code's Write input); Codex CLI calls apply_patch with " +
            '{command} instead, so it reads nothing',
        },
      ],
    },
    {
      name: 'a content scan in Python on a catch-all matcher',
      files: { ...codex({ PostToolUse: [{ hooks: [cmd('python3 ./s.py')] }] }), 's.py': contentScan },
      errors: [
        {
          message:
            /reads tool_input\.content \(Claude Code's Write input\); Codex CLI calls apply_patch with \{command\}/,
        },
      ],
    },
    {
      name: "Claude's parameter name on Gemini CLI (list_directory takes dir_path)",
      files: gemini({ BeforeTool: [{ matcher: 'list_directory', hooks: [cmd('jq -r .tool_input.path')] }] }),
      errors: [
        {
          message:
            "the command reads tool_input.path (Qwen Code's list_directory input); Gemini CLI calls " +
            'list_directory with {dir_path, ignore, file_filtering_options} instead, so it reads nothing',
        },
      ],
    },
  ],
});
