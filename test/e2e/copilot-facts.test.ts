// The GitHub Copilot CLI 1.0.102 hook facts recorded in test/fixtures/observed/copilot/ (README there), observed on
// the real CLI with native hooks (no hook-bridge involved): headless (-p), offline against the chat-completions mock.
// The model runs one tool call (default: bash `touch ran.marker`); hooks in Copilot's own file, in the project's
// Claude Code settings or in Copilot's settings answer in one form; we observe which hooks ran, whether the call ran
// and what the model was sent.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initGitRepo, runCopilot, type CopilotOptions } from './harness/copilot.js';
import { ensureAgent } from './harness/install.js';
import type { AgentRunResult, ModelStep } from './harness/types.js';
import { makeWorkspace, writeFileEnsured, writeJson, type TempWorkspace } from './harness/util.js';

const TOUCH: ModelStep = { tool: 'bash', args: { command: 'touch ran.marker', description: 'touch' } };

interface Setup {
  dir: string;
  /** a command that logs `<label>` (and its stdin) to the run's hook log, then prints `out`/exits `exit` */
  hook: (label: string, answer?: { out?: string; exit?: number; err?: string; sleep?: number }) => string;
}

interface Run extends AgentRunResult {
  /** labels of the hooks that ran to their end, in order */
  hooks: string[];
  /** stdin of each hook, by label (last one wins) */
  payloads: Record<string, any>;
  ran: boolean;
  ws: TempWorkspace;
}

const workspaces: TempWorkspace[] = [];
beforeAll(() => void ensureAgent('copilot'));
afterAll(() =>
  workspaces.forEach((w) => {
    w.cleanup();
  }),
);

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** One headless run: `files` maps `P:<project path>` / `H:<home path>` to JSON written there. */
async function run(
  files: (s: Setup) => Record<string, unknown>,
  opts: { step?: ModelStep; prompt?: string; copilot?: CopilotOptions } = {},
): Promise<Run> {
  const ws = makeWorkspace('hb-copilot-fact-');
  workspaces.push(ws);
  const dir = ws.projectDir;
  initGitRepo(dir);
  const log = join(ws.root, 'hooks.jsonl');
  let n = 0;
  const hook: Setup['hook'] = (label, a = {}) => {
    const script = writeFileEnsured(
      join(ws.root, `hook${n++}.sh`),
      `${[
        'IN=$(cat)',
        a.sleep ? `sleep ${a.sleep}` : '',
        `printf '{"label":"%s","stdin":%s}\\n' ${q(label)} "$IN" >> ${q(log)}`,
        a.out ? `printf '%s' ${q(a.out)}` : '',
        a.err ? `printf '%s' ${q(a.err)} >&2` : '',
        `exit ${a.exit ?? 0}`,
      ]
        .filter(Boolean)
        .join('\n')}\n`,
    );
    return `sh ${q(script)}`;
  };
  for (const [k, v] of Object.entries(files({ dir, hook })))
    writeJson(k.startsWith('H:') ? join(ws.homeDir, k.slice(2)) : join(dir, k.slice(2)), v);
  const r = await runCopilot(
    { projectDir: dir, homeDir: ws.homeDir, steps: [opts.step ?? TOUCH], prompt: opts.prompt ?? 'go' },
    opts.copilot,
  );
  const lines = existsSync(log)
    ? readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
    : [];
  return {
    ...r,
    hooks: lines.map((l) => l.label),
    payloads: Object.fromEntries(lines.map((l) => [l.label, l.stdin])),
    ran: existsSync(join(dir, 'ran.marker')),
    ws,
  };
}

const own = (event: string, ...actions: object[]) => ({ version: 1, hooks: { [event]: actions } });
const bash = (command: string, extra: object = {}) => ({ type: 'command', bash: command, ...extra });
const claude = (event: string, command: string, matcher?: string) => ({
  hooks: { [event]: [{ ...(matcher ? { matcher } : {}), hooks: [{ type: 'command', command }] }] },
});
const json = (v: unknown) => JSON.stringify(v);
const why = (r: Run) =>
  `exit=${r.exitCode} hooks=${JSON.stringify(r.hooks)}\ntoolResults=${JSON.stringify(r.toolResults)}\nstderr: ` +
  `${r.stderr.slice(-1500)}`;

