// Each host's decision rules through `hook-bridge test` (the library call): the hooks really run; what each host
// decides from their output is its data's (mappings/dialects/<host>.yaml), as they are and through hook-bridge.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/simulate/simulate.js';
import { claudeProject, row, sh, snapshot } from './helpers.js';

const bash = (command: string) => ({ event: 'PreToolUse', tool: 'Bash', input: { command } });
const deny = (reason: string) =>
  `printf '%s' ` +
  `'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"` +
  `${reason}"}}'\n`;

describe('exit 2 with the reason on stderr', () => {
  const dir = claudeProject(
    { PreToolUse: [{ matcher: 'Bash', hooks: [sh('no-rm.sh')] }] },
    { 'no-rm.sh': 'cat >/dev/null; echo "NO-RM: not here" >&2; exit 2\n' },
  );
  it(
    'denies with the reason on Claude Code and every host that reads ' + 'the copy, and through hook-bridge everywhere',
    async () => {
      const r = await simulate({ inputs: [dir], call: bash('rm -rf x') });
      expect(row(r, 'claude')).toMatchObject({ decision: 'deny', reason: 'NO-RM: not here', differs: [] });
      expect(row(r, 'claude').hooks).toMatchObject([{ exitCode: 2, timedOut: false }]);
      for (const host of ['qwen', 'codebuddy', 'codex'] as const)
        expect(row(r, host), host).toMatchObject({ decision: 'deny', reason: 'NO-RM: not here' });
      for (const host of ['qwen', 'codebuddy', 'codebuddy-ide', 'gemini', 'codex'] as const) {
        expect(row(r, host, 'bridged'), host).toMatchObject({
          decision: 'deny',
          reason: 'NO-RM: not here',
          differs: [],
        });
        // the host ran the wrapper, which ran the hook's own command
        expect(row(r, host, 'bridged').hooks[0]).toMatchObject({
          wraps: 'sh .hooks/no-rm.sh',
          exitCode: expect.any(Number),
        });
        expect(row(r, host, 'bridged').hooks[0]!.command).toMatch(
          /hook-bridge\.cjs' run --transcript never --from claude --to /,
        );
      }
    },
  );
  it(
    'Codex CLI: exit 2 without stderr does nothing, even with a JSON deny on ' +
      'stdout (exit2NeedsStderr, JSON only at exit 0); Claude Code denies',
    async () => {
      const d = claudeProject(
        { PreToolUse: [{ matcher: 'Bash', hooks: [sh('quiet.sh')] }] },
        { 'quiet.sh': `cat >/dev/null; ${deny('JSON-AT-2').trimEnd()}; exit 2\n` },
      );
      const r = await simulate({ inputs: [d], to: ['codex'], call: bash('ls') });
      expect(row(r, 'claude')).toMatchObject({ decision: 'deny', reason: 'JSON-AT-2' });
      expect(row(r, 'codex')).toMatchObject({ decision: 'none', reason: null, differs: ['decision', 'reason'] });
      expect(row(r, 'codex', 'bridged')).toMatchObject({ decision: 'deny', reason: 'JSON-AT-2', differs: [] });
    },
  );
});

describe('a JSON permissionDecision deny', () => {
  it('denies with its reason; through hook-bridge every host denies with the same reason', async () => {
    const dir = claudeProject(
      { PreToolUse: [{ matcher: 'Bash', hooks: [sh('deny.sh')] }] },
      { 'deny.sh': `cat >/dev/null; ${deny('JSON-DENY')}` },
    );
    const r = await simulate({ inputs: [dir], call: bash('ls') });
    expect(row(r, 'claude')).toMatchObject({ decision: 'deny', reason: 'JSON-DENY' });
    for (const x of r.results.filter((y) => y.mode === 'bridged'))
      expect(x, x.host).toMatchObject({ decision: 'deny', reason: 'JSON-DENY', differs: [] });
    // Gemini CLI reads neither Claude's event names nor permissionDecision: the copy never runs there
    expect(row(r, 'gemini')).toMatchObject({
      decision: 'none',
      hooks: [],
      notRun: [{ why: 'Gemini CLI has no hook event "PreToolUse": never runs' }],
    });
  });
});

