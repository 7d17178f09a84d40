// The end-to-end scenarios of issue #6, as data: a Claude hook config + real scripts, what the model
// does, what to observe, and — where a host cannot express a behaviour at all — the documented
// degradation hook-bridge must produce instead (never a silent fail-open).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentRunResult, ModelStep } from '../harness/types.js';
import type { Host, HostId } from './hosts.js';

export type Observation = Record<string, boolean>;

export interface Scenario {
  id: string;
  name: string;
  /** `hooks` of a Claude settings.json; `$S` stands for the scripts directory. */
  hooks: Record<string, unknown[]>;
  prompt?: string;
  steps: (h: Host, dir: string) => ModelStep[];
  observe: (r: AgentRunResult, dir: string) => Observation;
  /** What Claude Code does (asserted on the reference run, so the comparison cannot pass vacuously). */
  expected: Observation;
  /** Files the project holds besides the scripts (path -> content). */
  files?: Record<string, string>;
  /** Extra CLI args for a host (e.g. Claude Code offers Grep only with --allowedTools naming it). */
  args?: Partial<Record<HostId, string[]>>;
  /** Hosts that cannot express the behaviour: hook-bridge's documented degradation instead. */
  limits?: Partial<Record<HostId, { expected: Observation; why: string }>>;
}

/** Why a UserPromptSubmit scenario cannot pass on Factory Droid as the harness runs it. */
const DROID_NO_UPS =
  'Factory Droid runs no UserPromptSubmit hook under plain `droid exec <prompt>`, the way the harness runs it ' +
  '(observed, test/fixtures/observed/droid/README.md §10; it does under --output-format stream-jsonrpc)';

const cmd = (script: string, timeout?: number) => ({
  type: 'command',
  command: `"$CLAUDE_PROJECT_DIR"/.hooks/${script}`,
  ...(timeout ? { timeout } : {}),
});
const marker = (dir: string, f: string) => existsSync(join(dir, f));
/** Did the model get this text anywhere (tool results, context, system prompt)? */
const told = (r: AgentRunResult, token: string) => r.requests.some((q) => JSON.stringify(q.body).includes(token));
const shell =
  (command: string) =>
  (h: Host): ModelStep[] => [{ tool: h.tools.shell, args: { command, description: 'run it' } }];

