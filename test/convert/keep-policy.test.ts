// Options a person adds to an entry convert wrote — `run --on-missing deny …`, `dispatch --on-error allow …` (the
// documented way to choose them) — survive the next convert: the entry is still recognised as convert's, is not
// written a second time beside the edited one (its hook would run twice), and keeps the options.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertProject } from '../../src/convert/project.js';
import { parseGroup, parseWrapper, policyOf, withoutPolicy, withPolicy } from '../../src/dialects/wrapper.js';
import { project } from './helpers.js';
import { cli } from './host.js';

const claude = {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash',
        hooks: [
          { type: 'command', command: './a.sh' },
          { type: 'command', command: './b.sh' },
        ],
      },
      { matcher: 'Write', hooks: [{ type: 'command', command: './w.sh', timeout: 10 }] },
    ],
  },
};
const setup = () => project({ '.claude/settings.json': claude });
const file = (dir: string) => join(dir, '.qwen/settings.json');
const commands = (dir: string): string[] =>
  (
    JSON.parse(readFileSync(file(dir), 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> }
  ).hooks.PreToolUse!.flatMap((g) => g.hooks.map((h) => h.command));
const edit = (dir: string, from: string, to: string) => {
  const text = readFileSync(file(dir), 'utf8');
  expect(text).toContain(from);
  writeFileSync(file(dir), text.replace(from, to));
};

describe('an option a person added to an entry convert wrote', () => {
  it('a run wrapper (--wrap): recognised, kept on the next convert, not added twice', async () => {
    const dir = setup();
    await convertProject({ project: dir, to: ['qwen'], wrap: true, backup: false });
    edit(
      dir,
      'hook-bridge run --from claude --to qwen --timeout 10',
      'hook-bridge run --on-missing deny --from claude --to qwen --timeout 10',
    );
    const edited = readFileSync(file(dir), 'utf8');
    const r = await convertProject({ project: dir, to: ['qwen'], wrap: true, backup: false });
    expect([r.targets[0]!.changes.added.length, r.targets[0]!.changes.removed.length]).toEqual([0, 0]);
    expect(readFileSync(file(dir), 'utf8')).toBe(edited);
    expect(commands(dir).filter((c) => c.includes('w.sh'))).toEqual([
      "hook-bridge run --on-missing deny --from claude --to qwen --timeout 10 -c './w.sh'",
    ]);
  });
  it('a grouped dispatch entry: the same', async () => {
    const dir = setup();
    await convertProject({ project: dir, to: ['qwen'], backup: false });
    edit(dir, 'hook-bridge dispatch --to qwen', 'hook-bridge dispatch --on-error allow --to qwen');
    const edited = readFileSync(file(dir), 'utf8');
    await convertProject({ project: dir, to: ['qwen'], backup: false });
    expect(readFileSync(file(dir), 'utf8')).toBe(edited);
    expect(commands(dir).filter((c) => c.includes('a.sh'))).toHaveLength(1);
  });
  it('the source hook edited as well: its entry is written again with the options', async () => {
    const dir = setup();
    await convertProject({ project: dir, to: ['qwen'], wrap: true, backup: false });
    edit(dir, "--timeout 10 -c './w.sh'", "--timeout 10 --ask allow -c './w.sh'");
    writeFileSync(join(dir, '.claude/settings.json'), JSON.stringify(claude).replace('"timeout":10', '"timeout":20'));
    await convertProject({ project: dir, to: ['qwen'], wrap: true, backup: false });
    // Matched by the entry without the options: a changed timeout is another entry, the options are not carried there.
    expect(commands(dir).filter((c) => c.includes('w.sh'))).toEqual([
      "hook-bridge run --from claude --to qwen --timeout 20 -c './w.sh'",
    ]);
  });
  it(
    '--check: the edited file is up to date once its record names ' +
      'the edited entry (convert writes only the record)',
    async () => {
      const dir = setup();
      await convertProject({ project: dir, to: ['qwen'], wrap: true, backup: false });
      edit(
        dir,
        'hook-bridge run --from claude --to qwen --timeout 10',
        'hook-bridge run --on-missing deny --from claude --to qwen --timeout 10',
      );
      const r = cli(['convert', '--to', 'qwen', '--wrap', '--check'], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('.qwen/settings.json: 0 to add, 0 to update, 0 to remove');
      expect(cli(['convert', '--to', 'qwen', '--wrap'], { cwd: dir }).code).toBe(0);
      expect(cli(['convert', '--to', 'qwen', '--wrap', '--check'], { cwd: dir }).code).toBe(0);
    },
  );
});

describe('policyOf / withoutPolicy / withPolicy', () => {
  const w = "hook-bridge run --from claude --to qwen --timeout 10 -c 'echo --ask deny'";
  const g = "hook-bridge dispatch --to gemini --event BeforeTool run --from claude -c 'a' run --from claude -c 'b'";
  it("read the options before the command only (an option-like word inside the hook's command is its own)", () => {
    expect(policyOf(w)).toEqual([]);
    expect(withoutPolicy(w)).toBe(w);
    const edited = withPolicy(w, ['--on-missing', 'deny', '--transcript', 'never']);
    expect(edited).toBe(
      "hook-bridge run --on-missing deny --transcript never --from claude --to qwen --timeout 10 -c 'echo --ask deny'",
    );
    expect(policyOf(edited)).toEqual(['--on-missing', 'deny', '--transcript', 'never']);
    expect(parseWrapper(edited)).toEqual(parseWrapper(w));
    const grouped = withPolicy(g, ['--on-error', 'allow']);
    expect(grouped).toBe(
      'hook-bridge dispatch --on-error allow --to gemini --event ' +
        "BeforeTool run --from claude -c 'a' run --from claude -c 'b'",
    );
    expect(parseGroup(grouped)).toEqual(parseGroup(g));
    // Written anywhere before the command, still found.
    expect(policyOf("hook-bridge run --from claude --to qwen --ask allow -c 'x'")).toEqual(['--ask', 'allow']);
  });
  it("property: withoutPolicy(withPolicy(entry, options)) is the entry, whatever the hook's command", () => {
    const opt = fc.tuple(
      fc.constantFrom('--on-error', '--on-timeout', '--on-missing', '--ask', '--rewrite', '--transcript'),
      fc.constantFrom('deny', 'allow', 'ask', 'ignore', 'never', 'always'),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.array(opt, { maxLength: 3 }), (cmd, opts) => {
        const entry = `hook-bridge run --from claude --to qwen -c '${cmd.replace(/'/g, `'\\''`)}'`;
        const words = opts.flat();
        expect(withoutPolicy(withPolicy(entry, words))).toBe(entry);
        expect(policyOf(withPolicy(entry, words))).toEqual(words);
      }),
      { numRuns: 200 },
    );
  });
});
