// `run` payload translation, table-driven from the real payloads the agents sent
// (test/fixtures/ground-truth/*/payloads/).
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cleanEnv, runCli } from './cli.js';
import { describe, expect, it } from 'vitest';
import { translatePayload, type Payload } from '../../src/run/payload.js';
import type { DialectId } from '../../src/model/dialect-ids.js';

const GT = resolve(import.meta.dirname, '../fixtures/ground-truth');
type Obj = Record<string, any>;
const load = (agent: string, name: string): Obj =>
  JSON.parse(readFileSync(join(GT, agent, 'payloads', `${name}.json`), 'utf8'));
const files = (agent: string) =>
  readdirSync(join(GT, agent, 'payloads'))
    .filter((f) => f.endsWith('.json') && !f.startsWith('_'))
    .map((f) => f.slice(0, -5));
const keysOf = (o: unknown) => (o && typeof o === 'object' && !Array.isArray(o) ? Object.keys(o).sort() : typeof o);
/** Claude Code's tool parameters, as it declared them to the model (claude/tools.json). */
const claudeParams: Record<string, string[]> = Object.fromEntries(
  (JSON.parse(readFileSync(join(GT, 'claude/tools.json'), 'utf8')).tools as { name: string; params: string[] }[]).map(
    (t) => [t.name, t.params],
  ),
);
const T = (p: Obj, host: DialectId, script: DialectId, env: NodeJS.ProcessEnv = {}) =>
  translatePayload(p as Payload, host, script, env).payload as Obj;

/** Written out, not derived from mappings/: the test must fail if the tables drift. */
const QWEN_TO_CLAUDE_TOOL: Record<string, string> = {
  run_shell_command: 'Bash',
  write_file: 'Write',
  edit: 'Edit',
  read_file: 'Read',
  grep_search: 'Grep',
  glob: 'Glob',
  agent: 'Agent',
  list_directory: 'LS',
  todo_write: 'TodoWrite',
  tool_search: 'ToolSearch',
  web_fetch: 'WebFetch',
};
const CLAUDE_ALWAYS = ['session_id', 'transcript_path', 'cwd', 'hook_event_name'];

/** Qwen capture -> the real Claude capture of the same call, and the Claude keys Qwen has no source for. */
const QWEN_VS_CLAUDE: Record<string, [string, string[]]> = {
  'PreToolUse-run_shell_command': ['PreToolUse-Bash', ['effort']],
  'PreToolUse-write_file': ['PreToolUse-Write', ['effort']],
  'PreToolUse-edit': ['PreToolUse-Edit', ['effort']],
  'PreToolUse-read_file': ['PreToolUse-Read', ['effort']],
  'PreToolUse-agent': ['PreToolUse-Agent', ['effort']],
  'PreToolUse-web_fetch-via-tool_call': ['PreToolUse-WebFetch', ['effort']],
  'PreToolUse-tool_search': ['PreToolUse-ToolSearch', ['effort']],
  'PostToolUse-run_shell_command': ['PostToolUse-Bash', ['effort']],
  'PostToolUse-write_file': ['PostToolUse-Write-create', ['effort']],
  'PostToolUse-edit': ['PostToolUse-Edit', ['effort']],
  'PostToolUseFailure-run_shell_command-nonzero-exit': ['PostToolUseFailure-Bash-nonzero-exit', ['effort']],
  'PostToolUseFailure-read_file-missing': ['PostToolUseFailure-Read-missing-file', ['effort']],
  'PostToolUseFailure-web_fetch': ['PostToolUseFailure-WebFetch', ['effort']],
  'PermissionRequest-run_shell_command': ['PermissionRequest-Write', ['effort', 'permission_suggestions']],
  'UserPromptSubmit-initial': ['UserPromptSubmit', []],
  Stop: ['Stop', ['effort']],
  'SessionStart-startup': ['SessionStart-startup', []],
};

