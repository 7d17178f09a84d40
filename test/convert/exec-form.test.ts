// Exec-form handlers (`"command": "node", "args": [...]`, Claude Code 2.1.330's command schema: spawned
// without a shell, ${CLAUDE_PLUGIN_ROOT}-style placeholders substituted per element): carried, wrapped and
// unwrapped byte for byte, and run with exactly those arguments.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, execAsShell } from '../../src/convert/convert.js';
import { parseWrapper, wrapCommand } from '../../src/dialects/wrapper.js';
import { BIN, cleanEnv } from '../run/cli.js';

const settings = (handler: object) =>
  JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', ...handler }] }] } });
const runner = `node ${BIN}`;
const handlerOf = (text: string, event = 'PreToolUse') =>
  JSON.parse(text).hooks[event][0].hooks[0] as Record<string, unknown>;

// A script that records the argv it was given and denies.
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hb-exec-'));
  writeFileSync(
    join(dir, 'argv.js'),
    `require('fs').writeFileSync(process.env.OUT, ` +
      `JSON.stringify(process.argv.slice(1))); process.stderr.write('denied by exec hook'); process.exit(2);`,
  );
  return dir;
}

describe('exec form through convert and back', () => {
  const handler = {
    command: 'node',
    args: ['${CLAUDE_PROJECT_DIR}/argv.js', "it's", 'a b', '$HOME', '`x`', ''],
    timeout: 20,
  };

  it('claude -> qwen wraps it as run -- <argv>, and converting back restores command and args exactly', () => {
    const q = convert(settings(handler), { from: 'claude', to: 'qwen', runner });
    const h = handlerOf(q.output);
    expect(h.args).toBeUndefined();
    expect(h.command).toContain(` run --from claude --to qwen --timeout 20 -- 'node' '\${CLAUDE_PROJECT_DIR}/argv.js'`);
    const back = convert(q.output, { from: 'qwen', to: 'claude' });
    expect(handlerOf(back.output)).toEqual({ type: 'command', ...handler });
    expect(back.report[0]!.status).not.toBe('degraded');
  });

  it(
    'the wrapped command, run the way Qwen runs it (bash -c, cwd = ' +
      'project), gives the script exactly those arguments',
    () => {
      const dir = project();
      const out = join(dir, 'argv.json');
      const h = handlerOf(convert(settings(handler), { from: 'claude', to: 'qwen', runner }).output);
      const payload = JSON.stringify({
        hook_event_name: 'PreToolUse',
        tool_name: 'run_shell_command',
        tool_input: { command: 'ls' },
        cwd: dir,
        session_id: 's',
      });
      const stdout = execFileSync('bash', ['-c', h.command as string], {
        cwd: dir,
        input: payload,
        env: cleanEnv({ OUT: out, QWEN_PROJECT_DIR: dir, HOME: '/home/someone' }),
      }).toString();
      expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([`${dir}/argv.js`, "it's", 'a b', '$HOME', '`x`', '']);
      expect(JSON.parse(stdout).hookSpecificOutput).toMatchObject({
        permissionDecision: 'deny',
        permissionDecisionReason: 'denied by exec hook',
      });
    },
  );

  it('--no-wrap to an agent not known to run `args` writes the one shell command it amounts to', () => {
    const dir = project();
    const out = join(dir, 'argv.json');
    const r = convert(settings(handler), { from: 'claude', to: 'codebuddy', wrap: false });
    const h = handlerOf(r.output);
    expect(h.args).toBeUndefined();
    expect(r.report[0]!.notes.join()).toMatch(/exec form \(command \+ args\) written as one shell command/);
    try {
      execFileSync('sh', ['-c', h.command as string], {
        cwd: dir,
        input: '{}',
        env: cleanEnv({ OUT: out, CLAUDE_PROJECT_DIR: dir }),
      });
    } catch {
      /* exit 2: the deny */
    }
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([`${dir}/argv.js`, "it's", 'a b', '$HOME', '`x`', '']);
  });

  it('hooks.yaml carries command + args as they are (dispatch runs them without a shell)', () => {
    const y = convert(settings(handler), { from: 'claude', to: 'hooks-yaml' });
    expect(y.output).toContain('args:');
    const back = convert(y.output, { from: 'hooks-yaml', to: 'claude' });
    expect(handlerOf(back.output)).toEqual({ type: 'command', ...handler });
  });
});

describe('wrapper exec form: any argv round-trips (property)', () => {
  it('parseWrapper(wrapCommand(argv)) gives argv back, byte for byte', () => {
    const word = fc.string({ unit: 'grapheme', maxLength: 12 });
    fc.assert(
      fc.property(
        word.filter((s) => s.length > 0),
        fc.array(word, { maxLength: 5 }),
        (command, args) => {
          const w = parseWrapper(wrapCommand({ runner: 'hook-bridge', from: 'claude', to: 'qwen', command, args }));
          expect(w).toMatchObject({ command, args });
        },
      ),
    );
  });
  it('execAsShell quotes every word so sh hands the program exactly those words', () => {
    // sh's own printf prints each word it was given followed by a record separator (\036): no process per run.
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'binary-ascii', maxLength: 10 }).filter((s) => !/[\0\x1e]/.test(s)),
          { maxLength: 4 },
        ),
        (args) => {
          const out = execFileSync('sh', ['-c', execAsShell('printf', ['%s\\036', ...args], 'claude')]).toString();
          expect(args.length ? out.split('\x1e').slice(0, -1) : []).toEqual(args);
        },
      ),
      { numRuns: 60 },
    );
  });
});
