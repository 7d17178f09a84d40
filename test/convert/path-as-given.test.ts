// The path a script sees is the one the agent was asked to write (issue 29): Codex CLI's apply_patch
// "*** Add File: ../etc/passwd" used to reach a Claude Write guard as `/etc/passwd` (the `..` resolved away), so a
// path-traversal guard of the shape of anthropics/claude-code's validate-write.sh example allowed it. Claude Code
// hands its tools' file_path to hooks as written; here each host's call reaches the guard with the `..` kept
// (relative patch paths are put after the cwd, nothing normalised). What convert wrote runs as each host runs it:
// its config file, its shell, its payload.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { cli, fireEvent, hostDenies } from './host.js';

const GUARD = resolve(import.meta.dirname, 'scripts/validate-write.sh');
const FIX = resolve(import.meta.dirname, '../fixtures');
const json = (p: string) => JSON.parse(readFileSync(join(FIX, p), 'utf8')) as Record<string, unknown>;

/** A Claude project whose Write|Edit guard is validate-write.sh; a git repository (Codex finds its root so). */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hb-traversal-'));
  mkdirSync(join(dir, '.claude/hooks'), { recursive: true });
  copyFileSync(GUARD, join(dir, '.claude/hooks/validate-write.sh'));
  const command = 'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/validate-write.sh';
  const hooks = { PreToolUse: [{ matcher: 'Write|Edit', hooks: [{ type: 'command', command }] }] };
  writeFileSync(join(dir, '.claude/settings.json'), `${JSON.stringify({ hooks })}\n`);
  writeFileSync(join(dir, 'notes.txt'), 'hello\n');
  spawnSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

/** Claude Code's own decision: the hook by /bin/sh -c with Claude's Write payload (exit 2 denies). */
function claudeDenies(dir: string, filePath: string): boolean {
  const r = spawnSync('/bin/sh', ['-c', 'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/validate-write.sh'], {
    cwd: dir,
    env: { PATH: process.env.PATH, CLAUDE_PROJECT_DIR: dir },
    input: `${JSON.stringify({
      session_id: 's',
      transcript_path: '',
      cwd: dir,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_input: { file_path: filePath, content: 'x\n' },
    })}\n`,
    encoding: 'utf8',
  });
  return r.status === 2;
}

/** A write of `path` (as the model wrote it) as each host sends it: its file, event, tool and observed payload. */
function write(host: DialectId, dir: string, path: string) {
  const abs = path.startsWith('/') ? path : `${dir}/${path}`;
  switch (host) {
    case 'codex': {
      const p = json('ground-truth/codex/payloads/PreToolUse-apply_patch-add.json');
      const command = `*** Begin Patch\n*** Add File: ${path}\n+x\n*** End Patch\n`;
      return {
        file: '.codex/hooks.json',
        event: 'PreToolUse',
        tool: 'apply_patch',
        payload: { ...p, tool_input: { command } },
      };
    }
    case 'qwen': {
      const p = json('ground-truth/qwen/payloads/PreToolUse-write_file.json');
      const tool_input = { file_path: abs, content: 'x\n' };
      return { file: '.qwen/settings.json', event: 'PreToolUse', tool: 'write_file', payload: { ...p, tool_input } };
    }
    case 'gemini': {
      const p = json('observed/gemini/payloads/BeforeTool-write_file.json');
      const tool_input = { file_path: path, content: 'x\n' };
      return { file: '.gemini/settings.json', event: 'BeforeTool', tool: 'write_file', payload: { ...p, tool_input } };
    }
    case 'copilot': {
      const p = json('observed/copilot/payloads/own/preToolUse-create.json');
      const toolArgs = { path: abs, file_text: 'x\n' };
      return {
        file: '.github/hooks/hook-bridge.json',
        event: 'preToolUse',
        tool: 'create',
        payload: { ...p, toolArgs },
      };
    }
    default:
      throw new Error(`no write payload for ${host}`);
  }
}

describe("a path-traversal guard sees the path the agent was asked to write, '..' included", () => {
  const traversal = ['../etc/passwd', 'sub/../../outside.txt'];

  it.each(traversal)('Claude Code (the reference) denies %s given as an absolute path', (path) => {
    const dir = project();
    expect(claudeDenies(dir, `${dir}/${path}`)).toBe(true);
    expect(claudeDenies(dir, `${dir}/notes.txt`)).toBe(false);
  });

  it.each(['codex', 'qwen', 'gemini', 'copilot'] as DialectId[])(
    '%s: what convert wrote denies a write to ../etc/passwd and allows one to notes.txt',
    (host) => {
      const dir = project();
      const r = cli(['convert', '--to', host, '--no-backup'], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      const fire = (path: string) => {
        const c = write(host, dir, path);
        return fireEvent(host, join(dir, c.file), c.event, c.tool, c.payload, { project: dir });
      };
      for (const path of traversal) {
        const calls = fire(path);
        expect(calls.length).toBeGreaterThan(0);
        expect(hostDenies(host, calls), JSON.stringify(calls, null, 1)).toBe(true);
        expect(calls.map((c) => c.stdout + c.stderr).join('\n')).toContain('Path traversal detected');
      }
      expect(hostDenies(host, fire('notes.txt'))).toBe(false);
    },
  );

  it('codex: an absolute patch path keeps its .. too; a plain absolute one inside the project is allowed', () => {
    const dir = project();
    expect(cli(['convert', '--to', 'codex', '--no-backup'], { cwd: dir }).code).toBe(0);
    const fire = (path: string) => {
      const c = write('codex', dir, path);
      return fireEvent('codex', join(dir, c.file), c.event, c.tool, c.payload, { project: dir });
    };
    expect(hostDenies('codex', fire(`${dir}/../etc/passwd`))).toBe(true);
    expect(hostDenies('codex', fire(`${dir}/new.txt`))).toBe(false);
  });
});
