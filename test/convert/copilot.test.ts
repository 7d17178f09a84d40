// convert --to copilot on a Claude project: the hooks go into Copilot's own file as wrappers, and their entries in the
// Claude files Copilot reads itself are gated (docs/decided-behaviours.md, "hosts that read Claude's files"), so on
// Copilot each runs once, through hook-bridge, and on Claude Code exactly as before. The sync, --dry-run and --remove
// behaviours, --from copilot, and the gate itself under each agent.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertProject } from '../../src/convert/project.js';
import { dialects } from '../../src/dialects/index.js';
import { gate, gatePrefix, ungate } from '../../src/dialects/foreign-gate.js';
import { RUNNER_GUARD } from '../../src/dialects/runner-guard.js';
import { project, settings } from './helpers.js';
import { cli, shimDir } from './host.js';

const guard = '"$CLAUDE_PROJECT_DIR"/.claude/hooks/block-rm.sh';
const env = 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/protect-env.py"';
const claudeText = `{
  // a comment Claude Code accepts in its settings? no: strict JSON, as people write it
  "permissions": { "allow": ["Bash(npm test)"] },
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [ { "type": "command", "command": ${JSON.stringify(guard)}, "timeout": 10 } ] },
      { "matcher": "Write|Edit", "hooks": [ { "type": "command", "command": ${JSON.stringify(env)} } ] }
    ],
    "PostToolBatch": [ { "hooks": [ { "type": "command", "command": "echo batch" } ] } ]
  }
}
`.replace(/^ {2}\/\/.*\n/m, '');
const local = { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo "branch: main"' }] }] } };
const setup = () => project({ '.claude/settings.json': claudeText, '.claude/settings.local.json': local });
const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');
const run = (dir: string, extra: object = {}) =>
  convertProject({ project: dir, from: 'claude', to: ['copilot'], backup: false, runner: 'hook-bridge', ...extra });
const claudeHooks = (dir: string, f = '.claude/settings.json') =>
  dialects.claude.codec.read(read(dir, f), f, dialects.claude).hooks;

describe('convert --to copilot: its own file, and the Claude files gated', () => {
  it(
    'writes .github/hooks/hook-bridge.json; gates exactly the hooks ' +
      'written there, in both Claude files; other bytes stay',
    async () => {
      const dir = setup();
      const r = await run(dir);
      const own = JSON.parse(read(dir, '.github/hooks/hook-bridge.json'));
      expect(Object.keys(own.hooks)).toEqual(['preToolUse', 'userPromptSubmitted']);
      // Both PreToolUse hooks in one grouped entry (one hook-bridge start per call), each with its own matcher inside.
      expect(own.hooks.preToolUse.map((a: { matcher: string }) => a.matcher)).toEqual(['bash|create|edit']);
      expect(own.hooks.preToolUse[0].bash).toMatch(
        /^hook-bridge dispatch --to copilot --event preToolUse run --from claude --matcher 'bash' .* run --from claude --matcher 'create\|edit' /,
      );
      const prefix = gatePrefix('copilot', 'claude')!;
      expect(read(dir, '.claude/settings.json')).toBe(
        claudeText
          .replace(JSON.stringify(guard), JSON.stringify(prefix + guard))
          .replace(JSON.stringify(env), JSON.stringify(prefix + env)),
      );
      // PostToolBatch: no Copilot event, not converted, so not gated (Copilot does not fire it either)
      expect(claudeHooks(dir).map((h) => [h.nativeEvent, h.command, h.gatedFor])).toEqual([
        ['PreToolUse', guard, 'copilot'],
        ['PreToolUse', env, 'copilot'],
        ['PostToolBatch', 'echo batch', undefined],
      ]);
      expect(claudeHooks(dir, '.claude/settings.local.json')[0]).toMatchObject({
        command: 'echo "branch: main"',
        gatedFor: 'copilot',
      });
      expect(r.gates.map((g) => [g.file.slice(dir.length + 1), g.gated, g.written])).toEqual([
        ['.claude/settings.json', 2, true],
        ['.claude/settings.local.json', 1, true],
      ]);
      // said once, per file (the gates), not on each hook's row
      expect(r.gates.map((g) => g.paths)).toEqual([
        ['hooks.PreToolUse[0].hooks[0]', 'hooks.PreToolUse[1].hooks[0]'],
        ['hooks.UserPromptSubmit[0].hooks[0]'],
      ]);
      expect(r.targets[0]!.result.report.flatMap((row) => row.notes).filter((n) => /gated/.test(n))).toEqual([]);
    },
  );
  it(
    'a second run changes nothing; --remove gives back both Claude ' +
      'files byte for byte and deletes the file it created',
    async () => {
      const dir = setup();
      const localBefore = read(dir, '.claude/settings.local.json');
      await run(dir);
      const [a, b, c] = ['.claude/settings.json', '.claude/settings.local.json', '.github/hooks/hook-bridge.json'].map(
        (f) => read(dir, f),
      );
      const again = await run(dir);
      expect(again.gates.every((g) => !g.changed) && again.targets.every((t) => !t.changed)).toBe(true);
      expect(
        ['.claude/settings.json', '.claude/settings.local.json', '.github/hooks/hook-bridge.json'].map((f) =>
          read(dir, f),
        ),
      ).toEqual([a, b, c]);
      const removed = await convertProject({ project: dir, to: ['copilot'], remove: true, backup: false });
      expect(removed.gates.map((g) => g.ungated)).toEqual([2, 1]);
      expect(read(dir, '.claude/settings.json')).toBe(claudeText);
      expect(read(dir, '.claude/settings.local.json')).toBe(localBefore);
      // The file (and the .github/hooks it made) was convert's: gone with its record.
      expect(existsSync(join(dir, '.github'))).toBe(false);
    },
  );
  it(
    'sync: a hook edited in the Claude file updates its wrapper (the gate stays); ' +
      'a hook removed there takes its wrapper away; a new one is gated',
    async () => {
      const dir = setup();
      await run(dir);
      const text = read(dir, '.claude/settings.json')
        .replace('block-rm.sh', 'block-rm-v2.sh')
        .replace(/,\s*\{ "matcher": "Write\|Edit"[^\n]*\n/, '\n');
      writeFileSync(
        join(dir, '.claude/settings.json'),
        text.replace(
          '"PostToolBatch"',
          '"Stop": [ { "hooks": [ { "type": "command", "command": "./stop.sh" } ] } ],\n    "PostToolBatch"',
        ),
      );
      const r = await run(dir);
      const own = JSON.parse(read(dir, '.github/hooks/hook-bridge.json'));
      expect(own.hooks.preToolUse.map((a: { bash: string }) => a.bash)).toEqual([
        `hook-bridge run --from claude --to copilot --event preToolUse --timeout 10 -c '` +
          guard.replace('block-rm.sh', 'block-rm-v2.sh') +
          `'${RUNNER_GUARD}`,
      ]);
      expect(own.hooks.agentStop).toHaveLength(1);
      expect(claudeHooks(dir).map((h) => [h.nativeEvent, h.gatedFor])).toEqual([
        ['PreToolUse', 'copilot'],
        ['Stop', 'copilot'],
        ['PostToolBatch', undefined],
      ]);
      // The grouped PreToolUse entry goes (one hook is left: a plain wrapper is added for it), agentStop's is added.
      const c = r.targets[0]!.changes;
      expect([c.added.length, c.updated.length, c.removed.length]).toEqual([2, 0, 1]);
    },
  );
  it(
    "with backups: --remove deletes the Claude files' .bak convert made (they hold the file as given back); a .bak " +
      'with other content stays',
    async () => {
      const dir = setup();
      await run(dir, { backup: true });
      expect(existsSync(join(dir, '.claude/settings.json.bak'))).toBe(true);
      // The local file is edited by hand after the conversion: its .bak is older than what --remove gives back.
      writeFileSync(
        join(dir, '.claude/settings.local.json'),
        read(dir, '.claude/settings.local.json').replace('branch: main', 'branch: dev'),
      );
      await convertProject({ project: dir, to: ['copilot'], remove: true });
      expect(existsSync(join(dir, '.claude/settings.json.bak'))).toBe(false);
      expect(read(dir, '.claude/settings.json')).toBe(claudeText);
      expect(read(dir, '.claude/settings.local.json.bak')).toContain('branch: main');
      expect(read(dir, '.claude/settings.local.json')).toContain('"echo \\"branch: dev\\""');
    },
  );
  it(
    'a Copilot file of the user\'s without "hooks": convert adds ' +
      'the key, --remove takes it out again byte for byte',
    async () => {
      const mine = '{\n  "version": 1,\n  "note": "kept"\n}\n';
      const dir = project({ '.claude/settings.json': claudeText, '.github/hooks/hook-bridge.json': mine });
      await run(dir);
      expect(JSON.parse(read(dir, '.github/hooks/hook-bridge.json')).hooks.preToolUse).toHaveLength(1);
      await convertProject({ project: dir, to: ['copilot'], remove: true, backup: false });
      expect(read(dir, '.github/hooks/hook-bridge.json')).toBe(mine);
      expect(read(dir, '.claude/settings.json')).toBe(claudeText);
    },
  );
  it(
    '--check: a Claude file whose gates were taken out (each hook would run ' +
      'twice on Copilot) is out of date, exit 1; convert fixes it',
    async () => {
      const dir = setup();
      await run(dir);
      expect(cli(['convert', '--to', 'copilot', '--check'], { cwd: dir }).code).toBe(0);
      const prefix = JSON.stringify(gatePrefix('copilot', 'claude')!).slice(1, -1);
      writeFileSync(join(dir, '.claude/settings.json'), read(dir, '.claude/settings.json').split(prefix).join(''));
      const r = cli(['convert', '--to', 'copilot', '--check'], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        'out of date  .claude/settings.json: 2 hooks to gate, 0 to ungate ' +
          'for GitHub Copilot CLI, which reads this file itself',
      );
      expect(r.stderr).toContain('up to date   .github/hooks/hook-bridge.json');
      await run(dir);
      expect(cli(['convert', '--to', 'copilot', '--check'], { cwd: dir }).code).toBe(0);
    },
  );
  it(
    'entries a person wrote in .github/hooks/hook-bridge.json stay; ' + "Copilot's other hook files are never touched",
    async () => {
      const dir = project({
        '.claude/settings.json': claudeText,
        '.github/hooks/hook-bridge.json': {
          version: 1,
          hooks: { sessionStart: [{ type: 'command', bash: 'echo mine' }] },
        },
        '.github/hooks/team.json': { version: 1, hooks: { preToolUse: [{ type: 'command', bash: './team.sh' }] } },
      });
      const team = read(dir, '.github/hooks/team.json');
      await run(dir);
      expect(JSON.parse(read(dir, '.github/hooks/hook-bridge.json')).hooks.sessionStart).toEqual([
        { type: 'command', bash: 'echo mine' },
      ]);
      expect(read(dir, '.github/hooks/team.json')).toBe(team);
    },
  );
  it('--dry-run shows both changes and writes nothing; --stdout and --out gate nothing', async () => {
    const dir = setup();
    const dry = await run(dir, { dryRun: true });
    expect(dry.gates.map((g) => g.diff)).toEqual([
      expect.stringContaining('+++ b/.claude/settings.json'),
      expect.stringContaining('+++ b/.claude/settings.local.json'),
    ]);
    expect(read(dir, '.claude/settings.json')).toBe(claudeText);
    expect(existsSync(join(dir, '.github/hooks/hook-bridge.json'))).toBe(false);
    expect((await run(dir, { stdout: true })).gates).toEqual([]);
    expect((await run(dir, { out: join(dir, 'elsewhere.json') })).gates).toEqual([]);
    expect(read(dir, '.claude/settings.json')).toBe(claudeText);
  });
  it(
    "--dispatch: one registration per event, telling dispatch the event (Copilot's payloads name none); the Claude " +
      'entries gated',
    async () => {
      const dir = setup();
      const r = await run(dir, { dispatch: true });
      const own = JSON.parse(read(dir, '.github/hooks/hook-bridge.json'));
      expect(own.hooks.preToolUse).toEqual([
        {
          type: 'command',
          bash:
            `hook-bridge dispatch --to copilot --event preToolUse --config '.claude/settings.local.json' --config ` +
            `'.claude/settings.json'${RUNNER_GUARD}`,
          matcher: 'bash|create|edit',
          timeoutSec: 605,
        },
      ]);
      expect(own.hooks.userPromptSubmitted[0].bash).toContain('--event userPromptSubmitted');
      expect(r.gates.map((g) => g.gated)).toEqual([2, 1]);
    },
  );
  it('an exec-form hook cannot be gated (no shell): said, and left to run there natively', async () => {
    const dir = project({
      '.claude/settings.json': {
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'node', args: ['guard.js'] }] }] },
      },
    });
    const r = await run(dir);
    expect(r.diagnostics.filter((d) => d.code === 'gateImpossible').map((d) => d.path)).toEqual([
      'hooks.PreToolUse[0].hooks[0]',
    ]);
    expect(claudeHooks(dir)[0]!.gatedFor).toBeUndefined();
  });
  it(
    'reading a gated file as a source gives the original hooks: ' + 'converting it to another agent wraps the original',
    async () => {
      const dir = setup();
      await run(dir);
      const q = await convertProject({
        project: dir,
        from: 'claude',
        to: ['qwen'],
        backup: false,
        stdout: true,
        runner: 'hook-bridge',
      });
      expect(JSON.parse(q.targets[0]!.after).hooks.PreToolUse[0].hooks[0].command).toBe(
        `hook-bridge run --from claude --to qwen --timeout 10 -c '${guard}'`,
      );
      expect(q.targets[0]!.after).not.toContain('COPILOT_CLI');
    },
  );
  it('--from copilot: its own files (not the wrappers hook-bridge wrote) convert to Claude', async () => {
    const dir = project({
      '.github/hooks/team.json': {
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: './team.sh', matcher: 'bash|create', timeoutSec: 20 }] },
      },
    });
    const r = await convertProject({
      project: dir,
      from: 'copilot',
      to: ['claude'],
      backup: false,
      stdout: true,
      runner: 'hook-bridge',
    });
    expect(JSON.parse(r.targets[0]!.after).hooks.PreToolUse).toEqual([
      {
        matcher: 'Bash|Write',
        hooks: [
          {
            type: 'command',
            command: "hook-bridge run --from copilot --to claude --timeout 20 -c './team.sh'",
            timeout: 25,
          },
        ],
      },
    ]);
  });
});