describe('GitHub Copilot CLI 1.0.102: where hooks come from', () => {
  it(
    'reads .github/hooks/*.json, ~/.copilot/settings.json, .claude/settings.json and ' +
      '.claude/settings.local.json, not ~/.claude/settings.json; runs them one after another',
    async () => {
      const r = await run(({ hook }) => ({
        'P:.github/hooks/own.json': own('userPromptSubmitted', bash(hook('github-hooks'))),
        'P:.github/copilot/settings.json': { hooks: { userPromptSubmitted: [bash(hook('repo-settings'))] } },
        'P:.claude/settings.json': claude('UserPromptSubmit', hook('claude-settings')),
        'P:.claude/settings.local.json': claude('UserPromptSubmit', hook('claude-settings-local')),
        'H:.claude/settings.json': claude('UserPromptSubmit', hook('home-claude-settings')),
        'H:.copilot/settings.json': { hooks: { userPromptSubmitted: [bash(hook('user-settings'))] } },
      }));
      expect(r.hooks, why(r)).toEqual([
        'user-settings',
        'github-hooks',
        'claude-settings',
        'claude-settings-local',
        'repo-settings',
      ]);
      // the Claude files get Claude's payload, Copilot's own files Copilot's
      expect(r.payloads['claude-settings']).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'go' });
      expect(r.payloads['github-hooks']).toMatchObject({ prompt: 'go' });
      expect(r.payloads['github-hooks']).not.toHaveProperty('hook_event_name');
    },
  );

  it('the same hook in .github/hooks and .claude/settings.json runs twice (no de-duplication)', async () => {
    const r = await run(({ hook }) => {
      const same = hook('same');
      return {
        'P:.github/hooks/own.json': own('userPromptSubmitted', bash(same)),
        'P:.claude/settings.json': claude('UserPromptSubmit', same),
      };
    });
    expect(r.hooks, why(r)).toEqual(['same', 'same']);
  });

  it('without --trust-folder the project hooks are skipped silently; user hooks still run', async () => {
    const r = await run(
      ({ hook }) => ({
        'P:.github/hooks/own.json': own('userPromptSubmitted', bash(hook('github-hooks'))),
        'P:.claude/settings.json': claude('UserPromptSubmit', hook('claude-settings')),
        'H:.copilot/settings.json': { hooks: { userPromptSubmitted: [bash(hook('user-settings'))] } },
      }),
      { copilot: { trustFolder: false } },
    );
    expect(r.hooks, why(r)).toEqual(['user-settings']);
  });
});

describe('GitHub Copilot CLI 1.0.102: turning hooks off', () => {
  it('disableAllHooks in one .github/hooks file turns off that file only', async () => {
    const r = await run(({ hook }) => ({
      'P:.github/hooks/a.json': { ...own('userPromptSubmitted', bash(hook('a'))), disableAllHooks: true },
      'P:.github/hooks/b.json': own('userPromptSubmitted', bash(hook('b'))),
      'P:.claude/settings.json': claude('UserPromptSubmit', hook('claude-settings')),
    }));
    expect(r.hooks, why(r)).toEqual(['b', 'claude-settings']);
  });

  it('disableAllHooks in .claude/settings.json turns off every hook, Copilot’s own files included', async () => {
    const r = await run(({ hook }) => ({
      'P:.github/hooks/own.json': own('userPromptSubmitted', bash(hook('github-hooks'))),
      'P:.claude/settings.json': { ...claude('UserPromptSubmit', hook('claude-settings')), disableAllHooks: true },
    }));
    expect(r.hooks, why(r)).toEqual([]);
  });

  it(
    'disabledHooks (sha256 of "<event>\\0<action JSON>") is honoured in ' +
      '~/.copilot/settings.json, ignored in .github/copilot/settings.json',
    async () => {
      const key = (event: string, action: object) =>
        createHash('sha256')
          .update(`${event}\0${JSON.stringify(action)}`)
          .digest('hex');
      const r = await run(({ hook }) => {
        const user = bash(hook('off-by-user-setting'));
        const repo = bash(hook('off-by-repo-setting'));
        return {
          'P:.github/hooks/own.json': own('userPromptSubmitted', user, repo, bash(hook('kept'))),
          'H:.copilot/settings.json': { disabledHooks: [key('userPromptSubmitted', user)] },
          'P:.github/copilot/settings.json': { disabledHooks: [key('userPromptSubmitted', repo)] },
        };
      });
      expect(r.hooks, why(r)).toEqual(['off-by-repo-setting', 'kept']);
    },
  );
});