describe('ask: a prompt in an interactive session, the headless rule in a -p run', () => {
  const dir = claudeProject(
    { PreToolUse: [{ matcher: 'Bash', hooks: [sh('ask.sh')] }] },
    {
      'ask.sh':
        `cat >/dev/null; printf '%s' ` +
        `'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason"` +
        `:"ASK-WHY"}}'\n`,
    },
  );
  it(
    'interactive (the default): Claude Code and Qwen Code ask; through hook-bridge ' +
      'CodeBuddy Code denies (relaying ask there is not safe) and is marked',
    async () => {
      const r = await simulate({ inputs: [dir], to: ['qwen', 'codebuddy', 'codex'], call: bash('ls') });
      expect(r.headless).toBe(false);
      expect(row(r, 'claude')).toMatchObject({ decision: 'ask', reason: 'ASK-WHY' });
      expect(row(r, 'qwen')).toMatchObject({ decision: 'ask', differs: [] });
      expect(row(r, 'qwen', 'bridged')).toMatchObject({ decision: 'ask', reason: 'ASK-WHY', differs: [] });
      expect(row(r, 'codebuddy')).toMatchObject({ decision: 'ask' });
      expect(row(r, 'codebuddy').notes).toContain('whether CodeBuddy Code asks the user here is not known');
      expect(row(r, 'codebuddy', 'bridged')).toMatchObject({
        decision: 'deny',
        reason: 'ASK-WHY',
        differs: ['decision'],
      });
      // Codex voids an answer with ask as a whole: the tool runs
      expect(row(r, 'codex')).toMatchObject({ decision: 'none' });
    },
  );
  it(
    'headless: Claude Code denies with the reason; CodeBuddy Code hangs in ' +
      '-p, and runs the tool when permissions are bypassed (-y)',
    async () => {
      const r = await simulate({ inputs: [dir], to: ['qwen', 'codebuddy'], headless: true, call: bash('ls') });
      expect(row(r, 'claude')).toMatchObject({ decision: 'deny', reason: 'ASK-WHY' });
      expect(row(r, 'qwen')).toMatchObject({ decision: 'deny', reason: 'ASK-WHY', differs: [] });
      expect(row(r, 'codebuddy')).toMatchObject({ decision: 'ask', differs: ['decision'] });
      expect(row(r, 'codebuddy').notes).toContain('CodeBuddy Code waits for an answer nobody can give: the run hangs');
      expect(row(r, 'codebuddy', 'bridged')).toMatchObject({ decision: 'deny', reason: 'ASK-WHY', differs: [] });
      const y = await simulate({
        inputs: [dir],
        to: ['codebuddy'],
        headless: true,
        permissionMode: 'bypassPermissions',
        call: bash('ls'),
      });
      expect(row(y, 'claude')).toMatchObject({ decision: 'deny' });
      expect(row(y, 'codebuddy')).toMatchObject({ decision: 'allow', reason: null });
      expect(row(y, 'codebuddy', 'bridged')).toMatchObject({ decision: 'deny', differs: [] });
    },
  );
});

