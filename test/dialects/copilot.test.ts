// GitHub Copilot CLI's own hook files (the action-lists-json codec) and its matchers, against what Copilot CLI 1.0.102
// was observed to do (test/fixtures/observed/copilot/: decisions.json, payloads/own/).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/convert/convert.js';
import { dialects } from '../../src/dialects/index.js';
import { matcherFires, readToolMatcher, writeToolMatcher } from '../../src/dialects/matcher.js';
import { mappings } from '../../src/model/mappings.js';
import { RUNNER_GUARD } from '../../src/dialects/runner-guard.js';

const OBS = resolve(import.meta.dirname, '../fixtures/observed/copilot');
const d = dialects.copilot;
const read = (v: unknown) => d.codec.read(typeof v === 'string' ? v : JSON.stringify(v, null, 2), 'hooks.json', d);
const own = (hooks: Record<string, unknown[]>) => ({ version: 1, hooks });

describe('reading its own files', () => {
  it('a flat list of actions per camelCase event: bash, timeoutSec and matcher of each action', () => {
    const r = read(
      own({
        preToolUse: [{ type: 'command', bash: './guard.sh', timeoutSec: 10, matcher: 'bash|edit' }],
        sessionStart: [{ type: 'command', bash: 'echo hi' }],
      }),
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.hooks.map((h) => [h.event, h.nativeEvent, h.command, h.timeoutMs, h.matcher])).toEqual([
      [
        'pre-tool-use',
        'preToolUse',
        './guard.sh',
        10_000,
        { kind: 'tools', tools: ['shell', 'file.edit'], mcp: [], unknown: [] },
      ],
      ['session-start', 'sessionStart', 'echo hi', undefined, { kind: 'all' }],
    ]);
  });
  it(
    '`command` and `timeout` are read as bash and timeoutSec (both ' +
      'ran: docs/observations.md), version may be missing',
    () => {
      const r = read({ hooks: { postToolUse: [{ type: 'command', command: 'log.sh', timeout: 5 }] } });
      expect(r.hooks.map((h) => [h.command, h.timeoutMs])).toEqual([['log.sh', 5000]]);
      expect(r.diagnostics).toEqual([]);
    },
  );
  it("Claude Code's nested matcher groups in its file are read too (payloads/own-pascal/)", () => {
    const r = read(own({ preToolUse: [{ matcher: 'bash', hooks: [{ type: 'command', command: 'g.sh' }] }] }));
    expect(r.hooks.map((h) => [h.event, h.command, h.origin.path])).toEqual([
      ['pre-tool-use', 'g.sh', 'hooks.preToolUse[0].hooks[0]'],
    ]);
  });
  it(
    "a file without hooks (hook-bridge's record beside its file) has none; other shapes are reported with their " +
      'place',
    () => {
      expect(read({ about: 'record', entries: [] })).toEqual({ hooks: [], diagnostics: [] });
      expect(read({ hooks: [] }).diagnostics.map((x) => [x.code, x.path])).toEqual([['hooksNotObject', 'hooks']]);
      expect(read(own({ preToolUse: {} as unknown as unknown[] })).diagnostics.map((x) => [x.code, x.path])).toEqual([
        ['eventNotArray', 'hooks.preToolUse'],
      ]);
      expect(read({ version: 2, hooks: {} }).diagnostics.map((x) => x.code)).toEqual(['versionUnknown']);
      expect(read(own({ preTooluse: [] })).diagnostics.map((x) => [x.code, x.message])).toEqual([
        ['eventUnknown', expect.stringContaining('did you mean preToolUse')],
      ]);
    },
  );
  it('an action without `type` runs as a command (e2e copilot-facts: "an action without type runs")', () => {
    const r = read(own({ sessionStart: [{ bash: 'hi.sh' }], PreToolUse: [{ command: 'g.sh', timeout: 15 }] }));
    expect(r.diagnostics).toEqual([]);
    expect(r.hooks.map((h) => [h.nativeEvent, h.type, h.command, h.timeoutMs])).toEqual([
      ['sessionStart', 'command', 'hi.sh', undefined],
      ['PreToolUse', 'command', 'g.sh', 15_000],
    ]);
  });
  it(
    "an event named as Claude Code names it runs in its Claude-compatible mode, flat or nested: Claude's " +
      'payload and tool names (e2e copilot-facts "PascalCase events in its own file")',
    () => {
      const r = read(
        own({
          PreToolUse: [
            { type: 'command', command: 'flat.sh', matcher: 'Bash' },
            { matcher: 'Write', hooks: [{ type: 'command', command: 'nested.sh' }] },
          ],
          preToolUse: [{ type: 'command', bash: 'camel.sh', matcher: 'bash' }],
        }),
      );
      expect(r.diagnostics).toEqual([]);
      expect(r.hooks.map((h) => [h.event, h.command, h.scriptDialect, h.mode ?? 'own', h.matcher])).toEqual([
        ['pre-tool-use', 'flat.sh', 'claude', 'claude-compatible', expect.objectContaining({ tools: ['shell'] })],
        [
          'pre-tool-use',
          'nested.sh',
          'claude',
          'claude-compatible',
          expect.objectContaining({ tools: ['file.write'] }),
        ],
        ['pre-tool-use', 'camel.sh', 'copilot', 'own', expect.objectContaining({ tools: ['shell'] })],
      ]);
    },
  );
  it('the command for this system replaces bash and command (`linux` on Linux; Stylelint-Config-Inspector)', () => {
    const action = { type: 'command', command: 'x.ps1', linux: 'x-linux.sh', osx: 'x-mac.sh', windows: 'x-win.ps1' };
    const r = read(
      own({ UserPromptSubmit: [action], userPromptSubmitted: [{ ...action, command: undefined, bash: 'b.sh' }] }),
    );
    const field = d.spec.osCommands?.[process.platform as 'linux' | 'darwin' | 'win32'];
    const here = field ? (action as Record<string, string>)[field] : undefined;
    expect(r.hooks.map((h) => h.command)).toEqual([here ?? 'x.ps1', here ?? 'b.sh']);
    expect(d.spec.osCommands).toEqual({ linux: 'linux', darwin: 'osx', win32: 'windows' });
  });
  it('a PowerShell-only action is not a hook it runs here: said, not converted', () => {
    const r = read(own({ preToolUse: [{ type: 'command', powershell: 'guard.ps1' }] }));
    expect(r.hooks).toEqual([]);
    expect(r.diagnostics.map((x) => x.code)).toEqual(['powershellOnly']);
  });
  it('invalid JSON is an error with its place', () => {
    expect(() => read('{"hooks": {')).toThrow(/invalid JSON/);
  });
});

