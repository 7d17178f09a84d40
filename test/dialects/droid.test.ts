// Factory Droid (settings-json codec, its own tool names), against what droid exec 0.225.2 was observed to do
// (test/fixtures/observed/droid/README.md) and what its binary declares.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/convert/convert.js';
import { dialects } from '../../src/dialects/index.js';
import { matcherFires } from '../../src/dialects/matcher.js';

const OBS = resolve(import.meta.dirname, '../fixtures/observed/droid');
const d = dialects.droid;

describe('droid matchers (README §5: "Exec" fired for Execute)', () => {
  it.each([
    ['Exec', 'Execute', true],
    ['Execute', 'Execute', true],
    ['execute', 'Execute', false],
    ['Edit|Create', 'Create', true],
    ['^Read$', 'Execute', false],
    ['', 'Execute', true],
  ] as const)('%j on %s: %s', (m, tool, fired) => expect(matcherFires('droid', m, tool)).toBe(fired));
});

describe('reading its files', () => {
  it('matcher groups keyed by Claude event names; its tool names read as canonical tools', () => {
    const text = JSON.stringify({
      hooks: { PreToolUse: [{ matcher: 'Execute', hooks: [{ type: 'command', command: 'g.sh', timeout: 5 }] }] },
    });
    const r = d.codec.read(text, '.factory/settings.json', d);
    expect(r.diagnostics).toEqual([]);
    expect(r.hooks.map((h) => [h.event, h.command, h.timeoutMs, h.matcher])).toEqual([
      ['pre-tool-use', 'g.sh', 5000, { kind: 'tools', tools: ['shell'], mcp: [], unknown: [] }],
    ]);
  });
  it('its observed PreToolUse payload names the tool Execute with its own parameters', () => {
    const p = JSON.parse(readFileSync(resolve(OBS, 'payloads/PreToolUse.json'), 'utf8'));
    expect([p.hook_event_name, p.tool_name, p.tool_input.command]).toEqual(['PreToolUse', 'Execute', 'echo hi']);
  });
});

describe('convert claude <-> droid', () => {
  const claude = {
    hooks: {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 30 }] },
        { matcher: 'Write|Edit', hooks: [{ type: 'command', command: './fmt.sh' }] },
      ],
      Stop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }],
    },
  };
  const there = convert(JSON.stringify(claude), { from: 'claude', to: 'droid', runner: 'hook-bridge' });
  const out = JSON.parse(there.output);
  it('Bash is written as Execute, Write|Edit as Create and Edit, each script wrapped for droid', () => {
    expect(out.hooks.PreToolUse.map((g: { matcher: string }) => g.matcher)).toEqual(['^Execute$', '^(Create|Edit)$']);
    expect(out.hooks.PreToolUse[0].hooks[0].command).toContain('--to droid');
    expect(out.hooks.Stop).toHaveLength(1);
  });
  it('and back: the same events, tools and scripts', () => {
    const back = JSON.parse(convert(there.output, { from: 'droid', to: 'claude' }).output);
    expect(Object.keys(back.hooks).sort()).toEqual(['PreToolUse', 'Stop']);
    expect(JSON.stringify(back)).toContain('./guard.sh');
  });
  it('an event Droid lacks (PostToolUseFailure) is dropped with the reason', () => {
    const r = convert(
      JSON.stringify({ hooks: { PostToolUseFailure: [{ hooks: [{ type: 'command', command: 'x' }] }] } }),
      {
        from: 'claude',
        to: 'droid',
      },
    );
    expect(r.report.map((x) => x.status)).toEqual(['dropped']);
  });
});
