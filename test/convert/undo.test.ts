// `convert --remove` gives the project back as it was before hook-bridge (issue 21): every file, byte for byte,
// with its mode and its symlink; a file convert created is gone again, with its record, its .bak and the
// directories convert created for it. On the real-world shapes (test/real-world/fixtures), as sources and as the
// hand-written targets convert merges into.
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertProject, type ConvertProjectOptions } from '../../src/convert/project.js';
import { DIALECT_IDS, type DialectId } from '../../src/model/dialect-ids.js';
import { CASES as PROJECTS } from '../real-world/cases.js';
import { snapshot } from './helpers.js';
import { cli } from './host.js';

const FIXTURES = join(import.meta.dirname, '../real-world/fixtures');
const fixture = (name: string, file: string) => readFileSync(join(FIXTURES, name, file), 'utf8');

function copy(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `hb-undo-${name}-`));
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  return dir;
}

/** Convert, convert again (a sync that changes nothing), then --remove: the project is what it was. */
async function roundTrip(
  dir: string,
  to: DialectId[],
  more: Partial<ConvertProjectOptions> = {},
): Promise<{ before: Record<string, string>; converted: Record<string, string>; after: Record<string, string> }> {
  const home = mkdtempSync(join(tmpdir(), 'hb-undo-home-'));
  const base = { project: dir, to, home, env: {}, ...more };
  const before = snapshot(dir);
  await convertProject(base);
  const converted = snapshot(dir);
  await convertProject(base);
  expect(snapshot(dir), 'a second convert changes nothing').toEqual(converted);
  await convertProject({ project: dir, to, home, env: {}, remove: true, ...(more.out ? { out: more.out } : {}) });
  return { before, converted, after: snapshot(dir) };
}

describe('convert then --remove: every real-world project, every target, files that did not exist before', () => {
  it('covers every fixture project', () => {
    expect(
      readdirSync(FIXTURES)
        .filter((d) => !d.startsWith('malformed-'))
        .sort(),
    ).toEqual(PROJECTS.map((p) => p.name).sort());
  });
  for (const p of PROJECTS) {
    it(`${p.name} (${p.from}) -> every other dialect, and back out`, async () => {
      for (const to of DIALECT_IDS.filter((d) => d !== p.from)) {
        const dir = copy(p.name);
        // A source its own agent ignores is refused (test/real-world/cases.ts): nothing is written to take out.
        if (p.refused) {
          const before = snapshot(dir);
          await expect(convertProject({ project: dir, to: [to], home: dir, env: {} })).rejects.toThrow(p.refused);
          expect(snapshot(dir), `${p.name} -> ${to}: refused, nothing written`).toEqual(before);
          continue;
        }
        const { before, converted, after } = await roundTrip(
          dir,
          [to],
          p.inputs ? { inputs: p.inputs.map((f) => join(dir, f)) } : {},
        );
        // (codebuddy-ide reads CodeBuddy Code's own file: converting a CodeBuddy project to it may write nothing)
        if (!(p.from === 'codebuddy' && to === 'codebuddy-ide'))
          expect(converted, `${p.name} -> ${to}: convert wrote something`).not.toEqual(before);
        expect(after, `${p.name} -> ${to}, then --remove`).toEqual(before);
      }
    });
  }
});

