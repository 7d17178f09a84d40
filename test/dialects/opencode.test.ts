// OpenCode's dialect pieces: its matchers (Claude Code's rules on its tool names), its tool results against the
// captures of OpenCode 1.18.33 (test/fixtures/observed/opencode/), and its binding (the hooks its plugin returns)
// driven as
// OpenCode drives a plugin (mutating `output`, a throw blocks), the project's Claude hooks converted and really run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalTool, renameParams, toolEntry } from '../../src/dialects/catalog.js';
import { matcherFires } from '../../src/dialects/matcher.js';
import { convertProject } from '../../src/convert/project.js';
import { translateResponse } from '../../src/results/index.js';
import { start } from '../../src/run/in-process-engine.js';
import { readJsonLog } from '../e2e/harness/util.js';
import { S, scenarioProject } from './scenario-project.js';

const repo = resolve(import.meta.dirname, '../..');
const OBSERVED = join(repo, 'test/fixtures/observed/opencode/payloads');
const captured = (f: string) =>
  JSON.parse(readFileSync(join(OBSERVED, f), 'utf8')) as {
    input: Record<string, unknown>;
    output: Record<string, unknown>;
  };

describe('OpenCode matchers: Claude Code rules on its tool names', () => {
  for (const [m, tool, fired] of [
    ['bash', 'bash', true],
    ['Bash', 'bash', false],
    ['write|edit', 'edit', true],
    ['^(write|edit)$', 'read', false],
  ] as const)
    it(`${m} ${fired ? 'fires' : 'does not fire'} for ${tool}`, () =>
      expect(matcherFires('opencode', m, tool)).toBe(fired));
});

describe("OpenCode's tools and results as a Claude script sees them", () => {
  it("edit's filePath, oldString, newString are Claude's Edit parameters", () => {
    const c = canonicalTool('opencode', 'edit')!;
    const { input } = captured('tool.execute.after.edit.json');
    expect(
      renameParams(input.args as Record<string, unknown>, toolEntry('opencode', c), toolEntry('claude', c)),
    ).toEqual({ file_path: '<proj>/gt-new.txt', old_string: 'beta', new_string: 'gamma' });
  });
  const result = (f: string) => {
    const { input, output } = captured(f);
    return translateResponse(
      { output: output.output, metadata: output.metadata },
      canonicalTool('opencode', input.tool as string),
      'opencode',
      'claude',
      input.args as Record<string, unknown>,
      '<proj>',
    );
  };
  it("bash: the merged output is Claude's stdout", () =>
    expect(result('tool.execute.after.bash.json')).toMatchObject({ stdout: 'hello', stderr: '' }));
  it("write: Claude's create object", () =>
    expect(result('tool.execute.after.write.json')).toMatchObject({
      type: 'create',
      filePath: '<proj>/gt-new.txt',
      content: 'alpha\nbeta\n',
    }));
  it("read: the file's text without OpenCode's line numbers", () =>
    expect(result('tool.execute.after.read.json')).toMatchObject({
      type: 'text',
      file: { content: expect.stringMatching(/^line one\nline two/) },
    }));
});

