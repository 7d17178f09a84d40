// `run` between Claude Code and GitHub Copilot CLI, from what Copilot CLI 1.0.102 was observed to send and to do
// (test/fixtures/observed/copilot/): its payloads in both of its modes — its own files (camelCase, no event name: the
// wrapper's --event names it) and its Claude-compatible mode (Claude's event and tool names, Copilot's parameters) —
// and its decision table. `copilotDoes` is that table as code; it is checked against every single-answer probe of
// decisions.json before the replies hook-bridge gives are judged by it.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { hostCall } from '../../src/dialects/host-mode.js';
import { shellQuote } from '../../src/dialects/wrapper.js';
import { mappings } from '../../src/model/mappings.js';
import { readAnswer, type ScriptResult } from '../../src/run/answer.js';
import { emit } from '../../src/run/emit.js';
import { translatePayload, type Payload } from '../../src/run/payload.js';
import { BIN } from './cli.js';
import {
  copilotDoes,
  copilotRuns as runAsCopilot,
  hostRuns as runsAsHook,
  OBS,
  PAYLOADS,
  type Mode,
  type Obj,
} from './copilot-host.js';

describe('the decision table as code agrees with every single-answer probe of decisions.json', () => {
  const EVENT: Record<string, string> = {
    preToolUse: 'pre-tool-use',
    PreToolUse: 'pre-tool-use',
    postToolUse: 'post-tool-use',
    PostToolUse: 'post-tool-use',
    userPromptSubmitted: 'user-prompt-submit',
    UserPromptSubmit: 'user-prompt-submit',
    sessionStart: 'session-start',
    SessionStart: 'session-start',
    agentStop: 'stop',
    Stop: 'stop',
  };
  const probes = (JSON.parse(readFileSync(join(OBS, 'decisions.json'), 'utf8')).probes as Obj[]).filter(
    (p) => p.answers.length === 1 && !p.answers[0].sleep && !p.matcher,
  );
  it('(not vacuous)', () => expect(probes.length).toBeGreaterThanOrEqual(34));
  it.each(probes.map((p) => [p.id, p] as const))('%s', (_id, p) => {
    const a = p.answers[0];
    const e = copilotDoes(p.mode, EVENT[p.event]!, { stdout: a.stdout ?? '', exitCode: a.exit ?? 0 });
    const o = p.observed;
    const tokens = Object.entries(o.modelSaw ?? {})
      .filter(([t, where]) => t !== 'PROMPT-TEXT' && (where as string[]).length)
      .map(([t]) => t);
    if (EVENT[p.event] === 'pre-tool-use') {
      expect(!!e.denied, 'denied').toBe(!o.toolRan && !o.modifiedRan);
      if (e.denied && o.toolResult.startsWith('Denied by preToolUse hook:')) expect(o.toolResult).toBe(e.denied);
      expect(!!e.rewrite, 'rewritten').toBe(!!o.modifiedRan);
    }
    if (EVENT[p.event] === 'user-prompt-submit') expect(!!e.blocked, 'blocked').toBe(o.modelRequests === 0);
    if (EVENT[p.event] === 'stop') expect(!!e.blocked, 'continued').toBe(o.modelRequests > 2);
    // What reached the model: every token the probe saw arrive is in what the table says arrives, and nothing else.
    const said = [...e.toModel, e.denied ?? ''].join('\n');
    expect(
      tokens.filter((t) => !said.includes(t)),
      'reached the model, not predicted',
    ).toEqual([]);
    for (const t of Object.keys(o.modelSaw ?? {}))
      if (!tokens.includes(t) && t !== 'PROMPT-TEXT')
        expect(said.includes(t), `${t} predicted but did not arrive`).toBe(false);
  });
});

let proj = '';
const payload = (mode: Mode, name: string): Obj =>
  JSON.parse(readFileSync(join(PAYLOADS, mode, `${name}.json`), 'utf8').replaceAll('/PROJECT', proj));
