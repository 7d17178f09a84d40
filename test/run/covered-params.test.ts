// A tool that does another's job by its own parameters (tools.yaml `covered_as`): Cline has no Write; its editor
// creates a file from `path` and `new_text` (observed: test/fixtures/observed/cline/payloads/PreToolUse-editor.json).
// A Claude guard of Write sees that call as the Write Claude Code would have made, and its rewrite goes back in the
// editor's names; an editor call that replaces text stays an Edit. Before this, a Write reached Cline as an
// apply_patch-style patch and a Claude script got an Edit without file_path: its .env deny was lost (real-projects:
// disler, devkit).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coveredCall } from '../../src/dialects/covered-params.js';
import { translatePayload } from '../../src/run/payload.js';
import { cleanEnv, runCli } from './cli.js';

const editor = (tool_input: Record<string, unknown>, cwd = '/p') => ({
  session_id: 's',
  transcript_path: '',
  cwd,
  hook_event_name: 'PreToolUse',
  tool_name: 'editor',
  tool_input,
});

describe("Cline's editor and Claude Code's Write", () => {
  it('a Write is given to Cline as its editor with path and new_text (not a patch)', () => {
    const t = translatePayload(
      { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: '/p/.env', content: 'X=1' } },
      'claude',
      'cline',
      {},
    );
    expect(t.payload.tool_name).toBe('editor');
    expect(t.payload.tool_input).toEqual({ path: '/p/.env', new_text: 'X=1' });
  });

  it('an editor call that creates a file reaches a Claude script as a Write', () => {
    const t = translatePayload(editor({ path: '/p/.env', new_text: 'X=1' }), 'cline', 'claude', {});
    expect(t.tool).toBe('file.write');
    expect(t.payload.tool_name).toBe('Write');
    expect(t.payload.tool_input).toEqual({ file_path: '/p/.env', content: 'X=1' });
  });

  it('an editor call that replaces text (old_text) or inserts at a line stays an Edit', () => {
    const edit = translatePayload(editor({ path: '/p/a.ts', old_text: 'a', new_text: 'b' }), 'cline', 'claude', {});
    expect(edit.payload.tool_name).toBe('Edit');
    expect(edit.payload.tool_input).toEqual({ file_path: '/p/a.ts', old_string: 'a', new_string: 'b' });
    expect(coveredCall('cline', 'claude', 'file.edit', { path: '/p/a.ts', insert_line: 3, new_text: 'x' })).toBe(
      undefined,
    );
  });

  it('is not applied where the script has no tool of that kind, nor to bad input', () => {
    expect(coveredCall('cline', 'claude', 'file.edit', 'not an object')).toBe(undefined);
    expect(coveredCall('cline', 'claude', 'shell', { commands: ['ls'] })).toBe(undefined);
    // Claude's Write requires content: a path alone is not a Write.
    expect(coveredCall('cline', 'claude', 'file.edit', { path: '/p/a' })).toBe(undefined);
  });

  it('through the built run: a Write guard denies the .env Cline creates, and a rewrite comes back as the editor', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-covered-'));
    const seen = join(dir, 'payload.json');
    const guard =
      `tee ${seen} | grep -q '"tool_name":"Write"' && grep -q '\\.env' ${seen} && ` +
      `{ echo 'no .env' >&2; exit 2; }; exit 0`;
    const env = cleanEnv();
    const deny = await runCli(
      ['--transcript', 'never', '--from', 'claude', '--to', 'cline', '-c', guard],
      JSON.stringify(editor({ path: '/p/.env', new_text: 'X=1' }, dir)),
      env,
    );
    expect(JSON.parse(readFileSync(seen, 'utf8')).tool_input).toEqual({ file_path: '/p/.env', content: 'X=1' });
    expect(JSON.parse(deny.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: 'deny' });
    expect(deny.stdout).toContain('no .env');
    const rewrite =
      `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow",` +
      `"updatedInput":{"file_path":"/p/b.txt","content":"NEW"}}}'`;
    const r = await runCli(
      ['--transcript', 'never', '--from', 'claude', '--to', 'cline', '-c', rewrite],
      JSON.stringify(editor({ path: '/p/a.txt', new_text: 'OLD' }, dir)),
      env,
    );
    expect(JSON.parse(r.stdout).hookSpecificOutput.updatedInput).toEqual({ path: '/p/b.txt', new_text: 'NEW' });
  });
});
