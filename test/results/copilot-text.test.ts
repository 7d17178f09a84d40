// GitHub Copilot CLI's tool results (results/copilot-text.ts) from the PostToolUse payloads Copilot CLI 1.0.102 sent
// its
// hooks, in both of its modes (test/fixtures/observed/copilot/payloads/{own,claude}/): the same call gives a Claude
// script the same Claude shape whichever envelope it came in.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mappings } from '../../src/model/mappings.js';
import { translateResponse } from '../../src/results/index.js';

const P = resolve(import.meta.dirname, '../fixtures/observed/copilot/payloads');
type Obj = Record<string, any>;
const load = (f: string): Obj => JSON.parse(readFileSync(join(P, f), 'utf8'));
/** The own payload's result as a Claude script gets it. */
const own = (call: string) => {
  const p = load(`own/postToolUse-${call}.json`);
  return translateResponse(
    p.toolResult,
    mappings.index.toolByName.copilot[p.toolName],
    'copilot',
    'claude',
    p.toolArgs,
    p.cwd,
  );
};
/** The Claude-compatible payload's result (tool_result, Claude's tool name) as a Claude script gets it. */
const compat = (call: string) => {
  const p = load(`claude/PostToolUse-${call}.json`);
  return translateResponse(
    p.tool_result,
    mappings.index.toolByName.claude[p.tool_name],
    'copilot',
    'claude',
    p.tool_input,
    p.cwd,
  );
};

describe("Copilot's results as Claude's tool_response", () => {
  const cases: [string, unknown][] = [
    ['bash', { stdout: 'out\nerr', stderr: '', interrupted: false, isImage: false, noOutputExpected: false }],
    ['bash-exit3', { stdout: 'failing', stderr: '', interrupted: false, isImage: false, noOutputExpected: false }],
    [
      'view',
      {
        type: 'text',
        file: {
          filePath: '/PROJECT/a.txt',
          content: 'line1\nLINE2\nline3\n',
          numLines: 4,
          startLine: 1,
          totalLines: 4,
        },
      },
    ],
    [
      'create',
      {
        type: 'create',
        filePath: '/PROJECT/new.txt',
        content: 'hello\nworld\n',
        structuredPatch: [],
        originalFile: null,
        userModified: false,
      },
    ],
    [
      'edit',
      {
        filePath: '/PROJECT/new.txt',
        oldString: 'world',
        newString: 'there',
        originalFile: '',
        structuredPatch: [],
        userModified: false,
        replaceAll: false,
      },
    ],
    ['grep', { mode: 'files_with_matches', filenames: ['a.txt', 'sub/b.txt'], numFiles: 2, totalFiles: 2 }],
  ];
  it.each(cases)('%s (own file and Claude-compatible mode alike)', (call, want) => {
    expect(own(call)).toEqual(want);
    expect(compat(call)).toEqual(want);
  });
  it('glob: the files it listed, relative to the project as Claude lists them', () => {
    expect(own('glob')).toMatchObject({ filenames: ['a.txt', 'sub/b.txt', 'new.txt'], numFiles: 3 });
  });
  it("a Copilot script gets Claude's results in its own envelope, with Copilot's texts", () => {
    const cwd = '/PROJECT';
    const back = (tool: string, resp: unknown, input: Obj) =>
      translateResponse(resp, tool, 'claude', 'copilot', input, cwd);
    expect(back('shell', { stdout: 'out', stderr: 'err', interrupted: false }, { command: 'x' })).toEqual({
      resultType: 'success',
      textResultForLlm: 'out\nerr',
    });
    expect(
      back(
        'file.write',
        { type: 'create', filePath: '/PROJECT/n.txt' },
        { file_path: '/PROJECT/n.txt', content: 'abc' },
      ),
    ).toEqual({ resultType: 'success', textResultForLlm: 'Created file /PROJECT/n.txt with 3 characters' });
    expect(back('search.glob', { filenames: ['a.txt', 'sub/b.txt'], numFiles: 2 }, { pattern: '**' })).toEqual({
      resultType: 'success',
      textResultForLlm: './a.txt\n./sub/b.txt',
    });
  });
  it('anything else passes as it is', () => {
    expect(translateResponse('plain', 'shell', 'copilot', 'claude', {}, '/')).toBe('plain');
  });
});
