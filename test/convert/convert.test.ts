import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';
import { parseWrapper, shellQuote, wrapCommand } from '../../src/dialects/wrapper.js';
import { convertHooks } from '../../src/convert/convert.js';
import { toolEntry, toolsOf } from '../../src/dialects/catalog.js';
import { dialects } from '../../src/dialects/index.js';
import type { Hook } from '../../src/model/hook.js';
import { mappings } from '../../src/model/mappings.js';
import { convertText, settings } from './helpers.js';
import { execFileSync } from 'node:child_process';

const claudeHooks = {
  PreToolUse: [
    { matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/hooks/guard.sh', timeout: 10 }] },
    { matcher: 'Write|Edit', hooks: [{ type: 'command', command: 'python3 protect.py' }] },
  ],
  PostToolUse: [
    {
      matcher: 'Edit',
      hooks: [{ type: 'command', command: 'npx prettier --write', timeout: 30, statusMessage: 'formatting' }],
    },
  ],
  UserPromptSubmit: [{ hooks: [{ type: 'command', command: "echo 'ctx'" }] }],
  SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'cat notes.md' }] }],
  Stop: [{ hooks: [{ type: 'command', command: './stop.sh', timeout: 120 }] }],
};

describe('claude -> qwen', () => {
  const { json, result } = convertText(settings(claudeHooks), 'claude', 'qwen');
  it('maps tools, anchors matchers, wraps commands, writes the source default timeout', () => {
    expect(json.hooks.PreToolUse[0]).toEqual({
      matcher: '^run_shell_command$',
      hooks: [
        {
          type: 'command',
          command: `hook-bridge run --from claude --to qwen --timeout 10 -c '"$CLAUDE_PROJECT_DIR"/hooks/guard.sh'`,
          timeout: 15,
        },
      ],
    });
    expect(json.hooks.PreToolUse[1].matcher).toBe('^(write_file|edit)$');
    // Claude's 600 s default + the wrapper's grace; Qwen's default is 60 s
    expect(json.hooks.PreToolUse[1].hooks[0].timeout).toBe(605);
    expect(json.hooks.PostToolUse[0].hooks[0].statusMessage).toBe('formatting');
    expect(json.hooks.SessionStart[0].matcher).toBe('startup');
    expect(result.report.map((r) => r.status)).toEqual([
      'translated',
      'translated',
      'translated',
      'translated',
      'translated',
      'translated',
    ]);
  });
});

describe('round trip claude -> X -> claude is the identity', () => {
  for (const to of DIALECT_IDS.filter((d) => d !== 'claude')) {
    it(`via ${to}`, () => {
      const there = convertText(settings(claudeHooks), 'claude', to);
      const back = convertText(there.text, to, 'claude');
      // Codex CLI has one tool for every file edit (apply_patch; the matchers Write and Edit select it): a matcher
      // naming Write or Edit selects all of them there, and comes back so.
      const expected =
        to === 'codex'
          ? JSON.parse(
              JSON.stringify(claudeHooks).replace(
                /"matcher":"(Write\|Edit|Edit)"/g,
                '"matcher":"Write|Edit|MultiEdit"',
              ),
            )
          : to === 'cline' || to === 'kiro'
            ? // Cline's editor and Kiro CLI's fs_write are their Edit and create files too (tools.yaml covers): an Edit
              // or Write matcher comes back as both.
              JSON.parse(
                JSON.stringify(claudeHooks).replace(/"matcher":"(Write\|Edit|Edit)"/g, '"matcher":"Edit|Write"'),
              )
            : claudeHooks;
      expect(back.json.hooks).toEqual(expected);
    });
  }

  const name = fc.constantFrom('Bash', 'Write', 'Edit', 'Read', 'WebFetch', 'Agent', 'NotebookEdit');
  const hookArb = fc.record({
    matcher: fc.uniqueArray(name, { minLength: 1, maxLength: 3 }).map((a) => a.join('|')),
    command: fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => s.length > 0),
    timeout: fc.option(fc.integer({ min: 1, max: 900 }), { nil: undefined }),
  });
  it('property: arbitrary commands, matchers and timeouts survive claude -> qwen -> claude', () => {
    fc.assert(
      fc.property(fc.array(hookArb, { minLength: 1, maxLength: 4 }), (hooks) => {
        const src = {
          PreToolUse: hooks.map((h) => ({
            matcher: h.matcher,
            hooks: [{ type: 'command', command: h.command, ...(h.timeout ? { timeout: h.timeout } : {}) }],
          })),
        };
        // Agent/NotebookEdit names exist on Qwen; the round trip must restore names and order exactly.
        const back = convertText(convertText(settings(src), 'claude', 'qwen').text, 'qwen', 'claude');
        const got = back.json.hooks.PreToolUse.flatMap((g: { hooks: unknown[] }) => g.hooks);
        expect(got).toEqual(src.PreToolUse.flatMap((g) => g.hooks));
      }),
      { numRuns: 150 },
    );
  });
});