describe('Qwen -> Claude, every captured Qwen payload with a tool or a prompt/stop/session event', () => {
  const table = files('qwen').filter((f) => {
    const p = load('qwen', f);
    return typeof p.tool_name === 'string' || ['UserPromptSubmit', 'Stop', 'SessionStart'].includes(p.hook_event_name);
  });
  it('covers the captures (guard against an empty table)', () => {
    expect(table.length).toBeGreaterThanOrEqual(30);
  });
  it.each(table)('%s', (name) => {
    const q = load('qwen', name);
    const out = T(q, 'qwen', 'claude', { QWEN_PROJECT_DIR: '/proj' });
    expect(out.hook_event_name).toBe(q.hook_event_name);
    for (const k of CLAUDE_ALWAYS) expect(out, k).toHaveProperty(k);
    // Unknown keys (timestamp, prompt_id, tool_call_id …) are kept with their values.
    // Qwen's `crons` is Claude's `session_crons` (claude/payloads/Stop.json).
    const claudeKey = (k: string) => (k === 'crons' ? 'session_crons' : k);
    for (const k of Object.keys(q))
      if (!['tool_name', 'tool_input', 'tool_response', 'permission_mode', 'hook_event_name'].includes(k))
        expect(out[claudeKey(k)], k).toEqual(q[k]);
    if ('crons' in q) expect(out).not.toHaveProperty('crons');
    if (typeof q.permission_mode === 'string')
      expect(out.permission_mode).toBe({ yolo: 'bypassPermissions', default: 'default' }[q.permission_mode as string]);
    if (typeof q.tool_name === 'string') {
      const claudeTool = QWEN_TO_CLAUDE_TOOL[q.tool_name];
      expect(claudeTool, `no expectation for Qwen tool ${q.tool_name}`).toBeDefined();
      expect(out.tool_name).toBe(claudeTool);
      expect(out.permission_mode).toBeTypeOf('string');
      // Every parameter the script sees is one Claude Code declares for that tool (where tools.json lists it).
      const params = claudeParams[claudeTool!];
      if (params) for (const k of Object.keys(out.tool_input)) expect(params, `${claudeTool}.${k}`).toContain(k);
    }
    const ref = QWEN_VS_CLAUDE[name];
    if (ref) {
      const c = load('claude', ref[0]);
      // The real Claude payload's keys are all there, except those Qwen has no source for.
      expect(Object.keys(c).filter((k) => !(k in out))).toEqual(ref[1]);
      if (c.tool_response !== undefined) expect(keysOf(out.tool_response)).toEqual(keysOf(c.tool_response));
    }
  });

  it('tool_response: Qwen result objects become the shapes Claude sends', () => {
    expect(T(load('qwen', 'PostToolUse-run_shell_command'), 'qwen', 'claude').tool_response).toEqual({
      stdout: 'hello-from-shell',
      stderr: '',
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    });
    expect(T(load('qwen', 'PostToolUse-write_file'), 'qwen', 'claude').tool_response).toEqual({
      type: 'create',
      filePath: '/PROJECT/hello.txt',
      content: 'hello world\n',
      structuredPatch: [],
      originalFile: null,
      userModified: false,
    });
    expect(T(load('qwen', 'PostToolUse-edit'), 'qwen', 'claude').tool_response).toEqual({
      filePath: '/PROJECT/hello.txt',
      oldString: 'hello',
      newString: 'bye',
      originalFile: 'hello world\n',
      structuredPatch: [],
      userModified: false,
      replaceAll: false,
    });
  });

  it('parameter names: is_background -> run_in_background, limit -> head_limit; unknown keys kept', () => {
    const q = load('qwen', 'PreToolUse-run_shell_command');
    q.tool_input = { command: 'sleep 9', is_background: true, timeout: 5, directory: 'sub', x_custom: { a: 1 } };
    q.x_extra = [1, 2];
    const out = T(q, 'qwen', 'claude');
    expect(out.tool_input).toEqual({
      command: 'sleep 9',
      run_in_background: true,
      timeout: 5,
      directory: 'sub',
      x_custom: { a: 1 },
    });
    expect(out.x_extra).toEqual([1, 2]);
    const g = load('qwen', 'PreToolUse-grep_search');
    g.tool_input = { pattern: 'bye', limit: 5, glob: '*.ts' };
    expect(T(g, 'qwen', 'claude').tool_input).toEqual({ pattern: 'bye', head_limit: 5, glob: '*.ts' });
  });

  it.each([
    ['yolo', 'bypassPermissions'],
    ['default', 'default'],
    ['plan', 'plan'],
    ['auto-edit', 'acceptEdits'],
    ['auto_edit', 'acceptEdits'],
    ['auto', 'auto'],
    ['something-new', 'something-new'],
  ])('permission_mode %s -> %s', (qwen, claude) => {
    const q = { ...load('qwen', 'PreToolUse-write_file'), permission_mode: qwen };
    expect(T(q, 'qwen', 'claude').permission_mode).toBe(claude);
  });

  it('an old Qwen payload without cwd gets the fields Claude always sends', () => {
    const q = load('qwen', 'UserPromptSubmit-0.12.0-experimental-hooks');
    delete q.cwd;
    const out = T(q, 'qwen', 'claude', { QWEN_PROJECT_DIR: '/proj' });
    expect(out.cwd).toBe('/proj');
    for (const k of CLAUDE_ALWAYS) expect(out).toHaveProperty(k);
  });
});

