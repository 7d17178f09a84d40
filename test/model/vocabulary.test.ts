// Every event and tool name an agent documents is in mappings/ with its evidence level (issue 9): the
// seeds (vendor docs) and the agents' own bundles, copied into test/fixtures/{seeds,documented}/. A name
// documented but not observed is part of its dialect, marked `documented` — never absent.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolEvidence } from '../../src/dialects/catalog.js';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { mappings } from '../../src/model/mappings.js';

const fixtures = resolve(import.meta.dirname, '../fixtures');
const json = (f: string) => JSON.parse(readFileSync(join(fixtures, 'documented', f), 'utf8'));
const seed = (prefix: string) =>
  readFileSync(
    join(
      fixtures,
      'seeds',
      `${prefix}_${{ '001': '177f5922b99a5abc', '002': '33d0a8c90802da1f', '003': '9bb968f0cf8a52d6' }[prefix]}.txt`,
    ),
    'utf8',
  );

/** The canonical event a dialect's native event name maps to, with its evidence. */
function event(d: DialectId, name: string) {
  const id = mappings.index.eventByName[d][name];
  return id ? { id, evidence: mappings.events[id]!.evidence[d] } : undefined;
}
function tool(d: DialectId, name: string) {
  const id = mappings.index.toolByName[d][name];
  const entry = id ? mappings.tools[id]![d] : undefined;
  return entry ? { id, evidence: toolEvidence(entry) } : undefined;
}
const hasEvents = (d: DialectId, names: string[]) => {
  for (const n of names)
    expect(event(d, n), `${d} ${n}`).toMatchObject({ evidence: expect.stringMatching(/^(observed|documented)$/) });
};

describe('events: every documented name is known, with its evidence', () => {
  it("claude: the binary's whole event enum (2.1.332)", () => {
    hasEvents('claude', json('claude-hook-events.json').events);
    // declared from 2.1.332, observed on 2.1.337 (observed/claude/payloads/PreSkillShellCommand-Bash.json)
    expect(event('claude', 'PreSkillShellCommand')).toMatchObject({ evidence: 'observed' });
    expect(event('claude', 'PreToolUse')).toMatchObject({ evidence: 'observed' });
  });
  it("claude: each event's matcher field and values are the binary's", () => {
    const m = json('claude-matcher-fields.json');
    for (const [name, field] of Object.entries(m.matchedField as Record<string, string>)) {
      expect(mappings.events[event('claude', name)!.id]!.matcherOn, name).toBe(field === 'tool_name' ? 'tool' : field);
    }
    for (const name of m.noMatcher as string[])
      expect(mappings.events[event('claude', name)!.id]!.matcherOn, name).toBeNull();
    for (const [name, values] of Object.entries(m.values as Record<string, string[]>)) {
      expect(mappings.events[event('claude', name)!.id]!.values.claude, name).toEqual(values);
    }
  });
  it("qwen: its 0.24.4 bundle's enum, seed 001's table and the 1.x hooks reference", () => {
    const q = json('qwen-hook-events.json');
    hasEvents('qwen', [...q.events, ...q.docs1x.events]);
    const table = [...seed('001').matchAll(/^(\w+) Fired /gm)].map((x) => x[1]!);
    expect(table.length).toBeGreaterThanOrEqual(12);
    hasEvents('qwen', table);
  });
  it("codebuddy: its bundle's whole HookEvent enum; anything else is verified absent", () => {
    const names = json('codebuddy-hook-events.json').events as string[];
    hasEvents('codebuddy', names);
    for (const [id, row] of Object.entries(mappings.events)) {
      if (!names.includes(row.names.codebuddy ?? '')) expect(row.names.codebuddy, id).toBeNull();
    }
  });
  it('codebuddy-ide: the events seed 003 defines', () => {
    const text = seed('003');
    const names = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart', 'SessionEnd', 'PreCompact'];
    for (const n of names) expect(text).toContain(n);
    for (const n of names) expect(event('codebuddy-ide', n)).toMatchObject({ evidence: 'documented' });
  });
  it("hooks-yaml: seed 002's event table, each event itself or placed on its nearest", () => {
    const section = /### Hook Event Types\n([\s\S]*?)\n## /.exec(seed('002'))![1]!;
    const table = [...section.matchAll(/^\| `(\w+)` +\|/gm)].map((x) => x[1]!);
    expect(table).toEqual([
      'PreToolUse',
      'Stop',
      'SubagentStop',
      'InputReceived',
      'BeforeResponse',
      'AfterResponse',
      'SessionStart',
      'AppStartup',
      'AppShutdown',
    ]);
    for (const n of table) expect(event('hooks-yaml', n)).toMatchObject({ evidence: 'documented' });
    // The events it shares with Claude Code are the same events (seed 002: same payload, same meaning).
    for (const n of ['PreToolUse', 'Stop', 'SubagentStop', 'SessionStart'])
      expect(event('hooks-yaml', n)!.id).toBe(event('claude', n)!.id);
    for (const n of ['InputReceived', 'BeforeResponse', 'AfterResponse', 'AppStartup', 'AppShutdown'])
      expect(mappings.events[event('hooks-yaml', n)!.id]!.nearest, n).toBeDefined();
    // Claude events the format does not list are carried under their Claude names.
    expect(event('hooks-yaml', 'Notification')).toMatchObject({ id: 'notification', evidence: 'extension' });
  });
});

