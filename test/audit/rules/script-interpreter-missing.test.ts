import rule from '../../../src/audit/rules/script-interpreter-missing.js';
import { claude, cmd, gemini, qwen, ruleTester } from '../rule-tester.js';

const hook = (command: string) => claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd(command)] }] });
const at = 'hooks.PreToolUse[0].hooks[0].command';

ruleTester(rule, {
  valid: [
    {
      name: 'env shebang naming an interpreter on PATH',
      files: { ...hook('./g.js'), 'g.js': '#!/usr/bin/env node\nprocess.exit(0)\n' },
    },
    { name: 'absolute shebang that exists', files: { ...hook('./g.sh'), 'g.sh': '#!/bin/sh\nexit 0\n' } },
    { name: 'env -S with options', files: { ...hook('./g.js'), 'g.js': '#!/usr/bin/env -S node --no-warnings\n' } },
    {
      name: 'an interpreter in the command: no shebang needed',
      files: { ...hook('node g.js'), 'g.js': 'process.exit(0)\n' },
    },
    {
      name: 'an interpreter path we cannot resolve statically',
      files: { ...hook('$VENV/bin/python3 g.py'), 'g.py': 'print(1)\n' },
    },
    { name: 'inline command', files: hook('jq -e .tool_input') },
    { name: 'binary executable', files: { ...hook('./bin/tool'), 'bin/tool': '\u007fELF\u0000\u0001' } },
    {
      name: 'no shebang, run from bash ("shell": "bash": bash reads the file itself; obra/superpowers)',
      files: {
        ...claude({ SessionStart: [{ hooks: [cmd('./run-hook.cmd start', { shell: 'bash' })] }] }),
        'run-hook.cmd': ': << \'CMDBLOCK\'\n@echo off\nCMDBLOCK\nexec bash "$(dirname "$0")/$1"\n',
      },
    },
    { name: 'programs on PATH, builtins and keywords', files: hook('cd "$CLAUDE_PROJECT_DIR" && sh -c "exit 0"') },
    { name: 'a program named by a variable', files: hook('"$MY_TOOL" check') },
    { name: 'command -v only looks a program up', files: hook('command -v no-such-tool-xyz >/dev/null || exit 0') },
    { name: 'a shell construct is not followed', files: hook('if no-such-tool-xyz; then exit 2; fi') },
    { name: 'npx on PATH (the package it runs is fetched)', files: hook('npx -y cc-safety-net --copilot-cli') },
  ],
  invalid: [
    {
      name: 'no shebang on a directly run script',
      files: { ...hook('./g.sh'), 'g.sh': 'set -e\n[[ -n "$X" ]] && exit 2\n' },
      errors: [
        {
          messageId: 'noShebang',
          path: at,
          message:
            './g.sh is run directly but has no #! line: the shell runs it with its own ' +
            'fallback (usually sh), not the interpreter it was written for',
        },
      ],
    },
    {
      name: 'env shebang naming an interpreter not on PATH',
      files: { ...hook('./g.py'), 'g.py': '#!/usr/bin/env no-such-interpreter-xyz\nprint(1)\n' },
      errors: [
        {
          messageId: 'shebangNotFound',
          path: at,
          message:
            './g.py starts with #!/usr/bin/env no-such-interpreter-xyz, but ' +
            'no-such-interpreter-xyz is not on PATH: every call fails with exit 127, a ' +
            'non-blocking error on Claude Code: the hook never runs and blocks nothing',
        },
      ],
    },
    {
      name: 'absolute shebang that does not exist',
      files: { ...hook('./g.py'), 'g.py': '#!/nonexistent-hook-bridge/bin/python3\n' },
      errors: [
        {
          messageId: 'shebangNotFound',
          message: /\/nonexistent-hook-bridge\/bin\/python3 is not an existing executable/,
        },
      ],
    },
    {
      name: 'relative shebang',
      files: { ...hook('./g.py'), 'g.py': '#!python3\n' },
      errors: [{ messageId: 'shebangNotFound', message: /python3 is not an absolute path/ }],
    },
    {
      name: 'CRLF shebang',
      files: { ...hook('./g.sh'), 'g.sh': '#!/bin/sh\r\nexit 0\r\n' },
      errors: [{ messageId: 'shebangCrlf', path: at, message: /looks for "\/bin\/sh\\r"/ }],
    },
    {
      name: 'an interpreter path in the command that does not exist',
      files: { ...hook('/nonexistent-hook-bridge/bin/python3 g.py'), 'g.py': 'print(1)\n' },
      errors: [
        {
          messageId: 'interpreterNotFound',
          path: at,
          message:
            '/nonexistent-hook-bridge/bin/python3 (named in the command) is not an ' +
            'existing executable: every call fails with exit 127, a non-blocking error ' +
            'on Claude Code: the hook never runs and blocks nothing',
        },
      ],
    },
    {
      // What `hook-bridge run` does with it (src/run/not-run.ts): the call proceeds, stderr names the program.
      name: 'uv missing behind a hook-bridge wrapper (a converted Claude hook on Qwen Code): the call proceeds',
      files: {
        ...qwen({
          PreToolUse: [
            { matcher: 'read_file', hooks: [cmd("hook-bridge run --from claude --to qwen -c 'uv run g.py'")] },
          ],
        }),
        'g.py': 'print(1)\n',
      },
      env: { PATH: '/nonexistent-hook-bridge-path' }, // the agents' PATH, without uv
      errors: [
        {
          messageId: 'interpreterNotFound',
          message:
            'uv (named in the command) is not on PATH: every call fails with exit 127, a ' +
            'non-blocking error on Claude Code: the hook never runs; `hook-bridge run` lets each ' +
            'call proceed and says why on stderr (--on-missing deny blocks instead)',
        },
      ],
    },
    {
      name: 'audited for Gemini CLI, unwrapped: exit 127 is a block there',
      files: {
        ...gemini({
          BeforeTool: [{ matcher: 'read_file', hooks: [cmd('/nonexistent-hook-bridge/bin/python3 g.py')] }],
        }),
        'g.py': 'print(1)\n',
      },
      errors: [
        {
          messageId: 'interpreterNotFound',
          message:
            /: every call fails with exit 127, and Gemini CLI reads that as a block: every BeforeTool it fires for is blocked$/,
        },
      ],
    },
    {
      name: 'a Gemini CLI hook wrapped for Qwen Code: run blocks as Gemini CLI does',
      files: {
        ...qwen({
          PreToolUse: [
            {
              matcher: 'read_file',
              hooks: [cmd("hook-bridge run --from gemini --to qwen -c '/nonexistent-hook-bridge/bin/python3 g.py'")],
            },
          ],
        }),
        'g.py': 'print(1)\n',
      },
      errors: [
        {
          messageId: 'interpreterNotFound',
          message:
            /: every call fails with exit 127, and `hook-bridge run` blocks as Gemini CLI does \(--on-missing allow lets the calls proceed\): every PreToolUse it fires for is blocked$/,
        },
      ],
    },
    {
      name: "a tool's own command (riddopic/cc-tools: cc-tools hook)",
      files: hook('cc-tools-not-installed-xyz hook'),
      errors: [
        {
          messageId: 'programNotFound',
          path: at,
          message:
            'cc-tools-not-installed-xyz (the program the command starts) is not on PATH: every call fails with ' +
            'exit 127, a non-blocking error on Claude Code: the hook never runs and blocks nothing',
        },
      ],
    },
    {
      name: 'a program after cd … &&, after env, through sh -c, and last in a pipeline',
      files: claude({
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              cmd('cd "$CLAUDE_PROJECT_DIR" && mytool-not-installed-xyz check'),
              cmd('env FOO=1 mytool-not-installed-xyz check'),
              cmd("sh -c 'mytool-not-installed-xyz check'"),
              cmd('cat | mytool-not-installed-xyz check'),
            ],
          },
        ],
      }),
      errors: [1, 2, 3, 4].map(() => ({ messageId: 'programNotFound', message: /^mytool-not-installed-xyz / })),
    },
    {
      name: 'a missing program whose failure the status hides: a warning',
      files: hook('mytool-not-installed-xyz check || true'),
      errors: [
        {
          messageId: 'partNotFound',
          severity: 'warning',
          message:
            'mytool-not-installed-xyz (named in the command) is not on PATH: that part of the hook never runs, ' +
            "and the command's status does not show it",
        },
      ],
    },
    {
      name: 'a missing runner on GitHub Copilot CLI: every call denied',
      files: {
        '.github/hooks/h.json': {
          version: 1,
          hooks: { preToolUse: [{ type: 'command', bash: 'bunx-not-installed-xyz my-guard' }] },
        },
      },
      errors: [
        {
          messageId: 'programNotFound',
          message:
            /^bunx-not-installed-xyz .*: every call fails with exit 127, and GitHub Copilot CLI reads that as a block: every preToolUse it fires for is blocked$/,
        },
      ],
    },
    {
      name: 'a project venv that was not created',
      files: { ...hook('.venv/bin/python g.py'), 'g.py': 'print(1)\n' },
      errors: [{ messageId: 'interpreterNotFound', message: /^\.venv\/bin\/python \(named in the command\)/ }],
    },
  ],
});