describe('quoting', () => {
  it('property: wrap/parse is the identity and the shell sees the original bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (cmd) => {
        const w = wrapCommand({ runner: 'hook-bridge', from: 'claude', to: 'qwen', command: cmd });
        expect(parseWrapper(w)?.command).toBe(cmd);
        // A JSON round trip (the settings file) keeps it too.
        expect(parseWrapper(JSON.parse(JSON.stringify(w)))?.command).toBe(cmd);
      }),
      { numRuns: 300 },
    );
  });
  it('property: sh receives exactly the quoted word', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => !s.includes('\0')),
        (s) => {
          const out = execFileSync('/bin/sh', ['-c', `printf '%s' ${shellQuote(s)}`]).toString('utf8');
          expect(out).toBe(s);
        },
      ),
      { numRuns: 60 },
    );
  });
  it('--emulate-todos is part of the wrapper: written, recognised, round-tripped', () => {
    const w = {
      runner: 'hook-bridge',
      from: 'claude',
      to: 'qwen',
      timeoutS: 5,
      pluginRoot: '/p q',
      emulateTodos: true,
      command: 'a.sh',
    } as const;
    expect(wrapCommand(w)).toBe(
      `hook-bridge run --from claude --to qwen --timeout 5 --plugin-root '/p q' --emulate-todos -c 'a.sh'`,
    );
    expect(parseWrapper(wrapCommand(w))).toEqual(w);
    const { json } = convertText(
      settings({ Stop: [{ hooks: [{ type: 'command', command: 'todo-gate.py' }] }] }),
      'claude',
      'qwen',
      { emulateTodos: true },
    );
    expect(json.hooks.Stop[0].hooks[0].command).toBe(
      `hook-bridge run --from claude --to qwen --emulate-todos -c 'todo-gate.py'`,
    );
  });
  it('--calls is part of the wrapper: written, recognised, round-tripped (a re-run of convert keeps it)', () => {
    const w = {
      runner: 'hook-bridge',
      from: 'claude',
      to: 'codex',
      timeoutS: 5,
      emulateTodos: true,
      calls: ['Write', 'Edit'],
      command: 'a.sh',
    } as const;
    expect(wrapCommand(w)).toBe(
      `hook-bridge run --from claude --to codex --timeout 5 --emulate-todos --calls Write,Edit -c 'a.sh'`,
    );
    expect(parseWrapper(wrapCommand(w))).toEqual(w);
    const once = convertText(
      settings({ PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'w.sh' }] }] }),
      'claude',
      'codex',
    );
    const back = convertText(once.text, 'codex', 'claude');
    expect(back.json.hooks.PreToolUse[0].hooks[0].command).toBe('w.sh');
  });
  it('quotes, $, backticks, newlines and unicode survive', () => {
    const nasty = `echo "it's $HOME" \`date\` \n\t ünïcødé 🚀 '\\'`;
    expect(
      parseWrapper(
        wrapCommand({
          runner: 'node /opt/x/bin/hook-bridge.cjs',
          from: 'claude',
          to: 'codebuddy',
          timeoutS: 30,
          command: nasty,
        }),
      ),
    ).toEqual({
      runner: 'node /opt/x/bin/hook-bridge.cjs',
      from: 'claude',
      to: 'codebuddy',
      timeoutS: 30,
      command: nasty,
    });
  });
});

