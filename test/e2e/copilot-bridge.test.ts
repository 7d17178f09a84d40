// What `convert --to copilot` promises, in the real agents (GitHub Copilot CLI 1.0.102 and Claude Code 2.1.330,
// headless
// and offline): each Claude hook runs once per event on Copilot — from Copilot's own file, through hook-bridge —
// while
// Copilot's own reading of the Claude file does nothing for it, and Claude Code runs the converted project as before,
// also when it was started from Copilot (COPILOT_CLI=1 inherited). Plus the facts about Copilot's own files the dialect
// relies on that were established while writing it (docs/observations.md).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClaude } from './harness/claude.js';
import { runCopilotInRepo } from './harness/copilot.js';
import { ensureAgent } from './harness/install.js';
import type { AgentRunResult, ModelStep } from './harness/types.js';
import { makeWorkspace, writeJson, type TempWorkspace } from './harness/util.js';
import { HOSTS, installConfig, repoRoot, runner } from './scenarios/hosts.js';
import { RUNNER_GUARD } from '../../src/dialects/runner-guard.js';

const workspaces: TempWorkspace[] = [];
beforeAll(() => {
  ensureAgent('copilot');
  ensureAgent('claude');
});
afterAll(() =>
  workspaces.forEach((w) => {
    w.cleanup();
  }),
);

const explain = (r: AgentRunResult) =>
  `exit=${r.exitCode} ${r.durationMs} ms, ${r.requests.length} request(s), toolResults=` +
  `${JSON.stringify(r.toolResults)}\n${r.stderr.slice(-1500)}`;
const told = (r: AgentRunResult, token: string) => r.requests.some((q) => JSON.stringify(q.body).includes(token));

/** A workspace whose hooks log one line per run to `log`: `<label> <event> <tool>` (from the payload the hook got). */
function workspace(prefix: string) {
  const ws = makeWorkspace(prefix);
  workspaces.push(ws);
  const log = join(ws.root, 'hooks.log');
  const logger = join(ws.root, 'log-hook.js');
  writeFileSync(
    logger,
    `let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{let ` +
      `p={};try{p=JSON.parse(s)}catch{}require('fs').appendFileSync(${JSON.stringify(log)},process.argv[2]+' ` +
      `'+(p.hook_event_name??'-')+' '+(p.tool_name??'-')+'\\n')});\n`,
  );
  const lines = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : []);
  return { ws, dir: ws.projectDir, log, lines, hook: (label: string) => `node ${JSON.stringify(logger)} ${label}` };
}
const count = (lines: string[], line: string) => lines.filter((l) => l === line).length;

/** The "Invalid hook configuration" lines of Copilot's log of a run (~/.copilot/logs/). */
function invalidConfigs(home: string): string[] {
  const dir = join(home, '.copilot/logs');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.log'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .filter((l) => l.includes('Invalid hook configuration'));
}

const STEPS: ModelStep[] = [
  { tool: 'bash', args: { command: 'echo one', description: 'one' } },
  { tool: 'bash', args: { command: 'echo two', description: 'two' } },
];

