// The one reader of a value at a config path (src/dialects/json-path.ts): JSON, JSONC (comments, trailing commas, which
// doctor's own JSON.parse reader failed on) and YAML, each the way audit, simulate and doctor read a hook's entry.
import { describe, expect, it } from 'vitest';
import { pathSegments, valueAt, valueIn } from '../../src/dialects/json-path.js';
import { asString, scalarString, stringOrEmpty } from '../../src/model/strings.js';
import { CODE_RUNNING_BUILTINS, SHELL_BUILTINS } from '../../src/model/shell-builtins.js';

const handler = { type: 'command', command: './guard.sh', timeout: 10 };

describe('valueAt', () => {
  const path = 'hooks.PreToolUse[0].hooks[0]';
  it('JSON', () => {
    const text = JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [handler] }] } });
    expect(valueAt(text, path, 'json')).toEqual(handler);
    expect(valueAt(text, `${path}.command`, 'json')).toBe('./guard.sh');
  });
  it('JSONC: comments and trailing commas', () => {
    const text =
      '{\n  // the guards\n  "hooks": { "PreToolUse": [ { "matcher": "Bash", "hooks": [\n' +
      '    { "type": "command", "command": "./guard.sh", "timeout": 10, },\n  ] }, ], },\n}\n';
    expect(() => JSON.parse(text)).toThrow();
    expect(valueAt(text, path, 'json')).toEqual(handler);
  });
  it('YAML (a hooks.yaml list)', () => {
    const text = "version: '2.0.0'\nhooks:\n  - event: PreToolUse\n    command: ./guard.sh\n    timeout: 10\n";
    expect(valueAt(text, 'hooks[0]', 'yaml')).toEqual({ event: 'PreToolUse', command: './guard.sh', timeout: 10 });
    expect(valueAt(text, 'hooks[0].timeout', 'yaml')).toBe(10);
  });
  it('a missing step, a key on an array, no text, a text that does not parse: undefined', () => {
    const text = JSON.stringify({ hooks: { PreToolUse: [] } });
    expect(valueAt(text, 'hooks.PreToolUse[0].command', 'json')).toBeUndefined();
    expect(valueAt(text, 'hooks.PreToolUse.command', 'json')).toBeUndefined();
    expect(valueAt(undefined, 'hooks', 'json')).toBeUndefined();
    expect(valueAt('hooks: [unclosed', 'hooks', 'yaml')).toBeUndefined();
    expect(valueAt('{"hooks": ', 'hooks.x', 'json')).toBeUndefined();
  });
  it('valueIn walks a parsed value by the same segments', () => {
    expect(pathSegments('hooks.PreToolUse[0].hooks[1]')).toEqual(['hooks', 'PreToolUse', 0, 'hooks', 1]);
    expect(valueIn({ a: [{ b: 1 }] }, 'a[0].b')).toBe(1);
    expect(valueIn({ a: { 0: 1 } }, 'a[0]')).toBeUndefined();
  });
});

describe('strings and shell builtins: one of each', () => {
  it('asString, stringOrEmpty, scalarString', () => {
    expect([asString('a'), asString(1), asString(undefined)]).toEqual(['a', undefined, undefined]);
    expect([stringOrEmpty('a'), stringOrEmpty(1), stringOrEmpty(null)]).toEqual(['a', '', '']);
    expect([scalarString('a'), scalarString(7), scalarString(true)]).toEqual(['a', '7', undefined]);
  });
  it('the builtins that run code are builtins', () => {
    for (const b of CODE_RUNNING_BUILTINS) expect(SHELL_BUILTINS.has(b), b).toBe(true);
    expect(SHELL_BUILTINS.has('jq')).toBe(false);
  });
});
