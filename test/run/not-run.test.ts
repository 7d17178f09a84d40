// A hook whose program is not installed (issue 21: a Claude project whose hooks run `uv run …`, converted, `uv`
// missing): the hook's own outcome under the script agent's rules — on Claude Code a non-blocking error, so the call
// proceeds and stderr names the program — on every host and every event, through `run` and `dispatch`. Run as the
// host runs it: the command taken from the converted file, `/bin/sh -c` with the host's payload on stdin, and a PATH
// that has `hook-bridge` (a shim of the built CLI) and nothing else, so `uv` is not found on any machine.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertProject } from '../../src/convert/project.js';
import { dialects } from '../../src/dialects/index.js';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { mappings } from '../../src/model/mappings.js';
import { BIN, cleanEnv, runCli } from './cli.js';

const FIXTURE = resolve(import.meta.dirname, '../real-world/fixtures/claude-all-lifecycle');
const FIXTURES = resolve(import.meta.dirname, '../fixtures');
type Host = Exclude<DialectId, 'hooks-yaml'>;
const HOSTS = (Object.keys(mappings.dialects) as DialectId[]).filter((d): d is Host => d !== 'hooks-yaml');
/** On Claude Code itself, the scripts come from a Qwen Code project with the same `uv run` hooks. */
const QWEN_UV = {
  hooks: Object.fromEntries(
    [
      'PreToolUse',
      'PostToolUse',
      'UserPromptSubmit',
      'Stop',
      'SessionStart',
      'Notification',
      'PreCompact',
      'SubagentStop',
    ].map((e) => [e, [{ hooks: [{ type: 'command', command: `uv run .qwen/hooks/${e.toLowerCase()}.py` }] }]]),
  ),
};
/** The agent whose rules the scripts follow: Claude's, except on Claude Code (the Qwen project). */
const scriptAgent = (host: Host) => (host === 'claude' ? 'Qwen Code' : 'Claude Code');

/** Where each host's captured payloads are (the IDE's: CodeBuddy Code's captures, in the IDE's tool names). */
const PAYLOADS: Record<Host, string> = {
  claude: 'ground-truth/claude/payloads',
  qwen: 'ground-truth/qwen/payloads',
  codebuddy: 'ground-truth/codebuddy/payloads',
  'codebuddy-ide': 'ground-truth/codebuddy/payloads',
  gemini: 'observed/gemini/payloads',
  codex: 'ground-truth/codex/payloads',
  copilot: 'observed/copilot/payloads/own',
  // Pi's own event objects (tool_call …): the payloads its extension builds from them are Claude-shaped.
  pi: 'observed/pi/payloads',
  opencode: 'observed/opencode/payloads',
  // Not Cline's own payloads (what its event files get): the hook file's entries get the engine's, Claude-shaped
  // (as Pi's), built from them by src/dialects/cline.ts; no capture here has an event's name, so the default is used.
  cline: 'observed/cline',
  droid: 'observed/droid/payloads',
  // The shapes its bundle builds, not captures (test/fixtures/vendor/auggie/README.md).
  auggie: 'vendor/auggie/payloads',
  // The shapes its docs give, not captures (test/fixtures/vendor/cursor/README.md).
  cursor: 'vendor/cursor/payloads',
  // Kilo's plugin hooks' inputs (OpenCode's shapes): the payloads the engine builds from them are Claude-shaped.
  kilo: 'observed/kilo/payloads',
  // Its docs' examples (test/fixtures/vendor/kiro/README.md).
  kiro: 'vendor/kiro/payloads',
};
const IDE_TOOLS: Record<string, string> = { Bash: 'execute_command', Write: 'write_to_file', Read: 'read_file' };

/** A captured payload of the host for one of its events (the first prompt, not Qwen's empty-prompt re-fire), cwd = the
 * project.
 */
function hostPayload(host: Host, event: string, dir: string): Record<string, unknown> {
  const folder = join(FIXTURES, PAYLOADS[host]);
  const files = readdirSync(folder).filter(
    (f) => (f === `${event}.json` || f.startsWith(`${event}-`)) && !f.includes('empty-prompt') && !f.includes('0.12.0'),
  );
  const p = files.length
    ? (JSON.parse(readFileSync(join(folder, files.sort()[0]!), 'utf8')) as Record<string, unknown>)
    : { session_id: 's1', hook_event_name: event };
  if (host === 'codebuddy-ide' && typeof p.tool_name === 'string') p.tool_name = IDE_TOOLS[p.tool_name] ?? p.tool_name;
  return { ...p, cwd: dir };
}

/** A PATH with `hook-bridge` (the built CLI behind a shim, as an installed hook-bridge is) and bash (the shell Qwen
 * Code's scripts run in), nothing else.
 */
