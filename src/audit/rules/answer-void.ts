import { mappings } from '../../model/mappings.js';
import { answerVoid } from '../../run/answer.js';
import { hostDecides } from '../../run/host-decision.js';
import { emits, emitsRaw, hookTexts, quoted, unwrapped, usesKey } from '../script-text.js';
import { defineRule, paths } from '../types.js';

const STOPS = new Set(['stop', 'subagent-stop']);
const hso = (event: string, o: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...o } });

/**
 * Each answer form a strict-schema agent may reject, as script text shows it, with an answer of that form: whether the
 * agent rejects it is the model's (src/run/answer.ts answerVoid, from mappings output.answers and output.voids), the
 * one `hook-bridge test` reads real answers with. `ask` is ask-headless's; an answer form that is not the hook's
 * event's is not looked for.
 */
const FORMS: {
  events?: Set<string>;
  found: (t: string) => string | undefined;
  /** An answer of the form, on an event (its native name). */
  answer: (event: string) => Record<string, unknown>;
}[] = [
  {
    answer: (e) => hso(e, { permissionDecision: 'allow' }),
    events: new Set(['pre-tool-use']),
    found: (t) =>
      emits(t, 'permissionDecision', 'allow') && !usesKey(t, 'updatedInput')
        ? 'permissionDecision "allow" without updatedInput'
        : undefined,
  },
  {
    answer: (e) => hso(e, { updatedInput: { command: 'x' } }),
    events: new Set(['pre-tool-use']),
    found: (t) =>
      usesKey(t, 'updatedInput') && !emits(t, 'permissionDecision', 'allow')
        ? 'updatedInput without permissionDecision "allow"'
        : undefined,
  },
  {
    answer: () => ({ decision: 'approve' }),
    found: (t) => (emits(t, 'decision', 'approve') ? 'decision "approve"' : undefined),
  },
  {
    answer: () => ({ continue: false }),
    events: new Set(['pre-tool-use']),
    found: (t) => (emitsRaw(t, 'continue', '(?:false|False)\\b') ? '"continue": false' : undefined),
  },
  {
    answer: () => ({ suppressOutput: true }),
    events: new Set(['pre-tool-use']),
    found: (t) => (emitsRaw(t, 'suppressOutput', '(?:true|True)\\b') ? '"suppressOutput": true' : undefined),
  },
  {
    answer: (e) => hso(e, { permissionDecision: 'deny' }),
    found: (t) =>
      emits(t, 'permissionDecision', 'deny') && !usesKey(t, 'permissionDecisionReason')
        ? 'permissionDecision "deny" without permissionDecisionReason'
        : undefined,
  },
  {
    answer: () => ({ decision: 'block' }),
    found: (t) =>
      emits(t, 'decision', 'block') && !usesKey(t, 'reason') ? 'decision "block" without reason' : undefined,
  },
  {
    answer: () => ({ decision: 'deny', reason: 'r' }),
    found: (t) =>
      emitsRaw(t, 'decision', quoted('(?:deny|allow|ask)')) ? 'a top-level decision other than "block"' : undefined,
  },
  {
    answer: () => ({ hookSpecificOutput: { additionalContext: 'x' } }),
    found: (t) =>
      usesKey(t, 'hookSpecificOutput') && !usesKey(t, 'hookEventName')
        ? 'hookSpecificOutput without hookEventName'
        : undefined,
  },
  {
    answer: (e) => hso(e, { additionalContext: 'x' }),
    events: STOPS,
    found: (t) => (usesKey(t, 'hookSpecificOutput') ? 'hookSpecificOutput on a Stop hook' : undefined),
  },
];

export default defineRule({
  id: 'answer-void',
  severity: 'warning',
  description:
    'A script answers in a form the agent rejects as a whole, so the hook counts as failed and the tool runs',
  docs: `Codex CLI parses a hook's JSON answer against a closed schema: an answer
with a field or value outside it is **void as a whole** — the hook counts as failed and the call goes on, even when
the
same answer also denies. Forms Claude Code accepts that Codex voids: permissionDecision "allow" without updatedInput,
updatedInput without "allow", decision "approve", "continue": false / suppressOutput on PreToolUse, a deny or block
without a reason, a top-level decision "deny", hookSpecificOutput without hookEventName or on Stop, any unknown key;
"ask" is ask-headless's. The forms each agent
voids are data: \`mappings/dialects/<agent>.yaml\` \`output.voids\`.
Fix: answer only what the agent accepts — a deny always with its reason, an allow only with a rewrite, nothing at
all to let the call go on — or wrap the hook (\`hook-bridge convert\`), whose \`run\` answers only in the host's
schema.`,
  messages: {
    void:
      '{{where}} answers {{what}} in {{event}}: {{agent}} rejects the whole ' +
      'answer, so the hook counts as failed and the tool runs',
  },
  sources: [
    'ground-truth codex README "Output protocol"',
    'ground-truth codex d08 d09 d12 d13 d17 d21 d22 d23 d25 d28 st06',
    'mappings/dialects/*.yaml output.voids',
  ],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      // wrapped scripts are translated
      if (h.type !== 'command' || !h.command || !h.event || !unwrapped(h, host)) continue;
      const spec = mappings.dialects[host];
      if (spec.output?.answerSchema !== 'strict') continue;
      const ev = h.event;
      const texts = hookTexts(ctx, h, config);
      for (const f of FORMS) {
        if (f.events && !f.events.has(ev)) continue;
        const answer = f.answer(h.nativeEvent);
        if (!answerVoid(host, ev, answer)) continue;
        const hit = texts.map((t) => ({ where: t.where, what: f.found(t.text) })).find((x) => x.what);
        if (!hit) continue;
        const result = { exitCode: 0, stdout: JSON.stringify(answer), stderr: '', timedOut: false };
        const { outcome } = hostDecides(host, ev, result, { headless: false, permissionMode: 'default' });
        ctx.report({
          messageId: 'void',
          file: config.file,
          path: paths.command(h),
          data: { where: hit.where, what: hit.what!, event: h.nativeEvent, agent: spec.agent },
          decides: { agent: host, event: ev, decision: outcome.decision, headless: false },
        });
      }
    }
  },
});
