// Issue 29's rule: a payload shape hook-bridge did not expect is never a reason to deny a call the hook would allow.
// On every host, a real PreToolUse payload (observed) with any of its fields — the tool's name, its input, its
// result, the session, the transcript, the mode, fields no agent sends — replaced by any JSON value, or tool_input
// given as the text of its JSON: a Claude hook that allows (it reads its stdin and exits 0) is allowed, through `run`
// and through a grouped `dispatch` entry. What hook-bridge truly cannot work with (no event at all, a payload that is
// not a JSON object) is its own failure: robustness.test.ts.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { dispatch } from '../../src/run/dispatch.js';
import type { HostReply } from '../../src/run/emit.js';
import { run } from '../../src/run/main.js';

const FIX = resolve(import.meta.dirname, '../fixtures');
const load = (path: string) => JSON.parse(readFileSync(join(FIX, path), 'utf8')) as Record<string, unknown>;
const dir = mkdtempSync(join(tmpdir(), 'hb-shapes-'));

/** A PreToolUse payload each host sent (its own names), and the event its wrapper names where the payload does not. */
const HOSTS: [DialectId, Record<string, unknown>, string | undefined][] = [
  ['claude', load('ground-truth/claude/payloads/PreToolUse-Bash.json'), undefined],
  ['qwen', load('ground-truth/qwen/payloads/PreToolUse-run_shell_command.json'), undefined],
  ['codebuddy', load('ground-truth/codebuddy/payloads/PreToolUse-Bash.json'), undefined],
  ['gemini', load('observed/gemini/payloads/BeforeTool-run_shell_command.json'), undefined],
  ['codex', load('ground-truth/codex/payloads/PreToolUse-Bash.json'), undefined],
  ['copilot', load('observed/copilot/payloads/own/preToolUse-bash.json'), 'preToolUse'],
  ['copilot', load('observed/copilot/payloads/claude/PreToolUse-bash.json'), undefined],
];
/** The fields that say which event this is: without them hook-bridge cannot know what it is answering. */
const EVENT_FIELDS = new Set(['hook_event_name', 'hookName']);
/** The project the hook runs in: a string there must name a directory (the host starts the hook in it). */
const DIRECTORY_FIELDS = new Set(['cwd']);

const allows = (r: HostReply) => r.exitCode === 0 && (r.stdout === '' || r.stdout === '{}\n');
const env = { PATH: process.env.PATH, HOME: dir, CLAUDE_PROJECT_DIR: dir };

const mutated = (base: Record<string, unknown>) =>
  fc
    .record({
      replace: fc.subarray(Object.keys(base).filter((k) => !EVENT_FIELDS.has(k))),
      values: fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 8, maxLength: 8 }),
      extra: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
      inputAsText: fc.boolean(),
    })
    .map(({ replace, values, extra, inputAsText }) => {
      const p: Record<string, unknown> = { ...extra, ...base, cwd: dir };
      replace.forEach((k, i) => {
        const v = values[i % values.length];
        p[k] = DIRECTORY_FIELDS.has(k) && typeof v === 'string' ? dir : v;
      });
      for (const k of ['tool_input', 'toolArgs'])
        if (inputAsText && k in p && !replace.includes(k)) p[k] = JSON.stringify(p[k]);
      return p;
    });

describe('a payload shape hook-bridge did not expect never denies a call the hook allows (issue 29)', () => {
  const name = (host: string, base: Record<string, unknown>, event?: string) =>
    `${host} (${event ? `--event ${event}` : String(base.hook_event_name)})`;
  for (const [host, base, event] of HOSTS)
    it(name(host, base, event), async () => {
      await fc.assert(
        fc.asyncProperty(mutated(base), async (p) => {
          const raw = Buffer.from(JSON.stringify(p));
          const common = { to: host, onError: 'deny' as const, rewrite: 'deny' as const, ...(event ? { event } : {}) };
          const viaRun = await run({ ...common, from: 'claude', command: 'cat >/dev/null' }, raw, env);
          expect(allows(viaRun), JSON.stringify(viaRun)).toBe(true);
          const viaDispatch = await dispatch(
            { ...common, config: [], hooks: [{ from: 'claude', command: 'cat >/dev/null' }] },
            raw,
            env,
          );
          expect(allows(viaDispatch), JSON.stringify(viaDispatch)).toBe(true);
        }),
        { numRuns: 40 },
      );
    });
});
