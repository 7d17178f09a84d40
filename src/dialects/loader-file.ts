// The loader file convert writes for an in-process host (mappings `config.inProcess`): one small module, the same for
// every
// such agent but for how the agent loads it (its entry point) and how it blocks a call when hook-bridge is missing.
// It names no path of this machine (it is committed and cloned): at load it finds the installed hook-bridge — the
// `hook-bridge` on PATH, through its symlink, or by asking it once where its engine is — and loads that engine
// (dist/in-process-engine.cjs) into the agent's process, which then runs the hooks of the project's hook file with no
// process of hook-bridge per call. Without hook-bridge, the calls the hooks could block are blocked with the reason;
// nothing else is.
import { mappings } from '../model/mappings.js';
import type { DialectId } from '../model/dialect-ids.js';

/** The first line of every loader file hook-bridge writes: how convert recognises its own (and its version). */
const LOADER_STAMP = '// hook-bridge plugin';

/** The version stamped in a loader file's first line, or undefined where the file is not hook-bridge's. */
export function loaderVersion(text: string): string | undefined {
  return new RegExp(`^${LOADER_STAMP} ([^\\s]+) `).exec(text)?.[1];
}

/**
 * A loader file that is not a project's: in a package the agent installs (`convert <plugin> --to <host> --package`) or
 * at user level (`convert --user --to <host>`). It runs the hook file beside it in whichever project the session is in
 * (the directory the agent runs in).
 */
export interface DetachedLoader {
  /** The loader file and the hook file, relative to the root (the loader's folder, or a package's root above it). */
  loader: string;
  hooks: string;
  /** Comment lines: what wrote it and how it is updated. */
  written: string[];
  /** How the user takes it out, when hook-bridge is missing (`<root>`: the root, as the loader finds it). */
  takeOut: string;
  /** The command that writes it again, said when another hook-bridge runs it (`<root>`: the root). */
  update: string;
  /** A package's loader: the root is the plugin root its hooks name (`package.rootVar`), set by the engine. */
  packageRoot: boolean;
}

export interface LoaderParts {
  /** The agent's module entry: a function of `start` (the engine's, already bound to this host) and `blockAll`. */
  entry: string;
  /** Comment lines about the agent (after the stamp). */
  about: string[];
}

/**
 * The loader file's text. `parts.entry` sees: `started(api)` ({hooks: what the engine's binding returns}, or undefined
 * with `missing` set), `load()`, `PROJECT`,
 * `HOST`, `VERSION`, `hooked()` (the events the hook file has hooks for: a Set of their names, every blocking one when
 * it cannot be read) and `missing` (why the engine could not be loaded).
 */
export function loaderText(host: DialectId, version: string, parts: LoaderParts, detached?: DetachedLoader): string {
  const spec = mappings.dialects[host];
  const file = detached?.loader ?? spec.config.inProcess!.loader;
  const hooks = detached?.hooks ?? spec.config.write;
  const up = file.split('/').length - 1;
  const root = `join(dirname(SELF)${Array(up).fill(", '..'").join('')})`;
  const written = detached
    ? detached.written.map((l) => `// ${l}`).join('\n')
    : `// Written by \`hook-bridge convert --to ${host}\`: commit it with ${hooks}. A re-run updates it,
// \`--check\` says when it is out of date, \`--remove\` deletes it. An edit of yours is kept: convert reports it and
// leaves the file as it is.`;
  const place = detached
    ? `const ROOT = ${root};
const PROJECT = process.cwd();
const HOOK_FILE = join(ROOT, ${JSON.stringify(hooks)});`
    : `const PROJECT = ${root};
const HOOK_FILE = join(PROJECT, ${JSON.stringify(hooks)});`;
  const options = detached
    ? `{ project: PROJECT, loader: VERSION, hookFile: HOOK_FILE, update: ${JSON.stringify(detached.update)}` +
      `${detached.packageRoot ? ', packageRoot: ROOT' : ''}, root: ROOT }`
    : '{ project: PROJECT, loader: VERSION }';
  const takeOut = detached
    ? `\` +\n  \`${detached.takeOut.replace(/[`\\]|\$\{/g, '\\$&').replaceAll('<root>', '${ROOT}')}`
    : 'take the hooks out: hook-bridge convert --to ` +\n  `${HOST} --remove';
  return `${LOADER_STAMP} ${version} for ${spec.agent}: runs the hooks of ${hooks} through hook-bridge.
${[written, ...(detached ? [] : parts.about.map((l) => `// ${l}`))].join('\n')}
// @ts-nocheck
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HOST = ${JSON.stringify(host)};
const VERSION = ${JSON.stringify(version)};
const SELF = fileURLToPath(import.meta.url);
${place}
let missing = '';

/** The installed hook-bridge's engine: through the \`hook-bridge\` on PATH (its symlink, else asking it once). */
function enginePath() {
  for (const dir of (process.env.PATH || '').split(delimiter)) {
    const bin = dir && join(dir, 'hook-bridge');
    if (!bin || !existsSync(bin)) continue;
    try {
      const beside = join(dirname(realpathSync(bin)), '..', 'dist', 'in-process-engine.cjs');
      if (existsSync(beside)) return beside;
      return execFileSync(bin, ['in-process-engine'], { encoding: 'utf8', timeout: 10000 }).trim();
    } catch (e) {
      missing = \`\${bin} does not say where its engine is (\${e.message.split('\\n')[0]})\`;
      return undefined;
    }
  }
  missing = 'hook-bridge is not installed (no hook-bridge on PATH)';
  return undefined;
}

function load() {
  try {
    const path = enginePath();
    return path ? createRequire(SELF)(path) : undefined;
  } catch (e) {
    missing = \`hook-bridge's engine could not be loaded (\${e.message.split('\\n')[0]})\`;
    return undefined;
  }
}

/** The engine bound to the agent's plugin API ({hooks: what the entry point returns}), or undefined (see missing). */
function started(api) {
  const engine = load();
  if (!engine) return undefined;
  try {
    return { hooks: engine.start(HOST, api, ${options}) };
  } catch (e) {
    missing = \`hook-bridge's engine failed to start (\${e.message})\`;
    return undefined;
  }
}

/** The events the hook file has hooks for (every event, when it cannot be read: then every blocking one blocks). */
function hooked() {
  try {
    const hooks = JSON.parse(readFileSync(HOOK_FILE, 'utf8')).hooks || {};
    return new Set(Object.keys(hooks).filter((e) => Array.isArray(hooks[e]) && hooks[e].length));
  } catch {
    return { has: () => existsSync(HOOK_FILE) };
  }
}

/** Why a call is blocked when hook-bridge cannot run the hooks: the model and the user read it. */
const blocked = () =>
  \`hook-bridge: \${missing}, so the hooks of \${${JSON.stringify(hooks)}} cannot run and this call is \` +
  \`blocked. Install hook-bridge (npm install -g hook-bridge), or ${takeOut}\`;

${parts.entry.trim()}
`;
}
