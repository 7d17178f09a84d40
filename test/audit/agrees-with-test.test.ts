// `audit` and `test` model each agent once (src/run/answer.ts, src/run/host-decision.ts): on the same hook, what an
// audit finding says the agent decides is what `hook-bridge test` shows it deciding when the hook really runs, and a
// hook audit says nothing about is decided as its answer says. Each case is a project of one agent's own config with
// a script; audit reads its text, test runs it as that agent (the reference row).
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.js';
import type { DialectId } from '../../src/model/dialect-ids.js';
import type { Decision } from '../../src/run/host-decision.js';
import type { Call } from '../../src/simulate/call.js';
import { simulate } from '../../src/simulate/simulate.js';

interface Case {
  name: string;
  agent: DialectId;
  /** The agent's config file and its content (the hook runs `./g.sh`). */
  config: [string, object];
  script: string;
  call: Call;
  headless?: boolean;
  permissionMode?: string;
  /** Audited for this agent, which runs the file itself; test's row: that agent, as is. */
  target?: DialectId;
  /** The finding audit gives (rule/messageId), or none. */
  finding?: string;
  /** What the agent decides, as test shows it. */
  decision: Decision;
}

const settings = (event: string, matcher?: string) => ({
  hooks: { [event]: [{ ...(matcher ? { matcher } : {}), hooks: [{ type: 'command', command: './g.sh' }] }] },
});
const claude = (event: string, matcher?: string): [string, object] => [
  '.claude/settings.json',
  settings(event, matcher),
];
const echo = (json: object, exit = 0) => `#!/bin/sh\necho '${JSON.stringify(json)}'\nexit ${exit}\n`;
const hso = (event: string, o: object) => ({ hookSpecificOutput: { hookEventName: event, ...o } });
const bash = { event: 'PreToolUse', tool: 'Bash', input: { command: 'rm -rf build' } };

