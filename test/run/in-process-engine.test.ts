// The in-process host's engine (src/run/in-process-engine.ts) driven through Pi's binding (src/dialects/pi.ts) as Pi
// drives an
// extension: a project's Claude hooks converted --to pi, its real scripts run, and Pi's extension API played by a
// recorder of what the handlers return and send — the same events and objects Pi 0.73.1 gives (observed/pi/payloads).
// The real Pi runs these in test/e2e/differential.test.ts.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertProject } from '../../src/convert/project.js';
import { sourcedFirst } from '../../src/dialects/session-env.js';
import { engineSession, start } from '../../src/run/in-process-engine.js';

const repo = resolve(import.meta.dirname, '../..');
const scripts = join(repo, 'test/e2e/scenarios/scripts');
const cmd = (c: string, timeout?: number) => ({ type: 'command', command: c, ...(timeout ? { timeout } : {}) });
const S = (f: string) => `"$CLAUDE_PROJECT_DIR"/.hooks/${f}`;

const HOOKS = {
  PreToolUse: [
    { matcher: 'Bash', hooks: [cmd(S('block-rm.sh'), 10), cmd(S('rewrite.js'))] },
    { matcher: 'Write|Edit', hooks: [cmd(`python3 ${S('protect-env.py')}`)] },
  ],
  PostToolUse: [{ matcher: 'Bash', hooks: [cmd(S('post-context.sh'))] }],
  UserPromptSubmit: [{ hooks: [cmd(`python3 ${S('ups-block.py')}`), cmd(S('ups-json.sh'))] }],
  SessionStart: [{ hooks: [cmd(S('session-start.sh'))] }],
  Stop: [{ hooks: [cmd(S('stop-once.sh'))] }],
};

async function converted(hooks: object = HOOKS, to: 'pi' | 'opencode' = 'pi'): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'hb-plugin-'));
  cpSync(scripts, join(dir, '.hooks'), { recursive: true });
  for (const f of ['block-rm.sh', 'protect-env.py'])
    cpSync(join(repo, 'examples/claude-project/.claude/hooks', f), join(dir, '.hooks', f));
  cpSync(join(repo, 'examples/claude-project/.claude/hooks/block-rm.sh'), join(dir, '.hooks/block-rm.sh'));
  writeFileSync(join(dir, '.claude-settings.json'), JSON.stringify({ hooks }));
  await convertProject({ inputs: [join(dir, '.claude-settings.json')], from: 'claude', to: [to], project: dir });
  return dir;
}

type Handler = (event: Record<string, unknown>, ctx: unknown) => unknown;
/** Pi's extension API as far as the binding uses it: the handlers it registers, the messages it sends. */
function fakePi(dir: string, engine: typeof start = start) {
  const handlers = new Map<string, Handler[]>();
  const sent: [string, unknown][] = [];
  const said: string[] = [];
  let aborted = 0;
  let stale = false;
  const live = <T>(v: T) => {
    if (stale) throw new Error('This extension ctx is stale after session replacement or reload.');
    return v;
  };
  // Pi's ctx, whose every read throws once Pi has disposed the session (the end of a -p run).
  const ctx = {
    get cwd() {
      return live(dir);
    },
    get hasUI() {
      return live(false);
    },
    sessionManager: { getSessionId: () => live('sess-1'), getSessionFile: () => live(undefined) },
    abort: () => aborted++,
  };
  const api = {
    on: (e: string, h: Handler) => handlers.set(e, [...(handlers.get(e) ?? []), h]),
    sendUserMessage: (text: string, opts: unknown) => sent.push([text, opts]),
  };
  engine('pi', api, { project: dir, say: (t) => said.push(t) });
  return {
    sent,
    said,
    aborted: () => aborted,
    events: () => [...handlers.keys()],
    dispose: () => {
      stale = true;
    },
    fire: async (e: string, event: Record<string, unknown>) => {
      let r: unknown;
      for (const h of handlers.get(e) ?? []) r = await h({ type: e, ...event }, ctx);
      return r;
    },
  };
}