beforeAll(() => {
  proj = mkdtempSync(join(tmpdir(), 'hb-copilot-'));
  writeFileSync(join(proj, 'a.txt'), 'line1\nLINE2\nline3\n');
});

describe('payload: what a Copilot hook gets -> what Claude Code would have sent, in both modes', () => {
  const P = '/PROJECT';
  const cases: [string, string, string | undefined, Obj][] = [
    // Copilot's source `new` is Claude's `startup`, its end reason `complete` Claude's `other` (events.yaml
    // valueNames).
    [
      'own',
      'sessionStart',
      'sessionStart',
      { hook_event_name: 'SessionStart', source: 'startup', initial_prompt: 'go' },
    ],
    ['own', 'userPromptSubmitted', 'userPromptSubmitted', { hook_event_name: 'UserPromptSubmit', prompt: 'go' }],
    [
      'own',
      'preToolUse-bash',
      'preToolUse',
      {
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'echo out; echo err >&2', description: 'echo both' },
      },
    ],
    ['own', 'preToolUse-view', 'preToolUse', { tool_name: 'Read', tool_input: { file_path: `${P}/a.txt` } }],
    [
      'own',
      'preToolUse-create',
      'preToolUse',
      { tool_name: 'Write', tool_input: { file_path: `${P}/new.txt`, content: 'hello\nworld\n' } },
    ],
    [
      'own',
      'preToolUse-edit',
      'preToolUse',
      { tool_name: 'Edit', tool_input: { file_path: `${P}/new.txt`, old_string: 'world', new_string: 'there' } },
    ],
    ['own', 'preToolUse-grep', 'preToolUse', { tool_name: 'Grep', tool_input: { pattern: 'LINE' } }],
    ['own', 'preToolUse-glob', 'preToolUse', { tool_name: 'Glob', tool_input: { pattern: '**/*.txt' } }],
    [
      'own',
      'permissionRequest',
      undefined,
      { hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'echo out; echo err >&2' } },
    ],
    [
      'own',
      'postToolUse-bash',
      'postToolUse',
      {
        hook_event_name: 'PostToolUse',
        tool_name: 'Bash',
        tool_response: { stdout: 'out\nerr', stderr: '', interrupted: false, isImage: false, noOutputExpected: false },
      },
    ],
    [
      'own',
      'postToolUse-edit',
      'postToolUse',
      {
        tool_name: 'Edit',
        tool_response: expect.objectContaining({ filePath: `${P}/new.txt`, oldString: 'world', newString: 'there' }),
      },
    ],
    [
      'own',
      'postToolUseFailure-view-missing',
      'postToolUseFailure',
      { hook_event_name: 'PostToolUseFailure', tool_name: 'Read', error: 'Path does not exist' },
    ],
    [
      'own',
      'agentStop',
      'agentStop',
      {
        hook_event_name: 'Stop',
        stop_hook_active: false,
        transcript_path: '/HOME/.copilot/session-state/f73bd633-52f0-4fa7-9447-39ea1571e3db/events.jsonl',
      },
    ],
    ['own', 'sessionEnd', 'sessionEnd', { hook_event_name: 'SessionEnd', reason: 'other' }],
    ['claude', 'SessionStart', undefined, { hook_event_name: 'SessionStart', source: 'startup' }],
    ['claude', 'UserPromptSubmit', undefined, { hook_event_name: 'UserPromptSubmit', prompt: 'go' }],
    [
      'claude',
      'PreToolUse-create',
      undefined,
      {
        hook_event_name: 'PreToolUse',
        tool_name: 'Write',
        tool_input: { file_path: `${P}/new.txt`, content: 'hello\nworld\n' },
      },
    ],
    [
      'claude',
      'PreToolUse-edit',
      undefined,
      { tool_name: 'Edit', tool_input: { file_path: `${P}/new.txt`, old_string: 'world', new_string: 'there' } },
    ],
    [
      'claude',
      'PostToolUse-bash',
      undefined,
      {
        hook_event_name: 'PostToolUse',
        tool_name: 'Bash',
        tool_response: { stdout: 'out\nerr', stderr: '', interrupted: false, isImage: false, noOutputExpected: false },
      },
    ],
    [
      'claude',
      'PostToolUse-view',
      undefined,
      {
        tool_name: 'Read',
        tool_response: expect.objectContaining({
          type: 'text',
          file: expect.objectContaining({ content: 'line1\nLINE2\nline3\n' }),
        }),
      },
    ],
    [
      'claude',
      'PostToolUseFailure-view-missing',
      undefined,
      { hook_event_name: 'PostToolUseFailure', tool_name: 'Read', error: 'Path does not exist' },
    ],
    ['claude', 'Stop', undefined, { hook_event_name: 'Stop', stop_hook_active: false }],
    ['claude', 'SessionEnd', undefined, { hook_event_name: 'SessionEnd', reason: 'other' }],
  ];
  it.each(cases)('%s %s', (mode, name, event, want) => {
    const raw = JSON.parse(readFileSync(join(PAYLOADS, mode, `${name}.json`), 'utf8'));
    const call = hostCall('copilot', raw, event);
    expect(call.mode).toBe(mode === 'claude' && name !== 'PermissionRequest' ? 'claude-compatible' : undefined);
    const t = translatePayload(call.payload as Payload, 'copilot', 'claude', {});
    expect(t.payload).toMatchObject({ session_id: raw.sessionId ?? raw.session_id, cwd: '/PROJECT', ...want });
    // Claude Code's field names only: no camelCase key of Copilot's, no tool_result.
    expect(Object.keys(t.payload).filter((k) => /[A-Z]/.test(k) || k === 'tool_result')).toEqual(
      name === 'permissionRequest' || name === 'PermissionRequest' ? ['permissionSuggestions'] : [],
    );
  });
  it('every captured payload of both modes is read (none left out of the table above)', () => {
    const names = (mode: Mode) =>
      readdirSync(join(PAYLOADS, mode))
        .filter((f) => !f.startsWith('_'))
        .map((f) => f.replace(/\.json$/, ''));
    for (const mode of ['own', 'claude'] as const) {
      for (const n of names(mode)) {
        const raw = JSON.parse(readFileSync(join(PAYLOADS, mode, `${n}.json`), 'utf8'));
        const ev = mode === 'own' && n !== 'permissionRequest' ? n.split('-')[0] : undefined;
        const call = hostCall('copilot', raw, ev);
        expect(typeof call.payload.hook_event_name, `${mode}/${n}`).toBe('string');
      }
    }
  });
  it('a Copilot script under Claude Code gets its own camelCase payload, without an event name', () => {
    const claude = {
      session_id: 's',
      transcript_path: '/t.jsonl',
      cwd: '/p',
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_input: { file_path: '/p/x', content: 'c' },
    };
    expect(translatePayload(claude, 'claude', 'copilot', {}).payload).toEqual({
      sessionId: 's',
      timestamp: expect.anything(),
      cwd: '/p',
      transcriptPath: '/t.jsonl',
      toolName: 'create',
      toolArgs: { path: '/p/x', file_text: 'c' },
    });
  });
});

