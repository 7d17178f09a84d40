// Every blocking form a Claude Code script can use, on every event where it blocks something, and the exact
// reply each host gets from `run`. Facts behind each column: mappings/dialects/<host>.yaml (ground-truth ids there).
//   exit 2 + stderr, a JSON deny (permissionDecision), `decision: "block"`, `continue: false` + stopReason.
import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../src/run/answer.js';
import { emit, type HostReply } from '../../src/run/emit.js';

type Host = 'claude' | 'qwen' | 'codebuddy' | 'codebuddy-ide';
type Form = 'exit 2' | 'JSON deny' | 'decision:block' | 'continue:false';
const HOST_EVENT = {
  'pre-tool-use': 'PreToolUse',
  'user-prompt-submit': 'UserPromptSubmit',
  'post-tool-use': 'PostToolUse',
  stop: 'Stop',
  'subagent-stop': 'SubagentStop',
} as const;
type Event = keyof typeof HOST_EVENT;
const R = 'REASON-42';

function script(form: Form, ev: Event): { stdout: string; stderr: string; exitCode: number } {
  if (form === 'exit 2') return { stdout: '', stderr: `${R}\n`, exitCode: 2 };
  if (form === 'JSON deny')
    return {
      stdout: JSON.stringify({
        hookSpecificOutput: { hookEventName: HOST_EVENT[ev], permissionDecision: 'deny', permissionDecisionReason: R },
      }),
      stderr: '',
      exitCode: 0,
    };
  if (form === 'decision:block')
    return { stdout: JSON.stringify({ decision: 'block', reason: R }), stderr: '', exitCode: 0 };
  return { stdout: JSON.stringify({ continue: false, stopReason: R }), stderr: '', exitCode: 0 };
}

const json = (o: object, stderr = ''): HostReply => ({ stdout: `${JSON.stringify(o)}\n`, stderr, exitCode: 0 });
const deny = json({
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: R },
});
const block = json({ decision: 'block', reason: R });
/** The CodeBuddy IDE: no `decision` field in its HookOutput; exit 2, reason on stderr (seed 003). */
const exit2: HostReply = { stdout: '', stderr: R, exitCode: 2 };
const stopped = json({ continue: false, stopReason: R });
const context = (ev: string) => json({ hookSpecificOutput: { hookEventName: ev, additionalContext: R } });
const notForwarded = (ev: string, agent: string) =>
  json(
    { systemMessage: R },
    `hook-bridge: continue:false on ${ev} would make ${agent} continue; letting it stop instead`,
  );
const headlessNote = 'hook-bridge: CodeBuddy Code ignores Stop blocks when run headless';

const BLOCKS: Form[] = ['exit 2', 'JSON deny', 'decision:block'];
/** Outside PreToolUse Claude Code reads no permissionDecision: nothing is blocked
 * (test/e2e/claude-permission-decision.test.ts).
 */
