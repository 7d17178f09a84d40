// Build: compile mappings/ to src/generated/mappings.json (validated), then bundle with esbuild:
//   dist/run.cjs    the `run` hot path: no dependencies, no YAML, no zod (CommonJS: measured faster to start)
//   dist/cli.cjs    every other command; commander, yaml, zod … loaded lazily per command
//   dist/index.js   the library (ESM): import { convert } from 'hook-bridge'
// and emit type declarations with tsc.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { compileMappings } from '../src/model/compile-mappings.js';
import { HookBridgeError } from '../src/model/errors.js';

const root = resolve(import.meta.dirname, '..');
const only = process.argv[2]; // `mappings` = compile mappings only (tests that need nothing else)

try {
  const compiled = compileMappings(join(root, 'mappings'), root);
  mkdirSync(join(root, 'src/generated'), { recursive: true });
  writeFileSync(join(root, 'src/generated/mappings.json'), JSON.stringify(compiled));
} catch (e) {
  if (e instanceof HookBridgeError) {
    console.error(`build: ${e.describe()}`);
    process.exit(2);
  }
  throw e;
}
if (only === 'mappings') process.exit(0);

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const common: BuildOptions = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning', legalComments: 'none', logOverride: { 'empty-import-meta': 'silent' }, mainFields: ['module', 'main'], define: { __HOOK_BRIDGE_VERSION__: JSON.stringify(pkg.version) } };
await Promise.all([
  build({ ...common, entryPoints: [join(root, 'src/run/entry.ts')], outfile: join(root, 'dist/run.cjs'), format: 'cjs', minify: true }),
  build({ ...common, entryPoints: [join(root, 'src/cli/main.ts')], outfile: join(root, 'dist/cli.cjs'), format: 'cjs', minify: process.env.HB_NO_MINIFY !== '1', splitting: false }),
  build({ ...common, entryPoints: [join(root, 'src/index.ts')], outfile: join(root, 'dist/index.js'), format: 'esm', packages: 'external' }),
]);
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
