// convert's sync contract on an in-process host (Pi): the hook file and the loader file that runs it. A second convert
// changes nothing; --check sees drift (a loader file of another hook-bridge version, one a person changed); a loader
// file a person changed is never overwritten; a record of hook-bridge 0.1.0 (`created.plugin`) is still read;
// --remove gives the project back byte for byte.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { upToDate } from '../../src/cli/report.js';
import { convertProject } from '../../src/convert/project.js';
import { dialects } from '../../src/dialects/index.js';
import { VERSION } from '../../src/version.js';
import { project, settings } from './helpers.js';

const PLUGIN = '.pi/extensions/hook-bridge.ts';
const CLAUDE = settings({
  PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/g.sh' }] }],
});

/** Every file of a tree with its text: the project as a whole, to compare byte for byte. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) {
        out[`${relative(dir, p)}/`] = '';
        walk(p);
      } else out[relative(dir, p)] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

const convert = (dir: string, o: { check?: boolean; remove?: boolean } = {}) =>
  convertProject({ project: dir, to: ['pi'], ...o, ...(o.remove ? {} : { from: 'claude' as const }) });

describe('convert --to pi', () => {
  it('writes the hook file, its record and the plugin; a second convert changes nothing', async () => {
    const dir = project({ '.claude/settings.json': CLAUDE });
    const first = await convert(dir);
    expect(first.targets[0]!.loader).toMatchObject({ action: 'write', written: true });
    expect(readFileSync(join(dir, PLUGIN), 'utf8')).toBe(dialects.pi.inProcess!.source(VERSION));
    expect(JSON.parse(readFileSync(join(dir, '.pi/hooks.json'), 'utf8')).hooks.PreToolUse[0].matcher).toBe('bash');
    const before = tree(dir);
    const second = await convert(dir);
    expect(second.targets[0]!).toMatchObject({ changed: false, written: false, loader: { action: 'none' } });
    expect(tree(dir)).toEqual(before);
    expect(upToDate((await convert(dir, { check: true })).targets[0]!)).toBe(true);
  });
  it('--check: a loader file another version of hook-bridge wrote is out of date; convert updates it', async () => {
    const dir = project({ '.claude/settings.json': CLAUDE });
    await convert(dir);
    writeFileSync(join(dir, PLUGIN), dialects.pi.inProcess!.source('0.0.1'));
    const check = await convert(dir, { check: true });
    expect(check.targets[0]!.loader).toMatchObject({ action: 'write', changed: true, version: '0.0.1' });
    expect(upToDate(check.targets[0]!)).toBe(false);
    await convert(dir);
    expect(readFileSync(join(dir, PLUGIN), 'utf8')).toBe(dialects.pi.inProcess!.source(VERSION));
  });
  it('a loader file a person changed is kept, said, and counted out of date by --check', async () => {
    const dir = project({ '.claude/settings.json': CLAUDE });
    await convert(dir);
    const edited = `${readFileSync(join(dir, PLUGIN), 'utf8')}\n// mine\n`;
    writeFileSync(join(dir, PLUGIN), edited);
    const r = await convert(dir);
    expect(r.targets[0]!.loader).toMatchObject({ action: 'keep-edited', written: false });
    expect(r.diagnostics.map((d) => d.code)).toContain('pluginEdited');
    expect(readFileSync(join(dir, PLUGIN), 'utf8')).toBe(edited);
    expect(upToDate((await convert(dir, { check: true })).targets[0]!)).toBe(false);
    // --remove does not delete it either
    await convert(dir, { remove: true });
    expect(readFileSync(join(dir, PLUGIN), 'utf8')).toBe(edited);
  });
  it('--remove gives the project back byte for byte: what was in .pi/ before stays', async () => {
    const dir = project({
      '.claude/settings.json': CLAUDE,
      '.pi/extensions/mine.ts': 'export default function () {}\n',
      '.pi/settings.json': '{"theme": "dark"}\n',
    });
    const before = tree(dir);
    await convert(dir);
    expect(tree(dir)).not.toEqual(before);
    await convert(dir, { remove: true });
    expect(tree(dir)).toEqual(before);
  });
  it('--remove in a project where convert made .pi/ leaves no .pi/ behind', async () => {
    const dir = project({ '.claude/settings.json': CLAUDE });
    const before = tree(dir);
    await convert(dir);
    await convert(dir, { remove: true });
    expect(tree(dir)).toEqual(before);
  });
  it('a record that names the loader `plugin` (hook-bridge 0.1.0) is still read: --remove leaves no .pi/', async () => {
    const dir = project({ '.claude/settings.json': CLAUDE });
    const before = tree(dir);
    await convert(dir);
    const record = Object.keys(tree(dir)).find(
      (f) => f.startsWith('.pi/') && f.includes('hook-bridge') && f.endsWith('.json'),
    );
    const text = readFileSync(join(dir, record!), 'utf8');
    expect(text).toContain('"loader"');
    writeFileSync(join(dir, record!), text.replace('"loader"', '"plugin"'));
    await convert(dir, { remove: true });
    expect(tree(dir)).toEqual(before);
  });
  it('no hook left to run: the plugin goes with the last entry', async () => {
    const dir = project({ '.claude/settings.json': CLAUDE });
    await convert(dir);
    writeFileSync(join(dir, '.claude/settings.json'), settings({}));
    const r = await convert(dir);
    expect(r.targets[0]!.loader).toMatchObject({ action: 'delete', written: true });
    expect(tree(dir)).toEqual({ '.claude/': '', '.claude/settings.json': settings({}) });
  });
  it('--stdout and --dry-run write nothing; the dry run shows the loader file to add', async () => {
    const dir = project({ '.claude/settings.json': CLAUDE });
    mkdirSync(join(dir, 'x'));
    const before = tree(dir);
    const dry = await convertProject({ project: dir, to: ['pi'], from: 'claude', dryRun: true });
    expect(dry.targets[0]!.loader!.diff).toContain(`+++ b/${PLUGIN}`);
    await convertProject({ project: dir, to: ['pi'], from: 'claude', stdout: true });
    expect(tree(dir)).toEqual(before);
  });
  it("the report: hooks run in the agent's process, not through `hook-bridge run`; a prompt hook dropped", async () => {
    const dir = project({
      '.claude/settings.json': settings({
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'g.sh' }] }],
        Stop: [{ hooks: [{ type: 'prompt', prompt: 'done?' }] }],
      }),
    });
    const r = await convertProject({ project: dir, to: ['pi', 'opencode'], from: 'claude', stdout: true });
    const notes = r.targets.flatMap((t) => t.result.report.map((row) => [row.status, ...row.notes].join(' | ')));
    expect(notes).toEqual([
      'translated | matcher "Bash" -> "bash" | runs as a claude script in Pi\'s process (hook-bridge\'s engine, ' +
        'loaded by .pi/extensions/hook-bridge.ts)',
      'dropped | Pi has command hooks only: a "prompt" hook cannot be written there',
      'translated | matcher "Bash" -> "bash" | runs as a claude script in OpenCode\'s process (hook-bridge\'s ' +
        'engine, loaded by .opencode/plugin/hook-bridge.js)',
      'dropped | OpenCode has command hooks only: a "prompt" hook cannot be written there',
    ]);
  });
});
