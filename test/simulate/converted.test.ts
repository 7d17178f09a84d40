// simulate on a project `convert` wrote (SimulateOptions.converted): the host's column reads the files as written in
// the converted copy and runs the hooks there, with the call's paths in the copy; `modes` picks the columns; each
// column is a session of its own; a Codex CLI source needs no --permission-mode.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertProject } from '../../src/convert/project.js';
import { simulate } from '../../src/simulate/simulate.js';
import { claudeProject, sh, withHookBridge } from './helpers.js';

/** A copy of the project converted for `to`. */
async function converted(dir: string, to: 'qwen' | 'gemini', env: NodeJS.ProcessEnv): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), `hb-converted-${to}-`));
  cpSync(dir, copy, { recursive: true });
  await convertProject({ inputs: [copy], project: copy, to: [to], env });
  return copy;
}

describe('simulate with the project as convert wrote it', () => {
  const env = withHookBridge();
  // The guard denies a Write outside the directory it runs in, and says where it ran and what session it is in.
  const guard =
    'in=$(cat); f=$(printf %s "$in" | sed -n \'s/.*"file_path":"\\([^"]*\\)".*/\\1/p\'); ' +
    's=$(printf %s "$in" | sed -n \'s/.*"session_id":"\\([^"]*\\)".*/\\1/p\'); ' +
    'case "$f" in "$(pwd)"/*) echo "inside $(pwd) $s" >&2; exit 0;; esac; echo "outside: $f" >&2; exit 2\n';
  const project = () =>
    claudeProject({ PreToolUse: [{ matcher: 'Write', hooks: [sh('guard.sh')] }] }, { 'guard.sh': guard });

  it('reads the written files in the copy, runs the hooks there, with the paths moved into it', async () => {
    const dir = project();
    const qwen = await converted(dir, 'qwen', env);
    const gemini = await converted(dir, 'gemini', env);
    const r = await simulate({
      inputs: [dir],
      to: ['qwen', 'gemini'],
      call: { event: 'PreToolUse', tool: 'Write', input: { file_path: join(dir, 'src/a.ts'), content: 'x' } },
      converted: { qwen, gemini },
      modes: ['bridged'],
      env,
    });
    expect(r.results.map((x) => `${x.host} ${x.mode} ${x.decision}`)).toEqual([
      'claude as-is none',
      'qwen bridged none',
      'gemini bridged none',
    ]);
    const said = r.results.map((x) => x.hooks[0]?.stderr ?? '');
    expect(said[0]).toContain(`inside ${dir} `);
    expect(said[1]).toContain(`inside ${qwen} `);
    expect(said[2]).toContain(`inside ${gemini} `);
    // what ran is the entry convert wrote, read from the copy
    expect(r.results[1]!.hooks[0]!.command).toMatch(/^hook-bridge run /);
    expect(r.results[1]!.hooks[0]!.where).toContain('.qwen/settings.json (as written)');
    // each column is a session of its own
    const sessions = said.map((s) => s.trim().split(' ').pop());
    expect(new Set(sessions).size).toBe(3);
  });

  it('a path outside the project stays outside in the copy: the deny holds', async () => {
    const dir = project();
    const qwen = await converted(dir, 'qwen', env);
    const r = await simulate({
      inputs: [dir],
      to: ['qwen'],
      call: { event: 'PreToolUse', tool: 'Write', input: { file_path: '/etc/passwd', content: 'x' } },
      converted: { qwen },
      modes: ['bridged'],
      env,
    });
    expect(r.results.map((x) => `${x.host} ${x.mode} ${x.decision}`)).toEqual([
      'claude as-is deny',
      'qwen bridged deny',
    ]);
  });

  it('a host whose project was not converted is converted in memory; modes picks the columns', async () => {
    const dir = project();
    const r = await simulate({
      inputs: [dir],
      to: ['qwen'],
      call: { event: 'PreToolUse', tool: 'Write', input: { file_path: '/etc/passwd', content: 'x' } },
      modes: ['as-is'],
      env,
    });
    expect(r.results.map((x) => `${x.host} ${x.mode} ${x.decision}`)).toEqual(['claude as-is deny', 'qwen as-is deny']);
  });
});

it("a Codex CLI source's session is in its own permission mode when none is given", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hb-codex-source-'));
  mkdirSync(join(dir, '.codex'));
  writeFileSync(
    join(dir, '.codex/hooks.json'),
    JSON.stringify({
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo no >&2; exit 2' }] }] },
    }),
  );
  const r = await simulate({
    inputs: [dir],
    from: 'codex',
    to: ['claude'],
    call: { event: 'PreToolUse', tool: 'Bash', input: { command: 'ls' } },
    modes: ['as-is'],
  });
  expect(r.results[0]!.decision).toBe('deny');
});
