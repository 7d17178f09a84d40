// What the real-project suite tries on each project: the battery of calls every project gets, and per project what it
// needs beyond the copy: the agent its hooks are written for (when not Claude Code), the programs its hooks start that
// its users have installed (stubs on PATH, only where the original agent would have them too), and the calls its own
// guards are about.
import type { DialectId } from '../../src/model/dialect-ids.js';

/** A call in canonical terms (events.yaml, tools.yaml; parameters in Claude Code's names); `<project>/…`: a path in
 * the project.
 */
export interface BatteryCall {
  id: string;
  event: string;
  tool?: string;
  input?: Record<string, unknown>;
  prompt?: string;
}

export const BATTERY: BatteryCall[] = [
  { id: 'rm -rf /', event: 'pre-tool-use', tool: 'shell', input: { command: 'rm -rf /' } },
  { id: 'ls', event: 'pre-tool-use', tool: 'shell', input: { command: 'ls' } },
  {
    id: 'write .env',
    event: 'pre-tool-use',
    tool: 'file.write',
    input: { file_path: '<project>/.env', content: 'API_KEY=sk-test\n' },
  },
  {
    id: 'write source',
    event: 'pre-tool-use',
    tool: 'file.write',
    input: { file_path: '<project>/src/app.ts', content: 'export const answer = 42;\n' },
  },
  {
    id: 'edit',
    event: 'pre-tool-use',
    tool: 'file.edit',
    input: { file_path: '<project>/src/app.ts', old_string: '42', new_string: '43' },
  },
  { id: 'read', event: 'pre-tool-use', tool: 'file.read', input: { file_path: '<project>/README.md' } },
  {
    id: 'after write',
    event: 'post-tool-use',
    tool: 'file.write',
    input: { file_path: '<project>/src/app.ts', content: 'export const answer = 42;\n' },
  },
  { id: 'after shell', event: 'post-tool-use', tool: 'shell', input: { command: 'ls' } },
  { id: 'prompt', event: 'user-prompt-submit', prompt: 'add a unit test for the parser' },
  { id: 'stop', event: 'stop' },
  { id: 'session start', event: 'session-start' },
];

/** A program a project's hooks start, put on PATH for the runs: `<fixture>` is the project's copy. */
export interface Stub {
  name: string;
  script: string;
  /** Why the original agent's users have it. */
  why: string;
}

export interface ProjectSetup {
  from?: DialectId;
  stubs?: Stub[];
  calls?: BatteryCall[];
  /**
   * convert refuses the project, by design: the message it gives, and why that is right (then no call is tried).
   */
  convertRefuses?: { message: string; why: string };
  /** Variables set for every run (the project's own switches), with `why`. */
  env?: Record<string, string>;
  why?: string;
}

/** `uv run [--script] <file> args…` as python3 <file> args… (the scripts' dependencies are optional). */
const UV: Stub = {
  name: 'uv',
  script:
    '#!/bin/sh\n# uv stand-in: uv run [--script] <file> [args]\n[ "$1" = run ] || exit 2\nshift\n' +
    '[ "$1" = --script ] && shift\nexec python3 "$@"\n',
  why: 'the project runs every hook with `uv run`: its users have uv',
};

const bash = (id: string, command: string): BatteryCall => ({
  id,
  event: 'pre-tool-use',
  tool: 'shell',
  input: { command },
});

export const SETUPS: Record<string, ProjectSetup> = {
  'affaan-m__everything-claude-code': {
    calls: [bash('git commit --no-verify', 'git commit --no-verify -m wip')],
    env: { ECC_DISABLED_HOOKS: 'pre:observe,post:observe' },
    why:
      'its continuous-learning observer (async on Claude Code: it decides nothing, 4 s a call) is switched off with ' +
      "the project's own ECC_DISABLED_HOOKS, to keep the suite fast",
  },
  'disler__claude-code-hooks-mastery': { stubs: [UV] },
  'kenryu42__claude-code-safety-net': {
    stubs: [
      {
        name: 'npx',
        script:
          '#!/bin/sh\n# npx stand-in: `npx -y cc-safety-net …` runs the package the project publishes (its copy)\n' +
          '[ "$1" = -y ] && shift\n[ "$1" = cc-safety-net ] || { echo "npx stand-in: only cc-safety-net" >&2; ' +
          'exit 127; }\nshift\nexec node "<fixture>/dist/bin/cc-safety-net.js" "$@"\n',
        why: 'its Copilot hook runs `npx -y cc-safety-net`, which npm fetches: the same program as the copy',
      },
    ],
    calls: [bash('git push --force', 'git push --force origin main'), bash('git reset --hard', 'git reset --hard')],
  },
  sethdf__lifemaestro: { calls: [bash('git push --force', 'git push --force origin main')] },
  rysweet__azlin: { from: 'copilot' },
  '0x1337c0d3__claude-security': { stubs: [UV] },
  '89simpson__qwen-code-starter': { from: 'qwen' },
  'alchimie-di-circe__Extractor-desktop-app': {
    from: 'gemini',
    convertRefuses: {
      message: 'hook has no "type"',
      why:
        'its hooks have no `type`: Gemini CLI 0.61.0 discards each of them (hookRegistry validateHookConfig: ' +
        '"Invalid hook … type: undefined"), so they never run there; convert says where each one is instead of ' +
        'guessing',
    },
  },
  'AlexDeMichieli__copilot-hooks-demo': { from: 'copilot' },
  'JanneMattila__github-copilot-demos': { from: 'copilot' },
  'Arthur1511__agentspec-copilot': { from: 'copilot' },
  'Arithmomaniac__copilot-repository-tools': {
    from: 'copilot',
    stubs: [
      {
        ...UV,
        why: 'its sessionEnd hook lints with `uv run ruff`: its users have uv (no call of the battery runs it)',
      },
    ],
  },
  'HemSoft__hs-buddy': { from: 'copilot' },
  'FiligranHQ__filigran-ui': { from: 'copilot' },
  'Nick2bad4u__Stylelint-Config-Inspector': { from: 'copilot' },
  '0maru__gh-zen': { from: 'codex' },
  '12vault__ravel': { from: 'codex' },
  '5uck1ess__devkit': { calls: [bash('git push --force', 'git push --force origin main')] },
  '0xDarkMatter__claude-mods': {
    calls: [bash('git reset --hard', 'git reset --hard HEAD~3'), bash('npm install', 'npm install left-pad')],
  },
};

export const setupOf = (name: string): ProjectSetup => SETUPS[name] ?? {};
