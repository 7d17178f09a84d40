import { mappings } from '../../model/mappings.js';
import { emits, emitsRaw, hookTexts, quoted, unwrapped, usesKey } from '../script-text.js';
import { defineRule, paths } from '../types.js';

type Void = NonNullable<
  NonNullable<(typeof mappings.dialects)[keyof typeof mappings.dialects]['output']>['voids']
>[number];

const STOPS = new Set(['stop', 'subagent-stop']);

/**
 * Each answer form a strict-schema agent rejects (mappings output.voids), as script text shows it. `ask` is
 * ask-headless's; an answer form that is not the hook's event's is not looked for.
 */
const FORMS: { form: Void; events?: Set<string>; found: (t: string) => string | undefined }[] = [
  {
    form: 'allow-without-updated-input',
    events: new Set(['pre-tool-use']),
    found: (t) =>
      emits(t, 'permissionDecision', 'allow') && !usesKey(t, 'updatedInput')
        ? 'permissionDecision "allow" without updatedInput'
        : undefined,
  },
  {
    form: 'updated-input-without-allow',
    events: new Set(['pre-tool-use']),
    found: (t) =>
      usesKey(t, 'updatedInput') && !emits(t, 'permissionDecision', 'allow')
        ? 'updatedInput without permissionDecision "allow"'
        : undefined,
  },
  { form: 'approve', found: (t) => (emits(t, 'decision', 'approve') ? 'decision "approve"' : undefined) },
  {
    form: 'continue-false-pre-tool-use',
    events: new Set(['pre-tool-use']),
    found: (t) =>
      emitsRaw(t, 'continue', '(?:false|False)\\b')
        ? '"continue": false'
        : emitsRaw(t, 'suppressOutput', '(?:true|True)\\b')
          ? '"suppressOutput": true'
          : undefined,
  },
  {
    form: 'deny-without-reason',
    found: (t) =>
      emits(t, 'permissionDecision', 'deny') && !usesKey(t, 'permissionDecisionReason')
        ? 'permissionDecision "deny" without permissionDecisionReason'
        : emits(t, 'decision', 'block') && !usesKey(t, 'reason')
          ? 'decision "block" without reason'
          : undefined,
  },
  {
    form: 'wrong-enum-value',
    found: (t) =>
      emitsRaw(t, 'decision', quoted('(?:deny|allow|ask)')) ? 'a top-level decision other than "block"' : undefined,
  },
  {
    form: 'hook-event-name-missing',
    found: (t) =>
      usesKey(t, 'hookSpecificOutput') && !usesKey(t, 'hookEventName')
        ? 'hookSpecificOutput without hookEventName'
        : undefined,
  },
  {
    form: 'hook-specific-output-on-stop',
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
      const voids = spec.output?.voids ?? [];
      if (!voids.length) continue;
      const texts = hookTexts(ctx, h, config);
      for (const f of FORMS) {
        if (!voids.includes(f.form) || (f.events && !f.events.has(h.event))) continue;
        const hit = texts.map((t) => ({ where: t.where, what: f.found(t.text) })).find((x) => x.what);
        if (hit)
          ctx.report({
            messageId: 'void',
            file: config.file,
            path: paths.command(h),
            data: { where: hit.where, what: hit.what!, event: h.nativeEvent, agent: spec.agent },
          });
      }
    }
  },
});