describe("OpenCode's plugin runs the converted Claude hooks", () => {
  async function plugin() {
    const dir = await scenarioProject('opencode', {
      PreToolUse: [{ matcher: 'Bash', hooks: [S('block-rm.sh'), S('rewrite.js')] }],
      PostToolUse: [{ matcher: 'Bash', hooks: [S('post-context.sh')] }],
      UserPromptSubmit: [{ hooks: [{ ...S('ups-block.py'), command: `python3 ${S('ups-block.py').command}` }] }],
      SessionStart: [{ hooks: [S('session-start.sh')] }],
      Stop: [{ hooks: [S('stop-once.sh')] }],
    });
    const prompts: unknown[] = [];
    const said: string[] = [];
    const client = {
      session: {
        prompt: async (o: unknown) => prompts.push(o),
        abort: async () => undefined,
        message: async () => ({ data: { parts: [{ type: 'text' }] } }),
      },
    };
    const hooks = start('opencode', { directory: dir, client }, { project: dir, say: (t) => said.push(t) }) as Record<
      string,
      (i: object, o: object) => Promise<void>
    >;
    return { dir, hooks, prompts, said };
  }
  it('a destructive bash call: tool.execute.before throws the reason (OpenCode blocks it)', async () => {
    const { hooks } = await plugin();
    await expect(
      hooks['tool.execute.before']!({ tool: 'bash', sessionID: 's', callID: 'c' }, { args: { command: 'rm -rf x' } }),
    ).rejects.toThrow(/Blocked by block-rm.sh/);
  });
  it('a rewrite replaces output.args; PostToolUse context is appended to the output', async () => {
    const { hooks } = await plugin();
    const out = { args: { command: 'touch original.marker', description: 'd' } };
    await hooks['tool.execute.before']!({ tool: 'bash', sessionID: 's', callID: 'c' }, out);
    expect(out.args.command).toBe('touch rewritten.marker');
    const after = { output: 'hi\n', metadata: { exit: 0 } };
    await hooks['tool.execute.after']!({ tool: 'bash', sessionID: 's', callID: 'c', args: out.args }, after);
    expect(after.output).toMatch(/^hi\n\n.*CTX-POST/);
  });
  it("SessionStart context joins the first prompt's message; a blocked prompt throws", async () => {
    const { hooks } = await plugin();
    const out = { message: { id: 'm1' }, parts: [{ type: 'text', text: 'go', id: 'prt_1' }] };
    await hooks['chat.message']!({ sessionID: 's' }, out);
    expect(out.parts[1]).toMatchObject({ type: 'text', synthetic: true, text: expect.stringContaining('CTX-SS') });
    await expect(
      hooks['chat.message']!({ sessionID: 's' }, { message: {}, parts: [{ type: 'text', text: 'my password is x' }] }),
    ).rejects.toThrow(/Prompt blocked by a hook/);
  });
  it('a Stop block prompts once more with the reason (noReply), not again with stop_hook_active', async () => {
    const { hooks, prompts } = await plugin();
    await hooks['experimental.text.complete']!({ sessionID: 's', messageID: 'm' }, { text: 'done' });
    expect(prompts).toEqual([
      {
        path: { id: 's' },
        body: { noReply: true, parts: [{ type: 'text', text: expect.stringContaining('CONTINUE-STOP') }] },
      },
    ]);
    // the reason comes back through chat.message: no prompt of the user's, no hook runs for it
    const text = (prompts[0] as { body: { parts: { text: string }[] } }).body.parts[0]!.text;
    await hooks['chat.message']!({ sessionID: 's' }, { message: {}, parts: [{ type: 'text', text }] });
    await hooks['experimental.text.complete']!({ sessionID: 's', messageID: 'm2' }, { text: 'done' });
    expect(prompts).toHaveLength(1);
  });
});

