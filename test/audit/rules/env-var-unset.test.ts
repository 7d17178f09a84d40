import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit, auditExitCode } from '../../../src/audit/audit.js';
import rule from '../../../src/audit/rules/env-var-unset.js';
import { claude, cmd, codebuddy, codex, qwen, ruleTester, runRule } from '../rule-tester.js';

const pre = (command: string) => ({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd(command)] }] });
const at = 'hooks.PreToolUse[0].hooks[0].command';
const plugin = (command: string) => ({
  'hooks/hooks.json': { hooks: pre(command) },
  '.claude-plugin/plugin.json': { name: 'p' },
});

ruleTester(rule, {
  valid: [
    { name: "the host's own project dir", files: claude(pre('"$CLAUDE_PROJECT_DIR"/hooks/g.sh')) },
    { name: 'Qwen sets CLAUDE_PROJECT_DIR too', files: qwen(pre('"$CLAUDE_PROJECT_DIR"/hooks/g.sh')) },
    { name: 'CodeBuddy Code sets CLAUDE_PROJECT_DIR too', files: codebuddy(pre('${CLAUDE_PROJECT_DIR}/hooks/g.sh')) },
    { name: 'the plugin root inside a plugin', files: plugin('${CLAUDE_PLUGIN_ROOT}/hooks/g.sh') },
    {
      name: 'a fallback to a variable the host sets',
      files: { ...claude(pre('./g.sh')), 'g.sh': '#!/bin/sh\nDIR="${QWEN_PROJECT_DIR:-$CLAUDE_PROJECT_DIR}"\n' },
    },
    {
      name: 'a script that tests the variable',
      files: {
        ...claude(pre('./g.sh')),
        'g.sh': '#!/bin/sh\nif [ -n "$QWEN_PROJECT_DIR" ]; then cd "$QWEN_PROJECT_DIR"; fi\n',
      },
    },
    {
      name: 'a comment',
      files: { ...claude(pre('./g.sh')), 'g.sh': '#!/bin/sh\n# ported from $QWEN_PROJECT_DIR/hooks\nexit 0\n' },
    },
    {
      name: 'a Python fallback',
      files: {
        ...claude(pre('./g.py')),
        'g.py': '#!/usr/bin/env python3\nimport os\nroot = os.environ.get("QWEN_PROJECT_DIR") or os.getcwd()\n',
      },
    },
    {
      name: 'a wrapped Qwen hook on Claude: the wrapper sets QWEN_PROJECT_DIR',
      files: claude(pre(`hook-bridge run --from qwen --to claude -c '"$QWEN_PROJECT_DIR"/g.sh'`)),
    },
    {
      name: 'Claude config audited for the IDE (--target): converted, the wrapper sets CLAUDE_PROJECT_DIR',
      target: 'codebuddy-ide',
      files: claude(pre('"$CLAUDE_PROJECT_DIR"/g.sh')),
    },
    { name: 'a variable nobody sets is not ours to judge', files: claude(pre('"$MY_TOOL_HOME"/g.sh')) },
  ],
  invalid: [
    {
      name: '$CLAUDE_PROJECT_DIR in a hook copied to .codex/hooks.json: Codex sets no project-dir variable (c01)',
      files: codex({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('"$CLAUDE_PROJECT_DIR"/.claude/hooks/g.sh')] }] }),
      errors: [
        {
          messageId: 'notSet',
          message:
            'the command uses $CLAUDE_PROJECT_DIR, which Codex CLI does not set: it expands to an ' +
            'empty string; use $(git rev-parse --show-toplevel 2>/dev/null || pwd)',
        },
      ],
    },
    {
      name: '$QWEN_PROJECT_DIR on Claude Code',
      files: claude(pre('"$QWEN_PROJECT_DIR"/hooks/g.sh')),
      errors: [
        {
          messageId: 'notSet',
          path: at,
          message:
            'the command uses $QWEN_PROJECT_DIR, which Claude Code does not set: ' +
            'it expands to an empty string; use $CLAUDE_PROJECT_DIR',
        },
      ],
    },
    {
      name: '$CODEBUDDY_PROJECT_DIR on Qwen',
      files: qwen(pre('${CODEBUDDY_PROJECT_DIR}/g.sh')),
      errors: [
        {
          messageId: 'notSet',
          message: /\$CODEBUDDY_PROJECT_DIR, which Qwen Code does not set.*use \$QWEN_PROJECT_DIR$/,
        },
      ],
    },
    {
      // seed 003 documents CODEBUDDY_PROJECT_DIR and CLAUDE_PROJECT_DIR for the IDE, not QWEN_PROJECT_DIR.
      name: '$QWEN_PROJECT_DIR on the CodeBuddy IDE plugin',
      files: {
        '.codebuddy/settings.json': {
          hooks: { PreToolUse: [{ matcher: 'execute_command', hooks: [cmd('"$QWEN_PROJECT_DIR"/g.sh')] }] },
        },
      },
      errors: [{ messageId: 'notSet', message: /CodeBuddy IDE plugin does not set.*use \$CODEBUDDY_PROJECT_DIR/ }],
    },
    {
      name: 'Claude config audited for CodeBuddy (--target): converted, it is wrapped; QWEN_PROJECT_DIR is still unset',
      target: 'codebuddy',
      files: claude(pre('"$QWEN_PROJECT_DIR"/g.sh')),
      errors: [{ messageId: 'notSet', message: /CodeBuddy Code \(nor the hook-bridge wrapper for Claude Code\)/ }],
    },
    {
      name: "in an unwrapped script's text",
      files: { ...claude(pre('./g.sh')), 'g.sh': '#!/bin/sh\ncd "$QWEN_PROJECT_DIR" || exit 1\n' },
      errors: [{ messageId: 'notSet', message: /^\.\/g\.sh uses \$QWEN_PROJECT_DIR/ }],
    },
    {
      name: 'os.environ in a Python script',
      files: {
        ...claude(pre('./g.py')),
        'g.py': '#!/usr/bin/env python3\nimport os\nroot = os.environ["CODEBUDDY_PROJECT_DIR"]\n',
      },
      errors: [{ messageId: 'notSet', message: /CODEBUDDY_PROJECT_DIR/ }],
    },
    {
      name: 'a wrapped Claude hook on the IDE: neither the IDE nor the wrapper sets QWEN_PROJECT_DIR',
      files: {
        '.codebuddy/settings.json': {
          hooks: {
            PreToolUse: [
              {
                matcher: 'execute_command',
                hooks: [cmd(`hook-bridge run --from claude --to codebuddy-ide -c '"$QWEN_PROJECT_DIR"/g.sh'`)],
              },
            ],
          },
        },
      },
      errors: [
        { messageId: 'notSet', message: /nor the hook-bridge wrapper for Claude Code.*use \$CLAUDE_PROJECT_DIR/ },
      ],
    },
    {
      name: '${CLAUDE_PLUGIN_ROOT} in settings.json',
      files: claude(pre('${CLAUDE_PLUGIN_ROOT}/hooks/g.sh')),
      errors: [
        {
          messageId: 'pluginOnly',
          path: at,
          message:
            'the command uses $CLAUDE_PLUGIN_ROOT, which is set only for plugin hooks and ' +
            '.claude/settings.json is not a plugin: it expands to an empty string; use $CLAUDE_PROJECT_DIR',
        },
      ],
    },
    {
      name: '$CLAUDE_PLUGIN_ROOT in settings.local.json of Qwen',
      files: { '.qwen/settings.json': { hooks: pre('node $CLAUDE_PLUGIN_ROOT/x.js') } },
      errors: [{ messageId: 'pluginOnly', message: /use \$QWEN_PROJECT_DIR$/ }],
    },
  ],
});

