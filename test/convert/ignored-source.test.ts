// A source its own agent ignores as a whole (issue 35): a trailing comma or a comment Claude Code rejects in
// .claude/settings.json makes it run none of the file's hooks, so converting them would run on another agent what
// the source's agent never runs (a guard's `exit 2` denying every shell call Claude Code allows). convert, --check,
// --dry-run and --stdout refuse it: one line with the file, line:column, what the agent rejects and the fix; a
// non-zero exit; nothing written. --remove still takes out what convert wrote.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert, convertProject, HookBridgeError } from '../../src/index.js';
import { project } from './helpers.js';
import { cli } from './host.js';

const example = resolve(import.meta.dirname, '../../examples/claude-project');
const SETTINGS = '.claude/settings.json';

/** The example Claude project, copied, with a trailing comma after the first hook's timeout (line 8). */
function brokenExample(): { dir: string; text: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hb-ignored-'));
  cpSync(example, dir, { recursive: true });
  const text = readFileSync(join(dir, SETTINGS), 'utf8').replace('"timeout": 10 }', '"timeout": 10, }');
  writeFileSync(join(dir, SETTINGS), text);
  return { dir, text };
}

/** Every file under a directory, relative, with its text: to show that nothing was written. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) {
      const p = join(e.parentPath, e.name);
      out[p.slice(dir.length + 1)] = readFileSync(p, 'utf8');
    }
  return out;
}

const TRAILING =
  /^hook-bridge: \.claude\/settings\.json: 8:\d+: Claude Code ignores this whole file because it contains a trailing comma: none of its hooks run; remove the trailing comma and convert again; nothing was written\n$/;

describe('a source its own agent ignores is an error, and nothing is written', () => {
  it.each([[[]], [['--check']], [['--dry-run']], [['--stdout']], [['--format', 'json']]])(
    'convert --to qwen %j: exit 2, the one-line error, no target file, no record',
    (flags) => {
      const { dir } = brokenExample();
      const before = tree(dir);
      const r = cli(['convert', '.', '--to', 'qwen', ...flags], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(TRAILING);
      expect(r.stdout).toBe('');
      expect(existsSync(join(dir, '.qwen'))).toBe(false);
      expect(tree(dir)).toEqual(before);
    },
  );

  it('a comment Claude Code rejects is refused the same way; one its agent accepts (Qwen Code) converts', () => {
    const hooks = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'exit 2' }] }] };
    const commented = `{\n  // mine\n${JSON.stringify({ hooks }, null, 2).slice(2)}`;
    const dir = project({ [SETTINGS]: commented });
    const r = cli(['convert', '.', '--to', 'qwen'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '.claude/settings.json: 2:3: Claude Code ignores this whole file because it contains a comment: none of its ' +
        'hooks run; remove the comment and convert again; nothing was written',
    );
    expect(existsSync(join(dir, '.qwen'))).toBe(false);
    // Qwen Code reads comments (docs/observations.md): its file converts.
    const qwenHooks = {
      PreToolUse: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'exit 2' }] }],
    };
    const qwen = project({ '.qwen/settings.json': `{\n  // mine\n${JSON.stringify({ hooks: qwenHooks }).slice(1)}` });
    expect(cli(['convert', '.', '--to', 'claude'], { cwd: qwen }).code).toBe(0);
    expect(existsSync(join(qwen, SETTINGS))).toBe(true);
  });

  it('one broken source of several: the whole run writes nothing, and names the file to fix', () => {
    const hooks = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo ok' }] }] };
    const dir = project({
      [SETTINGS]: JSON.stringify({ hooks }, null, 2),
      '.claude/settings.local.json': '{\n  "hooks": {},\n}\n',
    });
    const before = tree(dir);
    const r = cli(['convert', '.', '--to', 'qwen,gemini'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^hook-bridge: \.claude\/settings\.local\.json: 2:14: Claude Code ignores this whole file because it contains a trailing comma: .*remove the trailing comma and convert again; nothing was written\n$/,
    );
    expect(tree(dir)).toEqual(before);
  });

  it('a project converted before the source broke: convert and --check change nothing; --remove works', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-ignored-'));
    cpSync(example, dir, { recursive: true });
    const pristine = tree(dir);
    expect(cli(['convert', '.', '--to', 'qwen'], { cwd: dir }).code).toBe(0);
    const text = readFileSync(join(dir, SETTINGS), 'utf8');
    writeFileSync(join(dir, SETTINGS), text.replace('"timeout": 10 }', '"timeout": 10, }'));
    const converted = tree(dir);
    for (const flags of [[], ['--check'], ['--dry-run']]) {
      const r = cli(['convert', '.', '--to', 'qwen', ...flags], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(TRAILING);
      expect(tree(dir)).toEqual(converted);
    }
    // --remove reads no source: it takes out what convert wrote, and gives the project back.
    const removed = cli(['convert', '.', '--to', 'qwen', '--remove'], { cwd: dir });
    expect(removed.code).toBe(0);
    writeFileSync(join(dir, SETTINGS), text);
    expect(tree(dir)).toEqual(pristine);
  });

  it('the library: convert() and convertProject() throw a HookBridgeError; convertProject writes nothing', async () => {
    const { dir, text } = brokenExample();
    let thrown: unknown;
    try {
      convert(text, { from: 'claude', to: 'qwen', file: SETTINGS });
    } catch (e) {
      thrown = e;
    }
    expect(HookBridgeError.is(thrown)).toBe(true);
    expect((thrown as Error).message).toMatch(
      /^\.claude\/settings\.json: 8:\d+: Claude Code ignores this whole file because it contains a trailing comma/,
    );
    await expect(convertProject({ inputs: [dir], to: ['qwen'] })).rejects.toThrow(/remove the trailing comma/);
    await expect(convertProject({ inputs: [dir], to: ['qwen'], dryRun: true })).rejects.toThrow(/trailing comma/);
    expect(existsSync(join(dir, '.qwen'))).toBe(false);
  });

  it('`test` agrees: the hooks run on no host through hook-bridge, since convert refuses the file', () => {
    const { dir } = brokenExample();
    const r = cli(['test', '.', '--event', 'PreToolUse', '--tool', 'Bash', '--input', '{"command":"ls"}'], {
      cwd: dir,
    });
    expect(r.code).toBe(0);
    const bridged = r.stdout.split('\n\n').filter((b) => /^Qwen Code, through hook-bridge/.test(b));
    expect(bridged).toHaveLength(1);
    expect(bridged[0]).toMatch(/not run .*trailing comma.*convert refuses the file until then/);
    expect(bridged[0]).not.toMatch(/exit 0/);
  });
});
