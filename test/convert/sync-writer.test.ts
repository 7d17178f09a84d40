// The settings.json writer applies a sync plan with text edits: what it manages is replaced, removed or
// added; everything else — other entries, other events, comments, layout — stays byte for byte.
import { describe, expect, it } from 'vitest';
import { dialects } from '../../src/dialects/index.js';
import type { NativeHook, Ownership } from '../../src/dialects/define.js';
import { parseJsonc } from '../../src/dialects/jsonc.js';

const qwen = dialects.qwen;
const mine = new Set(['a', 'b', 'c', 'd']);
const own: Ownership = {
  owner: (_e, h) => (mine.has(h.command as string) ? `k-${h.command as string}` : undefined),
  adopt: () => false,
};
const hook = (event: string, command: string, matcher?: string, timeout?: number): NativeHook => ({
  event,
  matcher,
  handler: { type: 'command', command, ...(timeout ? { timeout } : {}) },
  groupFields: {},
  key: `k-${command}`,
});
const commandsOf = (text: string) => {
  const hooks = (
    parseJsonc(text, 'x') as { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> }
  ).hooks;
  return Object.fromEntries(
    Object.entries(hooks).map(([ev, groups]) => [ev, groups.map((g) => g.hooks.map((h) => h.command))]),
  );
};

const PRETTY = `{
  // my settings
  "model": "q",
  "hooks": {
    "PreToolUse": [
      { "matcher": "^run_shell_command$", "hooks": [ { "type": "command", "command": "a" },
{"type":"command","command":"u1"}, { "type": "command", "command": "b" } ] },
      {
        "matcher": "^write_file$",
        "hooks": [
          { "type": "command", "command": "c" }
        ]
      },
      {"hooks":[{"type":"command","command":"u2"}]}
    ],
    "Stop": [ { "hooks": [ { "type": "command", "command": "d" } ] } ],
    "SessionStart": [{"hooks":[{"type":"command","command":"u3"}]}]
  }
}
`;
const COMPACT =
  '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"d"}]}],"PreToolUse":[{"hooks":[{"type":"command","com' +
  'mand":"u1"}]},{"matcher":"^write_file$","hooks":[{"type":"command","command":"c"},{"type":"command","command":' +
  '"a"}]}]},"x":1}\n';

describe('settings.json writer: text edits of the managed entries only', () => {
  const cases: {
    name: string;
    text: string;
    want: NativeHook[];
    commands: Record<string, string[][]>;
    kept: string[];
    changes: Record<string, number>;
  }[] = [
    {
      name: 'everything managed goes: first, last, whole group, whole event in the middle',
      text: PRETTY,
      want: [],
      commands: { PreToolUse: [['u1'], ['u2']], SessionStart: [['u3']] },
      kept: [
        '// my settings',
        '{"hooks":[{"type":"command","command":"u2"}]}',
        '"SessionStart": [{"hooks":[{"type":"command","command":"u3"}]}]',
        '{"type":"command","command":"u1"}',
      ],
      changes: { removed: 4 },
    },
    {
      name: 'updated in place, one removed, one added',
      text: PRETTY,
      want: [
        hook('PreToolUse', 'a', '^run_shell_command$', 30),
        hook('PreToolUse', 'c', '^write_file$'),
        hook('Stop', 'e'),
      ],
      commands: { PreToolUse: [['a', 'u1'], ['c'], ['u2']], Stop: [['e']], SessionStart: [['u3']] },
      kept: ['// my settings', '{"hooks":[{"type":"command","command":"u2"}]}', '"matcher": "^write_file$"'],
      changes: { updated: 1, unchanged: 1, removed: 2, added: 1 },
    },
    {
      name: 'a compact file: removals keep it compact and valid',
      text: COMPACT,
      want: [hook('PreToolUse', 'a', '^write_file$')],
      commands: { PreToolUse: [['u1'], ['a']] },
      kept: ['{"hooks":[{"type":"command","command":"u1"}]}', '"x":1}'],
      changes: { removed: 2, unchanged: 1 },
    },
    {
      name: 'a matcher change moves the entry: removed from its group, added in a new one',
      text: COMPACT,
      want: [hook('PreToolUse', 'c', '^read_file$'), hook('PreToolUse', 'a', '^write_file$'), hook('Stop', 'd')],
      commands: { Stop: [['d']], PreToolUse: [['u1'], ['a'], ['c']] },
      kept: ['"Stop":[{"hooks":[{"type":"command","command":"d"}]}]'],
      changes: { updated: 1, unchanged: 2 },
    },
    {
      name: 'a matcher change of every entry of a group: the group keeps its place, with the new matcher',
      text: PRETTY,
      want: [
        hook('PreToolUse', 'a', '^run_shell_command$'),
        hook('PreToolUse', 'b', '^run_shell_command$'),
        hook('PreToolUse', 'c', '^(write_file|edit)$'),
        hook('Stop', 'd'),
      ],
      commands: { PreToolUse: [['a', 'u1', 'b'], ['c'], ['u2']], Stop: [['d']], SessionStart: [['u3']] },
      kept: ['// my settings', '"matcher": "^(write_file|edit)$"', '{"hooks":[{"type":"command","command":"u2"}]}'],
      changes: { updated: 1, unchanged: 3 },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = qwen.codec.write(c.want, c.text, 'settings.json', qwen, own);
      expect(commandsOf(r.text)).toEqual(c.commands);
      for (const k of c.kept) expect(r.text).toContain(k);
      const counts = {
        added: r.changes.added.length,
        updated: r.changes.updated.length,
        unchanged: r.changes.unchanged.length,
        removed: r.changes.removed.length,
      };
      expect(counts).toEqual({ added: 0, updated: 0, unchanged: 0, removed: 0, ...c.changes });
      // Applying the same plan again changes nothing.
      expect(qwen.codec.write(c.want, r.text, 'settings.json', qwen, own).text).toBe(r.text);
    });
  }
  it('an entry a person wrote that equals one to write is left alone, not written twice', () => {
    const text = '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"u1"}]}]}}\n';
    const r = qwen.codec.write([hook('Stop', 'u1')], text, 'settings.json', qwen, own);
    expect(r.text).toBe(text);
    expect(r.changes.handWritten).toHaveLength(1);
  });
});
