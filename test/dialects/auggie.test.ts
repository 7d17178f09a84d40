// Auggie (settings-json codec; its own payload and tool names), against what the @augmentcode/auggie 0.36.0 bundle
// declares (test/fixtures/vendor/auggie/README.md).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/convert/convert.js';
import { nativeEvent } from '../../src/dialects/catalog.js';
import { matcherFires } from '../../src/dialects/matcher.js';
import { mappings } from '../../src/model/mappings.js';

const VENDOR = resolve(import.meta.dirname, '../fixtures/vendor/auggie');

describe('auggie matchers (bundle: new RegExp(matcher).test(tool_name))', () => {
  it.each([
    ['launch', 'launch-process', true],
    ['launch-process', 'launch-process', true],
    ['save-file|str-replace-editor', 'str-replace-editor', true],
    ['^view$', 'launch-process', false],
    ['(', 'view', false],
  ] as const)('%j on %s: %s', (m, tool, fired) => expect(matcherFires('auggie', m, tool)).toBe(fired));
});

describe('its events are the bundle enum', () => {
  it('events.yaml names exactly the 7 events of hook-events.json', () => {
    const declared = JSON.parse(readFileSync(resolve(VENDOR, 'hook-events.json'), 'utf8')).events as string[];
    const named = Object.keys(mappings.events)
      .map((e) => nativeEvent('auggie', e))
      .filter((n): n is string => typeof n === 'string')
      .sort();
    expect(named).toEqual([...declared].sort());
  });
});

describe('convert claude -> auggie', () => {
  const claude = {
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 30 }] }],
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: './prompt.sh' }] }],
    },
  };
  const out = JSON.parse(convert(JSON.stringify(claude), { from: 'claude', to: 'auggie' }).output);
  it('Bash is written as launch-process, UserPromptSubmit as PromptSubmit, timeouts in ms', () => {
    expect(out.hooks.PreToolUse[0].matcher).toBe('^launch-process$');
    expect(out.hooks.PromptSubmit).toHaveLength(1);
    expect(out.hooks.PreToolUse[0].hooks[0].timeout).toBeGreaterThanOrEqual(30_000);
  });
});