export const SCENARIOS: Scenario[] = [
  {
    id: 'guard-exit2',
    name: 'PreToolUse Bash guard denies rm -rf via exit 2',
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd('block-rm.sh', 10)] }] },
    steps: shell('rm -rf victim && touch removed.marker'),
    observe: (r, d) => ({ toolRan: marker(d, 'removed.marker'), toldReason: told(r, 'Blocked by block-rm.sh') }),
    expected: { toolRan: false, toldReason: true },
  },
  {
    id: 'guard-json-bash',
    name: 'PreToolUse Bash guard denies rm -rf via JSON permissionDecision',
    hooks: {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: 'node "$CLAUDE_PROJECT_DIR/.hooks/deny-rm-json.js"' }] },
      ],
    },
    steps: shell('rm -rf victim && touch removed-json.marker'),
    observe: (r, d) => ({ toolRan: marker(d, 'removed-json.marker'), toldReason: told(r, 'JSON-DENY: no rm -rf') }),
    expected: { toolRan: false, toldReason: true },
  },
  {
    id: 'guard-harmless',
    name: 'the same guard lets a harmless command run',
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd('block-rm.sh', 10)] }] },
    steps: shell('echo ok > harmless.marker'),
    observe: (_r, d) => ({ toolRan: marker(d, 'harmless.marker') }),
    expected: { toolRan: true },
  },
  {
    id: 'guard-json-deny',
    name: 'Write|Edit guard denies .env via JSON permissionDecision',
    hooks: {
      PreToolUse: [
        {
          matcher: 'Write|Edit|MultiEdit',
          hooks: [{ type: 'command', command: 'python3 "$CLAUDE_PROJECT_DIR/.hooks/protect-env.py"' }],
        },
      ],
    },
    steps: (h, d) => [{ tool: h.tools.write, args: { file_path: join(d, '.env'), content: 'SECRET=1\n' } }],
    observe: (r, d) => ({ toolRan: marker(d, '.env'), toldReason: told(r, 'holds secrets and may not be written') }),
    expected: { toolRan: false, toldReason: true },
    limits: {
      gemini: {
        expected: { toolRan: false, toldReason: false },
        why:
          'Gemini CLI refuses any path with a .env segment itself, before BeforeTool hooks run: the ' +
          'write is stopped, but the hook never runs, so its reason cannot reach the model',
      },
    },
  },
  {
    id: 'rewrite',
    name: 'updatedInput rewriter: the rewritten command is what runs',
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd('rewrite.js')] }] },
    steps: shell('touch original.marker'),
    observe: (r, d) => ({
      originalRan: marker(d, 'original.marker'),
      rewrittenRan: marker(d, 'rewritten.marker'),
      toldRewrite: told(r, 'Re-issue the call as'),
    }),
    expected: { originalRan: false, rewrittenRan: true, toldRewrite: false },
    limits: {
      qwen: {
        expected: { originalRan: false, rewrittenRan: false, toldRewrite: true },
        why:
          'Qwen Code ignores updatedInput in PreToolUse: hook-bridge denies the ' +
          'call and tells the model the rewritten form (--rewrite deny)',
      },
    },
  },
  {
    id: 'post-context',
    name: 'PostToolUse additionalContext reaches the model',
    hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [cmd('post-context.sh')] }] },
    steps: shell('echo hi'),
    observe: (r) => ({ toldContext: told(r, 'CTX-POST') }),
    expected: { toldContext: true },
  },
  {
    id: 'pre-context',
    name: 'a PreToolUse note (allow with only additionalContext) reaches the model with the tool result',
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd('pre-note.sh')] }] },
    // PRE-OUT-42 is in the output only (the command text has %d; Gemini CLI refuses $((…))): the note must come with
    // the result.
    steps: shell("printf 'PRE-OUT-%d' 42"),
    observe: (r) => ({
      toolRan: told(r, 'PRE-OUT-42'),
      toldNote: told(r, 'CTX-PRENOTE'),
      noteWithResult: r.requests.some((q) => {
        const body = JSON.stringify(q.body);
        return body.includes('CTX-PRENOTE') && body.includes('PRE-OUT-42');
      }),
    }),
    expected: { toolRan: true, toldNote: true, noteWithResult: true },
  },
  {
    id: 'post-grep-result',
    name: "PostToolUse Grep hook reads Claude's result object (tool_response.filenames)",
    hooks: { PostToolUse: [{ matcher: 'Grep', hooks: [cmd('grep-files.js')] }] },
    files: { 'src/needle.txt': 'first line\nNEEDLE-7731 here\n' },
    // Claude Code 2.1.330 offers Grep only when --allowedTools names it (docs/observations.md).
    args: { claude: ['--allowedTools', 'Glob,Grep'] },
    steps: (h) => [{ tool: h.tools.grep, args: { pattern: 'NEEDLE-77[0-9]+' } }],
    observe: (r) => ({ toldFiles: told(r, 'GREP-FILES: src/needle.txt') }),
    expected: { toldFiles: true },
    limits: {
      droid: {
        expected: { toldFiles: false },
        why:
          "Factory Droid's Grep result is the text its model got, not Claude's object: hook-bridge has no Droid " +
          'results module yet, so the script finds no filenames (docs/observations.md, Factory Droid)',
      },
    },
  },
  {
    id: 'ups-json',
    name: 'UserPromptSubmit JSON additionalContext reaches the model',
    hooks: { UserPromptSubmit: [{ hooks: [cmd('ups-json.sh')] }] },
    steps: () => [],
    observe: (r) => ({ toldContext: told(r, 'CTX-UPSJ') }),
    expected: { toldContext: true },
    limits: { droid: { expected: { toldContext: false }, why: DROID_NO_UPS } },
  },
  {
    id: 'ups-plain',
    name: 'UserPromptSubmit plain stdout reaches the model',
    hooks: { UserPromptSubmit: [{ hooks: [cmd('ups-plain.sh')] }] },
    steps: () => [],
    observe: (r) => ({ toldContext: told(r, 'CTX-UPSP') }),
    expected: { toldContext: true },
    limits: { droid: { expected: { toldContext: false }, why: DROID_NO_UPS } },
  },
  {
    id: 'ups-block',
    name: 'a prompt blocker stops the prompt before the model',
    hooks: {
      UserPromptSubmit: [
        { hooks: [{ type: 'command', command: 'python3 "$CLAUDE_PROJECT_DIR/.hooks/ups-block.py"' }] },
      ],
    },
    prompt: 'my password is hunter2, go',
    steps: () => [],
    observe: (r) => ({ modelCalled: r.requests.length > 0 }),
    expected: { modelCalled: false },
    limits: { droid: { expected: { modelCalled: true }, why: DROID_NO_UPS } },
  },
  {
    id: 'session-start',
    name: 'SessionStart context reaches the model',
    hooks: { SessionStart: [{ hooks: [cmd('session-start.sh')] }] },
    steps: () => [],
    observe: (r) => ({ toldContext: told(r, 'CTX-SS') }),
    expected: { toldContext: true },
  },
  {
    id: 'stop-block',
    name: 'a Stop hook keeps the agent going once (stop_hook_active)',
    hooks: { Stop: [{ hooks: [cmd('stop-once.sh')] }] },
    steps: () => [],
    observe: (r) => ({ toldReason: told(r, 'CONTINUE-STOP') }),
    expected: { toldReason: true },
    limits: {
      codebuddy: {
        expected: { toldReason: false },
        why: 'CodeBuddy Code ignores Stop-hook blocks in -p mode (ground truth u11..u13); nothing can express it',
      },
    },
  },
  {
    id: 'stop-transcript',
    name: 'a Stop hook that reads the last assistant message from the transcript keeps the agent going once',
    hooks: { Stop: [{ hooks: [cmd('stop-last-message.sh')] }] },
    steps: () => [],
    // The reason quotes the last assistant text ("done"): only a Claude-format transcript yields it.
    observe: (r) => ({ toldLastMessage: told(r, 'TRANSCRIPT-SAYS[done]'), oneMoreTurn: r.requests.length === 2 }),
    expected: { toldLastMessage: true, oneMoreTurn: true },
    limits: {
      opencode: {
        expected: { toldLastMessage: false, oneMoreTurn: false },
        why:
          'OpenCode keeps its sessions in SQLite, with no transcript file a script can read: transcript_path is ' +
          'empty ' +
          '(mappings/dialects/opencode.yaml payload.transcript)',
      },
      kilo: {
        expected: { toldLastMessage: false, oneMoreTurn: false },
        why:
          'Kilo Code CLI keeps its sessions in SQLite as OpenCode does, with no transcript file a script can read ' +
          '(mappings/dialects/opencode.yaml payload.transcript, inherited by kilo.yaml)',
      },
      codebuddy: {
        expected: { toldLastMessage: false, oneMoreTurn: false },
        why: 'CodeBuddy Code ignores Stop-hook blocks in -p mode (ground truth u11..u13); nothing can express it',
      },
    },
  },
  {
    id: 'timeout',
    name: 'a hook that times out lets the tool run (Claude rule)',
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd('slow-deny.sh', 2)] }] },
    steps: shell('touch after-timeout.marker'),
    observe: (_r, d) => ({ toolRan: marker(d, 'after-timeout.marker') }),
    expected: { toolRan: true },
  },
  {
    id: 'crash',
    name: 'a crashing hook (exit 1) does not block',
    hooks: {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: 'node "$CLAUDE_PROJECT_DIR/.hooks/crash.js"' }] },
      ],
    },
    steps: shell('touch after-crash.marker'),
    observe: (_r, d) => ({ toolRan: marker(d, 'after-crash.marker') }),
    expected: { toolRan: true },
  },
  {
    id: 'ask',
    name: 'ask in a headless run denies with the reason',
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd('ask.sh')] }] },
    steps: shell('touch asked.marker'),
    observe: (r, d) => ({ toolRan: marker(d, 'asked.marker'), toldReason: told(r, 'ASK-REASON') }),
    expected: { toolRan: false, toldReason: true },
  },
];
