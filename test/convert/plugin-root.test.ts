// A plugin's hooks run with the plugin's root on every host, whatever their command text (issue 29).
// everything-claude-code's hooks.json commands are `node -e "…process.env.CLAUDE_PLUGIN_ROOT…"` that find their
// scripts through the variable: convert used to write `--plugin-root` only for a command whose text spelled
// `${CLAUDE_PLUGIN_ROOT}`, so on every host the bootstrap found nothing, exited 1, and `git commit --no-verify` ran
// where Claude Code denies it. Each case converts the project, then runs what convert wrote the way the host runs it
// (its config file, its shell, its observed payload, no CLAUDE_PLUGIN_ROOT in its environment) beside the original
// hook under Claude Code's conditions.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { cli, fireEvent, type HostCall, hostDenies } from './host.js';

const ECC = resolve(import.meta.dirname, '../real-projects/affaan-m__everything-claude-code');
const FIX = resolve(import.meta.dirname, '../fixtures');
const json = (p: string) => JSON.parse(readFileSync(join(FIX, p), 'utf8')) as Record<string, unknown>;

type Host = Exclude<DialectId, 'claude' | 'hooks-yaml' | 'pi' | 'opencode' | 'kilo' | 'cline'>;
interface ShellCall {
  /** The file convert writes for the host, relative to the project. */
  file: string;
  event: string;
  tool: string;
  payload: Record<string, unknown>;
}

/** A shell call as each host sends it to its hooks: its observed payload (the documented one for the CodeBuddy IDE,
 * which does not run here) with the command replaced.
 */
function shellCall(host: Host, command: string): ShellCall {
  const withCommand = (p: Record<string, unknown>, key = 'tool_input') => ({
    ...p,
    [key]: { ...(p[key] as object), command },
  });
  switch (host) {
    case 'qwen': {
      const p = json('ground-truth/qwen/payloads/PreToolUse-run_shell_command.json');
      return { file: '.qwen/settings.json', event: 'PreToolUse', tool: 'run_shell_command', payload: withCommand(p) };
    }
    case 'codebuddy': {
      const p = json('ground-truth/codebuddy/payloads/PreToolUse-Bash.json');
      return { file: '.codebuddy/settings.json', event: 'PreToolUse', tool: 'Bash', payload: withCommand(p) };
    }
    case 'codebuddy-ide':
      return {
        file: '.codebuddy/settings.json',
        event: 'PreToolUse',
        tool: 'execute_command',
        payload: {
          session_id: 's1',
          transcript_path: '',
          hook_event_name: 'PreToolUse',
          tool_name: 'execute_command',
          tool_input: { command, requires_approval: false },
        },
      };
    case 'gemini': {
      const p = json('observed/gemini/payloads/BeforeTool-run_shell_command.json');
      return { file: '.gemini/settings.json', event: 'BeforeTool', tool: 'run_shell_command', payload: withCommand(p) };
    }
    case 'codex': {
      const p = json('ground-truth/codex/payloads/PreToolUse-Bash.json');
      return { file: '.codex/hooks.json', event: 'PreToolUse', tool: 'Bash', payload: withCommand(p) };
    }
    case 'copilot': {
      const p = json('observed/copilot/payloads/own/preToolUse-bash.json');
      return {
        file: '.github/hooks/hook-bridge.json',
        event: 'preToolUse',
        tool: 'bash',
        payload: withCommand(p, 'toolArgs'),
      };
    }
    case 'droid': {
      const p = json('observed/droid/payloads/PreToolUse.json');
      return { file: '.factory/settings.json', event: 'PreToolUse', tool: 'Execute', payload: withCommand(p) };
    }
    case 'auggie':
      // Its bundle's PreToolUse payload (test/fixtures/vendor/auggie/README.md): not run here.
      return {
        file: '.augment/settings.json',
        event: 'PreToolUse',
        tool: 'launch-process',
        payload: {
          hook_event_name: 'PreToolUse',
          conversation_id: 'c1',
          workspace_roots: [],
          tool_name: 'launch-process',
          tool_input: { command, cwd: '.' },
          is_mcp_tool: false,
        },
      };
    case 'cursor': {
      const p = json('vendor/cursor/payloads/preToolUse.json');
      return { file: '.cursor/hooks.json', event: 'preToolUse', tool: 'Shell', payload: withCommand(p) };
    }
    case 'kiro': {
      const p = json('vendor/kiro/payloads/preToolUse.json');
      return {
        file: '.kiro/agents/hook-bridge.json',
        event: 'preToolUse',
        tool: 'execute_bash',
        payload: withCommand(p),
      };
    }
  }
}

