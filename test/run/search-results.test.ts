// Glob/Grep tool_response between Claude Code, CodeBuddy Code and Qwen Code, checked against what the real
// agents sent for the same calls on the same project (test/fixtures/observed/README.md).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translatePayload, type Payload } from '../../src/run/payload.js';
import type { DialectId } from '../../src/model/dialect-ids.js';

const FIX = resolve(import.meta.dirname, '../fixtures');
type Obj = Record<string, any>;
const observed = (agent: string, name: string): Obj =>
  JSON.parse(readFileSync(join(FIX, 'observed', agent, 'payloads', `PostToolUse-${name}.json`), 'utf8'));
const T = (p: Obj, host: DialectId, script: DialectId) =>
  translatePayload(p as Payload, host, script, {}).payload as Obj;
/** Claude's Glob carries its own run time; ours is 0. */
const noDuration = (r: Obj) => ({ ...r, ...(r.durationMs !== undefined ? { durationMs: 0 } : {}) });
/** Claude numbers content lines ("a.txt:2:LINE2"); CodeBuddy only with -n, so without it the numbers are unknown. */
const unnumbered = (r: Obj) => ({ ...r, content: r.content.replace(/^([^:\n]+):\d+:/gm, '$1:') });

const CALLS = [
  'Glob',
  'Glob-no-match',
  'Grep-content',
  'Grep-content-n',
  'Grep-files_with_matches',
  'Grep-count',
  'Grep-default',
  'Grep-no-match',
];

describe('CodeBuddy Code host, Claude script: the tool_response Claude Code sent for the same call', () => {
  it.each(CALLS)('%s', (name) => {
    const cb = observed('codebuddy', name);
    const want = observed('claude', name).tool_response;
    const got = T(cb, 'codebuddy', 'claude').tool_response;
    // Without -n CodeBuddy's content lines have no numbers, so the script gets them without: the one loss.
    expect(got).toEqual(name === 'Grep-content' ? unnumbered(noDuration(want)) : noDuration(want));
  });
});

describe('Claude Code host, CodeBuddy script: the tool_response CodeBuddy Code sent for the same call', () => {
  it.each(CALLS.filter((n) => n !== 'Grep-default'))('%s', (name) => {
    expect(T(observed('claude', name), 'claude', 'codebuddy').tool_response).toEqual(
      observed('codebuddy', name).tool_response,
    );
  });
  it(
    'Grep without output_mode: Claude answers with file names only, so ' +
      'the script gets those (CodeBuddy would list the lines)',
    () => {
      expect(observed('codebuddy', 'Grep-default').tool_response).toEqual([
        '/PROJECT/a.txt:LINE2',
        '/PROJECT/sub/b.txt:LINE2 again',
      ]);
      expect(T(observed('claude', 'Grep-default'), 'claude', 'codebuddy').tool_response).toEqual([
        '/PROJECT/a.txt',
        '/PROJECT/sub/b.txt',
      ]);
    },
  );
});

describe('Qwen Code host (ground-truth glob and grep_search captures)', () => {
  const qwen = (name: string): Obj =>
    JSON.parse(readFileSync(join(FIX, 'ground-truth/qwen/payloads', `${name}.json`), 'utf8'));
  it('glob -> Claude Glob object, paths relative to cwd', () => {
    expect(T(qwen('PostToolUse-glob'), 'qwen', 'claude').tool_response).toEqual({
      filenames: ['hello.txt'],
      durationMs: 0,
      numFiles: 1,
      truncated: false,
      totalMatches: 1,
      countIsComplete: true,
    });
  });
  it("grep_search (no output_mode in Qwen) -> Claude's default files_with_matches", () => {
    expect(T(qwen('PostToolUse-grep_search'), 'qwen', 'claude').tool_response).toEqual({
      mode: 'files_with_matches',
      filenames: ['hello.txt'],
      numFiles: 1,
      totalFiles: 1,
    });
  });
  it("grep_search -> CodeBuddy's default content lines, without line numbers", () => {
    expect(T(qwen('PostToolUse-glob'), 'qwen', 'codebuddy').tool_response).toEqual(['/PROJECT/hello.txt']);
    expect(T(qwen('PostToolUse-grep_search'), 'qwen', 'codebuddy').tool_response).toEqual([
      '/PROJECT/hello.txt:bye world',
    ]);
  });
  it('grep_search in its "File: … / L2: …" form (seen in the end-to-end suite) reads the same', () => {
    const p = {
      ...qwen('PostToolUse-grep_search'),
      tool_response: {
        llmContent:
          'Found 3 matches for pattern "N" in the workspace directory:\n---\nFile: ' +
          'src/a.txt\nL2: N one\nL9: N: two\n---\nFile: b.txt\nL1: N\n---\n',
        returnDisplay: 'Found 3 matches',
      },
    };
    expect(T(p, 'qwen', 'claude').tool_response).toEqual({
      mode: 'files_with_matches',
      filenames: ['src/a.txt', 'b.txt'],
      numFiles: 2,
      totalFiles: 2,
    });
    expect(
      T({ ...p, tool_input: { pattern: 'N', output_mode: 'content' } }, 'qwen', 'claude').tool_response,
    ).toMatchObject({ mode: 'content', content: 'src/a.txt:2:N one\nsrc/a.txt:9:N: two\nb.txt:1:N', numLines: 3 });
    expect(T(p, 'qwen', 'codebuddy').tool_response).toEqual([
      '/PROJECT/src/a.txt:N one',
      '/PROJECT/src/a.txt:N: two',
      '/PROJECT/b.txt:N',
    ]);
  });
  it('a Qwen text without the result list (a shape not captured) stays the text, as before', () => {
    const p = {
      ...qwen('PostToolUse-glob'),
      tool_response: { llmContent: 'No files found matching pattern "*.none"', returnDisplay: 'No files found' },
    };
    expect(T(p, 'qwen', 'claude').tool_response).toBe('No files found matching pattern "*.none"');
  });
});

