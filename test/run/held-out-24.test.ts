// Issue 24: Claude hook scripts written independently of this suite, run through the built CLI (`run`, and
// `dispatch` with the same script in a .claude/settings.json) with the host's own payload shapes, reach the
// decision Claude Code reaches. Payloads: the real agents' captures (test/fixtures/observed/**,
// test/fixtures/ground-truth/**); where a tool was not captured, a capture of the same event with that tool's name
// and parameters as the agent declares them (observed/gemini/tools-sent-to-model.json).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/convert/convert.js';
import { translatePayload } from '../../src/run/payload.js';
import { shellQuote } from '../../src/dialects/wrapper.js';
import { BIN, cleanEnv, runCli, type CliResult } from './cli.js';

type Obj = Record<string, any>;
type Host = 'gemini' | 'codex' | 'codebuddy' | 'codebuddy-ide';
const FIX = resolve(import.meta.dirname, '../fixtures');
const load = (path: string): Obj => JSON.parse(readFileSync(join(FIX, path), 'utf8'));
const S = (name: string) => shellQuote(join(import.meta.dirname, 'scripts', name));
const DIR_VAR: Record<Host, string | undefined> = {
  gemini: 'GEMINI_PROJECT_DIR',
  codex: undefined,
  codebuddy: 'CODEBUDDY_PROJECT_DIR',
  'codebuddy-ide': 'CODEBUDDY_PROJECT_DIR',
};
const line = (o: object) => `${JSON.stringify(o)}\n`;

/** A fresh project; `run` and `dispatch` answer one host payload (its cwd set to the project) with a Claude hook. */
function project(host: Host) {
  const dir = mkdtempSync(join(tmpdir(), 'hb-held-out-'));
  mkdirSync(join(dir, '.git'));
  const env = cleanEnv(DIR_VAR[host] ? { [DIR_VAR[host]!]: dir } : {});
  const input = (payload: Obj) => JSON.stringify({ ...payload, cwd: dir });
  return {
    dir,
    run: (payload: Obj, command: string): Promise<CliResult> =>
      runCli(['--from', 'claude', '--to', host, '-c', command], input(payload), env),
    /** The hooks of one Claude event ({matcher, command}[]) in .claude/settings.json, run by `dispatch`. */
    dispatch(payload: Obj, event: string, hooks: { matcher?: string; command: string }[]): Promise<CliResult> {
      writeFileSync(
        join(dir, 'settings.json'),
        JSON.stringify({
          hooks: {
            [event]: hooks.map((h) => ({
              ...(h.matcher ? { matcher: h.matcher } : {}),
              hooks: [{ type: 'command', command: h.command }],
            })),
          },
        }),
      );
      return new Promise((res) => {
        const c = spawn(
          process.execPath,
          [BIN, 'dispatch', '--to', host, '--from', 'claude', '--config', join(dir, 'settings.json')],
          { cwd: dir, env },
        );
        let stdout = '';
        let stderr = '';
        c.stdout.on('data', (d) => (stdout += d));
        c.stderr.on('data', (d) => (stderr += d));
        c.on('close', (code) => res({ code, stdout, stderr }));
        c.stdin.end(input(payload));
      });
    },
  };
}

/** A Gemini CLI BeforeTool payload (observed) for a call of another of its tools. */
const geminiCall = (tool: string, input: Obj): Obj => ({
  ...load('observed/gemini/payloads/BeforeTool-run_shell_command.json'),
  tool_name: tool,
  tool_input: input,
});

describe('Gemini CLI and Codex: a rewrite of an Agent call is judged on what the host receives', () => {
  const ROLE = '[role: careful reviewer; cite files]\n';
  it('Gemini invoke_agent (no description): the extended prompt goes back as tool_input', async () => {
    const p = project('gemini');
    const call = geminiCall('invoke_agent', { agent_name: 'codebase_investigator', prompt: 'find the bug' });
    const expected = {
      code: 0,
      stdout: line({
        hookSpecificOutput: {
          hookEventName: 'BeforeTool',
          tool_input: { agent_name: 'codebase_investigator', prompt: `${ROLE}find the bug` },
        },
      }),
      stderr: '',
    };
    expect(await p.run(call, `node ${S('subagent-role.js')}`)).toEqual(expected);
    expect(
      await p.dispatch(call, 'PreToolUse', [{ matcher: 'Agent', command: `node ${S('subagent-role.js')}` }]),
    ).toEqual(expected);
  });
  it('Codex spawn_agent {message}: the extended prompt goes back as its message', async () => {
    const p = project('codex');
    const call = load('ground-truth/codex/payloads/PreToolUse-spawn_agent.json');
    const expected = {
      code: 0,
      stdout: line({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          updatedInput: { message: `${ROLE}review the code` },
        },
      }),
      stderr: '',
    };
    expect(await p.run(call, `node ${S('subagent-role.js')}`)).toEqual(expected);
    expect(
      await p.dispatch(call, 'PreToolUse', [{ matcher: 'Agent', command: `node ${S('subagent-role.js')}` }]),
    ).toEqual(expected);
  });
  it(
    "a rewrite that drops a parameter the host's tool requires still fails as on Claude Code (prompt; Gemini's " +
      'agent_name)',
    async () => {
      const drop =
        `node -e "let ` +
        `s='';process.stdin.on('data',c=>s+=c).on('end',()=>console.log(JSON.stringify({hookSpecificOutput:{hookEvent` +
        `Name:'PreToolUse',permissionDecision:'allow',updatedInput:{description:'x'}}})))"`;
      const gemini = await project('gemini').run(
        geminiCall('invoke_agent', { agent_name: 'codebase_investigator', prompt: 'find the bug' }),
        drop,
      );
      expect(JSON.parse(gemini.stdout)).toEqual({
        decision: 'deny',
        reason:
          'PreToolUse hook for Agent returned updatedInput that failed schema ' +
          'validation: the required parameters `prompt`, `subagent_type` are missing',
      });
      const codex = await project('codex').run(load('ground-truth/codex/payloads/PreToolUse-spawn_agent.json'), drop);
      expect(JSON.parse(codex.stdout).hookSpecificOutput).toMatchObject({
        permissionDecision: 'deny',
        permissionDecisionReason:
          'PreToolUse hook for Agent returned updatedInput that failed schema ' +
          'validation: the required parameter `prompt` is missing',
      });
    },
  );
});

