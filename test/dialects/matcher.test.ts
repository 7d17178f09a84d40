// Matcher semantics, checked against what the real agents were observed to fire.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matcherFires, readToolMatcher, writeToolMatcher } from '../../src/dialects/matcher.js';
import { toolsOf } from '../../src/dialects/catalog.js';
import type { DIALECT_IDS } from '../../src/model/dialect-ids.js';

const gt = (p: string) =>
  JSON.parse(readFileSync(join(resolve(import.meta.dirname, '../..'), 'test/fixtures/ground-truth', p), 'utf8'));

describe('claude matcher semantics (matcher-tests.json)', () => {
  const t = gt('claude/matcher-tests.json');
  const tools = Object.keys(t.match.fired_by_tool) as string[];
  for (const [id, m] of Object.entries(t.match.matchers as Record<string, string | null>)) {
    it(`${id} = ${JSON.stringify(m)}`, () => {
      for (const tool of tools) {
        const fired = (t.match.fired_by_tool[tool] as string[]).includes(id);
        expect(matcherFires('claude', m ?? undefined, tool), `${tool}`).toBe(fired);
      }
    });
  }
  it('Task still matches Agent; mcp__srv does not match mcp__srv__echo', () => {
    expect(matcherFires('claude', 'Task', 'Agent')).toBe(true);
    expect(matcherFires('claude', 'mcp__srv', 'mcp__srv__echo')).toBe(false);
    expect(matcherFires('claude', 'mcp__srv__.*', 'mcp__srv__echo')).toBe(true);
  });
});

describe('qwen matcher semantics (decision-tests.json matchers)', () => {
  const t = gt('qwen/decision-tests.json').matchers;
  for (const [m, fired] of Object.entries(t.matchers as Record<string, string[]>)) {
    it(JSON.stringify(m), () => {
      for (const tool of t.tools_called as string[])
        expect(matcherFires('qwen', m, tool), tool).toBe(fired.includes(tool));
    });
  }
  it('array matchers never fire', () =>
    expect(matcherFires('qwen', ['run_shell_command'], 'run_shell_command')).toBe(false));
});

describe('codebuddy matcher semantics (decision-tests.json u14)', () => {
  const cases: [string, string, boolean][] = [
    ['Bash', 'Bash', true],
    ['^Bash$', 'Bash', true],
    ['Ba', 'Bash', true],
    ['bash', 'Bash', false],
    ['Write|Edit', 'Bash', false],
    ['*', 'Bash', true],
    ['', 'Bash', true],
    ['.*', 'Bash', true],
    ['Task', 'TaskCreate', true],
    ['execute_command', 'Bash', false],
    ['(', 'Bash', false],
  ];
  for (const [m, tool, fired] of cases)
    it(`${JSON.stringify(m)} on ${tool}`, () => expect(matcherFires('codebuddy', m, tool)).toBe(fired));
});

describe(
  'gemini matcher semantics (bundle core/hooks/hookPlanner.js: new ' +
    'RegExp(m).test(tool_name), invalid -> exact compare)',
  () => {
    const cases: [string, string, boolean][] = [
      ['run_shell_command', 'run_shell_command', true],
      ['run', 'run_shell_command', true],
      ['^write_file$', 'write_file', true],
      ['file', 'read_file', true],
      ['Bash', 'run_shell_command', false],
      ['RUN_SHELL_COMMAND', 'run_shell_command', false],
      ['*', 'glob', true],
      ['', 'glob', true],
      // an invalid regex is compared to the tool name as a string
      ['(', 'glob', false],
      ['my_tool(', 'my_tool(', true],
    ];
    for (const [m, tool, fired] of cases)
      it(`${JSON.stringify(m)} on ${tool}`, () => expect(matcherFires('gemini', m, tool)).toBe(fired));
    it('an invalid regex is read as the exact name it is compared with, not reported as never firing', () => {
      const r = readToolMatcher('gemini', 'grep_search(');
      expect(r.diagnostics.map((d) => d.code)).not.toContain('matcherInvalidRegex');
    });
  },
);