describe('Copilot CLI: each Claude hook runs once per event', () => {
  /** Hooks on every event Copilot fires from the Claude files, one of them in settings.local.json. */
  function project(prefix: string) {
    const w = workspace(prefix);
    const g = (label: string, matcher?: string) => [
      { ...(matcher ? { matcher } : {}), hooks: [{ type: 'command', command: w.hook(label) }] },
    ];
    writeJson(join(w.dir, '.claude/settings.json'), {
      hooks: {
        SessionStart: g('ss'),
        UserPromptSubmit: g('ups'),
        PreToolUse: g('pre', 'Bash'),
        PostToolUse: g('post', 'Bash'),
        Stop: g('stop'),
        SessionEnd: g('end'),
      },
    });
    writeJson(join(w.dir, '.claude/settings.local.json'), { hooks: { PreToolUse: g('local-pre', 'Bash') } });
    return w;
  }
  const once = (lines: string[]) => ({
    ss: count(lines, 'ss SessionStart -'),
    ups: count(lines, 'ups UserPromptSubmit -'),
    pre: count(lines, 'pre PreToolUse Bash'),
    localPre: count(lines, 'local-pre PreToolUse Bash'),
    post: count(lines, 'post PostToolUse Bash'),
    stop: count(lines, 'stop Stop -'),
    end: count(lines, 'end SessionEnd -'),
  });
  const EXPECTED = { ss: 1, ups: 1, pre: 2, localPre: 2, post: 2, stop: 1, end: 1 };

  it(
    "through hook-bridge: once each, from Copilot's own file (the " + "Claude entries gated), with Claude's payloads",
    async () => {
      const w = project('hb-e2e-copilot-once-');
      installConfig(w.dir, HOSTS.copilot, 'bridged');
      const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: STEPS });
      const lines = w.lines();
      expect(once(lines), `${lines.join('\n')}\n${explain(r)}`).toEqual(EXPECTED);
      // Nothing but these: every line is one of the expected, none twice beyond the calls.
      expect(lines.length).toBe(Object.values(EXPECTED).reduce((a, b) => a + b, 0));
    },
  );
  it(
    'the same hooks left in the Claude files as they are: Copilot ' + 'runs them itself, once per file (recorded)',
    async () => {
      const w = project('hb-e2e-copilot-native-');
      const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: STEPS });
      expect(once(w.lines()), explain(r)).toEqual(EXPECTED);
    },
  );
  it(
    'the Claude files gated but the wrappers ALSO copied to another Copilot ' +
      'file by hand: twice — what foreign-read-runs-twice reports',
    async () => {
      const w = project('hb-e2e-copilot-twice-');
      installConfig(w.dir, HOSTS.copilot, 'bridged');
      // An extra copy of the wrappers (e.g. a teammate's): Copilot has no de-duplication.
      writeFileSync(
        join(w.dir, '.github/hooks/copy.json'),
        readFileSync(join(w.dir, '.github/hooks/hook-bridge.json')),
      );
      const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: STEPS });
      expect(once(w.lines()).pre, explain(r)).toBe(4);
    },
  );
});

describe('the gate, in the real agents', () => {
  function guarded(prefix: string) {
    const w = workspace(prefix);
    mkdirSync(join(w.dir, '.hooks'));
    writeFileSync(join(w.dir, '.hooks/guard.sh'), '#!/bin/sh\ncat >/dev/null\necho "GATE-GUARD: no rm" >&2\nexit 2\n', {
      mode: 0o755,
    });
    // The logger first: Copilot runs a hook's entries one after another and stops at a deny (decisions.json
    // own-pre-two-deny-then-allow), where Claude Code runs them all (docs/decided-behaviours.md).
    writeJson(join(w.dir, '.claude/settings.json'), {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: w.hook('pre') },
              { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.hooks/guard.sh' },
            ],
          },
        ],
      },
    });
    installConfig(w.dir, HOSTS.copilot, 'bridged');
    return w;
  }
  it(
    'Claude Code runs the converted project as before: the guard ' + 'blocks with its reason, the logger runs once',
    async () => {
      const w = guarded('hb-e2e-gate-claude-');
      const r = await runClaude({
        projectDir: w.dir,
        homeDir: w.ws.homeDir,
        steps: [{ tool: 'Bash', args: { command: 'touch ran.marker', description: 'x' } }],
      });
      expect(
        { ran: existsSync(join(w.dir, 'ran.marker')), told: told(r, 'GATE-GUARD: no rm'), runs: w.lines() },
        explain(r),
      ).toEqual({ ran: false, told: true, runs: ['pre PreToolUse Bash'] });
    },
  );
  it('also when Claude Code was started from Copilot (COPILOT_CLI=1 and its other variables inherited)', async () => {
    const w = guarded('hb-e2e-gate-claude-in-copilot-');
    const env = { COPILOT_CLI: '1', COPILOT_CLI_BINARY_VERSION: '1.0.102', COPILOT_PROJECT_DIR: w.dir };
    const r = await runClaude({
      projectDir: w.dir,
      homeDir: w.ws.homeDir,
      env,
      steps: [{ tool: 'Bash', args: { command: 'touch ran.marker', description: 'x' } }],
    });
    expect(
      { ran: existsSync(join(w.dir, 'ran.marker')), told: told(r, 'GATE-GUARD: no rm'), runs: w.lines() },
      explain(r),
    ).toEqual({ ran: false, told: true, runs: ['pre PreToolUse Bash'] });
  });
  it(
    'Copilot started from inside Claude Code (CLAUDE_PID, CLAUDECODE inherited): ' +
      'its own reading still does nothing, hook-bridge runs each once',
    async () => {
      const w = guarded('hb-e2e-gate-copilot-in-claude-');
      const r = await runCopilotInRepo({
        projectDir: w.dir,
        homeDir: w.ws.homeDir,
        env: { CLAUDE_PID: '1', CLAUDECODE: '1' },
        steps: [{ tool: 'bash', args: { command: 'touch ran.marker', description: 'x' } }],
      });
      expect(
        { ran: existsSync(join(w.dir, 'ran.marker')), told: told(r, 'GATE-GUARD: no rm'), runs: w.lines() },
        explain(r),
      ).toEqual({ ran: false, told: true, runs: ['pre PreToolUse Bash'] });
    },
  );
  it("Copilot's hook shell is its own child, Claude Code's is Claude Code's (the fact the gate rests on)", async () => {
    const w = workspace('hb-e2e-gate-ppid-');
    const probe =
      `echo "$PPID \${CLAUDE_PID-none} $(tr '\\0' ' ' < /proc/$PPID/cmdline | cut -d' ' -f1)" >> ` +
      JSON.stringify(join(w.ws.root, 'ppid'));
    writeJson(join(w.dir, '.claude/settings.json'), {
      hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: probe }] }] },
    });
    await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: [] });
    await runClaude({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: [], env: { COPILOT_CLI: '1' } });
    const [copilot, claude] = readFileSync(join(w.ws.root, 'ppid'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' '));
    expect(copilot![1]).toBe('none');
    expect(copilot![2]).toMatch(/copilot$/);
    expect(claude![0]).toBe(claude![1]);
    expect(claude![2]).toMatch(/claude/);
  });
});

