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

const root = resolve(import.meta.dirname, '..');

describe('audit rules', () => {
  const files = readdirSync(join(root, 'src/audit/rules')).filter((f) => f.endsWith('.ts') && f !== 'index.ts').map((f) => f.replace(/\.ts$/, ''));
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
      expect(readFileSync(join(root, 'mappings/dialects', `${id}.yaml`), 'utf8')).toMatch(/^# .+\n(# .*\n)*# (Docs|Facts|Format)[: ]/);
    });
  }
});

describe('every event hook-bridge knows for an agent is an event of that agent (audit)', () => {
  const locations: Partial<Record<(typeof DIALECT_IDS)[number], (events: string[]) => Record<string, string>>> = {
    claude: (ev) => ({ '.claude/settings.json': JSON.stringify({ hooks: Object.fromEntries(ev.map((e) => [e, [{ hooks: [{ type: 'command', command: 'true' }] }]])) }) }),
    qwen: (ev) => ({ '.qwen/settings.json': JSON.stringify({ hooks: Object.fromEntries(ev.map((e) => [e, [{ hooks: [{ type: 'command', command: 'true' }] }]])) }) }),
    codebuddy: (ev) => ({ '.codebuddy/settings.json': JSON.stringify({ hooks: Object.fromEntries(ev.map((e) => [e, [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }]])) }) }),
    gemini: (ev) => ({ '.gemini/settings.json': JSON.stringify({ hooks: Object.fromEntries(ev.map((e) => [e, [{ hooks: [{ type: 'command', command: 'true' }] }]])) }) }),
    codex: (ev) => ({ '.codex/hooks.json': JSON.stringify({ hooks: Object.fromEntries(ev.map((e) => [e, [{ hooks: [{ type: 'command', command: 'true' }] }]])) }) }),
    'hooks-yaml': (ev) => ({ 'hooks.yaml': `version: '2.0.0'\nhooks:\n${ev.map((e) => `  - { event: ${e}, command: 'true' }`).join('\n')}\n` }),
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

describe('docs the code and the README point to', () => {
  /** Every file under a directory, recursively. */
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  // `docs/…` not inside a URL or another path (https://code.claude.com/docs/en/hooks names a web page)
  const DOC_REF = /(?<![\w./-])docs\/[\w./-]*[\w-]/g;
  const refs = [...walk(join(root, 'src')), join(root, 'README.md'), ...walk(join(root, 'docs'))].flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(DOC_REF)].map((m) => ({ from: f.slice(root.length + 1), path: m[0] })),
  );
  it('finds the references (the scan is not vacuous)', () => {
    expect(refs).toEqual(expect.arrayContaining([{ from: 'src/dialects/hooks-yaml.ts', path: 'docs/hooks-yaml.md' }, { from: 'README.md', path: 'docs/hooks-yaml.md' }]));
    expect('see https://code.claude.com/docs/en/hooks and docs/x.md.'.match(DOC_REF)).toEqual(['docs/x.md']);
  });
  it('every docs/… path named in src/, docs/ or the README exists', () => {
    const missing = refs.filter((r) => !existsSync(join(root, r.path))).map((r) => `${r.from}: ${r.path}`);
    expect(missing).toEqual([]);
  });
  it('every relative link in the README and docs/*.md resolves in the repository, to the file and the heading it names', () => {
    const markdown = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
    const links = markdown.flatMap((f) => relativeLinks(f, readFileSync(join(root, f), 'utf8')));
    expect(links).toEqual(expect.arrayContaining([expect.objectContaining({ from: 'README.md', target: 'docs/commands.md' }), expect.objectContaining({ from: 'docs/commands.md', target: '#re-running-convert' })]));
    expect(brokenLinks(links, (path) => existsSync(join(root, path)), (f) => readFileSync(join(root, f), 'utf8'))).toEqual([]);
  });
  it('the link check finds what is broken, and only links (not code, not URLs)', () => {
    const text = '# Re-running `convert`, again\n\nSee [a](b.md), [c](#re-running-convert-again), [d](#nope), [e](https://x.org/y.md) and <https://z>.\n`[f](g.md)`\n\n```md\n[h](i.md)\n```\n[j]: sub/k.md#l\n';
    const links = relativeLinks('docs/x.md', text);
    expect(links.map((l) => `${l.line}:${l.target}`)).toEqual(['3:b.md', '3:#re-running-convert-again', '3:#nope', '9:sub/k.md#l']);
    const files = new Set(['docs/x.md', 'docs/sub/k.md']);
    expect(brokenLinks(links, (p) => files.has(p), (f) => (f === 'docs/x.md' ? text : '# L\n'))).toEqual(['docs/x.md:3: b.md (no such file)', 'docs/x.md:3: #nope (no such heading)']);
  });
});