describe('writing its own files', () => {
  const hook = (command: string, matcher?: string) => ({
    event: 'preToolUse',
    matcher,
    handler: { type: 'command', command, timeout: 15 },
    groupFields: {},
  });
  it('a new file: version 1, actions with bash, matcher, timeoutSec', () => {
    const w = d.codec.write([hook('a.sh', 'bash'), hook('b.sh')], undefined, 'x.json', d);
    expect(JSON.parse(w.text)).toEqual(
      own({
        preToolUse: [
          { type: 'command', bash: 'a.sh', matcher: 'bash', timeoutSec: 15 },
          { type: 'command', bash: 'b.sh', timeoutSec: 15 },
        ],
      }),
    );
    expect(w.text.endsWith('\n')).toBe(true);
  });
  it('merges: other keys, other actions and their layout stay byte for byte; a second write changes nothing', () => {
    const before =
      '{\n    "version": 1,\n    "disableAllHooks": false,\n    "hooks": {\n        ' +
      '"preToolUse": [ { "type": "command", "bash": "mine.sh" } ]\n    }\n}\n';
    const w = d.codec.write([hook('a.sh', 'bash')], before, 'x.json', d);
    expect(w.text).toContain('"disableAllHooks": false');
    expect(w.text).toContain('{ "type": "command", "bash": "mine.sh" }');
    expect(JSON.parse(w.text).hooks.preToolUse).toEqual([
      { type: 'command', bash: 'mine.sh' },
      { type: 'command', bash: 'a.sh', matcher: 'bash', timeoutSec: 15 },
    ]);
    expect(d.codec.write([hook('a.sh', 'bash')], w.text, 'x.json', d).text).toBe(w.text);
  });
  it('updates its entry in place and removes one that is gone, an emptied event with it', () => {
    const first = d.codec.write(
      [hook('a.sh', 'bash'), { ...hook('s.sh'), event: 'sessionStart' }],
      undefined,
      'x.json',
      d,
    ).text;
    const owner = {
      owner: (_e: string, h: Record<string, unknown>) =>
        h.command === 'a.sh' || h.command === 's.sh' ? String(h.command) : undefined,
      adopt: () => false,
    };
    const second = d.codec.write(
      [{ ...hook('a.sh', 'bash'), handler: { type: 'command', command: 'a.sh', timeout: 30 }, key: 'a.sh' }],
      first,
      'x.json',
      d,
      owner,
    );
    expect(JSON.parse(second.text)).toEqual(
      own({ preToolUse: [{ type: 'command', bash: 'a.sh', matcher: 'bash', timeoutSec: 30 }] }),
    );
    expect(second.changes.updated.length).toBe(1);
    expect(second.changes.removed.map((r) => r.event)).toEqual(['sessionStart']);
  });
});