describe('regressions of known migrator failures', () => {
  it('timeouts are converted, not copied as ms (Gemini migrate turned 30 s into 30 ms)', () => {
    const { json } = convertText(
      settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x', timeout: 30 }] }] }),
      'claude',
      'qwen',
      { wrap: false },
    );
    expect(json.hooks.PreToolUse[0].hooks[0].timeout).toBe(30);
  });
  it('Grep and LS map to the target names, not lower-cased (grep, ls)', () => {
    const { json } = convertText(
      settings({ PreToolUse: [{ matcher: 'Grep|LS', hooks: [{ type: 'command', command: 'x' }] }] }),
      'claude',
      'qwen',
      { wrap: false },
    );
    expect(json.hooks.PreToolUse[0].matcher).toBe('^(grep_search|list_directory)$');
  });
  it('SubagentStop is mapped, not left behind', () => {
    const { json } = convertText(
      settings({ SubagentStop: [{ hooks: [{ type: 'command', command: 'x' }] }] }),
      'claude',
      'qwen',
      { wrap: false },
    );
    expect(json.hooks.SubagentStop).toHaveLength(1);
  });
  it('matchers are translated, not copied verbatim (rulesync)', () => {
    const { json } = convertText(
      settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x' }] }] }),
      'claude',
      'codebuddy-ide',
      { wrap: false },
    );
    expect(json.hooks.PreToolUse[0].matcher).toBe('^execute_command$');
  });
  it('$CLAUDE_PROJECT_DIR is never stripped to a relative path; rewritten only where the host lacks it', () => {
    const cmd = '"$CLAUDE_PROJECT_DIR"/a.sh && ${CLAUDE_PROJECT_DIR}/b.sh';
    const src = settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: cmd }] }] });
    // Qwen sets CLAUDE_PROJECT_DIR
    expect(convertText(src, 'claude', 'qwen', { wrap: false }).json.hooks.PreToolUse[0].hooks[0].command).toBe(cmd);
    // The CodeBuddy IDE documents CLAUDE_PROJECT_DIR too (seed 003).
    expect(convertText(src, 'claude', 'codebuddy-ide', { wrap: false }).json.hooks.PreToolUse[0].hooks[0].command).toBe(
      cmd,
    );
    // A variable the host lacks is rewritten to its own, never stripped.
    const qwenSrc = settings({
      PreToolUse: [
        {
          matcher: 'run_shell_command',
          hooks: [{ type: 'command', command: '"$QWEN_PROJECT_DIR"/a.sh && ${QWEN_PROJECT_DIR}/b.sh' }],
        },
      ],
    });
    expect(
      convertText(qwenSrc, 'qwen', 'codebuddy-ide', { wrap: false }).json.hooks.PreToolUse[0].hooks[0].command,
    ).toBe('"${CODEBUDDY_PROJECT_DIR}"/a.sh && ${CODEBUDDY_PROJECT_DIR}/b.sh');
  });
  it('prompt hooks are carried, never turned into {} (Qwen Code runs them: docs/observations.md)', () => {
    const { json, result } = convertText(
      settings({ Stop: [{ hooks: [{ type: 'prompt', prompt: 'Is it done? $ARGUMENTS' }] }] }),
      'claude',
      'qwen',
    );
    expect(json.hooks.Stop[0].hooks[0]).toMatchObject({ type: 'prompt', prompt: 'Is it done? $ARGUMENTS' });
    expect(result.report[0]!.status).toBe('exact');
  });
  it('agent hooks, which Qwen Code skips silently, are carried and reported', () => {
    const { json, result } = convertText(
      settings({ Stop: [{ hooks: [{ type: 'agent', prompt: 'Verify the tests pass' }] }] }),
      'claude',
      'qwen',
    );
    expect(json.hooks.Stop[0].hooks[0]).toMatchObject({ type: 'agent', prompt: 'Verify the tests pass' });
    expect(result.report[0]).toMatchObject({
      status: 'degraded',
      notes: expect.arrayContaining([
        expect.stringMatching(/hook type "agent" is not known to be supported by Qwen Code/),
      ]),
    });
  });
  it('an absurd timeout is converted faithfully and flagged', () => {
    const { json, result } = convertText(
      settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x', timeout: 30000 }] }] }),
      'claude',
      'qwen',
      { wrap: false },
    );
    // Qwen reads >= 1000 as ms: 30000 s written in ms
    expect(json.hooks.PreToolUse[0].hooks[0].timeout).toBe(30_000_000);
    expect(result.diagnostics.map((d) => d.code)).toContain('timeoutAbsurd');
  });
});