const hostRuns = (file: string, args: string[], p: Obj) => runsAsHook(proj, file, args, p);
const copilotRuns = (command: string, p: Obj, event?: string) => runAsCopilot(proj, command, p, event);

describe(
  'run --from claude --to copilot: Claude scripts reach on Copilot ' +
    'the outcome they have on Claude Code (both modes)',
  () => {
    const pre = { own: ['preToolUse-bash', 'preToolUse'], claude: ['PreToolUse-bash', undefined] } as const;
    const script = (out: string, code = 0, err = '') =>
      `printf '%s' ${shellQuote(out)}; printf '%s' ${shellQuote(err)} >&2; exit ${code}`;
    for (const mode of ['own', 'claude'] as const) {
      const [name, event] = pre[mode];
      it(
        `${mode}: exit 2 + stderr denies, and the stderr is the reason ` + `the model gets (Copilot alone drops it)`,
        async () => {
          const r = await copilotRuns(script('', 2, 'Blocked by block-rm.sh'), payload(mode, name), event);
          expect(copilotDoes(mode, 'pre-tool-use', r)).toMatchObject({
            denied: 'Denied by preToolUse hook: Blocked by block-rm.sh',
          });
        },
      );
      it(
        `${mode}: a crash (exit 1) is Claude's non-blocking error: ` + `the call runs (Copilot alone denies it)`,
        async () => {
          const r = await copilotRuns(script('', 1, 'Traceback …'), payload(mode, name), event);
          expect(r.exitCode).toBe(0);
          expect(copilotDoes(mode, 'pre-tool-use', r).denied).toBeUndefined();
        },
      );
      it(
        `${mode}: a missing interpreter (127) is the hook's own outcome, Claude's non-blocking error: the call runs ` +
          `(Copilot alone denies it)`,
        async () => {
          const r = await copilotRuns('no-such-interpreter-xyz guard.py', payload(mode, name), event);
          expect(r.exitCode).toBe(0);
          expect(copilotDoes(mode, 'pre-tool-use', r).denied).toBeUndefined();
          expect(r.stderr).toContain('no-such-interpreter-xyz');
        },
      );
      it(
        `${mode}: a JSON deny in hookSpecificOutput denies with its ` + `reason (Copilot's own files ignore that form)`,
        async () => {
          const r = await copilotRuns(
            script(
              JSON.stringify({
                hookSpecificOutput: {
                  hookEventName: 'PreToolUse',
                  permissionDecision: 'deny',
                  permissionDecisionReason: 'JSON-DENY',
                },
              }),
            ),
            payload(mode, name),
            event,
          );
          expect(copilotDoes(mode, 'pre-tool-use', r).denied).toBe('Denied by preToolUse hook: JSON-DENY');
        },
      );
      it(`${mode}: a rewrite runs the call with the rewritten arguments, in Copilot's parameter names`, async () => {
        const p = payload(mode, mode === 'own' ? 'preToolUse-create' : 'PreToolUse-create');
        const r = await copilotRuns(
          script(
            JSON.stringify({
              hookSpecificOutput: {
                hookEventName: 'PreToolUse',
                permissionDecision: 'allow',
                updatedInput: { file_path: `${proj}/other.txt`, content: 'X' },
              },
            }),
          ),
          p,
          event,
        );
        expect(copilotDoes(mode, 'pre-tool-use', r).rewrite).toEqual({ path: `${proj}/other.txt`, file_text: 'X' });
      });
      it(`${mode}: the script sees Claude's parameter names (a .env guard reading file_path)`, async () => {
        const p = payload(mode, mode === 'own' ? 'preToolUse-create' : 'PreToolUse-create');
        const r = await copilotRuns(
          `python3 -c 'import json,sys; p=json.load(sys.stdin); sys.exit(2 ` +
            `if p["tool_input"]["file_path"].endswith("new.txt") else 0)' ` +
            `2>/dev/null || { echo "saw $?" >&2; exit 2; }`,
          p,
          event,
        );
        expect(copilotDoes(mode, 'pre-tool-use', r).denied).toBeTruthy();
      });
    }
    it('own: PostToolUse context and an exit-2 reason reach the model (appended to the tool result)', async () => {
      const ctx = await copilotRuns(
        script(
          JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'RUN THE TESTS' } }),
        ),
        payload('own', 'postToolUse-edit'),
        'postToolUse',
      );
      expect(copilotDoes('own', 'post-tool-use', ctx).toModel).toEqual(['RUN THE TESTS']);
      const e2 = await copilotRuns(script('', 2, 'LINT FAILED'), payload('own', 'postToolUse-edit'), 'postToolUse');
      expect(copilotDoes('own', 'post-tool-use', e2).toModel).toEqual(['LINT FAILED']);
    });
    it("own: UserPromptSubmit and SessionStart stdout reach the model as Claude's context does", async () => {
      expect(
        copilotDoes(
          'own',
          'user-prompt-submit',
          await copilotRuns(
            script('Current branch: main\n'),
            payload('own', 'userPromptSubmitted'),
            'userPromptSubmitted',
          ),
        ).toModel,
      ).toEqual(['Current branch: main']);
      expect(
        copilotDoes(
          'own',
          'session-start',
          await copilotRuns(script('PROJECT RULES'), payload('own', 'sessionStart'), 'sessionStart'),
        ).toModel,
      ).toEqual(['PROJECT RULES']);
    });
    it('both: a prompt blocker stops the prompt; a Stop block goes on with the reason', async () => {
      for (const [mode, ups, stop, e1, e2] of [
        ['own', 'userPromptSubmitted', 'agentStop', 'userPromptSubmitted', 'agentStop'],
        ['claude', 'UserPromptSubmit', 'Stop', undefined, undefined],
      ] as const) {
        expect(
          copilotDoes(
            mode,
            'user-prompt-submit',
            await copilotRuns(script('', 2, 'NO SECRETS'), payload(mode, ups), e1),
          ).blocked,
        ).toBe(true);
        expect(
          copilotDoes(mode, 'stop', await copilotRuns(script('', 2, 'KEEP GOING'), payload(mode, stop), e2)),
        ).toMatchObject({ blocked: true, toModel: ['KEEP GOING'] });
      }
    });
  },
);