describe('tools: every documented name is known, with its evidence', () => {
  it("codebuddy-ide: all 14 tools of seed 003's tool list", () => {
    const list = /read_file - Read file.*?ask_followup_question - Ask user/s.exec(seed('003'))![0];
    // The seed's text runs the list together ("read_file - Read filewrite_to_file - …"): the table here must
    // rebuild it exactly, so it can be neither shorter nor different.
    const table: [string, string][] = [
      ['read_file', 'Read file'],
      ['write_to_file', 'Write to file'],
      ['replace_in_file', 'Replace file content'],
      ['delete_files', 'Delete files'],
      ['list_files', 'List files'],
      ['search_file', 'Search files'],
      ['search_content', 'Search content'],
      ['read_lints', 'Read Lint errors'],
      ['execute_command', 'Execute command'],
      ['preview_url', 'Preview URL'],
      ['task', 'Create subtask'],
      ['web_search', 'Web search'],
      ['web_fetch', 'Fetch web content'],
      ['ask_followup_question', 'Ask user'],
    ];
    expect(table.map(([n, d]) => `${n} - ${d}`).join('')).toBe(list);
    const names = table.map(([n]) => n);
    expect(names).toHaveLength(14);
    for (const n of names) expect(tool('codebuddy-ide', n), n).toMatchObject({ evidence: 'documented' });
    // The same concepts as the other agents' tools (a WebSearch guard fires for web_search).
    expect(tool('codebuddy-ide', 'web_search')!.id).toBe(tool('claude', 'WebSearch')!.id);
    expect(tool('codebuddy-ide', 'search_content')!.id).toBe(tool('claude', 'Grep')!.id);
    expect(tool('codebuddy-ide', 'task')!.id).toBe(tool('claude', 'Agent')!.id);
    // Names from the older IDE tool page are kept as aliases.
    expect(mappings.index.toolByAlias['codebuddy-ide'].search_files).toEqual(['search.grep']);
  });
  it("seed 002's tool table: each Claude tool and its Qwen equivalent map to the same concept", () => {
    const rows = [...seed('002').matchAll(/^\| `(\w+)` +\| `(\w+)` +\|/gm)].map((x) => [x[1]!, x[2]!] as const);
    expect(rows.length).toBe(11);
    for (const [c, q] of rows) {
      const claude = tool('claude', c) ?? { id: mappings.index.toolByAlias.claude[c]?.[0] };
      const qwen = tool('qwen', q) ?? { id: mappings.index.toolByAlias.qwen[q]?.[0] };
      // Seed 002 spells two names its own way (Ls, todoWrite); observed matcher vocabularies win (see tools.yaml).
      if (c === 'Ls' || q === 'todoWrite') continue;
      expect(qwen.id, `${c} = ${q}`).toBe(claude.id);
      expect(qwen.id, `${c} = ${q}`).toBeDefined();
    }
  });
});
