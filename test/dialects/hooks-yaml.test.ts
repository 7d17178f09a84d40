// hooks.yaml as seed 002 defines it (issue 9): each of its events both ways, non-command hooks, and
// Claude events it does not list carried under their Claude names.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../src/dialects/index.js';
import { matcherFires } from '../../src/dialects/matcher.js';
import { convertText, settings } from '../convert/helpers.js';

const yaml = (entries: string[]) => `version: '2.0.0'\nhooks:\n${entries.map((e) => `  - ${e}`).join('\n')}\n`;

describe('hooks.yaml -> Claude Code: every event of seed 002', () => {
  const table: [event: string, claude: string, matcher: string | undefined, status: string][] = [
    ['PreToolUse', 'PreToolUse', undefined, 'exact'],
    ['Stop', 'Stop', undefined, 'exact'],
    ['SubagentStop', 'SubagentStop', undefined, 'exact'],
    ['SessionStart', 'SessionStart', undefined, 'exact'],
    ['InputReceived', 'UserPromptSubmit', undefined, 'translated'],
    ['BeforeResponse', 'Stop', undefined, 'degraded'],
    ['AfterResponse', 'Stop', undefined, 'degraded'],
    ['AppStartup', 'SessionStart', 'startup', 'translated'],
    ['AppShutdown', 'SessionEnd', 'prompt_input_exit|logout|other', 'translated'],
  ];
  it.each(table)('%s -> %s', (event, claude, matcher, status) => {
    const { json, result } = convertText(yaml([`{ event: ${event}, command: ./h.sh }`]), 'hooks-yaml', 'claude');
    expect(Object.keys(json.hooks)).toEqual([claude]);
    expect(json.hooks[claude][0].matcher).toBe(matcher);
    expect(result.report[0]!.status).toBe(status);
  });
  it('an event hook-bridge does not know drops that hook only, with a suggestion', () => {
    const { json, result } = convertText(
      yaml(['{ event: Stpo, command: ./a.sh }', '{ event: Stop, command: ./b.sh }']),
      'hooks-yaml',
      'claude',
    );
    expect(result.report.map((r) => r.status)).toEqual(['dropped', 'exact']);
    expect(result.report[0]!.reason).toMatch(/did you mean Stop\?/);
    expect(json.hooks.Stop).toHaveLength(1);
  });
});

describe('Claude Code -> hooks.yaml', () => {
  const table: [claude: string, event: string, status: string][] = [
    ['PreToolUse', 'PreToolUse', 'exact'],
    ['Stop', 'Stop', 'exact'], // not AfterResponse: that one cannot block
    ['SubagentStop', 'SubagentStop', 'exact'],
    ['SessionStart', 'SessionStart', 'exact'], // not AppStartup: that is the application's start
    ['UserPromptSubmit', 'UserPromptSubmit', 'translated'], // the extension: carried under its Claude name
    ['SessionEnd', 'SessionEnd', 'translated'],
    ['Notification', 'Notification', 'translated'],
  ];
  it.each(table)('%s -> %s', (claude, event, status) => {
    const { text, result } = convertText(
      settings({ [claude]: [{ hooks: [{ type: 'command', command: './h.sh' }] }] }),
      'claude',
      'hooks-yaml',
    );
    expect(text).toContain(`event: ${event}\n`);
    expect(result.report[0]!.status).toBe(status);
    if (status === 'translated') expect(result.report[0]!.notes.join()).toMatch(/carried under its Claude Code name/);
  });
  it('prompt, agent and http hooks cannot be written there: dropped, with the reason', () => {
    const { text, result } = convertText(
      settings({
        Stop: [
          {
            hooks: [
              { type: 'prompt', prompt: 'done?' },
              { type: 'agent', prompt: 'check' },
              { type: 'http', url: 'http://127.0.0.1:9/h' },
              { type: 'command', command: './c.sh' },
            ],
          },
        ],
      }),
      'claude',
      'hooks-yaml',
    );
    expect(result.report.map((r) => r.status)).toEqual(['dropped', 'dropped', 'dropped', 'exact']);
    expect(result.report[0]!.reason).toMatch(/has command hooks only: a "prompt" hook cannot be written there/);
    expect(text).not.toMatch(/type:/);
  });
  it('round trip: the Claude events come back as they were', () => {
    const source = settings({
      Stop: [{ hooks: [{ type: 'command', command: './s.sh' }] }],
      SessionStart: [{ matcher: 'startup|resume', hooks: [{ type: 'command', command: './x.sh' }] }],
      Notification: [{ hooks: [{ type: 'command', command: './n.sh' }] }],
    });
    const there = convertText(source, 'claude', 'hooks-yaml');
    const back = convertText(there.text, 'hooks-yaml', 'claude');
    expect(back.json.hooks).toEqual(JSON.parse(source).hooks);
  });
});

describe('the format as its document gives it (test/fixtures/vendor/hooks-yaml/format.md, seed 002)', () => {
  const spec = readFileSync(join(import.meta.dirname, '../fixtures/vendor/hooks-yaml/format.md'), 'utf8');
  it('its example is one PreToolUse hook on Write, Edit and Bash, 60 s, priority 10', () => {
    const example = /```yaml\n([\s\S]*?)```/.exec(spec)![1]!;
    const { hooks, diagnostics } = dialects['hooks-yaml'].codec.read(example, 'hooks.yaml', dialects['hooks-yaml']);
    expect(diagnostics).toEqual([]);
    expect(hooks).toMatchObject([
      {
        event: 'pre-tool-use',
        matcher: { kind: 'tools', tools: ['file.write', 'file.edit', 'shell'] },
        command: 'validator-script-name',
        timeoutMs: 60_000,
        priority: 10,
        scriptDialect: 'claude',
      },
    ]);
  });
  it(
    'matchers: a single tool, a list of tools (any of them), all ' + 'tools; a string is read as Claude Code reads it',
    () => {
      expect(spec).toContain(
        '- Single tool: `"Write"`\n- Multiple tools: `["Write", "Edit", "Bash"]`\n- All tools: `"*"`',
      );
      const cases: [matcher: string | string[], tool: string, fires: boolean][] = [
        ['Write', 'Write', true],
        ['Write', 'Bash', false],
        [['Write', 'Edit', 'Bash'], 'Edit', true],
        [['Write'], 'Bash', false],
        ['*', 'Bash', true],
        ['Edit', 'NotebookEdit', false],
        ['Write|Edit', 'Edit', true],
        ['^Bash', 'Bash', true],
        [['^Bash$'], 'Bash', true],
      ];
      for (const [m, tool, fires] of cases)
        expect(matcherFires('hooks-yaml', m, tool), `${JSON.stringify(m)} on ${tool}`).toBe(fires);
    },
  );
});