describe('convert --to claude in a Copilot project (rysweet/azlin): each hook runs once on Copilot', () => {
  // Copilot reads .claude/settings.json itself: the entries convert writes there for Copilot's own hooks are gated, so
  // Copilot runs each from its own file only, and Claude Code runs them through hook-bridge.
  const team = {
    version: 1,
    hooks: {
      sessionStart: [{ type: 'command', bash: './.github/hooks/session-start', timeoutSec: 30 }],
      preToolUse: [{ type: 'command', bash: './.github/hooks/pre-tool-use', timeoutSec: 15 }],
    },
  };
  // A Copilot-shaped guard (flat answer, toolArgs), logging each run.
  const preToolUse =
    `#!/bin/sh\nIN=$(cat); echo "ran $COPILOT_CLI" >> "$(dirname "$0")/runs.log"\n` +
    `case "$IN" in *'rm -rf'*) printf '{"permissionDecision":"deny","permissionDecisionReason":"NO-RM"}';; esac\n`;
  const setupCopilot = (extra: Record<string, string> = {}) => {
    const dir = project({
      ...extra,
      '.github/hooks/amplihack-hooks.json': team,
      '.github/hooks/session-start': '#!/bin/sh\ncat >/dev/null\n',
      '.github/hooks/pre-tool-use': preToolUse,
    });
    spawnSync('chmod', ['+x', join(dir, '.github/hooks/session-start'), join(dir, '.github/hooks/pre-tool-use')]);
    return dir;
  };
  const toClaude = (dir: string, extra: object = {}) =>
    convertProject({ project: dir, from: 'copilot', to: ['claude'], backup: false, runner: 'hook-bridge', ...extra });
  const preCommand = (dir: string) =>
    JSON.parse(read(dir, '.claude/settings.json')).hooks.PreToolUse[0].hooks[0].command as string;
  const claudePayload = (dir: string) =>
    JSON.stringify({
      session_id: 's',
      transcript_path: '',
      cwd: dir,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build', description: 'clean' },
    });
  /** The entry run as each agent runs a hook of .claude/settings.json (docs/observations.md). */
  const asAgent = (dir: string, agent: 'claude' | 'copilot') => {
    const env = { PATH: `${shimDir}:${process.env.PATH}`, HOME: dir, CLAUDE_PROJECT_DIR: dir };
    return agent === 'claude'
      ? spawnSync('/bin/sh', ['-c', preCommand(dir)], {
          cwd: dir,
          env: { ...env, CLAUDE_PID: String(process.pid) },
          input: claudePayload(dir),
          encoding: 'utf8',
        })
      : spawnSync('bash', ['--norc', '--noprofile', '-c', preCommand(dir)], {
          cwd: dir,
          env: { ...env, COPILOT_CLI: '1', COPILOT_PROJECT_DIR: dir },
          input: claudePayload(dir),
          encoding: 'utf8',
        });
  };
  const runs = (dir: string) =>
    existsSync(join(dir, '.github/hooks/runs.log')) ? read(dir, '.github/hooks/runs.log').trim().split('\n') : [];

  it(
    'the entries are gated: under Copilot they do nothing (it runs its own file); under Claude Code the guard ' +
      'runs, as a Copilot script, and denies',
    async () => {
      const dir = setupCopilot();
      const r = await toClaude(dir);
      expect(preCommand(dir)).toBe(
        gate(
          "hook-bridge run --from copilot --to claude --timeout 15 -c './.github/hooks/pre-tool-use'",
          'copilot',
          'claude',
        ),
      );
      expect(r.targets[0]!.result.report.filter((row) => row.notes.some((n) => n.startsWith('gated: '))).length).toBe(
        2,
      );
      const copilot = asAgent(dir, 'copilot');
      expect([copilot.status, copilot.stdout, runs(dir)]).toEqual([0, '', []]);
      const claude = asAgent(dir, 'claude');
      expect(claude.status).toBe(0);
      expect(JSON.parse(claude.stdout).hookSpecificOutput).toMatchObject({
        permissionDecision: 'deny',
        permissionDecisionReason: 'NO-RM',
      });
      // The Copilot script saw its own agent's marker under Claude Code (env.identity).
      expect(runs(dir)).toEqual(['ran 1']);
    },
  );
  it('a re-run, --check, --remove; convert --to copilot from the Claude file leaves those gates alone', async () => {
    const dir = setupCopilot({
      '.claude/settings.json': settings({ Stop: [{ hooks: [{ type: 'command', command: './claude-stop.sh' }] }] }),
    });
    await toClaude(dir);
    const after = read(dir, '.claude/settings.json');
    const again = await toClaude(dir);
    expect([again.targets[0]!.changed, again.targets[0]!.recordChanged]).toEqual([false, false]);
    expect(cli(['convert', '--from', 'copilot', '--to', 'claude', '--check'], { cwd: dir }).code).toBe(0);
    // The Claude file's own hook converted to Copilot: gated there; the entries from Copilot keep their gates.
    await run(dir);
    expect(claudeHooks(dir).map((h) => [h.nativeEvent, h.scriptDialect, h.gatedFor])).toEqual([
      ['Stop', 'claude', 'copilot'],
      ['SessionStart', 'copilot', 'copilot'],
      ['PreToolUse', 'copilot', 'copilot'],
    ]);
    expect(JSON.parse(read(dir, '.github/hooks/hook-bridge.json')).hooks).toEqual({
      agentStop: [expect.objectContaining({ bash: expect.stringContaining("-c './claude-stop.sh'") })],
    });
    await convertProject({ project: dir, to: ['copilot'], remove: true, backup: false });
    expect(read(dir, '.claude/settings.json')).toBe(after);
    await convertProject({ project: dir, from: 'copilot', to: ['claude'], remove: true, backup: false });
    expect(read(dir, '.claude/settings.json')).toBe(
      settings({ Stop: [{ hooks: [{ type: 'command', command: './claude-stop.sh' }] }] }),
    );
  });
  it('entries an earlier version wrote without the gate are gated by the next run (updated in place)', async () => {
    const dir = setupCopilot();
    await toClaude(dir);
    const prefix = JSON.stringify(gatePrefix('copilot', 'claude')!).slice(1, -1);
    writeFileSync(join(dir, '.claude/settings.json'), read(dir, '.claude/settings.json').split(prefix).join(''));
    const audit = cli(['audit'], { cwd: dir });
    expect(audit.code).toBe(1);
    expect(audit.stdout).toContain("holds hook-bridge's conversion of .github/hooks/amplihack-hooks.json's hook");
    expect(cli(['convert', '--from', 'copilot', '--to', 'claude', '--check'], { cwd: dir }).code).toBe(1);
    const r = await toClaude(dir);
    const c = r.targets[0]!.changes;
    expect([c.added.length, c.updated.length, c.removed.length]).toEqual([0, 2, 0]);
    expect(asAgent(dir, 'copilot').stdout).toBe('');
    expect(cli(['audit'], { cwd: dir }).code).toBe(0);
  });
  it('--stdout and --out gate nothing (as for --to copilot)', async () => {
    const dir = setupCopilot();
    expect((await toClaude(dir, { stdout: true })).targets[0]!.after).not.toContain('COPILOT_CLI');
    await toClaude(dir, { out: join(dir, 'elsewhere.json') });
    expect(read(dir, 'elsewhere.json')).not.toContain('COPILOT_CLI');
  });
});