describe('losses are reported, never silent', () => {
  it('an event the target lacks is dropped with a reason', () => {
    // CodeBuddy Code's bundle declares its whole event enum: PreModelSwitch is not in it (verified absent) ...
    const { json, result } = convertText(
      settings({ PreModelSwitch: [{ hooks: [{ type: 'command', command: 'x' }] }] }),
      'claude',
      'codebuddy',
    );
    expect(json.hooks).toBeUndefined();
    expect(result.report[0]).toMatchObject({ status: 'dropped' });
    expect(result.report[0]!.notes.join()).toMatch(/CodeBuddy Code has no PreModelSwitch event$/);
    // ... while Qwen Code's documented list is newer than its observed build: Setup is not known either way.
    expect(
      convertText(
        settings({ Setup: [{ hooks: [{ type: 'command', command: 'x' }] }] }),
        'claude',
        'qwen',
      ).result.report[0]!.notes.join(),
    ).toMatch(/Qwen Code has no Setup event that hook-bridge knows of$/);
  });
  it('a matcher whose tools do not exist on the target: not written (it could never fire), and nothing is lost', () => {
    const { json, result } = convertText(
      settings({ PreToolUse: [{ matcher: 'MultiEdit', hooks: [{ type: 'command', command: 'x' }] }] }),
      'claude',
      'qwen',
    );
    expect(json.hooks).toBeUndefined();
    expect(result.report[0]).toMatchObject({
      status: 'translated',
      notes: [
        'Qwen Code has no MultiEdit (file.multi-edit): a tool it does ' +
          'not have is never called there, so nothing is lost',
        'not written: it could never fire on Qwen Code',
      ],
    });
    expect(result.report[0]!.target).toBeUndefined();
    expect(result.diagnostics).toEqual([]);
  });
  it("CodeBuddy's plainest Bash matcher (it also fires for BashOutput) -> Qwen Code: translated, with a note", () => {
    const { json, result } = convertText(
      settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x' }] }] }),
      'codebuddy',
      'qwen',
    );
    expect(json.hooks.PreToolUse[0].matcher).toBe('^run_shell_command$');
    expect(result.report[0]!.status).toBe('translated');
    expect(result.report[0]!.notes).toContain(
      'Qwen Code has no BashOutput (task.bash-output): a tool it does ' +
        'not have is never called there, so nothing is lost',
    );
  });
  it('tools the target has only when enabled are named with what enables them; removed ones are a note', () => {
    const { json, result } = convertText(
      settings({ PreToolUse: [{ matcher: 'glob|grep_search', hooks: [{ type: 'command', command: 'x' }] }] }),
      'qwen',
      'claude',
    );
    expect(json.hooks.PreToolUse[0].matcher).toBe('Glob|Grep');
    expect(result.report[0]!.status).toBe('translated');
    expect(result.report[0]!.notes).toContain(
      'Claude Code offers Glob only when enabled (--allowedTools or ' +
        '--tools naming it): the hook fires for it only then',
    );
    const listing = convertText(
      settings({ PreToolUse: [{ matcher: 'list_directory|read_file', hooks: [{ type: 'command', command: 'x' }] }] }),
      'qwen',
      'claude',
    );
    // LS is gone from current builds: never called, nothing lost
    expect(listing.result.report[0]!.status).toBe('translated');
    expect(listing.result.report[0]!.notes).toContain(
      'Claude Code no longer has LS: the hook never fires for it on current builds',
    );
    const back = convertText(
      settings({ PreToolUse: [{ matcher: 'LS', hooks: [{ type: 'command', command: 'x' }] }] }),
      'claude',
      'qwen',
    );
    expect(back.result.report[0]!.notes).toContain(
      'Qwen Code offers list_directory only when enabled (the setting ' +
        'tools.listDirectory.enabled): the hook fires for it only then',
    );
  });
  it('a tool the target does not have never makes the hook degraded or dropped, for every dialect pair', () => {
    let pairs = 0;
    const subsets: string[] = [];
    for (const from of DIALECT_IDS) {
      for (const to of DIALECT_IDS.filter((d) => d !== from)) {
        const src = dialects[from].payloadDialect;
        // a tool the source has and the target has no entry for (absent or not in its list) nor a tool that covers it
        // (Cline's editor creates files: a Write matcher is written as it), and one it has
        const absent = Object.keys(mappings.tools).find(
          (c) =>
            toolEntry(src, c) &&
            !toolEntry(dialects[to].payloadDialect, c) &&
            mappings.index.toolCovering[dialects[to].payloadDialect]?.[c] === undefined &&
            toolEntry(src, c)!.status !== 'historical',
        );
        const present = Object.keys(mappings.tools).find(
          (c) => toolEntry(src, c) && toolEntry(dialects[to].payloadDialect, c),
        );
        // A source whose every tool the target has too (Pi's seven, on Claude Code): nothing to lose there.
        if (
          !absent &&
          present &&
          toolsOf(src).every(
            (t) => t.entry.status === 'historical' || toolEntry(dialects[to].payloadDialect, t.canonical),
          )
        ) {
          subsets.push(`${from} -> ${to}`);
          continue;
        }
        if (!absent || !present) continue;
        pairs++;
        const hook = (tools: string[]): Hook => ({
          event: 'pre-tool-use',
          nativeEvent: mappings.events['pre-tool-use']!.names[from]!,
          matcher: { kind: 'tools', tools, mcp: [], unknown: [] },
          nativeMatcher: tools.map((c) => toolEntry(src, c)!.name).join('|'),
          type: 'command',
          command: 'x',
          scriptDialect: dialects[to].payloadDialect,
          fields: {},
          groupFields: {},
          origin: { file: 'in', path: 'hooks.PreToolUse[0].hooks[0]' },
        });
        const r = convertHooks([hook([present, absent]), hook([absent])], from, { to });
        expect(
          r.report.map((x) => x.status),
          `${from} -> ${to} (${present}, ${absent})`,
        ).toEqual(['translated', 'translated']);
        expect(r.report[0]!.notes.join('\n')).toMatch(
          new RegExp(`has no (known equivalent of )?\\S+ \\(${absent.replace('.', '\\.')}\\)`),
        );
        expect(r.hooks).toHaveLength(1);
        expect(r.report[1]!.notes.at(-1)).toMatch(/^not written: it could never fire on /);
      }
    }
    // every pair but claude <-> hooks-yaml (the same tools), and those where the target has every tool of the source:
    // Pi's, OpenCode's and Kilo's few, Cline's five (on the Claude-like agents), Codex's on Droid (ApplyPatch),
    // Auggie's and Cursor's on the CodeBuddy IDE plugin, Kiro CLI's three (shell, read, write) on every agent but
    // Codex CLI
    expect(
      subsets.filter(
        (x) =>
          !/^(pi -> |opencode -> |kilo -> |claude -> hooks-yaml|hooks-yaml -> claude)/.test(x) &&
          !/^(codex -> droid|(auggie|cursor) -> codebuddy-ide)$/.test(x) &&
          !/^cline -> (claude|qwen|codebuddy|codebuddy-ide|hooks-yaml|gemini|auggie)$/.test(x) &&
          !/^kiro -> (?!codex$)/.test(x),
      ),
    ).toEqual([]);
    expect(subsets).toContain('pi -> claude');
    expect(pairs).toBe(DIALECT_IDS.length * (DIALECT_IDS.length - 1) - subsets.length);
  });
  it('non-tool matcher values the target never sends are reported', () => {
    const { result } = convertText(
      settings({ SessionStart: [{ matcher: 'clear|compact', hooks: [{ type: 'command', command: 'x' }] }] }),
      'claude',
      'codebuddy',
    );
    expect(result.report[0]!.status).toBe('degraded');
    expect(result.report[0]!.notes).toContain('CodeBuddy Code was not seen to send source clear, compact');
  });
});