const HOSTS: Host[] = [
  'qwen',
  'codebuddy',
  'codebuddy-ide',
  'gemini',
  'codex',
  'copilot',
  'droid',
  'auggie',
  'cursor',
  'kiro',
];

/** A copy of a project in a git repository of its own (Codex CLI finds the project by its git root), and a home. */
function copy(from: string): { project: string; home: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hb-plugin-'));
  const project = join(dir, 'project');
  cpSync(from, project, { recursive: true });
  spawnSync('git', ['init', '-q'], { cwd: project });
  const home = join(dir, 'home');
  mkdirSync(home);
  return { project, home };
}

/** The original hooks of an event under Claude Code: each command by /bin/sh -c with the plugin's root set. */
function underClaude(project: string, home: string, hooksFile: string, tool: string, command: string): HostCall[] {
  const cfg = JSON.parse(readFileSync(join(project, hooksFile), 'utf8')) as {
    hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]>;
  };
  const payload = {
    session_id: 's1',
    transcript_path: '',
    cwd: project,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: tool,
    tool_input: { command, description: 'x' },
    tool_use_id: 't1',
  };
  return cfg.hooks
    .PreToolUse!.filter((g) => !g.matcher || g.matcher === '*' || g.matcher.split('|').includes(tool))
    .flatMap((g) => g.hooks)
    .map((h) => {
      const r = spawnSync('/bin/sh', ['-c', h.command], {
        cwd: project,
        env: { PATH: process.env.PATH, HOME: home, CLAUDE_PROJECT_DIR: project, CLAUDE_PLUGIN_ROOT: project },
        input: `${JSON.stringify(payload)}\n`,
        encoding: 'utf8',
      });
      return { command: h.command, code: r.status, stdout: r.stdout, stderr: r.stderr };
    });
}

describe('everything-claude-code converted to every agent: its --no-verify guard denies as on Claude Code', () => {
  const dangerous = 'git commit --no-verify -m x';
  const harmless = 'git status';

  it('Claude Code (the reference): the plugin denies git commit --no-verify, allows git status', () => {
    const { project, home } = copy(ECC);
    expect(underClaude(project, home, 'hooks/hooks.json', 'Bash', dangerous).some((c) => c.code === 2)).toBe(true);
    expect(underClaude(project, home, 'hooks/hooks.json', 'Bash', harmless).some((c) => c.code === 2)).toBe(false);
  });

  it.each(HOSTS)('%s: what convert wrote denies git commit --no-verify and allows git status', (host) => {
    const { project, home } = copy(ECC);
    const r = cli(['convert', '--to', host, '--no-backup'], { cwd: project });
    expect(r.code, r.stderr).toBe(0);
    const call = (command: string) => {
      const c = shellCall(host, command);
      return fireEvent(host, join(project, c.file), c.event, c.tool, c.payload, { project, home });
    };
    const deny = call(dangerous);
    expect(deny.length).toBeGreaterThan(0);
    expect(hostDenies(host, deny), JSON.stringify(deny, null, 1)).toBe(true);
    expect(deny.map((c) => c.stdout + c.stderr).join('\n')).toContain('--no-verify flag is not allowed');
    expect(deny.map((c) => c.stderr).join('\n')).not.toContain('Cannot find module');
    const allow = call(harmless);
    expect(hostDenies(host, allow), JSON.stringify(allow, null, 1)).toBe(false);
    expect(allow.map((c) => c.stderr).join('\n')).not.toContain('Cannot find module');
  });

  it('convert --dispatch (the hook set read at run time): the plugin root comes from the hooks file', () => {
    const { project, home } = copy(ECC);
    expect(cli(['convert', '--to', 'qwen', '--dispatch', '--no-backup'], { cwd: project }).code).toBe(0);
    const c = shellCall('qwen', dangerous);
    const calls = fireEvent('qwen', join(project, c.file), c.event, c.tool, c.payload, { project, home });
    expect(calls.some((x) => x.command.includes('dispatch'))).toBe(true);
    expect(hostDenies('qwen', calls), JSON.stringify(calls, null, 1)).toBe(true);
  });

  it('convert --no-wrap: the command exports the plugin root (the script reads it from its environment)', () => {
    const { project, home } = copy(ECC);
    expect(cli(['convert', '--to', 'codebuddy', '--no-wrap', '--no-backup'], { cwd: project }).code).toBe(0);
    const written = readFileSync(join(project, '.codebuddy/settings.json'), 'utf8');
    expect(written).toContain('export CLAUDE_PLUGIN_ROOT=\\"${CODEBUDDY_PROJECT_DIR}\\"; node -e');
    const c = shellCall('codebuddy', dangerous);
    const calls = fireEvent('codebuddy', join(project, c.file), c.event, c.tool, c.payload, { project, home });
    expect(hostDenies('codebuddy', calls), JSON.stringify(calls, null, 1)).toBe(true);
  });
});