describe("Copilot CLI's own hook files (facts the dialect relies on)", () => {
  it(
    '`command` runs as `bash` does, `timeout` as `timeoutSec`; `version` may be left out; a ' +
      'file without hooks (the record) is skipped; sessionStart matchers are ignored',
    async () => {
      const w = workspace('hb-e2e-copilot-own-');
      writeJson(join(w.dir, '.github/hooks/a.json'), {
        version: 1,
        hooks: {
          preToolUse: [
            { type: 'command', command: w.hook('command-key') },
            { type: 'command', bash: `sleep 3; ${w.hook('late')}`, timeout: 1 },
          ],
        },
      });
      writeJson(join(w.dir, '.github/hooks/b.json'), {
        hooks: {
          sessionStart: [
            { type: 'command', bash: w.hook('ss-startup'), matcher: 'startup' },
            { type: 'command', bash: w.hook('ss-nomatch'), matcher: 'no-such-source' },
          ],
        },
      });
      // Where hook-bridge kept its record before issue 29: skipped, but logged as an invalid configuration (the
      // record now lives outside .github/hooks/).
      writeJson(join(w.dir, '.github/hooks/hook-bridge.hook-bridge.json'), { about: 'record', entries: [] });
      const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: [STEPS[0]!] });
      const labels = w
        .lines()
        .map((l) => l.split(' ')[0])
        .sort();
      expect(labels, explain(r)).toEqual(['command-key', 'ss-nomatch', 'ss-startup']);
      expect(r.exitCode).toBe(0);
      expect(invalidConfigs(w.ws.homeDir)).toEqual([
        expect.stringContaining('hook-bridge.hook-bridge.json: hooks: hooks must be an object'),
      ]);
    },
  );
  it('modifiedArgs rewrites a create call in its own parameter names', async () => {
    const w = workspace('hb-e2e-copilot-modargs-');
    writeJson(join(w.dir, '.github/hooks/a.json'), {
      version: 1,
      hooks: {
        preToolUse: [
          {
            type: 'command',
            bash:
              `echo '` +
              JSON.stringify({ modifiedArgs: { path: join(w.dir, 'rewritten.txt'), file_text: 'R\n' } }) +
              `'`,
            matcher: 'create',
          },
        ],
      },
    });
    const r = await runCopilotInRepo({
      projectDir: w.dir,
      homeDir: w.ws.homeDir,
      steps: [{ tool: 'create', args: { path: join(w.dir, 'orig.txt'), file_text: 'O\n' } }],
    });
    expect(
      { orig: existsSync(join(w.dir, 'orig.txt')), rewritten: existsSync(join(w.dir, 'rewritten.txt')) },
      explain(r),
    ).toEqual({ orig: false, rewritten: true });
  });
});