function shimPath(): string {
  const bin = mkdtempSync(join(tmpdir(), 'hb-shim-'));
  writeFileSync(join(bin, 'hook-bridge'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  chmodSync(join(bin, 'hook-bridge'), 0o755);
  writeFileSync(join(bin, 'bash'), '#!/bin/sh\nexec /bin/bash "$@"\n');
  chmodSync(join(bin, 'bash'), 0o755);
  return bin;
}

/** Every (event, command) the converted file registers. */
function entries(host: Host, file: string): { event: string; command: string }[] {
  const d = dialects[host];
  return d.codec
    .read(readFileSync(file, 'utf8'), file, d)
    .hooks.map((h) => ({ event: h.nativeEvent, command: h.written ?? h.command! }));
}

/** Convert the uv project for a host (per-hook wrappers, or --dispatch), then run each entry as the host does. */
async function convertAndRun(host: Host, o: { dispatch?: boolean; onMissing?: 'deny' } = {}) {
  const dir = mkdtempSync(join(tmpdir(), `hb-notrun-${host}-`));
  if (host === 'claude') {
    mkdirSync(join(dir, '.qwen'));
    writeFileSync(join(dir, '.qwen/settings.json'), JSON.stringify(QWEN_UV, null, 2));
  } else cpSync(FIXTURE, dir, { recursive: true });
  const r = await convertProject({
    to: [host],
    project: dir,
    backup: false,
    ...(o.dispatch ? { dispatch: true } : {}),
  });
  const file = r.targets[0]!.file;
  expect(existsSync(file)).toBe(true);
  const env = {
    ...cleanEnv(),
    PATH: shimPath(),
    ...Object.fromEntries((mappings.dialects[host].env?.projectDir ?? []).map((v) => [v, dir])),
  };
  return entries(host, file).map(({ event, command }) => {
    const cmd = o.onMissing ? command.replace(/ run --from /, ` run --on-missing ${o.onMissing} --from `) : command;
    const p = spawnSync('/bin/sh', ['-c', cmd], {
      cwd: dir,
      env,
      input: `${JSON.stringify(hostPayload(host, event, dir))}\n`,
      encoding: 'utf8',
    });
    return { event, command: cmd, code: p.status, stdout: p.stdout, stderr: p.stderr };
  });
}

describe('a program that is not installed (uv run …, uv missing): the call proceeds, stderr names it', () => {
  for (const host of HOSTS) {
    it(`${host}: every converted entry answers "proceed" (exit 0, no decision) and says uv was not found`, async () => {
      const runs = await convertAndRun(host);
      // OpenCode's plugin binds five events (src/dialects/opencode.ts, Kilo's too), Kiro CLI has five triggers, Cline's
      // event files carry seven (cline.yaml config.eventFiles): the others are dropped by convert.
      expect(runs.length).toBeGreaterThanOrEqual(
        ['opencode', 'kilo', 'kiro'].includes(host) ? 5 : host === 'cline' ? 7 : 8,
      );
      for (const r of runs) {
        expect({ event: r.event, code: r.code, stdout: r.stdout }, r.stderr).toEqual({
          event: r.event,
          code: 0,
          stdout: expect.stringMatching(/^(\{\}\n)?$/),
        });
        expect(r.stderr, `${r.event}: ${r.command}`).toMatch(
          new RegExp(
            `hook-bridge: the hook could not run: uv: (command )?not found \\(exit 127\\); on ` +
              `${scriptAgent(host)} that is a non-blocking error: nothing is blocked \\(--on-missing deny blocks ` +
              `instead\\)`,
          ),
        );
        expect(r.stderr).not.toMatch(/could not be started|\n\s+at /);
      }
    });
  }
  for (const host of ['qwen', 'codex', 'gemini'] as const) {
    it(`${host} through dispatch: the same, once per event`, async () => {
      const runs = await convertAndRun(host, { dispatch: true });
      expect(runs.length).toBeGreaterThanOrEqual(8);
      for (const r of runs) {
        expect({ event: r.event, code: r.code, stdout: r.stdout }, r.stderr).toEqual({
          event: r.event,
          code: 0,
          stdout: expect.stringMatching(/^(\{\}\n)?$/),
        });
        expect(r.stderr, r.event).toMatch(
          /hook-bridge: the hook could not run: uv: (command )?not found \(exit 127\); on Claude Code that is a non-blocking error/,
        );
      }
    });
  }
  it(
    '--on-missing deny: the tool call and the prompt are blocked with ' +
      'the reason; the events that cannot block are not',
    async () => {
      const runs = await convertAndRun('qwen', { onMissing: 'deny' });
      const by = (e: string) => runs.find((r) => r.event === e)!;
      const reason =
        /hook-bridge: the hook could not run: uv: (command )?not found \(exit 127\); blocked \(--on-missing deny\)/;
      expect(JSON.parse(by('PreToolUse').stdout).hookSpecificOutput).toMatchObject({
        permissionDecision: 'deny',
        permissionDecisionReason: expect.stringMatching(reason),
      });
      expect(JSON.parse(by('UserPromptSubmit').stdout)).toMatchObject({
        decision: 'block',
        reason: expect.stringMatching(reason),
      });
      for (const e of ['PostToolUse', 'Stop', 'SessionStart', 'Notification'])
        expect(by(e), e).toMatchObject({ code: 0, stdout: expect.stringMatching(/^(\{\}\n)?$/) });
    },
  );
});

describe('run: a command that cannot run, unit by unit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hb-notrun-'));
  const env = cleanEnv({ QWEN_PROJECT_DIR: dir });
  const pre = JSON.stringify({
    ...hostPayload('qwen', 'PreToolUse', dir),
    tool_name: 'read_file',
    tool_input: { absolute_path: join(dir, 'a.txt') },
  });
  it(
    'a script that itself exits 127 is not said to be "not found": ' +
      'its exit is non-blocking, the note gives the code',
    async () => {
      const r = await runCli(['--from', 'claude', '--to', 'qwen', '-c', 'echo "lint failed" >&2; exit 127'], pre, env);
      expect(r).toMatchObject({ code: 0, stdout: '{}\n' });
      expect(r.stderr).toBe(
        "lint failed\nhook-bridge: the hook exited 127, the shell's code for a program it cannot find; on Claude " +
          'Code that is a non-blocking error: nothing is blocked (--on-missing deny blocks instead)\n',
      );
    },
  );
  it('a script that is not executable (126): the call proceeds, stderr says so', async () => {
    writeFileSync(join(dir, 'guard.sh'), '#!/bin/sh\nexit 2\n');
    chmodSync(join(dir, 'guard.sh'), 0o644);
    const r = await runCli(['--from', 'claude', '--to', 'qwen', '-c', './guard.sh'], pre, env);
    expect(r).toMatchObject({ code: 0, stdout: '{}\n' });
    expect(r.stderr).toMatch(
      /hook-bridge: the hook could not run: \.\/guard\.sh: Permission denied \(exit 126\); on Claude Code that is a non-blocking error/,
    );
  });
  it('an exec-form program that does not exist (-- form): the call proceeds', async () => {
    const r = await runCli(['--from', 'claude', '--to', 'qwen', '--', 'hb-no-such-command', 'x'], pre, env);
    expect(r).toMatchObject({ code: 0, stdout: '{}\n' });
    expect(r.stderr).toBe(
      `hook-bridge: the hook could not run: cannot start hb-no-such-command in ${dir}: ENOENT (exit 127); on ` +
        `Claude Code that is a non-blocking error: nothing is blocked (--on-missing deny blocks instead)\n`,
    );
  });
  it(
    'a Gemini CLI script: exit 127 blocks there (every exit from 2 up does), ' +
      'so it blocks here too; --on-missing allow lets it proceed',
    async () => {
      const gem = JSON.stringify(hostPayload('qwen', 'PreToolUse', dir));
      const r = await runCli(['--from', 'gemini', '--to', 'qwen', '-c', 'hb-no-such-command'], gem, env);
      expect(JSON.parse(r.stdout).hookSpecificOutput).toMatchObject({
        permissionDecision: 'deny',
        permissionDecisionReason: expect.stringMatching(/hb-no-such-command: (command )?not found/),
      });
      expect(r.stderr).toMatch(
        /hook-bridge: the hook could not run: hb-no-such-command: (command )?not found \(exit 127\); Gemini CLI blocks on that exit code, so this does too \(--on-missing allow lets it proceed\)/,
      );
      const allow = await runCli(
        ['--from', 'gemini', '--to', 'qwen', '--on-missing', 'allow', '-c', 'hb-no-such-command'],
        gem,
        env,
      );
      expect(allow).toMatchObject({ code: 0, stdout: '{}\n' });
      expect(allow.stderr).toMatch(/; on Gemini CLI that is a non-blocking error: nothing is blocked\n$/);
    },
  );
  it(
    "the shell itself cannot start (a project directory that is gone): hook-bridge's own failure, failing closed " +
      '(--on-error)',
    async () => {
      const gone = join(dir, 'gone');
      const r = await runCli(
        ['--from', 'claude', '--to', 'qwen', '-c', 'true'],
        JSON.stringify({ ...JSON.parse(pre), cwd: gone }),
        cleanEnv({ QWEN_PROJECT_DIR: gone }),
      );
      expect(JSON.parse(r.stdout).hookSpecificOutput).toMatchObject({
        permissionDecision: 'deny',
        permissionDecisionReason: `hook-bridge: cannot start /bin/sh in ${gone}: ENOENT`,
      });
    },
  );
  it('--on-missing takes deny|allow', async () => {
    const r = await runCli(['--from', 'claude', '--to', 'qwen', '--on-missing', 'maybe', '-c', 'true'], pre, env);
    expect(r.stderr).toMatch(/^hook-bridge run: --on-missing takes allow\|deny, got "maybe"/);
  });
});
