// Build: compile mappings/ to src/generated/mappings.json (validated), then bundle with esbuild:
//   dist/run.cjs    the `run` hot path: no dependencies, no YAML, no zod (a CommonJS body: measured faster to start)
//   dist/transcript.cjs  transcript translation, required by run/dispatch only when a script needs it
//   dist/cli/       every other command: main.cjs (commander) + one bundle per command, loaded on demand
//   dist/index.js   the library (ESM): import { convert } from 'hook-bridge'
// and emit type declarations with tsc.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { compileMappings } from '../src/model/compile-mappings.js';
import { HookBridgeError } from '../src/model/errors.js';
import type { CompiledMappings } from '../src/model/mappings.js';

const root = resolve(import.meta.dirname, '..');
const only = process.argv[2]; // `mappings` = compile mappings only (tests that need nothing else)

try {
  const compiled = compileMappings(join(root, 'mappings'), root);
  mkdirSync(join(root, 'src/generated'), { recursive: true });
  writeFileSync(join(root, 'src/generated/mappings.json'), JSON.stringify(compiled));
} catch (e) {
  if (HookBridgeError.is(e)) {
    console.error(`build: ${e.describe()}`);
    process.exit(2);
  }
  throw e;
}
if (only === 'mappings') process.exit(0);

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const minify = process.env.HB_NO_MINIFY !== '1';
const COMMANDS = [
  'convert-command',
  'audit-command',
  'dialects-command',
  'transcript-command',
  'test-command',
  'doctor-command',
];
/** main.ts imports `./<command>.js` lazily: keep those imports external, pointing at the command bundles. */
const commandsExternal: Plugin = {
  name: 'commands-external',
  setup(b) {
    b.onResolve({ filter: /^\.\/[a-z]+-command\.js$/ }, (a) => ({
      path: a.path.replace(/\.js$/, '.cjs'),
      external: true,
    }));
  },
};
/** run and dispatch load the transcript translator on demand: its own bundle, dist/transcript.cjs. */
const transcriptExternal: Plugin = {
  name: 'transcript-external',
  setup(b) {
    b.onResolve({ filter: /\/transcript\/sync\.js$/ }, () => ({ path: './transcript.cjs', external: true }));
  },
};
/**
 * dist/transcript.cjs is only ever required by run/dispatch, which hand it their parsed mappings (see
 * src/run/transcripts.ts).
 */
const mappingsFromLoader: Plugin = {
  name: 'mappings-from-loader',
  setup(b) {
    b.onLoad({ filter: /generated[\\/]mappings\.json$/ }, () => ({
      contents:
        "const m = globalThis[Symbol.for('hook-bridge.mappings')]; " +
        "if (!m) throw new Error('transcript.cjs: load it through run or dispatch'); " +
        'export default m;',
      loader: 'js',
    }));
  },
};
/** The compiled mappings as JSON.parse('…'): V8 parses a JSON string much faster than an object literal. */
const mappingsAsJsonString: Plugin = {
  name: 'mappings-as-json-string',
  setup(b) {
    b.onLoad({ filter: /generated[\\/]mappings\.json$/ }, (a) => ({
      contents: `export default JSON.parse(${JSON.stringify(readFileSync(a.path, 'utf8'))});`,
      loader: 'js',
    }));
  },
};
/**
 * The mappings for the hot paths (run, dispatch), parsed on first use, piece by piece: each dialect, each
 * tool's row and each dialect's index is its own JSON string, parsed when first read (a getter that replaces
 * itself with the value). A call reads two dialects and a few tools: parsing all six dialects' tables on every
 * tool call cost ~0.6 ms and ~100 KB of garbage (measured: docs/architecture.md "The hot path").
 */