describe('through hook-bridge, what Copilot alone gets wrong (issue 22)', () => {
  /** A Claude project with one hook script; converted, or left as it is (Copilot reads it itself). */
  function project(mode: 'bridged' | 'native', event: string, matcher: string | undefined, script: string) {
    const w = workspace(`hb-e2e-copilot-${mode}-`);
    mkdirSync(join(w.dir, '.claude/hooks'), { recursive: true });
    writeFileSync(
      join(w.dir, '.claude/hooks/hook.js'),
      `let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{const p=JSON.parse(s);\n${script}\n});\n`,
    );
    writeJson(join(w.dir, '.claude/settings.json'), {
      hooks: {
        [event]: [
          {
            ...(matcher ? { matcher } : {}),
            hooks: [{ type: 'command', command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/hook.js"' }],
          },
        ],
      },
    });
    if (mode === 'bridged') installConfig(w.dir, HOSTS.copilot, 'bridged');
    return w;
  }
  const envGuard =
    `if(String(p.tool_input&&p.tool_input.file_path).endsWith('.env')){console.error('ENV-GUARD: ` +
    `.env holds secrets');process.exit(2)}`;
  for (const mode of ['bridged', 'native'] as const) {
    it(
      `a Write|Edit .env guard reading file_path ` +
        (mode === 'bridged'
          ? 'blocks create .env with its reason'
          : 'reads nothing (path, file_text): the file is written (recorded)'),
      async () => {
        const w = project(mode, 'PreToolUse', 'Write|Edit', envGuard);
        const r = await runCopilotInRepo({
          projectDir: w.dir,
          homeDir: w.ws.homeDir,
          steps: [{ tool: 'create', args: { path: join(w.dir, '.env'), file_text: 'SECRET=1\n' } }],
        });
        expect({ written: existsSync(join(w.dir, '.env')), told: told(r, 'ENV-GUARD') }, explain(r)).toEqual(
          mode === 'bridged' ? { written: false, told: true } : { written: true, told: false },
        );
      },
    );
  }
  it(
    "a crashing PreToolUse hook lets the call run (Claude's rule) through hook-bridge; Copilot alone denies it " +
      '(recorded)',
    async () => {
      for (const mode of ['bridged', 'native'] as const) {
        const w = project(mode, 'PreToolUse', 'Bash', 'throw new Error("boom")');
        const r = await runCopilotInRepo({
          projectDir: w.dir,
          homeDir: w.ws.homeDir,
          steps: [{ tool: 'bash', args: { command: 'touch ran.marker', description: 'x' } }],
        });
        expect(existsSync(join(w.dir, 'ran.marker')), `${mode}: ${explain(r)}`).toBe(mode === 'bridged');
      }
    },
  );
  it(
    'PostToolUse additionalContext reaches the model through ' +
      'hook-bridge; not from the Claude file alone (recorded)',
    async () => {
      for (const mode of ['bridged', 'native'] as const) {
        const w = project(
          mode,
          'PostToolUse',
          'Bash',
          `process.stdout.write(JSON.stringify({hookSpecificOutput:{hookEventName:'PostToolUse',additionalContext:'` +
            `POST-CTX-9'}}))`,
        );
        const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: [STEPS[0]!] });
        expect(told(r, 'POST-CTX-9'), `${mode}: ${explain(r)}`).toBe(mode === 'bridged');
      }
    },
  );
  it(
    "a transcript-reading Stop hook reads Copilot's events.jsonl " + "as Claude's JSONL (the Bash call in it)",
    async () => {
      const w = project(
        'bridged',
        'Stop',
        undefined,
        `if(p.stop_hook_active)return;const ` +
          `recs=require('fs').readFileSync(p.transcript_path,'utf8').trim().split('\\n').map(l=>JSON.parse(l));const ` +
          `uses=recs.filter(r=>r.type==='assistant').flatMap(r=>r.message.content).filter(b=>b.type==='tool_use');con` +
          `sole.log(JSON.stringify({decision:'block',reason:'SAW ` +
          `'+uses.map(b=>b.name+':'+b.input.command).join(',')}))`,
      );
      const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: [STEPS[0]!] });
      expect(told(r, 'SAW Bash:echo one'), explain(r)).toBe(true);
    },
  );
});

