// Every rule and dialect is registered, documented and tested (as ESLint's meta tests do).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../src/audit/rules/index.js';
import { dialects } from '../src/dialects/index.js';
import { DIALECT_IDS } from '../src/model/dialect-ids.js';
import { mappings } from '../src/model/mappings.js';
import { audit } from '../src/audit/audit.js';
import { brokenLinks, relativeLinks } from './markdown-links.js';
import { CHECKLIST, changedTree, diskTree, missingPieces } from './agent-checklist.js';
import type { Codec } from '../src/dialects/define.js';
import { hooksYaml } from '../src/dialects/hooks-yaml-codec.js';
import { settingsJson } from '../src/dialects/settings-json.js';
import { actionListsJson } from '../src/dialects/action-lists-json.js';
import type { ConfigFormat } from '../src/model/formats.js';
import { LAYERS, layerOf } from './layers.js';

const root = resolve(import.meta.dirname, '..');
/** The codec of each config.format: a format without one does not compile. */
const CODECS = {
  'settings-json': settingsJson,
  'hooks-yaml-v2': hooksYaml,
  'action-lists-json': actionListsJson,
} satisfies Record<ConfigFormat, Codec>;

describe('audit rules', () => {
  const files = readdirSync(join(root, 'src/audit/rules'))
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .map((f) => f.replace(/\.ts$/, ''));
  it('every rule file is registered, under its file name', () => {
    expect(RULES.map((r) => r.id).sort()).toEqual(files.sort());
  });
  for (const id of files) {
    it(`${id} has a test file`, () => expect(existsSync(join(root, 'test/audit/rules', `${id}.test.ts`))).toBe(true));
  }
  it('ids are unique kebab-case; messageIds camelCase; docs explain the fix', () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
    for (const r of RULES) {
      expect(r.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      for (const m of Object.keys(r.messages)) expect(m).toMatch(/^[a-z][A-Za-z]*$/);
      expect(r.docs.length, r.id).toBeGreaterThan(80);
    }
  });
});

describe('dialects', () => {
  for (const id of DIALECT_IDS) {
    it(`${id}: module, mapping file, and a documented source`, () => {
      expect(dialects[id].id).toBe(id);
      expect(existsSync(join(root, 'src/dialects', `${id}.ts`))).toBe(true);
      expect(readFileSync(join(root, 'mappings/dialects', `${id}.yaml`), 'utf8')).toMatch(
        /^# .+\n(# .*\n)*# (Docs|Facts|Format)[: ]/,
      );
    });
  }
});

