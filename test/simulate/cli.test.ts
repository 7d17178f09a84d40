// `hook-bridge test` on the command line (the built CLI): the JSON contract, the exit codes CI relies on, --cases,
// and bad input answered with a clear error (exit 2, no stack trace).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeProject, sh } from './helpers.js';

const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [bin, 'test', ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/);
/** Case and payload files, beside the project (never in it). */
const files = mkdtempSync(join(tmpdir(), 'hb-simulate-cli-'));
const rm = ['--event', 'PreToolUse', '--tool', 'Bash', '--input', '{"command":"rm -rf build"}'];

const guard = claudeProject(
  {
    PreToolUse: [
      { matcher: 'Bash', hooks: [sh('guard.sh')] },
      { matcher: 'Write', hooks: [sh('path.sh')] },
    ],
    UserPromptSubmit: [{ hooks: [sh('ask.sh')] }],
  },
  {
    'path.sh':
      `f=$(jq -r .tool_input.file_path); printf ` +
      (`'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason` +
        `":"no `) +
      `%s"}}' "$f"\n`,
    'guard.sh':
      `p=$(cat); case "$p" in *'rm -rf'*) echo "GUARD: no rm -rf" >&2; exit 2;; *'git push'*) printf '%s' ` +
      (`'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason"` +
        `:"push?"}}';; `) +
      `esac\n`,
    'ask.sh': 'cat >/dev/null\n',
  },
);

describe('the JSON contract', () => {
  it(
    '{"results": [{host, mode, decision, reason, hooks}]}, the source agent first as host ' +
      '"claude"; exit 0 when every host decides the same through hook-bridge',
    () => {
      const r = cli([...rm, '--to', 'qwen,gemini', '--format', 'json'], guard);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const j = JSON.parse(r.stdout);
      expect(j.results.map((x: { host: string; mode: string }) => `${x.host} ${x.mode}`)).toEqual([
        'claude as-is',
        'qwen as-is',
        'qwen bridged',
        'gemini as-is',
        'gemini bridged',
      ]);
      for (const x of j.results) {
        expect(Object.keys(x)).toEqual(
          expect.arrayContaining(['host', 'mode', 'decision', 'reason', 'hooks', 'context', 'differs']),
        );
        expect(['allow', 'deny', 'ask', 'block', 'none']).toContain(x.decision);
        expect(x.reason === null || typeof x.reason === 'string').toBe(true);
        for (const h of x.hooks)
          expect(h).toMatchObject({
            command: expect.any(String),
            where: expect.any(String),
            ms: expect.any(Number),
            timedOut: false,
          });
      }
      expect(j.results[0]).toMatchObject({
        host: 'claude',
        mode: 'as-is',
        decision: 'deny',
        reason: 'GUARD: no rm -rf',
        hooks: [{ command: 'sh .hooks/guard.sh', exitCode: 2 }],
      });
      expect(j.results[3]).toMatchObject({
        host: 'gemini',
        decision: 'none',
        hooks: [],
        differs: ['decision', 'reason'],
      });
      expect(j.results[4]).toMatchObject({
        host: 'gemini',
        mode: 'bridged',
        decision: 'deny',
        reason: 'GUARD: no rm -rf',
        differs: [],
      });
    },
  );
  it(
    'exit 1 when a host decides otherwise through hook-bridge (an ask on ' +
      'CodeBuddy Code becomes a deny), said in the text table',
    () => {
      const r = cli(
        ['--event', 'PreToolUse', '--tool', 'Bash', '--input', '{"command":"git push"}', '--to', 'codebuddy,qwen'],
        guard,
      );
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/^PreToolUse Bash \{"command":"git push"\}\s+interactive session/);
      expect(r.stdout).toMatch(/\n\s+as is\s+through hook-bridge\n/);
      expect(r.stdout).toMatch(/\nCodeBuddy Code\s+ask\s+deny\s+≠ decision\n/);
      expect(r.stdout).toContain('Through hook-bridge CodeBuddy Code (decision) decides otherwise than Claude Code.');
      // headless, Claude Code denies an ask too: the same decision everywhere through hook-bridge
      expect(
        cli(
          [
            '--event',
            'PreToolUse',
            '--tool',
            'Bash',
            '--input',
            '{"command":"git push"}',
            '--to',
            'codebuddy,qwen',
            '--headless',
          ],
          guard,
        ).code,
      ).toBe(0);
    },
  );
  it(
    'every agent at once, two hooks each: stderr stays empty (the many ' +
      'hooks running together are not reported as a listener leak)',
    () => {
      const d = claudeProject(
        { PreToolUse: [{ matcher: 'Bash', hooks: [sh('a.sh'), sh('b.sh')] }] },
        { 'a.sh': 'cat >/dev/null\n', 'b.sh': 'cat >/dev/null; sleep 0.2\n' },
      );
      const r = cli(['--event', 'PreToolUse', '--tool', 'Bash', '--input', '{"command":"ls"}', '--format', 'json'], d);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      // Two hooks each: as they are, or carried by one hook-bridge dispatch (what convert writes).
      expect(
        JSON.parse(r.stdout).results.filter(
          (x: { hooks: { dispatches?: string[] }[] }) =>
            x.hooks.length === 2 || (x.hooks.length === 1 && x.hooks[0]!.dispatches?.length === 2),
        ).length,
      ).toBeGreaterThan(8);
    },
  );
  it(
    'a reason only worded otherwise is said, not failed on (a relative path reaches the hook written out through ' +
      "Codex CLI's patch)",
    () => {
      const r = cli(
        [
          '--event',
          'PreToolUse',
          '--tool',
          'Write',
          '--input',
          '{"file_path":"a.txt","content":"x"}',
          '--to',
          'codex',
          '--format',
          'json',
        ],
        guard,
      );
      expect(r.code).toBe(0);
      const j = JSON.parse(r.stdout);
      expect(j.results[0]).toMatchObject({ decision: 'deny', reason: 'no a.txt' });
      expect(j.results[2]).toMatchObject({
        host: 'codex',
        mode: 'bridged',
        decision: 'deny',
        reason: `no ${guard}/a.txt`,
        differs: ['reason text'],
      });
      expect(
        cli(
          [
            '--event',
            'PreToolUse',
            '--tool',
            'Write',
            '--input',
            '{"file_path":"a.txt","content":"x"}',
            '--to',
            'codex',
          ],
          guard,
        ).stdout,
      ).toContain(
        'Through hook-bridge every host decides as Claude Code does. (Codex CLI words the reason otherwise.)',
      );
    },
  );
});