describe('Copilot CLI: hook-bridge not installed where Copilot runs hooks', () => {
  /** A Claude guard that would deny the call, converted with a runner that is on no PATH (as a first install gets
   * wrong).
   */
  function missingRunner(prefix: string) {
    const w = workspace(prefix);
    writeJson(join(w.dir, '.claude/settings.json'), {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo NO >&2; exit 2' }] }] },
    });
    execFileSync(
      process.execPath,
      [
        join(repoRoot, 'bin/hook-bridge.cjs'),
        'convert',
        '--from',
        'claude',
        '--to',
        'copilot',
        '--runner',
        'hook-bridge-not-installed',
        '--no-backup',
      ],
      { cwd: w.dir, stdio: 'ignore' },
    );
    return w;
  }
  const touch: ModelStep[] = [{ tool: 'bash', args: { command: 'touch ran.marker', description: 'touch' } }];
  it(
    'the entry convert wrote (with its runner guard): the call goes ' +
      'on, as Claude Code treats a hook that cannot start',
    async () => {
      const w = missingRunner('hb-e2e-copilot-norunner-');
      expect(readFileSync(join(w.dir, '.github/hooks/hook-bridge.json'), 'utf8')).toContain(
        JSON.stringify(RUNNER_GUARD).slice(1, -1),
      );
      const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: touch });
      expect(
        { ran: existsSync(join(w.dir, 'ran.marker')), denied: told(r, 'Denied by preToolUse hook') },
        explain(r),
      ).toEqual({ ran: true, denied: false });
    },
  );
  it('the same entry without the guard: Copilot denies the call (exit 127 "hook errored"; recorded)', async () => {
    const w = missingRunner('hb-e2e-copilot-norunner-bare-');
    const file = join(w.dir, '.github/hooks/hook-bridge.json');
    writeFileSync(file, readFileSync(file, 'utf8').split(JSON.stringify(RUNNER_GUARD).slice(1, -1)).join(''));
    const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: touch });
    expect(
      { ran: existsSync(join(w.dir, 'ran.marker')), denied: told(r, 'Denied by preToolUse hook') },
      explain(r),
    ).toEqual({ ran: false, denied: true });
  });
});

/** Convert the project in `dir` the way a user does, calling this checkout's hook-bridge. */
const convert = (dir: string, ...args: string[]) =>
  execFileSync(
    process.execPath,
    [join(repoRoot, 'bin/hook-bridge.cjs'), 'convert', ...args, '--runner', runner, '--no-backup'],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );

