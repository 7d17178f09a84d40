import rule from '../../../src/audit/rules/timeout-unit-mismatch.js';
import { claude, cmd, codebuddy, gemini, qwen, ruleTester } from '../rule-tester.js';

const wrapped = (timeout: number, host: number) =>
  cmd(`hook-bridge run --from claude --to qwen --timeout ${timeout} -c './x.sh'`, { timeout: host });
ruleTester(rule, {
  valid: [
    { name: 'seconds', files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('x', { timeout: 30 })] }] }) },
    {
      name: "Qwen's legacy ms (30000 = 30 s there)",
      files: qwen({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('x', { timeout: 30000 })] }] }),
    },
    {
      name: 'a converted Qwen config with a sane timeout (30 s script, 35 s host)',
      files: qwen({ PreToolUse: [{ matcher: 'run_shell_command', hooks: [wrapped(30, 35)] }] }),
    },
    {
      name: 'Gemini counts ms: 30000 is 30 s',
      files: gemini({ BeforeTool: [{ matcher: 'run_shell_command', hooks: [cmd('x', { timeout: 30000 })] }] }),
    },
    {
      name: 'Gemini: a converted config (2 s script, 7000 ms host)',
      files: gemini({
        BeforeTool: [
          {
            matcher: 'run_shell_command',
            hooks: [cmd(`hook-bridge run --from claude --to gemini --timeout 2 -c './x.sh'`, { timeout: 7000 })],
          },
        ],
      }),
    },
    { name: 'just under an hour', files: codebuddy({ Stop: [{ hooks: [cmd('x', { timeout: 3599 })] }] }) },
  ],
  invalid: [
    // what `gemini hooks migrate --from-claude` writes for a Claude timeout of 2 s: "Hook timed out after 2ms"
    {
      name: 'Gemini: 2 is 2 ms',
      files: gemini({ BeforeTool: [{ matcher: 'run_shell_command', hooks: [cmd('x', { timeout: 2 })] }] }),
      errors: [
        {
          messageId: 'likelySeconds',
          path: 'hooks.BeforeTool[0].hooks[0].timeout',
          message:
            'timeout: 2 (ms) is 2 ms on Gemini CLI: the hook is killed ' +
            'before it can answer; did you mean timeout: 2000?',
        },
      ],
    },
    {
      name: '30000 on Claude = 8 h',
      files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('x', { timeout: 30000 })] }] }),
      errors: [
        {
          messageId: 'likelyMs',
          path: 'hooks.PreToolUse[0].hooks[0].timeout',
          message: 'timeout: 30000 (seconds) is 8.3 h on Claude Code; did you mean timeout: 30?',
        },
      ],
    },
    // the value as the file holds it, in the unit Qwen reads it in — not 30000 "seconds"
    {
      name: 'Qwen: 30000000 is read as ms (8.3 h)',
      files: qwen({ PreToolUse: [{ matcher: 'run_shell_command', hooks: [cmd('x', { timeout: 30000000 })] }] }),
      errors: [
        {
          path: 'hooks.PreToolUse[0].hooks[0].timeout',
          message:
            'timeout: 30000000 (ms: Qwen Code reads 1000 and more as ms) ' +
            'is 8.3 h on Qwen Code; did you mean timeout: 30?',
        },
      ],
    },
    // what `convert --to qwen` writes for a Claude hook with timeout 30000: the wrapper carries the script's 30000 s
    {
      name: 'a converted Qwen config: the wrapper --timeout, quoted as written',
      files: qwen({ PreToolUse: [{ matcher: 'run_shell_command', hooks: [wrapped(30000, 30005000)] }] }),
      errors: [
        {
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message: '`hook-bridge run --timeout 30000` (seconds) is 8.3 h on Qwen Code; did you mean --timeout 30?',
        },
      ],
    },
    // the same in a grouped entry (hooks that fire for the same calls, one dispatch process): that hook's own --timeout
    {
      name: "a converted Qwen config, grouped: the hook's own --timeout in the entry",
      files: qwen({
        PreToolUse: [
          {
            matcher: 'run_shell_command',
            hooks: [
              cmd(
                `hook-bridge dispatch --to qwen run --from claude --timeout 30000 ` +
                  `-c './x.sh' run --from claude --timeout 5 -c './y.sh'`,
                { timeout: 30005000 },
              ),
            ],
          },
        ],
      }),
      errors: [
        {
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message:
            '`run --timeout 30000` (seconds) of `./x.sh` in a `hook-bridge dispatch` ' +
            'entry is 8.3 h on Qwen Code; did you mean --timeout 30?',
        },
      ],
    },
    {
      name: 'hooks.yaml counts seconds',
      files: { 'hooks.yaml': 'version: 2.0.0\nhooks:\n  - { event: Stop, command: ./x.sh, timeout: 7200 }\n' },
      errors: [
        {
          path: 'hooks[0].timeout',
          message: 'timeout: 7200 (seconds) is 2.0 h on hooks.yaml (hook-bridge dispatch); did you mean timeout: 7?',
        },
      ],
    },
  ],
});