describe("Pi's extension runs the converted Claude hooks with Claude Code's semantics", () => {
  it('a destructive bash call is blocked with the reason the model sees; the command does not run', async () => {
    const dir = await converted();
    const pi = fakePi(dir);
    const r = await pi.fire('tool_call', {
      toolName: 'bash',
      toolCallId: 'c1',
      input: { command: 'rm -rf victim' },
    });
    expect(r).toEqual({ block: true, reason: expect.stringContaining('Blocked by block-rm.sh') });
  });
  it('a .env write (relative path, as Pi sends it) is blocked by the Python guard', async () => {
    const dir = await converted();
    const r = await fakePi(dir).fire('tool_call', {
      toolName: 'write',
      toolCallId: 'c2',
      input: { path: '.env', content: 'S=1' },
    });
    expect(r).toEqual({ block: true, reason: expect.stringContaining(`${dir}/.env holds secrets`) });
  });
  it("a rewrite replaces the call's arguments in place (Pi runs event.input)", async () => {
    const dir = await converted();
    const input = { command: 'touch original.marker' };
    expect(await fakePi(dir).fire('tool_call', { toolName: 'bash', toolCallId: 'c3', input })).toBeUndefined();
    expect(input).toEqual({ command: 'touch rewritten.marker' });
  });
  it("PostToolUse context is added to the tool's result", async () => {
    const dir = await converted();
    const content = [{ type: 'text', text: 'hi\n' }];
    const r = await fakePi(dir).fire('tool_result', {
      toolName: 'bash',
      toolCallId: 'c4',
      input: { command: 'echo hi' },
      content,
      isError: false,
    });
    expect(r).toEqual({ content: [...content, { type: 'text', text: expect.stringContaining('CTX-POST') }] });
  });
  it('a prompt blocker stops the prompt (handled: no model request); a harmless prompt gets its context', async () => {
    const dir = await converted();
    const pi = fakePi(dir);
    expect(await pi.fire('input', { text: 'my password is hunter2', source: 'interactive' })).toEqual({
      action: 'handled',
    });
    expect(pi.said.join('\n')).toMatch(/Prompt blocked by a hook/);
    expect(await pi.fire('input', { text: 'go', source: 'interactive' })).toBeUndefined();
    expect(await pi.fire('before_agent_start', { prompt: 'go' })).toEqual({
      message: { customType: 'hook-bridge', content: expect.stringContaining('CTX-UPSJ'), display: false },
    });
    // a message an extension sends is not the user's prompt: no hook runs for it
    expect(await pi.fire('input', { text: 'my password is hunter2', source: 'extension' })).toBeUndefined();
  });
  it('SessionStart context reaches the model with the first prompt', async () => {
    const dir = await converted();
    const pi = fakePi(dir);
    await pi.fire('session_start', { reason: 'startup' });
    await pi.fire('input', { text: 'go', source: 'interactive' });
    const r = (await pi.fire('before_agent_start', { prompt: 'go' })) as { message: { content: string } };
    expect(r.message.content).toMatch(/CTX-SS[\s\S]*CTX-UPSJ/);
  });
  it('a Stop block sends its reason as a follow-up once; with stop_hook_active the turn ends', async () => {
    const dir = await converted();
    const pi = fakePi(dir);
    const done = { message: { role: 'assistant', content: [{ type: 'text', text: 'done' }] }, toolResults: [] };
    await pi.fire('turn_end', done);
    expect(pi.sent).toEqual([[expect.stringContaining('CONTINUE-STOP'), { deliverAs: 'followUp' }]]);
    await pi.fire('turn_end', done);
    expect(pi.sent).toHaveLength(1);
    // a turn that called a tool is no Stop
    await pi.fire('turn_end', { message: { role: 'assistant', content: [{ type: 'toolCall' }] }, toolResults: [] });
    expect(pi.sent).toHaveLength(1);
  });
  it("hook-bridge's own failure (an unreadable hook file) blocks a tool call, never a result", async () => {
    const dir = await converted();
    const pi = fakePi(dir);
    writeFileSync(join(dir, '.pi/hooks.json'), '{"hooks": {"PreToolUse": [{"matcher": "bash", "hooks": [');
    const r = await pi.fire('tool_call', { toolName: 'bash', toolCallId: 'c5', input: { command: 'ls' } });
    expect(r).toEqual({ block: true, reason: expect.stringMatching(/^hook-bridge: /) });
    expect(
      await pi.fire('tool_result', { toolName: 'bash', toolCallId: 'c5', input: {}, content: [], isError: false }),
    ).toBeUndefined();
  });
  it("without bin/hook-bridge.cjs (a broken install): a Stop hook's turn goes on once, with the fix", async () => {
    const dir = await converted({ Stop: [{ hooks: [cmd(S('stop-once.sh'))] }] });
    // The engine's bundle alone, as an install that lost bin/ has it.
    const dist = join(mkdtempSync(join(tmpdir(), 'hb-nobin-')), 'pkg', 'dist');
    mkdirSync(dist, { recursive: true });
    cpSync(join(repo, 'dist/in-process-engine.cjs'), join(dist, 'in-process-engine.cjs'));
    const engine = createRequire(import.meta.url)(join(dist, 'in-process-engine.cjs')) as { start: typeof start };
    const pi = fakePi(dir, engine.start);
    const done = { message: { role: 'assistant', content: [{ type: 'text', text: 'done' }] }, toolResults: [] };
    await pi.fire('turn_end', done);
    expect(pi.sent).toEqual([
      [
        expect.stringMatching(/^hook-bridge: .*bin\/hook-bridge\.cjs is missing.*npm install -g hook-bridge/),
        { deliverAs: 'followUp' },
      ],
    ]);
    // The turn that block started ends: a lasting failure never keeps the agent going.
    await pi.fire('turn_end', done);
    expect(pi.sent).toHaveLength(1);
  });
  it("a dispatch process that fails (exit 1) is the engine's own failure: the Stop block is not lost", async () => {
    const dir = await converted({ Stop: [{ hooks: [cmd(S('stop-once.sh'))] }] });
    // NODE_OPTIONS requiring a missing module: the dispatch process dies before it answers.
    const env = { ...process.env, NODE_OPTIONS: `--require ${join(dir, 'no-such-module.cjs')}` };
    const a = engineSession('pi', { project: dir, env }).callSync({
      event: 'Stop',
      fields: { stop_hook_active: false, last_assistant_message: 'done' },
      sessionId: 's',
      cwd: dir,
    });
    expect(a).toEqual({ block: expect.stringMatching(/^hook-bridge: cannot run .*exit 1/), context: [], notes: '' });
  });
  it('an option a person added to an entry of the hook file (run --on-missing deny) is applied', async () => {
    const dir = await converted({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('no-such-program-hb')] }] });
    const call = { toolName: 'bash', toolCallId: 'c8', input: { command: 'ls' } };
    expect(await fakePi(dir).fire('tool_call', call)).toBeUndefined();
    const file = join(dir, '.pi/hooks.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace(' run --from', ' run --on-missing deny --from'));
    expect(await fakePi(dir).fire('tool_call', call)).toEqual({
      block: true,
      reason: expect.stringContaining('no-such-program-hb'),
    });
  });
  it('an edit with several replacements reaches a Claude Edit guard as one Edit each; a deny blocks it', async () => {
    // Logs each payload; denies a new_string with SECRET in it; rewrites "old" to "new" in every new_string.
    const guard =
      'node -e \'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const p=JSON.parse(s);' +
      'require("fs").appendFileSync(process.env.CLAUDE_PROJECT_DIR+"/edits.log",JSON.stringify(p.tool_input)+"\\n");' +
      'const n=p.tool_input.new_string;if(n.includes("SECRET")){console.error("no secrets");process.exit(2)}' +
      'if(n.includes("old"))console.log(JSON.stringify({hookSpecificOutput:{hookEventName:"PreToolUse",' +
      'permissionDecision:"allow",updatedInput:{...p.tool_input,new_string:n.replaceAll("old","new")}}}))})\'';
    const dir = await converted({ PreToolUse: [{ matcher: 'Edit', hooks: [cmd(guard)] }] });
    const pi = fakePi(dir);
    const edits = [
      { oldText: 'a', newText: 'one old' },
      { oldText: 'b', newText: 'two' },
    ];
    const input = { path: 'src/x.ts', edits };
    expect(await pi.fire('tool_call', { toolName: 'edit', toolCallId: 'e1', input })).toBeUndefined();
    const logged = () =>
      readFileSync(join(dir, 'edits.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
    expect(logged()).toEqual([
      { file_path: join(dir, 'src/x.ts'), old_string: 'a', new_string: 'one old' },
      { file_path: join(dir, 'src/x.ts'), old_string: 'b', new_string: 'two' },
    ]);
    // the rewrite of the first replacement, in its place; the second as it was
    expect(input).toEqual({
      path: join(dir, 'src/x.ts'),
      edits: [
        { oldText: 'a', newText: 'one new' },
        { oldText: 'b', newText: 'two' },
      ],
    });
    // one replacement: one Edit, rewritten (a rewrite with Claude's Edit parameters is a whole call to Pi)
    const one = { path: 'src/y.ts', edits: [{ oldText: 'c', newText: 'old' }] };
    expect(await pi.fire('tool_call', { toolName: 'edit', toolCallId: 'e3', input: one })).toBeUndefined();
    expect(one).toEqual({ path: join(dir, 'src/y.ts'), edits: [{ oldText: 'c', newText: 'new' }] });
    const secret = {
      path: 'src/x.ts',
      edits: [
        { oldText: 'a', newText: 'fine' },
        { oldText: 'b', newText: 'SECRET=1' },
      ],
    };
    expect(await pi.fire('tool_call', { toolName: 'edit', toolCallId: 'e2', input: secret })).toEqual({
      block: true,
      reason: 'no secrets',
    });
  });
  it("a compaction: PreCompact, then PostCompact with the summary, even with Pi's ctx stale (-p ending)", async () => {
    const log = 'cat >> "$CLAUDE_PROJECT_DIR/compact.log"; echo >> "$CLAUDE_PROJECT_DIR/compact.log"';
    const dir = await converted({ PreCompact: [{ hooks: [cmd(log)] }], PostCompact: [{ hooks: [cmd(log)] }] });
    const pi = fakePi(dir);
    await pi.fire('session_before_compact', {});
    pi.dispose();
    await pi.fire('session_compact', { compactionEntry: { summary: 'the summary' } });
    await pi.fire('session_before_compact', { customInstructions: 'keep the plan' });
    const logged = readFileSync(join(dir, 'compact.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(logged).toEqual([
      expect.objectContaining({ hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: '', cwd: dir }),
      expect.objectContaining({
        hook_event_name: 'PostCompact',
        trigger: 'auto',
        compact_summary: 'the summary',
        session_id: 'sess-1',
        cwd: dir,
      }),
      expect.objectContaining({
        hook_event_name: 'PreCompact',
        trigger: 'manual',
        custom_instructions: 'keep the plan',
      }),
    ]);
  });
  it('an event with no hooks runs nothing', async () => {
    const dir = await converted({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('touch "$CLAUDE_PROJECT_DIR/ran"')] }] });
    const pi = fakePi(dir);
    await pi.fire('tool_call', { toolName: 'read', toolCallId: 'c6', input: { path: 'a' } });
    await pi.fire('input', { text: 'go', source: 'interactive' });
    expect(existsSync(join(dir, 'ran'))).toBe(false);
    await pi.fire('tool_call', { toolName: 'bash', toolCallId: 'c7', input: { command: 'ls' } });
    expect(existsSync(join(dir, 'ran'))).toBe(true);
  });
});

