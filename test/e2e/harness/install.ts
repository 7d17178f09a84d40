// Installs a pinned agent CLI from npm into a cache directory (never into the package's own
// dependencies). Concurrent callers in one run share the install through a lock directory.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface AgentPackage {
  /** npm package to install */
  pkg: string;
  version: string;
  /** path of the CLI entry inside the install dir (run with `node`, or a native binary) */
  entry: string;
  /** install with --ignore-scripts (the package's postinstall is not needed, or not wanted) */
  ignoreScripts?: boolean;
  /** packages that must be installed besides `pkg` (e.g. the platform optional dependency), as npm specs */
  also?: readonly string[];
}

/**
 * Codex CLI ships its native binary in a platform optional dependency (an npm alias of
 * `@openai/codex@<version>-<platform>`). `bin/codex.js` only execs it and needs node >= 22.15, so the
 * harness runs the binary itself: the triple is the one bin/codex.js picks for this platform.
 */
const CODEX_TRIPLES: Record<string, string> = {
  'linux-x64': 'x86_64-unknown-linux-musl',
  'linux-arm64': 'aarch64-unknown-linux-musl',
  'darwin-x64': 'x86_64-apple-darwin',
  'darwin-arm64': 'aarch64-apple-darwin',
};
const codexPlatform = `${process.platform === 'android' ? 'linux' : process.platform}-${process.arch}`;
/** Copilot CLI's platform package suffix, as its npm-loader.js picks it (glibc Linux only here). */
const copilotPlatform = `${process.platform}-${process.arch}`;

/** The agent builds the end-to-end suite is pinned to (the ones the ground truth was observed on). */
export const PINS = {
  claude: '2.1.337',
  qwen: '0.24.4',
  codebuddy: '0.3.201',
  gemini: '0.61.0',
  codex: '0.171.0',
  copilot: '1.0.102',
  pi: '1.6.0',
  opencode: '1.18.33',
  cline: '3.0.65',
  droid: '0.225.2',
  kilo: '7.7.7',
} as const;

export type AgentId = keyof typeof PINS;

/** How each agent installs at a version: its npm package, its CLI entry, what else it needs. */
const PACKAGES: Record<AgentId, (version: string) => AgentPackage> = {
  claude: (version) => ({
    pkg: '@anthropic-ai/claude-code',
    version,
    entry: 'node_modules/@anthropic-ai/claude-code/bin/claude.exe',
  }),
  qwen: (version) => ({
    pkg: '@qwen-code/qwen-code',
    version,
    entry: 'node_modules/@qwen-code/qwen-code/cli-entry.js',
  }),
  codebuddy: (version) => ({
    pkg: '@tencent-ai/agent-sdk',
    version,
    entry: 'node_modules/@tencent-ai/agent-sdk/cli/bin/codebuddy',
  }),
  gemini: (version) => ({
    pkg: '@google/gemini-cli',
    version,
    entry: 'node_modules/@google/gemini-cli/bundle/gemini.js',
  }),
  codex: (version) => ({
    pkg: '@openai/codex',
    version,
    entry:
      `node_modules/@openai/codex-${codexPlatform}/vendor/` +
      (CODEX_TRIPLES[codexPlatform] ?? `unsupported-${codexPlatform}`) +
      `/bin/codex`,
    ignoreScripts: true,
    // npm skips an optional dependency silently (--omit=optional, a stale lock): name it explicitly.
    also: [`@openai/codex-${codexPlatform}@npm:@openai/codex@${version}-${codexPlatform}`],
  }),
  // bin/npm-loader.js only spawns the native binary of the platform optional dependency (glibc Linux: `linux`, musl:
  // `linuxmusl`): the harness runs that binary itself, named explicitly as for Codex.
  copilot: (version) => ({
    pkg: '@github/copilot',
    version,
    entry: `node_modules/@github/copilot-${copilotPlatform}/copilot`,
    also: [`@github/copilot-${copilotPlatform}@${version}`],
  }),
  // Pi (pure JavaScript, its `pi` bin dist/bundle/cli.js run with the Node of NODE_22 below: it needs Node >= 22.19);
  // its postinstall is not needed (test/fixtures/observed/pi/README.md). Published as @earendil-works since 1.0 (the
  // @mariozechner name stopped at 0.73.1).
  pi: (version) => ({
    pkg: '@earendil-works/pi-coding-agent',
    version,
    entry: 'node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js',
    ignoreScripts: true,
  }),
  // OpenCode: a Bun single-file executable in the platform optional dependency, run directly (as for Codex).
  opencode: (version) => ({
    pkg: 'opencode-ai',
    version,
    entry: `node_modules/opencode-${codexPlatform}/bin/opencode`,
    ignoreScripts: true,
    also: [`opencode-${codexPlatform}@${version}`],
  }),
  // Kilo Code CLI, an OpenCode fork: its Bun executable in the platform optional dependency, run directly. 7.8.1 (the
  // newest) names platform packages that stop at 7.7.9, itself unpublished: it does not install on Linux x64
  // (docs/latest.md); 7.7.7 does.
  kilo: (version) => ({
    pkg: '@kilocode/cli',
    version,
    entry: `node_modules/@kilocode/cli-${codexPlatform}/bin/kilo`,
    ignoreScripts: true,
    also: [`@kilocode/cli-${codexPlatform}@${version}`],
  }),
  // Cline CLI 3.x: `bin/cline` only picks the native build of the platform optional dependency (a Bun executable);
  // the harness runs that build itself. Its postinstall (a hard link for a faster start) is not needed.
  cline: (version) => ({
    pkg: 'cline',
    version,
    entry: `node_modules/@cline/cli-${codexPlatform}/bin/cline`,
    ignoreScripts: true,
    also: [`@cline/cli-${codexPlatform}@${version}`],
  }),
  // Factory Droid: a single executable in its platform package, run directly. `@factory/cli@0.225.1` (the only version
  // of the wrapper) names `@factory/cli-<platform>@0.225.1` as its optional dependency, which is not published: npm
  // fails (ETARGET). The platform package itself is published as 0.225.2 (`droid --version`: 0.225.2).
  droid: (version) => ({
    pkg: `@factory/cli-${codexPlatform}`,
    version,
    entry: `node_modules/@factory/cli-${codexPlatform}/bin/droid`,
    ignoreScripts: true,
  }),
};