describe("OpenCode's plugin: a failed call, compaction and the session's end", () => {
  const log = (event: string) => ({
    type: 'command',
    command: `{ cat; echo; } >> "$CLAUDE_PROJECT_DIR/${event}.log"`,
  });
  const ctx = (event: string) => ({
    type: 'command',
    command:
      'cat > /dev/null; echo ' + `'{"hookSpecificOutput":{"hookEventName":"${event}","additionalContext":"CTX-FAIL"}}'`,
  });
  async function plugin(message: (id: string) => unknown = () => ({ data: { parts: [{ type: 'text' }] } })) {
    const dir = mkdtempSync(join(tmpdir(), 'hb-oc-ev-'));
    const hooks = {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'cat >/dev/null; echo no >&2; exit 2' }] }],
      PostToolUseFailure: [{ hooks: [log('PostToolUseFailure'), ctx('PostToolUseFailure')] }],
      PreCompact: [{ hooks: [log('PreCompact')] }],
      PostCompact: [{ hooks: [log('PostCompact')] }],
      SessionEnd: [{ hooks: [log('SessionEnd')] }],
      Stop: [{ hooks: [log('Stop')] }],
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'cat >/dev/null' }] }],
    };
    writeFileSync(join(dir, 'claude.json'), JSON.stringify({ hooks }));
    await convertProject({ inputs: [join(dir, 'claude.json')], from: 'claude', to: ['opencode'], project: dir });
    const client = {
      session: {
        prompt: async () => undefined,
        abort: async () => undefined,
        message: async (o: { path: { messageID: string } }) => message(o.path.messageID),
      },
    };
    const h = start('opencode', { directory: dir, client }, { project: dir, say: () => {} }) as Record<
      string,
      (i?: object, o?: object) => Promise<void>
    >;
    const payloads = (event: string) => readJsonLog(join(dir, `${event}.log`));
    return { dir, h, payloads };
  }
  const toolPart = (callID: string, state: object) => ({ type: 'tool', tool: 'read', callID, state });

  it('a bash command that exits non-zero: PostToolUseFailure, with Claude Code\'s "Exit code" error', async () => {
    const { h, payloads } = await plugin();
    const out = { output: 'partial\n', metadata: { exit: 3 } };
    await h['tool.execute.after']!({ tool: 'bash', sessionID: 's', callID: 'c1', args: { command: 'x' } }, out);
    expect(payloads('PostToolUseFailure')).toEqual([
      expect.objectContaining({ tool_name: 'Bash', error: 'Exit code 3\npartial', tool_input: { command: 'x' } }),
    ]);
    expect(out.output).toBe('partial\n\nCTX-FAIL');
  });
  it('a tool that failed: PostToolUseFailure once, its context joined to the error the model is sent', async () => {
    const { dir, h, payloads } = await plugin();
    const state = { status: 'error', input: { filePath: `${dir}/missing.txt` }, error: 'File not found' };
    await h['tool.execute.before']!({ tool: 'read', sessionID: 's', callID: 'c2' }, { args: { ...state.input } });
    // c0 failed in a session resumed from an earlier run: no call of this process, no PostToolUseFailure now
    const old = { status: 'error', input: { filePath: `${dir}/old.txt` }, error: 'File not found' };
    const messages = [{ info: { sessionID: 's' }, parts: [toolPart('c0', old), toolPart('c2', state)] }];
    await h['experimental.chat.messages.transform']!({}, { messages });
    await h['experimental.chat.messages.transform']!({}, { messages });
    expect(payloads('PostToolUseFailure')).toEqual([
      expect.objectContaining({
        hook_event_name: 'PostToolUseFailure',
        tool_name: 'Read',
        tool_input: { file_path: `${dir}/missing.txt` },
        tool_use_id: 'c2',
        error: 'File not found',
      }),
    ]);
    expect(state.error).toBe('File not found\nCTX-FAIL');
  });
  it('a call a hook blocked is no failure of the tool', async () => {
    const { h, payloads } = await plugin();
    await expect(
      h['tool.execute.before']!({ tool: 'bash', sessionID: 's', callID: 'c3' }, { args: { command: 'ls' } }),
    ).rejects.toThrow('no');
    const messages = [{ info: { sessionID: 's' }, parts: [toolPart('c3', { status: 'error', error: 'no' })] }];
    await h['experimental.chat.messages.transform']!({}, { messages });
    expect(payloads('PostToolUseFailure')).toEqual([]);
  });
  it(
    'compaction: PreCompact (trigger from the compaction part), PostCompact with the summary, no Stop for it; ' +
      'SessionEnd at dispose, after PostCompact',
    async () => {
      const { h, payloads } = await plugin((id) =>
        id === 'sum' ? { data: { info: { summary: true }, parts: [{ type: 'text' }] } } : { data: { parts: [] } },
      );
      await h['chat.message']!({ sessionID: 's' }, { message: {}, parts: [{ type: 'text', text: 'go' }] });
      const part = { type: 'compaction', auto: true, sessionID: 's' };
      await h.event!({ event: { type: 'message.part.updated', properties: { sessionID: 's', part } } });
      await h['experimental.session.compacting']!({ sessionID: 's' }, { context: [] });
      await h['experimental.text.complete']!({ sessionID: 's', messageID: 'sum' }, { text: 'the summary' });
      await h.event!({ event: { type: 'session.compacted', properties: { sessionID: 's' } } });
      await h.dispose!();
      expect(payloads('PreCompact')).toEqual([
        expect.objectContaining({ hook_event_name: 'PreCompact', trigger: 'auto' }),
      ]);
      expect(payloads('PostCompact')).toEqual([
        expect.objectContaining({ hook_event_name: 'PostCompact', trigger: 'auto', compact_summary: 'the summary' }),
      ]);
      expect(payloads('Stop')).toEqual([]);
      expect(payloads('SessionEnd')).toEqual([
        expect.objectContaining({ hook_event_name: 'SessionEnd', reason: 'other', session_id: 's' }),
      ]);
    },
  );
});
