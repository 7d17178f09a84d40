// Pi's dialect pieces: its matchers (tested by hook-bridge's extension with Claude Code's rules on Pi's names), its
// edit tool's replacements (tools.yaml `items`), its tool results and its session file, against the captures of Pi
// 0.73.1 (test/fixtures/observed/pi/).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalTool, renameParams, toolEntry } from '../../src/dialects/catalog.js';
import { matcherFires } from '../../src/dialects/matcher.js';
import { loaderText, loaderVersion } from '../../src/dialects/loader-file.js';
import { dialects } from '../../src/dialects/index.js';
import { translateResponse } from '../../src/results/index.js';
import { Translator } from '../../src/transcript/translate.js';

const OBSERVED = resolve(import.meta.dirname, '../fixtures/observed/pi');
const payload = (f: string) =>
  JSON.parse(readFileSync(join(OBSERVED, 'payloads', f), 'utf8')) as { event: Record<string, unknown> };

describe('Pi matchers: Claude Code rules on its tool names', () => {
  const table: [string, string, boolean][] = [
    ['bash', 'bash', true],
    ['Bash', 'bash', false],
    ['write|edit', 'edit', true],
    ['write|edit', 'read', false],
    ['^(write|edit)$', 'write', true],
    ['ed', 'edit', false],
    ['e.*', 'edit', true],
    ['*', 'read', true],
  ];
  for (const [m, tool, fired] of table)
    it(`${JSON.stringify(m)} ${fired ? 'fires' : 'does not fire'} for ${tool}`, () =>
      expect(matcherFires('pi', m, tool)).toBe(fired));
});

describe("Pi's tools as a Claude script sees them", () => {
  const claude = (name: string, input: Record<string, unknown>) => {
    const c = canonicalTool('pi', name)!;
    return {
      tool: toolEntry('claude', c)!.name,
      input: renameParams(input, toolEntry('pi', c), toolEntry('claude', c)),
    };
  };
  it('every captured tool_call names a tool of the mappings, with its parameters', () => {
    for (const f of ['bash', 'read', 'write', 'edit']) {
      const e = payload(`tool_call.${f}.json`).event;
      expect(canonicalTool('pi', e.toolName as string), f).toBeDefined();
    }
  });
  it("write's path is Claude's file_path", () =>
    expect(claude('write', { path: '/p/a.txt', content: 'x' })).toEqual({
      tool: 'Write',
      input: { file_path: '/p/a.txt', content: 'x' },
    }));
  it("one replacement of edit is Claude's Edit (the captured call)", () =>
    expect(claude('edit', payload('tool_call.edit.json').event.input as Record<string, unknown>)).toEqual({
      tool: 'Edit',
      input: { file_path: 'gt-new.txt', old_string: 'beta', new_string: 'gamma' },
    }));
  it('several replacements keep their list, each in Claude names', () =>
    expect(
      claude('edit', {
        path: 'a',
        edits: [
          { oldText: 'x', newText: 'y' },
          { oldText: 'p', newText: 'q' },
        ],
      }).input,
    ).toEqual({
      file_path: 'a',
      edits: [
        { old_string: 'x', new_string: 'y' },
        { old_string: 'p', new_string: 'q' },
      ],
    }));
  it("a script's rewrite of an Edit goes back as one replacement", () => {
    const c = canonicalTool('pi', 'edit')!;
    expect(
      renameParams({ file_path: '/p/a', old_string: 'x', new_string: 'z' }, toolEntry('claude', c), toolEntry('pi', c)),
    ).toEqual({ path: '/p/a', edits: [{ oldText: 'x', newText: 'z' }] });
  });
});

describe("Pi's tool results, as Claude Code's", () => {
  const result = (tool: string, resp: unknown, input: Record<string, unknown>) =>
    translateResponse(resp, canonicalTool('pi', tool), 'pi', 'claude', input, '/p');
  it("bash: the output text is Claude's stdout", () =>
    expect(result('bash', { content: [{ type: 'text', text: 'hello\n' }] }, { command: 'echo hello' })).toEqual({
      stdout: 'hello',
      stderr: '',
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    }));
  it("write: Claude's create object with the file's path and content", () =>
    expect(
      result(
        'write',
        { content: [{ type: 'text', text: 'Successfully wrote 2 bytes to a' }] },
        {
          path: '/p/a',
          content: 'hi',
        },
      ),
    ).toMatchObject({ type: 'create', filePath: '/p/a', content: 'hi' }));
  it("edit: Claude's Edit object with the replacement", () =>
    expect(
      result(
        'edit',
        { content: [{ type: 'text', text: 'Successfully replaced 1 block(s) in a.' }] },
        {
          path: '/p/a',
          edits: [{ oldText: 'x', newText: 'y' }],
        },
      ),
    ).toMatchObject({ filePath: '/p/a', oldString: 'x', newString: 'y' }));
});

describe("Pi's session file as Claude Code's transcript", () => {
  const t = new Translator('pi', 'claude');
  const lines = (
    JSON.parse(readFileSync(join(OBSERVED, 'payloads/session-transcript.tools-run.json'), 'utf8')) as object[]
  )
    .map((r) => JSON.stringify(r))
    .flatMap((l, i) => t.line(l, i + 1));
  const records = lines.map((l) => JSON.parse(l) as Record<string, any>);
  it('the prompt is a user record, each tool call a tool_use in Claude names, each result a tool_result', () => {
    expect(records[0]).toMatchObject({ type: 'user', message: { role: 'user', content: 'SCENARIO:gt do the task' } });
    const uses = records
      .flatMap((r) => (r.type === 'assistant' ? r.message.content : []))
      .filter((b: any) => b.type === 'tool_use');
    expect(uses.map((u: any) => u.name)).toEqual(['Bash', 'Write', 'Edit', 'Read']);
    expect(uses[2].input).toEqual({ file_path: 'gt-new.txt', old_string: 'beta', new_string: 'gamma' });
    const results = records.filter((r) => r.type === 'user' && Array.isArray(r.message.content));
    expect(results[0]!.toolUseResult).toMatchObject({ stdout: 'hello' });
  });
  it('the last record is the final assistant text', () =>
    expect(records.at(-1)).toMatchObject({ type: 'assistant', message: { content: [{ type: 'text' }] } }));
});

describe('the loader file', () => {
  const text = dialects.pi.inProcess!.source('9.9.9');
  it('is stamped with the version that wrote it, and names no path of this machine', () => {
    expect(loaderVersion(text)).toBe('9.9.9');
    expect(text).not.toMatch(/\/(work|home|tmp|root)\//);
    expect(text).toContain('const HOST = "pi"');
    expect(text).toContain("join(dirname(SELF), '..', '..')");
  });
  it('is the same text for the same version (convert recognises its own unedited file by it)', () => {
    expect(dialects.pi.inProcess!.source('9.9.9')).toBe(text);
    expect(loaderVersion(loaderText('pi', '1.2.3', { about: [], entry: '' }))).toBe('1.2.3');
  });
});