describe('dispatch --to copilot: a Claude hook set, told the event by its registration', () => {
  it("runs the matching hooks with Claude's semantics and answers in the form of the mode that called", async () => {
    const config = join(proj, 'set.json');
    writeFileSync(
      config,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Write',
              hooks: [
                {
                  type: 'command',
                  command:
                    `python3 -c 'import json,sys; p=json.load(sys.stdin); sys.exit(2 if ` +
                    `p["tool_input"]["file_path"].endswith("new.txt") else 0)' ` +
                    `2>/dev/null; [ $? = 2 ] && echo NO-NEW >&2 && exit 2; exit 0`,
                },
              ],
            },
            { matcher: 'Bash', hooks: [{ type: 'command', command: 'exit 1' }] },
          ],
        },
      }),
    );
    const dispatch = (p: Obj, event?: string) =>
      hostRuns(
        process.execPath,
        [BIN, 'dispatch', '--to', 'copilot', ...(event ? ['--event', event] : []), '--config', config],
        p,
      );
    expect(
      copilotDoes('own', 'pre-tool-use', await dispatch(payload('own', 'preToolUse-create'), 'preToolUse')).denied,
    ).toBe('Denied by preToolUse hook: NO-NEW');
    expect(copilotDoes('claude', 'pre-tool-use', await dispatch(payload('claude', 'PreToolUse-create'))).denied).toBe(
      'Denied by preToolUse hook: NO-NEW',
    );
    // A crash (exit 1) is non-blocking under Claude's rules: the bash call runs.
    const bash = await dispatch(payload('own', 'preToolUse-bash'), 'preToolUse');
    expect([bash.exitCode, copilotDoes('own', 'pre-tool-use', bash).denied]).toEqual([0, undefined]);
  });
});

