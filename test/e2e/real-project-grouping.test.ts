// everything-claude-code (test/real-projects/affaan-m__everything-claude-code) converted with default flags, in the
// real Qwen Code, CodeBuddy Code, Gemini CLI, Codex CLI and Copilot CLI (issue 29): its `git commit --no-verify` guard
// and its fact-forcing gate still deny, and every hook event starts hook-bridge once (counted by the runner the
// converted entries call, which logs each start with the event of the payload it was handed), where it started once
// per matcher group (7 times before a write on Qwen Code).
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent } from './harness/install.js';
import { makeWorkspace, type TempWorkspace } from './harness/util.js';
import { HOSTS, bin, repoRoot } from './scenarios/hosts.js';
import { shellQuote } from '../../src/dialects/wrapper.js';

const ECC = resolve(repoRoot, 'test/real-projects/affaan-m__everything-claude-code');
const workspaces: TempWorkspace[] = [];
afterAll(() => {
  for (const w of workspaces) w.cleanup();
});

const hosts = ['qwen', 'codebuddy', 'gemini', 'codex', 'copilot'] as const;
beforeAll(() => {
  for (const h of hosts) ensureAgent(h);
});

/**
 * The project, its plugin installed where its hooks look when no plugin root is set (~/.claude/plugins/ecc), and a
 * hook-bridge that logs each start — the event and tool of the payload it is handed — before it runs.
 */
function setup(host: string) {
  const ws = makeWorkspace(`hb-e2e-ecc-${host}-`);
  workspaces.push(ws);
  const dir = ws.projectDir;
  cpSync(ECC, dir, { recursive: true });
  execFileSync('git', ['init', '-q', dir]);
  mkdirSync(join(ws.homeDir, '.claude/plugins'), { recursive: true });
  symlinkSync(dir, join(ws.homeDir, '.claude/plugins/ecc'));
  const starts = join(ws.root, 'starts.log');
  const runner = join(ws.root, 'bin/hook-bridge');
  mkdirSync(join(ws.root, 'bin'));
  writeFileSync(
    runner,
    '#!/bin/sh\nin=$(cat)\n' +
      // The event: the payload's, or the entry's --event where the host's payloads name none (Copilot CLI's own file).
      `{ printf '%s\\n' "$in" | grep -o '"hook_event_name":"[A-Za-z]*"' | head -1; ` +
      `printf '%s\\n' "$*" | grep -o -- '--event [A-Za-z]*' | head -1; } | head -1 >> ${shellQuote(starts)}\n` +
      `printf '%s' "$in" | ${shellQuote(process.execPath)} ${shellQuote(bin)} "$@"\n`,
  );
  chmodSync(runner, 0o755);
  execFileSync(process.execPath, [bin, 'convert', '--to', host, '--runner', runner], { cwd: dir, stdio: 'ignore' });
  return { ws, dir, starts };
}

for (const host of hosts) {
  describe(`${host}: everything-claude-code converted with default flags`, () => {
    it('git commit --no-verify and a first write to a source are denied; one hook-bridge start per event', async () => {
      const { ws, dir, starts } = setup(host);
      const h = HOSTS[host];
      const steps = [
        { tool: h.tools.shell, args: { command: 'git commit --no-verify -m x && touch committed.marker' } },
        { tool: h.tools.write, args: { file_path: join(dir, 'src/app.ts'), content: 'export const a = 1;\n' } },
        // The gate also stops the session's first shell command, once; the second goes through.
        { tool: h.tools.shell, args: { command: 'touch first.marker' } },
        { tool: h.tools.shell, args: { command: 'touch harmless.marker' } },
      ].map((s) => (h.step ? h.step(s, dir) : s));
      const r = await h.run({ projectDir: dir, homeDir: ws.homeDir, steps, timeoutMs: 300_000 });
      const what = JSON.stringify(r.toolResults);
      expect(existsSync(join(dir, 'committed.marker')), what).toBe(false);
      expect(
        r.toolResults.some((t) => t.includes('--no-verify flag is not allowed')),
        what,
      ).toBe(true);
      expect(existsSync(join(dir, 'src/app.ts')), what).toBe(false);
      expect(
        r.toolResults.some((t) => t.includes('Fact-Forcing Gate')),
        what,
      ).toBe(true);
      expect(existsSync(join(dir, 'first.marker')), what).toBe(false);
      expect(existsSync(join(dir, 'harmless.marker')), what).toBe(true);
      // Four tool calls: four PreToolUse starts, one each (before: 4, 7, 4 and 4); one for each other event that fired.
      const log = readFileSync(starts, 'utf8').split('\n').filter(Boolean);
      const count = (event: RegExp) => log.filter((l) => event.test(l)).length;
      // Each host's name for the event (Gemini CLI: BeforeTool …; Copilot CLI's own file: --event preToolUse …).
      const pre = count(/"(PreToolUse|BeforeTool)"|--event preToolUse$/);
      expect(pre, `${log.join('\n')}\n${what}`).toBe(4);
      expect(count(/"(PostToolUse|AfterTool)"|--event postToolUse$/), log.join('\n')).toBeLessThanOrEqual(1);
      expect(count(/"(Stop|AfterAgent)"|--event agentStop$/), log.join('\n')).toBeLessThanOrEqual(1);
    });
  });
}
