import rule from '../../../src/audit/rules/deny-dropped.js';
import { claude, cmd, codebuddy, codex, gemini, qwen, ruleTester } from '../rule-tester.js';

const post = (command: string) => ({ PostToolUse: [{ matcher: 'Write|Edit', hooks: [cmd(command)] }] });
const pre = (command: string, extra: object = {}) => ({
  PreToolUse: [{ matcher: 'Bash', hooks: [cmd(command, extra)] }],
});
const stop = (command: string) => ({ Stop: [{ hooks: [cmd(command)] }] });
const lint = '#!/bin/sh\nnpx eslint "$(jq -r .tool_input.file_path)" >&2 || exit 2\n';
const block = `#!/usr/bin/env python3\nimport json\nprint(json.dumps({"decision": "block", "reason": "tests fail"}))\n`;
const beforeTool = (command: string) => ({ BeforeTool: [{ matcher: 'run_shell_command', hooks: [cmd(command)] }] });
const deny = `#!/bin/sh\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}'\n`;

ruleTester(rule, {
  valid: [
    {
      // kenryu42/claude-code-safety-net's Copilot file: the deny is printed and the script ends (exit 0); its exit 1
      // is an error path elsewhere — and Copilot denies at exit 1 anyway (issue 30)
      name: 'a flat deny on Copilot CLI, with an exit 1 on another path',
      files: {
        '.github/hooks/h.json': { version: 1, hooks: { preToolUse: [{ type: 'command', bash: 'node g.js' }] } },
        'g.js':
          'function deny(r) {\n' +
          '  console.log(JSON.stringify({ permissionDecision: "deny", permissionDecisionReason: r }));\n}\n' +
          'main().catch((e) => {\n  console.error(e);\n  process.exit(1);\n});\n',
      },
    },
    {
      name: 'a JSON deny with exit 1 on Copilot CLI: it denies whatever the JSON (d:own-pre-exit1-json-deny)',
      files: {
        '.github/hooks/h.json': { version: 1, hooks: { preToolUse: [{ type: 'command', bash: './g.sh' }] } },
        'g.sh': `#!/bin/sh\necho '{"permissionDecision":"deny","permissionDecisionReason":"no"}'\nexit 1\n`,
      },
    },
    {
      name: 'a JSON deny and an exit 1 on different paths, on Codex CLI',
      files: {
        ...codex({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./g.py')] }] }),
        'g.py':
          '#!/usr/bin/env python3\nimport json, sys\ndef deny(r):\n    print(json.dumps({"hookSpecificOutput": ' +
          '{"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": r}}))\n' +
          '    return\ntry:\n    main()\nexcept Exception:\n    sys.exit(1)\n',
      },
    },
    {
      name: 'a top-level decision deny on Gemini CLI',
      files: { ...gemini(beforeTool('./d.sh')), 'd.sh': `#!/bin/sh\necho '{"decision":"deny","reason":"no"}'\n` },
    },
    {
      name: 'a wrapped Claude script on Gemini CLI (translated)',
      files: { ...gemini(beforeTool("hook-bridge run --from claude --to gemini -c './deny.sh'")), 'deny.sh': deny },
    },
    {
      name: 'PostToolUse exit 2 on Claude Code (p03: shown to the model)',
      files: { ...claude(post('./lint.sh')), 'lint.sh': lint },
    },
    {
      name: 'PostToolUse that never blocks, on Qwen Code',
      files: { ...qwen(post('./fmt.sh')), 'fmt.sh': '#!/bin/sh\nnpx prettier --write . || exit 1\nexit 20\n' },
    },
    {
      name: 'a wrapped Claude linter on CodeBuddy Code (translated)',
      files: { ...codebuddy(post("hook-bridge run --from claude --to codebuddy -c './lint.sh'")), 'lint.sh': lint },
    },
    { name: 'Stop block on Claude Code (st01)', files: { ...claude(stop('./s.py')), 's.py': block } },
    { name: 'Stop block on Qwen Code (continues)', files: { ...qwen(stop('./s.py')), 's.py': block } },
    {
      name: 'continue:false in PreToolUse on CodeBuddy Code (t09: blocks the tool)',
      files: codebuddy(pre(`echo '{"continue": false}'`)),
    },
    {
      name: 'an async PreToolUse logger on Qwen Code (never denies)',
      files: qwen(pre('echo "$(cat)" >> /tmp/log', { async: true })),
    },
    {
      name: 'an async denying hook on CodeBuddy Code (no async field)',
      files: { ...codebuddy(pre('./g.sh', { async: true })), 'g.sh': deny },
    },
    {
      name: 'a PreModelRequest logger on Codex CLI (answers nothing)',
      files: codex({ PreModelRequest: [{ hooks: [cmd('cat >> .codex/requests.log')] }] }),
    },
  ],
  invalid: [
    {
      name: 'a PreModelRequest hook that blocks on Codex CLI (observe-only: README "0.171.0" mr01-mr03)',
      files: {
        ...codex({ PreModelRequest: [{ hooks: [cmd('./budget.sh')] }] }),
        'budget.sh': '#!/bin/sh\necho "token budget spent" >&2\nexit 2\n',
      },
      errors: [
        {
          messageId: 'observeOnly',
          message:
            './budget.sh blocks PreModelRequest (exit 2), but Codex CLI reads no answer there (it only runs the ' +
            'hook): nothing is blocked',
        },
      ],
    },
    {
      name: 'hookSpecificOutput without hookEventName on Claude Code (d12b): the deny is not read',
      files: {
        ...claude(pre('./g.sh')),
        'g.sh':
          `#!/bin/sh\necho '{"hookSpecificOutput":` +
          `{"permissionDecision":"deny","permissionDecisionReason":"no"}}'\n`,
      },
      errors: [
        {
          messageId: 'hookEventNameMissing',
          message:
            './g.sh answers permissionDecision "deny" in hookSpecificOutput without "hookEventName", so Claude Code ' +
            'ignores it: the tool runs; add "hookEventName": "PreToolUse"',
        },
      ],
    },
    {
      name: 'a PostModelRequest hook answering continue:false on Codex CLI (observe-only, mr13)',
      files: codex({ PostModelRequest: [{ hooks: [cmd(`echo '{"continue": false, "stopReason": "over"}'`)] }] }),
      errors: [{ messageId: 'observeOnly', message: /blocks PostModelRequest \("continue": false\)/ }],
    },
    {
      name: 'a JSON deny with exit 1 on Codex CLI (JSON is read only at exit 0, d14)',
      files: {
        ...codex({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./g.sh')] }] }),
        'g.sh':
          `#!/bin/sh\necho ` +
          `'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReas` +
          `on":"no"}}'\nexit ` +
          `1\n`,
      },
      errors: [
        {
          messageId: 'jsonIgnoredAtExit',
          message:
            './g.sh answers permissionDecision "deny" with exit 1: Codex CLI reads a JSON answer only at ' +
            'exit 0, so the tool runs; exit 0 with the JSON, or exit 2 with the reason on stderr',
        },
      ],
    },
    {
      name: 'exit 2 with the reason on stdout only, on Codex CLI (d03, d15)',
      files: {
        ...codex({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./g.sh')] }] }),
        'g.sh': '#!/bin/sh\necho "blocked: rm"\nexit 2\n',
      },
      errors: [
        {
          messageId: 'exitTwoWithoutStderr',
          message: /^\.\/g\.sh blocks PreToolUse with exit 2 but writes no reason to stderr: Codex CLI ignores/,
        },
      ],
    },
    {
      name: 'permissionDecision deny on Gemini CLI (it reads only a top-level decision; e2e gemini-facts)',
      files: { ...gemini(beforeTool('./deny.sh')), 'deny.sh': deny },
      errors: [
        {
          messageId: 'permissionDecisionIgnored',
          path: 'hooks.BeforeTool[0].hooks[0].command',
          message:
            './deny.sh denies BeforeTool with permissionDecision "deny", which Gemini CLI does ' +
            'not read: the tool runs; answer with a top-level "decision": "deny"',
        },
      ],
    },
    {
      name: 'PostToolUse exit 2 on Qwen Code (p03)',
      files: { ...qwen(post('./lint.sh')), 'lint.sh': lint },
      errors: [
        {
          messageId: 'postToolUseBlockDropped',
          path: 'hooks.PostToolUse[0].hooks[0].command',
          message:
            './lint.sh blocks PostToolUse (exit 2), but Qwen Code drops ' +
            'that: the model never learns the result was rejected',
        },
      ],
    },
    {
      name: 'PostToolUse decision block on CodeBuddy Code (u02)',
      files: { ...codebuddy(post('python3 check.py')), 'check.py': block },
      errors: [
        {
          messageId: 'postToolUseBlockDropped',
          message: /^check\.py blocks PostToolUse \(decision "block"\), but CodeBuddy Code drops that/,
        },
      ],
    },
    {
      name: 'Stop block on CodeBuddy Code (u11)',
      files: { ...codebuddy(stop('./s.py')), 's.py': block },
      errors: [
        {
          messageId: 'stopBlockIgnored',
          path: 'hooks.Stop[0].hooks[0].command',
          message:
            './s.py blocks Stop (decision "block") to keep the agent working, but CodeBuddy ' +
            'Code ignores that in headless runs (-p): the session ends anyway',
        },
      ],
    },
    {
      name: 'Stop exit 2 via process.exit on CodeBuddy Code (u13)',
      files: { ...codebuddy(stop('node s.js')), 's.js': 'if (!ok()) process.exit(2)\n' },
      errors: [{ messageId: 'stopBlockIgnored', message: /\(exit 2\)/ }],
    },
    {
      name: 'continue:false in PreToolUse on Claude Code (d13)',
      files: {
        ...claude(pre('./g.py')),
        'g.py': '#!/usr/bin/env python3\nimport json\nprint(json.dumps({"continue": False, "stopReason": "no"}))\n',
      },
      errors: [
        {
          messageId: 'continueFalseToolRuns',
          path: 'hooks.PreToolUse[0].hooks[0].command',
          message:
            './g.py answers "continue": false in PreToolUse, but Claude Code still runs the ' +
            'tool (then ends the session); deny it with permissionDecision "deny"',
        },
      ],
    },
    {
      name: 'an async denying hook on Qwen Code (c14)',
      files: { ...qwen(pre('./g.sh', { async: true })), 'g.sh': deny },
      errors: [
        {
          messageId: 'asyncDenyIgnored',
          path: 'hooks.PreToolUse[0].hooks[0].async',
          message:
            'async PreToolUse hook: Qwen Code ignores the deny of an async hook ' +
            '(permissionDecision "deny" in ./g.sh), so the tool runs; remove "async": true',
        },
      ],
    },
    {
      name: 'an async wrapped Claude guard on Qwen Code',
      files: {
        ...qwen(pre("hook-bridge run --from claude --to qwen -c './g.sh'", { async: true })),
        'g.sh': '#!/bin/sh\n[ -n "$X" ] && exit 2\nexit 0\n',
      },
      errors: [{ messageId: 'asyncDenyIgnored', message: /\(exit 2 in \.\/g\.sh\)/ }],
    },
  ],
});