function lazyMappingsModule(m: Record<string, unknown> & { index: Record<string, unknown> }): string {
  const each = (o: Record<string, unknown>) =>
    `L({${Object.entries(o)
      .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(JSON.stringify(v))}`)
      .join(',')}})`;
  const rest = Object.entries(m).filter(([k]) => !['dialects', 'tools', 'index'].includes(k));
  const index = Object.entries(m.index)
    .map(([k, v]) => `${JSON.stringify(k)}: ${each(v as Record<string, unknown>)}`)
    .join(',');
  const others = rest
    .map(([k, v]) => `${JSON.stringify(k)}: JSON.parse(${JSON.stringify(JSON.stringify(v))})`)
    .join(',');
  const loader =
    'const L = (o) => { for (const k of Object.keys(o)) { const s = o[k]; Object.defineProperty(o, k, { ' +
    'configurable: true, enumerable: true, get() { const v = JSON.parse(s); Object.defineProperty(o, k, { ' +
    'value: v, configurable: true, enumerable: true, writable: true }); return v; } }); } return o; };';
  const dialects = each(m.dialects as Record<string, unknown>);
  const tools = each(m.tools as Record<string, unknown>);
  return `${loader}\nexport default { dialects: ${dialects}, tools: ${tools}, index: {${index}}, ${others} };`;
}
const mappingsLazy: Plugin = {
  name: 'mappings-lazy',
  setup(b) {
    b.onLoad({ filter: /generated[\\/]mappings\.json$/ }, (a) => ({
      contents: lazyMappingsModule(
        JSON.parse(readFileSync(a.path, 'utf8')) as CompiledMappings & Record<string, unknown>,
      ),
      loader: 'js',
    }));
  },
};
/**
 * `run`'s copy of the mappings: only what translating one hook call reads (dialect facts, event and tool
 * names, parameters, result shapes), not what convert, audit and dispatch use besides (matcher aliases,
 * evidence, matcher values, nearest events). A quarter less to parse and to collect on every tool call.
 */
const mappingsForRun: Plugin = {
  name: 'mappings-for-run',
  setup(b) {
    b.onLoad({ filter: /generated[\\/]mappings\.json$/ }, (a) => {
      const m = JSON.parse(readFileSync(a.path, 'utf8')) as CompiledMappings;
      const slim = {
        dialects: m.dialects,
        events: Object.fromEntries(
          Object.entries(m.events).map(([id, e]) => [
            id,
            { matcherOn: e.matcherOn, names: e.names, ...(e.valueNames ? { valueNames: e.valueNames } : {}) },
          ]),
        ),
        tools: Object.fromEntries(
          Object.entries(m.tools).map(([id, row]) => [
            id,
            Object.fromEntries(
              Object.entries(row).map(([d, e]) => [
                d,
                e && {
                  name: e.name,
                  params: e.params,
                  ...(e.response ? { response: e.response } : {}),
                  ...(e.required ? { required: e.required } : {}),
                  ...(e.covers ? { covers: e.covers } : {}),
                  ...(e.coveredAs ? { coveredAs: e.coveredAs } : {}),
                  ...(e.paramsComplete ? {} : { paramsComplete: false }),
                  ...(e.embeds ? { embeds: e.embeds } : {}),
                  ...(e.lists ? { lists: e.lists } : {}),
                  ...(e.items ? { items: e.items } : {}),
                },
              ]),
            ),
          ]),
        ),
        index: { toolByName: m.index.toolByName, toolCovering: m.index.toolCovering, eventByName: m.index.eventByName },
      };
      return { contents: lazyMappingsModule(slim), loader: 'js' };
    });
  },
};
const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  legalComments: 'none',
  plugins: [mappingsAsJsonString],
  logOverride: { 'empty-import-meta': 'silent' },
  mainFields: ['module', 'main'],
  define: { __HOOK_BRIDGE_VERSION__: JSON.stringify(pkg.version) },
};
/**
 * run and dispatch: a CommonJS module body wrapped in a function expression, which bin/hook-bridge.cjs compiles
 * with vm.Script and V8's code cache (wrapping it there would copy the whole source on every call).
 */
const hotPath: BuildOptions = {
  format: 'cjs',
  minify: true,
  supported: { 'dynamic-import': false },
  banner: { js: '(function (exports, require, module, __filename, __dirname) {' },
  footer: { js: '})' },
};
await Promise.all([
  build({
    ...common,
    ...hotPath,
    entryPoints: [join(root, 'src/run/entry.ts')],
    outfile: join(root, 'dist/run.cjs'),
    plugins: [transcriptExternal, mappingsForRun],
  }),
  // `dispatch` runs once per event on the host's hot path too: its own bundle (it also reads YAML, lazily).
  build({
    ...common,
    ...hotPath,
    entryPoints: [join(root, 'src/run/dispatch-entry.ts')],
    outfile: join(root, 'dist/dispatch.cjs'),
    plugins: [transcriptExternal, mappingsLazy],
  }),
  // An in-process host's engine (src/run/in-process-engine.ts): the loader file convert writes loads it once into the
  // agent's
  // process (Pi: Node, OpenCode: Bun), so a plain CommonJS module.
  build({
    ...common,
    entryPoints: [join(root, 'src/run/in-process-entry.ts')],
    outfile: join(root, 'dist/in-process-engine.cjs'),
    format: 'cjs',
    minify: true,
    supported: { 'dynamic-import': false },
    plugins: [transcriptExternal, mappingsLazy],
  }),
  build({
    ...common,
    entryPoints: [join(root, 'src/transcript/sync.ts')],
    outfile: join(root, 'dist/transcript.cjs'),
    format: 'cjs',
    minify: true,
    plugins: [mappingsFromLoader],
  }),
  // Every other command: a small CommonJS entry (commander) that requires one bundle per command on
  // demand. Measured: ESM with code splitting costs ~10 ms more at start-up (builtin module facades).
  build({
    ...common,
    entryPoints: [join(root, 'src/cli/main.ts')],
    outfile: join(root, 'dist/cli/main.cjs'),
    format: 'cjs',
    minify,
    plugins: [commandsExternal, mappingsAsJsonString],
    supported: { 'dynamic-import': false },
  }),
  build({
    ...common,
    entryPoints: Object.fromEntries(COMMANDS.map((c) => [c, join(root, `src/cli/${c}.ts`)])),
    outdir: join(root, 'dist/cli'),
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    minify,
  }),
  build({
    ...common,
    entryPoints: [join(root, 'src/index.ts')],
    outfile: join(root, 'dist/index.js'),
    format: 'esm',
    packages: 'external',
  }),
]);
// Declarations from scratch: a module that no longer has any (tsconfig.json `exclude`) must not leave an old one
// behind.
rmSync(join(root, 'dist/types'), { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.json')], {
  stdio: 'inherit',
});