describe('what a Claude script meets on Copilot, as on Claude Code (issue 32)', () => {
  /** A Claude project with one hook script (node, its payload as `p`), converted --to copilot. */
  function project(prefix: string, event: string, matcher: string | undefined, body: string, files = {}) {
    const w = workspace(prefix);
    for (const [f, text] of Object.entries<string>(files)) {
      mkdirSync(join(w.dir, f, '..'), { recursive: true });
      writeFileSync(join(w.dir, f), text);
    }
    mkdirSync(join(w.dir, '.claude/hooks'), { recursive: true });
    writeFileSync(
      join(w.dir, '.claude/hooks/hook.js'),
      `let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{const p=JSON.parse(s);\n` +
        `require('fs').appendFileSync(${JSON.stringify(w.log)},'hook '+p.hook_event_name+' '+` +
        `JSON.stringify(p.tool_input??p.source??'')+'\\n');\n` +
        `${body}\n});\n`,
    );
    writeJson(join(w.dir, '.claude/settings.json'), {
      hooks: {
        [event]: [
          {
            ...(matcher ? { matcher } : {}),
            hooks: [{ type: 'command', command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/hook.js"' }],
          },
        ],
      },
    });
    // The same project on both agents: Claude Code runs the Claude file (the gate lets it), Copilot its own file.
    installConfig(w.dir, HOSTS.copilot, 'bridged');
    return w;
  }

  it(
    "a Grep guard refusing node_modules: Copilot's grep {paths} is denied with the guard's reason, " +
      'a search of src runs — as Grep {path} on Claude Code',
    async () => {
      const guard =
        `const path=String(p.tool_input.path??'');if(/node_modules/.test(path)){` +
        `console.error('NO-NODE-MODULES in '+path);process.exit(2)}`;
      const files = { 'src/needle.txt': 'NEEDLE-4242\n', 'node_modules/pkg/needle.txt': 'NEEDLE-4242\n' };
      const observe = (r: AgentRunResult) => ({
        refused: told(r, 'NO-NODE-MODULES in node_modules'),
        found: r.toolResults.some((t) => t.includes('needle.txt') && !t.includes('NO-NODE-MODULES')),
      });
      const claude = project('hb-e2e-grep-claude-', 'PreToolUse', 'Grep|Glob', guard, files);
      const c = await runClaude({
        projectDir: claude.dir,
        homeDir: claude.ws.homeDir,
        // Claude Code 2.1.330 offers Grep only when --allowedTools names it (docs/observations.md).
        args: ['--allowedTools', 'Glob,Grep'],
        steps: [
          { tool: 'Grep', args: { pattern: 'NEEDLE-4242', path: 'node_modules' } },
          { tool: 'Grep', args: { pattern: 'NEEDLE-4242', path: 'src' } },
        ],
      });
      expect(observe(c), explain(c)).toEqual({ refused: true, found: true });
      const copilot = project('hb-e2e-grep-copilot-', 'PreToolUse', 'Grep|Glob', guard, files);
      const r = await runCopilotInRepo({
        projectDir: copilot.dir,
        homeDir: copilot.ws.homeDir,
        steps: [
          { tool: 'grep', args: { pattern: 'NEEDLE-4242', paths: ['src', 'node_modules'] } },
          { tool: 'grep', args: { pattern: 'NEEDLE-4242', paths: 'src' } },
        ],
      });
      expect(observe(r), explain(r)).toEqual({ refused: true, found: true });
      // The guard ran once per path of the first call, and once for the second: Claude's Grep {path} each time.
      expect(copilot.lines()).toEqual([
        'hook PreToolUse {"pattern":"NEEDLE-4242","path":"src"}',
        'hook PreToolUse {"pattern":"NEEDLE-4242","path":"node_modules"}',
        'hook PreToolUse {"pattern":"NEEDLE-4242","path":"src"}',
      ]);
    },
  );

  it('a SessionStart script acting on source "startup": its context reaches the model, as on Claude Code', async () => {
    const body =
      `if(p.source==='startup')console.log(JSON.stringify({hookSpecificOutput:{hookEventName:'SessionStart',` +
      `additionalContext:'FRESH-SESSION-RULES-17'}}))`;
    const observe = (r: AgentRunResult, w: { lines: () => string[] }) => ({
      told: told(r, 'FRESH-SESSION-RULES-17'),
      runs: w.lines(),
    });
    const claude = project('hb-e2e-ss-claude-', 'SessionStart', 'startup', body);
    const c = await runClaude({ projectDir: claude.dir, homeDir: claude.ws.homeDir, steps: [] });
    expect(observe(c, claude), explain(c)).toEqual({ told: true, runs: ['hook SessionStart "startup"'] });
    const copilot = project('hb-e2e-ss-copilot-', 'SessionStart', 'startup', body);
    const r = await runCopilotInRepo({ projectDir: copilot.dir, homeDir: copilot.ws.homeDir, steps: [] });
    expect(observe(r, copilot), explain(r)).toEqual({ told: true, runs: ['hook SessionStart "startup"'] });
  });

  it(
    'continue:false from PreToolUse: the call is blocked with the stop reason (as Qwen Code, CodeBuddy Code and ' +
      'Codex CLI through hook-bridge); Copilot alone runs it (recorded)',
    async () => {
      const body = `console.log(JSON.stringify({continue:false,stopReason:'STOP-BEFORE-RM'}))`;
      const touch: ModelStep[] = [{ tool: 'bash', args: { command: 'touch ran.marker', description: 'x' } }];
      const w = project('hb-e2e-cf-pre-', 'PreToolUse', 'Bash', body);
      const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: touch });
      expect(
        { ran: existsSync(join(w.dir, 'ran.marker')), told: told(r, 'Denied by preToolUse hook: STOP-BEFORE-RM') },
        explain(r),
      ).toEqual({ ran: false, told: true });
      // The same answer from Copilot's own file, without hook-bridge: ignored, the call runs (decisions.json).
      const n = workspace('hb-e2e-cf-pre-native-');
      writeJson(join(n.dir, '.github/hooks/own.json'), {
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: `echo '{"continue":false,"stopReason":"STOP-BEFORE-RM"}'` }] },
      });
      const native = await runCopilotInRepo({ projectDir: n.dir, homeDir: n.ws.homeDir, steps: touch });
      expect(existsSync(join(n.dir, 'ran.marker')), explain(native)).toBe(true);
    },
  );

  it('continue:false from UserPromptSubmit: the prompt never reaches the model, as on Claude Code', async () => {
    const body = `console.log(JSON.stringify({continue:false,stopReason:'NOT-THIS-PROMPT'}))`;
    const claude = project('hb-e2e-cf-ups-claude-', 'UserPromptSubmit', undefined, body);
    const c = await runClaude({ projectDir: claude.dir, homeDir: claude.ws.homeDir, steps: [] });
    expect({ requests: c.requests.length, ran: claude.lines().length }, explain(c)).toEqual({ requests: 0, ran: 1 });
    const copilot = project('hb-e2e-cf-ups-copilot-', 'UserPromptSubmit', undefined, body);
    const r = await runCopilotInRepo({ projectDir: copilot.dir, homeDir: copilot.ws.homeDir, steps: [] });
    expect(
      { requests: r.requests.length, ran: copilot.lines().length, said: r.stderr.includes('NOT-THIS-PROMPT') },
      explain(r),
    ).toEqual({ requests: 0, ran: 1, said: true });
  });
});

