#!/usr/bin/env node
// npm run bench: the cost of `hook-bridge run` (the wrapper a host runs on EVERY tool call) against
// the bare hook, a minimal hand-written wrapper (bench/minimal-wrapper.mjs) and `node -e 0`; plus the
// start-up of `--help` and `convert`. Variants of a group run interleaved (round-robin, rotated
// start), many rounds; we report median / p90 wall time per invocation and the median of per-round
// ratios. Peak memory of the wrapper process at 2 KB / 100 KB / 10 MB payloads. Results also go to
// .cache/bench-results.json. Targets are reported PASS/MISS; the exit code is 0 either way (only a
// variant that does not work — verified before timing — exits 1).
// Transcript translation (a Claude script under Qwen Code reads a Claude-format transcript_path): one call
// after the first on a 50 MB Qwen transcript against one on a 50 KB one, the host appending a record before
// each call (the incremental cache reads only what is new). The guard cannot read the transcript, so `run`
// (--transcript auto) skips the step for it; the transcript variants and `runAlways` pass --transcript always,
// which is what a script that reads it pays. `dispatch` with 5 hooks is shown beside its floor, a minimal
// node dispatcher (bench/minimal-dispatch.mjs) starting the same 5 hooks.
// A tool call on a converted config, as the host makes it (issue 23): the entries whose matcher fires, each started
// with the host's shell, in parallel, the call done when all have exited. For 1, 5 and 9 matching hooks: the default
// conversion (hooks that fire for the same calls share one `dispatch` entry; one hook keeps its `run` wrapper), the
// one-wrapper-per-hook conversion (--wrap, the default before), and the minimal N-hook dispatcher registered the same
// way; wall time and the CPU time of the whole process tree (/proc/self/stat cutime+cstime, where there is one).
// GitHub Copilot CLI (issue 22): `run --to copilot` on its own file's payload (--event preToolUse) and in its
// Claude-compatible
// mode beside the other hosts, and Claude Code's cost of the gate `convert --to copilot` puts in front of each hook in
// .claude/settings.json (taken from a real conversion): /bin/sh -c with the gate and without, and the gated hook under
// Copilot.
//   BENCH_ROUNDS=n   rounds per group (default 30)
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS) || 30);
const WARMUP = 2;
const NODE = process.execPath;
const BIN = join(root, 'bin/hook-bridge.cjs');
const MINIMAL = join(root, 'bench/minimal-wrapper.mjs');
const PROBE = join(root, 'bench/rss-probe.cjs');
const SIZES = { '2KB': 2 * 1024, '100KB': 100 * 1024, '10MB': 10_000_000 };
// Memory only: run carries any payload a host can send (issue 29 took out the 10 MiB cap): what a large one costs.
const MEMORY_SIZES = { ...SIZES, '11MB': 11 * 1024 * 1024, '100MB': 100 * 1024 * 1024 };
const TARGETS = {
  runVsMinimalSmall: 1.0,
  runVsMinimal10MB: 1.5,
  helpMs: 100,
  convertMs: 70,
  dispatchVsMinimalDispatch: 1.1,
  transcript50MBvs50KB: 1.2,
};

// ---------- environment: the same for every variant ----------
const STRIP = [
  'NODE_OPTIONS',
  'NODE_EXTRA_CA_CERTS',
  'NODE_COMPILE_CACHE',
  'NODE_V8_COVERAGE',
  'NODE_DEBUG',
  'NODE_DEBUG_NATIVE',
  'NODE_PRESERVE_SYMLINKS',
  'NODE_REDIRECT_WARNINGS',
  'NODE_PENDING_DEPRECATION',
  'NODE_NO_WARNINGS',
  'NODE_ICU_DATA',
  'NODE_PATH',
  'UV_THREADPOOL_SIZE',
];
const env = { ...process.env };
const stripped = STRIP.filter((k) => k in env);
for (const k of STRIP) delete env[k];

// ---------- fixtures, generated into a temp dir ----------
const tmp = mkdtempSync(join(tmpdir(), 'hook-bridge-bench-'));
const project = join(tmp, 'project');
mkdirSync(join(project, '.claude'), { recursive: true });
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
// run keeps its translated transcripts here (not in the user's ~/.cache)
env.HOOK_BRIDGE_CACHE_DIR = join(tmp, 'cache');

const GUARD_SH = join(tmp, 'guard.sh');
writeFileSync(
  GUARD_SH,
  `#!/usr/bin/env bash
# realistic guard: block rm -rf, stay silent otherwise
cmd=$(jq -r '.tool_input.command // empty')
case "$cmd" in
  *"rm -rf"*) echo "blocked: rm -rf is not allowed" >&2; exit 2 ;;
esac
exit 0
`,
);
const GUARD_PY = join(tmp, 'guard.py');
writeFileSync(
  GUARD_PY,
  `import json, sys
d = json.load(sys.stdin)
cmd = (d.get("tool_input") or {}).get("command") or ""
if "rm -rf" in cmd:
    print("blocked: rm -rf is not allowed", file=sys.stderr)
    sys.exit(2)
sys.exit(0)
`,
);
const HOOK_CMD = `bash '${GUARD_SH}'`;