describe("Pi and OpenCode hosts, Claude script: Claude Code's tool_response for the same call", () => {
  // Captured on the real CLIs (OpenCode 1.18.33, Pi 0.73.1 with --tools naming grep) on the project of
  // test/fixtures/observed/README.md, through the in-process host (test/fixtures/observed/{pi,opencode}/README.md
  // "Search results").
  const files = (fs: string[]) => ({
    mode: 'files_with_matches',
    filenames: fs,
    numFiles: fs.length,
    totalFiles: fs.length,
  });
  const glob = (fs: string[]) => ({
    filenames: fs,
    durationMs: 0,
    numFiles: fs.length,
    truncated: false,
    totalMatches: fs.length,
    countIsComplete: true,
  });
  /** Claude lists Glob's files by modification time: the same files, in OpenCode's order. */
  const sorted = (r: Obj) => ({ ...noDuration(r), filenames: [...r.filenames].sort() });
  it.each(['Grep-default', 'Grep-no-match', 'Glob', 'Glob-no-match'])('OpenCode %s', (name) => {
    const want = observed('claude', name).tool_response;
    const got = T(observed('opencode', name), 'opencode', 'claude').tool_response;
    expect(got).toEqual(name.startsWith('Glob') ? sorted(want) : want);
  });
  it('OpenCode grep and glob in a folder, grep with include: paths relative to the cwd, as Claude gives them', () => {
    expect(T(observed('opencode', 'Grep-path'), 'opencode', 'claude').tool_response).toEqual(files(['sub/b.txt']));
    expect(T(observed('opencode', 'Grep-include'), 'opencode', 'claude')).toMatchObject({
      tool_input: { pattern: 'LINE', glob: '*.txt' },
      tool_response: files(['a.txt', 'sub/b.txt']),
    });
    expect(T(observed('opencode', 'Glob-path'), 'opencode', 'claude').tool_response).toEqual(glob(['sub/b.txt']));
  });
  it.each(['Grep-default', 'Grep-no-match'])('Pi %s', (name) => {
    expect(T(observed('pi', name), 'pi', 'claude').tool_response).toEqual(observed('claude', name).tool_response);
  });
  it("Pi's grep in a folder (its lines relative to it), of one file (its name alone), with context lines", () => {
    expect(T(observed('pi', 'Grep-path'), 'pi', 'claude').tool_response).toEqual(files(['sub/b.txt']));
    expect(T(observed('pi', 'Grep-path-file'), 'pi', 'claude').tool_response).toEqual(files(['a.txt']));
    expect(T(observed('pi', 'Grep-context'), 'pi', 'claude').tool_response).toEqual(files(['a.txt', 'sub/b.txt']));
    expect(
      T({ ...observed('pi', 'Grep-context'), tool_input: { pattern: 'LINE2', output_mode: 'content' } }, 'pi', 'claude')
        .tool_response,
    ).toMatchObject({ mode: 'content', content: 'a.txt:2:LINE2\nsub/b.txt:1:LINE2 again', numLines: 2 });
  });
});

describe('shapes nobody captured are passed through, never mangled', () => {
  const base = observed('codebuddy', 'Glob');
  it.each([
    ['an error string', 'Error: bad pattern'],
    ['an object', { unexpected: true }],
  ])('CodeBuddy %s', (_, resp) => {
    expect(T({ ...base, tool_response: resp }, 'codebuddy', 'claude').tool_response).toEqual(resp);
  });
  it('a Claude Grep object of an unknown mode', () => {
    const p = { ...observed('claude', 'Grep-count'), tool_response: { mode: 'new-mode', x: 1 } };
    expect(T(p, 'claude', 'codebuddy').tool_response).toEqual({ mode: 'new-mode', x: 1 });
  });
  it(
    'CodeBuddy files_with_matches with -n answers with lines (read ' +
      'in its bundle): the script still gets file names',
    () => {
      const p = {
        ...observed('codebuddy', 'Grep-files_with_matches'),
        tool_input: { pattern: 'LINE', output_mode: 'files_with_matches', '-n': true },
        tool_response: ['/PROJECT/a.txt:2:LINE2', '/PROJECT/a.txt:3:LINE3'],
      };
      expect(T(p, 'codebuddy', 'claude').tool_response).toEqual({
        mode: 'files_with_matches',
        filenames: ['a.txt'],
        numFiles: 1,
        totalFiles: 1,
      });
    },
  );
});
