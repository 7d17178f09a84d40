// The CodeBuddy IDE's documented output protocol (seed 003, copied to test/fixtures/vendor/codebuddy-ide/): nothing
// `run` sends the IDE may be outside its HookOutput interface, and every block is in a form the document defines.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../src/run/answer.js';
import { emit } from '../../src/run/emit.js';

const DOC = readFileSync(resolve(import.meta.dirname, '../fixtures/vendor/codebuddy-ide/hook-output.md'), 'utf8');
/** Field names of the documented `interface HookOutput { … hookSpecificOutput?: { … } }` (the fixture's line-broken
 * copy).
 */
function documentedFields(): { top: string[]; hso: string[] } {
  const block = /```ts\ninterface HookOutput \{\n([\s\S]*?)\n\}\n```/.exec(DOC)?.[1] ?? '';
  const lines = block.split('\n').map((l) => l.replace(/\/\/.*$/, ''));
  const top: string[] = [];
  const hso: string[] = [];
  let depth = 0;
  for (const l of lines) {
    const name = /^\s*([A-Za-z]+)\??:/.exec(l)?.[1];
    if (name) (depth ? hso : top).push(name);
    if (l.includes('{')) depth++;
    if (l.includes('}')) depth--;
  }
  return { top, hso };
}
const DOCUMENTED = documentedFields();

const IDE_EVENTS = {
  'pre-tool-use': 'PreToolUse',
  'post-tool-use': 'PostToolUse',
  'user-prompt-submit': 'UserPromptSubmit',
  stop: 'Stop',
  'session-start': 'SessionStart',
  'session-end': 'SessionEnd',
  'pre-compact': 'PreCompact',
} as const;
const str = fc.constantFrom('R', 'why', '');
/** Any answer a Claude Code script can give: every output field it knows, in any combination. */
const claudeOutput = fc.record(
  {
    continue: fc.boolean(),
    stopReason: str,
    suppressOutput: fc.boolean(),
    systemMessage: str,
    decision: fc.constantFrom('block', 'approve'),
    reason: str,
    hookSpecificOutput: fc.record(
      {
        hookEventName: fc.constantFrom(...Object.values(IDE_EVENTS)),
        permissionDecision: fc.constantFrom('allow', 'deny', 'ask'),
        permissionDecisionReason: str,
        updatedInput: fc.constant({ command: 'echo NEW' }),
        additionalContext: str,
        decision: fc.record({ behavior: fc.constantFrom('allow', 'deny'), message: str }),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);

describe('CodeBuddy IDE host: only its documented HookOutput', () => {
  it('the document lists the fields the mapping declares', () => {
    expect(DOCUMENTED.top.sort()).toEqual([
      'continue',
      'hookSpecificOutput',
      'stopReason',
      'suppressOutput',
      'systemMessage',
    ]);
    expect(DOCUMENTED.hso.sort()).toEqual([
      'additionalContext',
      'hookEventName',
      'modifiedInput',
      'permissionDecision',
      'permissionDecisionReason',
    ]);
  });
  it(
    'whatever a Claude script answers, on any IDE event: documented fields only, ' +
      'exit 0 or 2, nothing on stdout with exit 2, blocks as exit 2',
    () => {
      fc.assert(
        fc.property(
          claudeOutput,
          fc.constantFrom(0, 1, 2),
          fc.constantFrom(...(Object.keys(IDE_EVENTS) as (keyof typeof IDE_EVENTS)[])),
          fc.constantFrom('ask', 'deny', 'allow', undefined),
          (out, exit, ev, ask) => {
            const tool = ev.includes('tool') ? 'shell' : undefined;
            const a = readAnswer(
              'claude',
              ev,
              { exitCode: exit, stdout: JSON.stringify(out), stderr: 'ERR', timedOut: false },
              tool ? { command: 'echo hi', requires_approval: false } : undefined,
            );
            const r = emit(
              structuredClone(a),
              {
                host: 'codebuddy-ide',
                script: 'claude',
                event: ev,
                hostEvent: IDE_EVENTS[ev],
                tool,
                hostTool: tool ? 'execute_command' : undefined,
              },
              { ask, rewrite: 'deny' },
            );
            expect([0, 2]).toContain(r.exitCode);
            if (r.exitCode === 2) expect(r.stdout).toBe('');
            if (r.stdout) {
              const o = JSON.parse(r.stdout) as Record<string, unknown>;
              for (const k of Object.keys(o)) expect(DOCUMENTED.top, `top-level ${k}`).toContain(k);
              for (const k of Object.keys((o.hookSpecificOutput as object) ?? {}))
                expect(DOCUMENTED.hso, `hookSpecificOutput.${k}`).toContain(k);
            }
            // A non-tool block (prompt, Stop, PostToolUse) reaches the IDE as exit 2 with a reason on stderr.
            if (a.block) expect([r.exitCode, r.stderr.length > 0]).toEqual([2, true]);
            // A tool deny reaches it as its documented permissionDecision.
            if (a.decision === 'deny') expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
          },
        ),
        { numRuns: 1000 },
      );
    },
  );
});