describe('timeouts', () => {
  it('Claude Code lets the tool run when a hook times out; CodeBuddy Code ' +
    'blocks it; through hook-bridge the wrapper decides first', async () => {
    const dir = claudeProject(
      { PreToolUse: [{ matcher: 'Bash', hooks: [sh('slow.sh', 1)] }] },
      { 'slow.sh': `cat >/dev/null; sleep 4; ${deny('TOO-LATE')}` },
    );
    const r = await simulate({ inputs: [dir], to: ['codebuddy', 'qwen'], call: bash('ls') });
    expect(row(r, 'claude')).toMatchObject({ decision: 'none', reason: null });
    expect(row(r, 'claude').hooks).toMatchObject([{ timedOut: true, exitCode: null }]);
    expect(row(r, 'claude').hooks[0]!.ms).toBeLessThan(3500);
    expect(row(r, 'qwen')).toMatchObject({ decision: 'none', differs: [] });
    expect(row(r, 'codebuddy')).toMatchObject({
      decision: 'deny',
      reason: 'the hook timed out after 1 s, and CodeBuddy Code blocks then',
      differs: ['decision', 'reason'],
    });
    expect(row(r, 'codebuddy', 'bridged')).toMatchObject({ decision: 'none', differs: [] });
    expect(row(r, 'codebuddy', 'bridged').hooks[0]).toMatchObject({ timedOut: false, exitCode: 0 });
  }, 30_000);
});

describe('a crashing hook', () => {
  it(
    'exit 1 does not block, on any host through hook-bridge, and as it ' +
      'is but on Copilot CLI (which denies a failing hook)',
    async () => {
      const dir = claudeProject(
        { PreToolUse: [{ matcher: 'Bash', hooks: [sh('crash.sh')] }] },
        { 'crash.sh': 'echo "TypeError: boom" >&2; exit 1\n' },
      );
      const r = await simulate({ inputs: [dir], call: bash('ls') });
      for (const x of r.results.filter((y) => y.host !== 'copilot' || y.mode === 'bridged'))
        expect(x, `${x.host} ${x.mode}`).toMatchObject({ decision: 'none', reason: null, differs: [] });
      expect(row(r, 'copilot')).toMatchObject({ decision: 'deny', differs: ['decision', 'reason'] });
      expect(row(r, 'claude').hooks).toMatchObject([{ exitCode: 1, stderr: 'TypeError: boom' }]);
    },
  );
});