describe('codex matcher semantics (matcher-tests.json, g02)', () => {
  const t = gt('codex/matcher-tests.json') as { matchers: Record<string, string[]> };
  // The model ran one shell command and two patches (an Add File and an Update File): hooks saw Bash and apply_patch.
  const called: [string, string][] = [
    ['Bash', 'Bash'],
    ['apply_patch(add)', 'apply_patch'],
    ['apply_patch(update)', 'apply_patch'],
  ];
  const table = Object.entries(t.matchers);
  it('covers the observed table', () => expect(table.length).toBeGreaterThan(25));
  for (const [m, fired] of table) {
    it(JSON.stringify(m), () => {
      for (const [label, tool] of called)
        expect(matcherFires('codex', m === '(no matcher)' ? undefined : m, tool), label).toBe(fired.includes(label));
    });
  }
  // g02 (spawn_agent, offered with the fallback model metadata): Agent and spawn_agent fired, Task and Bash did not.
  const g02: [string, boolean][] = [
    ['Agent', true],
    ['Task', false],
    ['spawn_agent', true],
    ['Bash', false],
  ];
  for (const [m, fired] of g02)
    it(`${m} on spawn_agent (g02)`, () => expect(matcherFires('codex', m, 'spawn_agent')).toBe(fired));
  it('exact lists are only [A-Za-z0-9_|]: a comma or space makes a regex (common.rs), unlike on Claude Code', () => {
    expect(matcherFires('codex', 'Bash, Write', 'Bash')).toBe(false);
    expect(matcherFires('claude', 'Bash, Write', 'Bash')).toBe(true);
    // a regex is tested against the aliases too: Write.* selects apply_patch
    expect(matcherFires('codex', 'Wri.*', 'apply_patch')).toBe(true);
    expect(matcherFires('codex', 'Edit', 'NotebookEdit')).toBe(false);
  });
  it('reads Write, Edit and apply_patch as every file edit; writes them as apply_patch', () => {
    for (const m of ['Write', 'Edit', 'apply_patch', '^(Write|Edit)$', 'Wri.*']) {
      const r = readToolMatcher('codex', m);
      expect(r.matcher, m).toEqual({
        kind: 'tools',
        tools: expect.arrayContaining(['file.patch', 'file.write', 'file.edit', 'file.multi-edit']),
        mcp: [],
        unknown: [],
      });
    }
    expect(writeToolMatcher('codex', readToolMatcher('claude', 'Write|Edit|MultiEdit').matcher)).toMatchObject({
      native: 'apply_patch',
      missing: [],
      diagnostics: [],
    });
    expect(writeToolMatcher('codex', readToolMatcher('claude', 'Bash|Edit').matcher).native).toBe('Bash|apply_patch');
    expect(writeToolMatcher('claude', readToolMatcher('codex', 'apply_patch').matcher)).toMatchObject({
      native: 'Write|Edit|MultiEdit',
      missing: [],
    });
    expect(writeToolMatcher('qwen', readToolMatcher('codex', 'apply_patch').matcher)).toMatchObject({
      native: '^(write_file|edit)$',
      missing: ['file.multi-edit'],
    });
  });
  it('a Write-only matcher widens on Codex CLI, and says so', () => {
    const w = writeToolMatcher('codex', readToolMatcher('claude', 'Write').matcher);
    expect(w.native).toBe('apply_patch');
    expect(w.diagnostics).toEqual([
      expect.objectContaining({
        code: 'matcherWidened',
        message: 'Codex CLI has one tool, apply_patch, for Edit as well: the hook fires for those calls too',
      }),
    ]);
  });
  it(
    'tools Codex CLI lacks are missing; MCP names carry over; a dash ' + 'makes a regex, so such names are anchored',
    () => {
      expect(writeToolMatcher('codex', readToolMatcher('claude', 'Bash|Read|Grep').matcher)).toMatchObject({
        native: 'Bash',
        missing: ['file.read', 'search.grep'],
      });
      expect(writeToolMatcher('codex', readToolMatcher('claude', 'mcp__my-srv__echo').matcher).native).toBe(
        '^mcp__my-srv__echo$',
      );
      expect(writeToolMatcher('codex', readToolMatcher('claude', 'mcp__srv__echo|Bash').matcher).native).toBe(
        'Bash|mcp__srv__echo',
      );
    },
  );
});