describe('the gate', () => {
  const g = gate('echo RAN', 'copilot', 'claude');
  /** The gated command, run as an agent runs it: sh -c, with this process as the shell's parent. */
  const sh = (extra: Record<string, string>) =>
    spawnSync('/bin/sh', ['-c', g], { env: { PATH: process.env.PATH!, ...extra }, encoding: 'utf8' }).stdout;
  it('is the command behind a prefix, and reads back to it', () => {
    expect(g.endsWith('; echo RAN')).toBe(true);
    expect(ungate(g)).toEqual({ command: 'echo RAN', host: 'copilot', prefix: gatePrefix('copilot', 'claude') });
    expect(gate(g, 'copilot', 'claude')).toBe(g);
    expect(ungate('echo RAN')).toBeUndefined();
  });
  it(
    'under Claude Code (it starts the shell and sets CLAUDE_PID to ' +
      'itself) the command runs — also with COPILOT_CLI=1 inherited',
    () => {
      expect(sh({ CLAUDE_PID: String(process.pid) })).toBe('RAN\n');
      expect(sh({ CLAUDE_PID: String(process.pid), COPILOT_CLI: '1' })).toBe('RAN\n');
    },
  );
  it(
    'under Copilot CLI (COPILOT_CLI=1, and the shell is its child) it does nothing — ' +
      'also inside a Claude Code session (an outer CLAUDE_PID inherited)',
    () => {
      expect(sh({ COPILOT_CLI: '1' })).toBe('');
      expect(sh({ COPILOT_CLI: '1', CLAUDE_PID: '1', CLAUDECODE: '1' })).toBe('');
    },
  );
  it('anywhere else (no COPILOT_CLI) the command runs', () => {
    expect(sh({})).toBe('RAN\n');
  });
});