describe("--cases: a hook author's regression tests", () => {
  it('exit 0 when every case is decided as expected on Claude Code and the same through hook-bridge', () => {
    writeFileSync(
      join(files, 'ok.yaml'),
      `- name: rm -rf is denied\n  event: PreToolUse\n  tool: Bash\n  input: { command: ` +
        `"rm -rf build" }\n  expect: { decision: deny, reason: "no rm -rf" }\n- event: ` +
        `PreToolUse\n  tool: Bash\n  input: { command: ls }\n  expect: none\n`,
    );
    const r = cli(['--cases', join(files, 'ok.yaml'), '--to', 'qwen,codex'], guard);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('pass rm -rf is denied: Claude Code deny');
    expect(r.stdout).toContain('pass PreToolUse Bash {"command":"ls"}: Claude Code none');
    expect(r.stdout).toMatch(/2 cases: 2 as expected\n$/);
  });
  it('exit 1 when a case is not decided as expected (JSON file, --format json)', () => {
    writeFileSync(
      join(files, 'bad.json'),
      JSON.stringify([
        { name: 'ls is denied?', event: 'PreToolUse', tool: 'Bash', input: { command: 'ls' }, expect: 'deny' },
      ]),
    );
    const r = cli(['--cases', join(files, 'bad.json'), '--to', 'qwen', '--format', 'json'], guard);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j.cases).toMatchObject([
      {
        name: 'ls is denied?',
        expected: { decision: 'deny' },
        pass: false,
        results: [{ host: 'claude', decision: 'none' }, {}, {}],
      },
    ]);
    const t = cli(['--cases', join(files, 'bad.json'), '--to', 'qwen'], guard);
    expect(t.stdout).toContain('FAIL ls is denied?: Claude Code none (expected deny)');
  });
  // An auto-approver: Qwen Code and Gemini CLI cannot be given an allow (a documented limit: none there).
  const approver = claudeProject(
    { PreToolUse: [{ matcher: 'Read', hooks: [sh('allow.sh')] }] },
    {
      'allow.sh':
        `cat >/dev/null; echo ` +
        `'{"hookSpecificOutput":{"hookEventName":"PreToolUse",` +
        `"permissionDecision":"allow","permissionDecisionReason":"ro"}}'\n`,
    },
  );
  const read = `  event: PreToolUse\n  tool: Read\n  input: { file_path: README.md }\n  expect: allow\n`;
  it('limits: a documented degradation a case names is green; without it, red', () => {
    writeFileSync(
      join(files, 'limits.yaml'),
      `- name: reads are approved\n${read}  limits: { qwen: none, gemini: none }\n`,
    );
    writeFileSync(join(files, 'nolimits.yaml'), `- name: reads are approved\n${read}`);
    const green = cli(['--cases', join(files, 'limits.yaml'), '--to', 'qwen,gemini,codebuddy'], approver);
    expect(green.stderr).toBe('');
    expect(green.code).toBe(0);
    expect(green.stdout).toContain(
      'pass reads are approved: Claude Code allow; within documented limits: Qwen Code none, Gemini CLI none',
    );
    const j = JSON.parse(
      cli(['--cases', join(files, 'limits.yaml'), '--to', 'qwen', '--format', 'json'], approver).stdout,
    );
    expect(j.cases[0]).toMatchObject({ pass: true, withinLimits: ['qwen'] });
    const red = cli(['--cases', join(files, 'nolimits.yaml'), '--to', 'qwen,gemini,codebuddy'], approver);
    expect(red.code).toBe(1);
    expect(red.stdout).toContain('through hook-bridge Qwen Code none, Gemini CLI none');
  });
  it("limits: one that is not the host's documented limit is an error naming the case (exit 2)", () => {
    writeFileSync(join(files, 'wrong.yaml'), `- name: reads are approved\n${read}  limits: { codebuddy: none }\n`);
    const r = cli(['--cases', join(files, 'wrong.yaml'), '--to', 'codebuddy'], approver);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'wrong.yaml: [0].limits.codebuddy: not a documented limit of CodeBuddy Code: through hook-bridge it decides ' +
        'allow where Claude Code decides allow (no limit there)',
    );
    writeFileSync(join(files, 'agent.yaml'), `- name: x\n${read}  limits: { qwn: none }\n`);
    expect(cli(['--cases', join(files, 'agent.yaml')], approver).stderr).toContain(
      'agent.yaml: [0].limits.qwn: unknown agent "qwn"',
    );
  });
  it('a malformed case file: exit 2 naming the file, the case and what was expected', () => {
    writeFileSync(
      join(files, 'typo.yaml'),
      '- event: PreToolUse\n  tool: Bash\n  input: { command: ls }\n  expect: denied\n',
    );
    const r = cli(['--cases', join(files, 'typo.yaml')], guard);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'typo.yaml: [0].expect: expected allow | deny | ask | block | none, or { decision, reason }',
    );
    noStack(r.stderr);
    writeFileSync(join(files, 'tool.yaml'), '- event: PreToolUse\n  tool: Bsh\n  expect: none\n');
    expect(cli(['--cases', join(files, 'tool.yaml')], guard).stderr).toContain(
      'tool.yaml: [0]: unknown Claude Code tool "Bsh" (did you mean Bash?)',
    );
    expect(cli(['--cases', join(files, 'tool.yaml'), '--event', 'Stop'], guard)).toMatchObject({
      code: 2,
      stderr: 'hook-bridge: --cases runs the calls of the file: --event belong in each case\n',
    });
  });
});