describe('matchers and events a host reads otherwise', () => {
  it(
    'a regex matcher fires for nothing on Qwen Code (`^Bash$` is ' +
      'tested against run_shell_command); converted, it fires',
    async () => {
      const dir = claudeProject(
        { PreToolUse: [{ matcher: '^Bash$', hooks: [sh('deny.sh')] }] },
        { 'deny.sh': `cat >/dev/null; ${deny('ANCHORED')}` },
      );
      const r = await simulate({ inputs: [dir], to: ['qwen'], call: bash('ls') });
      expect(row(r, 'claude')).toMatchObject({ decision: 'deny', reason: 'ANCHORED' });
      expect(row(r, 'qwen')).toMatchObject({
        decision: 'none',
        hooks: [],
        notRun: [
          {
            command: 'sh .hooks/deny.sh',
            why: 'its matcher "^Bash$" does not fire for run_shell_command on Qwen Code',
          },
        ],
        differs: ['decision', 'reason'],
      });
      expect(row(r, 'qwen', 'bridged')).toMatchObject({ decision: 'deny', reason: 'ANCHORED', differs: [] });
    },
  );
  it(
    "an event the host does not have: its copy never runs; converted it runs under the host's name " +
      '(UserPromptSubmit = BeforeAgent)',
    async () => {
      const dir = claudeProject(
        { UserPromptSubmit: [{ hooks: [sh('ctx.sh')] }] },
        { 'ctx.sh': 'cat >/dev/null; echo CTX-PLAIN\n' },
      );
      const r = await simulate({ inputs: [dir], to: ['gemini'], call: { event: 'UserPromptSubmit', prompt: 'hello' } });
      expect(row(r, 'claude')).toMatchObject({ decision: 'none', context: ['CTX-PLAIN'] });
      expect(row(r, 'gemini')).toMatchObject({ decision: 'none', context: [], differs: ['context'] });
      expect(row(r, 'gemini').notRun[0]!.why).toBe('Gemini CLI has no hook event "UserPromptSubmit": never runs');
      expect(row(r, 'gemini', 'bridged')).toMatchObject({ context: ['CTX-PLAIN'], differs: [] });
      expect(row(r, 'gemini', 'bridged').hooks[0]!.where).toContain('hooks.BeforeAgent[0]');
    },
  );
  it(
    'Gemini CLI compares a SessionStart matcher as one string: "startup|resume" ' +
      'fires for nothing there; converted, one entry per value fires',
    async () => {
      const dir = claudeProject(
        { SessionStart: [{ matcher: 'startup|resume', hooks: [sh('ctx.sh')] }] },
        { 'ctx.sh': 'cat >/dev/null; echo CTX-SS\n' },
      );
      const r = await simulate({ inputs: [dir], to: ['gemini'], call: { event: 'SessionStart' } });
      expect(row(r, 'claude')).toMatchObject({ context: ['CTX-SS'] });
      expect(row(r, 'gemini')).toMatchObject({
        hooks: [],
        notRun: [{ why: 'its matcher "startup|resume" does not fire for startup on Gemini CLI' }],
      });
      expect(row(r, 'gemini', 'bridged')).toMatchObject({ context: ['CTX-SS'], differs: [] });
    },
  );
  it(
    'Gemini CLI puts $CLAUDE_PROJECT_DIR into the command text quoted: inside ' +
      'double quotes a project path with a space breaks the copy',
    async () => {
      const hooks = {
        SessionStart: [{ hooks: [{ type: 'command', command: 'sh "$CLAUDE_PROJECT_DIR/.hooks/ctx.sh"' }] }],
      };
      const spaced = claudeProject(
        {},
        {},
        {
          'my project/.claude/settings.json': JSON.stringify({ hooks }),
          'my project/.hooks/ctx.sh':
            'echo \'{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"CTX-JSON"}}\'\n',
        },
      );
      const r = await simulate({ inputs: [`${spaced}/my project`], to: ['gemini'], call: { event: 'SessionStart' } });
      expect(row(r, 'claude')).toMatchObject({ context: ['CTX-JSON'] });
      expect(row(r, 'gemini')).toMatchObject({ context: [], hooks: [{ exitCode: 2 }] }); // sh cannot open the file
      expect(row(r, 'gemini').hooks[0]!.stderr).toContain(`'${spaced}/my project'/.hooks/ctx.sh`);
      expect(row(r, 'gemini', 'bridged')).toMatchObject({ context: ['CTX-JSON'], differs: [] });
      const plain = claudeProject(hooks, {
        'ctx.sh': 'echo \'{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"CTX-JSON"}}\'\n',
      });
      expect(
        row(await simulate({ inputs: [plain], to: ['gemini'], call: { event: 'SessionStart' } }), 'gemini'),
      ).toMatchObject({ context: ['CTX-JSON'], differs: [] });
    },
  );
  it('a tool the host does not have: the call never happens there', async () => {
    const dir = claudeProject(
      { PostToolUse: [{ matcher: 'Grep', hooks: [sh('ctx.sh')] }] },
      { 'ctx.sh': 'cat >/dev/null\n' },
    );
    const r = await simulate({
      inputs: [dir],
      to: ['codex'],
      call: {
        event: 'PostToolUse',
        tool: 'Grep',
        input: { pattern: 'x' },
        response: { mode: 'files_with_matches', filenames: [], numFiles: 0 },
      },
    });
    for (const mode of ['as-is', 'bridged'] as const)
      expect(row(r, 'codex', mode)).toMatchObject({
        decision: 'none',
        hooks: [],
        notes: ['Codex CLI has no Grep tool: this call never happens there'],
      });
  });
  it(
    'Codex CLI sets no CLAUDE_PROJECT_DIR: the copied command finds ' +
      'no script (127, non-blocking); converted, it does',
    async () => {
      const dir = claudeProject(
        {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.hooks/deny.sh' }] },
          ],
        },
        { 'deny.sh': `cat >/dev/null; ${deny('FOUND')}` },
      );
      const r = await simulate({ inputs: [dir], to: ['codex', 'qwen'], call: bash('ls') });
      expect(row(r, 'codex')).toMatchObject({ decision: 'none', hooks: [{ exitCode: 127 }] });
      expect(row(r, 'codex').hooks[0]!.stderr).toContain('/.hooks/deny.sh');
      expect(row(r, 'qwen')).toMatchObject({ decision: 'deny', reason: 'FOUND' });
      expect(row(r, 'codex', 'bridged')).toMatchObject({ decision: 'deny', reason: 'FOUND', differs: [] });
    },
  );
});

