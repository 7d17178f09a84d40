// The record convert keeps of the entries it wrote (src/convert/provenance.ts): beside the target file, except where an
// agent reads every JSON file of that folder as a hook file (GitHub Copilot CLI's .github/hooks/: it logged the
// record as "Invalid hook configuration" on every run, issue 29) — there one folder up; a record where an earlier
// version put it is read and moved, and --check, re-runs and --remove work with it. The record has its target file's
// mode: it holds every command the file does.
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertProject } from '../../src/convert/project.js';
import { readAsHookFile } from '../../src/dialects/config-files.js';
import { recordPath } from '../../src/convert/provenance.js';
import { project, settings } from './helpers.js';
import { cli } from './host.js';

const claude = settings({
  PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }],
  Stop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }],
});
const run = (dir: string, to: string, extra: object = {}) =>
  convertProject({
    project: dir,
    from: 'claude',
    to: [to as 'copilot'],
    backup: false,
    runner: 'hook-bridge',
    ...extra,
  });
const OLD = '.github/hooks/hook-bridge.hook-bridge.json';
const NEW = '.github/hook-bridge.hook-bridge.json';

describe('where the record goes', () => {
  it.each([
    ['/p/.qwen/settings.json', '/p/.qwen/settings.hook-bridge.json'],
    ['/p/.claude/settings.local.json', '/p/.claude/settings.local.hook-bridge.json'],
    ['/p/hooks.yaml', '/p/hooks.hook-bridge.json'],
    ['/p/.codex/hooks.json', '/p/.codex/hooks.hook-bridge.json'],
    // Copilot reads every .json of .github/hooks/ (and of ~/.copilot/hooks/): the record goes one folder up.
    ['/p/.github/hooks/hook-bridge.json', '/p/.github/hook-bridge.hook-bridge.json'],
    ['/p/.github/hooks/team.json', '/p/.github/team.hook-bridge.json'],
    ['/h/.copilot/hooks/hook-bridge.json', '/h/.copilot/hook-bridge.hook-bridge.json'],
  ])('%s -> %s, which no agent reads as a hook file', (file, record) => {
    expect(recordPath(file)).toBe(record);
    expect(readAsHookFile(record)).toBe(false);
  });
});

describe('convert --to copilot: the record is out of the folder Copilot reads', () => {
  it('.github/hooks/ holds only the hook file; the record is .github/hook-bridge.hook-bridge.json', async () => {
    const dir = project({ '.claude/settings.json': claude });
    await run(dir, 'copilot');
    expect(readdirSync(join(dir, '.github/hooks'))).toEqual(['hook-bridge.json']);
    expect(JSON.parse(readFileSync(join(dir, NEW), 'utf8')).entries).toHaveLength(2);
    // --remove takes both away, and the folders convert made.
    await convertProject({ project: dir, to: ['copilot'], remove: true, backup: false });
    expect(existsSync(join(dir, '.github'))).toBe(false);
  });

  it('a record where an earlier version put it is read (its entries stay convert’s), moved silently', async () => {
    const dir = project({ '.claude/settings.json': claude });
    await run(dir, 'copilot');
    const written = readFileSync(join(dir, '.github/hooks/hook-bridge.json'), 'utf8');
    renameSync(join(dir, NEW), join(dir, OLD));
    // --check: out of date, and says why (the file itself is what convert writes).
    const check = cli(['convert', '--from', 'claude', '--to', 'copilot', '--check', '--runner', 'hook-bridge'], {
      cwd: dir,
    });
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(
      `its record is ${OLD}, which an agent reads as a hook file: convert moves it to ${NEW}`,
    );
    // A source hook's timeout edited meanwhile: its entry updated in place (the old record names it), not added beside
    // it.
    const edited = claude.replace('"command": "./guard.sh"', '"command": "./guard.sh", "timeout": 7');
    expect(edited).not.toBe(claude);
    writeFileSync(join(dir, '.claude/settings.json'), edited);
    const r = await run(dir, 'copilot');
    // Silently: nothing said about the record (the runner note is this machine's PATH).
    expect(r.diagnostics.filter((d) => d.code !== 'runnerNotFound' && d.severity !== 'info')).toEqual([]);
    const c = r.targets[0]!.changes;
    expect([c.added.length, c.updated.length, c.removed.length, c.handWritten.length]).toEqual([0, 1, 0, 0]);
    const now = JSON.parse(readFileSync(join(dir, '.github/hooks/hook-bridge.json'), 'utf8'));
    expect(now.hooks.preToolUse).toEqual([
      expect.objectContaining({ bash: expect.stringContaining("--timeout 7 -c './guard.sh'"), timeoutSec: 12 }),
    ]);
    expect(now.hooks.agentStop).toEqual(JSON.parse(written).hooks.agentStop);
    expect([existsSync(join(dir, OLD)), existsSync(join(dir, NEW))]).toEqual([false, true]);
    // Up to date now; a re-run changes nothing.
    expect(
      cli(['convert', '--from', 'claude', '--to', 'copilot', '--check', '--runner', 'hook-bridge'], { cwd: dir }).code,
    ).toBe(0);
    const again = await run(dir, 'copilot');
    expect([again.targets[0]!.changed, again.targets[0]!.recordChanged]).toEqual([false, false]);
  });

  it('--remove with only the old record takes out exactly its entries, and the old record', async () => {
    const dir = project({ '.claude/settings.json': claude });
    await run(dir, 'copilot');
    renameSync(join(dir, NEW), join(dir, OLD));
    // A person's own Copilot hook file beside it stays.
    writeFileSync(join(dir, '.github/hooks/team.json'), '{"version":1,"hooks":{"sessionStart":[]}}\n');
    await convertProject({ project: dir, to: ['copilot'], remove: true, backup: false });
    expect(readdirSync(join(dir, '.github/hooks'))).toEqual(['team.json']);
    expect([existsSync(join(dir, OLD)), existsSync(join(dir, NEW))]).toEqual([false, false]);
    expect(readFileSync(join(dir, '.claude/settings.json'), 'utf8')).toBe(claude);
  });
});

describe('the record has its file’s mode', () => {
  it.each([
    [0o600, 'a settings file kept private'],
    [0o640, 'group-readable'],
  ])('%o (%s): the record too, on the first write and after', async (mode) => {
    const dir = project({ '.claude/settings.json': claude, '.qwen/settings.json': '{}\n' });
    chmodSync(join(dir, '.qwen/settings.json'), mode);
    await run(dir, 'qwen');
    const record = join(dir, '.qwen/settings.hook-bridge.json');
    expect(statSync(record).mode & 0o777).toBe(mode);
    // A record an earlier version left 0644 takes the file's mode on the next write.
    chmodSync(record, 0o644);
    writeFileSync(join(dir, '.claude/settings.json'), claude.replace('./guard.sh', './guard-v2.sh'));
    await run(dir, 'qwen');
    expect(statSync(record).mode & 0o777).toBe(mode);
    expect(statSync(join(dir, '.qwen/settings.json')).mode & 0o777).toBe(mode);
  });
});