describe('the engine hands the binding the answer the host acts on (its output facts applied), not its text', () => {
  const ask = cmd(
    `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask",` +
      `"permissionDecisionReason":"sure?"},"systemMessage":"M"}'`,
  );
  const call = (dir: string) => ({
    event: 'PreToolUse',
    fields: { tool_name: 'bash', tool_input: { command: 'ls' } },
    sessionId: 's',
    cwd: dir,
  });
  it.each([
    ['pi', 'Pi (permissionDecision ask, askInteractive prompt): relayed for the binding to ask', { ask: 'sure?' }],
    ['opencode', 'OpenCode (no ask in its permissionDecision): a deny with the reason', { block: 'sure?' }],
  ] as const)('an ask on %s: %s', async (host, _, decided) => {
    const dir = await converted({ PreToolUse: [{ matcher: 'Bash', hooks: [ask] }] }, host);
    expect(await engineSession(host, { project: dir }).call(call(dir))).toEqual({
      ...decided,
      message: 'M',
      context: [],
      notes: '',
    });
  });
  it("hooks' contexts are one text; a Stop answered by a dispatch process is read by the answer reader", async () => {
    const ctx = (t: string) =>
      cmd(`printf '%s' '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"${t}"}}'`);
    const dir = await converted({
      PostToolUse: [{ matcher: 'Bash', hooks: [ctx('A'), ctx('B')] }],
      Stop: [{ hooks: [cmd(S('stop-once.sh'))] }],
    });
    const s = engineSession('pi', { project: dir });
    const post = await s.call({
      ...call(dir),
      event: 'PostToolUse',
      fields: { ...call(dir).fields, tool_response: {} },
    });
    expect(post.context).toHaveLength(1);
    expect(post.context[0]!.split('\n').sort()).toEqual(['A', 'B']);
    const stop = s.callSync({ ...call(dir), event: 'Stop', fields: { stop_hook_active: false } });
    expect(stop).toEqual({ block: 'CONTINUE-STOP: also summarise', context: [], notes: '' });
  });
});