describe('several hooks: each host combines them its way', () => {
  const dir = claudeProject(
    {
      PreToolUse: [
        { matcher: 'Bash', hooks: [sh('deny.sh')] },
        { matcher: 'Bash', hooks: [sh('allow.sh')] },
      ],
    },
    {
      'deny.sh': `cat >/dev/null; ${deny('FIRST-DENIES')}`,
      'allow.sh':
        `cat >/dev/null; printf '%s' ` +
        `'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'\n`,
    },
  );
  it(
    'Claude Code: deny wins; Qwen Code, last writer wins: the later allow ' +
      'overrides the deny (ag01, ag02); through hook-bridge the deny stands',
    async () => {
      const r = await simulate({ inputs: [dir], to: ['qwen', 'codebuddy'], call: bash('ls') });
      expect(row(r, 'claude')).toMatchObject({ decision: 'deny', reason: 'FIRST-DENIES' });
      expect(row(r, 'claude').hooks).toHaveLength(2);
      expect(row(r, 'qwen')).toMatchObject({ decision: 'none', reason: null, differs: ['decision', 'reason'] });
      expect(row(r, 'qwen', 'bridged')).toMatchObject({ decision: 'deny', reason: 'FIRST-DENIES', differs: [] });
      expect(row(r, 'codebuddy')).toMatchObject({ decision: 'deny', reason: 'FIRST-DENIES' });
    },
  );
  it('identical commands run once where the host dedups them', async () => {
    const d = claudeProject(
      {
        PreToolUse: [
          { matcher: 'Bash', hooks: [sh('deny.sh')] },
          { matcher: 'Bash', hooks: [sh('deny.sh')] },
        ],
      },
      { 'deny.sh': `cat >/dev/null; ${deny('ONCE')}` },
    );
    const r = await simulate({ inputs: [d], to: ['codex'], call: bash('ls') });
    expect(row(r, 'claude').hooks).toHaveLength(1);
    expect(row(r, 'claude').notRun).toMatchObject([
      { why: 'the same command as another hook: Claude Code runs it once' },
    ]);
    // Codex runs the same command registered twice twice (a06)
    expect(row(r, 'codex').hooks).toHaveLength(2);
  });
});

