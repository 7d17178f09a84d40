// Where hooks live below a directory (issue 36): a marketplace's plugin sources, plugin manifests (their `hooks`
// field a path, a list or inline), `plugins/<name>/hooks/hooks.json` without a manifest, and --recursive projects.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUnits, unitLabel } from '../../src/dialects/marketplace.js';
import { pluginHookFiles } from '../../src/dialects/plugin.js';
import { HookBridgeError } from '../../src/model/errors.js';
import { project, settings } from '../convert/helpers.js';

const guard = settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }] });
const names = (dir: string, recursive = false) => findUnits(dir, { recursive }).units.map((u) => unitLabel(u, dir));

describe('a marketplace repository', () => {
  it('lists the plugins its marketplace.json names: a string source and an object one', () => {
    const dir = project({
      '.claude-plugin/marketplace.json': {
        name: 'm',
        owner: { name: 'o' },
        plugins: [
          { name: 'alpha', source: './plugins/a' },
          { name: 'beta', source: { source: './tools/b' } },
        ],
      },
      'plugins/a/hooks/hooks.json': guard,
      'tools/b/hooks/hooks.json': guard,
    });
    expect(names(dir)).toEqual([
      'project ' + dir.split('/').at(-1),
      'plugin alpha (plugins/a)',
      'plugin beta (tools/b)',
    ]);
  });
  it('skips a remote source with a note naming it, and fetches nothing', () => {
    const dir = project({
      '.claude-plugin/marketplace.json': {
        plugins: [
          { name: 'far', source: { source: 'github', repo: 'owner/repo' } },
          { name: 'web', source: { source: 'url', url: 'https://example.com/p.git' } },
        ],
      },
    });
    const r = findUnits(dir);
    expect(r.units.map((u) => u.via)).toEqual(['root']);
    expect(r.notes.map((n) => [n.code, n.path, n.message])).toEqual([
      ['remotePlugin', 'plugins[0].source', expect.stringContaining('github owner/repo')],
      ['remotePlugin', 'plugins[1].source', expect.stringContaining('url https://example.com/p.git')],
    ]);
  });
  it('resolves a bare source under metadata.pluginRoot', () => {
    const dir = project({
      '.claude-plugin/marketplace.json': {
        metadata: { pluginRoot: './plugins' },
        plugins: [{ name: 'x', source: 'x' }],
      },
      'plugins/x/hooks/hooks.json': guard,
    });
    expect(names(dir)).toContain('plugin x (plugins/x)');
  });
  it('says when a listed local source is not there', () => {
    const dir = project({ '.claude-plugin/marketplace.json': { plugins: [{ name: 'gone', source: './nope' }] } });
    expect(findUnits(dir).notes).toEqual([
      expect.objectContaining({ code: 'pluginMissing', path: 'plugins[0].source' }),
    ]);
  });
  it.each([
    ['{"plugins": [', 'invalid JSON', /^\d+:\d+$/],
    ['{"plugins": {}}', 'expected "plugins"', 'plugins'],
    ['{"plugins": ["./a"]}', 'expected a plugin entry', 'plugins[0]'],
    ['{"plugins": [{"name": "a"}]}', 'expected "source"', 'plugins[0]'],
  ])('a bad marketplace.json (%s) is an error naming the file and the place', (text, message, location) => {
    const dir = project({ '.claude-plugin/marketplace.json': text });
    let e: unknown;
    try {
      findUnits(dir);
    } catch (x) {
      e = x;
    }
    expect(HookBridgeError.is(e)).toBe(true);
    const err = e as HookBridgeError;
    expect(err.message).toContain(message);
    expect(err.file).toBe(join(dir, '.claude-plugin/marketplace.json'));
    expect(err.location).toMatch(location);
  });
});

describe('plugins found without a marketplace', () => {
  it('a directory with a manifest, named by it; plugins/<name>/hooks/hooks.json without one, named by its folder', () => {
    const dir = project({
      'ext/one/.claude-plugin/plugin.json': { name: 'first' },
      'ext/one/hooks/hooks.json': guard,
      'plugins/two/hooks/hooks.json': guard,
      // a hooks/hooks.json outside plugins/ and without a manifest is not a plugin (a project's folder)
      'misc/hooks/hooks.json': guard,
      // a plugin without hooks is nothing to convert
      'plugins/empty/.claude-plugin/plugin.json': { name: 'empty' },
      'node_modules/dep/.claude-plugin/plugin.json': { name: 'dep' },
      'node_modules/dep/hooks/hooks.json': guard,
    });
    expect(names(dir).slice(1)).toEqual(['plugin first (ext/one)', 'plugin two (plugins/two)']);
  });
  it("a manifest's hooks: a path, a list of paths, or written inline (the manifest is then the hook file)", () => {
    const dir = project({
      'a/.claude-plugin/plugin.json': { name: 'a', hooks: './config/h.json' },
      'a/config/h.json': guard,
      'b/.claude-plugin/plugin.json': { name: 'b', hooks: ['./x.json', './y.json'] },
      'b/x.json': guard,
      'b/y.json': guard,
      'c/.claude-plugin/plugin.json': {
        name: 'c',
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] },
      },
    });
    expect(pluginHookFiles(join(dir, 'a'))).toEqual([join(dir, 'a/config/h.json')]);
    expect(pluginHookFiles(join(dir, 'b'))).toEqual([join(dir, 'b/x.json'), join(dir, 'b/y.json')]);
    expect(pluginHookFiles(join(dir, 'c'))).toEqual([join(dir, 'c/.claude-plugin/plugin.json')]);
    expect(names(dir).slice(1)).toEqual(['plugin a (a)', 'plugin b (b)', 'plugin c (c)']);
  });
});

describe('--recursive', () => {
  it('adds the nested projects, skipping node_modules and .git; without it only plugins are found', () => {
    const dir = project({
      '.claude/settings.json': guard,
      'packages/web/.claude/settings.json': guard,
      'packages/api/.qwen/settings.json': settings({
        PreToolUse: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: './g.sh' }] }],
      }),
      'node_modules/x/.claude/settings.json': guard,
      '.git/y/.claude/settings.json': guard,
    });
    expect(names(dir)).toEqual(['project ' + dir.split('/').at(-1)]);
    expect(names(dir, true).slice(1)).toEqual(['project packages/api', 'project packages/web']);
  });
});