describe("a Claude plugin's hooks on an in-process host get the variables Claude Code gives them", () => {
  /** A plugin at `root` of a project (hooks/hooks.json and its manifest), its hooks saying what they were given. */
  async function pluginProject(root: string, input?: string) {
    const dir = mkdtempSync(join(tmpdir(), 'hb-plugin-root-'));
    const plugin = join(dir, root);
    mkdirSync(join(plugin, 'hooks'), { recursive: true });
    mkdirSync(join(plugin, '.claude-plugin'));
    writeFileSync(join(plugin, '.claude-plugin/plugin.json'), '{"name": "p"}');
    writeFileSync(
      join(plugin, 'hooks/said.sh'),
      '#!/bin/sh\n' +
        'echo "root=$CLAUDE_PLUGIN_ROOT project=$CLAUDE_PROJECT_DIR env=${CLAUDE_ENV_FILE:-unset}" >&2\nexit 2\n',
      { mode: 0o755 },
    );
    writeFileSync(
      join(plugin, 'hooks/start.sh'),
      '#!/bin/sh\necho "root=$CLAUDE_PLUGIN_ROOT env=${CLAUDE_ENV_FILE:-unset}"\n',
      { mode: 0o755 },
    );
    const hooks = {
      PreToolUse: [{ matcher: 'Bash', hooks: [cmd('${CLAUDE_PLUGIN_ROOT}/hooks/said.sh')] }],
      SessionStart: [{ hooks: [cmd('"${CLAUDE_PLUGIN_ROOT}"/hooks/start.sh')] }],
    };
    writeFileSync(join(plugin, 'hooks/hooks.json'), JSON.stringify({ hooks }));
    await convertProject({
      ...(input ? { inputs: [join(dir, input)] } : {}),
      from: 'claude',
      to: ['pi'],
      project: dir,
    });
    return { dir, plugin };
  }
  for (const [where, root, input] of [
    ['at the project root (found by convert)', '.', undefined],
    ['in a folder of the project (named to convert)', 'vendor/p', 'vendor/p/hooks/hooks.json'],
  ] as const)
    it(`a plugin ${where}: CLAUDE_PLUGIN_ROOT, CLAUDE_PROJECT_DIR, and CLAUDE_ENV_FILE on SessionStart`, async () => {
      const { dir, plugin } = await pluginProject(root, input);
      expect(readFileSync(join(dir, '.pi/hooks.json'), 'utf8')).toContain(`--plugin-root '${root}'`);
      const pi = fakePi(dir);
      const r = await pi.fire('tool_call', { toolName: 'bash', toolCallId: 'c1', input: { command: 'ls' } });
      expect(r).toEqual({ block: true, reason: `root=${plugin} project=${dir} env=unset` });
      await pi.fire('session_start', { reason: 'startup' });
      await pi.fire('input', { text: 'go', source: 'interactive' });
      const m = (await pi.fire('before_agent_start', { prompt: 'go' })) as { message: { content: string } };
      expect(m.message.content).toMatch(new RegExp(`^root=${plugin} env=/\\S+/env\\.sh$`));
    });
});

