// `hook-bridge test` writes nothing into the project (issue 29): claude-code-hooks-mastery's logger wrote
// logs/pre_tool_use.json into the project it was only asked to simulate. The hooks now run in a scratch copy: the
// project is byte for byte as it was (every file's content, mode and time, every folder, every link), a hook that
// reads the project's files still finds them, CLAUDE_PROJECT_DIR and the cwd are the copy's, and what the hooks say
// names the project's paths.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeProject, snapshot } from './helpers.js';

const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
const MASTERY = resolve(import.meta.dirname, '../real-projects/disler__claude-code-hooks-mastery');

/** `uv run [--script] <file>`: the project runs every hook so; its users have uv (here python3 stands in). */
const stubs = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'hb-scratch-stubs-'));
  writeFileSync(
    join(dir, 'uv'),
    '#!/bin/sh\n[ "$1" = run ] || exit 2\nshift\n[ "$1" = --script ] && shift\nexec python3 "$@"\n',
  );
  chmodSync(join(dir, 'uv'), 0o755);
  return dir;
})();

function test(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [bin, 'test', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${stubs}:${process.env.PATH}` },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("claude-code-hooks-mastery: test runs its loggers and guards, and the project's bytes stay", () => {
  const calls: [string, string[]][] = [
    [
      'a harmless Bash call (pre_tool_use.py logs it)',
      ['--event', 'PreToolUse', '--tool', 'Bash', '--input', '{"command":"ls"}'],
    ],
    [
      'a .env read (pre_tool_use.py blocks it)',
      ['--event', 'PreToolUse', '--tool', 'Read', '--input', '{"file_path":".env"}'],
    ],
    [
      'a PostToolUse Write (post_tool_use.py logs it)',
      ['--event', 'PostToolUse', '--tool', 'Write', '--input', '{"file_path":"src/a.py","content":"x"}'],
    ],
    [
      'a prompt (user_prompt_submit.py logs it and writes a session file)',
      ['--event', 'UserPromptSubmit', '--prompt', 'hi'],
    ],
    ['a stop', ['--event', 'Stop']],
  ];
  it.each(calls)('%s', (_name, args) => {
    const dir = join(mkdtempSync(join(tmpdir(), 'hb-mastery-')), 'claude-code-hooks-mastery');
    cpSync(MASTERY, dir, { recursive: true });
    spawnSync('git', ['init', '-q'], { cwd: dir });
    const before = snapshot(dir);
    const r = test([...args, '--to', 'qwen,codex', '--format', 'json'], dir);
    expect(r.code, r.stderr).not.toBe(2);
    const j = JSON.parse(r.stdout) as { results: { host: string; hooks: { exitCode: number | null }[] }[] };
    // The hooks ran (through the uv stand-in): on the reference, every one exited on its own.
    const ref = j.results[0]!;
    expect(ref.host).toBe('claude');
    expect(ref.hooks.length).toBeGreaterThan(0);
    for (const h of ref.hooks) expect([0, 2]).toContain(h.exitCode);
    expect(snapshot(dir)).toEqual(before);
  });

  it('--cases: every call of the file in one copy; the project stays', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'hb-mastery-')), 'claude-code-hooks-mastery');
    cpSync(MASTERY, dir, { recursive: true });
    const cases = join(mkdtempSync(join(tmpdir(), 'hb-mastery-cases-')), 'cases.yaml');
    writeFileSync(
      cases,
      '- { event: PreToolUse, tool: Bash, input: { command: "rm -rf /" }, expect: deny }\n' +
        '- { event: PreToolUse, tool: Bash, input: { command: "ls" }, expect: none }\n',
    );
    const before = snapshot(dir);
    const r = test(['--cases', cases, '--to', 'gemini'], dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('2 cases: 2 as expected');
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('the copy: what the hooks read is there, what they write is not in the project', () => {
  const dir = claudeProject(
    {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: 'sh "$CLAUDE_PROJECT_DIR"/.hooks/deny.sh' }] },
      ],
      PostToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'sh .hooks/format.sh' }] }],
    },
    {
      // Denies the commands listed in a file of the project, after writing a state file of its own.
      'deny.sh':
        'cmd=$(jq -r .tool_input.command)\nmkdir -p state && echo "$cmd" >> state/seen.txt\n' +
        'grep -qxF "$cmd" "$CLAUDE_PROJECT_DIR/.hooks/denied.txt" && { echo "denied in $PWD: $cmd" >&2; exit 2; }\n' +
        'exit 0\n',
      'denied.txt': 'make deploy\n',
      // A formatter: rewrites the file the call names (an absolute path in the project).
      'format.sh': 'f=$(jq -r .tool_input.file_path)\necho "formatted" >> "$f"\necho "formatted $f" >&2\n',
    },
    { 'src/app.py': 'print(1)\n' },
  );
  mkdirSync(join(dir, 'links'));
  symlinkSync(join(dir, 'src/app.py'), join(dir, 'links/app.py'));

  it('a hook reading a project file decides as in the project; its state file and its cwd are the copy', () => {
    const before = snapshot(dir);
    const r = test(
      ['--event', 'PreToolUse', '--tool', 'Bash', '--input', '{"command":"make deploy"}', '--to', 'qwen'],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    // the reason names the project (the copy's path is said as the project's), on Claude Code and through hook-bridge
    expect(r.stdout).toContain(`Claude Code, as is: deny — denied in ${dir}: make deploy`);
    expect(r.stdout).toContain(`Qwen Code, through hook-bridge: deny — denied in ${dir}: make deploy`);
    expect(r.stdout).not.toContain('hook-bridge-test-project-');
    expect(snapshot(dir)).toEqual(before);
  });

  it('a formatter given a path of the project edits the copy of that file (and of a link to it), not the file', () => {
    const before = snapshot(dir);
    const input = JSON.stringify({ file_path: join(dir, 'links/app.py'), content: 'print(1)\n' });
    const r = test(
      ['--event', 'PostToolUse', '--tool', 'Write', '--input', input, '--to', 'codex', '--format', 'json'],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { input: { file_path: string }; results: { hooks: { stderr?: string }[] }[] };
    expect(j.input.file_path).toBe(join(dir, 'links/app.py'));
    expect(j.results[0]!.hooks[0]!.stderr).toBe(`formatted ${join(dir, 'links/app.py')}`);
    expect(readFileSync(join(dir, 'src/app.py'), 'utf8')).toBe('print(1)\n');
    expect(snapshot(dir)).toEqual(before);
  });
});