describe('translation keeps the meaning', () => {
  const known = (d: (typeof DIALECT_IDS)[number]) => toolsOf(d).map((t) => t.entry.name);
  const pairs: [string, string, string][] = [
    ['claude', 'qwen', 'Bash'],
    ['claude', 'qwen', 'Write|Edit|MultiEdit'],
    ['claude', 'codebuddy', 'Edit'],
    ['claude', 'codebuddy', 'Task'],
    ['claude', 'codebuddy', 'Notebook.*'],
    ['qwen', 'claude', '^(edit|write_file)$'],
    ['codebuddy', 'claude', 'Write|Edit'],
    ['claude', 'codebuddy-ide', 'Bash|Write'],
    ['codebuddy', 'qwen', 'Ba'],
    ['claude', 'qwen', 'Read,Write'],
    ['claude', 'gemini', 'Bash|Grep|LS|Edit'],
    ['claude', 'gemini', 'Write|Edit|MultiEdit'],
    ['gemini', 'claude', 'file'],
    ['gemini', 'qwen', 'run_shell_command|replace'],
  ];
  for (const [from, to, m] of pairs) {
    it(`${from} ${JSON.stringify(m)} -> ${to}: fires for exactly the mapped tools`, () => {
      const r = readToolMatcher(from as 'claude', m);
      const w = writeToolMatcher(to as 'qwen', r.matcher);
      expect(r.matcher.kind).toBe('tools');
      const tools = r.matcher.kind === 'tools' ? r.matcher.tools : [];
      for (const name of known(to as 'qwen')) {
        const canonical = toolsOf(to as 'qwen').find((t) => t.entry.name === name)!.canonical;
        expect(matcherFires(to as 'qwen', w.native, name), `${name} under ${JSON.stringify(w.native)}`).toBe(
          tools.includes(canonical),
        );
      }
    });
  }
  it('Edit does not over-match NotebookEdit, Task not TaskCreate, on unanchored-regex targets', () => {
    expect(writeToolMatcher('codebuddy', readToolMatcher('claude', 'Edit').matcher).native).toBe('^Edit$');
    expect(writeToolMatcher('codebuddy', readToolMatcher('claude', 'Task').matcher).native).toBe('^Agent$');
    expect(writeToolMatcher('qwen', readToolMatcher('claude', 'Write|Edit|MultiEdit').matcher)).toMatchObject({
      native: '^(write_file|edit)$',
      missing: ['file.multi-edit'],
    });
  });
  it('wildcards stay wildcards; MCP patterns carry over; unknown names are kept and reported', () => {
    expect(readToolMatcher('claude', '.*').matcher).toEqual({ kind: 'all' });
    expect(writeToolMatcher('qwen', readToolMatcher('claude', '*').matcher).native).toBe('*');
    expect(writeToolMatcher('qwen', readToolMatcher('claude', 'mcp__github__.*').matcher).native).toBe(
      'mcp__github__.*',
    );
    expect(writeToolMatcher('codebuddy', readToolMatcher('claude', 'Bash|mcp__gh__.*').matcher).native).toBe(
      '^Bash$|mcp__gh__.*',
    );
    expect(writeToolMatcher('qwen', readToolMatcher('claude', 'mcp__srv__echo|Bash').matcher).native).toBe(
      '^(run_shell_command|mcp__srv__echo)$',
    );
    const r = readToolMatcher('claude', 'FancyTool');
    expect(r.matcher).toEqual({ kind: 'tools', tools: [], mcp: [], unknown: ['^FancyTool$'] });
    expect(r.diagnostics[0]?.message).toContain('"FancyTool"');
    expect(writeToolMatcher('claude', r.matcher).native).toBe('FancyTool');
    expect(writeToolMatcher('codebuddy', r.matcher).native).toBe('^FancyTool$');
    expect(r.diagnostics[0]?.code).toBe('matcherUnknownTool');
  });
  it('an invalid regex is reported, not thrown', () => {
    const r = readToolMatcher('codebuddy', '(');
    expect(r.matcher).toEqual({ kind: 'pattern', source: '(' });
    expect(r.diagnostics[0]?.code).toBe('matcherInvalidRegex');
  });
});