const SAFE = 'git status --short && npm test -- --reporter=dot';
const DANGER = 'rm -rf ./build && npm run build';
const FILLER = 'Run the project test-suite and show a short status of the working tree before committing. ';
/** Pad tool_input.description so the JSON (plus newline) is exactly `bytes` long. */
function sized(base, bytes) {
  const p = structuredClone(base);
  const input = p.tool_input ?? p.toolArgs;
  input.description = '';
  const need = bytes - (JSON.stringify(p).length + 1);
  if (need < 0) throw new Error(`payload base larger than ${bytes}`);
  input.description = FILLER.repeat(Math.ceil(need / FILLER.length)).slice(0, need);
  const buf = Buffer.from(`${JSON.stringify(p)}\n`);
  if (buf.length !== bytes) throw new Error('padding went wrong');
  return buf;
}
// Qwen-shaped (what the host sends: test/fixtures/ground-truth/qwen/payloads/PreToolUse-run_shell_command.json)
const qwenBase = (command) => ({
  session_id: '6f893e40-9b40-4ffa-a8c1-62c5626e92f2',
  transcript_path: '/HOME/.qwen/projects/-project/chats/6f893e40-9b40-4ffa-a8c1-62c5626e92f2.jsonl',
  cwd: project,
  hook_event_name: 'PreToolUse',
  timestamp: '2026-11-22T05:01:53.033Z',
  permission_mode: 'yolo',
  prompt_id: '6f893e40-9b40-4ffa-a8c1-62c5626e92f2########0',
  tool_name: 'run_shell_command',
  tool_input: { command, description: '' },
  tool_use_id: 'toolu_1795323713033_z7eef9j3s',
  tool_call_id: 'call_3',
});
// Claude-shaped (what the bare hook would get from Claude Code)
const claudeBase = (command) => ({
  session_id: '8b9ed5b7-a60a-47f2-96fc-d20cf82b45f4',
  transcript_path: '/HOME/.claude/projects/-project/8b9ed5b7-a60a-47f2-96fc-d20cf82b45f4.jsonl',
  cwd: project,
  prompt_id: '0b7df9c3-81ac-4883-90b5-e56acf3da44c',
  permission_mode: 'bypassPermissions',
  effort: { level: 'medium' },
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command, description: '' },
  tool_use_id: 'toolu_mwrdf9ch0000',
});
// Qwen Code transcripts (record shapes of test/fixtures/transcripts/qwen/session.jsonl), ~1 KB a record.
let recNo = 0;
function qwenRecords(n) {
  const out = [];
  for (let i = 0; i < n; i++, recNo++) {
    const base = {
      uuid: `00000000-0000-4000-8000-${String(recNo).padStart(12, '0')}`,
      parentUuid: null,
      sessionId: 'bench',
      timestamp: '2026-11-25T13:05:31.418Z',
      cwd: project,
      version: '0.24.4',
    };
    const call = `call_${recNo - (recNo % 3)}`;
    const k = recNo % 3;
    if (k === 0)
      out.push({
        ...base,
        type: 'assistant',
        model: 'mock-model',
        message: {
          role: 'model',
          parts: [
            { text: FILLER.repeat(4) },
            { functionCall: { id: call, name: 'run_shell_command', args: { command: SAFE, description: FILLER } } },
          ],
        },
      });
    else if (k === 1)
      out.push({
        ...base,
        type: 'tool_result',
        message: {
          role: 'user',
          parts: [
            {
              functionResponse: {
                id: call,
                name: 'run_shell_command',
                response: {
                  output:
                    `Command: ${SAFE}\nDirectory: (root)\nOutput: ${FILLER.repeat(5)}\nError: (none)\nExit Code: ` +
                    `0\nSignal: (none)\nProcess Group PGID: (none)`,
                },
              },
            },
          ],
        },
        toolCallResult: { callId: call, status: 'success' },
      });
    else
      out.push({
        ...base,
        type: 'system',
        subtype: 'ui_telemetry',
        systemPayload: { uiEvent: { 'event.name': 'qwen-code.api_response', text: FILLER.repeat(6) } },
      });
  }
  return out.map((r) => `${JSON.stringify(r)}\n`).join('');
}
const TRANSCRIPTS = { '50KB': 50 * 1024, '50MB': 50 * 1024 * 1024 };
const transcriptFile = {};
for (const [k, bytes] of Object.entries(TRANSCRIPTS)) {
  const f = join(tmp, `qwen-${k}.jsonl`);
  const one = qwenRecords(300);
  writeFileSync(f, one.repeat(Math.max(1, Math.round(bytes / one.length))));
  transcriptFile[k] = f;
}
const NEXT_RECORD = qwenRecords(3); // what the host appends before each call: a tool call, its result, telemetry
// Gemini-shaped (test/fixtures/observed/gemini/payloads/BeforeTool-run_shell_command.json)
const geminiBase = (command) => ({
  session_id: '477c551b-f3d8-48bd-8cb0-8cf966a38c9c',
  transcript_path: '/HOME/.gemini/tmp/project/chats/session-2026-11-25T13-38-477c551b.jsonl',
  cwd: project,
  hook_event_name: 'BeforeTool',
  timestamp: '2026-11-25T13:38:31.322Z',
  tool_name: 'run_shell_command',
  tool_input: { command, description: '' },
});
// Codex-shaped (test/fixtures/ground-truth/codex/payloads/PreToolUse-Bash.json, PreToolUse-apply_patch-add.json)
const codexBase = (command) => ({
  session_id: '01a212a5-cf1c-7a42-ba46-4fc7f5b0bf6f',
  turn_id: '01a212a5-cf34-74d1-8986-9d01ff9a9e1b',
  transcript_path:
    '/HOME/.codex/sessions/2026/11/25/rollout-2026-11-25T12-19-46-01a212a5-cf1c-7a42-ba46-4fc7f5b0bf6f.jsonl',
  cwd: project,
  hook_event_name: 'PreToolUse',
  model: 'gpt-5.5',
  permission_mode: 'bypassPermissions',
  tool_name: 'Bash',
  tool_input: { command },
  tool_use_id: 'call_mww3cjae0002',
});
const codexPatch = () => ({
  ...codexBase(''),
  tool_name: 'apply_patch',
  tool_input: { command: '*** Begin Patch\n*** Add File: notes.txt\n+hello notes\n*** End Patch\n' },
});
// GitHub Copilot CLI, its own files (test/fixtures/observed/copilot/payloads/own/preToolUse-bash.json: camelCase, no
// event
// name; the wrapper's --event names it) and its Claude-compatible mode (payloads/claude/PreToolUse-bash.json).
const copilotBase = (command) => ({
  sessionId: 'f73bd633-52f0-4fa7-9447-39ea1571e3db',
  timestamp: 1795719060693,
  cwd: project,
  toolName: 'bash',
  toolArgs: { command, description: '' },
});
const copilotClaudeBase = (command) => ({
  hook_event_name: 'PreToolUse',
  session_id: '99a328ec-b1dd-4c3b-86a7-f6c309ab2209',
  timestamp: '2026-11-26T18:51:07.514Z',
  cwd: project,
  tool_name: 'Bash',
  tool_input: { command, description: '' },
});
const payloads = {};
for (const [k, bytes] of Object.entries(SIZES)) {
  payloads[k] = {
    qwen: sized(qwenBase(SAFE), bytes),
    claude: sized(claudeBase(SAFE), bytes),
    gemini: sized(geminiBase(SAFE), bytes),
    qwenDeny: sized(qwenBase(DANGER), bytes),
    claudeDeny: sized(claudeBase(DANGER), bytes),
    geminiDeny: sized(geminiBase(DANGER), bytes),
    codex: sized(codexBase(SAFE), bytes),
    codexDeny: sized(codexBase(DANGER), bytes),
    codexPatch: sized(codexPatch(), bytes),
    copilot: sized(copilotBase(SAFE), bytes),
    copilotDeny: sized(copilotBase(DANGER), bytes),
    copilotClaude: sized(copilotClaudeBase(SAFE), bytes),
    copilotClaudeDeny: sized(copilotClaudeBase(DANGER), bytes),
  };
}

for (const [k, bytes] of Object.entries(MEMORY_SIZES))
  payloads[k] ??= { qwen: sized(qwenBase(SAFE), bytes), claude: sized(claudeBase(SAFE), bytes) };

// 200 Claude hooks for `convert`
function claudeSettings() {
  const pre = [
    'Bash',
    'Write|Edit|MultiEdit',
    'mcp__github__.*',
    'Read',
    'WebFetch',
    'Glob|Grep',
    'mcp__.*__write.*',
    'Task',
  ];
  const post = ['Write|Edit|MultiEdit', 'Bash', 'mcp__github__create_.*', 'NotebookEdit', '.*'];
  const cmds = [
    (i) => `"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard-${i}.sh`,
    (i) => `jq -r '.tool_input.file_path // empty' | xargs -r npx prettier --write # ${i}`,
    (i) => `python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/audit.py" --rule ${i}`,
    (i) => `node ~/.claude/hooks/log.mjs --id ${i}`,
    (i) => `bash -c 'cat >> /tmp/claude-hook-${i}.log'`,
  ];
  const hooks = { PreToolUse: [], PostToolUse: [], UserPromptSubmit: [] };
  let n = 0;
  for (let g = 0; n < 200; g++) {
    const event = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit'][g % 3];
    const group = { hooks: [] };
    if (event === 'PreToolUse') group.matcher = pre[g % pre.length];
    if (event === 'PostToolUse') group.matcher = post[g % post.length];
    for (let j = 0; j < 1 + (g % 3) && n < 200; j++, n++) {
      group.hooks.push({
        type: 'command',
        command: cmds[n % cmds.length](n),
        ...(n % 4 === 0 ? { timeout: 5 + (n % 60) } : {}),
      });
    }
    hooks[event].push(group);
  }
  return { permissions: { allow: ['Bash(npm test:*)'] }, hooks };
}
const SETTINGS = join(project, '.claude/settings.json');
writeFileSync(SETTINGS, `${JSON.stringify(claudeSettings(), null, 2)}\n`);

// A project for `convert --dispatch`: 5 guards on Bash (each a separate hook) and one on Write.
const DPROJ = join(tmp, 'dispatch-project');
mkdirSync(join(DPROJ, '.claude'), { recursive: true });
const DHOOKS = [1, 2, 3, 4, 5].map((i) => ({ type: 'command', command: `${HOOK_CMD} ${i}` }));
writeFileSync(
  join(DPROJ, '.claude/settings.json'),
  `${JSON.stringify(
    {
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: DHOOKS },
          { matcher: 'Write', hooks: [{ type: 'command', command: `${HOOK_CMD} w` }] },
        ],
      },
    },
    null,
    2,
  )}\n`,
);
const DCONFIG = join(DPROJ, '.claude/settings.json');
// The same with hooks that cost nothing themselves (`cat >/dev/null`): what hook-bridge adds, not the hooks' own CPU
// (5 bash+jq guards in parallel are 15 processes on 2 cores, whoever starts them).
const TRIVIAL = 'cat >/dev/null';
const DCONFIG_TRIVIAL = join(DPROJ, 'trivial-5.json');
writeFileSync(
  DCONFIG_TRIVIAL,
  `${JSON.stringify(
    {
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [1, 2, 3, 4, 5].map((i) => ({ type: 'command', command: `${TRIVIAL} # ${i}` })) },
        ],
      },
    },
    null,
    2,
  )}\n`,
);

// A project converted as a user would (issue 23): 1 hook on Read, 5 on Bash, 9 on Write|Edit, hooks that only read
// stdin (what hook-bridge adds, not the hooks' own CPU), converted --to qwen with default flags and with --wrap.
const GPROJ = join(tmp, 'grouped-project');
mkdirSync(join(GPROJ, '.claude'), { recursive: true });
const trivialHooks = (n, tag) =>
  Array.from({ length: n }, (_, i) => ({ type: 'command', command: `${TRIVIAL} # ${tag} ${i + 1}` }));
const GROUPED = {
  1: { matcher: 'Read', tool: 'read_file' },
  5: { matcher: 'Bash', tool: 'run_shell_command' },
  9: { matcher: 'Write|Edit', tool: 'edit' },
};
writeFileSync(
  join(GPROJ, '.claude/settings.json'),
  `${JSON.stringify(
    {
      hooks: {
        PreToolUse: Object.entries(GROUPED).map(([n, g]) => ({
          matcher: g.matcher,
          hooks: trivialHooks(Number(n), g.matcher),
        })),
      },
    },
    null,
    2,
  )}\n`,
);
const UNWATCHED_TOOL = 'web_fetch';
const hostShell = ['bash', '-c']; // Qwen Code runs a hook command with bash -c (mappings/dialects/qwen.yaml shell)
const shq = (x) => `'${x.replace(/'/g, `'\\''`)}'`;
const RUNNER = `${shq(NODE)} ${shq(BIN)}`;

// everything-claude-code's hook set (issue 29: test/real-projects/affaan-m__everything-claude-code, a Claude plugin):
// 28 hooks, every matcher group with a `description` and an `id`, 8 on PreToolUse (`Bash`, `Write`, `Edit|Write`, `*`,
// `Bash|Write|Edit|MultiEdit` …, one `async`), 10 on PostToolUse. Its matchers, fields and timeouts as they are; each
// command replaced by one that only reads stdin (hook-bridge's own cost, not its node programs'). A write_file on
// Qwen Code, before and after the tool, as the host makes it.
const EPROJ = join(tmp, 'ecc-project');
const ECC = join(root, 'test/real-projects/affaan-m__everything-claude-code');
const eccSet = JSON.parse(readFileSync(join(ECC, 'hooks/hooks.json'), 'utf8'));
for (const groups of Object.values(eccSet.hooks))
  for (const g of groups) for (const h of g.hooks) h.command = `${TRIVIAL} # ${g.id}`;
