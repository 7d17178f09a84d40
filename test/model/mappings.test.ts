import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileMappings } from '../../src/model/compile-mappings.js';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';
import { HookBridgeError } from '../../src/model/errors.js';
import { mappings } from '../../src/model/mappings.js';
import { toolsOf } from '../../src/dialects/catalog.js';

const root = resolve(import.meta.dirname, '../..');
const gt = (p: string) => JSON.parse(readFileSync(join(root, 'test/fixtures/ground-truth', p), 'utf8'));

/** name -> params of a dialect's compiled catalog */
const catalog = (d: (typeof DIALECT_IDS)[number]) => new Map(toolsOf(d).map(({ entry }) => [entry.name, entry]));

describe('tool catalogs match the ground truth', () => {
  it('claude: every observed tool with its exact parameter names', () => {
    const cat = catalog('claude');
    for (const t of gt('claude/tools.json').tools as { name: string; params: string[] }[]) {
      if (t.name.startsWith('mcp__')) continue; // MCP tools are the user's, not the agent's
      expect(cat.get(t.name), t.name).toBeDefined();
      expect(
        cat.get(t.name)!.params.map(([n]) => n),
        t.name,
      ).toEqual(t.params);
    }
    // every tool of system/init is known, and the removed tools users still name are kept
    for (const n of gt('claude/tools.json').system_init_tools as string[])
      expect(cat.has(n) || n === 'Task', n).toBe(true);
    for (const n of ['LS', 'MultiEdit']) expect(cat.get(n)?.status, n).toBe('historical');
    // Tools it has but did not offer in that run (deferred behind ToolSearch, or enabled by the session): in its
    // binary's built-in tool list (observed/claude/builtin-tools.json), so a matcher naming them is not dead.
    const builtin = new Set(
      JSON.parse(readFileSync(join(root, 'test/fixtures/observed/claude/builtin-tools.json'), 'utf8'))
        .builtin_tool_names as string[],
    );
    for (const n of ['TaskCreate', 'TaskGet', 'TaskList', 'TaskUpdate', 'EnterPlanMode', 'ExitPlanMode']) {
      expect(cat.get(n)?.status, n).toBe('registered');
      expect(builtin.has(n), n).toBe(true);
    }
    expect(cat.get('TodoWrite')).toMatchObject({ status: 'conditional', enabledBy: expect.stringMatching(/TASKS/) });
    for (const [name, e] of cat)
      if (e.status === 'registered' || e.status === 'conditional') expect(builtin.has(name), name).toBe(true);
    // the input schema's required parameters (a replacing updatedInput without them fails the call)
    for (const t of gt('claude/tools.json').tools as { name: string; required?: string[] }[]) {
      if (!t.name.startsWith('mcp__')) expect(cat.get(t.name)!.required ?? [], t.name).toEqual(t.required ?? []);
    }
    // Glob and Grep: offered only when --allowedTools names them (docs/observations.md), with these parameters.
    expect(cat.get('Glob')).toMatchObject({
      status: 'conditional',
      params: [
        ['pattern', 'pattern'],
        ['path', 'path'],
      ],
    });
    expect(cat.get('Grep')!.status).toBe('conditional');
    expect(cat.get('Grep')!.params.map(([n]) => n)).toEqual([
      'pattern',
      'path',
      'glob',
      'output_mode',
      '-B',
      '-A',
      '-C',
      'context',
      '-n',
      '-i',
      '-o',
      'type',
      'head_limit',
      'offset',
      'multiline',
    ]);
  });

  it('qwen: every tool, parameter and matcher alias', () => {
    const cat = catalog('qwen');
    for (const t of gt('qwen/tools.json').tools as {
      name: string;
      properties: string[];
      matcher_aliases_exact: string[];
    }[]) {
      expect(cat.get(t.name), t.name).toBeDefined();
      expect(
        cat.get(t.name)!.params.map(([n]) => n),
        t.name,
      ).toEqual(t.properties);
      expect(cat.get(t.name)!.aliases, t.name).toEqual(t.matcher_aliases_exact);
    }
  });

  it('codebuddy: every tool with its parameters', () => {
    const cat = catalog('codebuddy');
    for (const t of gt('codebuddy/tools.json').tools as { name: string; params: string[] | null }[]) {
      expect(cat.get(t.name), t.name).toBeDefined();
      expect(
        cat.get(t.name)!.params.map(([n]) => n),
        t.name,
      ).toEqual(t.params ?? []);
    }
  });

  it('gemini: every tool it offered the model, with its parameters and required ones', () => {
    const cat = catalog('gemini');
    const sent = JSON.parse(
      readFileSync(join(root, 'test/fixtures/observed/gemini/tools-sent-to-model.json'), 'utf8'),
    ) as { name: string; parametersJsonSchema?: { properties?: object; required?: string[] } }[];
    expect(sent.length).toBeGreaterThan(10);
    for (const t of sent) {
      expect(cat.get(t.name), t.name).toBeDefined();
      expect(
        cat.get(t.name)!.params.map(([n]) => n),
        t.name,
      ).toEqual(Object.keys(t.parametersJsonSchema?.properties ?? {}));
      expect(cat.get(t.name)!.required ?? [], t.name).toEqual(t.parametersJsonSchema?.required ?? []);
      expect(cat.get(t.name)!.status, t.name).toBe('observed');
    }
    // what `gemini hooks migrate` gets wrong: Grep is grep_search and LS is list_directory there
    expect(mappings.tools['search.grep']!.gemini!.name).toBe('grep_search');
    expect(mappings.tools['file.list']!.gemini!.name).toBe('list_directory');
  });

  it('codex: every tool_name and tool_input key its hooks saw (payloads/), and nothing Codex CLI lacks', () => {
    const cat = catalog('codex');
    const dir = join(root, 'test/fixtures/ground-truth/codex/payloads');
    const captured = readdirSync(dir)
      .filter((f) => /^(Pre|Post)ToolUse-/.test(f))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { tool_name: string; tool_input: object });
    expect(new Set(captured.map((p) => p.tool_name))).toEqual(new Set(['Bash', 'apply_patch', 'spawn_agent']));
    for (const p of captured) {
      expect(cat.get(p.tool_name), p.tool_name).toBeDefined();
      // tool_input carries only what the catalog lists: Bash {command} (b03: workdir, tty … not shown), apply_patch
      // {command}, spawn_agent {message}
      expect(Object.keys(p.tool_input), p.tool_name).toEqual(cat.get(p.tool_name)!.params.map(([n]) => n));
    }
    expect(cat.get('apply_patch')).toMatchObject({
      aliases: ['Write', 'Edit'],
      params: [['command', 'patch']],
      covers: ['file.write', 'file.edit', 'file.multi-edit'],
    });
    expect(cat.get('spawn_agent')).toMatchObject({ aliases: ['Agent'], params: [['message', 'prompt']] });
    // verified absent (README "Model / tools"): no read, grep, glob, list, web-fetch, web-search or todo tool
    for (const c of [
      'file.read',
      'file.write',
      'file.edit',
      'file.multi-edit',
      'file.list',
      'search.glob',
      'search.grep',
      'web.fetch',
      'web.search',
      'todo.write',
      'notebook.edit',
    ]) {
      expect(mappings.tools[c]!.codex, c).toBeNull();
    }
    expect(mappings.index.toolCovering.codex).toEqual({
      'file.write': 'file.patch',
      'file.edit': 'file.patch',
      'file.multi-edit': 'file.patch',
    });
  });

  it('codebuddy-ide: the IDE vocabulary of DESIGN.md', () => {
    const cat = catalog('codebuddy-ide');
    expect(cat.get('execute_command')!.params.map(([n]) => n)).toEqual(['command', 'requires_approval']);
    expect(cat.get('write_to_file')!.params).toContainEqual(['filePath', 'file_path']);
    expect(cat.get('replace_in_file')!.params).toContainEqual(['filePath', 'file_path']);
    expect(cat.get('delete_files')!.params.map(([n]) => n)).toEqual(['target_file']);
  });

  it('the same concept maps across dialects (Write = write_file = write_to_file)', () => {
    const w = mappings.tools['file.write']!;
    expect([w.claude?.name, w.qwen?.name, w.codebuddy?.name, w['codebuddy-ide']?.name]).toEqual([
      'Write',
      'write_file',
      'Write',
      'write_to_file',
    ]);
    expect(mappings.tools.shell!.qwen!.name).toBe('run_shell_command');
  });
});

