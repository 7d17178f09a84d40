// Cursor at its documented level (test/fixtures/vendor/cursor/README.md): its .cursor/hooks.json (the action-lists-json
// codec with its `command`/`timeout` keys), its flat `permission` answer both ways, its regex matchers, and the gate
// convert puts in the Claude files it also reads, so each hook runs there once.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/convert/convert.js';
import { convertProject } from '../../src/convert/project.js';
import { dialects } from '../../src/dialects/index.js';
import { gatePrefix } from '../../src/dialects/foreign-gate.js';
import { matcherFires } from '../../src/dialects/matcher.js';
import { project } from '../convert/helpers.js';
import { cli } from '../convert/host.js';

const d = dialects.cursor;
const VENDOR = resolve(import.meta.dirname, '../fixtures/vendor/cursor');

describe('cursor matchers (docs: a regular expression on the tool name)', () => {
  it.each([
    ['Shell', 'Shell', true],
    ['Sh', 'Shell', true],
    ['^(Write|Edit)$', 'Edit', true],
    ['^Read$', 'Shell', false],
  ] as const)('%j on %s: %s', (m, tool, fired) => expect(matcherFires('cursor', m, tool)).toBe(fired));
});

describe('its hooks.json', () => {
  it('read: flat actions per camelCase event, `command` and `timeout` (s)', () => {
    const text = JSON.stringify({
      version: 1,
      hooks: { preToolUse: [{ command: './g.sh', matcher: 'Shell', timeout: 5 }] },
    });
    const r = d.codec.read(text, '.cursor/hooks.json', d);
    expect(r.hooks.map((h) => [h.event, h.command, h.timeoutMs])).toEqual([['pre-tool-use', './g.sh', 5000]]);
  });
  it("written with `command` and `timeout`, never Copilot CLI's bash/timeoutSec", () => {
    const claude = { hooks: { Stop: [{ hooks: [{ type: 'command', command: './s.sh', timeout: 9 }] }] } };
    const out = JSON.parse(convert(JSON.stringify(claude), { from: 'claude', to: 'cursor' }).output);
    expect(Object.keys(out.hooks.stop[0]).sort()).toEqual(['command', 'timeout', 'type']);
    expect(out.hooks.stop[0].timeout).toBe(14);
  });
});

describe('its answer (answerFieldNames): a Claude deny as {permission, agent_message, user_message}, and back', () => {
  const dir = project({
    'deny.sh':
      '#!/bin/sh\necho \'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",' +
      '"permissionDecisionReason":"no rm"}}\'\n',
    'cdeny.sh': '#!/bin/sh\necho \'{"permission":"deny","agent_message":"cursor says no"}\'\n',
  });
  spawnSync('chmod', ['+x', join(dir, 'deny.sh'), join(dir, 'cdeny.sh')]);
  it('claude script on Cursor', () => {
    const payload = { ...JSON.parse(readFileSync(join(VENDOR, 'payloads/preToolUse.json'), 'utf8')), cwd: dir };
    const r = cli(['run', '--from', 'claude', '--to', 'cursor', '-c', join(dir, 'deny.sh')], {
      cwd: dir,
      input: JSON.stringify(payload),
    });
    expect(JSON.parse(r.stdout)).toEqual({ permission: 'deny', agent_message: 'no rm', user_message: 'no rm' });
  });
  it('cursor script on Claude Code', () => {
    const payload = {
      session_id: 's',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    };
    const r = cli(['run', '--from', 'cursor', '--to', 'claude', '-c', join(dir, 'cdeny.sh')], {
      cwd: dir,
      input: JSON.stringify({ ...payload, cwd: dir, transcript_path: '' }),
    });
    expect(JSON.parse(r.stdout).hookSpecificOutput).toMatchObject({
      permissionDecision: 'deny',
      permissionDecisionReason: 'cursor says no',
    });
  });
});

describe('convert --to cursor: the Claude files it reads itself are gated', () => {
  it('writes .cursor/hooks.json and gates the converted hooks in .claude/settings.json', async () => {
    const claude = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './g.sh' }] }] } };
    const dir = project({ '.claude/settings.json': claude });
    await convertProject({ project: dir, from: 'claude', to: ['cursor'], backup: false, runner: 'hook-bridge' });
    const own = JSON.parse(readFileSync(join(dir, '.cursor/hooks.json'), 'utf8'));
    expect(own.hooks.preToolUse[0].matcher).toBe('^Shell$');
    const gated = JSON.parse(readFileSync(join(dir, '.claude/settings.json'), 'utf8'));
    expect(gated.hooks.PreToolUse[0].hooks[0].command).toBe(`${gatePrefix('cursor', 'claude')}./g.sh`);
    // --remove gives the Claude file back as it was.
    await convertProject({ project: dir, from: 'claude', to: ['cursor'], backup: false, remove: true });
    expect(JSON.parse(readFileSync(join(dir, '.claude/settings.json'), 'utf8'))).toEqual(claude);
  });
  it('the gate ends the hook under Cursor (its marker set) and runs it under Claude Code', () => {
    const prefix = gatePrefix('cursor', 'claude')!;
    const sh = (env: Record<string, string>) =>
      spawnSync('/bin/sh', ['-c', `${prefix}echo ran`], {
        env: { PATH: process.env.PATH ?? '', ...env },
      }).stdout.toString();
    expect(sh({ CURSOR_PROJECT_DIR: '/p' })).toBe('');
    expect(sh({})).toBe('ran\n');
  });
});