describe('merge into an existing file', () => {
  const existing = `{
    // team settings: keep me
    "model": "qwen3-coder",
    "hooks": {
        "PreToolUse": [
            { "matcher": "read_file", "hooks": [ { "type": "command", "command": "./audit-reads.sh" } ] }
        ]
    },
    "ui": { "theme": "dark" }
}
`;
  const src = settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }] });
  it('keeps comments, other keys, key order and other hooks; a second run changes nothing', () => {
    const first = convertText(src, 'claude', 'qwen', { existing }).text;
    expect(first).toContain('// team settings: keep me');
    expect(first.indexOf('"model"')).toBeLessThan(first.indexOf('"hooks"'));
    expect(first.indexOf('"hooks"')).toBeLessThan(first.indexOf('"ui"'));
    expect(first).toContain('./audit-reads.sh');
    expect(first).toContain('^run_shell_command$');
    const second = convertText(src, 'claude', 'qwen', { existing: first }).text;
    expect(second).toBe(first);
  });
});

describe('hooks.yaml', () => {
  it('writes version 2.0.0 and a flat list; priorities order the hooks', () => {
    const yaml =
      `version: '2.0.0'\nhooks:\n  - { event: PreToolUse, matcher: [Bash, Write], command: ./b.sh, ` +
      `priority: 20 }\n  - { event: InputReceived, command: ./a.sh, timeout: 5, priority: 10 }\n`;
    const { json } = convertText(yaml, 'hooks-yaml', 'claude');
    expect(Object.keys(json.hooks)).toEqual(['UserPromptSubmit', 'PreToolUse']);
    expect(json.hooks.PreToolUse[0].matcher).toBe('Bash|Write');
    const back = convertText(convertText(settings(claudeHooks), 'claude', 'hooks-yaml').text, 'hooks-yaml', 'claude');
    expect(back.json.hooks).toEqual(claudeHooks);
  });
});

