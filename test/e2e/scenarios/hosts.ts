// The hosts a scenario runs on: real Claude Code with the original Claude config (the reference),
// and the other agents with the same config converted by `hook-bridge convert` (or copied verbatim,
// to show what hook-bridge buys).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { runClaude } from '../harness/claude.js';
import { codexStep, runCodex } from '../harness/codex.js';
import { copilotStep, runCopilotInRepo } from '../harness/copilot.js';
import { runCodebuddy } from '../harness/codebuddy.js';
import { GEMINI_USER_SETTINGS, geminiEnv, runGemini } from '../harness/gemini.js';
import { cacheRoot, ensureAgent } from '../harness/install.js';
import { writeJson } from '../harness/util.js';
import { runQwen } from '../harness/qwen.js';
import { piStep, runPi } from '../harness/pi.js';
import { kiloStep, opencodeStep, runKilo, runOpencode } from '../harness/opencode.js';
import { droidStep, runDroid } from '../harness/droid.js';
import type { AgentRun, AgentRunResult, ModelStep } from '../harness/types.js';
import { shellQuote } from '../../../src/dialects/wrapper.js';

export const repoRoot = resolve(import.meta.dirname, '../../..');
export const bin = join(repoRoot, 'bin/hook-bridge.cjs');
/** How converted configs call hook-bridge in these tests (never npx). */
export const runner = `node ${shellQuote(bin)}`;

export type HostId =
  | 'claude'
  | 'qwen'
  | 'codebuddy'
  | 'gemini'
  | 'codex'
  | 'copilot'
  | 'pi'
  | 'opencode'
  | 'kilo'
  | 'droid';

/**
 * An in-process host's plugin finds hook-bridge on the agent's PATH (src/dialects/loader-file.ts): this checkout's,
 * through
 * a symlink named `hook-bridge` in a directory of the cache put first on PATH (as `npm install -g` makes one).
 */
