// Source detection that decides (issue 9): a hooks file that could be Claude's or CodeBuddy's is read from
// the evidence around it, otherwise as Claude's with a note — never refused; plugin manifests name hook
// files outside hooks/, and both convert and audit find them.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideFileDialect } from '../../src/dialects/detect.js';
import { pluginHookFiles, pluginRootOf } from '../../src/dialects/plugin.js';
import { audit } from '../../src/index.js';
import { project, settings } from './helpers.js';

const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
const cli = (args: string[], cwd: string) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, COLUMNS: '1000' } });
const guard = settings({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'node ./guard.js' }] }] });

describe('decideFileDialect', () => {
  it.each([
    [
      '${CLAUDE_PLUGIN_ROOT} in a command',
      {
        'x/hooks.json': settings({
          Stop: [{ hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/stop.sh' }] }],
        }),
      },
      'x/hooks.json',
      'claude',
    ],
    [
      '${CODEBUDDY_PLUGIN_ROOT} in a command',
      {
        'x/hooks.json': settings({
          Stop: [{ hooks: [{ type: 'command', command: '${CODEBUDDY_PLUGIN_ROOT}/stop.sh' }] }],
        }),
      },
      'x/hooks.json',
      'codebuddy',
    ],
    [
      'a .claude-plugin/plugin.json above it',
      { '.claude-plugin/plugin.json': '{"name":"p"}', 'config/hooks.json': guard },
      'config/hooks.json',
      'claude',
    ],
    ['"codebuddy" in its path', { 'codebuddy-hooks/hooks.json': guard }, 'codebuddy-hooks/hooks.json', 'codebuddy'],
    ['"claude" in its path', { 'my-claude-setup/hooks.json': guard }, 'my-claude-setup/hooks.json', 'claude'],
  ])('%s', (_name, files, file, dialect) => {
    const dir = project(files);
    expect(decideFileDialect(resolve(dir, file), (files as Record<string, string>)[file]!)).toEqual({ dialect });
  });
  it('without evidence: Claude, with a note that says how to choose CodeBuddy', () => {
    const dir = project({ 'team/hooks.json': guard });
    const d = decideFileDialect(resolve(dir, 'team/hooks.json'), guard);
    expect(d.dialect).toBe('claude');
    expect(d.note).toMatch(/pass --from codebuddy/);
  });
});

describe('plugin manifests', () => {
  const plugin = () =>
    project({
      '.claude-plugin/plugin.json': JSON.stringify({ name: 'p', hooks: './config/hooks.json' }),
      'config/hooks.json': settings({
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/guard.sh' }] }],
      }),
    });
  it("the manifest's hooks field names files outside hooks/; the plugin root is the manifest's directory", () => {
    const dir = plugin();
    expect(pluginHookFiles(dir)).toEqual([resolve(dir, 'config/hooks.json')]);
    expect(pluginRootOf(resolve(dir, 'config/hooks.json'))).toBe(dir);
  });
  it('convert finds them in the project and converts them (plugin root carried)', () => {
    const dir = plugin();
    const r = cli(['convert', '--to', 'qwen', '--stdout'], dir);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).hooks.PreToolUse[0].hooks[0].command).toContain("--plugin-root '");
  });
  it('convert of the file alone is never refused: decided from the manifest', () => {
    const dir = plugin();
    const r = cli(['convert', 'config/hooks.json', '--to', 'codebuddy', '--stdout'], dir);
    expect(r.status).toBe(0);
    expect(r.stderr).not.toMatch(/cannot tell/);
  });
  it('a hooks file with no evidence converts as Claude, and the report says it assumed so', () => {
    const dir = project({ 'team/hooks.json': guard });
    const r = cli(['convert', 'team/hooks.json', '--to', 'qwen', '--stdout'], dir);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/read as Claude Code's; pass --from codebuddy/);
  });
  it('audit discovers the files a plugin manifest names', () => {
    const dir = plugin();
    const { configs } = audit({ paths: [dir] });
    expect(configs.map((c: { file: string }) => c.file)).toContain(resolve(dir, 'config/hooks.json'));
  });
});