describe('GitHub Copilot CLI 1.0.102: preToolUse decisions', () => {
  const cases: {
    name: string;
    files: (s: Setup) => Record<string, unknown>;
    step?: ModelStep;
    expected: { ran: boolean; told?: string; modified?: boolean };
  }[] = [
    {
      name: 'the Claude file: hookSpecificOutput deny blocks, tool_name is Bash, the reason reaches the model',
      files: ({ hook }) => ({
        'P:.claude/settings.json': claude(
          'PreToolUse',
          hook('pre', {
            out: json({
              hookSpecificOutput: {
                hookEventName: 'PreToolUse',
                permissionDecision: 'deny',
                permissionDecisionReason: 'NO-CLAUDE',
              },
            }),
          }),
          'Bash',
        ),
      }),
      expected: { ran: false, told: 'Denied by preToolUse hook: NO-CLAUDE' },
    },
    {
      name: 'own file: exit 1 fails closed (the tool is denied, stderr is not shown)',
      files: ({ hook }) => ({
        'P:.github/hooks/own.json': own('preToolUse', bash(hook('pre', { exit: 1, err: 'E1' }))),
      }),
      expected: { ran: false, told: 'Denied by preToolUse hook from ".github/hooks/own.json" (hook errored)' },
    },
    {
      name: 'own file: exit 2 denies with a fixed reason (stderr is not shown)',
      files: ({ hook }) => ({
        'P:.github/hooks/own.json': own('preToolUse', bash(hook('pre', { exit: 2, err: 'E2' }))),
      }),
      expected: { ran: false, told: 'Denied by preToolUse hook: hook exited with code 2' },
    },
    {
      name: 'own file: ask is a deny headless, even with --allow-all-tools',
      files: ({ hook }) => ({
        'P:.github/hooks/own.json': own(
          'preToolUse',
          bash(hook('pre', { out: json({ permissionDecision: 'ask', permissionDecisionReason: 'ASK-IT' }) })),
        ),
      }),
      expected: { ran: false, told: 'Denied by preToolUse hook (unable to ask user for confirmation): ASK-IT' },
    },
    {
      name: 'own file: the Claude-shaped hookSpecificOutput deny is not read',
      files: ({ hook }) => ({
        'P:.github/hooks/own.json': own(
          'preToolUse',
          bash(
            hook('pre', {
              out: json({
                hookSpecificOutput: {
                  hookEventName: 'PreToolUse',
                  permissionDecision: 'deny',
                  permissionDecisionReason: 'NO-HSO',
                },
              }),
            }),
          ),
        ),
      }),
      expected: { ran: true },
    },
    {
      name: 'own file: modifiedArgs replaces the arguments',
      files: ({ hook }) => ({
        'P:.github/hooks/own.json': own(
          'preToolUse',
          bash(hook('pre', { out: json({ modifiedArgs: { command: 'touch mod.marker', description: 'mod' } }) })),
        ),
      }),
      expected: { ran: false, modified: true },
    },
    {
      name: 'own file: timeoutSec 1 kills a 3 s hook and the tool runs (fail open)',
      files: ({ hook }) => ({
        'P:.github/hooks/own.json': own('preToolUse', bash(hook('pre', { sleep: 3, exit: 2 }), { timeoutSec: 1 })),
      }),
      expected: { ran: true },
    },
    {
      name: 'own file: the matcher is the tool name, case-sensitive and anchored (Bash does not match bash)',
      files: ({ hook }) => ({
        'P:.github/hooks/own.json': own(
          'preToolUse',
          { ...bash(hook('pre', { exit: 2 })), matcher: 'Bash' },
          { ...bash(hook('pre', { exit: 2 })), matcher: 'bas' },
        ),
      }),
      expected: { ran: true },
    },
    {
      name: 'the Claude file: Write|Edit matches create',
      files: ({ hook }) => ({
        'P:.claude/settings.json': claude('PreToolUse', hook('pre', { exit: 2 }), 'Write|Edit'),
      }),
      step: { tool: 'create', args: { path: 'ran.marker', file_text: 'x\n' } },
      expected: { ran: false, told: 'Denied by preToolUse hook: hook exited with code 2' },
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const r = await run(c.files, { step: c.step });
      const got = {
        ran: r.ran,
        ...(c.expected.told ? { told: r.toolResults[0] } : {}),
        ...(c.expected.modified !== undefined ? { modified: existsSync(join(r.ws.projectDir, 'mod.marker')) } : {}),
      };
      expect(got, why(r)).toEqual(c.expected);
      if (c.name.startsWith('the Claude file: hookSpecificOutput'))
        expect(r.payloads.pre).toMatchObject({
          hook_event_name: 'PreToolUse',
          tool_name: 'Bash',
          tool_input: { command: 'touch ran.marker' },
        });
    });
  }
});

