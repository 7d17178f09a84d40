// Two targets that share a file (issue 35): CodeBuddy Code (`codebuddy`) and the CodeBuddy IDE plugin
// (`codebuddy-ide`) both write .codebuddy/settings.json. `convert --to codebuddy` then `--to codebuddy-ide` rewrote the
// first one's entries into the IDE's matchers (`^execute_command$`), so CodeBuddy Code's Bash call ran no guard and a
// force push went through where Claude Code blocks it. The file is one sync unit: whatever the order, it ends as
// `--to codebuddy,codebuddy-ide` in one run writes it; `--check` passes for each; `--remove` of one leaves the other's
// entries working (written again for it alone), and of both gives the project back byte for byte. What convert wrote
// is run the way each host runs it (src/simulate, reading the converted copy).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertProject, type ConvertProjectOptions } from '../../src/convert/project.js';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { simulate } from '../../src/simulate/simulate.js';
import { treeDiff, treeHash } from '../real-projects/harness.js';
import { blocked, cli, fire, shimDir } from './host.js';

const A = 'codebuddy' as const;
const B = 'codebuddy-ide' as const;
const FILE = '.codebuddy/settings.json';
const RECORD = '.codebuddy/settings.hook-bridge.json';
const ROOT = resolve(import.meta.dirname, '../..');

/** The projects: a real one whose guard blocks a force push (a plugin's hooks), and the example project. */
const PROJECTS = [
  {
    name: 'kenryu42__claude-code-safety-net',
    dir: join(ROOT, 'test/real-projects/kenryu42__claude-code-safety-net'),
    guarded: 'git push --force origin main',
  },
  { name: 'examples/claude-project', dir: join(ROOT, 'examples/claude-project'), guarded: 'rm -rf build' },
];

const copy = (src: string): string => {
  const dir = mkdtempSync(join(tmpdir(), 'hb-shared-'));
  cpSync(src, dir, { recursive: true });
  return dir;
};

/** convert for `to` in `dir` (its Claude hooks: the project also holds Copilot's, which are not the source here). */
const convert = (dir: string, to: DialectId[], o: Partial<ConvertProjectOptions> = {}) =>
  convertProject({ inputs: [dir], project: dir, from: 'claude', to, ...o });
const removeFor = (dir: string, to: DialectId[]) => convertProject({ project: dir, to, remove: true });

const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');
/** The record's entries (what `created` says differs: a later run backs up the file an earlier one made). */
const entries = (dir: string) => JSON.parse(read(dir, RECORD)).entries;
const fileText = (dir: string) => read(dir, FILE);
const upToDate = async (dir: string, to: DialectId, o: Partial<ConvertProjectOptions> = {}) => {
  const t = (await convert(dir, [to], { ...o, check: true })).targets[0]!;
  return !t.changed && !t.recordChanged;
};

/** What each host decides for a Bash call of `command`, reading what convert wrote in `dir`. */
async function decisions(dir: string, command: string): Promise<Record<string, string>> {
  const r = await simulate({
    inputs: [dir],
    from: 'claude',
    to: [A, B],
    call: { event: 'PreToolUse', tool: 'Bash', input: { command } },
    converted: { [A]: dir, [B]: dir },
    modes: ['bridged'],
    headless: true,
    // `hook-bridge` on PATH, as a user's install is (a shim for this checkout).
    env: { ...process.env, PATH: `${shimDir}:${process.env.PATH}` },
  });
  return Object.fromEntries(r.results.map((x) => [x.mode === 'bridged' ? x.host : 'reference', x.decision]));
}

// Orders of runs: a host alone, or both in one run (the reference).
const ORDERS: DialectId[][][] = [[[A], [B]], [[B], [A]], [[A], [B], [A]], [[B], [A], [B]], [[B, A]]];

