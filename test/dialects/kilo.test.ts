// Kilo Code CLI's dialect pieces: its matchers (Claude Code's rules on its tool names), its tools against what Kilo
// 7.7.7 sent the model (test/fixtures/observed/kilo/), its loader file, and the OpenCode binding it reuses driven with
// the plugin hooks' payloads Kilo gave a plugin, the project's Claude hooks converted to it and really run.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalTool, renameParams, toolEntry, toolsOf } from '../../src/dialects/catalog.js';
import { dialects } from '../../src/dialects/index.js';
import { matcherFires } from '../../src/dialects/matcher.js';
import { translateResponse } from '../../src/results/index.js';
import { start } from '../../src/run/in-process-engine.js';
import { S, scenarioProject } from './scenario-project.js';

const repo = resolve(import.meta.dirname, '../..');
const OBSERVED = join(repo, 'test/fixtures/observed/kilo');
/** The plugin hooks Kilo called in a run whose model made one bash call (payloads/plugin-hooks.bash-run.jsonl). */
const calls = readFileSync(join(OBSERVED, 'payloads/plugin-hooks.bash-run.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { hook?: string; input?: Record<string, unknown>; output?: Record<string, unknown> });
const captured = (hook: string) => structuredClone(calls.find((c) => c.hook === hook)!);

describe("Kilo Code CLI matchers: OpenCode's, Claude Code's rules on the same tool names", () => {
  const names = toolsOf('kilo').map((t) => t.entry.name);
  it.each(['bash', 'Bash', 'write|edit', '^(write|edit)$', 'gr.*', '*'])('%s fires where it fires on OpenCode', (m) =>
    expect(names.filter((n) => matcherFires('kilo', m, n))).toEqual(
      names.filter((n) => matcherFires('opencode', m, n)),
    ),
  );
  it('case-sensitive: bash fires for bash, Bash does not', () =>
    expect([matcherFires('kilo', 'bash', 'bash'), matcherFires('kilo', 'Bash', 'bash')]).toEqual([true, false]));
});

describe('its tools: what Kilo 7.7.7 sent the model (tools-sent-to-model.json)', () => {
  const sent = JSON.parse(readFileSync(join(OBSERVED, 'tools-sent-to-model.json'), 'utf8')) as {
    name: string;
    parameters: { properties: Record<string, unknown>; required?: string[] };
  }[];
  it.each(toolsOf('kilo').map((t) => t.entry.name))('%s: its parameters and the required ones', (name) => {
    const tool = sent.find((t) => t.name === name)!;
    const entry = toolEntry('kilo', canonicalTool('kilo', name)!)!;
    expect(entry.params.map(([native]) => native).sort()).toEqual(Object.keys(tool.parameters.properties).sort());
    expect([...(entry.required ?? [])].sort()).toEqual([...(tool.parameters.required ?? [])].sort());
  });
  it("grep's own parameters are Claude's Grep's where Claude has one", () =>
    expect(
      renameParams(
        { pattern: 'x', include: '*.ts', limit: 5, ignoreCase: true, literal: true },
        toolEntry('kilo', 'search.grep'),
        toolEntry('claude', 'search.grep'),
      ),
    ).toEqual({ pattern: 'x', glob: '*.ts', head_limit: 5, '-i': true, literal: true }));
  it("bash's result (tool.execute.after) is Claude's Bash result", () => {
    const { input, output } = captured('tool.execute.after');
    expect(
      translateResponse(
        { output: output!.output, metadata: output!.metadata },
        'shell',
        'kilo',
        'claude',
        input!.args as Record<string, unknown>,
        '<proj>',
      ),
      // Kilo's text for a command that printed nothing is passed on as it is (as OpenCode's would be).
    ).toMatchObject({ stdout: '(no output)', stderr: '', interrupted: false });
  });
});

describe('its loader: .kilo/plugins/hook-bridge.js runs .kilo/hooks.json', () => {
  const text = dialects.kilo.inProcess!.source('9.9.9');
  it('names its host and hook file, and loads as OpenCode plugins load', () => {
    expect(text).toMatch(/^\/\/ hook-bridge plugin 9\.9\.9 for Kilo Code CLI: runs the hooks of \.kilo\/hooks\.json/);
    expect(text).toContain('const HOST = "kilo";');
    expect(text).toContain("const PROJECT = join(dirname(SELF), '..', '..');");
    expect(text).toContain('export const HookBridge = async (input) => {');
  });
  it("is OpenCode's loader but for the names", () =>
    expect(text.split('\n').slice(5).join('\n')).toBe(
      dialects.opencode
        .inProcess!.source('9.9.9')
        .split('\n')
        .slice(5)
        .join('\n')
        .replace('"opencode"', '"kilo"')
        .replaceAll('.opencode/hooks.json', '.kilo/hooks.json'),
    ));
});

describe("the OpenCode binding on Kilo's payloads runs the converted Claude hooks", () => {
  async function plugin() {
    const dir = await scenarioProject('kilo', {
      PreToolUse: [{ matcher: 'Bash', hooks: [S('block-rm.sh'), S('rewrite.js')] }],
      PostToolUse: [{ matcher: 'Bash', hooks: [S('post-context.sh')] }],
      SessionStart: [{ hooks: [S('session-start.sh')] }],
      Stop: [{ hooks: [S('stop-once.sh')] }],
    });
    const client = {
      session: {
        prompt: async (o: unknown) => {
          prompts.push(o);
        },
        abort: async () => undefined,
        message: async () => ({ data: { parts: [{ type: 'text' }] } }),
      },
    };
    return start('kilo', { directory: dir, client }, { project: dir, say: () => {} }) as Record<
      string,
      (i: object, o: object) => Promise<void>
    >;
  }
  let prompts: unknown[] = [];
  it('tool.execute.before with a destructive command: it throws the reason (the call is blocked)', async () => {
    const hooks = await plugin();
    const { input, output } = captured('tool.execute.before');
    (output!.args as Record<string, unknown>).command = 'rm -rf x';
    await expect(hooks['tool.execute.before']!(input!, output!)).rejects.toThrow(/Blocked by block-rm.sh/);
  });
  it("a rewrite replaces Kilo's output.args; PostToolUse context is appended to its output", async () => {
    const hooks = await plugin();
    const { input, output } = captured('tool.execute.before');
    (output!.args as Record<string, unknown>).command = 'touch original.marker';
    await hooks['tool.execute.before']!(input!, output!);
    expect(output!.args).toMatchObject({ command: 'touch rewritten.marker', description: 'write' });
    const after = captured('tool.execute.after');
    await hooks['tool.execute.after']!(after.input!, after.output!);
    expect(after.output!.output).toMatch(/^\(no output\)\n.*CTX-POST/);
  });
  it('a Stop block is a follow-up prompt with the reason (no noReply: Kilo would not go on for it), sent once', async () => {
    prompts = [];
    const hooks = await plugin();
    const { input, output } = captured('experimental.text.complete');
    await hooks['experimental.text.complete']!(input!, output!);
    expect(prompts).toEqual([
      {
        path: { id: input!.sessionID },
        body: { parts: [{ type: 'text', text: expect.stringContaining('CONTINUE-STOP') }] },
      },
    ]);
    const text = (prompts[0] as { body: { parts: { text: string }[] } }).body.parts[0]!.text;
    await hooks['chat.message']!({ sessionID: input!.sessionID }, { message: {}, parts: [{ type: 'text', text }] });
    await hooks['experimental.text.complete']!({ ...input, messageID: 'm2' }, { text: 'done' });
    expect(prompts).toHaveLength(1);
  });
  it("SessionStart context joins the first prompt's message (chat.message)", async () => {
    const hooks = await plugin();
    const { input, output } = captured('chat.message');
    await hooks['chat.message']!(input!, output!);
    expect((output!.parts as object[]).at(-1)).toMatchObject({
      synthetic: true,
      text: expect.stringContaining('CTX-SS'),
    });
  });
});