mkdirSync(join(EPROJ, 'hooks'), { recursive: true });
mkdirSync(join(EPROJ, '.claude-plugin'), { recursive: true });
writeFileSync(join(EPROJ, 'hooks/hooks.json'), `${JSON.stringify(eccSet, null, 2)}\n`);
writeFileSync(join(EPROJ, '.claude-plugin/plugin.json'), readFileSync(join(ECC, '.claude-plugin/plugin.json')));
const ECC_EVENTS = ['PreToolUse', 'PostToolUse'];

// The gate `convert --to copilot` puts in front of a Claude hook in .claude/settings.json (docs/decided-behaviours.md):
// taken from a real conversion, then run as Claude Code runs a hook (/bin/sh -c, CLAUDE_PID = the process that started
// the shell) and as Copilot CLI does (COPILOT_CLI=1, the shell not Claude Code's): Claude's cost, and what it saves
// Copilot.
const GATE_PROJ = join(tmp, 'gate-project');
mkdirSync(join(GATE_PROJ, '.claude'), { recursive: true });
writeFileSync(
  join(GATE_PROJ, '.claude/settings.json'),
  `${JSON.stringify(
    { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: HOOK_CMD }] }] } },
    null,
    2,
  )}\n`,
);
const gateRun = spawnSync(NODE, [BIN, 'convert', GATE_PROJ, '--to', 'copilot', '--no-backup'], {
  cwd: tmp,
  env,
  encoding: 'utf8',
});
const GATED_CMD =
  gateRun.status === 0
    ? JSON.parse(readFileSync(join(GATE_PROJ, '.claude/settings.json'), 'utf8')).hooks.PreToolUse[0].hooks[0].command
    : '';
const CLAUDE_ENV = { CLAUDE_PID: String(process.pid), CLAUDECODE: '1' };

// ---------- variants ----------
const runArgs = (cmd, to = 'qwen', ...opts) => [BIN, 'run', '--from', 'claude', '--to', to, ...opts, '-c', cmd];
const MINIMAL_DISPATCH = join(root, 'bench/minimal-dispatch.mjs');
const V = {
  bareJq: { label: 'bare hook: bash+jq', file: 'bash', args: [GUARD_SH], input: 'claude' },
  barePy: { label: 'bare hook: python3', file: 'python3', args: [GUARD_PY], input: 'claude' },
  minimal: { label: 'minimal wrapper (node) + bash+jq', file: NODE, args: [MINIMAL, HOOK_CMD], input: 'qwen' },
  run: { label: 'hook-bridge run + bash+jq', file: NODE, args: runArgs(HOOK_CMD), input: 'qwen' },
  runGemini: {
    label: 'hook-bridge run --to gemini + bash+jq',
    file: NODE,
    args: runArgs(HOOK_CMD, 'gemini'),
    input: 'gemini',
  },
  runCodex: {
    label: 'hook-bridge run --to codex + bash+jq',
    file: NODE,
    args: runArgs(HOOK_CMD, 'codex'),
    input: 'codex',
  },
  runCodexPatch: {
    label: 'hook-bridge run --to codex + bash+jq, apply_patch (one Write)',
    file: NODE,
    args: runArgs(HOOK_CMD, 'codex'),
    input: 'codexPatch',
  },
  runCopilot: {
    label: 'hook-bridge run --to copilot (its own file) + bash+jq',
    file: NODE,
    args: runArgs(HOOK_CMD, 'copilot', '--event', 'preToolUse'),
    input: 'copilot',
  },
  runCopilotClaude: {
    label: 'hook-bridge run --to copilot (Claude-compatible mode) + bash+jq',
    file: NODE,
    args: runArgs(HOOK_CMD, 'copilot'),
    input: 'copilotClaude',
  },
  claudeHook: {
    label: 'Claude Code runs the hook: sh -c (bash+jq)',
    file: '/bin/sh',
    args: ['-c', HOOK_CMD],
    input: 'claude',
    env: CLAUDE_ENV,
  },
  claudeHookGated: {
    label: 'Claude Code runs the gated hook: sh -c (gate; bash+jq)',
    file: '/bin/sh',
    args: ['-c', GATED_CMD],
    input: 'claude',
    env: CLAUDE_ENV,
  },
  copilotHookGated: {
    label: 'Copilot runs the gated hook from the Claude file (does nothing)',
    file: '/bin/sh',
    args: ['-c', GATED_CMD],
    input: 'copilotClaude',
    env: { COPILOT_CLI: '1' },
  },
  nodeE0: { label: 'node -e 0', file: NODE, args: ['-e', '0'], input: null },
  runHelp: {
    label: 'hook-bridge run --help (bundle load only)',
    file: NODE,
    args: [BIN, 'run', '--help'],
    input: null,
  },
  help: { label: 'hook-bridge --help', file: NODE, args: [BIN, '--help'], input: null },
  convert: {
    label: 'hook-bridge convert (200 hooks) --to qwen --stdout',
    file: NODE,
    args: [BIN, 'convert', SETTINGS, '--to', 'qwen', '--stdout'],
    input: null,
  },
  dispatch5: {
    label: 'hook-bridge dispatch, 5 matching hooks (bash+jq)',
    file: NODE,
    args: [BIN, 'dispatch', '--to', 'qwen', '--config', DCONFIG],
    input: 'qwen',
  },
  runTrivial: {
    label: 'hook-bridge run + a hook that only reads stdin',
    file: NODE,
    args: runArgs(TRIVIAL),
    input: 'qwen',
  },
  // The transcript step paid by a script that reads the transcript (the check of --transcript auto skips it for the
  // guard)
  runAlways: {
    label: 'hook-bridge run --transcript always + bash+jq',
    file: NODE,
    args: runArgs(HOOK_CMD, 'qwen', '--transcript', 'always'),
    input: 'qwen',
  },
  // The floor for 5 hooks on one call: node starting 5 processes (bench/minimal-dispatch.mjs), against the minimal
  // wrapper with 1
  minimalTrivial: {
    label: 'minimal wrapper + a hook that only reads stdin',
    file: NODE,
    args: [MINIMAL, TRIVIAL],
    input: 'qwen',
  },
  minimalDispatch5Trivial: {
    label: 'minimal dispatcher (node), the same 5 hooks',
    file: NODE,
    args: [MINIMAL_DISPATCH, ...[1, 2, 3, 4, 5].map((i) => `${TRIVIAL} # ${i}`)],
    input: 'qwen',
  },
  dispatch5Trivial: {
    label: 'hook-bridge dispatch, 5 matching hooks that only read stdin',
    file: NODE,
    args: [BIN, 'dispatch', '--to', 'qwen', '--from', 'claude', '--config', DCONFIG_TRIVIAL],
    input: 'qwen',
  },
};
for (const k of Object.keys(TRANSCRIPTS)) {
  const p = { ...qwenBase(SAFE), session_id: `bench-${k}`, transcript_path: transcriptFile[k] };
  V[`runT${k}`] = {
    label: `run --transcript always + bash+jq, host transcript ${k} (+3 records)`,
    file: NODE,
    args: runArgs(HOOK_CMD, 'qwen', '--transcript', 'always'),
    payload: Buffer.from(`${JSON.stringify(p)}\n`),
    before: () => appendFileSync(transcriptFile[k], NEXT_RECORD),
  };
}

/** The CPU time (ms) of this process's waited-for children so far (their whole trees), or null without /proc. */
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
function childCpuMs() {
  try {
    const rest = readFileSync('/proc/self/stat', 'utf8').split(') ').pop().split(' ');
    return ((Number(rest[13]) + Number(rest[14])) * 1000) / CLK_TCK; // cutime, cstime (fields 16, 17)
  } catch {
    return null;
  }
}

/** One tool call as the host makes it: every command started with the host's shell at once, done when all have exited.
 */
async function execHosted(commands, input) {
  const t0 = process.hrtime.bigint();
  const all = await Promise.all(commands.map((c) => exec(hostShell[0], [...hostShell.slice(1), c], input)));
  return {
    ms: Number(process.hrtime.bigint() - t0) / 1e6,
    code: Math.max(0, ...all.map((r) => r.code)),
    stdout: all.map((r) => r.stdout).join(''),
    stderr: all.map((r) => r.stderr).join(''),
    processes: commands.length,
  };
}

