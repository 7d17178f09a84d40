// GitHub Copilot CLI through `hook-bridge test`: a host that runs the project's Claude files itself (mappings
// `config.readsForeign`, its Claude-compatible mode), so "as is" is that reading — Claude's event and tool names,
// Copilot's own tool parameters, the mode's decision rules (test/fixtures/observed/copilot/README.md §4-§6,
// decisions.json `claude-*`) — and "through hook-bridge" is its own file's wrappers plus the Claude files with the
// gates convert puts in them, which Copilot still reads and which then end at once.
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/simulate/simulate.js';
import { claudeProject, row, sh, snapshot } from './helpers.js';

const bash = (command: string) => ({ event: 'PreToolUse', tool: 'Bash', input: { command } });
const hso = (event: string, fields: string) =>
  `printf '%s' '{"hookSpecificOutput":{"hookEventName":"${event}",${fields}}}'\n`;
const GATE = /^\[ -n "\$\{COPILOT_CLI-\}" \] && \[ "\$PPID" != "\$\{CLAUDE_PID-\}" \] && exit 0; /;

/** The bridged column ran each hook once through hook-bridge, and its gated copy in the Claude file did nothing. */
function ranOnceThroughBridge(r: Awaited<ReturnType<typeof simulate>>, command: string) {
  const hooks = row(r, 'copilot', 'bridged').hooks;
  expect(hooks).toHaveLength(2);
  expect(hooks[0]).toMatchObject({ wraps: command, where: expect.stringContaining('(converted) hooks.preToolUse[0]') });
  expect(hooks[0]!.command).toMatch(
    /hook-bridge\.cjs' run --transcript never --from claude --to copilot --event preToolUse /,
  );
  expect(hooks[1]).toMatchObject({
    gated: command,
    exitCode: 0,
    where: expect.stringContaining('.claude/settings.json (gated) hooks.PreToolUse[0].hooks[0]'),
  });
  expect(hooks[1]!.command).toMatch(GATE);
  expect(hooks[1]!.stderr).toBeUndefined();
}