describe('tables are consistent both ways', () => {
  it('every native tool name maps back to exactly one canonical tool, whose entry has that name', () => {
    for (const d of DIALECT_IDS) {
      const seen = new Set<string>();
      for (const { canonical, entry } of toolsOf(d)) {
        expect(seen.has(entry.name), `${d} ${entry.name} twice`).toBe(false);
        seen.add(entry.name);
        expect(mappings.index.toolByName[d][entry.name]).toBe(canonical);
      }
      expect(Object.keys(mappings.index.toolByName[d]).length).toBe(seen.size);
    }
  });

  it('every native event name maps back to its canonical event', () => {
    for (const d of DIALECT_IDS) {
      for (const [canonical, row] of Object.entries(mappings.events)) {
        const n = row.names[d];
        if (n) expect(mappings.index.eventByName[d][n]).toBe(canonical);
      }
    }
  });

  it('every event of the ground-truth payloads is known for its dialect', () => {
    for (const d of ['claude', 'qwen', 'codebuddy', 'codex'] as const) {
      const idx = gt(`${d}/payloads/_index.json`) as { hook_event_name?: string; event?: string }[];
      for (const e of idx) {
        const name = e.hook_event_name ?? e.event!;
        expect(mappings.index.eventByName[d][name], `${d} ${name}`).toBeDefined();
      }
    }
  });

  it(
    'an event name is "observed" only where a capture of the real ' + 'agent has it; every other name is "documented"',
    () => {
      const fired: Partial<Record<(typeof DIALECT_IDS)[number], Set<string>>> = {
        gemini: new Set(
          JSON.parse(readFileSync(join(root, 'test/fixtures/observed/gemini/_event-order.json'), 'utf8')) as string[],
        ),
      };
      for (const d of ['claude', 'qwen', 'codebuddy'] as const)
        fired[d] = new Set(
          (gt(`${d}/payloads/_index.json`) as { hook_event_name?: string; event?: string }[]).map(
            (e) => e.hook_event_name ?? e.event!,
          ),
        );
      // Claude Code events captured beside the ground truth (test/fixtures/observed/claude/payloads/:
      // PreSkillShellCommand on 2.1.337).
      const observedClaude = join(root, 'test/fixtures/observed/claude/payloads');
      for (const f of readdirSync(observedClaude).filter((n) => n.endsWith('.json')))
        fired.claude!.add(JSON.parse(readFileSync(join(observedClaude, f), 'utf8')).hook_event_name);
      const wrong: string[] = [];
      for (const [d, seen] of Object.entries(fired) as [(typeof DIALECT_IDS)[number], Set<string>][]) {
        expect(seen.size, d).toBeGreaterThan(5); // the scan is not vacuous
        for (const row of Object.values(mappings.events)) {
          const name = row.names[d];
          if (name && (row.evidence[d] === 'observed') !== seen.has(name))
            wrong.push(`${d} ${name}: ${row.evidence[d]}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('every event Gemini CLI fired (observed/gemini) is known, and its whole settings enum is declared', () => {
    const fired = JSON.parse(
      readFileSync(join(root, 'test/fixtures/observed/gemini/_event-order.json'), 'utf8'),
    ) as string[];
    for (const e of new Set(fired)) expect(mappings.index.eventByName.gemini[e], e).toBeDefined();
    expect(Object.keys(mappings.index.eventByName.gemini).sort()).toEqual([
      'AfterAgent',
      'AfterModel',
      'AfterTool',
      'BeforeAgent',
      'BeforeModel',
      'BeforeTool',
      'BeforeToolSelection',
      'Notification',
      'PreCompress',
      'SessionEnd',
      'SessionStart',
    ]);
    expect(mappings.dialects.gemini).toMatchObject({ eventsComplete: true, timeout: { unit: 'ms', default: 60000 } });
  });

  it('codex: the events it fired (_index.json, the 0.171.0 captures) and PermissionRequest: its event set', () => {
    const fired = new Set((gt('codex/payloads/_index.json') as { event: string }[]).map((e) => e.event));
    // Model requests (README "0.171.0", m01): fired by 0.169.0 too, captured on 0.171.0.
    for (const f of ['PreModelRequest-0.171', 'PostModelRequest-0.171', 'PostModelRequest-failed-0.171'])
      fired.add((gt(`codex/payloads/${f}.json`) as { hook_event_name: string }).hook_event_name);
    expect([...fired].sort()).toEqual([
      'PostCompact',
      'PostModelRequest',
      'PostToolUse',
      'PreCompact',
      'PreModelRequest',
      'PreToolUse',
      'SessionEnd',
      'SessionStart',
      'Stop',
      'SubagentStart',
      'SubagentStop',
      'UserPromptSubmit',
    ]);
    // Interrupt: in its binary's hook_event_name schema (the e2e package check), never fired headless.
    const declared = ['PermissionRequest', 'Interrupt'];
    expect(Object.keys(mappings.index.eventByName.codex).sort()).toEqual([...fired, ...declared].sort());
    expect(mappings.events['permission-request']!.evidence.codex).toBe('documented');
    expect(mappings.events.interrupt!.evidence.codex).toBe('documented');
    expect(mappings.events['pre-tool-use']!.evidence.codex).toBe('observed');
    expect(mappings.events.notification!.names.codex).toBeNull();
    expect(mappings.events['post-tool-use-failure']!.names.codex).toBeNull();
    // observe-only: no answer has an effect there (mr01–mr16); no other agent has them
    expect(mappings.dialects.codex.output!.observeOnly).toEqual(['pre-model-request', 'post-model-request']);
    for (const e of ['pre-model-request', 'post-model-request'])
      expect(Object.entries(mappings.events[e]!.names).filter(([, n]) => n)).toEqual([
        ['codex', e === 'pre-model-request' ? 'PreModelRequest' : 'PostModelRequest'],
      ]);
  });

  it('codex: the facts the payloads and the environment capture show', () => {
    const env = gt('codex/payloads/_hook-env.json') as { added_by_codex: string[]; stdin_trailing_newline: boolean };
    const spec = mappings.dialects.codex;
    expect(spec.env).toMatchObject({
      projectDir: env.added_by_codex,
      provided: env.added_by_codex,
      projectRoot: 'git-toplevel-of-cwd',
    });
    expect(env.stdin_trailing_newline).toBe(false);
    expect(spec.timeout).toMatchObject({ unit: 's', default: 600, onTimeout: 'proceed' });
    const idx = gt('codex/payloads/_index.json') as { keys: string[] }[];
    for (const k of spec.payload!.alwaysSent)
      expect(
        idx.every((e) => e.keys.includes(k)),
        k,
      ).toBe(true);
    const modes = new Set(
      Object.values(gt('codex/permission-mode-tests.json') as Record<string, unknown>).filter(
        (v) => typeof v === 'string',
      ),
    );
    expect([...modes]).toEqual(Object.keys(spec.payload!.permissionModes));
    expect(spec.config).toMatchObject({
      write: '.codex/hooks.json',
      project: ['.codex/hooks.json'],
      homeVar: 'CODEX_HOME',
      hookTrust: 'trusted-hash',
    });
    expect(spec.output).toMatchObject({
      answerSchema: 'strict',
      jsonOnNonZeroExit: 'ignored',
      exit2NeedsStderr: true,
      askHeadless: 'void',
    });
  });

  it('every dialect states a timeout unit and matcher semantics', () => {
    for (const d of DIALECT_IDS) {
      expect(['s', 'ms']).toContain(mappings.dialects[d].timeout.unit);
      expect(['exact-list-or-regex', 'exact-part-or-regex', 'regex', 'anchored-regex', 'glob']).toContain(
        mappings.dialects[d].matcher.semantics,
      );
    }
    expect(mappings.dialects.claude.timeout).toMatchObject({ unit: 's', default: 600 });
    expect(mappings.dialects.qwen.timeout).toMatchObject({ unit: 's', default: 60, legacyMsFrom: 1000 });
    expect(mappings.dialects.qwen.env?.projectDir).toContain('QWEN_PROJECT_DIR');
    expect(mappings.dialects.codebuddy.env?.projectDir).toContain('CODEBUDDY_PROJECT_DIR');
  });
});

describe('facts several dialects share are stated once (inherits)', () => {
  const dir = join(root, 'mappings/dialects');
  const yamlOf = (name: string) => parse(readFileSync(join(dir, `${name}.yaml`), 'utf8')) as Record<string, unknown>;
  /** Every leaf (a value, a list) of a facts object, by its dotted path. */
  const leaves = (o: unknown, at = ''): [string, string][] =>
    o !== null && typeof o === 'object' && !Array.isArray(o) && Object.keys(o).length
      ? Object.entries(o).flatMap(([k, v]) => leaves(v, at ? `${at}.${k}` : k))
      : [[at, JSON.stringify(o)]];
  const plugins = DIALECT_IDS.filter((d) => mappings.dialects[d].config.inProcess);

  it('every in-process host inherits _in-process: its facts, and its own where it differs', () => {
    expect(plugins).toEqual(['pi', 'opencode', 'kilo']);
    const base = new Map(leaves(yamlOf('_in-process')));
    for (const d of plugins) {
      // Directly, or through the in-process host whose binding it reuses (Kilo Code CLI: OpenCode's).
      const chain: string[] = [d];
      while (!String(yamlOf(chain.at(-1)!).inherits).startsWith('_'))
        chain.push(String(yamlOf(chain.at(-1)!).inherits));
      expect(yamlOf(chain.at(-1)!).inherits).toBe('_in-process');
      const compiled = new Map(leaves(mappings.dialects[d]));
      const own = (path: string) => chain.map((c) => new Map(leaves(yamlOf(c))).get(path)).find((v) => v !== undefined);
      for (const [path, value] of base) expect(compiled.get(path), `${d} ${path}`).toBe(own(path) ?? value);
    }
    expect(mappings.dialects.pi.output?.permissionDecision).toEqual(['allow', 'deny', 'ask']);
    expect(mappings.dialects.opencode.output?.permissionDecision).toEqual(['allow', 'deny']);
  });
  it("kilo: OpenCode's facts but its own files, program and variables; its package's recipe is its own", () => {
    const { kilo, opencode } = mappings.dialects;
    expect(yamlOf('kilo').inherits).toBe('opencode');
    expect(kilo.output).toEqual(opencode.output);
    expect(kilo.payload).toEqual(opencode.payload);
    expect(kilo.config).toMatchObject({
      write: '.kilo/hooks.json',
      inProcess: { loader: '.kilo/plugins/hook-bridge.js' },
    });
    expect(kilo.env?.marker).toBe('KILO');
    // OpenCode's TUI hooks (file.open, tab.new) are not in Kilo's executable: no recipe of OpenCode's is merged in.
    expect(kilo.declares?.files).toEqual(['node_modules/@kilocode/cli-*/bin/kilo']);
    expect(Object.keys(kilo.declares?.events?.unmapped ?? {})).not.toContain('file.open');
    expect(mappings.dialects['hooks-yaml'].declares).toBeUndefined();
  });
  it('every package is installed by its own agent: its install command is one of its programs', () => {
    for (const [id, d] of Object.entries(mappings.dialects)) {
      if (!d.package) continue;
      expect(d.cli?.commands, id).toContain(d.package.install.split(' ')[0]);
    }
  });
  it("a package is never inherited (Kilo installs with kilo, not with OpenCode's command)", () => {
    expect(mappings.dialects.kilo.package).toEqual(yamlOf('kilo').package);
    expect(mappings.dialects.kilo.package?.install).not.toEqual(mappings.dialects.opencode.package?.install);
  });
  it('no dialect restates a fact of the base it inherits with the same value', () => {
    const bases = readdirSync(dir).filter((f) => f.startsWith('_'));
    expect(bases).toEqual(['_in-process.yaml']);
    for (const d of DIALECT_IDS) {
      const from = yamlOf(d).inherits;
      if (typeof from !== 'string' || !from.startsWith('_')) continue;
      const base = new Map(leaves(yamlOf(from)));
      const restated = leaves(yamlOf(d)).filter(([path, value]) => base.get(path) === value);
      expect(restated, `${d}.yaml restates ${from}.yaml`).toEqual([]);
    }
  });
  it("hooks-yaml: the facts it does not state are Claude Code's; its scripts are Claude's (payloadDialect)", () => {
    const h = mappings.dialects['hooks-yaml'];
    expect(h).toMatchObject({ inherits: 'claude', payloadDialect: 'claude' });
    expect(h.output).toEqual(mappings.dialects.claude.output);
    expect(h.config.format).toBe('hooks-yaml-v2');
  });
});

describe('malformed mapping files fail with the file and key', () => {
  function broken(edit: (dir: string) => void): string {
    const dir = mkdtempSync(join(tmpdir(), 'hb-map-'));
    cpSync(join(root, 'mappings'), dir, { recursive: true });
    edit(dir);
    try {
      compileMappings(dir);
    } catch (e) {
      expect(e).toBeInstanceOf(HookBridgeError);
      return (e as HookBridgeError).describe();
    }
    throw new Error('compileMappings accepted a malformed mapping');
  }
  const append = (f: string, text: string) => (dir: string) =>
    writeFileSync(join(dir, f), readFileSync(join(dir, f), 'utf8') + text);

  it('a parameter list that is not a list', () => {
    expect(broken(append('tools.yaml', '\nbroken.tool:\n  qwen: { name: broken_tool, params: nope }\n'))).toMatch(
      /^tools\.yaml: broken\.tool\.qwen\.params: /,
    );
  });
  it('a native name mapped twice', () => {
    expect(broken(append('tools.yaml', '\nshell.again:\n  qwen: { name: run_shell_command, params: [] }\n'))).toBe(
      'tools.yaml: shell.again.qwen.name: qwen tool name ' +
        '"run_shell_command" is mapped by both "shell" and "shell.again"',
    );
  });
  it('a timeout without a unit', () => {
    const msg = broken((dir) => {
      const f = join(dir, 'dialects/qwen.yaml');
      writeFileSync(f, readFileSync(f, 'utf8').replace(/\n {2}unit: s /, '\n  '));
    });
    expect(msg).toMatch(/^dialects\/qwen\.yaml: timeout\.unit: /);
  });
  it('invalid YAML, with line and column', () => {
    expect(broken(append('events.yaml', '\nstop: [unclosed\n'))).toMatch(/^events\.yaml: \d+:\d+: /);
  });
  it("sameFilesAs naming a dialect that itself reads another one's files", () => {
    const msg = broken((dir) => {
      const f = join(dir, 'dialects/qwen.yaml');
      writeFileSync(
        f,
        readFileSync(f, 'utf8').replace(/\n {2}plugin: \[\]\n/, '\n  plugin: []\n  sameFilesAs: codebuddy-ide\n'),
      );
    });
    expect(msg).toMatch(/^dialects\/qwen\.yaml: config\.sameFilesAs: /);
  });
  it('inherits naming no file, or a dialect file that is not a dialect', () => {
    const inherits = (value: string) => (dir: string) => {
      const f = join(dir, 'dialects/pi.yaml');
      writeFileSync(f, readFileSync(f, 'utf8').replace('inherits: _in-process', `inherits: ${value}`));
    };
    expect(broken(inherits('_no-such-base'))).toMatch(/^dialects\/pi\.yaml: inherits: inherits "_no-such-base": no /);
    expect(broken(inherits('nobody'))).toMatch(/^dialects\/pi\.yaml: inherits: inherits "nobody": no /);
  });
  it('inherits in a circle', () => {
    const msg = broken((dir) => writeFileSync(join(dir, 'dialects/_in-process.yaml'), 'inherits: opencode\n'));
    // Found from the first dialect that inherits the base (cline): the circle closes at opencode.
    expect(msg).toMatch(/^dialects\/(_in-process|opencode)\.yaml: inherits: inherits in a circle: /);
  });
  it('a bad value in a base: the error names the dialect and the base it came from', () => {
    const msg = broken((dir) => {
      const f = join(dir, 'dialects/_in-process.yaml');
      writeFileSync(f, readFileSync(f, 'utf8').replace('shell: [/bin/sh, -c]', 'shell: nope'));
    });
    expect(msg).toMatch(/^dialects\/(cline|opencode)\.yaml \+ dialects\/_in-process\.yaml: shell: /);
  });
  it('a base that holds a fact no dialect file takes (the merged file is checked strictly)', () => {
    const msg = broken(append('dialects/_in-process.yaml', 'noSuchFact: 1\n'));
    expect(msg).toMatch(/^dialects\/(cline|opencode)\.yaml \+ dialects\/_in-process\.yaml: /);
  });
  it('a canonical id that is not lowercase-dotted', () => {
    expect(broken(append('tools.yaml', '\nBadTool:\n  claude: { name: Bad, params: [] }\n'))).toMatch(
      /^tools\.yaml: BadTool: /,
    );
  });
});

describe('tool_response shapes in tools.yaml match every captured PostToolUse payload', () => {
  const captures = (['ground-truth', 'observed'] as const).flatMap((set) =>
    (['claude', 'qwen', 'codebuddy', 'gemini', 'codex'] as const).flatMap((d) => {
      const dir = join(root, 'test/fixtures', set, d, 'payloads');
      return (existsSync(dir) ? readdirSync(dir) : [])
        .filter((f) => f.startsWith('PostToolUse-') || f.startsWith('AfterTool-'))
        .map((f) => ({
          d,
          f: `${set}/${d}/${f}`,
          p: JSON.parse(readFileSync(join(dir, f), 'utf8')) as { tool_name: string; tool_response: unknown },
        }));
    }),
  );
  it.each(captures.map((c) => [c.f, c] as const))('%s', (_, { d, p }) => {
    const entry = toolsOf(d).find((t) => t.entry.name === p.tool_name)?.entry;
    if (!entry?.response) return; // a tool whose shape the tables do not describe (yet)
    const r = p.tool_response;
    // CodeBuddy answers a failed call with an error object whatever the tool (PostToolUse-Read-missing-file.json)
    if (d === 'codebuddy' && (r as { is_error?: unknown }).is_error === true && !Array.isArray(entry.response)) return;
    // Gemini adds `error` to the same shape when a call fails (AfterTool-read_file-missing.json)
    if (d === 'gemini' && entry.response === 'llm-text')
      return expect(
        Object.keys(r as object)
          .filter((k) => k !== 'error')
          .sort(),
      ).toEqual(['llmContent', 'returnDisplay']);
    if (Array.isArray(entry.response))
      expect(Object.keys(r as object).filter((k) => !(entry.response as string[]).includes(k))).toEqual([]);
    else if (entry.response === 'llm-text')
      expect(Object.keys(r as object).sort()).toEqual(['llmContent', 'returnDisplay']);
    // a tool that answers with lines says "No files found" (a string) when nothing matched
    else expect(typeof r === 'string' || (entry.response === 'lines' && Array.isArray(r))).toBe(true);
  });
  it('covers the captures', () =>
    expect(
      captures.filter((c) => toolsOf(c.d).find((t) => t.entry.name === c.p.tool_name)?.entry.response).length,
    ).toBeGreaterThan(25));
});
