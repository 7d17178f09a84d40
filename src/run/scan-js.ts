// run's transcript check for a JavaScript or TypeScript hook script: its text, and the local files it requires or
// imports.
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { exists, mentions, read, unsure, type Scan } from './script-scan.js';

const JS_SAFE_BUILTINS = new Set([
  'fs',
  'fs/promises',
  'path',
  'path/posix',
  'os',
  'util',
  'events',
  'stream',
  'stream/promises',
  'string_decoder',
  'readline',
  'readline/promises',
  'url',
  'querystring',
  'buffer',
  'assert',
  'assert/strict',
  'zlib',
  'crypto',
  'timers',
  'timers/promises',
  'process',
  'console',
  'perf_hooks',
  'util/types',
  'tty',
]);
const JS_UNSURE = new RegExp(
  String.raw`\beval\s*\(|\bnew\s+Function\b|\bfetch\s*\(|\bBun\s*\.|\bDeno\s*\.` +
    String.raw`|\brequire\s*\(\s*[^'"\s)]|\bimport\s*\(\s*[^'"\s)]|\brequire\s*\(\s*` +
    '`',
);
/** The modules a text loads by a literal name: require('x'), import … from 'x', import('x'). */
const JS_IMPORTS = new RegExp(
  String.raw`\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)` +
    String.raw`|\b(?:import|export)\b[^'"` +
    '`' +
    String.raw`;]*?\bfrom\s*['"]([^'"]+)['"]` +
    String.raw`|\bimport\s*\(?\s*['"]([^'"]+)['"]`,
  'g',
);

export function jsFile(file: string, s: Scan, depth: number): void {
  const text = read(file, s, depth);
  if (text !== undefined) js(text, dirname(file), s, depth);
}

export function js(text: string, dir: string, s: Scan, depth: number): void {
  if (mentions(text) || JS_UNSURE.test(text)) unsure();
  for (const m of text.matchAll(JS_IMPORTS)) {
    const spec = (m[1] ?? m[2] ?? m[3])!;
    if (spec.startsWith('.') || spec.startsWith('/'))
      jsLocal(isAbsolute(spec) ? spec : resolve(dir, spec), s, depth + 1);
    else if (!JS_SAFE_BUILTINS.has(spec.replace(/^node:/, ''))) unsure();
  }
}

function jsLocal(path: string, s: Scan, depth: number): void {
  for (const f of [
    path,
    ...['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'].map((e) => path + e),
    ...['index.js', 'index.mjs', 'index.cjs', 'index.ts'].map((e) => join(path, e)),
  ]) {
    if (exists(f)) return /\.json$/.test(f) ? undefined : jsFile(f, s, depth);
  }
  unsure();
}