describe('adding an agent: every dialect has every piece docs/architecture.md lists (test/agent-checklist.ts)', () => {
  const repo = diskTree(root);
  for (const id of DIALECT_IDS) {
    it(`${id}: ${CHECKLIST.map((p) => p.name).join(', ')}`, () => expect(missingPieces(repo, id)).toEqual([]));
    it(`${id}: its module reads and writes its files with the codec of its config.format`, () =>
      expect(dialects[id].codec).toBe(CODECS[mappings.dialects[id].config.format]));
  }

  it('a made-up dialect with only an id and its facts lacks every other piece, each named', () => {
    const ids = repo.read('src/model/dialect-ids.ts')!.replace(/',?\s*\] as const/, "', 'newagent'] as const");
    const facts =
      '# New Agent: made up.\n# Docs: https://example.org/hooks\nid: ' +
      'newagent\npayload:\n  toolResults: newagent-text\n  transcript: unknown\n';
    const tree = changedTree(repo, { 'src/model/dialect-ids.ts': ids, 'mappings/dialects/newagent.yaml': facts });
    const missing = missingPieces(tree, 'newagent');
    expect(missing.map((m) => m.split(':')[0])).toEqual([
      'tools',
      'events',
      'module',
      'results',
      'transcript',
      'fixtures',
      'vectors',
      'matchers',
    ]);
    expect(missing).toEqual(
      expect.arrayContaining([
        'results: payload.toolResults "newagent-text" is not in RESULT_FORMATS (src/model/formats.ts)',
        'transcript: payload.transcript: unknown without the reason (a comment on its line)',
        'module: no src/dialects/newagent.ts',
      ]),
    );
    expect(missingPieces(changedTree(repo, {}), 'newagent').map((m) => m.split(':')[0])).toEqual(
      CHECKLIST.map((p) => p.name),
    );
  });

  it('a real dialect that loses one piece is missing that piece, and only it', () => {
    const id = 'codex';
    const text = (p: string) => repo.read(p)!;
    const withoutLines = (p: string, re: RegExp) =>
      text(p)
        .split('\n')
        .filter((l) => !re.test(l))
        .join('\n');
    const vectors = Object.fromEntries(
      repo
        .list('test/vectors')
        .filter((d) => repo.isDir(`test/vectors/${d}`))
        .map((d) => [`test/vectors/${d}/${id}.json`, null]),
    );
    const losses: Record<string, Parameters<typeof changedTree>> = {
      id: [repo, { 'src/model/dialect-ids.ts': text('src/model/dialect-ids.ts').replace(/\s*'codex',?/, '') }],
      facts: [repo, { 'mappings/dialects/codex.yaml': withoutLines('mappings/dialects/codex.yaml', /^#/) }],
      tools: [repo, { 'mappings/tools.yaml': withoutLines('mappings/tools.yaml', /^ {2}codex:/) }],
      events: [repo, { 'mappings/events.yaml': withoutLines('mappings/events.yaml', /^ {2}codex:/) }],
      module: [repo, { 'src/dialects/index.ts': withoutLines('src/dialects/index.ts', /from '\.\/codex\.js'/) }],
      results: [repo, { 'src/results/index.ts': withoutLines('src/results/index.ts', /'codex-text':/) }],
      transcript: [
        repo,
        { 'src/transcript/translate.ts': text('src/transcript/translate.ts').replace("'codex-jsonl': readCodex", '') },
      ],
      fixtures: [repo, {}, ['test/fixtures/ground-truth/codex', 'test/fixtures/observed/codex']],
      vectors: [repo, vectors],
      matchers: [
        repo,
        { 'test/dialects/matcher.test.ts': text('test/dialects/matcher.test.ts').replaceAll("'codex'", "'other'") },
      ],
    };
    expect(Object.keys(losses)).toEqual(CHECKLIST.map((p) => p.name));
    for (const [piece, change] of Object.entries(losses))
      expect(
        missingPieces(changedTree(...change), id).map((m) => m.split(':')[0]),
        piece,
      ).toEqual([piece]);
  });

  it("docs/architecture.md's checklist is this one, in this order", () => {
    const section =
      /\n## Adding an agent\n([\s\S]*?)\n## /.exec(readFileSync(join(root, 'docs/architecture.md'), 'utf8'))?.[1] ?? '';
    expect([...section.matchAll(/^\d+\. \*\*([a-z]+)\*\*/gm)].map((m) => m[1])).toEqual(CHECKLIST.map((p) => p.name));
  });
});

describe('every event hook-bridge knows for an agent is an event of that agent (audit)', () => {
  const locations: Partial<Record<(typeof DIALECT_IDS)[number], (events: string[]) => Record<string, string>>> = {
    claude: (ev) => ({
      '.claude/settings.json': JSON.stringify({
        hooks: Object.fromEntries(ev.map((e) => [e, [{ hooks: [{ type: 'command', command: 'true' }] }]])),
      }),
    }),
    qwen: (ev) => ({
      '.qwen/settings.json': JSON.stringify({
        hooks: Object.fromEntries(ev.map((e) => [e, [{ hooks: [{ type: 'command', command: 'true' }] }]])),
      }),
    }),
    codebuddy: (ev) => ({
      '.codebuddy/settings.json': JSON.stringify({
        hooks: Object.fromEntries(
          ev.map((e) => [e, [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }]]),
        ),
      }),
    }),
    gemini: (ev) => ({
      '.gemini/settings.json': JSON.stringify({
        hooks: Object.fromEntries(ev.map((e) => [e, [{ hooks: [{ type: 'command', command: 'true' }] }]])),
      }),
    }),
    codex: (ev) => ({
      '.codex/hooks.json': JSON.stringify({
        hooks: Object.fromEntries(ev.map((e) => [e, [{ hooks: [{ type: 'command', command: 'true' }] }]])),
      }),
    }),
    'hooks-yaml': (ev) => ({
      'hooks.yaml': `version: '2.0.0'\nhooks:\n${ev.map((e) => `  - { event: ${e}, command: 'true' }`).join('\n')}\n`,
    }),
  };
  for (const [d, files] of Object.entries(locations)) {
    it(`${d}: no event-unsupported finding for any of its events, observed or documented`, () => {
      const names = Object.keys(mappings.index.eventByName[d as (typeof DIALECT_IDS)[number]]);
      expect(names.length).toBeGreaterThan(5);
      const dir = mkdtempSync(join(tmpdir(), 'hb-meta-'));
      for (const [rel, text] of Object.entries(files(names))) {
        mkdirSync(dirname(join(dir, rel)), { recursive: true });
        writeFileSync(join(dir, rel), text);
      }
      const rule = RULES.find((r) => r.id === 'event-unsupported')!;
      expect(audit({ paths: [dir], ruleSet: [rule] }).findings).toEqual([]);
    });
  }
});

describe('docs/architecture.md draws src/ as it is', () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const layers = /\n## Layers\n([\s\S]*?)\n## /.exec(doc)?.[1] ?? '';
  const tree = [...layers.matchAll(/```\n([\s\S]*?)```/g)].map((m) => m[1]!).join('\n');
  /** The folders of the tree with the layer it gives them, and the files it names under each (bare names). */
  const drawn = (() => {
    const folders: { folder: string; layer: number | undefined }[] = [];
    const named: string[] = [];
    let folder = 'src/';
    for (const line of tree.split('\n')) {
      const f = /^([a-z]+(?:\/[a-z]+)*\/)\s+\((\d)\)/.exec(line);
      const first = f ? line : /^ {2}\S/.test(line) || /^[a-z]/.test(line) ? line.trimStart().split(/\s{2,}/)[0]! : '';
      if (f) folders.push({ folder: (folder = `src/${f[1]}`), layer: Number(f[2]) });
      else if (/^[a-z]/.test(line)) folder = 'src/';
      for (const name of first.matchAll(/(?<![\w/.-])([\w.-]+\.ts)\b/g)) named.push(`${folder}${name[1]}`);
    }
    return { folders, named };
  })();

  it('reads the tree (the check is not vacuous)', () => {
    expect(drawn.folders.map((f) => f.folder)).toEqual(
      expect.arrayContaining(['src/model/', 'src/dialects/', 'src/run/', 'src/audit/rules/', 'src/cli/']),
    );
    expect(drawn.named).toEqual(
      expect.arrayContaining([
        'src/model/dialect-ids.ts',
        'src/run/emit.ts',
        'src/audit/format/sarif.ts',
        'src/lazy.ts',
      ]),
    );
    expect(drawn.named.length).toBeGreaterThan(100);
  });
  it('every folder at its layer (test/layers.ts), every file it names exists', () => {
    expect(
      drawn.folders
        .filter((f) => f.layer !== layerOf(f.folder))
        .map((f) => `${f.folder} (${f.layer}) is layer ${layerOf(f.folder)}`),
    ).toEqual([]);
    expect(drawn.named.filter((f) => !existsSync(join(root, f)))).toEqual([]);
  });
  it(
    'every src/… path it names exists (a layer folder still to come, ' +
      'e.g. src/simulate/, is one test/layers.ts declares)',
    () => {
      const paths = [...doc.matchAll(/(?<![\w./-])src\/[\w./-]*[\w/]/g)].map((m) => m[0]);
      expect(paths.length).toBeGreaterThan(20);
      expect(paths.filter((p) => !existsSync(join(root, p)) && !LAYERS.some(([prefix]) => prefix === p))).toEqual([]);
    },
  );
});

describe('docs the code and the README point to', () => {
  /** Every file under a directory, recursively. */
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  // `docs/…` not inside a URL or another path (https://code.claude.com/docs/en/hooks names a web page)
  const DOC_REF = /(?<![\w./-])docs\/[\w./-]*[\w-]/g;
  const refs = [...walk(join(root, 'src')), join(root, 'README.md'), ...walk(join(root, 'docs'))].flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(DOC_REF)].map((m) => ({ from: f.slice(root.length + 1), path: m[0] })),
  );
  it('finds the references (the scan is not vacuous)', () => {
    expect(refs).toEqual(
      expect.arrayContaining([
        { from: 'src/dialects/hooks-yaml.ts', path: 'docs/hooks-yaml.md' },
        { from: 'README.md', path: 'docs/hooks-yaml.md' },
      ]),
    );
    expect('see https://code.claude.com/docs/en/hooks and docs/x.md.'.match(DOC_REF)).toEqual(['docs/x.md']);
  });
  it('every docs/… path named in src/, docs/ or the README exists', () => {
    const missing = refs.filter((r) => !existsSync(join(root, r.path))).map((r) => `${r.from}: ${r.path}`);
    expect(missing).toEqual([]);
  });
  it(
    'every relative link in the README and docs/*.md resolves in the ' +
      'repository, to the file and the heading it names',
    () => {
      const markdown = [
        'README.md',
        ...readdirSync(join(root, 'docs'))
          .filter((f) => f.endsWith('.md'))
          .map((f) => `docs/${f}`),
      ];
      const links = markdown.flatMap((f) => relativeLinks(f, readFileSync(join(root, f), 'utf8')));
      expect(links).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ from: 'README.md', target: 'docs/commands.md' }),
          expect.objectContaining({ from: 'docs/commands.md', target: '#re-running-convert' }),
        ]),
      );
      expect(
        brokenLinks(
          links,
          (path) => existsSync(join(root, path)),
          (f) => readFileSync(join(root, f), 'utf8'),
        ),
      ).toEqual([]);
    },
  );
  it('the link check finds what is broken, and only links (not code, not URLs)', () => {
    const text =
      '# Re-running `convert`, again\n\nSee [a](b.md), [c](#re-running-convert-again), [d](#nope), ' +
      '[e](https://x.org/y.md) and <https://z>.\n`[f](g.md)`\n\n```md\n[h](i.md)\n```\n[j]: sub/k.md#l\n';
    const links = relativeLinks('docs/x.md', text);
    expect(links.map((l) => `${l.line}:${l.target}`)).toEqual([
      '3:b.md',
      '3:#re-running-convert-again',
      '3:#nope',
      '9:sub/k.md#l',
    ]);
    const files = new Set(['docs/x.md', 'docs/sub/k.md']);
    expect(
      brokenLinks(
        links,
        (p) => files.has(p),
        (f) => (f === 'docs/x.md' ? text : '# L\n'),
      ),
    ).toEqual(['docs/x.md:3: b.md (no such file)', 'docs/x.md:3: #nope (no such heading)']);
  });
});