it(
  "env-var-unset: the edit for audit --fix uses the host's variable, only for the command and the config's own " +
    'agent',
  () => {
    const own = runRule(rule, {
      name: 'own',
      files: claude(pre('"$QWEN_PROJECT_DIR"/a.sh ${GEMINI_PROJECT_DIR}/b')),
    }).findings;
    expect(own.map((f) => f.edit)).toEqual(
      [0, 1].map(() => ({ path: at, value: '"$CLAUDE_PROJECT_DIR"/a.sh ${CLAUDE_PROJECT_DIR}/b' })),
    );
    const script = runRule(rule, {
      name: 'script',
      files: { ...claude(pre('./g.sh')), 'g.sh': '#!/bin/sh\ncd "$QWEN_PROJECT_DIR"\n' },
    }).findings;
    expect(script.map((f) => f.edit)).toEqual([undefined]);
    const targeted = runRule(rule, {
      name: 'target',
      target: 'claude',
      files: qwen(pre('"$CODEBUDDY_PROJECT_DIR"/a.sh')),
    }).findings;
    expect(targeted.map((f) => f.messageId)).toEqual(['notSet']);
    expect(targeted[0]!.edit).toBeUndefined();
  },
);

describe('env-var-unset: a variable Claude Code never sets, and code given inline (issue 35)', () => {
  const hacs = resolve(import.meta.dirname, '../../fixtures/real-shapes/mampfes__hacs_waste_collection_schedule');

  it('mampfes/hacs_waste_collection_schedule: `python -c` guards reading CLAUDE_TOOL_INPUT: dead on Claude', () => {
    const r = audit({ paths: [hacs], ruleSet: [rule], cwd: hacs });
    expect(r.findings.map((f) => [f.severity, f.messageId, f.path])).toEqual([
      ['error', 'neverSet', 'hooks.PreToolUse[0].hooks[0].command'],
      ['error', 'neverSet', 'hooks.PreToolUse[1].hooks[0].command'],
    ]);
    expect(r.findings[0]!.message).toBe(
      'the command reads $CLAUDE_TOOL_INPUT, which Claude Code never sets (the call comes as JSON on stdin): the ' +
        'hook never sees the call, so it never blocks anything; read the payload from stdin',
    );
    expect(auditExitCode(r.findings, 'error')).toBe(1);
  });

  const inline = (command: string, event = 'PreToolUse') =>
    runRule(rule, { name: command, files: codex({ [event]: [{ hooks: [cmd(command)] }] }) }).findings;

  it.each([
    [
      'python3 -c',
      'python3 -c "import os,subprocess; subprocess.run([os.environ[\\"CLAUDE_PROJECT_DIR\\"] + \\"/g.sh\\"])"',
    ],
    ['node -e', 'node -e "require(process.env[\\"CLAUDE_PROJECT_DIR\\"] + \\"/g.js\\")"'],
    ['bash -c running python3 -c', 'bash -c \'python3 -c "import os; os.getenv(\\"CLAUDE_PROJECT_DIR\\")"\''],
  ])('%s: a shell-escaped read of the variable, unquoted as the interpreter gets it', (_, command) => {
    expect(inline(command).map((f) => f.messageId)).toEqual(['notSet']);
  });

  it('not where the host sets it, nor behind a fallback in the inline code', () => {
    expect(
      runRule(rule, {
        name: 'claude',
        files: claude(pre('python3 -c "import os; print(os.environ[\\"CLAUDE_PROJECT_DIR\\"])"')),
      }).findings,
    ).toEqual([]);
    expect(inline('node -e "console.log(process.env[\\"CLAUDE_PROJECT_DIR\\"] ?? process.cwd())"')).toEqual([]);
  });

  it('on a hook that cannot block (Notification), a warning: nothing is let through', () => {
    const f = runRule(rule, {
      name: 'notification',
      files: claude({
        Notification: [{ hooks: [cmd("python3 -c \"import os; print(os.environ.get('CLAUDE_TOOL_NAME', ''))\"")] }],
      }),
    }).findings;
    expect(f.map((x) => [x.severity, x.message])).toEqual([
      [
        'warning',
        'the command reads $CLAUDE_TOOL_NAME, which Claude Code never sets (the call comes as JSON on stdin): the ' +
          'hook never sees the call; read the payload from stdin',
      ],
    ]);
  });
});
