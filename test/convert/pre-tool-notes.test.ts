// convert's step for a PreToolUse hook's note on a host that drops it there (Qwen Code, CodeBuddy Code, Gemini CLI):
// a PostToolUse entry `run --pre-tool-notes` with the hook's matcher, added only for a hook whose script may answer
// additionalContext and only where no PostToolUse entry of the conversion fires for its calls already; --check and
// --remove treat it as convert's; converting back does not bring it back as a hook.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { upToDate } from '../../src/cli/report.js';
import { convert } from '../../src/convert/convert.js';
import { mayGiveContext } from '../../src/convert/gives-context.js';
import { convertProject } from '../../src/convert/project.js';
import { preToolContextFate } from '../../src/convert/pre-tool-notes.js';
import { dialects } from '../../src/dialects/index.js';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { project, settings } from './helpers.js';

const NOTE = `#!/usr/bin/env bash
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"remember the tests"}}'
`;
const GUARD = `#!/usr/bin/env bash
cmd=$(jq -r .tool_input.command); case "$cmd" in *rm*) echo no >&2; exit 2;; esac
`;
const hook = (script: string) => ({ type: 'command', command: `"$CLAUDE_PROJECT_DIR"/.hooks/${script}` });
const setup = (hooks: object) =>
  project({ '.claude/settings.json': settings(hooks), '.hooks/note.sh': NOTE, '.hooks/guard.sh': GUARD });
const run = (dir: string, to: DialectId, o: { check?: boolean; remove?: boolean } = {}) =>
  convertProject({ project: dir, from: 'claude', to: [to], backup: false, ...o });
const FILE: Record<string, string> = {
  qwen: '.qwen/settings.json',
  codebuddy: '.codebuddy/settings.json',
  gemini: '.gemini/settings.json',
};
const entries = (dir: string, to: string) =>
  JSON.parse(readFileSync(join(dir, FILE[to]!), 'utf8')).hooks as Record<
    string,
    { matcher?: string; hooks: { command: string }[] }[]
  >;
const isNotes = (c: string) => c.includes('--pre-tool-notes');

describe('the fate of a PreToolUse note, from the data', () => {
  it('carried on Qwen Code, CodeBuddy Code and Gemini CLI; given by the others; not known on the IDE', () => {
    expect((['qwen', 'codebuddy', 'gemini'] as const).map(preToolContextFate)).toEqual([
      'carried',
      'carried',
      'carried',
    ]);
    expect((['claude', 'codex', 'copilot', 'pi', 'opencode'] as const).map(preToolContextFate)).toEqual(
      Array(5).fill('to-model'),
    );
    expect(preToolContextFate('codebuddy-ide')).toBe('unknown');
  });
});

describe('mayGiveContext: the script says additionalContext', () => {
  const dir = setup({});
  const h = (command: string) =>
    dialects.claude.codec.read(
      settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] }),
      'x.json',
      dialects.claude,
    ).hooks[0]!;
  it('reads the script the command names, through $CLAUDE_PROJECT_DIR', () => {
    expect(mayGiveContext(h('"$CLAUDE_PROJECT_DIR"/.hooks/note.sh'), dir)).toBe(true);
    expect(mayGiveContext(h('"$CLAUDE_PROJECT_DIR"/.hooks/guard.sh'), dir)).toBe(false);
    expect(mayGiveContext(h('bash .hooks/guard.sh'), dir)).toBe(false);
  });
  it('the command itself may; a script that is not there gives nothing; in memory only the command is read', () => {
    expect(mayGiveContext(h(`echo '{"hookSpecificOutput":{"additionalContext":"x"}}'`), dir)).toBe(true);
    expect(mayGiveContext(h(`echo '{"hookSpecificOutput":{"additionalContext":"x"}}'`))).toBe(true);
    expect(mayGiveContext(h('python3 .hooks/missing.py'), dir)).toBe(false);
    expect(mayGiveContext(h('npx some-guard'), dir)).toBe(false);
    expect(mayGiveContext(h('"$CLAUDE_PROJECT_DIR"/.hooks/note.sh'))).toBe(false);
  });
});