describe('CodeBuddy -> Claude', () => {
  const CB_VS_CLAUDE: Record<string, [string, string[]]> = {
    'PreToolUse-Bash': ['PreToolUse-Bash', ['prompt_id', 'effort']],
    'PreToolUse-Write': ['PreToolUse-Write', ['prompt_id', 'effort']],
    'PreToolUse-Agent': ['PreToolUse-Agent', ['prompt_id', 'effort']],
    'PostToolUse-Bash': ['PostToolUse-Bash', ['prompt_id', 'effort', 'duration_ms']],
    UserPromptSubmit: ['UserPromptSubmit', ['prompt_id']],
    Stop: ['Stop', ['prompt_id', 'effort']],
    SessionStart: ['SessionStart-startup', []],
  };
  const table = files('codebuddy').filter(
    (f) => typeof load('codebuddy', f).tool_name === 'string' || f in CB_VS_CLAUDE,
  );
  it.each(table)('%s', (name) => {
    const p = load('codebuddy', name);
    const out = T(p, 'codebuddy', 'claude', { CODEBUDDY_PROJECT_DIR: '/cb-proj' });
    expect(out.hook_event_name).toBe(p.hook_event_name);
    // Same tool names: CodeBuddy Code uses Claude's.
    if (p.tool_name !== undefined) expect(out.tool_name).toBe(p.tool_name);
    if (p.tool_input !== undefined) expect(out.tool_input).toEqual(p.tool_input);
    expect(out.permission_mode).toBe(
      p.permission_mode === 'bypassPermissions' ? 'bypassPermissions' : p.permission_mode,
    );
    for (const k of CLAUDE_ALWAYS) expect(out, k).toHaveProperty(k);
    const ref = CB_VS_CLAUDE[name];
    if (ref) expect(Object.keys(load('claude', ref[0])).filter((k) => !(k in out))).toEqual(ref[1]);
  });
  it('SessionStart without cwd: cwd is the CodeBuddy project dir', () => {
    expect(load('codebuddy', 'SessionStart').cwd).toBeUndefined();
    expect(T(load('codebuddy', 'SessionStart'), 'codebuddy', 'claude', { CODEBUDDY_PROJECT_DIR: '/cb-proj' }).cwd).toBe(
      '/cb-proj',
    );
  });
  it("Bash tool_response gets Claude's field names (CodeBuddy sends no output text)", () => {
    expect(T(load('codebuddy', 'PostToolUse-Bash'), 'codebuddy', 'claude').tool_response).toEqual({
      stdout: '',
      stderr: '',
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    });
  });
});

