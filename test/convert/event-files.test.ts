// convert's sync contract on an event-file host (Cline): the hook file and one executable per event file whose events
// have hooks. A second convert changes nothing; an event whose hooks go takes its file with it; --check sees drift (an
// event file of another hook-bridge version, one a person changed); a file a person wrote or changed is never
// overwritten nor deleted; --remove gives the project back byte for byte.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { upToDate } from '../../src/cli/report.js';
import { convertProject } from '../../src/convert/project.js';
import { eventFileText, eventFileVersion } from '../../src/dialects/event-file.js';
import { dialects } from '../../src/dialects/index.js';
import { VERSION } from '../../src/version.js';
import { project, settings, tree } from './helpers.js';

const DIR = '.clinerules/hooks';
const guard = { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/g.sh' };
const BOTH = settings({
  PreToolUse: [{ matcher: 'Bash', hooks: [guard] }],
  PostToolUseFailure: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo failed' }] }],
  SessionStart: [{ hooks: [{ type: 'command', command: 'echo hi' }] }],
});
const PRE_ONLY = settings({ PreToolUse: [{ matcher: 'Bash', hooks: [guard] }] });
const text = (name: string, version = VERSION) => eventFileText('cline', name, version, dialects.cline.eventFiles!);

const convert = (dir: string, o: { check?: boolean; remove?: boolean } = {}) =>
  convertProject({ project: dir, to: ['cline'], ...o, ...(o.remove ? {} : { from: 'claude' as const }) });
const names = (r: Awaited<ReturnType<typeof convert>>) =>
  (r.targets[0]!.eventFiles ?? []).map((e) => [relative(r.targets[0]!.file, e.file), e.action]);

describe('convert --to cline: one event file per event file of Cline whose events have hooks', () => {
  it('writes the hook file and an executable per event file; a second convert changes nothing', async () => {
    const dir = project({ '.claude/settings.json': BOTH });
    const first = await convert(dir);
    // PostToolUseFailure is carried by Cline's PostToolUse file; SessionStart by TaskStart.
    expect(names(first)).toEqual([
      ['../PreToolUse', 'write'],
      ['../PostToolUse', 'write'],
      ['../TaskStart', 'write'],
    ]);
    for (const n of ['PreToolUse', 'PostToolUse', 'TaskStart']) {
      expect(readFileSync(join(dir, DIR, n), 'utf8')).toBe(text(n));
      expect(statSync(join(dir, DIR, n)).mode & 0o777).toBe(0o755);
    }
    expect(existsSync(join(dir, DIR, 'TaskComplete'))).toBe(false);
    const hooks = JSON.parse(readFileSync(join(dir, DIR, 'hook-bridge.json'), 'utf8')).hooks;
    expect(hooks.PreToolUse[0].matcher).toBe('run_commands');
    const before = tree(dir);
    const second = await convert(dir);
    expect(second.targets[0]!.changed).toBe(false);
    expect(names(second).map(([, a]) => a)).toEqual(['none', 'none', 'none']);
    expect(tree(dir)).toEqual(before);
    expect(upToDate((await convert(dir, { check: true })).targets[0]!)).toBe(true);
  });

  it('an event whose hooks are gone takes its event file with it', async () => {
    const dir = project({ '.claude/settings.json': BOTH });
    await convert(dir);
    writeFileSync(join(dir, '.claude/settings.json'), PRE_ONLY);
    const r = await convert(dir);
    expect(names(r)).toEqual([
      ['../PreToolUse', 'none'],
      ['../PostToolUse', 'delete'],
      ['../TaskStart', 'delete'],
    ]);
    expect(readdirSync(join(dir, DIR)).sort()).toEqual([
      'PreToolUse',
      'hook-bridge.hook-bridge.json',
      'hook-bridge.json',
      'hook-bridge.json.bak',
    ]);
  });

  it('--check: an event file another hook-bridge version wrote is out of date; convert updates it', async () => {
    const dir = project({ '.claude/settings.json': PRE_ONLY });
    await convert(dir);
    writeFileSync(join(dir, DIR, 'PreToolUse'), text('PreToolUse', '0.0.1'));
    expect(eventFileVersion(text('PreToolUse', '0.0.1'))).toBe('0.0.1');
    const check = await convert(dir, { check: true });
    expect(check.targets[0]!.eventFiles![0]).toMatchObject({ action: 'write', changed: true, version: '0.0.1' });
    expect(upToDate(check.targets[0]!)).toBe(false);
    await convert(dir);
    expect(readFileSync(join(dir, DIR, 'PreToolUse'), 'utf8')).toBe(text('PreToolUse'));
  });

  it('an event file a person changed is kept, said, counted out of date, and not deleted by --remove', async () => {
    const dir = project({ '.claude/settings.json': PRE_ONLY });
    await convert(dir);
    const mine = `${text('PreToolUse')}echo mine\n`;
    writeFileSync(join(dir, DIR, 'PreToolUse'), mine);
    const r = await convert(dir);
    expect(r.targets[0]!.eventFiles![0]).toMatchObject({ action: 'keep-edited', changed: false });
    expect(r.diagnostics.map((d) => d.code)).toContain('eventFileEdited');
    expect(readFileSync(join(dir, DIR, 'PreToolUse'), 'utf8')).toBe(mine);
    expect(upToDate((await convert(dir, { check: true })).targets[0]!)).toBe(false);
    await convert(dir, { remove: true });
    expect(readFileSync(join(dir, DIR, 'PreToolUse'), 'utf8')).toBe(mine);
  });

  it("a person's own Cline hook is never overwritten: kept and said where hook-bridge needs its name", async () => {
    const own = '#!/bin/sh\necho \'{"cancel": false}\'\n';
    const dir = project({ '.claude/settings.json': PRE_ONLY, [`${DIR}/PreToolUse`]: own, [`${DIR}/TaskStart`]: own });
    const r = await convert(dir);
    // TaskStart is not hook-bridge's business (no SessionStart hook): not mentioned.
    expect(names(r)).toEqual([['../PreToolUse', 'keep-edited']]);
    expect(r.diagnostics.find((d) => d.code === 'eventFileEdited')?.message).toMatch(/not hook-bridge's event file/);
    expect(readFileSync(join(dir, DIR, 'PreToolUse'), 'utf8')).toBe(own);
    expect(readFileSync(join(dir, DIR, 'TaskStart'), 'utf8')).toBe(own);
  });

  it('--remove gives the project back byte for byte', async () => {
    const dir = project({ '.claude/settings.json': BOTH });
    mkdirSync(join(dir, '.clinerules'));
    writeFileSync(join(dir, '.clinerules/style.md'), 'Use tabs.\n');
    const before = tree(dir);
    await convert(dir);
    await convert(dir, { remove: true });
    expect(tree(dir)).toEqual(before);
  });

  it('--stdout writes no event file', async () => {
    const dir = project({ '.claude/settings.json': BOTH });
    const r = await convertProject({ project: dir, to: ['cline'], from: 'claude', stdout: true });
    expect(r.targets[0]!.eventFiles).toBeUndefined();
    expect(existsSync(join(dir, DIR))).toBe(false);
  });
});
