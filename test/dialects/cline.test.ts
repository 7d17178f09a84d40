// Cline's dialect pieces: its matchers (Claude Code's rules on its tool names), its binding (Cline's payload → a hook
// call, an answer → what its event file prints) on the payloads Cline 3.0.65 gave its hooks
// (test/fixtures/observed/cline/), and `hook-bridge event-file` running a converted Claude project's hooks for real.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertProject } from '../../src/convert/project.js';
import { dialects } from '../../src/dialects/index.js';
import { matcherFires } from '../../src/dialects/matcher.js';
import { eventFileArgs, eventFileRun } from '../../src/run/event-file.js';
import { project, settings } from '../convert/helpers.js';

const repo = resolve(import.meta.dirname, '../..');
const OBSERVED = join(repo, 'test/fixtures/observed/cline/payloads');
const captured = (f: string, dir: string) =>
  JSON.parse(readFileSync(join(OBSERVED, f), 'utf8').replaceAll('<project>', dir)) as Record<string, unknown>;
const b = dialects.cline.eventFiles!;

describe('Cline matchers: Claude Code rules on its tool names', () => {
  for (const [m, tool, fired] of [
    ['run_commands', 'run_commands', true],
    ['Bash', 'run_commands', false],
    ['editor|read_files', 'editor', true],
    ['^read_files$', 'editor', false],
  ] as const)
    it(`${m} on ${tool}: ${fired}`, () => expect(matcherFires('cline', m, tool)).toBe(fired));
});

describe("Cline's binding", () => {
  it('PreToolUse: the call from tool_call (the real input, not the documented string parameters)', () => {
    const c = b.call('PreToolUse', captured('PreToolUse-run_commands.json', '/p'))!;
    expect(c).toMatchObject({
      event: 'PreToolUse',
      sessionId: 'conv_1796670474540_n43dmvb',
      cwd: '/p',
      fields: {
        tool_name: 'run_commands',
        tool_input: { commands: ['echo hi > out.txt'] },
        tool_use_id: 'call_scm24n_1',
      },
    });
  });
  it('PreToolUse from the documented payload only (preToolUse {toolName, parameters})', () => {
    const c = b.call('PreToolUse', { preToolUse: { toolName: 'editor', parameters: { path: '/a' } } })!;
    expect(c.fields).toMatchObject({ tool_name: 'editor', tool_input: { path: '/a' } });
  });
  it('PostToolUse: a success is PostToolUse, a failure PostToolUseFailure with the error', () => {
    const call = { id: 'c', name: 'editor', input: { path: '/a' } };
    expect(
      b.call('PostToolUse', { tool_result: { ...call, output: 'ok' }, postToolUse: { success: true } }),
    ).toMatchObject({ event: 'PostToolUse', fields: { tool_response: 'ok' } });
    expect(
      b.call('PostToolUse', { tool_result: { ...call, error: 'no such file' }, postToolUse: { success: false } }),
    ).toMatchObject({ event: 'PostToolUseFailure', fields: { error: 'no such file' } });
  });
  it('the detached files: their events, and no answer printed', () => {
    expect(b.call('TaskStart', {})?.event).toBe('SessionStart');
    expect(b.call('TaskComplete', {})?.event).toBe('Stop');
    expect(b.call('SessionShutdown', {})?.event).toBe('SessionEnd');
    expect(b.call('UserPromptSubmit', { userPromptSubmit: { prompt: 'hi' } })?.fields).toEqual({ prompt: 'hi' });
    expect(b.call('TaskCancel', {})).toBeUndefined();
    expect(b.reply('TaskStart', { block: 'no', context: ['x'], notes: '' })).toBe('');
  });
  it('answers: a block cancels (the run ends), a rewrite is overrideInput, context is contextModification', () => {
    expect(JSON.parse(b.reply('PreToolUse', { block: 'no rm', context: [], notes: '' }))).toEqual({
      cancel: true,
      errorMessage: 'no rm',
    });
    expect(JSON.parse(b.reply('PreToolUse', { input: { commands: ['ls'] }, context: ['c'], notes: '' }))).toEqual({
      overrideInput: { commands: ['ls'] },
      contextModification: 'c',
    });
    // After the call a block is feedback for the model, as Claude Code's PostToolUse decision: block is.
    expect(JSON.parse(b.reply('PostToolUse', { block: 'lint failed', context: ['more'], notes: '' }))).toEqual({
      contextModification: 'lint failed\nmore',
    });
    expect(JSON.parse(b.reply('PostToolUse', { stop: 'enough', context: [], notes: '' }))).toEqual({
      cancel: true,
      errorMessage: 'enough',
    });
    expect(b.reply('PreToolUse', { context: [], notes: '' })).toBe('');
  });
});

describe('hook-bridge event-file: a converted Claude project run as Cline runs its event files', () => {
  const GUARD = `jq -r .tool_input.command | grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0`;
  const dir = project({
    '.claude/settings.json': settings({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] }],
      PostToolUse: [
        {
          matcher: 'Write|Edit',
          hooks: [
            {
              type: 'command',
              command: `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"lint ok"}}'`,
            },
          ],
        },
      ],
    }),
  });
  const run = async (file: string, payload: unknown) => {
    await convertProject({ project: dir, to: ['cline'], from: 'claude' });
    return eventFileRun({ to: 'cline', file, project: dir }, JSON.stringify(payload), process.env);
  };
  const pre = (commands: string[]) => ({
    ...captured('PreToolUse-run_commands.json', dir),
    tool_call: { id: 'c1', name: 'run_commands', input: { commands } },
  });
  it('a Claude Bash guard sees each command of run_commands, and its deny cancels', async () => {
    expect((await run('PreToolUse', pre(['ls', 'rm -rf /']))).stdout).toBe(
      JSON.stringify({ cancel: true, errorMessage: 'no rm -rf' }),
    );
    expect((await run('PreToolUse', pre(['ls']))).stdout).toBe('');
  });
  it("a Claude PostToolUse hook on Write|Edit gives context for Cline's editor", async () => {
    const r = await run('PostToolUse', {
      taskId: 't',
      workspaceRoots: [dir],
      tool_result: { id: 'c2', name: 'editor', input: { path: join(dir, 'a.txt'), new_text: 'x' }, output: 'ok' },
      postToolUse: { success: true },
    });
    expect(JSON.parse(r.stdout)).toEqual({ contextModification: 'lint ok' });
  });
  it('an event with no hooks runs nothing; a payload that is not JSON blocks with the reason', async () => {
    expect(await run('TaskStart', { taskId: 't', workspaceRoots: [dir] })).toEqual({ stdout: '', stderr: '' });
    expect(
      JSON.parse((await eventFileRun({ to: 'cline', file: 'PreToolUse', project: dir }, 'x', {})).stdout),
    ).toMatchObject({ cancel: true, errorMessage: expect.stringMatching(/not a JSON object/) });
  });
  it('bad arguments: one line that says what is expected', async () => {
    expect(() => eventFileArgs(['--to', 'cline'])).toThrow(/--file <event file> and --project <folder> are required/);
    expect(() => eventFileArgs(['--what', 'x'])).toThrow(/unexpected argument "--what"/);
    await expect(eventFileRun({ to: 'pi', file: 'PreToolUse', project: dir }, '{}', {})).rejects.toThrow(
      /Pi has no event files/,
    );
  });
});