describe('convert then --remove: hand-written targets of real-world shapes come back byte for byte', () => {
  /** A Claude project (claude-all-lifecycle) whose target file already exists, written by a person. */
  function claudeProjectWith(target: string, text: string): string {
    const dir = copy('claude-all-lifecycle');
    mkdirSync(join(dir, target, '..'), { recursive: true });
    writeFileSync(join(dir, target), text);
    return dir;
  }
  const cases: { name: string; to: DialectId; target: string; text: string }[] = [
    // one-line handler entries, `$schema`, other keys after "hooks"
    {
      name: "CodeBuddy Code's settings with compact one-line entries",
      to: 'codebuddy',
      target: '.codebuddy/settings.json',
      text: fixture('codebuddy-project', '.codebuddy/settings.json'),
    },
    {
      name: "Qwen Code's settings with `$version` after the hooks",
      to: 'qwen',
      target: '.qwen/settings.json',
      text: fixture('qwen-project', '.qwen/settings.json'),
    },
    // comments and trailing commas: CodeBuddy Code reads them (docs/observations.md), so convert merges into it
    {
      name: 'a JSONC file with comments and trailing commas',
      to: 'codebuddy',
      target: '.codebuddy/settings.json',
      text: fixture('claude-jsonc-local', '.claude/settings.local.json'),
    },
    {
      name: 'a hooks.yaml with quoted flow matchers and a leading comment',
      to: 'hooks-yaml',
      target: 'hooks.yaml',
      text: fixture('hooks-yaml-priority', 'hooks.yaml'),
    },
    {
      name: 'a whole settings file on one line, without a final line break',
      to: 'qwen',
      target: '.qwen/settings.json',
      text: '{"model":{"name":"qwen3"},"hooks":{"Stop":[{"hooks":[{"type":"command","command":"./mine.sh"}]}]}}',
    },
    {
      name: 'a settings file without "hooks", indented with tabs',
      to: 'gemini',
      target: '.gemini/settings.json',
      text: '{\n\t"model": "gemini-2.5-pro",\n\t"ui": { "theme": "dark" }\n}\n',
    },
    {
      name: 'a hooks.yaml without version or final line break',
      to: 'hooks-yaml',
      target: 'hooks.yaml',
      text:
        '# mine\nhooks:\n- event: Stop   # when done\n  command: ./done.sh\n\n- ' +
        '{ event: PreToolUse, matcher: [Bash], command: "./x.sh" }',
    },
    {
      name: 'a hooks.yaml with an empty list',
      to: 'hooks-yaml',
      target: 'hooks.yaml',
      text: "version: '2.0.0'\nhooks: []\nother: 1\n",
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const dir = claudeProjectWith(c.target, c.text);
      const { before, converted, after } = await roundTrip(dir, [c.to], { from: 'claude' });
      expect(converted[c.target], 'convert merged into it').not.toBe(before[c.target]);
      expect(readFileSync(join(dir, c.target), 'utf8')).toBe(c.text);
      expect(after).toEqual(before);
    });
  }

  it(
    'the compact entries stay compact while converted: only the ' + 'new entries are added, nothing re-indented',
    async () => {
      const dir = claudeProjectWith(
        '.codebuddy/settings.json',
        fixture('codebuddy-project', '.codebuddy/settings.json'),
      );
      await convertProject({ project: dir, to: ['codebuddy'], from: 'claude' });
      const text = readFileSync(join(dir, '.codebuddy/settings.json'), 'utf8');
      for (const line of fixture('codebuddy-project', '.codebuddy/settings.json')
        .split('\n')
        .filter((l) => l.includes('"command"')))
        expect(text).toContain(line.replace(/,$/, ''));
    },
  );

  it(
    'a hook edited at its source is updated in place in a ' + 'hand-written hooks.yaml: only its lines change',
    async () => {
      const mine = fixture('hooks-yaml-priority', 'hooks.yaml');
      const dir = claudeProjectWith('hooks.yaml', mine);
      await convertProject({ project: dir, to: ['hooks-yaml'], from: 'claude' });
      const first = readFileSync(join(dir, 'hooks.yaml'), 'utf8');
      expect(first.startsWith(mine)).toBe(true); // appended after the user's entries, theirs untouched
      const src = join(dir, '.claude/settings.json');
      const settings = JSON.parse(readFileSync(src, 'utf8'));
      const handler = settings.hooks.PreToolUse[0].hooks[0];
      handler.timeout = 42;
      writeFileSync(src, JSON.stringify(settings, null, 2));
      const r = await convertProject({ project: dir, to: ['hooks-yaml'], from: 'claude' });
      expect(r.targets[0]!.changes.updated).toHaveLength(1);
      const second = readFileSync(join(dir, 'hooks.yaml'), 'utf8');
      // The entry gained its timeout line; nothing else moved.
      expect(second.split('\n').length).toBe(first.split('\n').length + 1);
      expect(second.replace('    timeout: 42\n', '')).toBe(first);
    },
  );

  it('a symlinked settings file: the link stays a link, its target gets its bytes back', async () => {
    const dir = copy('claude-all-lifecycle');
    mkdirSync(join(dir, 'shared'));
    mkdirSync(join(dir, '.qwen'));
    writeFileSync(join(dir, 'shared/qwen.json'), fixture('qwen-project', '.qwen/settings.json'));
    symlinkSync('../shared/qwen.json', join(dir, '.qwen/settings.json'));
    const { before, converted, after } = await roundTrip(dir, ['qwen'], { from: 'claude' });
    expect(converted['.qwen/settings.json']).toBe('link -> ../shared/qwen.json');
    expect(converted['shared/qwen.json']).not.toBe(before['shared/qwen.json']);
    expect(after).toEqual(before);
  });

  it('a mode-0600 settings file keeps its mode through convert and --remove', async () => {
    const dir = claudeProjectWith('.qwen/settings.json', fixture('qwen-project', '.qwen/settings.json'));
    chmodSync(join(dir, '.qwen/settings.json'), 0o600);
    const { before, converted, after } = await roundTrip(dir, ['qwen'], { from: 'claude' });
    expect(converted['.qwen/settings.json']).toMatch(/^file 600 /);
    expect(after).toEqual(before);
  });

  it(
    'a file convert created that someone added to since: --remove ' +
      'keeps what they added, takes out what convert added',
    async () => {
      const dir = copy('claude-all-lifecycle');
      await convertProject({ project: dir, to: ['qwen'] });
      const file = join(dir, '.qwen/settings.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace('{\n', '{\n  "model": "qwen3",\n'));
      await convertProject({ project: dir, to: ['qwen'], remove: true });
      expect(readFileSync(file, 'utf8')).toBe('{\n  "model": "qwen3"\n}\n');
      expect(existsSync(join(dir, '.qwen/settings.hook-bridge.json'))).toBe(false);
    },
  );

  it(
    'a directory that was there before stays, even empty; the .bak convert ' +
      'made goes, a backup of a file it did not change is not made',
    async () => {
      const dir = copy('claude-all-lifecycle');
      mkdirSync(join(dir, '.qwen'));
      const before = snapshot(dir);
      await convertProject({ project: dir, to: ['qwen'] });
      await convertProject({ project: dir, to: ['qwen'], remove: true });
      expect(snapshot(dir)).toEqual(before);
      // An edited file: convert keeps <file>.bak; --remove restores the file and deletes that .bak.
      writeFileSync(join(dir, '.qwen/settings.json'), '{ "model": "m" }\n');
      await convertProject({ project: dir, to: ['qwen'] });
      expect(existsSync(join(dir, '.qwen/settings.json.bak'))).toBe(true);
      const r = await convertProject({ project: dir, to: ['qwen'], remove: true });
      expect(r.targets[0]!.backup).toBeUndefined();
      expect(readdirSync(join(dir, '.qwen'))).toEqual(['settings.json']);
    },
  );

  it('--remove on a project convert never wrote into creates nothing', async () => {
    const dir = copy('claude-all-lifecycle');
    const before = snapshot(dir);
    const r = await convertProject({ project: dir, to: ['qwen', 'hooks-yaml'], remove: true });
    expect(r.targets.map((t) => t.changed)).toEqual([false, false]);
    expect(snapshot(dir)).toEqual(before);
  });

  it('through the CLI: --dry-run says the file would be deleted; --remove deletes it and says so', () => {
    const dir = copy('qwen-project');
    expect(cli(['convert', '--to', 'claude'], { cwd: dir }).code).toBe(0);
    const dry = cli(['convert', '--to', 'claude', '--remove', '--dry-run'], { cwd: dir });
    expect(dry.stderr).toMatch(
      /\.claude\/settings\.json \(dry run: would be deleted: convert created it and nothing else is in it\)/,
    );
    expect(existsSync(join(dir, '.claude/settings.json'))).toBe(true);
    const r = cli(['convert', '--to', 'claude', '--remove'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/\.claude\/settings\.json \(deleted: convert created it and nothing else is in it\)/);
    expect(existsSync(join(dir, '.claude'))).toBe(false);
    rmSync(dir, { recursive: true });
  });
});
