// The layout is the architecture (docs/architecture.md "Layers"): no agent is named in the engine, imports point
// only downward, and no two files import each other. Adding an agent must not need a change outside its modules.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS, REFERENCE_DIALECT } from '../src/model/dialect-ids.js';
import { layerOf } from './layers.js';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
const files = walk(src).map((f) => relative(root, f).split('\\').join('/'));
const text = new Map(files.map((f) => [f, readFileSync(join(root, f), 'utf8')]));

const area = (f: string) => f.split('/').slice(0, 2).join('/');

/** Relative imports of a file (static, re-exports and dynamic), resolved to repo paths with the .ts source name. */
function importsOf(f: string): string[] {
  const out: string[] = [];
  for (const m of text.get(f)!.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.[^'"]+)['"]/gm)) {
    const target = relative(root, resolve(root, dirname(f), m[1]!))
      .split('\\')
      .join('/')
      .replace(/\.(c?js|json)$/, (x) => (x === '.json' ? x : '.ts'));
    out.push(target);
  }
  return out;
}
const graph = new Map(files.map((f) => [f, importsOf(f)]));

describe('structure', () => {
  it('every source file has a layer', () => {
    expect(files.filter((f) => layerOf(f) === undefined)).toEqual([]);
  });

  it('the import scan sees the imports (not vacuous)', () => {
    expect(graph.get('src/dialects/index.ts')).toContain('src/model/dialect-ids.ts');
    expect([...graph.values()].flat().length).toBeGreaterThan(200);
  });

  it('imports point only downward (run and convert do not import each other)', () => {
    const bad: string[] = [];
    for (const [f, targets] of graph) {
      for (const t of targets) {
        if (!t.startsWith('src/')) continue;
        const [lf, lt] = [layerOf(f)!, layerOf(t)];
        if (lt === undefined) bad.push(`${f} → ${t} (no such source file)`);
        else if (lt > lf) bad.push(`${f} → ${t} (layer ${lf} imports layer ${lt})`);
        else if (lt === lf && area(f) !== area(t))
          bad.push(`${f} → ${t} (sideways between ` + `${area(f)} and ${area(t)})`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('no import cycle between files', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'open');
      stack.push(f);
      for (const t of graph.get(f) ?? []) {
        if (!graph.has(t)) continue;
        if (state.get(t) === 'open') cycles.push([...stack.slice(stack.indexOf(t)), t].join(' → '));
        else if (!state.has(t)) visit(t);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });

  it('no agent id is spelled outside src/dialects/ and the id registry', () => {
    const ids = DIALECT_IDS.filter((d) => d !== REFERENCE_DIALECT);
    const lit = new RegExp(`(['"\`])(${ids.map((d) => d.replace(/-/g, '\\-')).join('|')})\\1`, 'g');
    const found: string[] = [];
    for (const [f, t] of text) {
      if (f.startsWith('src/dialects/') || f === 'src/model/dialect-ids.ts' || f.startsWith('src/generated/')) continue;
      t.split('\n').forEach((line, i) => {
        for (const m of line.matchAll(lit)) found.push(`${f}:${i + 1}: ${m[0]}`);
      });
    }
    expect(found).toEqual([]);
  });
});