describe("Gemini CLI: a WebFetch guard sees the url inside web_fetch's prompt", () => {
  const guard = `python3 ${S('fetch-allowlist.py')}`;
  const deny = (host: string) =>
    line({ decision: 'deny', reason: `fetch-allowlist: ${host} is not an allowed domain` });
  it('one URL: the script gets it as tool_input.url and denies a foreign domain', async () => {
    const p = project('gemini');
    const call = geminiCall('web_fetch', { prompt: 'Summarize https://evil.example.net/page and list its claims' });
    expect(await p.run(call, guard)).toMatchObject({ code: 0, stdout: deny('evil.example.net') });
    expect(await p.dispatch(call, 'PreToolUse', [{ matcher: 'WebFetch', command: guard }])).toMatchObject({
      code: 0,
      stdout: deny('evil.example.net'),
    });
    expect(await p.run(geminiCall('web_fetch', { prompt: 'Summarize https://docs.example.com/a' }), guard)).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });
  it(
    "several URLs: the script runs once per URL, as for Claude's " + 'one-URL WebFetch calls; any deny blocks the call',
    async () => {
      const p = project('gemini');
      const call = geminiCall('web_fetch', {
        prompt: 'Compare https://docs.example.com/a with https://evil.example.net/b, then https://api.example.com/c',
      });
      expect(await p.run(call, guard)).toMatchObject({ code: 0, stdout: deny('evil.example.net') });
      expect(await p.dispatch(call, 'PreToolUse', [{ matcher: 'WebFetch', command: guard }])).toMatchObject({
        code: 0,
        stdout: deny('evil.example.net'),
      });
      expect(
        await p.run(
          geminiCall('web_fetch', { prompt: 'Compare https://docs.example.com/a with https://api.example.com/c' }),
          guard,
        ),
      ).toEqual({ code: 0, stdout: '', stderr: '' });
    },
  );
  it('a rewrite of the url goes back into the prompt, in place of the URL it was given', async () => {
    const p = project('gemini');
    const pin =
      `node -e "let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{const p=JSON.parse(s);const ` +
      `u=p.tool_input.url;if(u&&u.startsWith('http:'))console.log(JSON.stringify({hookSpecificOutput:{hookEventName` +
      `:'PreToolUse',permissionDecision:'allow',updatedInput:{...p.tool_input,url:u.replace('http:','https:')}}}))}` +
      `)"`;
    const r = await p.run(
      geminiCall('web_fetch', { prompt: 'Read https://docs.example.com/a and http://api.example.com/c' }),
      pin,
    );
    expect(r).toEqual({
      code: 0,
      stdout: line({
        hookSpecificOutput: {
          hookEventName: 'BeforeTool',
          tool_input: { prompt: 'Read https://docs.example.com/a and https://api.example.com/c' },
        },
      }),
      stderr: '',
    });
  });
});