describe('what test reads and writes', () => {
  it(
    "each host's payload: its tool name and parameters, its project-dir variables; nothing is written into the " +
      'project',
    async () => {
      const dir = claudeProject(
        { PreToolUse: [{ matcher: 'Write', hooks: [sh('echo-payload.sh')] }] },
        // the payload and the project-dir variables the hook sees, as its reason
        {
          'echo-payload.sh':
            'p=$(cat); printf \'%s\' "$p" | jq -c --arg c "${CLAUDE_PROJECT_DIR:-unset}" --arg q ' +
            '"${QWEN_PROJECT_DIR:-unset}" ' +
            '\'{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"deny",permissionDecisionReason:(' +
            "{tool:.tool_name,input:.tool_input,claude:$c,qwen:$q}|tojson)}}'\n",
        },
      );
      const before = snapshot(dir);
      const r = await simulate({
        inputs: [dir],
        to: ['qwen'],
        call: { event: 'PreToolUse', tool: 'Write', input: { file_path: `${dir}/a.txt`, content: 'x' } },
        env: { ...process.env, CLAUDE_PROJECT_DIR: '/somewhere/else' },
      });
      const seen = (host: 'claude' | 'qwen', mode: 'as-is' | 'bridged' = 'as-is') =>
        JSON.parse(row(r, host, mode).reason!);
      expect(seen('claude')).toEqual({
        tool: 'Write',
        input: { file_path: `${dir}/a.txt`, content: 'x' },
        claude: dir,
        qwen: 'unset',
      });
      expect(seen('qwen')).toEqual({
        tool: 'write_file',
        input: { file_path: `${dir}/a.txt`, content: 'x' },
        claude: dir,
        qwen: dir,
      });
      // through hook-bridge the Claude script sees Claude's payload again
      expect(seen('qwen', 'bridged')).toMatchObject({ tool: 'Write', claude: dir });
      expect(snapshot(dir)).toEqual(before);
    },
  );
  it('a project with hooks of another agent only: that agent is the reference, the call in its names', async () => {
    const dir = claudeProject(
      {},
      {},
      {
        '.qwen/settings.json': JSON.stringify({
          hooks: { PreToolUse: [{ matcher: 'run_shell_command', hooks: [sh('no.sh')] }] },
        }),
        '.hooks/no.sh': 'cat >/dev/null; echo QWEN-NO >&2; exit 2\n',
      },
    );
    rmSync(join(dir, '.claude'), { recursive: true });
    const r = await simulate({
      inputs: [dir],
      to: ['claude'],
      call: { event: 'PreToolUse', tool: 'run_shell_command', input: { command: 'ls' } },
    });
    expect(r.from).toBe('qwen');
    expect(r.results.map((x) => `${x.host} ${x.mode} ${x.decision}`)).toEqual([
      'qwen as-is deny',
      'claude as-is none',
      'claude bridged deny',
    ]);
  });
});

describe('an async hook beside a guard (everything-claude-code has both on one call)', () => {
  it(
    'its deny is not acted on where the agent runs it in the background (Claude Code, Qwen Code); through ' +
      "hook-bridge dispatch does that on every host, in the guard's one entry",
    async () => {
      const d = claudeProject(
        {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ ...sh('late.sh'), async: true }], description: 'a logger' },
            { matcher: '*', hooks: [sh('guard.sh')], id: 'guard' },
          ],
        },
        {
          'late.sh': `cat >/dev/null; ${deny('ASYNC-SAYS-NO').trimEnd()}\n`,
          'guard.sh': 'in=$(cat); case "$in" in *DANGER*) echo "GUARD: no" >&2; exit 2;; esac\n',
        },
      );
      const harmless = await simulate({ inputs: [d], to: ['qwen', 'codebuddy', 'gemini'], call: bash('ls') });
      expect(row(harmless, 'claude')).toMatchObject({ decision: 'none' });
      expect(row(harmless, 'qwen')).toMatchObject({ decision: 'none' });
      for (const host of ['qwen', 'codebuddy', 'gemini'] as const) {
        expect(row(harmless, host, 'bridged'), host).toMatchObject({ decision: 'none', differs: [] });
        expect(row(harmless, host, 'bridged').hooks, host).toMatchObject([
          { dispatches: ['sh .hooks/late.sh', 'sh .hooks/guard.sh'] },
        ]);
      }
      const danger = await simulate({ inputs: [d], to: ['codebuddy'], call: bash('echo DANGER') });
      expect(row(danger, 'claude')).toMatchObject({ decision: 'deny', reason: 'GUARD: no' });
      expect(row(danger, 'codebuddy', 'bridged')).toMatchObject({ decision: 'deny', reason: 'GUARD: no', differs: [] });
    },
  );
});