const NON_TOOL_BLOCKS: Form[] = ['exit 2', 'decision:block'];
const nothing: HostReply = { stdout: '', stderr: '', exitCode: 0 };
const none = { claude: nothing, qwen: nothing, codebuddy: nothing, 'codebuddy-ide': nothing };
/** [event, form] -> the reply per host. The IDE has no SubagentStop event (seed 003): no column there. */
const TABLE: [Event, Form[], Partial<Record<Host, HostReply>>][] = [
  ['pre-tool-use', BLOCKS, { claude: deny, qwen: deny, codebuddy: deny, 'codebuddy-ide': deny }],
  // Claude: the tool runs, then the session ends (d13); Qwen, CodeBuddy: the call is blocked (d16, t09); the IDE:
  // "false means block".
  [
    'pre-tool-use',
    ['continue:false'],
    { claude: stopped, qwen: stopped, codebuddy: stopped, 'codebuddy-ide': stopped },
  ],
  ['user-prompt-submit', NON_TOOL_BLOCKS, { claude: block, qwen: block, codebuddy: block, 'codebuddy-ide': exit2 }],
  ['user-prompt-submit', ['JSON deny'], none],
  [
    'user-prompt-submit',
    ['continue:false'],
    { claude: stopped, qwen: stopped, codebuddy: stopped, 'codebuddy-ide': stopped },
  ],
  // Qwen and CodeBuddy drop PostToolUse blocks (p02/p03, u02/u03) but deliver context: the reason goes as context.
  [
    'post-tool-use',
    NON_TOOL_BLOCKS,
    { claude: block, qwen: context('PostToolUse'), codebuddy: context('PostToolUse'), 'codebuddy-ide': exit2 },
  ],
  ['post-tool-use', ['JSON deny'], none],
  [
    'post-tool-use',
    ['continue:false'],
    { claude: stopped, qwen: stopped, codebuddy: stopped, 'codebuddy-ide': stopped },
  ],
  // A Stop block keeps the agent working everywhere (st01, st02; CodeBuddy only interactively: u11..u13).
  [
    'stop',
    NON_TOOL_BLOCKS,
    { claude: block, qwen: block, codebuddy: { ...block, stderr: headlessNote }, 'codebuddy-ide': exit2 },
  ],
  ['stop', ['JSON deny'], none],
  // continue:false on Stop: "end now" on Claude (st04), "go on" on Qwen (st03), CodeBuddy (u11..u13) and the IDE (seed
  // 003).
  [
    'stop',
    ['continue:false'],
    {
      claude: stopped,
      qwen: notForwarded('Stop', 'Qwen Code'),
      codebuddy: notForwarded('Stop', 'CodeBuddy Code'),
      'codebuddy-ide': notForwarded('Stop', 'CodeBuddy IDE plugin'),
    },
  ],
  ['subagent-stop', NON_TOOL_BLOCKS, { claude: block, qwen: block, codebuddy: block }],
  ['subagent-stop', ['JSON deny'], { claude: nothing, qwen: nothing, codebuddy: nothing }],
  [
    'subagent-stop',
    ['continue:false'],
    {
      claude: stopped,
      qwen: notForwarded('SubagentStop', 'Qwen Code'),
      codebuddy: notForwarded('SubagentStop', 'CodeBuddy Code'),
    },
  ],
];

const rows = TABLE.flatMap(([ev, forms, hosts]) =>
  forms.flatMap((form) =>
    Object.entries(hosts).map(([host, expected]) => [form, ev, host as Host, expected!] as const),
  ),
);

describe('a Claude script blocks: the exact reply per host', () => {
  it.each(rows)('%s on %s -> %s', (form, ev, host, expected) => {
    const s = script(form, ev);
    const tool = ev.includes('tool') ? 'shell' : undefined;
    const a = readAnswer('claude', ev, { ...s, timedOut: false }, tool ? { command: 'rm -rf /' } : undefined);
    const hostTool = tool
      ? { claude: 'Bash', qwen: 'run_shell_command', codebuddy: 'Bash', 'codebuddy-ide': 'execute_command' }[host]
      : undefined;
    expect(
      emit(a, { host, script: 'claude', event: ev, hostEvent: HOST_EVENT[ev], tool, hostTool }, { rewrite: 'deny' }),
    ).toEqual(expected);
  });
  it('covers every form on every event', () => {
    for (const ev of Object.keys(HOST_EVENT))
      for (const form of [...BLOCKS, 'continue:false'])
        expect(
          rows.some(([f, e]) => f === form && e === ev),
          `${form} on ${ev}`,
        ).toBe(true);
  });
});

describe('the other way round: a script whose agent reads Stop continue:false as "go on"', () => {
  it.each(['qwen', 'codebuddy', 'codebuddy-ide'] as const)(
    'a %s script keeps a Claude Code host working (a Stop block with its reason)',
    (script) => {
      const a = readAnswer(
        script,
        'stop',
        {
          stdout: JSON.stringify({ continue: false, stopReason: 'run the tests first' }),
          stderr: '',
          exitCode: 0,
          timedOut: false,
        },
        undefined,
      );
      expect(a).toEqual({ context: [], block: true, reason: 'run the tests first' });
      expect(
        emit(
          a,
          { host: 'claude', script, event: 'stop', hostEvent: 'Stop', tool: undefined, hostTool: undefined },
          { rewrite: 'deny' },
        ),
      ).toEqual(json({ decision: 'block', reason: 'run the tests first' }));
    },
  );
});