describe.each(PROJECTS)('$name: one file, two targets', ({ dir: src, guarded }) => {
  const reference = (() => {
    let made: { file: string; entries: unknown } | undefined;
    return async () => {
      if (made) return made;
      const dir = copy(src);
      await convert(dir, [A, B]);
      made = { file: fileText(dir), entries: entries(dir) };
      rmSync(dir, { recursive: true });
      return made;
    };
  })();

  it.each(ORDERS.map((o) => [o.map((x) => x.join(',')).join(' then '), o] as const))(
    '%s: the file is what one run for both writes, byte for byte; a repeat is a no-op; --check passes for each',
    async (_name, order) => {
      const dir = copy(src);
      for (const to of order) await convert(dir, to);
      const want = await reference();
      expect(fileText(dir)).toBe(want.file);
      expect(entries(dir)).toEqual(want.entries);
      const again = (await convert(dir, order.at(-1)!)).targets[0]!;
      expect([again.changed, again.recordChanged]).toEqual([false, false]);
      expect(await upToDate(dir, A)).toBe(true);
      expect(await upToDate(dir, B)).toBe(true);
      rmSync(dir, { recursive: true });
    },
  );

  it.each([
    [A, B],
    [B, A],
  ])(
    'both converted, --remove --to %s: the other keeps working entries of its own and its --check passes; ' +
      'then --remove of it gives the project back byte for byte',
    async (gone, left) => {
      const dir = copy(src);
      const pristine = treeHash(dir);
      await convert(dir, [A]);
      await convert(dir, [B]);
      const removed = (await removeFor(dir, [gone])).targets[0]!;
      expect(removed.shared).toEqual({ with: [left], kept: [left], removed: [gone], rewritten: true });
      // What convert writes for the other host alone, in a fresh copy.
      const alone = copy(src);
      await convert(alone, [left]);
      expect(fileText(dir)).toBe(fileText(alone));
      expect(entries(dir)).toEqual(entries(alone));
      expect(await upToDate(dir, left)).toBe(true);
      expect(await upToDate(dir, gone)).toBe(false);
      expect((await decisions(dir, guarded))[left]).toBe('deny');
      await removeFor(dir, [left]);
      expect(treeDiff(pristine, treeHash(dir))).toEqual([]);
      rmSync(dir, { recursive: true });
      rmSync(alone, { recursive: true });
    },
  );

  it.each([
    [[A], [B]],
    [[B], [A]],
  ])('converted for %j then %j: both hosts deny the guarded Bash call, as Claude Code does', async (first, second) => {
    const dir = copy(src);
    await convert(dir, first);
    await convert(dir, second);
    expect(await decisions(dir, guarded)).toEqual({ reference: 'deny', [A]: 'deny', [B]: 'deny' });
    rmSync(dir, { recursive: true });
  });
});

describe("CodeBuddy Code's own payload, fired at what convert wrote as CodeBuddy Code runs it", () => {
  // Observed (ground truth codebuddy/payloads/PreToolUse-Bash.json): its Bash call, the command swapped.
  const payload = JSON.parse(
    read(join(ROOT, 'test/fixtures/ground-truth/codebuddy/payloads'), 'PreToolUse-Bash.json'),
  ) as Record<string, unknown>;

  it.each([
    [[A], [B]],
    [[B], [A]],
  ])('converted for %j then %j: the guard runs once and denies rm -rf; ls runs', async (first, second) => {
    const dir = copy(PROJECTS[1]!.dir);
    await convert(dir, first);
    await convert(dir, second);
    const call = (command: string) =>
      fire(A, join(dir, FILE), { ...payload, cwd: dir, tool_input: { command } }, { project: dir });
    const deny = call('rm -rf build');
    expect(deny).toHaveLength(1);
    expect(blocked(deny), deny[0]?.stderr).toBe(true);
    expect(blocked(call('ls'))).toBe(false);
  });
});