describe('a plugin hook finds its root however it reads it; a settings hook beside it gets none', () => {
  // A plugin in a subdirectory of the project, and the project's own settings file: three ways to read the root.
  function guardPlugin(): { project: string; home: string } {
    const src = mkdtempSync(join(tmpdir(), 'hb-plugin-src-'));
    const plug = join(src, 'tools/guard');
    mkdirSync(join(plug, '.claude-plugin'), { recursive: true });
    mkdirSync(join(plug, 'hooks'));
    mkdirSync(join(plug, 'lib'));
    writeFileSync(join(plug, '.claude-plugin/plugin.json'), '{"name":"guard"}\n');
    // Each reader denies `rm` only when it finds lib/deny.txt through the variable.
    writeFileSync(join(plug, 'lib/deny.txt'), 'rm\n');
    writeFileSync(
      join(plug, 'lib/guard.py'),
      'import json, os, sys\n' +
        'cmd = json.load(sys.stdin)["tool_input"]["command"]\n' +
        'words = open(os.path.join(os.environ["CLAUDE_PLUGIN_ROOT"], "lib/deny.txt")).read().split()\n' +
        'if cmd.split()[0] in words:\n    print("python: " + cmd, file=sys.stderr); sys.exit(2)\n',
    );
    writeFileSync(
      join(plug, 'lib/guard.sh'),
      '#!/bin/sh\ncase "$(cat)" in *\'"command":"rm \'*)\n' +
        '  grep -qx rm "$CLAUDE_PLUGIN_ROOT/lib/deny.txt" && { echo "sh: denied" >&2; exit 2; } ;;\nesac\nexit 0\n',
    );
    chmodSync(join(plug, 'lib/guard.sh'), 0o755);
    const node =
      "node -e \"const f=require('fs'),p=require('path');let s='';process.stdin.on('data',d=>s+=d);" +
      "process.stdin.on('end',()=>{const c=JSON.parse(s).tool_input.command;" +
      "const w=f.readFileSync(p.join(process.env.CLAUDE_PLUGIN_ROOT,'lib/deny.txt'),'utf8').split(/\\s+/);" +
      "if(w.includes(c.split(' ')[0])){console.error('node: denied');process.exit(2)}})\"";
    writeFileSync(
      join(plug, 'hooks/hooks.json'),
      `${JSON.stringify(
        {
          hooks: {
            PreToolUse: [
              { matcher: 'Bash', hooks: [{ type: 'command', command: node }] },
              { matcher: 'Bash', hooks: [{ type: 'command', command: 'python3 "$CLAUDE_PLUGIN_ROOT/lib/guard.py"' }] },
              { matcher: 'Bash', hooks: [{ type: 'command', command: 'tools/guard/lib/guard.sh' }] },
            ],
          },
        },
        null,
        2,
      )}\n`,
    );
    return copy(src);
  }

  it.each(HOSTS)('%s: node (process.env), python (os.environ) and sh ($VAR in a script) each deny', (host) => {
    const { project, home } = guardPlugin();
    // The plugin's own hooks file, named as the input: its hooks come from the plugin at tools/guard.
    const r = cli(['convert', 'tools/guard/hooks/hooks.json', '--to', host, '--wrap', '--no-backup'], {
      cwd: project,
    });
    expect(r.code, r.stderr).toBe(0);
    const c = shellCall(host, 'rm -rf build');
    const file = join(project, c.file);
    const written = readFileSync(file, 'utf8');
    expect(written.match(/--plugin-root '?tools\/guard'?/g)?.length, written).toBe(3);
    // Each hook alone: the three answers must each deny (not one hiding another's failure).
    const calls = fireEvent(host, file, c.event, c.tool, c.payload, { project, home });
    expect(calls).toHaveLength(3);
    for (const call of calls) expect(hostDenies(host, [call]), JSON.stringify(call, null, 1)).toBe(true);
    const ok = shellCall(host, 'ls');
    expect(hostDenies(host, fireEvent(host, file, ok.event, ok.tool, ok.payload, { project, home }))).toBe(false);
  });

  it('a hook of the settings file in a plugin tree runs without a plugin root, as under Claude Code', () => {
    const { project } = guardPlugin();
    mkdirSync(join(project, 'tools/guard/.claude'));
    writeFileSync(
      join(project, 'tools/guard/.claude/settings.json'),
      '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"node -e 1"}]}]}}\n',
    );
    const r = cli(['convert', 'tools/guard/.claude/settings.json', '--to', 'qwen', '--stdout'], { cwd: project });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('node -e 1');
    expect(r.stdout).not.toContain('--plugin-root');
  });
});