describe('bad input: a clear error, exit 2, never a stack trace', () => {
  const cases: [string, string[], string][] = [
    [
      'an unknown event',
      ['--event', 'PreTooluse', '--tool', 'Bash'],
      'unknown Claude Code event "PreTooluse" (did you mean PreToolUse?)',
    ],
    [
      'no event',
      ['--tool', 'Bash'],
      'which event? --event <Event> (e.g. PreToolUse), or a --payload with hook_event_name',
    ],
    [
      'an unknown tool',
      ['--event', 'PreToolUse', '--tool', 'Bsh'],
      'unknown Claude Code tool "Bsh" (did you mean Bash?); MCP tools are named mcp__<server>__<tool>',
    ],
    [
      'a tool event without a tool',
      ['--event', 'PostToolUse'],
      'PostToolUse is a tool event: which tool? --tool <Claude Code tool> (e.g. Bash)',
    ],
    [
      'malformed --input',
      ['--event', 'PreToolUse', '--tool', 'Bash', '--input', '{command: ls}'],
      '--input is not valid JSON (',
    ],
    [
      '--input that is not an object',
      ['--event', 'PreToolUse', '--tool', 'Bash', '--input', '"ls"'],
      "--input must be a JSON object of the tool's parameters",
    ],
    [
      'a parameter the tool does not take',
      ['--event', 'PreToolUse', '--tool', 'Bash', '--input', '{"cmd":"ls"}'],
      'Bash has no parameter "cmd"; its parameters: command, timeout, ' +
        'description, run_in_background, dangerouslyDisableSandbox',
    ],
    [
      'a required parameter missing',
      ['--event', 'PreToolUse', '--tool', 'Write', '--input', '{"file_path":"a"}'],
      '--input for Write lacks "content" (required)',
    ],
    [
      'a prompt without UserPromptSubmit',
      ['--event', 'Stop', '--prompt', 'hi'],
      '--prompt applies to UserPromptSubmit, not Stop',
    ],
    [
      'UserPromptSubmit without a prompt',
      ['--event', 'UserPromptSubmit'],
      "UserPromptSubmit needs the prompt: --prompt '<text>'",
    ],
    ['hooks.yaml as a host', [...rm, '--to', 'hooks-yaml'], 'hooks-yaml is not a host to test on'],
    ['an unknown dialect', [...rm, '--to', 'no-such-agent'], 'unknown dialect "no-such-agent"'],
    ['an unknown permission mode', [...rm, '--permission-mode', 'yolo'], 'unknown Claude Code permission mode "yolo"'],
    ['a missing payload file', ['--payload', 'nope.json'], 'nope.json: cannot read the payload (ENOENT)'],
  ];
  for (const [what, args, message] of cases) {
    it(what, () => {
      const r = cli(args, guard);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(message);
      noStack(r.stderr);
    });
  }
  it("a parameter only one agent's model must send (Copilot CLI's bash description) is not demanded", () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-copilot-test-'));
    mkdirSync(join(dir, '.github/hooks'), { recursive: true });
    writeFileSync(
      join(dir, '.github/hooks/a.json'),
      JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: 'cat >/dev/null', matcher: 'bash' }] },
      }),
    );
    const call = ['--event', 'preToolUse', '--tool', 'bash', '--to', 'claude'];
    expect(cli([...call, '--input', '{"command":"ls"}'], dir).code).toBe(0);
    // the command itself every agent's shell tool requires
    const r = cli([...call, '--input', '{"description":"list"}'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--input for bash lacks "command" (required)');
  });
  it('a project without hooks: said as convert says it', () => {
    const r = cli(rm, join(guard, '.hooks'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /\.hooks: no hook config found \(\.claude\/, hooks\/hooks\.json, [^)]*\): pass files or --from\n$/,
    );
  });
  it('a payload file that is not JSON names the file', () => {
    writeFileSync(join(files, 'p.json'), '{"hook_event_name": ');
    const r = cli(['--payload', join(files, 'p.json')], guard);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/p\.json: not valid JSON \(.+\); expected the hook payload the agent sends on stdin/);
  });
});