describe("Gemini CLI: notification_type values reach the script in Claude's words", () => {
  const notification = load('observed/gemini/payloads/Notification-ToolPermission.json');
  const paged = line({ systemMessage: 'page: needs your OK: Tool Confirm Shell Command requires execution' });
  it('ToolPermission is permission_prompt', async () => {
    const p = project('gemini');
    expect(await p.run(notification, S('notify-permission.sh'))).toEqual({ code: 0, stdout: paged, stderr: '' });
  });
  it('dispatch: a permission_prompt matcher fires for it, an idle_prompt one does not', async () => {
    const p = project('gemini');
    expect(
      await p.dispatch(notification, 'Notification', [
        { matcher: 'permission_prompt', command: S('notify-permission.sh') },
      ]),
    ).toEqual({ code: 0, stdout: paged, stderr: '' });
    expect(
      await p.dispatch(notification, 'Notification', [
        { matcher: 'idle_prompt', command: 'echo \'{"systemMessage":"idle"}\'' },
      ]),
    ).toEqual({ code: 0, stdout: '', stderr: '' });
  });
  it(
    'the other way: a Gemini script on CodeBuddy Code gets ' +
      'ToolPermission for permission_prompt; idle_prompt stays as it is',
    () => {
      const cb = load('ground-truth/codebuddy/payloads/Notification-idle_prompt.json');
      expect(
        translatePayload({ ...cb, notification_type: 'permission_prompt' }, 'codebuddy', 'gemini', {}).payload
          .notification_type,
      ).toBe('ToolPermission');
      expect(translatePayload(cb, 'codebuddy', 'gemini', {}).payload.notification_type).toBe('idle_prompt');
    },
  );
  it("convert writes the matcher in the target's words, and reads it back", () => {
    const claude = JSON.stringify({
      hooks: { Notification: [{ matcher: 'permission_prompt', hooks: [{ type: 'command', command: './page.sh' }] }] },
    });
    const gemini = JSON.parse(convert(claude, { from: 'claude', to: 'gemini' }).output);
    expect(gemini.hooks.Notification[0].matcher).toBe('ToolPermission');
    expect(
      JSON.parse(convert(JSON.stringify(gemini), { from: 'gemini', to: 'claude' }).output).hooks.Notification[0],
    ).toEqual(JSON.parse(claude).hooks.Notification[0]);
  });
});

describe('Gemini CLI: a Stop hook that ends the session ends it (AfterAgent continue:false)', () => {
  it('continue:false and its stopReason are forwarded', async () => {
    const p = project('gemini');
    writeFileSync(join(p.dir, '.budget-exhausted'), '');
    const expected = {
      code: 0,
      stdout: line({ continue: false, stopReason: 'budget exhausted: session ended by stop-end.sh' }),
      stderr: '',
    };
    const afterAgent = load('observed/gemini/payloads/AfterAgent.json');
    expect(await p.run(afterAgent, S('stop-end.sh'))).toEqual(expected);
    expect(await p.dispatch(afterAgent, 'Stop', [{ command: S('stop-end.sh') }])).toEqual(expected);
  });
});

describe('CodeBuddy Code and the CodeBuddy IDE: a legacy approve keeps its reason', () => {
  for (const host of ['codebuddy', 'codebuddy-ide'] as const) {
    it(host, async () => {
      const p = project(host);
      const read = load('ground-truth/codebuddy/payloads/PreToolUse-Read.json');
      const call =
        host === 'codebuddy'
          ? { ...read, tool_input: { file_path: `${p.dir}/docs/guide.md` } }
          : { ...read, tool_name: 'read_file', tool_input: { filePath: `${p.dir}/docs/guide.md` } };
      const expected = {
        code: 0,
        stdout: line({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'allow',
            permissionDecisionReason: 'docs are always readable',
          },
        }),
        stderr: '',
      };
      expect(await p.run(call, `python3 ${S('docs-approve.py')}`)).toEqual(expected);
      expect(
        await p.dispatch(call, 'PreToolUse', [{ matcher: 'Read', command: `python3 ${S('docs-approve.py')}` }]),
      ).toEqual(expected);
    });
  }
});

describe(
  "hookify's PostToolUse answer (permissionDecision deny) blocks " + 'nothing, as on Claude Code: its message is shown',
  () => {
    for (const host of ['codebuddy-ide', 'codebuddy'] as const) {
      it(host, async () => {
        const p = project(host);
        const post = load('ground-truth/codebuddy/payloads/PostToolUse-Read.json');
        const call =
          host === 'codebuddy'
            ? { ...post, tool_input: { file_path: `${p.dir}/.env` } }
            : { ...post, tool_name: 'read_file', tool_input: { filePath: `${p.dir}/.env` } };
        const expected = {
          code: 0,
          stdout: line({ systemMessage: '**[no-env-files]**\nReading .env files exposes secrets.' }),
          stderr: '',
        };
        expect(await p.run(call, `python3 ${S('hookify-posttooluse.py')}`)).toEqual(expected);
        expect(
          await p.dispatch(call, 'PostToolUse', [{ matcher: '*', command: `python3 ${S('hookify-posttooluse.py')}` }]),
        ).toEqual(expected);
        // the same rule on PreToolUse is a deny there, as on Claude Code
        const pre = { ...call, hook_event_name: 'PreToolUse', tool_response: undefined };
        expect(
          JSON.parse((await p.run(pre, `python3 ${S('hookify-posttooluse.py')}`)).stdout).hookSpecificOutput
            .permissionDecision,
        ).toBe('deny');
      });
    }
  },
);