function exec(file, args, input, extraEnv) {
  return new Promise((res) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(file, args, {
      cwd: project,
      env: extraEnv ? { ...env, ...extraEnv } : env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    child.stdin.on('error', () => {});
    child.on('error', (e) => res({ ms: NaN, code: -1, stdout: '', stderr: String(e) }));
    child.on('close', (code, signal) =>
      res({
        ms: Number(process.hrtime.bigint() - t0) / 1e6,
        code: code ?? signal,
        stdout: Buffer.concat(out).toString(),
        stderr: Buffer.concat(err).toString(),
      }),
    );
    child.stdin.end(input ?? '');
  });
}
const inputOf = (v, size, deny = false) =>
  v.payload ?? (v.input ? payloads[size][deny ? `${v.input}Deny` : v.input] : null);

// ---------- verify every variant once, before timing ----------
const failures = [];
const check = (what, ok, r) => {
  if (!ok)
    failures.push(
      `${what}: exit ${r?.code}, stdout ` +
        JSON.stringify(r?.stdout?.slice(0, 300)) +
        `, stderr ` +
        JSON.stringify(r?.stderr?.slice(0, 300)),
    );
};
// Gemini CLI reads a top-level decision
const isDeny = (r) =>
  r.code === 2 || /"permissionDecision":"deny"/.test(r.stdout) || /^\{"decision":"deny"/.test(r.stdout);
for (const size of Object.keys(SIZES)) {
  for (const k of [
    'bareJq',
    'barePy',
    'minimal',
    'run',
    'runGemini',
    'runCodex',
    'runCodexPatch',
    'runCopilot',
    'runCopilotClaude',
    'claudeHook',
    'claudeHookGated',
  ]) {
    if (
      (k === 'barePy' ||
        k.startsWith('runGemini') ||
        k.startsWith('runCodex') ||
        k.startsWith('runCopilot') ||
        k.startsWith('claudeHook')) &&
      size !== '2KB'
    )
      continue;
    if (k === 'runCodexPatch') {
      const r = await exec(V[k].file, V[k].args, inputOf(V[k], size));
      check(`${V[k].label} @${size} (exit 0, silent)`, r.code === 0 && r.stdout === '' && r.stderr === '', r);
      continue;
    }
    const v = V[k];
    const ok = await exec(v.file, v.args, inputOf(v, size), v.env);
    check(
      `${v.label} @${size} (safe payload: exit 0, silent)`,
      ok.code === 0 && ok.stdout === '' && ok.stderr === '',
      ok,
    );
    const deny = await exec(v.file, v.args, inputOf(v, size, true), v.env);
    check(
      `${v.label} @${size} (rm -rf payload: deny)`,
      isDeny(deny) && !/hook-bridge:/.test(deny.stdout + deny.stderr),
      deny,
    );
  }
  // What the hook receives through each wrapper: Claude's names, the whole payload.
  for (const k of ['minimal', 'run']) {
    const cap = join(tmp, `captured-${k}.json`);
    rmSync(cap, { force: true });
    const r = await exec(
      NODE,
      k === 'run' ? runArgs(`cat > '${cap}'`) : [MINIMAL, `cat > '${cap}'`],
      payloads[size].qwen,
    );
    let p;
    try {
      p = JSON.parse(readFileSync(cap, 'utf8'));
    } catch {}
    check(
      `${V[k].label} @${size} (hook got tool_name Bash, full payload)`,
      r.code === 0 &&
        p?.tool_name === 'Bash' &&
        p?.hook_event_name === 'PreToolUse' &&
        p?.tool_input?.command === SAFE &&
        existsSync(cap) &&
        statSync(cap).size >= SIZES[size] - 200,
      r,
    );
  }
}
for (const k of ['nodeE0', 'runHelp', 'help']) {
  const r = await exec(V[k].file, V[k].args, null);
  check(V[k].label, r.code === 0, r);
}
{
  check(
    `convert --to copilot gates the Claude hook (${JSON.stringify(GATED_CMD)})`,
    GATED_CMD.endsWith(`; ${HOOK_CMD}`) && GATED_CMD.startsWith('[ -n'),
    { code: gateRun.status, stdout: gateRun.stdout, stderr: gateRun.stderr },
  );
  // Under Copilot the gated hook does nothing: the rm -rf payload is not denied by it (hook-bridge runs it from
  // Copilot's own file).
  const r = await exec(
    V.copilotHookGated.file,
    V.copilotHookGated.args,
    payloads['2KB'].copilotClaudeDeny,
    V.copilotHookGated.env,
  );
  check(
    `${V.copilotHookGated.label} (rm -rf payload: exit 0, silent)`,
    r.code === 0 && r.stdout === '' && r.stderr === '',
    r,
  );
  // Under Claude Code started from Copilot (COPILOT_CLI inherited) the gated hook still runs: the pid test passes.
  const inherited = await exec(V.claudeHookGated.file, V.claudeHookGated.args, payloads['2KB'].claudeDeny, {
    ...CLAUDE_ENV,
    COPILOT_CLI: '1',
  });
  check(`${V.claudeHookGated.label}, COPILOT_CLI inherited (rm -rf payload: deny)`, isDeny(inherited), inherited);
}
{
  const r = await exec(V.convert.file, V.convert.args, null);
  // Each hook once, in its own wrapper or in a grouped entry (`dispatch … run --from claude … -c`).
  const wrapped = (r.stdout.match(/ run --from claude /g) ?? []).length;
  check(
    `${V.convert.label} (exit 0, 200 hooks wrapped or grouped; got ${wrapped})`,
    r.code === 0 && wrapped === 200,
    r,
  );
}
// --dispatch: one registration per event, scoped to the union of the event's matchers in the host's names.
let dispatchScope;
{
  const r = spawnSync(NODE, [BIN, 'convert', DPROJ, '--to', 'qwen', '--dispatch'], { cwd: tmp, env, encoding: 'utf8' });
  const written =
    r.status === 0 ? JSON.parse(readFileSync(join(DPROJ, '.qwen/settings.json'), 'utf8')).hooks.PreToolUse : [];
  const { matcherFires } = await import(join(root, 'dist/index.js'));
  const fires = (tool) => written.filter((g) => matcherFires('qwen', g.matcher, tool)).length;
  // A process starts for a call only when a registration's matcher fires for it.
  dispatchScope = {
    registrations: written.length,
    matcher: written[0]?.matcher,
    processesForShell: fires('run_shell_command'),
    processesForUnwatched: fires('read_file'),
  };
  check(
    `convert --dispatch: one PreToolUse registration, fires for run_shell_command, starts nothing for read_file (` +
      `${JSON.stringify(dispatchScope)})`,
    written.length === 1 && dispatchScope.processesForShell === 1 && dispatchScope.processesForUnwatched === 0,
    r,
  );
  const ok = await exec(V.dispatch5.file, V.dispatch5.args, payloads['2KB'].qwen);
  check(
    `${V.dispatch5.label} (safe payload: exit 0, silent)`,
    ok.code === 0 && ok.stdout === '' && ok.stderr === '',
    ok,
  );
  const deny = await exec(V.dispatch5.file, V.dispatch5.args, payloads['2KB'].qwenDeny);
  check(`${V.dispatch5.label} (rm -rf payload: deny)`, isDeny(deny), deny);
  for (const k of ['runTrivial', 'dispatch5Trivial', 'runAlways', 'minimalTrivial', 'minimalDispatch5Trivial']) {
    const t = await exec(V[k].file, V[k].args, payloads['2KB'].qwen);
    check(`${V[k].label} (exit 0, silent)`, t.code === 0 && t.stdout === '' && t.stderr === '', t);
  }
}
// The converted project's entries for each call, as the host selects them (its matcher semantics).
const groupedCalls = {};
{
  const { matcherFires, parseGroup, parseWrapper } = await import(join(root, 'dist/index.js'));
  const convert = (...flags) =>
    spawnSync(NODE, [BIN, 'convert', GPROJ, '--to', 'qwen', '--runner', RUNNER, '--no-backup', ...flags], {
      cwd: tmp,
      env,
      encoding: 'utf8',
    });
  const entriesOf = (file) =>
    Object.values(JSON.parse(readFileSync(file, 'utf8')).hooks).flatMap((groups) =>
      groups.flatMap((g) => g.hooks.map((h) => ({ matcher: g.matcher, command: h.command }))),
    );
  const a = convert();
  const b = convert('--wrap', '--out', join(GPROJ, 'wrapped.json'));
  check('convert the grouped project (default, and --wrap)', a.status === 0 && b.status === 0, a.status ? a : b);
  const grouped = a.status === 0 ? entriesOf(join(GPROJ, '.qwen/settings.json')) : [];
  const wrapped = b.status === 0 ? entriesOf(join(GPROJ, 'wrapped.json')) : [];
  const firing = (list, tool) => list.filter((e) => matcherFires('qwen', e.matcher, tool)).map((e) => e.command);
  for (const [n, g] of Object.entries(GROUPED)) {
    const payload = Buffer.from(
      `${JSON.stringify({
        ...qwenBase(SAFE),
        tool_name: g.tool,
        tool_input:
          g.tool === 'run_shell_command'
            ? { command: SAFE, description: '' }
            : {
                file_path: join(GPROJ, 'x.txt'),
                old_string: 'a',
                new_string: 'b',
                absolute_path: join(GPROJ, 'x.txt'),
              },
      })}\n`,
    );
    const commands = {
      grouped: firing(grouped, g.tool),
      wrapped: firing(wrapped, g.tool),
      minimal: [
        `${shq(NODE)} ${shq(MINIMAL_DISPATCH)} ${trivialHooks(Number(n), g.matcher)
          .map((h) => shq(h.command))
          .join(' ')}`,
      ],
    };
    groupedCalls[n] = {
      processes: { grouped: commands.grouped.length, wrapped: commands.wrapped.length },
      kinds: commands.grouped.map((c) =>
        parseGroup(c, [RUNNER])
          ? `dispatch (${parseGroup(c, [RUNNER]).hooks.length} hooks)`
          : parseWrapper(c, [RUNNER])
            ? 'run'
            : 'other',
      ),
    };
    V[`grouped${n}`] = {
      label: `default conversion, ${n} matching hook${n === '1' ? '' : 's'}: ${groupedCalls[n].kinds.join(', ')}`,
      hosted: commands.grouped,
      payload,
    };
    V[`wrapped${n}`] = {
      label: `--wrap (one run wrapper per hook), ${n} matching: ${n} × run`,
      hosted: commands.wrapped,
      payload,
    };
    V[`minimal${n}`] = {
      label: `minimal ${n}-hook dispatcher (node), registered the same way`,
      hosted: commands.minimal,
      payload,
    };
    check(
      `the default conversion starts 1 process for ${n} matching hooks, --wrap ${n} (` +
        JSON.stringify(groupedCalls[n]) +
        `)`,
      commands.grouped.length === 1 &&
        commands.wrapped.length === Number(n) &&
        (n === '1' || /dispatch \(/.test(groupedCalls[n].kinds[0])),
      null,
    );
    for (const k of [`grouped${n}`, `wrapped${n}`, `minimal${n}`]) {
      const r = await execHosted(V[k].hosted, payload);
      check(`${V[k].label} (exit 0, silent)`, r.code === 0 && r.stdout === '' && r.stderr === '', r);
    }
  }
  groupedCalls.unwatched = {
    grouped: firing(grouped, UNWATCHED_TOOL).length,
    wrapped: firing(wrapped, UNWATCHED_TOOL).length,
  };
  check(
    `a call no hook watches (${UNWATCHED_TOOL}) starts nothing (${JSON.stringify(groupedCalls.unwatched)})`,
    groupedCalls.unwatched.grouped === 0 && groupedCalls.unwatched.wrapped === 0,
    null,
  );
}
// everything-claude-code converted --to qwen, default and --wrap; a write_file before and after the tool.
const eccCalls = {};
{
  const { matcherFires, parseGroup } = await import(join(root, 'dist/index.js'));
  const convert = (...flags) =>
    spawnSync(NODE, [BIN, 'convert', EPROJ, '--to', 'qwen', '--runner', RUNNER, '--no-backup', ...flags], {
      cwd: tmp,
      env,
      encoding: 'utf8',
    });
  const a = convert();
  const b = convert('--wrap', '--out', join(EPROJ, 'wrapped.json'));
  check('convert everything-claude-code (default, and --wrap)', a.status === 0 && b.status === 0, a.status ? a : b);
  const entriesOf = (file) =>
    Object.entries(JSON.parse(readFileSync(file, 'utf8')).hooks).flatMap(([event, groups]) =>
      groups.flatMap((g) => g.hooks.map((h) => ({ event, matcher: g.matcher, command: h.command }))),
    );
  const grouped = a.status === 0 ? entriesOf(join(EPROJ, '.qwen/settings.json')) : [];
  const wrapped = b.status === 0 ? entriesOf(join(EPROJ, 'wrapped.json')) : [];
  const firing = (list, event) =>
    list.filter((e) => e.event === event && matcherFires('qwen', e.matcher, 'write_file')).map((e) => e.command);
  // The hooks the call runs: the minimal dispatcher starts the same ones (one per --wrap wrapper).
  const hooksOf = (commands) => commands.map((c) => / -c '([^']*)'$/.exec(c)?.[1]).filter((c) => c !== undefined);
  for (const event of ECC_EVENTS) {
    const file = join(EPROJ, 'x.txt');
    const payload = Buffer.from(
      `${JSON.stringify({
        ...qwenBase(SAFE),
        hook_event_name: event,
        tool_name: 'write_file',
        tool_input: { file_path: file, content: 'x\n' },
        ...(event === 'PostToolUse' ? { tool_response: { llmContent: 'ok', returnDisplay: 'ok' } } : {}),
      })}\n`,
    );
    const commands = { grouped: firing(grouped, event), wrapped: firing(wrapped, event) };
    const hooks = hooksOf(commands.wrapped);
    commands.minimal = [`${shq(NODE)} ${shq(MINIMAL_DISPATCH)} ${hooks.map(shq).join(' ')}`];
    eccCalls[event] = {
      hooks: hooks.length,
      processes: { grouped: commands.grouped.length, wrapped: commands.wrapped.length },
      dispatchHooks: commands.grouped.map((c) => parseGroup(c, [RUNNER])?.hooks.length ?? 1),
    };
    V[`ecc${event}`] = {
      label: `everything-claude-code ${event} write_file, default`,
      hosted: commands.grouped,
      payload,
    };
    V[`ecc${event}Wrapped`] = {
      label: `everything-claude-code ${event} write_file, --wrap`,
      hosted: commands.wrapped,
      payload,
    };
    V[`ecc${event}Minimal`] = {
      label: `everything-claude-code ${event} write_file, minimal ${hooks.length}-hook dispatcher`,
      hosted: commands.minimal,
      payload,
    };
    check(
      `everything-claude-code ${event} write_file: 1 process by default, one per hook with --wrap (` +
        `${JSON.stringify(eccCalls[event])})`,
      commands.grouped.length === 1 && commands.wrapped.length === hooks.length && hooks.length > 5,
      null,
    );
    for (const k of [`ecc${event}`, `ecc${event}Wrapped`, `ecc${event}Minimal`]) {
      const r = await execHosted(V[k].hosted, payload);
      check(`${V[k].label} (exit 0, silent)`, r.code === 0 && r.stdout === '' && r.stderr === '', r);
    }
  }
}
// The first call on each transcript translates all of it (timed once); the hook sees the translation.
const firstCallMs = {};
for (const k of Object.keys(TRANSCRIPTS)) {
  const v = V[`runT${k}`];
  const r = await exec(v.file, v.args, v.payload);
  firstCallMs[k] = r.ms;
  const out = join(env.HOOK_BRIDGE_CACHE_DIR, 'transcripts', 'qwen', `bench-${k}`, `qwen-${k}.jsonl`);
  check(
    `${v.label} (first call: exit 0, Claude transcript written)`,
    r.code === 0 && existsSync(out) && readFileSync(out).subarray(0, 200).includes('"type":"assistant"'),
    r,
  );
}
if (failures.length) {
  console.error(`bench: a variant does not work; not timing it:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}

// ---------- timing: round-robin per group ----------
const median = (a) => quantile(a, 0.5);
function quantile(a, q) {
  const s = [...a].sort((x, y) => x - y);
  if (q === 0.5) return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]; // nearest rank
}
/** CPU ms per invocation of each variant of the last group() run (null without /proc). */
const cpuPerCall = {};
async function group(size, keys) {
  const times = Object.fromEntries(keys.map((k) => [k, []]));
  const cpu = Object.fromEntries(keys.map((k) => [k, 0]));
  let bad = 0;
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (let i = 0; i < keys.length; i++) {
      const k = keys[(i + round) % keys.length]; // rotate who goes first
      const v = V[k];
      v.before?.();
      const c0 = childCpuMs();
      const r = v.hosted ? await execHosted(v.hosted, v.payload) : await exec(v.file, v.args, inputOf(v, size), v.env);
      const c1 = childCpuMs();
      if (r.code !== 0) bad++;
      if (round >= WARMUP) {
        times[k].push(r.ms);
        if (c0 !== null && c1 !== null) cpu[k] += c1 - c0;
      }
    }
  }
  if (bad) console.error(`bench: ${bad} timed invocation(s) @${size} did not exit 0`);
  for (const k of keys) cpuPerCall[k] = childCpuMs() === null ? null : cpu[k] / ROUNDS;
  return times;
}
const perRound = (t, a, b) => median(t[a].map((x, i) => x / t[b][i]));
const perRoundDiff = (t, a, b) => median(t[a].map((x, i) => x - t[b][i]));
const summary = (ms) => ({ median: median(ms), p90: quantile(ms, 0.9), min: Math.min(...ms) });

const started = Date.now();
const groups = {
  '2KB': await group('2KB', [
    'bareJq',
    'barePy',
    'minimal',
    'run',
    'runGemini',
    'runCodex',
    'runCodexPatch',
    'runCopilot',
    'runCopilotClaude',
    'runAlways',
    'nodeE0',
    'runHelp',
    'help',
    'convert',
    'dispatch5',
    'runTrivial',
    'dispatch5Trivial',
    'minimalTrivial',
    'minimalDispatch5Trivial',
  ]),
  gate: await group('2KB', ['claudeHook', 'claudeHookGated', 'copilotHookGated', 'minimal']),
  '100KB': await group('100KB', ['bareJq', 'minimal', 'run']),
  '10MB': await group('10MB', ['bareJq', 'minimal', 'run']),
  transcript: await group('2KB', ['minimal', 'run', 'runAlways', 'runT50KB', 'runT50MB']),
  hosted: await group(
    '2KB',
    Object.keys(GROUPED).flatMap((n) => [`grouped${n}`, `wrapped${n}`, `minimal${n}`]),
  ),
  ecc: await group(
    '2KB',
    ECC_EVENTS.flatMap((e) => [`ecc${e}`, `ecc${e}Wrapped`, `ecc${e}Minimal`]),
  ),
};

// ---------- memory: peak RSS of the wrapper process ----------
const haveTime = spawnSync('/usr/bin/time', ['-f', '%M', 'true'], { encoding: 'utf8' }).status === 0;
const MEM_RUNS = 3;
async function peak(k, size) {
  const own = [];
  const tree = [];
  for (let i = 0; i < MEM_RUNS; i++) {
    const rssOut = join(tmp, 'rss.txt');
    const timeOut = join(tmp, 'time.txt');
    rmSync(rssOut, { force: true });
    const v = V[k];
    const args = v.file === NODE ? ['--require', PROBE, ...v.args] : v.args;
    if (haveTime)
      await exec('/usr/bin/time', ['-f', '%M', '-o', timeOut, v.file, ...args], inputOf(v, size), {
        BENCH_RSS_OUT: rssOut,
      });
    else await exec(v.file, args, inputOf(v, size), { BENCH_RSS_OUT: rssOut });
    if (existsSync(rssOut)) own.push(Number(readFileSync(rssOut, 'utf8')));
    if (haveTime) tree.push(Number(readFileSync(timeOut, 'utf8').trim().split('\n').pop()));
  }
  return { ownKiB: own.length ? median(own) : null, treeKiB: tree.length ? median(tree) : null };
}
const memory = {};
for (const size of Object.keys(MEMORY_SIZES)) {
  memory[size] = {
    minimal: await peak('minimal', size),
    run: await peak('run', size),
    bareJq: await peak('bareJq', size),
  };
}
// Side note, outside the comparison: what a start-up variable stripped above costs each node process here.
let caNote = null;
if (process.env.NODE_EXTRA_CA_CERTS) {
  const t = { with: [], without: [] };
  for (let i = 0; i < 10; i++) {
    t.with.push((await exec(NODE, ['-e', '0'], null, { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS })).ms);
    t.without.push((await exec(NODE, ['-e', '0'], null)).ms);
  }
  caNote = { withMs: median(t.with), withoutMs: median(t.without) };
}
const elapsedS = (Date.now() - started) / 1000;

// ---------- report ----------
const f1 = (x) => (x == null || Number.isNaN(x) ? '—' : x.toFixed(1));
const mb = (kib) => (kib == null ? '—' : `${(kib / 1024).toFixed(1)} MiB`);
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const mark = (ok) => (ok ? 'PASS' : 'MISS');
const lines = [];
const say = (s = '') => lines.push(s);

say(
  `hook-bridge bench — node ${process.version}, ${process.platform}/${process.arch}, ${cpus().length} CPU(s), ` +
    `${ROUNDS} rounds (+${WARMUP} warm-up), variants interleaved round-robin per round`,
);
say(
  `environment for EVERY variant: removed ${STRIP.slice(0, 2).join(', ')} and other NODE_* start-up variables (` +
    (stripped.length ? `present here and removed: ${stripped.join(', ')}` : 'none were set') +
    `); spawned directly (no host shell), cwd = temp project`,
);
say(
  `hook = bash+jq / python3 guard (deny on "rm -rf", else silent exit 0); wrappers run it as: /bin/sh -c "` +
    `${'bash guard.sh'}" with the renamed payload`,
);
const results = {
  node: process.version,
  cpus: cpus().length,
  rounds: ROUNDS,
  warmup: WARMUP,
  strippedEnv: stripped,
  envVarsStripped: STRIP,
  sizes: SIZES,
  groups: {},
  ratios: {},
  memory,
  memoryMethod: {},
  targets: TARGETS,
  elapsedS,
};
for (const [size, t] of Object.entries(groups)) {
  say();
  if (size === 'hosted') {
    say(
      `a tool call on the converted config, as Qwen Code makes it (bash -c per entry, in parallel), 2 KB`.padEnd(58) +
        `${lpad('median ms', 10)}${lpad('p90 ms', 9)}${lpad('CPU ms', 9)}${lpad('÷minimal', 10)}`,
    );
    results.groups[size] = {};
    for (const [k, ms] of Object.entries(t)) {
      const s = summary(ms);
      results.groups[size][k] = { label: V[k].label, ...s, cpuMs: cpuPerCall[k], samples: ms };
      const n = k.replace(/\D/g, '');
      say(
        `  ${pad(V[k].label, 56)}${lpad(f1(s.median), 10)}${lpad(f1(s.p90), 9)}${lpad(f1(cpuPerCall[k]), 9)}` +
          lpad(`${perRound(t, k, `minimal${n}`).toFixed(2)}×`, 10),
      );
    }
    continue;
  }
  if (size === 'ecc') {
    say(
      `everything-claude-code's hook set: a write_file on Qwen Code, as it makes it, 2 KB`.padEnd(58) +
        `${lpad('median ms', 10)}${lpad('p90 ms', 9)}${lpad('CPU ms', 9)}${lpad('÷minimal', 10)}`,
    );
    results.groups[size] = {};
    for (const [k, ms] of Object.entries(t)) {
      const s = summary(ms);
      results.groups[size][k] = { label: V[k].label, ...s, cpuMs: cpuPerCall[k], samples: ms };
      const base = `${k.replace(/(Wrapped|Minimal)$/, '')}Minimal`;
      say(
        `  ${pad(V[k].label, 56)}${lpad(f1(s.median), 10)}${lpad(f1(s.p90), 9)}${lpad(f1(cpuPerCall[k]), 9)}` +
          lpad(`${perRound(t, k, base).toFixed(2)}×`, 10),
      );
    }
    continue;
  }
  say(
    `${(
      size === 'transcript'
        ? 'payload 2KB, Claude script on Qwen: host transcript size'
        : size === 'gate'
          ? 'payload 2KB, the Claude hook convert --to copilot gates'
          : `payload ${size} (${SIZES[size]} B)`
    ).padEnd(58)}${lpad('median ms', 10)}${lpad('p90 ms', 9)}${lpad('min ms', 9)}${lpad('÷minimal', 10)}`,
  );
  results.groups[size] = {};
  for (const [k, ms] of Object.entries(t)) {
    const s = summary(ms);
    results.groups[size][k] = { label: V[k].label, ...s, samples: ms };
    const vsMin = k === 'minimal' ? '1.00×' : `${perRound(t, k, 'minimal').toFixed(2)}×`;
    say(
      `  ${pad(V[k].label, 56)}${lpad(f1(s.median), 10)}${lpad(f1(s.p90), 9)}${lpad(f1(s.min), 9)}${lpad(vsMin, 10)}`,
    );
  }
}

const g = groups;
const R = {
  runVsMinimal2KB: perRound(g['2KB'], 'run', 'minimal'),
  runGeminiVsMinimal2KB: perRound(g['2KB'], 'runGemini', 'minimal'),
  runGeminiVsRun2KB: perRound(g['2KB'], 'runGemini', 'run'),
  runCodexVsMinimal2KB: perRound(g['2KB'], 'runCodex', 'minimal'),
  runCodexVsRun2KB: perRound(g['2KB'], 'runCodex', 'run'),
  runCodexPatchVsRun2KB: perRound(g['2KB'], 'runCodexPatch', 'run'),
  runCopilotVsMinimal2KB: perRound(g['2KB'], 'runCopilot', 'minimal'),
  runCopilotVsRun2KB: perRound(g['2KB'], 'runCopilot', 'run'),
  runCopilotClaudeVsMinimal2KB: perRound(g['2KB'], 'runCopilotClaude', 'minimal'),
  runCopilotClaudeVsRun2KB: perRound(g['2KB'], 'runCopilotClaude', 'run'),
  gateVsNoGate: perRound(g.gate, 'claudeHookGated', 'claudeHook'),
  gateMinusNoGateMs: perRoundDiff(g.gate, 'claudeHookGated', 'claudeHook'),
  gatedUnderCopilotMs: median(g.gate.copilotHookGated),
  runVsMinimal100KB: perRound(g['100KB'], 'run', 'minimal'),
  runVsMinimal10MB: perRound(g['10MB'], 'run', 'minimal'),
  runVsBareJq2KB: perRound(g['2KB'], 'run', 'bareJq'),
  runVsBarePy2KB: perRound(g['2KB'], 'run', 'barePy'),
  runVsBareJq10MB: perRound(g['10MB'], 'run', 'bareJq'),
  minimalVsBareJq2KB: perRound(g['2KB'], 'minimal', 'bareJq'),
  runVsNodeE0: perRound(g['2KB'], 'run', 'nodeE0'),
  runMinusMinimalMs2KB: perRoundDiff(g['2KB'], 'run', 'minimal'),
  runMinusMinimalMs10MB: perRoundDiff(g['10MB'], 'run', 'minimal'),
  runHelpMinusNodeE0Ms: perRoundDiff(g['2KB'], 'runHelp', 'nodeE0'),
  transcript50MBvs50KB: perRound(g.transcript, 'runT50MB', 'runT50KB'),
  transcript50KBMinusRunMs: perRoundDiff(g.transcript, 'runT50KB', 'runAlways'),
  transcriptStepMs: perRoundDiff(g['2KB'], 'runAlways', 'run'),
  runAlwaysVsMinimal2KB: perRound(g['2KB'], 'runAlways', 'minimal'),
  firstCall50MBMs: firstCallMs['50MB'],
  helpMs: median(g['2KB'].help),
  convertMs: median(g['2KB'].convert),
  dispatch5VsRun: perRound(g['2KB'], 'dispatch5Trivial', 'runTrivial'),
  dispatch5JqVsRun: perRound(g['2KB'], 'dispatch5', 'run'),
  minimalDispatch5VsMinimal: perRound(g['2KB'], 'minimalDispatch5Trivial', 'minimalTrivial'),
  dispatch5VsMinimalDispatch5: perRound(g['2KB'], 'dispatch5Trivial', 'minimalDispatch5Trivial'),
};
const cpuRatio = (a, b) => (cpuPerCall[a] == null || !cpuPerCall[b] ? null : cpuPerCall[a] / cpuPerCall[b]);
for (const n of Object.keys(GROUPED)) {
  R[`grouped${n}VsMinimal${n}`] = perRound(g.hosted, `grouped${n}`, `minimal${n}`);
  R[`grouped${n}VsWrapped${n}`] = perRound(g.hosted, `grouped${n}`, `wrapped${n}`);
  R[`grouped${n}VsMinimal${n}Cpu`] = cpuRatio(`grouped${n}`, `minimal${n}`);
  R[`grouped${n}VsWrapped${n}Cpu`] = cpuRatio(`grouped${n}`, `wrapped${n}`);
}
for (const e of ECC_EVENTS) {
  R[`ecc${e}VsMinimal`] = perRound(g.ecc, `ecc${e}`, `ecc${e}Minimal`);
  R[`ecc${e}VsWrapped`] = perRound(g.ecc, `ecc${e}`, `ecc${e}Wrapped`);
  R[`ecc${e}VsMinimalCpu`] = cpuRatio(`ecc${e}`, `ecc${e}Minimal`);
  R[`ecc${e}VsWrappedCpu`] = cpuRatio(`ecc${e}`, `ecc${e}Wrapped`);
}
results.eccCalls = eccCalls;
results.groupedCalls = groupedCalls;
results.cpuPerCall = cpuPerCall;
results.dispatchScope = dispatchScope;
results.ratios = R;
say();
say(`${'key ratios (median of per-round ratios)'.padEnd(58)}${lpad('measured', 10)}   target`);
const row = (label, val, target, ok) =>
  say(`  ${pad(label, 56)}${lpad(val, 10)}   ${target ?? ''}${ok === undefined ? '' : `  ${mark(ok)}`}`);
row(
  'run / minimal wrapper @ 2 KB',
  `${R.runVsMinimal2KB.toFixed(3)}×`,
  `≤ ${TARGETS.runVsMinimalSmall.toFixed(1)}×`,
  R.runVsMinimal2KB <= TARGETS.runVsMinimalSmall,
);
row(
  'run --to gemini / minimal wrapper @ 2 KB',
  `${R.runGeminiVsMinimal2KB.toFixed(3)}×`,
  `≤ ${TARGETS.runVsMinimalSmall.toFixed(1)}×`,
  R.runGeminiVsMinimal2KB <= TARGETS.runVsMinimalSmall,
);
row('run --to gemini / run --to qwen @ 2 KB', `${R.runGeminiVsRun2KB.toFixed(3)}×`);
row(
  'run --to codex / minimal wrapper @ 2 KB',
  `${R.runCodexVsMinimal2KB.toFixed(3)}×`,
  `≤ ${TARGETS.runVsMinimalSmall.toFixed(1)}×`,
  R.runCodexVsMinimal2KB <= TARGETS.runVsMinimalSmall,
);
row('run --to codex / run --to qwen @ 2 KB', `${R.runCodexVsRun2KB.toFixed(3)}×`);
row('run --to codex, apply_patch / run --to qwen, Bash @ 2 KB', `${R.runCodexPatchVsRun2KB.toFixed(3)}×`);
row(
  'run --to copilot (its own file) / minimal wrapper @ 2 KB',
  `${R.runCopilotVsMinimal2KB.toFixed(3)}×`,
  `≤ ${TARGETS.runVsMinimalSmall.toFixed(1)}×`,
  R.runCopilotVsMinimal2KB <= TARGETS.runVsMinimalSmall,
);
row(
  'run --to copilot, Claude-compatible mode / minimal wrapper @ 2 KB',
  `${R.runCopilotClaudeVsMinimal2KB.toFixed(3)}×`,
  `≤ ${TARGETS.runVsMinimalSmall.toFixed(1)}×`,
  R.runCopilotClaudeVsMinimal2KB <= TARGETS.runVsMinimalSmall,
);
row('run --to copilot / run --to qwen @ 2 KB', `${R.runCopilotVsRun2KB.toFixed(3)}×`);
row('run --to copilot, Claude-compatible mode / run --to qwen @ 2 KB', `${R.runCopilotClaudeVsRun2KB.toFixed(3)}×`);
row("Claude Code, the gated hook / the hook as it was (convert --to copilot's gate)", `${R.gateVsNoGate.toFixed(3)}×`);
row("  the gate's cost on Claude Code, ms (median of per-round diffs)", f1(R.gateMinusNoGateMs));
row('  the gated hook under Copilot (it exits at once), median ms', f1(R.gatedUnderCopilotMs));
row(
  'run --transcript always / minimal wrapper @ 2 KB (a script that reads the transcript)',
  `${R.runAlwaysVsMinimal2KB.toFixed(3)}×`,
);
row('the transcript step (always − auto), ms @ 2 KB, no transcript file', f1(R.transcriptStepMs));
row('run / minimal wrapper @ 100 KB', `${R.runVsMinimal100KB.toFixed(2)}×`);
row(
  'run / minimal wrapper @ 10 MB',
  `${R.runVsMinimal10MB.toFixed(3)}×`,
  `≤ ${TARGETS.runVsMinimal10MB.toFixed(1)}×`,
  R.runVsMinimal10MB <= TARGETS.runVsMinimal10MB,
);
row('run / bare hook (bash+jq) @ 2 KB', `${R.runVsBareJq2KB.toFixed(2)}×`);
row('run / bare hook (python3) @ 2 KB', `${R.runVsBarePy2KB.toFixed(2)}×`);
row('run / bare hook (bash+jq) @ 10 MB', `${R.runVsBareJq10MB.toFixed(2)}×`);
row('minimal wrapper / bare hook (bash+jq) @ 2 KB', `${R.minimalVsBareJq2KB.toFixed(2)}×`);
row('run / node -e 0 @ 2 KB', `${R.runVsNodeE0.toFixed(2)}×`);
row('run − minimal, ms @ 2 KB (median of per-round diffs)', f1(R.runMinusMinimalMs2KB));
row('run − minimal, ms @ 10 MB', f1(R.runMinusMinimalMs10MB));
row('run --help − node -e 0, ms (cost of loading dist/run.cjs)', f1(R.runHelpMinusNodeE0Ms));
row(
  'transcript 50 MB / 50 KB, a call after the first',
  `${R.transcript50MBvs50KB.toFixed(3)}×`,
  `≤ ${TARGETS.transcript50MBvs50KB.toFixed(1)}×`,
  R.transcript50MBvs50KB <= TARGETS.transcript50MBvs50KB,
);
row(
  "transcript 50 KB − no transcript file, ms (the translation's cost; both --transcript always)",
  f1(R.transcript50KBMinusRunMs),
);
row('first call on the 50 MB transcript (translates all of it), ms', f1(R.firstCall50MBMs));
row('hook-bridge --help, median ms', f1(R.helpMs), `< ${TARGETS.helpMs} ms`, R.helpMs < TARGETS.helpMs);
row(
  'convert 200 hooks --to qwen --stdout, median ms',
  f1(R.convertMs),
  `< ${TARGETS.convertMs} ms`,
  R.convertMs < TARGETS.convertMs,
);
row(
  'dispatch, 5 matching hooks / run, 1 wrapped hook @ 2 KB (hooks that only read stdin)',
  `${R.dispatch5VsRun.toFixed(2)}×`,
);
row(
  "dispatch, 5 matching bash+jq guards / run, 1 bash+jq guard @ 2 KB (the guards' own CPU on 2 cores)",
  `${R.dispatch5JqVsRun.toFixed(2)}×`,
);
row(
  'floor: minimal dispatcher, 5 hooks / minimal wrapper, 1 hook (hooks only read stdin)',
  `${R.minimalDispatch5VsMinimal.toFixed(2)}×`,
);
row(
  "dispatch, 5 hooks / minimal dispatcher, 5 hooks (hook-bridge's own cost)",
  `${R.dispatch5VsMinimalDispatch5.toFixed(2)}×`,
  `≤ ${TARGETS.dispatchVsMinimalDispatch.toFixed(1)}×`,
  R.dispatch5VsMinimalDispatch5 <= TARGETS.dispatchVsMinimalDispatch,
);
row(
  '--dispatch registration: processes for a call no hook watches',
  String(dispatchScope.processesForUnwatched),
  '0',
  dispatchScope.processesForUnwatched === 0,
);
const x = (v) => (v == null ? '—' : `${v.toFixed(2)}×`);
const ns = Object.keys(GROUPED);
say();
say(
  pad('default conversion (issue 23): a tool call with N matching hooks', 58) +
    ns.map((n) => lpad(`N = ${n}`, 10)).join('') +
    `   target`,
);
/** A row of a table with one column per key: its label, each key's value, the target and PASS/MISS. */
const columnsRow = (keys, width) => (label, f, target, ok) =>
  say(
    `  ${pad(label, 56)}` +
      keys.map((k) => lpad(f(k), width)).join('') +
      `   ${target ?? ''}` +
      (ok === undefined ? '' : `  ${mark(ok)}`),
  );
const nRow = columnsRow(ns, 10);
nRow(
  'hook-bridge processes started: default / --wrap',
  (n) => `${groupedCalls[n].processes.grouped} / ${groupedCalls[n].processes.wrapped}`,
);
nRow(
  'default ÷ minimal N-hook dispatcher, wall',
  (n) => x(R[`grouped${n}VsMinimal${n}`]),
  `≤ ${TARGETS.dispatchVsMinimalDispatch.toFixed(1)}×`,
  ns.every((n) => R[`grouped${n}VsMinimal${n}`] <= TARGETS.dispatchVsMinimalDispatch),
);
nRow('default ÷ minimal N-hook dispatcher, CPU', (n) => x(R[`grouped${n}VsMinimal${n}Cpu`]));
nRow('default ÷ --wrap (one run wrapper per hook), wall', (n) => x(R[`grouped${n}VsWrapped${n}`]));
nRow('default ÷ --wrap (one run wrapper per hook), CPU', (n) => x(R[`grouped${n}VsWrapped${n}Cpu`]));
nRow('CPU ms per call: default', (n) => f1(cpuPerCall[`grouped${n}`]));
nRow('CPU ms per call: --wrap', (n) => f1(cpuPerCall[`wrapped${n}`]));
nRow('CPU ms per call: minimal N-hook dispatcher', (n) => f1(cpuPerCall[`minimal${n}`]));
say(
  `  ` +
    pad(`a call no hook watches (${UNWATCHED_TOOL}): processes started, default / --wrap`, 56) +
    lpad(`${groupedCalls.unwatched.grouped} / ${groupedCalls.unwatched.wrapped}`, 10) +
    `   0  ` +
    mark(groupedCalls.unwatched.grouped === 0),
);

say();
say(
  pad("everything-claude-code's hook set (issue 29): a write_file on Qwen Code", 58) +
    ECC_EVENTS.map((e) => lpad(e, 13)).join('') +
    `   target`,
);
const eRow = columnsRow(ECC_EVENTS, 13);
eRow('hooks the call runs', (e) => String(eccCalls[e].hooks));
eRow(
  'hook-bridge processes started: default / --wrap',
  (e) => `${eccCalls[e].processes.grouped} / ${eccCalls[e].processes.wrapped}`,
  '1',
  ECC_EVENTS.every((e) => eccCalls[e].processes.grouped === 1),
);
eRow(
  'default ÷ minimal N-hook dispatcher, wall',
  (e) => x(R[`ecc${e}VsMinimal`]),
  `≤ ${TARGETS.dispatchVsMinimalDispatch.toFixed(1)}×`,
  ECC_EVENTS.every((e) => R[`ecc${e}VsMinimal`] <= TARGETS.dispatchVsMinimalDispatch),
);
eRow('default ÷ minimal N-hook dispatcher, CPU', (e) => x(R[`ecc${e}VsMinimalCpu`]));
eRow('default ÷ --wrap (one run wrapper per hook), wall', (e) => x(R[`ecc${e}VsWrapped`]));
eRow('default ÷ --wrap (one run wrapper per hook), CPU', (e) => x(R[`ecc${e}VsWrappedCpu`]));
eRow('CPU ms per call: default', (e) => f1(cpuPerCall[`ecc${e}`]));
eRow('CPU ms per call: --wrap', (e) => f1(cpuPerCall[`ecc${e}Wrapped`]));
eRow('CPU ms per call: minimal N-hook dispatcher', (e) => f1(cpuPerCall[`ecc${e}Minimal`]));

results.memoryMethod = {
  own:
    'process.resourceUsage().maxRSS (getrusage RUSAGE_SELF) written at exit by ' +
    'bench/rss-probe.cjs, preloaded with node --require: the wrapper process alone',
  tree: haveTime
    ? '/usr/bin/time -f %M (wait4 rusage): the largest process in the tree, wrapper or the hook it ran'
    : 'unavailable: /usr/bin/time not found',
};
say();
say(
  `peak memory, median of ${MEM_RUNS} runs — own: wrapper process alone (resourceUsage().maxRSS via --require ` +
    `bench/rss-probe.cjs)`,
);
say(
  `  tree: ` +
    (haveTime ? '/usr/bin/time -f %M, largest process of the tree incl. the hook' : '/usr/bin/time not available'),
);
say(
  `  ${pad('payload', 10)}${lpad('minimal own', 14)}${lpad('run own', 12)}${lpad('run/min', 9)}` +
    `${lpad('minimal tree', 14)}${lpad('run tree', 12)}${lpad('bare jq tree', 14)}`,
);
for (const [size, m] of Object.entries(memory)) {
  const r = m.run.ownKiB && m.minimal.ownKiB ? `${(m.run.ownKiB / m.minimal.ownKiB).toFixed(2)}×` : '—';
  say(
    `  ${pad(size, 10)}${lpad(mb(m.minimal.ownKiB), 14)}${lpad(mb(m.run.ownKiB), 12)}${lpad(r, 9)}` +
      lpad(mb(m.minimal.treeKiB), 14) +
      `${lpad(mb(m.run.treeKiB), 12)}${lpad(mb(m.bareJq.treeKiB), 14)}`,
  );
}
if (caNote) {
  results.nodeExtraCaCerts = caNote;
  say();
  say(
    `note: NODE_EXTRA_CA_CERTS is set in this environment; with it node -e 0 takes ${f1(caNote.withMs)} ms ` +
      `instead of ${f1(caNote.withoutMs)} ms (+` +
      String(f1(caNote.withMs - caNote.withoutMs)) +
      ` ms per node process, i.e. per wrapped tool call)`,
  );
}
const missed = [
  R.runVsMinimal2KB > TARGETS.runVsMinimalSmall && 'run/minimal @2KB',
  R.runVsMinimal10MB > TARGETS.runVsMinimal10MB && 'run/minimal @10MB',
  R.helpMs >= TARGETS.helpMs && '--help',
  R.transcript50MBvs50KB > TARGETS.transcript50MBvs50KB && 'transcript 50MB/50KB',
  R.convertMs >= TARGETS.convertMs && 'convert',
  R.dispatch5VsMinimalDispatch5 > TARGETS.dispatchVsMinimalDispatch && 'dispatch 5 hooks / minimal dispatcher',
  ...Object.keys(GROUPED).map(
    (n) =>
      R[`grouped${n}VsMinimal${n}`] > TARGETS.dispatchVsMinimalDispatch &&
      `default conversion ${n} hooks / minimal dispatcher`,
  ),
  ...ECC_EVENTS.map(
    (e) =>
      R[`ecc${e}VsMinimal`] > TARGETS.dispatchVsMinimalDispatch && `everything-claude-code ${e} / minimal dispatcher`,
  ),
  ECC_EVENTS.some((e) => eccCalls[e].processes.grouped !== 1) && 'everything-claude-code: one process per call',
  dispatchScope.processesForUnwatched !== 0 && 'dispatch scope',
  groupedCalls.unwatched.grouped !== 0 && 'default conversion scope',
].filter(Boolean);
results.missed = missed;
say();
say(
  `targets missed: ` +
    (missed.length ? missed.join(', ') : 'none') +
    `   (bench took ${elapsedS.toFixed(0)} s; exit 0 either way)`,
);

console.log(lines.join('\n'));
mkdirSync(join(root, '.cache'), { recursive: true });
writeFileSync(join(root, '.cache/bench-results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('results: .cache/bench-results.json');

// Plugin hosts (Pi, OpenCode): processes per guarded call and its cost, in-process (bench/in-process.mjs).
await import('./in-process.mjs');