export function withHookBridgeOnPath(r: AgentRun): AgentRun {
  // One folder per checkout: the cache may be shared by several (HOOK_BRIDGE_E2E_CACHE), and a link another
  // checkout's run points at its own bin would load that checkout's engine here (seen: "unknown dialect").
  const dir = join(cacheRoot(), `hook-bridge-bin-${createHash('sha256').update(bin).digest('hex').slice(0, 12)}`);
  const link = join(dir, 'hook-bridge');
  mkdirSync(dir, { recursive: true });
  try {
    if (realpathSync(link) !== bin) rmSync(link, { force: true });
  } catch {
    rmSync(link, { force: true });
  }
  try {
    if (!existsSync(link)) symlinkSync(bin, link);
  } catch (e) {
    // another run made it meanwhile
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return { ...r, env: { ...(r.env ?? {}), PATH: `${dir}${delimiter}${r.env?.PATH ?? process.env.PATH ?? ''}` } };
}
/**
 * migrate: the agent's own migration of the Claude config (`gemini hooks migrate --from-claude`); pathFixed: copied
 * verbatim with `$CLAUDE_PROJECT_DIR` written out as the project's path (the obvious fix by hand where the host sets
 * no such variable); handFixed: the fix by hand a host's docs lead to (HAND_FIXES). verbatim, on a host that reads the
 * Claude file itself (Copilot CLI): the Claude file left as it is.
 */
export type Mode = 'reference' | 'bridged' | 'verbatim' | 'migrate' | 'pathFixed' | 'handFixed';

/** Hosts that set no CLAUDE_PROJECT_DIR, where a copy with the path written out (Mode `pathFixed`) is worth measuring.
 */
export const NO_PROJECT_DIR_VAR: HostId[] = ['codex'];

export interface Host {
  id: HostId;
  run: (r: AgentRun) => Promise<AgentRunResult>;
  settings: string;
  /** Native tool names of the host, by canonical id. */
  tools: { shell: string; write: string; edit: string; grep: string };
  /**
   * Hosts whose tools do not take Claude's parameters: the scenario's step (made with `tools`) as this
   * host's model would make it; throws when the host has no such tool (the scenario does not apply).
   */
  step?: (s: ModelStep, projectDir: string) => ModelStep;
  /**
   * convert's flags that trust the project as its user would, where the host runs hook-bridge's loader only in a
   * trusted project (Pi 1.x): written into the run's HOME, so a converted project needs its homeDir.
   */
  trustProject?: readonly string[];
}

export const HOSTS: Record<HostId, Host> = {
  claude: {
    id: 'claude',
    run: runClaude,
    settings: '.claude/settings.json',
    tools: { shell: 'Bash', write: 'Write', edit: 'Edit', grep: 'Grep' },
  },
  qwen: {
    id: 'qwen',
    run: runQwen,
    settings: '.qwen/settings.json',
    tools: { shell: 'run_shell_command', write: 'write_file', edit: 'edit', grep: 'grep_search' },
  },
  codebuddy: {
    id: 'codebuddy',
    run: runCodebuddy,
    settings: '.codebuddy/settings.json',
    tools: { shell: 'Bash', write: 'Write', edit: 'Edit', grep: 'Grep' },
  },
  gemini: {
    id: 'gemini',
    run: runGemini,
    settings: '.gemini/settings.json',
    tools: { shell: 'run_shell_command', write: 'write_file', edit: 'replace', grep: 'grep_search' },
  },
  // Codex's model calls exec_command {cmd} and the freeform apply_patch; scenarios name Claude's tools
  // (Codex's matcher aliases) and `codexStep` turns each call into what the Codex model sends.
  codex: {
    id: 'codex',
    run: (r) => runCodex(r),
    settings: '.codex/hooks.json',
    tools: { shell: 'Bash', write: 'Write', edit: 'Edit', grep: 'Grep' },
    step: codexStep,
  },
  // Copilot reads the project's .claude/settings.json itself: "verbatim" is that file left as it is.
  copilot: {
    id: 'copilot',
    run: (r) => runCopilotInRepo(r),
    settings: '.github/hooks/hook-bridge.json',
    tools: { shell: 'bash', write: 'create', edit: 'edit', grep: 'grep' },
    step: copilotStep,
  },
  // An in-process host: convert writes .pi/hooks.json and the extension that runs it; "as it is" is the Claude file
  // copied there (Pi reads no hook config: nothing runs).
  pi: {
    id: 'pi',
    run: (r) => runPi(withHookBridgeOnPath(r)),
    settings: '.pi/hooks.json',
    tools: { shell: 'bash', write: 'write', edit: 'edit', grep: 'grep' },
    step: piStep,
    trustProject: ['--trust-pi-project'],
  },
  // The same for OpenCode: .opencode/hooks.json and the plugin .opencode/plugin/hook-bridge.js.
  opencode: {
    id: 'opencode',
    run: (r) => runOpencode(withHookBridgeOnPath(r)),
    settings: '.opencode/hooks.json',
    tools: { shell: 'bash', write: 'write', edit: 'edit', grep: 'grep' },
    step: opencodeStep,
  },
  // Its fork Kilo Code CLI: .kilo/hooks.json and the plugin .kilo/plugins/hook-bridge.js (it does not load .opencode/).
  kilo: {
    id: 'kilo',
    run: (r) => runKilo(withHookBridgeOnPath(r)),
    settings: '.kilo/hooks.json',
    tools: { shell: 'bash', write: 'write', edit: 'edit', grep: 'grep' },
    step: kiloStep,
  },
  // Factory Droid: its own .factory/settings.json (Claude-style matcher groups, its own tool names); it does not read
  // .claude/ (docs/observations.md).
  droid: {
    id: 'droid',
    run: runDroid,
    settings: '.factory/settings.json',
    tools: { shell: 'Execute', write: 'Create', edit: 'Edit', grep: 'Grep' },
    step: droidStep,
  },
};

/** Hosts that run the project's Claude file themselves: nothing is copied for them in `verbatim` mode. */
const READS_CLAUDE_FILE: HostId[] = ['copilot'];

/**
 * The fix by hand a host's own docs lead to, where one exists (Mode `handFixed`). Copilot CLI: the hooks moved into
 * its own file `.github/hooks/hooks.json` — its event names, its tool names in the matchers, `bash`/`timeoutSec` —
 * and
 * taken out of .claude/settings.json, since Copilot would run them from there too (so Claude Code no longer runs them:
 * not a fix for a team that uses both, recorded for comparison).
 */
export const HAND_FIXES: Partial<Record<HostId, (projectDir: string) => void>> = {
  copilot: (projectDir) => {
    const EVENTS: Record<string, string> = {
      PreToolUse: 'preToolUse',
      PostToolUse: 'postToolUse',
      UserPromptSubmit: 'userPromptSubmitted',
      SessionStart: 'sessionStart',
      Stop: 'agentStop',
    };
    const TOOLS: Record<string, string> = {
      Bash: 'bash',
      Write: 'create',
      Edit: 'edit',
      MultiEdit: 'edit',
      Read: 'view',
      Grep: 'grep',
      Glob: 'glob',
    };
    const file = join(projectDir, '.claude/settings.json');
    const claude = JSON.parse(readFileSync(file, 'utf8')) as {
      hooks: Record<string, { matcher?: string; hooks: { command: string; timeout?: number }[] }[]>;
    };
    const hooks: Record<string, object[]> = {};
    for (const [event, groups] of Object.entries(claude.hooks)) {
      for (const g of groups) {
        const matcher = g.matcher
          ?.split('|')
          .map((t) => TOOLS[t] ?? t)
          .join('|');
        for (const h of g.hooks)
          (hooks[EVENTS[event] ?? event] ??= []).push({
            type: 'command',
            bash: h.command,
            ...(matcher ? { matcher } : {}),
            ...(h.timeout ? { timeoutSec: h.timeout } : {}),
          });
      }
    }
    writeJson(join(projectDir, '.github/hooks/hooks.json'), { version: 1, hooks });
    writeJson(file, {});
  },
};

/** Hosts with their own Claude-config migration (Mode `migrate`), run in the project dir with the run's HOME. */
export const MIGRATES: Partial<Record<HostId, (projectDir: string, homeDir: string) => void>> = {
  gemini: (projectDir, homeDir) => {
    writeJson(join(homeDir, '.gemini/settings.json'), GEMINI_USER_SETTINGS);
    const env = geminiEnv({ projectDir, homeDir, steps: [] }, 'http://127.0.0.1:9');
    execFileSync(process.execPath, [ensureAgent('gemini'), 'hooks', 'migrate', '--from-claude'], {
      cwd: projectDir,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  },
};

/**
 * Put the project's Claude config in front of the host: as is (Claude), converted with hook-bridge
 * (`bridged`), or copied verbatim into the host's settings file (`verbatim`, what users do today).
 */
export function installConfig(
  projectDir: string,
  host: Host,
  mode: Mode,
  homeDir?: string,
  opts: { trustCodexHooks?: boolean; untrusted?: boolean } = {},
): void {
  if (host.id === 'claude' || mode === 'reference') return;
  if (mode === 'migrate') {
    const migrate = MIGRATES[host.id];
    if (!migrate || !homeDir) throw new Error(`${host.id} has no migration of its own`);
    migrate(projectDir, homeDir);
    if (!existsSync(join(projectDir, host.settings))) throw new Error(`migration wrote no ${host.settings}`);
    return;
  }
  if (mode === 'handFixed') {
    const fix = HAND_FIXES[host.id];
    if (!fix) throw new Error(`${host.id} has no fix by hand`);
    fix(projectDir);
    return;
  }
  if (mode === 'verbatim' && READS_CLAUDE_FILE.includes(host.id)) return;
  if (mode === 'verbatim' || mode === 'pathFixed') {
    mkdirSync(join(projectDir, host.settings, '..'), { recursive: true });
    const text = readFileSync(join(projectDir, '.claude/settings.json'), 'utf8');
    writeFileSync(
      join(projectDir, host.settings),
      mode === 'verbatim' ? text : text.replace(/\$\{?CLAUDE_PROJECT_DIR\}?/g, projectDir),
    );
    return;
  }
  // The project trusted as its user would (untrusted: left as convert leaves it, what doctor warns about).
  const trustProject = opts.untrusted ? [] : (host.trustProject ?? []);
  if (trustProject.length && !homeDir) throw new Error(`${host.id}: trusting the project writes the run's HOME`);
  // The user's files convert reads and writes (Codex's config.toml, Pi's trust.json) are the run's, never the
  // developer's.
  const { PI_CODING_AGENT_DIR: _, ...parent } = process.env;
  const env =
    (host.id === 'codex' || trustProject.length) && homeDir
      ? { ...parent, HOME: homeDir, CODEX_HOME: join(homeDir, '.codex') }
      : process.env;
  const trust = [...(opts.trustCodexHooks ? ['--trust-codex-hooks'] : []), ...trustProject];
  execFileSync(
    process.execPath,
    [bin, 'convert', '--from', 'claude', '--to', host.id, '--runner', runner, '--no-backup', ...trust],
    { cwd: projectDir, env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (!existsSync(join(projectDir, host.settings))) throw new Error(`convert wrote no ${host.settings}`);
}