describe('GitHub Copilot CLI: its own reading of the Claude file (as is) and hook-bridge (bridged)', () => {
  it(
    'a crashing PreToolUse hook (exit 1): Claude Code proceeds; Copilot denies it as ' +
      'is (d:claude-pre-exit1-stderr); through hook-bridge it proceeds',
    async () => {
      const dir = claudeProject(
        { PreToolUse: [{ matcher: 'Bash', hooks: [sh('crash.sh')] }] },
        { 'crash.sh': 'echo "TypeError: boom" >&2; exit 1\n' },
      );
      const r = await simulate({ inputs: [dir], to: ['copilot'], call: bash('ls') });
      expect(row(r, 'claude')).toMatchObject({ decision: 'none', reason: null });
      expect(row(r, 'copilot')).toMatchObject({
        decision: 'deny',
        reason: 'hook exited with code 1 (hook errored)',
        differs: ['decision', 'reason'],
      });
      expect(row(r, 'copilot').hooks).toMatchObject([
        {
          command: 'sh .hooks/crash.sh',
          exitCode: 1,
          where: expect.stringContaining('.claude/settings.json hooks.PreToolUse[0].hooks[0]'),
        },
      ]);
      expect(row(r, 'copilot', 'bridged')).toMatchObject({ decision: 'none', reason: null, differs: [] });
      ranOnceThroughBridge(r, 'sh .hooks/crash.sh');
    },
  );

  it(
    'an exit-2 guard: Copilot denies as is but loses the reason (exit2Reason: ignored); through hook-bridge the ' +
      "script's reason",
    async () => {
      const dir = claudeProject(
        { PreToolUse: [{ matcher: 'Bash', hooks: [sh('no-rm.sh')] }] },
        { 'no-rm.sh': 'cat >/dev/null; echo "NO-RM: not here" >&2; exit 2\n' },
      );
      const r = await simulate({ inputs: [dir], to: ['copilot'], call: bash('rm -rf x') });
      expect(row(r, 'claude')).toMatchObject({ decision: 'deny', reason: 'NO-RM: not here' });
      expect(row(r, 'copilot')).toMatchObject({
        decision: 'deny',
        reason: 'hook exited with code 2',
        differs: ['reason text'],
      });
      expect(row(r, 'copilot', 'bridged')).toMatchObject({ decision: 'deny', reason: 'NO-RM: not here', differs: [] });
      ranOnceThroughBridge(r, 'sh .hooks/no-rm.sh');
    },
  );

  it(
    'a Write|Edit guard reading .tool_input.file_path: as is Copilot sends `path` (its own ' +
      'parameters), the .env write goes through; through hook-bridge it is blocked',
    async () => {
      const guard =
        'f=$(jq -r \'.tool_input.file_path // ""\'); case "$f" in *.env) ' +
        'echo "ENV: $f holds secrets" >&2; exit 2;; esac\n';
      const dir = claudeProject(
        { PreToolUse: [{ matcher: 'Write|Edit', hooks: [sh('env.sh')] }] },
        { 'env.sh': guard },
      );
      const r = await simulate({
        inputs: [dir],
        to: ['copilot'],
        call: { event: 'PreToolUse', tool: 'Write', input: { file_path: '.env', content: 'TOKEN=1' } },
      });
      expect(row(r, 'claude')).toMatchObject({ decision: 'deny', reason: 'ENV: .env holds secrets' });
      // the matcher fires (Write is Copilot's create, named Write in the Claude file's payload), the guard finds no
      // file_path
      expect(row(r, 'copilot')).toMatchObject({
        decision: 'none',
        reason: null,
        hooks: [{ exitCode: 0 }],
        differs: ['decision', 'reason'],
      });
      expect(row(r, 'copilot', 'bridged')).toMatchObject({
        decision: 'deny',
        reason: 'ENV: .env holds secrets',
        differs: [],
      });
    },
  );

  it(
    'a JSON hookSpecificOutput deny: honoured as is (the Claude-compatible mode ' +
      'reads it, d:claude-pre-deny) and through hook-bridge, with its reason',
    async () => {
      const dir = claudeProject(
        { PreToolUse: [{ matcher: 'Bash', hooks: [sh('deny.sh')] }] },
        {
          'deny.sh':
            `cat >/dev/null; ` +
            hso('PreToolUse', '"permissionDecision":"deny","permissionDecisionReason":"JSON-DENY"'),
        },
      );
      const r = await simulate({ inputs: [dir], to: ['copilot'], call: bash('ls') });
      expect(row(r, 'copilot')).toMatchObject({ decision: 'deny', reason: 'JSON-DENY', differs: [] });
      expect(row(r, 'copilot', 'bridged')).toMatchObject({ decision: 'deny', reason: 'JSON-DENY', differs: [] });
      ranOnceThroughBridge(r, 'sh .hooks/deny.sh');
    },
  );

  it(
    "the payload as is: Claude's event and tool names, Copilot's parameters, " +
      "COPILOT_CLI set; through hook-bridge Claude's payload; nothing written",
    async () => {
      const echo =
        'p=$(cat); printf \'%s\' "$p" | jq -c --arg m "${COPILOT_CLI:-unset}" ' +
        '\'{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"deny",permissionDecisionReason:({eve' +
        "nt:.hook_event_name,tool:.tool_name,input:.tool_input,marker:$m}|tojson)}}'\n";
      const dir = claudeProject({ PreToolUse: [{ matcher: 'Write', hooks: [sh('echo.sh')] }] }, { 'echo.sh': echo });
      const before = snapshot(dir);
      const r = await simulate({
        inputs: [dir],
        to: ['copilot'],
        call: { event: 'PreToolUse', tool: 'Write', input: { file_path: 'a.txt', content: 'x' } },
        env: { ...process.env, COPILOT_CLI: '1' },
      });
      const seen = (host: 'claude' | 'copilot', mode: 'as-is' | 'bridged' = 'as-is') =>
        JSON.parse(row(r, host, mode).reason!);
      // the caller's own COPILOT_CLI does not leak into Claude Code's hooks
      expect(seen('claude')).toEqual({
        event: 'PreToolUse',
        tool: 'Write',
        input: { file_path: 'a.txt', content: 'x' },
        marker: 'unset',
      });
      expect(seen('copilot')).toEqual({
        event: 'PreToolUse',
        tool: 'Write',
        input: { path: 'a.txt', file_text: 'x' },
        marker: '1',
      });
      expect(seen('copilot', 'bridged')).toMatchObject({
        event: 'PreToolUse',
        tool: 'Write',
        input: { file_path: 'a.txt', content: 'x' },
      });
      expect(snapshot(dir)).toEqual(before);
    },
  );

  it(
    "a Claude-file matcher fires for Copilot's own tool name too (`bash`, " +
      "README §5): as is it runs where Claude Code's does not",
    async () => {
      const dir = claudeProject(
        { PreToolUse: [{ matcher: 'bash', hooks: [sh('deny.sh')] }] },
        {
          'deny.sh':
            `cat >/dev/null; ` + hso('PreToolUse', '"permissionDecision":"deny","permissionDecisionReason":"LOWER"'),
        },
      );
      const r = await simulate({ inputs: [dir], to: ['copilot'], call: bash('ls') });
      expect(row(r, 'claude')).toMatchObject({ decision: 'none', hooks: [] });
      expect(row(r, 'copilot')).toMatchObject({ decision: 'deny', reason: 'LOWER', differs: ['decision', 'reason'] });
    },
  );

  it(
    "additionalContext: the Claude file's reaches the model on PreToolUse only (d:claude-*-additionalContext); " +
      'through hook-bridge on every event',
    async () => {
      const ctx = (event: string) =>
        claudeProject(
          { [event]: [{ ...(event.includes('Tool') ? { matcher: 'Bash' } : {}), hooks: [sh('ctx.sh')] }] },
          { 'ctx.sh': `cat >/dev/null; ${hso(event, '"additionalContext":"CTX"')}` },
        );
      const post = await simulate({
        inputs: [ctx('PostToolUse')],
        to: ['copilot'],
        call: {
          ...bash('echo hi'),
          event: 'PostToolUse',
          response: { stdout: 'hi', stderr: '', interrupted: false, isImage: false },
        },
      });
      const ups = await simulate({
        inputs: [ctx('UserPromptSubmit')],
        to: ['copilot'],
        call: { event: 'UserPromptSubmit', prompt: 'hello' },
      });
      const ss = await simulate({ inputs: [ctx('SessionStart')], to: ['copilot'], call: { event: 'SessionStart' } });
      for (const r of [post, ups, ss]) {
        expect(row(r, 'claude').context, r.event).toEqual(['CTX']);
        expect(row(r, 'copilot'), r.event).toMatchObject({ context: [], differs: ['context'] });
        expect(row(r, 'copilot', 'bridged'), r.event).toMatchObject({ context: ['CTX'], differs: [] });
      }
      const pre = await simulate({ inputs: [ctx('PreToolUse')], to: ['copilot'], call: bash('ls') });
      expect(row(pre, 'copilot')).toMatchObject({ context: ['CTX'], differs: [] });
    },
  );

  it(
    'a PostToolUse block reaches the model from the Claude file ' +
      '(postToolUseBlock to-model in that mode, d:claude-post-decision-block)',
    async () => {
      const dir = claudeProject(
        { PostToolUse: [{ matcher: 'Bash', hooks: [sh('block.sh')] }] },
        { 'block.sh': 'cat >/dev/null; printf \'%s\' \'{"decision":"block","reason":"POST-BLOCK"}\'\n' },
      );
      const r = await simulate({
        inputs: [dir],
        to: ['copilot'],
        call: {
          ...bash('echo hi'),
          event: 'PostToolUse',
          response: { stdout: 'hi', stderr: '', interrupted: false, isImage: false },
        },
      });
      expect(row(r, 'claude')).toMatchObject({ decision: 'block', reason: 'POST-BLOCK' });
      expect(row(r, 'copilot')).toMatchObject({ decision: 'block', reason: 'POST-BLOCK', differs: [] });
    },
  );
});