describe('matchers: a regex matched against the whole tool name, case-sensitive (decisions.json own-matcher-*)', () => {
  const probes = (
    JSON.parse(readFileSync(resolve(OBS, 'decisions.json'), 'utf8')).probes as {
      id: string;
      mode: string;
      matcher?: string;
      step?: { tool: string };
      observed: { hooksRan: number };
    }[]
  ).filter((p) => p.mode === 'own' && p.matcher !== undefined);
  it('the table is not empty', () => expect(probes.length).toBeGreaterThanOrEqual(6));
  it.each(probes.map((p) => [p.id, p] as const))('%s', (_id, p) => {
    expect(matcherFires('copilot', p.matcher, p.step!.tool)).toBe(p.observed.hooksRan > 0);
  });
  it('Claude matchers are written as the Copilot tools they mean', () => {
    const w = (m: string) => writeToolMatcher('copilot', readToolMatcher('claude', m).matcher).native;
    expect(w('Bash')).toBe('bash');
    expect(w('Write|Edit|MultiEdit')).toBe('create|edit');
    expect(w('Read')).toBe('view');
    expect(w('*')).toBe('.*');
    expect(w('mcp__srv__.*')).toBe('.*(?:mcp__srv__.*).*');
    for (const [m, tool, fires] of [
      ['.*(?:mcp__srv__.*).*', 'mcp__srv__x', true],
      ['create|edit', 'view', false],
      ['.*', 'anything', true],
    ] as const)
      expect(matcherFires('copilot', m, tool)).toBe(fires);
  });
});

describe('a Claude config converted to it and back', () => {
  const claude = {
    hooks: {
      PreToolUse: [
        {
          matcher: 'Write|Edit',
          hooks: [{ type: 'command', command: 'python3 "$CLAUDE_PROJECT_DIR/.hooks/protect-env.py"', timeout: 10 }],
        },
      ],
      SessionStart: [{ hooks: [{ type: 'command', command: 'echo ctx' }] }],
    },
  };
  const there = convert(JSON.stringify(claude), { from: 'claude', to: 'copilot', runner: 'hook-bridge' });
  it(
    'events camelCase, matchers in its names, commands wrapped with ' +
      'the event they run for, the wrapper given time',
    () => {
      const out = JSON.parse(there.output);
      expect(out.version).toBe(1);
      expect(out.hooks.preToolUse).toEqual([
        {
          type: 'command',
          bash:
            `hook-bridge run --from claude --to copilot --event preToolUse --timeout 10 -c 'python3 ` +
            `"$CLAUDE_PROJECT_DIR/.hooks/protect-env.py"'${RUNNER_GUARD}`,
          matcher: 'create|edit',
          timeoutSec: 15,
        },
      ]);
      // Claude's default of 600 s is written out: Copilot's own is 30 s.
      expect(out.hooks.sessionStart).toEqual([
        {
          type: 'command',
          bash: `hook-bridge run --from claude --to copilot --event sessionStart -c 'echo ctx'${RUNNER_GUARD}`,
          timeoutSec: 605,
        },
      ]);
    },
  );
  it('back to Claude: the original hooks', () => {
    const back = convert(there.output, { from: 'copilot', to: 'claude' });
    expect(JSON.parse(back.output)).toEqual(claude);
  });
  it('its facts are stated with their evidence', () => {
    const spec = mappings.dialects.copilot;
    expect(spec.timeout).toMatchObject({ unit: 's', default: 30, onTimeout: 'proceed' });
    expect(spec.config.readsForeign?.[0]).toMatchObject({
      dialect: 'claude',
      files: ['.claude/settings.json', '.claude/settings.local.json'],
      mode: 'claude-compatible',
      dedup: false,
      switchOff: null,
    });
    expect(spec.modes?.['claude-compatible']).toMatchObject({ eventNames: 'claude', toolNames: 'claude' });
  });
});
