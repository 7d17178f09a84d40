// tool_response shapes: what a Claude script reads on PostToolUse when another agent ran the tool,
// compared with the shapes real Claude Code sends (claude/payloads/PostToolUse-*.json).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translatePayload } from '../../src/run/payload.js';

const GT = resolve(import.meta.dirname, '../fixtures/ground-truth');
const load = (p: string) => JSON.parse(readFileSync(join(GT, p), 'utf8')) as Record<string, any>;
const shape = (v: unknown): unknown =>
  Array.isArray(v)
    ? 'array'
    : v && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]))
      : typeof v;

describe('tool_response in the Claude shape', () => {
  const claudeRead = load('claude/payloads/PostToolUse-Read.json').tool_response;
  it('Qwen read_file -> Claude Read {type, file{…}}', () => {
    const r = translatePayload(load('qwen/payloads/PostToolUse-read_file.json'), 'qwen', 'claude', {}).payload
      .tool_response as any;
    expect(shape(r)).toEqual(shape(claudeRead));
    expect(r.file).toMatchObject({ filePath: '/PROJECT/hello.txt', content: 'hello world\n' });
  });
  it('CodeBuddy Read (numbered text) -> Claude Read with the plain content', () => {
    const r = translatePayload(load('codebuddy/payloads/PostToolUse-Read.json'), 'codebuddy', 'claude', {}).payload
      .tool_response as any;
    expect(shape(r)).toEqual(shape(claudeRead));
    expect(r.file.content).toBe('line1\nline2\n');
  });
  it('CodeBuddy Write (a sentence) -> Claude Write {type: create, content …}', () => {
    const r = translatePayload(load('codebuddy/payloads/PostToolUse-Write.json'), 'codebuddy', 'claude', {}).payload
      .tool_response as any;
    expect(Object.keys(r).sort()).toEqual(
      Object.keys(load('claude/payloads/PostToolUse-Write-create.json').tool_response).sort(),
    );
    expect(r).toMatchObject({ type: 'create', filePath: '/PROJECT/a.txt', content: 'line1\nline2\n' });
    const updated = translatePayload(
      {
        ...load('codebuddy/payloads/PostToolUse-Write.json'),
        tool_response: 'The file /PROJECT/a.txt has been updated.',
      },
      'codebuddy',
      'claude',
      {},
    ).payload.tool_response as any;
    expect(updated.type).toBe('update');
  });
  it('CodeBuddy Edit (a sentence) -> Claude Edit {oldString, newString …}', () => {
    const r = translatePayload(load('codebuddy/payloads/PostToolUse-Edit.json'), 'codebuddy', 'claude', {}).payload
      .tool_response as any;
    expect(Object.keys(r).sort()).toEqual(
      Object.keys(load('claude/payloads/PostToolUse-Edit.json').tool_response).sort(),
    );
    expect(r).toMatchObject({ filePath: '/PROJECT/a.txt', oldString: 'line2', newString: 'LINE2', replaceAll: false });
  });
  it('a Qwen script still gets the Qwen shape (no translation within a dialect)', () => {
    const p = load('qwen/payloads/PostToolUse-read_file.json');
    expect(translatePayload(p, 'qwen', 'qwen', {}).payload.tool_response).toEqual(p.tool_response);
  });
});