describe('Claude -> Qwen', () => {
  it.each([
    ['PreToolUse-Bash', 'run_shell_command'],
    ['PreToolUse-Write', 'write_file'],
    ['PreToolUse-Edit', 'edit'],
    ['PreToolUse-Read', 'read_file'],
    ['PreToolUse-Agent', 'agent'],
    ['PreToolUse-WebFetch', 'web_fetch'],
    ['PreToolUse-ToolSearch', 'tool_search'],
    ['PreToolUse-NotebookEdit', 'notebook_edit'],
    ['PostToolUse-Bash', 'run_shell_command'],
    ['PreToolUse-mcp__srv__echo', 'mcp__srv__echo'],
  ])('%s -> tool_name %s, with the fields Qwen always sends', (name, qwenTool) => {
    const c = load('claude', name);
    const out = T(c, 'claude', 'qwen');
    expect(out.tool_name).toBe(qwenTool);
    expect(out.permission_mode).toBe('yolo');
    for (const k of ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp', 'permission_mode'])
      expect(out, k).toHaveProperty(k);
    expect(out.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(out.effort).toEqual(c.effort);
    // The Qwen capture of the same call has no key the translation lacks (but its own extras: tool_call_id, and
    // Qwen-only fields).
    if (name === 'PreToolUse-Bash')
      expect(Object.keys(load('qwen', 'PreToolUse-run_shell_command')).filter((k) => !(k in out))).toEqual([
        'tool_call_id',
      ]);
  });
  it("Stop: Claude's session_crons is Qwen's crons; CodeBuddy keeps the Claude name", () => {
    const c = load('claude', 'Stop');
    const q = T(c, 'claude', 'qwen');
    expect(q.crons).toEqual(c.session_crons);
    expect(q).not.toHaveProperty('session_crons');
    expect(Object.keys(load('qwen', 'Stop')).filter((k) => !(k in q))).toEqual([
      'context_usage',
      'context_limit',
      'input_tokens',
    ]);
    expect(T(c, 'claude', 'codebuddy').session_crons).toEqual(c.session_crons);
    expect(T(load('qwen', 'Stop'), 'qwen', 'codebuddy')).toMatchObject({ session_crons: [] });
  });
  it('run_in_background -> is_background', () => {
    expect(T(load('claude', 'PreToolUse-Bash-background'), 'claude', 'qwen').tool_input).toEqual({
      command: 'sleep 30',
      description: 'long bg',
      is_background: true,
    });
  });
  it.each([
    ['default', 'default'],
    ['acceptEdits', 'auto-edit'],
    ['plan', 'plan'],
    ['auto', 'auto'],
    ['dontAsk', 'dontAsk'],
  ])('permission_mode %s -> %s (captured Claude payloads)', (claude, qwen) => {
    const c = load('claude', `PreToolUse-Write-permission_mode-${claude}`);
    expect(c.permission_mode).toBe(claude);
    expect(T(c, 'claude', 'qwen').permission_mode).toBe(qwen);
  });
  it('SessionStart without permission_mode gets "default" (Qwen always sends one)', () => {
    const out = T(load('claude', 'SessionStart-startup'), 'claude', 'qwen');
    expect(out.permission_mode).toBe('default');
    expect(Object.keys(load('qwen', 'SessionStart-startup')).filter((k) => !(k in out))).toEqual(['model']);
  });
});

describe('CodeBuddy Code <-> CodeBuddy IDE', () => {
  it.each([
    ['PreToolUse-Bash', 'execute_command', { command: 'echo hello-from-bash', description: 'Print greeting' }],
    ['PreToolUse-Write', 'write_to_file', { filePath: '/PROJECT/a.txt', content: 'line1\nline2\n' }],
    ['PreToolUse-Read', 'read_file', { filePath: '/PROJECT/a.txt' }],
    ['PreToolUse-Edit', 'replace_in_file', { filePath: '/PROJECT/a.txt', old_string: 'line2', new_string: 'LINE2' }],
    ['PreToolUse-Grep', 'search_content', { pattern: 'LINE', path: '/PROJECT', output_mode: 'content' }],
  ])('codebuddy %s -> codebuddy-ide %s', (name, ideTool, ideInput) => {
    const p = load('codebuddy', name);
    const out = T(p, 'codebuddy', 'codebuddy-ide');
    expect(out.tool_name).toBe(ideTool);
    expect(out.tool_input).toEqual(ideInput);
    expect(out.hook_event_name).toBe('PreToolUse');
    expect(out.session_id).toBe(p.session_id);
    // the reverse gives the CodeBuddy payload back
    expect(T(out, 'codebuddy-ide', 'codebuddy')).toEqual(p);
  });
  it('codebuddy-ide execute_command {command, requires_approval} -> Bash, unknown parameter kept', () => {
    const ide = {
      session_id: 's',
      transcript_path: '',
      hook_event_name: 'PreToolUse',
      tool_name: 'execute_command',
      tool_input: { command: 'ls', requires_approval: false },
    };
    const out = T(ide, 'codebuddy-ide', 'codebuddy', { CODEBUDDY_PROJECT_DIR: '/p' });
    expect(out).toEqual({
      session_id: 's',
      transcript_path: '',
      hook_event_name: 'PreToolUse',
      permission_mode: 'default',
      tool_name: 'Bash',
      tool_input: { command: 'ls', requires_approval: false },
    });
  });
});

describe('what the script reads on stdin (through the CLI)', () => {
  it(
    'one line of compact JSON + "\\n", the Claude shape, with ' + '$CLAUDE_PROJECT_DIR and the project dir as cwd',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'hb-run-payload-'));
      const q = { ...load('qwen', 'PreToolUse-run_shell_command'), cwd: dir };
      const script = `cat > stdin.json; printf '%s' "$CLAUDE_PROJECT_DIR" > env.txt; pwd > pwd.txt`;
      // --transcript always: this script cannot read the transcript (auto would pass the host's path,
      // test/run/reads-transcript.test.ts)
      const r = await runCli(
        ['--from', 'claude', '--to', 'qwen', '--transcript', 'always', '-c', script],
        JSON.stringify(q, null, 2),
        { ...cleanEnv(), QWEN_PROJECT_DIR: dir },
      );
      expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
      const raw = readFileSync(join(dir, 'stdin.json'), 'utf8');
      expect(raw.endsWith('}\n')).toBe(true);
      expect(raw.indexOf('\n')).toBe(raw.length - 1);
      // transcript_path: a Claude-format translation of the (here missing) Qwen transcript, an empty file
      const got = JSON.parse(raw);
      expect(raw).toBe(
        JSON.stringify({ ...T(q, 'qwen', 'claude', { QWEN_PROJECT_DIR: dir }), transcript_path: got.transcript_path }) +
          `\n`,
      );
      expect(got.transcript_path).toBe(
        join(process.env.HOOK_BRIDGE_CACHE_DIR!, 'transcripts', 'qwen', got.session_id, `${got.session_id}.jsonl`),
      );
      expect(readFileSync(got.transcript_path, 'utf8')).toBe('');
      expect(JSON.parse(raw)).toMatchObject({
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        permission_mode: 'bypassPermissions',
        tool_input: { command: 'echo hello-from-shell' },
        cwd: dir,
      });
      expect(readFileSync(join(dir, 'env.txt'), 'utf8')).toBe(dir);
      expect(readFileSync(join(dir, 'pwd.txt'), 'utf8').trim()).toBe(dir);
    },
  );

  it('an IDE script under CodeBuddy Code reads execute_command and filePath', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-run-payload-'));
    const p = { ...load('codebuddy', 'PreToolUse-Write'), cwd: dir };
    const r = await runCli(
      ['--from', 'codebuddy-ide', '--to', 'codebuddy', '-c', 'cat > stdin.json'],
      JSON.stringify(p),
      { ...cleanEnv(), CODEBUDDY_PROJECT_DIR: dir },
    );
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    const raw = readFileSync(join(dir, 'stdin.json'), 'utf8');
    expect(raw.indexOf('\n')).toBe(raw.length - 1);
    expect(JSON.parse(raw)).toMatchObject({
      tool_name: 'write_to_file',
      tool_input: { filePath: '/PROJECT/a.txt', content: 'line1\nline2\n' },
    });
  });
});