describe('a loader written by another hook-bridge: the engine says how to write it again', () => {
  const said = (o: Partial<Parameters<typeof start>[2]>) => {
    const out: string[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'hb-engine-old-'));
    start('pi', { on: () => {} }, { project: dir, loader: '0.0.1', say: (t) => out.push(t), ...o });
    return out.join('\n');
  };
  it("a project's: its loader file, and convert --to", () =>
    expect(said({})).toMatch(
      /^hook-bridge: \.pi\/extensions\/hook-bridge\.ts was written by hook-bridge 0\.0\.1, and .* is installed: run `hook-bridge convert --to pi` to bring it up to date$/,
    ));
  it("a user-level one or a package's: its folder, and the command that wrote it", () => {
    const user = said({ root: '/h/.pi/agent/extensions/hook-bridge', update: 'hook-bridge convert --user --to pi' });
    expect(user).toContain('the loader in /h/.pi/agent/extensions/hook-bridge was written by hook-bridge 0.0.1');
    expect(user).toContain('run `hook-bridge convert --user --to pi` to bring it up to date');
    const pkg = said({ root: '/pkg', update: 'hook-bridge convert <plugin> --to pi --package <root>' });
    expect(pkg).toContain('run `hook-bridge convert <plugin> --to pi --package /pkg` to bring it up to date');
  });
});

