// The published declarations (dist/types, package.json "types") need only what an install brings: the package's
// "dependencies" and Node's builtins. A devDependency named there (zod, reached once through `mappings`) is
// "Cannot find module" for every TypeScript user who checks libraries (skipLibCheck: false).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const types = join(root, 'dist/types');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  types: string;
  dependencies: Record<string, string>;
};

/** The modules a declaration file names: import/export … from, import('…'), /// <reference types|path>. */
function modulesNamed(declarations: string): string[] {
  // comments name modules too (in prose): not imports; `///` directives are kept
  const text = declarations.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^/:])\/\/(?!\/).*$/gm, '$1');
  const found = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^\/\/\/\s*<reference\s+types\s*=\s*['"]([^'"]+)['"]/gm),
  ];
  return found.map((m) => m[1]!);
}

/** The package a bare specifier loads (`@scope/name/sub` → `@scope/name`); undefined for relative paths. */
const packageOf = (spec: string): string | undefined =>
  spec.startsWith('.') || spec.startsWith('/')
    ? undefined
    : spec
        .split('/')
        .slice(0, spec.startsWith('@') ? 2 : 1)
        .join('/');
const builtin = (name: string) => name.startsWith('node:') || builtinModules.includes(name);

/** Packages named by declaration files that an install of the package does not bring. */
function undeclared(files: Map<string, string>, dependencies: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [file, text] of files) {
    for (const spec of modulesNamed(text)) {
      const name = packageOf(spec);
      if (name && !builtin(name) && !(name in dependencies)) out.push(`${file}: ${spec}`);
    }
  }
  return out;
}

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );

describe('dist/types (the published declarations)', () => {
  const files = new Map(walk(types).map((f) => [relative(root, f).split('\\').join('/'), readFileSync(f, 'utf8')]));

  it('are built, and are what package.json "types" names', () => {
    expect(existsSync(join(root, pkg.types))).toBe(true);
    expect(files.size).toBeGreaterThan(100);
    // the facts of a dialect are reached from the entry (mappings.dialects): their type is there, zod-free
    expect(files.get('dist/types/model/dialect-spec.d.ts')).toMatch(/export interface DialectFile\b/);
  });

  it('import no package outside "dependencies" (and Node builtins)', () => {
    expect(undeclared(files, pkg.dependencies)).toEqual([]);
  });

  it('the check reads every form of import a declaration file has, and only bare package names count', () => {
    const text = [
      "/** a comment that says 's and export x from 'not-a-module' */",
      "import { z } from 'zod'; // from 'nor-this'",
      "import type { Node } from 'jsonc-parser';",
      "export { x } from './local.js';",
      "export * from '@scope/pkg/sub';",
      'import "side-effect";',
      "declare const y: typeof import('yaml');",
      "declare const t: import('picocolors/types.js').Colors;",
      '/// <reference types="some-types" />',
      "import { readFileSync } from 'node:fs';",
      "import { join } from 'path';",
      'import {\n  a,\n  b,\n} from "multi-line";',
    ].join('\n');
    expect(modulesNamed(text)).toEqual(
      expect.arrayContaining([
        'zod',
        'jsonc-parser',
        './local.js',
        '@scope/pkg/sub',
        'side-effect',
        'yaml',
        'picocolors/types.js',
        'some-types',
        'node:fs',
        'path',
        'multi-line',
      ]),
    );
    expect(modulesNamed(text)).not.toEqual(expect.arrayContaining(['not-a-module']));
    expect(modulesNamed(text)).not.toEqual(expect.arrayContaining(['nor-this']));
    expect(undeclared(new Map([['x.d.ts', text]]), { 'jsonc-parser': '1', yaml: '1', picocolors: '1' })).toEqual([
      'x.d.ts: zod',
      'x.d.ts: @scope/pkg/sub',
      'x.d.ts: multi-line',
      'x.d.ts: side-effect',
      'x.d.ts: some-types',
    ]);
  });
});