describe('convert --to a host that carries the note', () => {
  for (const to of ['qwen', 'codebuddy', 'gemini'] as const) {
    it(`${to}: one PostToolUse entry for the note hook's calls; --check up to date; --remove takes it`, async () => {
      const dir = setup({ PreToolUse: [{ matcher: 'Bash', hooks: [hook('note.sh')] }] });
      const r = await run(dir, to);
      const post = Object.entries(entries(dir, to)).filter(([ev]) => ev !== 'PreToolUse' && ev !== 'BeforeTool');
      expect(post).toHaveLength(1);
      const [event, groups] = post[0]!;
      expect(event).toBe(to === 'gemini' ? 'AfterTool' : 'PostToolUse');
      expect(groups).toHaveLength(1);
      expect(groups[0]!.matcher).toBe(to === 'codebuddy' ? '^Bash$' : '^run_shell_command$');
      expect(groups[0]!.hooks[0]!.command).toMatch(
        new RegExp(`^hook-bridge run --from claude --to ${to} --pre-tool-notes`),
      );
      expect(r.targets[0]!.result.report[0]!.notes.at(-1)).toMatch(
        /is given after the tool result with the (PostToolUse|AfterTool) context of the same call.*run --pre-tool-notes/,
      );
      expect(upToDate((await run(dir, to, { check: true })).targets[0]!)).toBe(true);
      // A second convert changes nothing.
      expect((await run(dir, to)).targets[0]!.changed).toBe(false);
      await run(dir, to, { remove: true });
      expect(existsSync(join(dir, FILE[to]!))).toBe(false);
    });
  }

  it('a file converted by a version that kept no record: the notes entry is adopted, not hand-written', async () => {
    const dir = setup({ PreToolUse: [{ matcher: 'Bash', hooks: [hook('note.sh')] }] });
    await run(dir, 'qwen');
    rmSync(join(dir, '.qwen/settings.hook-bridge.json'));
    const again = await run(dir, 'qwen');
    expect(again.targets[0]!.changes.handWritten).toEqual([]);
    expect(entries(dir, 'qwen').PostToolUse!.flatMap((g) => g.hooks)).toHaveLength(1);
  });

  it('a guard that only denies gets no entry: its calls start no process after the tool', async () => {
    const dir = setup({ PreToolUse: [{ matcher: 'Bash', hooks: [hook('guard.sh')] }] });
    await run(dir, 'qwen');
    expect(Object.keys(entries(dir, 'qwen'))).toEqual(['PreToolUse']);
  });

  it("the source's own PostToolUse hook for the same calls gives the note: no entry added", async () => {
    const dir = setup({
      PreToolUse: [{ matcher: 'Bash', hooks: [hook('note.sh')] }],
      PostToolUse: [{ matcher: 'Bash|Write', hooks: [hook('guard.sh')] }],
    });
    const r = await run(dir, 'qwen');
    const post = entries(dir, 'qwen').PostToolUse!;
    expect(post.flatMap((g) => g.hooks.map((x) => x.command)).filter(isNotes)).toEqual([]);
    expect(r.targets[0]!.result.report[0]!.notes.at(-1)).not.toContain('an entry added');
  });

  it('a PostToolUse hook for fewer calls does not cover it: the entry is added', async () => {
    const dir = setup({
      PreToolUse: [{ matcher: 'Bash|Write', hooks: [hook('note.sh')] }],
      PostToolUse: [{ matcher: 'Write', hooks: [hook('guard.sh')] }],
    });
    await run(dir, 'qwen');
    const post = entries(dir, 'qwen').PostToolUse!;
    expect(post.flatMap((g) => g.hooks.map((x) => x.command)).filter(isNotes)).toHaveLength(1);
  });

  it('two note hooks with the same matcher share one entry; an edit of the source updates it in place', async () => {
    const dir = setup({
      PreToolUse: [{ matcher: 'Bash', hooks: [hook('note.sh'), { ...hook('note.sh'), timeout: 9 }] }],
    });
    await run(dir, 'qwen');
    expect(entries(dir, 'qwen').PostToolUse!.flatMap((g) => g.hooks)).toHaveLength(1);
    writeFileSync(
      join(dir, '.claude/settings.json'),
      settings({ PreToolUse: [{ matcher: 'Bash|Edit', hooks: [hook('note.sh')] }] }),
    );
    await run(dir, 'qwen');
    const post = entries(dir, 'qwen').PostToolUse!;
    expect(post.map((g) => g.matcher)).toEqual(['^(run_shell_command|edit)$']);
    expect(upToDate((await run(dir, 'qwen', { check: true })).targets[0]!)).toBe(true);
  });

  it('converting back, the entry is not a hook: the source comes back as it was', () => {
    const inline = `printf '{"hookSpecificOutput":{"additionalContext":"x"}}'`;
    const text = settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: inline }] }] });
    const out = convert(text, { from: 'claude', to: 'qwen' }).output;
    expect(out).toContain('--pre-tool-notes');
    const back = convert(out, { from: 'qwen', to: 'claude' }).output;
    expect(JSON.parse(back).hooks).toEqual(JSON.parse(text).hooks);
  });

  it('a host that gives the note itself (Codex CLI) gets no entry', async () => {
    const dir = setup({ PreToolUse: [{ matcher: 'Bash', hooks: [hook('note.sh')] }] });
    const r = await run(dir, 'codex');
    expect(r.targets[0]!.after).not.toContain('--pre-tool-notes');
  });
});
