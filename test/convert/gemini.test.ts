// convert to and from Gemini CLI: what its hook runner does differently (test/fixtures/ground-truth/gemini/README.md)
// and what convert writes for it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/convert/convert.js';
import { dialects } from '../../src/dialects/index.js';
import { convertText, settings } from './helpers.js';

const guard = { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.hooks/guard.sh', timeout: 2 };

describe('claude -> gemini', () => {
  const { json, result } = convertText(
    settings({
      PreToolUse: [{ matcher: 'Bash|Grep|LS', hooks: [guard] }],
      SessionStart: [{ matcher: 'startup|resume', hooks: [{ type: 'command', command: 'cat ctx.md' }] }],
      PostToolUseFailure: [{ hooks: [{ type: 'command', command: 'x' }] }],
    }),
    'claude',
    'gemini',
  );
  it("events, Gemini's tool names (grep_search, list_directory — not migrate's grep/ls) and ms timeouts", () => {
    const h = json.hooks.BeforeTool[0];
    expect(h.matcher).toBe('^(run_shell_command|grep_search|list_directory)$');
    // the script's 2 s is the wrapper's --timeout; Gemini's own guard is 2 s + 5 s, in ms
    expect(h.hooks[0].timeout).toBe(7000);
    expect(h.hooks[0].command).toContain('--timeout 2 ');
  });
  it('$CLAUDE_PROJECT_DIR is written ${CLAUDE_PROJECT_DIR}: Gemini substitutes the $ form in the command text', () => {
    expect(json.hooks.BeforeTool[0].hooks[0].command).toContain('"${CLAUDE_PROJECT_DIR}"/.hooks/guard.sh');
    expect(json.hooks.BeforeTool[0].hooks[0].command).not.toMatch(/\$CLAUDE_PROJECT_DIR/);
  });
  it('a SessionStart |-list becomes one entry per value (Gemini compares the whole string)', () => {
    expect(json.hooks.SessionStart.map((g: { matcher: string }) => g.matcher)).toEqual(['startup', 'resume']);
  });
  it('PostToolUseFailure has no Gemini event: dropped, and said so', () => {
    expect(json.hooks.PostToolUseFailure).toBeUndefined();
    expect(result.report.find((r) => r.source.event === 'PostToolUseFailure')?.status).toBe('dropped');
  });
  it('read back and converted to Claude, the original hooks return (a second run changes nothing)', () => {
    const back = convertText(JSON.stringify(json), 'gemini', 'claude').json;
    expect(back.hooks.PreToolUse[0].hooks[0]).toEqual(guard);
    expect(back.hooks.PreToolUse[0].matcher).toBe('Bash|Grep|LS');
    const again = convertText(
      settings({ PreToolUse: [{ matcher: 'Bash|Grep|LS', hooks: [guard] }] }),
      'claude',
      'gemini',
      { existing: JSON.stringify(json, null, 2) },
    );
    expect(again.json.hooks.BeforeTool).toHaveLength(1);
  });
});

describe('the written command, run the way Gemini CLI runs it', () => {
  // hookRunner.js expandCommand: $CLAUDE_PROJECT_DIR (not ${…}) in the command text becomes the shell-quoted path,
  // then `bash -c <command>` with CLAUDE_PROJECT_DIR also in the environment, cwd = the project.
  const geminiExpand = (command: string, dir: string) =>
    command.replace(/\$CLAUDE_PROJECT_DIR/g, () => `'${dir.replace(/'/g, `'\\''`)}'`);
  const run = (command: string, dir: string) =>
    execFileSync('bash', ['-c', geminiExpand(command, dir)], {
      cwd: dir,
      env: { ...process.env, CLAUDE_PROJECT_DIR: dir },
      encoding: 'utf8',
    });
  const dir = mkdtempSync(join(tmpdir(), 'hb gemini proj '));
  mkdirSync(join(dir, '.hooks'));
  writeFileSync(join(dir, '.hooks/hi.sh'), 'echo HI', { mode: 0o755 });
  it('in a project path with spaces, the ${…} form converted to still runs; the $ form breaks inside quotes', () => {
    const { output } = convert(
      settings({ SessionStart: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.hooks/hi.sh' }] }] }),
      { from: 'claude', to: 'gemini', wrap: false },
    );
    const written = JSON.parse(output).hooks.SessionStart[0].hooks[0].command as string;
    expect(run(written, dir).trim()).toBe('HI');
    expect(() => run(`bash -c '"$CLAUDE_PROJECT_DIR"/.hooks/hi.sh'`, dir)).toThrow();
  });
});

describe('hooksConfig.enabled', () => {
  it('convert warns when the Gemini file it writes has hooks switched off', () => {
    const hooks = convertText(settings({ Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] }), 'claude', 'gemini')
      .result.hooks;
    const off = dialects.gemini.codec.write(
      hooks,
      '{ "hooksConfig": { "enabled": false } }\n',
      'settings.json',
      dialects.gemini,
    );
    expect(off.diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'hooksSwitchedOff',
        message: 'hooksConfig.enabled is false in this file: Gemini CLI runs none of its hooks until it is true',
        file: 'settings.json',
        path: 'hooksConfig.enabled',
      },
    ]);
    // nothing is written to switch hooks on: they are on by default
    expect(dialects.gemini.codec.write(hooks, undefined, 'settings.json', dialects.gemini).diagnostics).toEqual([]);
    expect(JSON.parse(off.text).hooksConfig).toEqual({ enabled: false });
  });
});