describe("convert's files, as Copilot reads them (issue 29)", () => {
  it('after convert --to copilot: no "Invalid hook configuration" in its log, and the hooks run', async () => {
    const w = workspace('hb-e2e-copilot-nolog-');
    writeJson(join(w.dir, '.claude/settings.json'), {
      hooks: {
        SessionStart: [{ hooks: [{ type: 'command', command: w.hook('ss') }] }],
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: w.hook('pre') }] }],
      },
    });
    installConfig(w.dir, HOSTS.copilot, 'bridged');
    expect(readdirSync(join(w.dir, '.github/hooks'))).toEqual(['hook-bridge.json']);
    expect(existsSync(join(w.dir, '.github/hook-bridge.hook-bridge.json'))).toBe(true);
    const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: [STEPS[0]!] });
    expect({ invalid: invalidConfigs(w.ws.homeDir), runs: w.lines() }, explain(r)).toEqual({
      invalid: [],
      runs: ['ss SessionStart -', 'pre PreToolUse Bash'],
    });
  });

  describe('convert --to claude in a Copilot project (rysweet/azlin): each hook runs once on Copilot', () => {
    const AZLIN = join(repoRoot, 'test/real-projects/rysweet__azlin');
    // azlin's hook scripts (unchanged) run amplihack's Python hooks from ~/.amplihack when installed: installed here as
    // one-line loggers, so every run of each is counted.
    const PY = [
      'session_start',
      'user_prompt_submit',
      'workflow_classification_reminder',
      'pre_tool_use',
      'post_tool_use',
      'stop',
      'session_stop',
    ];
    function azlin(prefix: string) {
      const w = workspace(prefix);
      cpSync(join(AZLIN, '.github'), join(w.dir, '.github'), { recursive: true });
      const hooks = join(w.ws.homeDir, '.amplihack/.claude/tools/amplihack/hooks');
      mkdirSync(hooks, { recursive: true });
      for (const name of PY)
        writeFileSync(
          join(hooks, `${name}.py`),
          `import sys\nsys.stdin.read()\nopen(${JSON.stringify(w.log)}, "a").write("${name}\\n")\nprint("{}")\n`,
        );
      return w;
    }
    const counts = (lines: string[]) => Object.fromEntries(PY.map((n) => [n, count(lines, n)]));
    const ONCE = Object.fromEntries(PY.map((n) => [n, 1]));

    it('Copilot runs its own hooks once each, as before the conversion; Claude Code runs them too', async () => {
      const native = azlin('hb-e2e-azlin-native-');
      const n = await runCopilotInRepo({ projectDir: native.dir, homeDir: native.ws.homeDir, steps: [STEPS[0]!] });
      expect(counts(native.lines()), explain(n)).toEqual(ONCE);

      const w = azlin('hb-e2e-azlin-converted-');
      convert(w.dir, '--from', 'copilot', '--to', 'claude');
      const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: [STEPS[0]!] });
      expect(counts(w.lines()), explain(r)).toEqual(ONCE);

      const c = azlin('hb-e2e-azlin-claude-');
      convert(c.dir, '--from', 'copilot', '--to', 'claude');
      const cr = await runClaude({
        projectDir: c.dir,
        homeDir: c.ws.homeDir,
        steps: [{ tool: 'Bash', args: { command: 'echo one', description: 'one' } }],
      });
      expect(counts(c.lines()), explain(cr)).toEqual(ONCE);
    });

    it('the same conversion without the gates (what earlier versions wrote): twice on Copilot (recorded)', async () => {
      const w = azlin('hb-e2e-azlin-ungated-');
      convert(w.dir, '--from', 'copilot', '--to', 'claude');
      const file = join(w.dir, '.claude/settings.json');
      const prefix = JSON.stringify('[ -n "${COPILOT_CLI-}" ] && [ "$PPID" != "${CLAUDE_PID-}" ] && exit 0; ').slice(
        1,
        -1,
      );
      writeFileSync(file, readFileSync(file, 'utf8').split(prefix).join(''));
      const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: [STEPS[0]!] });
      expect(counts(w.lines()), explain(r)).toEqual(Object.fromEntries(PY.map((n) => [n, 2])));
    });
  });

  it("obra/superpowers' SessionStart script (shape picked by COPILOT_CLI) delivers its context", async () => {
    const w = workspace('hb-e2e-superpowers-');
    const SP = join(repoRoot, 'test/real-projects/obra__superpowers');
    for (const d of ['hooks', 'skills']) cpSync(join(SP, d), join(w.dir, d), { recursive: true });
    convert(w.dir, 'hooks/hooks.json', '--from', 'claude', '--to', 'copilot');
    const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: [] });
    expect(told(r, 'You have superpowers.'), explain(r)).toBe(true);
    expect(invalidConfigs(w.ws.homeDir)).toEqual([]);
  });
});

