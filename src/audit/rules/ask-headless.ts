import { mappings } from '../../model/mappings.js';
import { answerForms, reading } from '../answer-forms.js';
import { hookTexts, unwrapped } from '../script-text.js';
import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'ask-headless',
  severity: 'warning',
  description: 'A PreToolUse script answers permissionDecision "ask", which has no one to ask in headless runs',
  docs: `\`"permissionDecision": "ask"\` hands the decision to the user. In a headless run (\`-p\`, CI, an SDK) there
is no
user: CodeBuddy Code waits for an answer that never comes and the run hangs until it is killed (under
\`-y\` it runs the tool); Claude Code and Qwen Code deny the tool with the reason. The facts
come from \`mappings/dialects/<agent>.yaml\` (\`output.askHeadless\`).
Fix: answer "deny" (with a reason saying how to proceed) or "allow" when the hook runs headless — e.g. test for a
terminal or an environment variable your CI sets — or wrap the hook: \`hook-bridge run\` relays "ask" only where the
host
asks a person and denies headless (Qwen Code, the CodeBuddy IDE), and turns it into a deny with the reason elsewhere
(CodeBuddy Code); \`--ask deny\` makes it a deny on every host. Codex CLI rejects an answer with "ask" as a whole:
the tool runs, headless or not — the guard fails open.`,
  messages: {
    hangs:
      '{{where}} answers {{field}} "ask" in {{event}}: in headless runs (-p) ' +
      '{{agent}} waits forever for an answer, so the run hangs',
    deniedHeadless:
      '{{where}} answers {{field}} "ask" in {{event}}: in headless runs ' +
      '(-p) {{agent}} denies the tool instead of asking',
    voided:
      '{{where}} answers {{field}} "ask" in {{event}}: {{agent}} rejects the ' +
      'whole answer, so the tool runs without anyone being asked',
  },
  /** A deny is a safe outcome (the guard fails closed): worth knowing, not a hazard. */
  messageSeverity: { deniedHeadless: 'info' },
  sources: [
    'ground-truth codex d10',
    'e2e gemini-facts (decision ask hangs)',
    'ground-truth codebuddy t12 t12b',
    'ground-truth claude d10',
    'ground-truth qwen d12',
    'mappings/dialects/*.yaml output.askHeadless',
  ],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      // wrapped scripts are translated
      if (h.type !== 'command' || !h.command || h.event !== 'pre-tool-use' || !unwrapped(h, host)) continue;
      const ev = h.event;
      for (const f of answerForms(hookTexts(ctx, h, config), h)) {
        if (f.value !== 'ask' || f.exitCode !== 0) continue;
        const asked = reading(host, ev, f, false);
        const r = reading(host, ev, f, true);
        // What the agent does with it when nobody can answer: waits, denies, or rejects the whole answer. An ask it
        // does not read at all (headless or not) is output-field-ignored's; one it honours headless, nobody's.
        const messageId = r.outcome.hangs
          ? 'hangs'
          : r.void
            ? 'voided'
            : r.outcome.decision === 'deny' && asked.outcome.decision === 'ask'
              ? 'deniedHeadless'
              : undefined;
        if (!messageId) continue;
        ctx.report({
          messageId,
          file: config.file,
          path: paths.command(h),
          data: {
            where: f.where,
            field: f.kind === 'permission' ? 'permissionDecision' : 'decision',
            agent: mappings.dialects[host].agent,
            event: h.nativeEvent,
          },
          decides: { agent: host, event: ev, decision: r.outcome.decision, headless: true },
        });
        break;
      }
    }
  },
});