const CASES: Case[] = [
  {
    name: 'Claude Code ignores a top-level "ask" (sethdf/lifemaestro)',
    agent: 'claude',
    config: claude('PreToolUse', 'Bash'),
    script: echo({ decision: 'ask', reason: 'sure?' }),
    call: bash,
    finding: 'output-field-ignored/askIgnored',
    decision: 'none',
  },
  {
    name: 'Claude Code: hookSpecificOutput without hookEventName is not read',
    agent: 'claude',
    config: claude('PreToolUse', 'Bash'),
    script: echo({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no' } }),
    call: bash,
    finding: 'deny-dropped/hookEventNameMissing',
    decision: 'none',
  },
  {
    name: 'Claude Code: a deny it reads',
    agent: 'claude',
    config: claude('PreToolUse', 'Bash'),
    script: echo(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'no' })),
    call: bash,
    decision: 'deny',
  },
  {
    name: 'Claude Code: a JSON deny at exit 1 still denies (d18)',
    agent: 'claude',
    config: claude('PreToolUse', 'Bash'),
    script: echo(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'no' }), 1),
    call: bash,
    decision: 'deny',
  },
  {
    name: 'Claude Code: continue:false on PreToolUse runs the tool (d13)',
    agent: 'claude',
    config: claude('PreToolUse', 'Bash'),
    script: echo({ continue: false, stopReason: 'stop' }),
    call: bash,
    finding: 'deny-dropped/continueFalseToolRuns',
    decision: 'none',
  },
  {
    name: 'Claude Code: an ask headless is a deny (d10)',
    agent: 'claude',
    config: claude('PreToolUse', 'Bash'),
    script: echo(hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'sure?' })),
    call: bash,
    headless: true,
    finding: 'ask-headless/deniedHeadless',
    decision: 'deny',
  },
  {
    name: 'Codex CLI: exit 2 with an empty stderr does nothing (d03)',
    agent: 'codex',
    config: ['.codex/hooks.json', settings('PreToolUse', 'Bash')],
    script: '#!/bin/sh\necho "blocked"\nexit 2\n',
    call: bash,
    finding: 'deny-dropped/exitTwoWithoutStderr',
    decision: 'none',
  },
  {
    name: 'Codex CLI: a JSON deny at exit 1 is not read (d14)',
    agent: 'codex',
    config: ['.codex/hooks.json', settings('PreToolUse', 'Bash')],
    script: echo(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'no' }), 1),
    call: bash,
    finding: 'deny-dropped/jsonIgnoredAtExit',
    decision: 'none',
  },
  {
    name: 'Codex CLI: an ask voids the answer (d10)',
    agent: 'codex',
    config: ['.codex/hooks.json', settings('PreToolUse', 'Bash')],
    script: echo(hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'sure?' })),
    call: bash,
    headless: true,
    finding: 'ask-headless/voided',
    decision: 'none',
  },
  {
    name: 'Gemini CLI reads no permissionDecision',
    agent: 'gemini',
    config: ['.gemini/settings.json', settings('BeforeTool', 'run_shell_command')],
    script: echo(hso('BeforeTool', { permissionDecision: 'deny', permissionDecisionReason: 'no' })),
    call: { event: 'BeforeTool', tool: 'run_shell_command', input: { command: 'rm -rf build' } },
    finding: 'deny-dropped/permissionDecisionIgnored',
    decision: 'none',
  },
  {
    name: 'Gemini CLI: a top-level deny',
    agent: 'gemini',
    config: ['.gemini/settings.json', settings('BeforeTool', 'run_shell_command')],
    script: echo({ decision: 'deny', reason: 'no' }),
    call: { event: 'BeforeTool', tool: 'run_shell_command', input: { command: 'rm -rf build' } },
    decision: 'deny',
  },
  {
    name: 'Qwen Code: no allow (d09)',
    agent: 'qwen',
    config: ['.qwen/settings.json', settings('PreToolUse', 'run_shell_command')],
    script: echo(hso('PreToolUse', { permissionDecision: 'allow' })),
    call: { event: 'PreToolUse', tool: 'run_shell_command', input: { command: 'ls' } },
    finding: 'output-field-ignored/allowIgnored',
    decision: 'none',
  },
  {
    name: 'Qwen Code drops a PostToolUse block (p03)',
    agent: 'qwen',
    config: ['.qwen/settings.json', settings('PostToolUse', 'run_shell_command')],
    script: '#!/bin/sh\necho "lint failed" >&2\nexit 2\n',
    call: { event: 'PostToolUse', tool: 'run_shell_command', input: { command: 'ls' }, response: 'ok' },
    finding: 'deny-dropped/postToolUseBlockDropped',
    decision: 'none',
  },
  {
    name: 'CodeBuddy Code ignores a Stop block headless (u11)',
    agent: 'codebuddy',
    config: ['.codebuddy/settings.json', settings('Stop')],
    script: echo({ decision: 'block', reason: 'keep going' }),
    call: { event: 'Stop' },
    headless: true,
    finding: 'deny-dropped/stopBlockIgnored',
    decision: 'none',
  },
  {
    name: 'GitHub Copilot CLI: a flat deny at exit 1 denies (its own file)',
    agent: 'copilot',
    config: [
      '.github/hooks/guard.json',
      { version: 1, hooks: { preToolUse: [{ type: 'command', bash: './g.sh', timeoutSec: 10 }] } },
    ],
    script: echo({ permissionDecision: 'deny', permissionDecisionReason: 'no' }, 1),
    call: { event: 'preToolUse', tool: 'bash', input: { command: 'rm -rf build', description: 'clean' } },
    decision: 'deny',
  },
  {
    name: 'GitHub Copilot CLI runs a Claude PostToolUse hook: its exit 2 changes nothing there',
    agent: 'claude',
    target: 'copilot',
    config: claude('PostToolUse', 'Bash'),
    script: '#!/bin/sh\necho "lint failed" >&2\nexit 2\n',
    call: { event: 'PostToolUse', tool: 'Bash', input: { command: 'ls' }, response: { stdout: '', stderr: '' } },
    finding: 'foreign-read-output-lost/feedbackLost',
    decision: 'none',
  },
  {
    name: 'GitHub Copilot CLI runs a Claude PreToolUse hook that fails: the call is denied there',
    agent: 'claude',
    target: 'copilot',
    config: claude('PreToolUse', 'Bash'),
    script: '#!/bin/sh\necho "crashed" >&2\nexit 1\n',
    call: bash,
    finding: 'foreign-read-fails-closed/failsClosed',
    decision: 'deny',
  },
];

function project(c: Case): string {
  const dir = mkdtempSync(join(tmpdir(), 'hb-agree-'));
  const [file, content] = c.config;
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), JSON.stringify(content, null, 2));
  writeFileSync(join(dir, 'g.sh'), c.script);
  chmodSync(join(dir, 'g.sh'), 0o755);
  return dir;
}

describe('audit and test agree on what each agent decides', () => {
  for (const c of CASES) {
    it(`${c.agent}: ${c.name}`, async () => {
      const dir = project(c);
      const findings = audit({ paths: [dir], cwd: dir, ...(c.target ? { target: c.target } : {}) }).findings.filter(
        (f) => f.decides,
      );
      const r = await simulate({
        inputs: [dir],
        from: c.agent,
        to: [c.target ?? (c.agent === 'claude' ? 'qwen' : 'claude')],
        call: c.call,
        headless: c.headless === true,
        ...(c.permissionMode ? { permissionMode: c.permissionMode } : {}),
      });
      const ref = c.target ? r.results.find((x) => x.host === c.target && x.mode === 'as-is')! : r.results[0]!;
      expect(ref.host).toBe(c.target ?? c.agent);
      // test: the agent decides as the case says
      expect(ref.decision, JSON.stringify(ref.hooks)).toBe(c.decision);
      // audit: the finding it gives, and the decision it claims is test's
      expect(findings.map((f) => `${f.ruleId}/${f.messageId}`)).toEqual(c.finding ? [c.finding] : []);
      for (const f of findings) {
        expect(f.decides!.agent).toBe(c.target ?? c.agent);
        expect(f.decides!.headless).toBe(c.headless === true);
        expect(f.decides!.decision, f.message).toBe(ref.decision);
      }
    });
  }
});