describe('GitHub Copilot CLI 1.0.102: prompt and stop', () => {
  it('a userPromptSubmitted block ends the run before any model request (exit 1, the reason on stderr)', async () => {
    const r = await run(({ hook }) => ({
      'P:.github/hooks/own.json': own(
        'userPromptSubmitted',
        bash(hook('ups', { out: json({ decision: 'block', reason: 'NO-PROMPT' }) })),
      ),
    }));
    expect({ exit: r.exitCode, requests: r.requests.length, stderr: r.stderr.includes('NO-PROMPT') }, why(r)).toEqual({
      exit: 1,
      requests: 0,
      stderr: true,
    });
  });

  it('exit 2 does nothing outside preToolUse, in both modes: prompt, call and turn go on (exit2Events)', async () => {
    const r = await run(({ hook }) => ({
      'P:.github/hooks/own.json': {
        version: 1,
        hooks: {
          userPromptSubmitted: [bash(hook('ups', { exit: 2, err: 'UPS-E2' }))],
          postToolUse: [bash(hook('post', { exit: 2, err: 'POST-E2' }))],
        },
      },
      'P:.claude/settings.json': claude('Stop', hook('stop', { exit: 2, err: 'STOP-E2' })),
    }));
    const sent = JSON.stringify(r.requests);
    expect(
      {
        exit: r.exitCode,
        ran: r.ran,
        hooks: [...new Set(r.hooks)].sort(),
        requests: r.requests.length,
        shown: ['UPS-E2', 'POST-E2', 'STOP-E2'].filter((x) => sent.includes(x)),
      },
      why(r),
    ).toEqual({ exit: 0, ran: true, hooks: ['post', 'stop', 'ups'], requests: 2, shown: [] });
  });

  it('a userPromptSubmitted continue:false is not acted on: the prompt reaches the model (issue 32)', async () => {
    const r = await run(({ hook }) => ({
      'P:.github/hooks/own.json': own(
        'userPromptSubmitted',
        bash(hook('ups', { out: json({ continue: false, stopReason: 'STOP-PROMPT' }) })),
      ),
    }));
    expect({ exit: r.exitCode, asked: r.requests.length > 0, ran: r.ran }, why(r)).toEqual({
      exit: 0,
      asked: true,
      ran: true,
    });
  });

  it(
    'a Stop hook that always blocks (Claude file) is run 9 times: the turn ' +
      'ends after 8 continuations, each reason sent as a user message',
    async () => {
      const r = await run(({ hook }) => ({
        'P:.claude/settings.json': claude(
          'Stop',
          hook('stop', { out: json({ decision: 'block', reason: 'KEEP-GOING' }) }),
        ),
      }));
      expect({ exit: r.exitCode, stops: r.hooks.length, requests: r.requests.length }, why(r)).toEqual({
        exit: 0,
        stops: 9,
        requests: 10,
      });
      expect(r.payloads.stop).toMatchObject({ hook_event_name: 'Stop', stop_hook_active: true });
      expect(
        r.requests[r.requests.length - 1]?.body.messages.filter(
          (m: any) => m.role === 'user' && JSON.stringify(m).includes('KEEP-GOING'),
        ),
      ).toHaveLength(8);
    },
  );
});

describe('GitHub Copilot CLI 1.0.102: the shapes of an action', () => {
  it('an action without type runs, in both modes (1Password/agent-hooks writes none)', async () => {
    const r = await run(({ hook }) => ({
      'P:.github/hooks/a.json': {
        version: 1,
        hooks: {
          PreToolUse: [{ command: hook('pascal-notype'), timeout: 15 }],
          userPromptSubmitted: [{ bash: hook('camel-notype') }],
        },
      },
    }));
    expect(r.hooks, why(r)).toEqual(['camel-notype', 'pascal-notype']);
  });

  it(
    'PascalCase events in its own file run in its Claude-compatible mode, as flat actions or nested groups; ' +
      'a flat action matches Bash and bash alike',
    async () => {
      const r = await run(({ hook }) => ({
        'P:.github/hooks/a.json': {
          version: 1,
          hooks: {
            PreToolUse: [
              { type: 'command', command: hook('flat-Bash'), matcher: 'Bash' },
              { type: 'command', command: hook('flat-bash'), matcher: 'bash' },
              { type: 'command', command: hook('flat-Write'), matcher: 'Write' },
              { matcher: 'Bash', hooks: [{ type: 'command', command: hook('group-Bash') }] },
              { matcher: 'Write', hooks: [{ type: 'command', command: hook('group-Write') }] },
            ],
          },
        },
      }));
      expect({ hooks: r.hooks, ran: r.ran }, why(r)).toEqual({
        hooks: ['flat-Bash', 'flat-bash', 'group-Bash'],
        ran: true,
      });
      // Claude Code's payload, as from .claude/settings.json
      expect(r.payloads['flat-Bash']).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash' });
    },
  );

  it('on Linux, `linux` replaces the command (bash or command), in both modes; osx, windows ignored', async () => {
    const r = await run(({ hook }) => ({
      'P:.github/hooks/a.json': {
        version: 1,
        hooks: {
          userPromptSubmitted: [
            { type: 'command', bash: hook('camel-bash'), linux: hook('camel-linux') },
            { type: 'command', bash: hook('camel-other'), osx: hook('camel-osx'), windows: hook('camel-windows') },
          ],
          UserPromptSubmit: [{ type: 'command', command: hook('pascal-command'), linux: hook('pascal-linux') }],
        },
      },
    }));
    expect([...r.hooks].sort(), why(r)).toEqual(['camel-linux', 'camel-other', 'pascal-linux']);
  });
});