describe('kenryu42/claude-code-safety-net on Copilot (issue 29)', () => {
  const SN = join(repoRoot, 'test/real-projects/kenryu42__claude-code-safety-net');
  /** The project with its Claude plugin (hooks/hooks.json runs dist/bin/cc-safety-net.js --claude-code). */
  function safetyNet(prefix: string) {
    const w = workspace(prefix);
    for (const f of ['hooks', 'dist', 'package.json', '.claude-plugin'])
      cpSync(join(SN, f), join(w.dir, f), { recursive: true });
    return w;
  }
  const STEPS_SN = (bash: string): ModelStep[] => [
    { tool: bash, args: { command: 'git reset --hard; touch ran.marker', description: 'reset' } },
    { tool: bash, args: { command: 'touch harmless.marker', description: 'ok' } },
  ];
  const observe = (r: AgentRunResult, dir: string) => ({
    ran: existsSync(join(dir, 'ran.marker')),
    harmless: existsSync(join(dir, 'harmless.marker')),
    told: told(r, 'git reset --hard destroys all uncommitted changes'),
  });

  it(
    'its Claude plugin converted --to copilot blocks `git reset --hard` with its reason and lets a harmless ' +
      'command run, as the plugin does on Claude Code',
    async () => {
      const c = safetyNet('hb-e2e-sn-claude-');
      const cr = await runClaude({
        projectDir: c.dir,
        homeDir: c.ws.homeDir,
        args: ['--plugin-dir', c.dir],
        steps: STEPS_SN('Bash'),
      });
      expect(observe(cr, c.dir), explain(cr)).toEqual({ ran: false, harmless: true, told: true });
      const w = safetyNet('hb-e2e-sn-copilot-');
      convert(w.dir, 'hooks/hooks.json', '--from', 'claude', '--to', 'copilot');
      const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: STEPS_SN('bash') });
      expect(observe(r, w.dir), explain(r)).toEqual({ ran: false, harmless: true, told: true });
    },
  );

  it(
    'its own Copilot hook (`cc-safety-net --copilot-cli`, which JSON.parses toolArgs as the docs show) lets ' +
      '`git reset --hard` run on Copilot 1.0.102, which sends toolArgs as an object (recorded)',
    async () => {
      const w = safetyNet('hb-e2e-sn-native-');
      // .github/hooks/safety-net.json as published, with `npx -y cc-safety-net` (the network) as the copy beside it.
      const own = JSON.parse(readFileSync(join(SN, '.github/hooks/safety-net.json'), 'utf8'));
      own.hooks.preToolUse[0].bash = 'node dist/bin/cc-safety-net.js --copilot-cli';
      writeJson(join(w.dir, '.github/hooks/safety-net.json'), own);
      const r = await runCopilotInRepo({ projectDir: w.dir, homeDir: w.ws.homeDir, steps: STEPS_SN('bash') });
      expect(observe(r, w.dir), explain(r)).toEqual({ ran: true, harmless: true, told: false });
    },
  );
});