describe('CodeBuddy IDE host: its 14 documented tools (seed 003) reach a Claude script by Claude name', () => {
  /** Written out: the IDE's name -> the name a Claude script compares tool_name with (its own name where Claude has
   * none).
   */
  const IDE_TO_CLAUDE: [string, string][] = [
    ['read_file', 'Read'],
    ['write_to_file', 'Write'],
    ['replace_in_file', 'Edit'],
    ['delete_files', 'delete_files'],
    ['list_files', 'LS'],
    ['search_file', 'Glob'],
    ['search_content', 'Grep'],
    ['read_lints', 'read_lints'],
    ['execute_command', 'Bash'],
    ['preview_url', 'preview_url'],
    ['task', 'Agent'],
    ['web_search', 'WebSearch'],
    ['web_fetch', 'WebFetch'],
    ['ask_followup_question', 'AskUserQuestion'],
  ];
  it.each(IDE_TO_CLAUDE)('%s -> %s, parameters kept or renamed (filePath -> file_path)', (ide, claude) => {
    const input =
      ide === 'write_to_file' ? { filePath: '/p/a', content: 'x' } : { url: 'https://example.com', prompt: 'p' };
    const out = T(
      { hook_event_name: 'PreToolUse', session_id: 's', cwd: '/p', tool_name: ide, tool_input: input },
      'codebuddy-ide',
      'claude',
    );
    expect(out.tool_name).toBe(claude);
    expect(out.tool_input).toEqual(ide === 'write_to_file' ? { file_path: '/p/a', content: 'x' } : input);
  });
});
