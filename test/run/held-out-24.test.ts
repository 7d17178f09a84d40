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
import { shellQuote } from '../../src/run/wrapper.js';
import { BIN, cleanEnv, runCli, type CliResult } from './cli.js';

type Obj = Record<string, any>;
type Host = 'gemini' | 'codex' | 'codebuddy' | 'codebuddy-ide';
const FIX = resolve(import.meta.dirname, '../fixtures');
const load = (path: string): Obj => JSON.parse(readFileSync(join(FIX, path), 'utf8'));
const S = (name: string) => shellQuote(join(import.meta.dirname, 'scripts', name));
const DIR_VAR: Record<Host, string | undefined> = { gemini: 'GEMINI_PROJECT_DIR', codex: undefined, codebuddy: 'CODEBUDDY_PROJECT_DIR', 'codebuddy-ide': 'CODEBUDDY_PROJECT_DIR' };
const line = (o: object) => `${JSON.stringify(o)}\n`;

/** A fresh project; `run` and `dispatch` answer one host payload (its cwd set to the project) with a Claude hook. */
function project(host: Host) {
  const dir = mkdtempSync(join(tmpdir(), 'hb-held-out-'));
  mkdirSync(join(dir, '.git'));
  const env = cleanEnv(DIR_VAR[host] ? { [DIR_VAR[host]!]: dir } : {});
  const input = (payload: Obj) => JSON.stringify({ ...payload, cwd: dir });
  return {
    dir,
    run: (payload: Obj, command: string): Promise<CliResult> => runCli(['--from', 'claude', '--to', host, '-c', command], input(payload), env),
    /** The hooks of one Claude event ({matcher, command}[]) in .claude/settings.json, run by `dispatch`. */
    dispatch(payload: Obj, event: string, hooks: { matcher?: string; command: string }[]): Promise<CliResult> {
      writeFileSync(join(dir, 'settings.json'), JSON.stringify({ hooks: { [event]: hooks.map((h) => ({ ...(h.matcher ? { matcher: h.matcher } : {}), hooks: [{ type: 'command', command: h.command }] })) } }));
      return new Promise((res) => {
        const c = spawn(process.execPath, [BIN, 'dispatch', '--to', host, '--from', 'claude', '--config', join(dir, 'settings.json')], { cwd: dir, env });
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
const geminiCall = (tool: string, input: Obj): Obj => ({ ...load('observed/gemini/payloads/BeforeTool-run_shell_command.json'), tool_name: tool, tool_input: input });

describe('CodeBuddy Code and the CodeBuddy IDE: a legacy approve keeps its reason', () => {
  for (const host of ['codebuddy', 'codebuddy-ide'] as const) {
    it(host, async () => {
      const p = project(host);
      const read = load('ground-truth/codebuddy/payloads/PreToolUse-Read.json');
      const call = host === 'codebuddy' ? { ...read, tool_input: { file_path: `${p.dir}/docs/guide.md` } } : { ...read, tool_name: 'read_file', tool_input: { filePath: `${p.dir}/docs/guide.md` } };
      const expected = { code: 0, stdout: line({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'docs are always readable' } }), stderr: '' };
      expect(await p.run(call, `python3 ${S('docs-approve.py')}`)).toEqual(expected);
      expect(await p.dispatch(call, 'PreToolUse', [{ matcher: 'Read', command: `python3 ${S('docs-approve.py')}` }])).toEqual(expected);
    });
  }
});

describe("hookify's PostToolUse answer (permissionDecision deny) blocks nothing, as on Claude Code: its message is shown", () => {
  for (const host of ['codebuddy-ide', 'codebuddy'] as const) {
    it(host, async () => {
      const p = project(host);
      const post = load('ground-truth/codebuddy/payloads/PostToolUse-Read.json');
      const call = host === 'codebuddy' ? { ...post, tool_input: { file_path: `${p.dir}/.env` } } : { ...post, tool_name: 'read_file', tool_input: { filePath: `${p.dir}/.env` } };
      const expected = { code: 0, stdout: line({ systemMessage: '**[no-env-files]**\nReading .env files exposes secrets.' }), stderr: '' };
      expect(await p.run(call, `python3 ${S('hookify-posttooluse.py')}`)).toEqual(expected);
      expect(await p.dispatch(call, 'PostToolUse', [{ matcher: '*', command: `python3 ${S('hookify-posttooluse.py')}` }])).toEqual(expected);
      // the same rule on PreToolUse is a deny there, as on Claude Code
      const pre = { ...call, hook_event_name: 'PreToolUse', tool_response: undefined };
      expect(JSON.parse((await p.run(pre, `python3 ${S('hookify-posttooluse.py')}`)).stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    });
  }
});