describe('property: every Claude answer, in both modes, becomes a reply with the same outcome on Copilot', () => {
  const str = fc.oneof(fc.constant(''), fc.string({ maxLength: 6 }));
  const claudeAnswer = fc.record(
    {
      continue: fc.boolean(),
      stopReason: str,
      decision: fc.constantFrom('block', 'approve'),
      reason: str,
      systemMessage: str,
      hookSpecificOutput: fc.record(
        {
          hookEventName: fc.constantFrom('PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'SessionStart', 'Stop'),
          permissionDecision: fc.constantFrom('allow', 'deny', 'ask'),
          permissionDecisionReason: str,
          updatedInput: fc.constantFrom({ command: 'echo other', description: 'd' }, { command: 'echo other' }),
          additionalContext: str,
        },
        { requiredKeys: ['hookEventName'] },
      ),
    },
    { requiredKeys: [] },
  );
  const result = fc.record({
    answer: claudeAnswer,
    exitCode: fc.constantFrom(0, 0, 0, 1, 2, 3, 126, 127),
    stderr: str,
    plain: fc.boolean(),
  });
  const EVENTS: [string, Record<Mode, string>][] = [
    ['pre-tool-use', { own: 'preToolUse', claude: 'PreToolUse' }],
    ['post-tool-use', { own: 'postToolUse', claude: 'PostToolUse' }],
    ['user-prompt-submit', { own: 'userPromptSubmitted', claude: 'UserPromptSubmit' }],
    ['session-start', { own: 'sessionStart', claude: 'SessionStart' }],
    ['stop', { own: 'agentStop', claude: 'Stop' }],
  ];
  it(
    'never a failing exit (Copilot denies on it); a deny is never lost and never ' +
      'invented; blocks and rewrites kept; context where the mode delivers it',
    () =>
      fc.assert(
        fc.property(
          fc.constantFrom(...EVENTS),
          fc.constantFrom<Mode>('own', 'claude'),
          result,
          ([ev, names], mode, g) => {
            const r: ScriptResult = {
              exitCode: g.exitCode,
              stdout: g.plain ? 'plain text' : JSON.stringify(g.answer),
              stderr: g.stderr,
              timedOut: false,
            };
            const a = readAnswer('claude', ev, r, { command: 'echo hi', description: 'x' }, 'shell');
            const reply = emit(
              a,
              {
                host: 'copilot',
                script: 'claude',
                event: ev,
                hostEvent: names[mode],
                tool: 'shell',
                hostTool: 'bash',
                ...(mode === 'claude' ? { mode: 'claude-compatible' } : {}),
              },
              { rewrite: 'deny' },
            );
            expect(reply.exitCode).toBe(0);
            const e = copilotDoes(mode, ev, reply);
            if (ev === 'pre-tool-use') {
              // Claude: deny, and ask (headless) deny; continue:false (the call runs, then the session ends) is the
              // deny Copilot can give; everything else lets the call run.
              const claudeDenies = a.decision === 'deny' || a.decision === 'ask' || a.continueFalse === true;
              expect(!!e.denied).toBe(claudeDenies);
              if (a.decision === 'deny' && a.reason?.trim()) expect(e.denied).toContain(a.reason.trim());
              if (!claudeDenies && a.updatedInput) expect(e.rewrite).toEqual(a.updatedInput);
            }
            // A prompt stopped by continue:false is Copilot's block (both end the run before the model).
            if (ev === 'user-prompt-submit') expect(!!e.blocked).toBe(!!a.block || a.continueFalse === true);
            if (ev === 'stop') expect(!!e.blocked).toBe(!!a.block);
            if (ev === 'post-tool-use' && a.block && a.reason?.trim())
              expect(e.toModel.join('\n')).toContain(a.reason.trim());
            const delivers = mode === 'own' || ev === 'pre-tool-use';
            if (delivers && !e.denied && !e.blocked)
              for (const c of a.context) expect(e.toModel.join('\n')).toContain(c);
          },
        ),
        { numRuns: 2500 },
      ),
  );
  it('own-mode replies carry only the fields its files were seen to honour', () => {
    const fields = mappings.dialects.copilot.output!.fields!;
    const a = {
      decision: 'deny' as const,
      reason: 'r',
      context: ['c'],
      systemMessage: 's',
      continueFalse: true,
      suppressOutput: true,
    };
    const reply = emit(
      a,
      {
        host: 'copilot',
        script: 'claude',
        event: 'pre-tool-use',
        hostEvent: 'preToolUse',
        tool: 'shell',
        hostTool: 'bash',
      },
      { rewrite: 'deny' },
    );
    expect(Object.keys(JSON.parse(reply.stdout)).filter((k) => !fields.includes(k))).toEqual([]);
  });
});