describe('a shared file, said and kept', () => {
  const [safetyNet] = PROJECTS;

  it("the report says the file is shared and that the other target's entries are kept (text and JSON)", () => {
    const dir = copy(safetyNet!.dir);
    const first = cli(['convert', '.', '--from', 'claude', '--to', A], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(
      /shared: CodeBuddy IDE plugin \(codebuddy-ide\) reads this file too; `convert --to codebuddy-ide` keeps these entries/,
    );
    const second = cli(['convert', '.', '--from', 'claude', '--to', B, '--format', 'json'], { cwd: dir });
    expect(second.code).toBe(0);
    const t = JSON.parse(second.stdout).targets[0];
    expect(t.hosts).toEqual([A, B]);
    expect(t.shared).toEqual({ with: [A], kept: [A] });
    expect(t.changes).toMatchObject({ added: 0, updated: 1, removed: [] });
    const text = cli(['convert', '.', '--from', 'claude', '--to', B], { cwd: dir }).stderr;
    expect(text).toMatch(/claude -> codebuddy \+ codebuddy-ide: \.codebuddy\/settings\.json \(up to date/);
    expect(text).toMatch(
      /shared: CodeBuddy Code \(codebuddy\) reads this file too, and the entries written for codebuddy are kept/,
    );
    const check = cli(['convert', '.', '--from', 'claude', '--to', A, '--check'], { cwd: dir });
    expect(check.code).toBe(0);
    expect(check.stdout + check.stderr).toMatch(
      /up to date +\.codebuddy\/settings\.json \(shared: checked as written for codebuddy and codebuddy-ide\)/,
    );
    const removed = cli(['convert', '.', '--to', A, '--remove'], { cwd: dir });
    expect(removed.code).toBe(0);
    expect(removed.stderr).toMatch(/remove from codebuddy: \.codebuddy\/settings\.json \(written\)/);
    expect(removed.stderr).toMatch(/its entries stay, written again for codebuddy-ide alone/);
  });

  it('a record of an earlier version (no hosts in it): the hosts its entries name are kept', async () => {
    const dir = copy(safetyNet!.dir);
    await convert(dir, [A]);
    const record = JSON.parse(read(dir, RECORD));
    for (const e of record.entries) delete e.hosts;
    writeFileSync(join(dir, RECORD), JSON.stringify(record, null, 2));
    await convert(dir, [B]);
    const both = copy(safetyNet!.dir);
    await convert(both, [A, B]);
    expect(fileText(dir)).toBe(fileText(both));
  });

  it('the record names the hosts only where the entry does not (a wrapper names them)', async () => {
    const dir = copy(safetyNet!.dir);
    await convert(dir, [A]);
    await convert(dir, [B]);
    expect(entries(dir).map((e: { hosts?: string[] }) => e.hosts)).toEqual([undefined]);
    await convert(dir, [A], { wrap: false });
    expect(entries(dir).map((e: { hosts?: string[] }) => e.hosts)).toEqual([[A, B]]);
  });

  it.each([[{ wrap: false }], [{ wrap: true }], [{ dispatch: true }]])(
    'with %j too: one host then the other writes what one run for both writes',
    async (o) => {
      const dir = copy(safetyNet!.dir);
      await convert(dir, [B], o);
      await convert(dir, [A], o);
      const both = copy(safetyNet!.dir);
      await convert(both, [A, B], o);
      expect(fileText(dir)).toBe(fileText(both));
      expect(await upToDate(dir, A, o)).toBe(true);
      expect(await upToDate(dir, B, o)).toBe(true);
    },
  );

  it("--remove of one host when the shared entries' source is broken: an error naming both ways out", async () => {
    const dir = copy(PROJECTS[1]!.dir);
    await convert(dir, [A]);
    await convert(dir, [B]);
    const before = treeHash(dir);
    const settings = join(dir, '.claude/settings.json');
    const good = readFileSync(settings, 'utf8');
    writeFileSync(settings, good.replace('"timeout": 10 }', '"timeout": 10, }'));
    const broken = treeHash(dir);
    const r = cli(['convert', '.', '--to', A, '--remove'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^hook-bridge: \.codebuddy\/settings\.json: codebuddy shares this file with codebuddy-ide, .*its source cannot be used \(.*trailing comma.*\); take both out \(convert --to codebuddy,codebuddy-ide --remove\), or convert --to codebuddy-ide after fixing it; nothing was written\n$/,
    );
    expect(treeDiff(broken, treeHash(dir))).toEqual([]);
    // Both at once reads no source: it works on the broken project.
    expect(cli(['convert', '.', '--to', `${A},${B}`, '--remove'], { cwd: dir }).code).toBe(0);
    writeFileSync(settings, good);
    expect(treeDiff(before, treeHash(dir)).filter((f) => !f.startsWith('.codebuddy'))).toEqual([]);
  });
});