/** The agent's package at a version (its pin by default). */
export function agentPackage(id: AgentId, version: string = agentVersion(id)): AgentPackage {
  return PACKAGES[id](version);
}

/**
 * The version of an agent this run uses: its pin, or the one `HOOK_BRIDGE_E2E_VERSIONS` names
 * (`claude=2.1.337,qwen=0.25.0`: the latest lane, npm run test:latest).
 */
export function agentVersion(id: AgentId): string {
  for (const pair of (process.env.HOOK_BRIDGE_E2E_VERSIONS ?? '').split(',')) {
    const [name, version] = pair.split('=').map((x) => x.trim());
    if (name === id && version) return version;
  }
  return PINS[id];
}

/** The cache folder an agent's version installs into. */
export function agentDir(id: AgentId, version: string = agentVersion(id)): string {
  return join(cacheRoot(), `${id}-${version}`);
}

/**
 * A Node 22 runtime for the agents that need one (Pi 1.x: engines node >= 22.19.0) while hook-bridge and its tests run
 * on Node 20: the registry's `node-<platform>-<arch>` package (a prebuilt `bin/node`), installed by the harness into
 * the cache like an agent (CI starts clean).
 */
const NODE_22 = {
  pkg: `node-${codexPlatform}`,
  version: '22.23.5',
  entry: `node_modules/node-${codexPlatform}/bin/node`,
} as const satisfies AgentPackage;

/** The absolute path of the Node 22 binary (NODE_22), installing it first if needed. */
export function ensureNode22(): string {
  return ensurePackage(`node-${NODE_22.version}`, NODE_22);
}

/** Cache root: `$HOOK_BRIDGE_E2E_CACHE` or `<repo>/.cache/e2e-agents`. */
export function cacheRoot(): string {
  return process.env.HOOK_BRIDGE_E2E_CACHE ?? resolve(import.meta.dirname, '../../../.cache/e2e-agents');
}

/** Returns the absolute path of the agent's CLI entry (this run's version), installing it first if needed. */
export function ensureAgent(id: AgentId, version: string = agentVersion(id)): string {
  return ensurePackage(`${id}-${version}`, agentPackage(id, version));
}

/** Installs a pinned package into `<cache>/<name>` once; returns the absolute path of its `entry`. */
export function ensurePackage(name: string, a: AgentPackage): string {
  const dir = join(cacheRoot(), name);
  const entry = join(dir, a.entry);
  const done = join(dir, '.installed');
  if (existsSync(done) && existsSync(entry)) return entry;
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, '.lock');
  // mkdir is atomic: the first caller installs, the others wait for `.installed`.
  let owner = false;
  try {
    mkdirSync(lock);
    owner = true;
  } catch {
    const until = Date.now() + 10 * 60_000;
    while (!existsSync(done) && Date.now() < until) execFileSync('sleep', ['1']);
    if (existsSync(done)) return entry;
    throw new Error(`timed out waiting for another process to install ${a.pkg}@${a.version} in ${dir}`);
  }
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `e2e-${name}`, private: true }));
    const flags = a.ignoreScripts ? ['--ignore-scripts'] : [];
    execFileSync(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        '--include=optional',
        ...flags,
        `${a.pkg}@${a.version}`,
        ...(a.also ?? []),
      ],
      {
        cwd: dir,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    if (!existsSync(entry)) throw new Error(`${a.pkg}@${a.version} installed but ${a.entry} is missing`);
    writeFileSync(done, new Date().toISOString());
    return entry;
  } finally {
    if (owner) rmSync(lock, { recursive: true, force: true });
  }
}