describe('idempotency', () => {
  const tool = fc.constantFrom(
    'Bash',
    'Write',
    'Edit',
    'Read',
    'Grep',
    'WebFetch',
    'mcp__gh__create_issue',
    'Notebook.*',
    '*',
  );
  const event = fc.constantFrom('PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart');
  const hook = fc.record({
    event,
    matcher: tool,
    command: fc.string({ minLength: 1, maxLength: 20 }),
    timeout: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: undefined }),
  });
  const existing = fc.constantFrom(
    undefined,
    '{}\n',
    '{\n  "model": "m",\n  "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "keep-me" } ] } ] }\n}\n',
  );
  it('property: converting twice into the same file changes nothing the second time, for every target', () => {
    fc.assert(
      fc.property(
        fc.array(hook, { minLength: 1, maxLength: 6 }),
        existing,
        fc.constantFrom('qwen', 'codebuddy', 'codebuddy-ide', 'hooks-yaml'),
        (hooks, base, to) => {
          const src: Record<string, object[]> = {};
          for (const h of hooks)
            (src[h.event] ??= []).push({
              ...(h.event.startsWith('P') || h.event === 'SessionStart'
                ? { matcher: h.event === 'SessionStart' ? 'startup' : h.matcher }
                : {}),
              hooks: [{ type: 'command', command: h.command, ...(h.timeout ? { timeout: h.timeout } : {}) }],
            });
          const start = to === 'hooks-yaml' ? undefined : base;
          const once = convertText(settings(src), 'claude', to as 'qwen', { existing: start }).text;
          const twice = convertText(settings(src), 'claude', to as 'qwen', { existing: once }).text;
          expect(twice).toBe(once);
          if (start?.includes('keep-me')) expect(once).toContain('keep-me');
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('handler fields', () => {
  it('a field the target is not known to honour is carried and reported; a behaviour field degrades', () => {
    const { json, result } = convertText(
      settings({
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: 'x', if: 'Bash(git *)', statusMessage: 'checking' }] },
        ],
      }),
      'codebuddy',
      'qwen',
      { wrap: false },
    );
    expect(json.hooks.PreToolUse[0].hooks[0]).toMatchObject({ if: 'Bash(git *)', statusMessage: 'checking' });
    expect(result.report[0]).toMatchObject({
      status: 'degraded',
      notes: expect.arrayContaining([
        'field "if" is not known to be honoured by Qwen Code; carried as written',
        'field "statusMessage" is not known to be honoured by Qwen Code; carried as written',
      ]),
    });
  });
  it('fields the target honours pass without a note', () => {
    const { result } = convertText(
      settings({ Stop: [{ hooks: [{ type: 'command', command: 'x', async: true, timeout: 5 }] }] }),
      'claude',
      'qwen',
      { wrap: false },
    );
    expect(result.report[0]!.notes.join()).not.toMatch(/field "/);
  });
});

describe('non-tool matchers given as lists (hooks.yaml any-of)', () => {
  it(
    'AppStartup (application start) becomes SessionStart "startup"; ' +
      'its matcher is not carried, and the report says so',
    () => {
      const { json, result } = convertText(
        "version: '2.0.0'\nhooks:\n  - { event: AppStartup, matcher: [startup, resume], command: ./s.sh }\n",
        'hooks-yaml',
        'claude',
      );
      expect(json.hooks.SessionStart[0].matcher).toBe('startup');
      expect(result.report[0]!.status).toBe('translated');
      expect(result.report[0]!.notes).toContain('AppStartup ignores matchers; ["startup","resume"] not carried');
    },
  );
});

describe('events at the top level, without "hooks" (seen in public plugin hooks.json files)', () => {
  it('are converted as if under "hooks", and a warning says the agent reads "hooks" only', () => {
    const text = JSON.stringify({
      description: 'plugin',
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './g.sh' }] }],
      Stop: [{ hooks: [{ type: 'command', command: './s.sh' }] }],
    });
    const { json, result, read } = convertText(text, 'claude', 'qwen');
    expect(result.report.map((r) => r.source.path)).toEqual(['PreToolUse[0].hooks[0]', 'Stop[0].hooks[0]']);
    expect(Object.keys(json.hooks)).toEqual(['PreToolUse', 'Stop']);
    expect(read.diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        code: 'eventsAtTopLevel',
        message: expect.stringMatching(/^PreToolUse, Stop are at the top level, not under "hooks"/),
      }),
    );
  });
  it('a file with neither "hooks" nor event keys has no hooks, and no warning', () => {
    expect(convertText('{"model":"x"}', 'claude', 'qwen').read.diagnostics).toEqual([]);
  });
});