describe('where the engine is: what a loader asks a hook-bridge reached through a shim', () => {
  it.each(['in-process-engine', 'plugin-engine'])('`hook-bridge %s` prints the bundle beside bin/', (cmd) => {
    const r = spawnSync(process.execPath, [join(repo, 'bin/hook-bridge.cjs'), cmd], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${join(repo, 'dist/in-process-engine.cjs')}\n`);
    expect(existsSync(r.stdout.trim())).toBe(true);
  });
});

describe('the loader file without hook-bridge installed', () => {
  /** The extension Pi loads, run as an ES module under Node with a fake Pi and a PATH that has no hook-bridge. */
  function loadPlugin(dir: string): { handlers: string[]; toolCall?: unknown; stderr: string } {
    const plugin = join(dir, '.pi/extensions/hook-bridge.ts');
    const mjs = join(dir, '.pi/extensions/hook-bridge.mjs');
    writeFileSync(mjs, readFileSync(plugin, 'utf8'));
    const driver = `
      const m = await import(${JSON.stringify(mjs)});
      const h = {};
      m.default({ on: (e, f) => { h[e] = f; } });
      const toolCall = h.tool_call ? await h.tool_call({ toolName: 'bash', input: { command: 'ls' } }, {}) : undefined;
      process.stdout.write(JSON.stringify({ handlers: Object.keys(h), toolCall }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', driver], {
      encoding: 'utf8',
      env: { PATH: '/nonexistent', HOME: dir },
    });
    return { ...JSON.parse(r.stdout), stderr: r.stderr };
  }
  it('blocks the calls the hooks guard, with how to fix it; prompts without hooks go on', async () => {
    const dir = await converted({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd(S('block-rm.sh'))] }] });
    const r = loadPlugin(dir);
    expect(r.handlers).toEqual(['tool_call']);
    expect(r.toolCall).toEqual({
      block: true,
      reason: expect.stringContaining('hook-bridge is not installed (no hook-bridge on PATH)'),
    });
    expect(r.stderr).toMatch(/npm install -g hook-bridge/);
  });
  it('never blocks anything when the hook file has no blocking event', async () => {
    const dir = await converted({ PostToolUse: [{ matcher: 'Bash', hooks: [cmd(S('post-context.sh'))] }] });
    expect(loadPlugin(dir).handlers).toEqual([]);
  });
});

describe('a SessionStart export on Pi (issue 35): the engine runs the session’s later shell calls after it', () => {
  it('with no PreToolUse hook at all; other tools and a session with no export are left alone', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'hb-plugin-env-'));
    const saved = process.env.HOOK_BRIDGE_CACHE_DIR;
    process.env.HOOK_BRIDGE_CACHE_DIR = cache;
    try {
      const dir = await converted({ SessionStart: [{ hooks: [cmd(S('flavor.sh'))] }] });
      writeFileSync(join(dir, '.hooks/flavor.sh'), '#!/bin/sh\necho "export E2E_FLAVOR=mint" >> "$CLAUDE_ENV_FILE"\n', {
        mode: 0o755,
      });
      expect(readFileSync(join(dir, '.pi/hooks.json'), 'utf8')).not.toContain('--session-env');
      const pi = fakePi(dir);
      const before = { command: 'echo "$E2E_FLAVOR"' };
      await pi.fire('tool_call', { toolName: 'bash', toolCallId: 'c0', input: before });
      expect(before).toEqual({ command: 'echo "$E2E_FLAVOR"' });
      await pi.fire('session_start', { reason: 'startup' });
      const file = join(cache, 'session-env', 'pi-sess-1.sh');
      expect(readFileSync(file, 'utf8')).toBe('export E2E_FLAVOR=mint\n');
      const input = { command: 'echo "$E2E_FLAVOR"' };
      expect(await pi.fire('tool_call', { toolName: 'bash', toolCallId: 'c1', input })).toBeUndefined();
      expect(input).toEqual({ command: sourcedFirst(file, 'echo "$E2E_FLAVOR"') });
      expect(spawnSync('bash', ['-c', input.command], { encoding: 'utf8' }).stdout).toBe('mint\n');
      const write = { path: 'a.txt', content: 'x' };
      await pi.fire('tool_call', { toolName: 'write', toolCallId: 'c2', input: write });
      expect(write).toEqual({ path: 'a.txt', content: 'x' });
    } finally {
      if (saved === undefined) delete process.env.HOOK_BRIDGE_CACHE_DIR;
      else process.env.HOOK_BRIDGE_CACHE_DIR = saved;
    }
  });
});
