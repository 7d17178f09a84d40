import type { DialectId } from '../../model/dialect-ids.js';
import { mappings } from '../../model/mappings.js';
import { nativeEvent } from '../../dialects/catalog.js';
import { bridgedDecision, type Decision } from '../../run/host-decision.js';
import { askRelaysSafely } from '../../run/emit.js';
import { preToolContextFate } from '../../convert/pre-tool-notes.js';
import { answerForms, reading } from '../answer-forms.js';
import { hookTexts, unwrapped } from '../script-text.js';
import { defineRule, paths } from '../types.js';

/** Why the host decides otherwise, by its own documented rule (mappings/dialects/<host>.yaml `output`). */
function why(host: keyof typeof mappings.dialects, own: Decision, got: Decision): string {
  const spec = mappings.dialects[host];
  const out = spec.output!;
  if (own === 'ask' && out.interactiveSession)
    return (
      `${spec.agent} shows a hook's ask only in its terminal UI (headless it hangs): hook-bridge relays it when ` +
      `${spec.agent}'s own rule says interactive, and denies it otherwise (output.interactiveSession)`
    );
  // An ask the host would show, not relayed for fear of a hang where nobody is there (emit.ts askRelaysSafely).
  if (own === 'ask' && out.askInteractive === 'prompt' && !askRelaysSafely(host))
    return (
      `${spec.agent} asks the user in its terminal, but what it does with an ask when nobody is there is not known ` +
      `(output.askHeadless: ${String(out.askHeadless)}), so hook-bridge denies rather than risk a hang`
    );
  if (own === 'ask')
    return out.askInteractive === 'prompt'
      ? `${spec.agent} cannot show the question here`
      : `whether ${spec.agent} asks the user on a hook's ask is not known (output.askInteractive: ` +
          `${String(out.askInteractive)}), so hook-bridge denies instead`;
  if (own === 'allow' && got === 'none')
    return (
      `${spec.agent} does not let a hook's allow bypass its permission check (output.allowBypassesPermissions: ` +
      `${String(out.allowBypassesPermissions)})`
    );
  return `by ${spec.agent}'s rules for this answer (output)`;
}

const SESSION = { headless: false, permissionMode: 'default' } as const;

/**
 * How the host treats a hook's context on an event other than PreToolUse (noteDropped's) where the script's agent
 * gives it to the model and the host does not (ignored, dropped, or not known: nothing in its rules), or undefined.
 */
function contextLost(script: DialectId, host: DialectId, event: string): string | undefined {
  if (event === 'pre-tool-use' || mappings.dialects[script].output?.additionalContext[event] !== 'to-model') return;
  const fate = mappings.dialects[host].output?.additionalContext[event];
  return fate === 'to-model' ? undefined : (fate ?? 'not stated');
}

export default defineRule({
  id: 'answer-not-carried',
  severity: 'warning',
  description:
    'A hook that runs through hook-bridge answers what the agent running it cannot honour as its own agent does',
  docs: `A hook run through \`hook-bridge run\` on another agent (a conversion, or what \`--target\` would convert)
answers in its own agent's terms, and \`run\` hands the host the nearest answer it honours. Some answers have no
equal there, by the host's documented rules (\`mappings/dialects/<agent>.yaml\` \`output\`): an \`allow\` that
Qwen Code, Gemini CLI or Codex CLI does not let bypass its own permission check (the call then goes through the
agent's usual permission prompt instead of being approved), or an \`ask\` on an agent where it is not known that it
asks the user — \`run\` denies it there, with the reason, rather than let it through. The decision is the one
\`hook-bridge test\` shows in its column "through hook-bridge" (the same model: src/run/host-decision.ts), and the
real-project suite lists each such call as a documented limit (docs/real-projects.md). Nothing to fix in the hook:
it is said so the difference is known; \`hook-bridge run --ask allow\` (or \`ask\`) chooses another answer for an ask.

A PreToolUse hook's \`additionalContext\` on a call it lets through (a reminder) reaches Claude Code's model after the
tool result. Qwen Code, CodeBuddy Code and Gemini CLI drop it on that event; hook-bridge leaves it for the PostToolUse
run of the same call, which gives it with that event's context (\`output.preToolContext: post-tool\`, an entry
\`run --pre-tool-notes\` convert adds). On an agent that drops it where nothing can carry it, this rule says the note is
lost. Likewise a SessionStart or UserPromptSubmit hook's context (its additionalContext, or the plain stdout Claude
Code takes as context there) on an agent that does not pass context on at that event (Cline runs those event files
detached), or whose rule for it is not known: nothing later in the session can carry it.`,
  messages: {
    allowNotHonoured:
      '{{where}} answers {{what}} on {{event}}: {{own}} lets the call run without asking; through hook-bridge ' +
      '{{agent}} decides {{decision}} ({{why}})',
    askDenied:
      '{{where}} answers {{what}} on {{event}}: {{own}} asks the user; through hook-bridge {{agent}} decides ' +
      '{{decision}} ({{why}})',
    differs:
      '{{where}} answers {{what}} on {{event}}: {{own}} decides {{ownDecision}}; through hook-bridge {{agent}} ' +
      'decides {{decision}} ({{why}})',
    contextLost:
      "{{where}} runs on {{event}}, where {{own}} gives a hook's context (additionalContext{{plain}}) to the model; " +
      '{{agent}} does not pass it on there (output.additionalContext: {{fate}}), and hook-bridge has nothing to ' +
      'carry it with: whatever context the hook gives is lost',
    noteDropped:
      '{{where}} answers additionalContext on {{event}}: {{own}} gives the note to the model after the tool result; ' +
      '{{agent}} drops it there, and hook-bridge cannot carry it to its {{post}} (output.preToolContext)',
  },
  /** A deny where the user would have been asked fails closed: worth knowing, not a hazard. */
  messageSeverity: { askDenied: 'info' },
  sources: [
    'mappings/dialects/*.yaml output.allowBypassesPermissions, output.askInteractive, output.preToolContext',
    'ground-truth claude d16 (a PreToolUse note after the tool result)',
    'src/run/emit.ts (what run hands the host), src/run/host-decision.ts (what the host decides)',
    'docs/real-projects.md (documented limits)',
  ],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      // Only a hook whose answer run translates: one the host runs as its own agent's reads it itself.
      if (h.type !== 'command' || !h.command || !h.event || unwrapped(h, host)) continue;
      const hostEvent = nativeEvent(host, h.event);
      if (!hostEvent) continue; // the host has no such event: event-unsupported's
      const forms = answerForms(hookTexts(ctx, h, config), h);
      const context = forms.find((f) => f.kind === 'context');
      if (context && h.event === 'pre-tool-use' && preToolContextFate(host) === 'dropped')
        ctx.report({
          messageId: 'noteDropped',
          file: config.file,
          path: paths.command(h),
          data: {
            where: context.where,
            event: h.nativeEvent,
            own: mappings.dialects[h.scriptDialect].agent,
            agent: mappings.dialects[host].agent,
            post: nativeEvent(host, 'post-tool-use') ?? 'PostToolUse',
          },
        });
      const lost = contextLost(h.scriptDialect, host, h.event);
      if (lost)
        ctx.report({
          messageId: 'contextLost',
          file: config.file,
          path: paths.command(h),
          data: {
            where: context?.where ?? 'this hook',
            event: h.nativeEvent,
            own: mappings.dialects[h.scriptDialect].agent,
            agent: mappings.dialects[host].agent,
            fate: lost,
            plain: mappings.dialects[h.scriptDialect].output?.plainStdoutContext.includes(h.event)
              ? ' or plain stdout'
              : '',
          },
        });
      for (const f of forms) {
        if (f.kind !== 'permission' && f.kind !== 'decision') continue;
        const own = reading(h.scriptDialect, h.event, f).outcome.decision;
        if (own !== 'allow' && own !== 'ask') continue;
        const decision = bridgedDecision(h.scriptDialect, host, h.event, hostEvent, own, SESSION);
        if (decision === own) continue;
        ctx.report({
          messageId: own === 'ask' ? 'askDenied' : decision === 'none' ? 'allowNotHonoured' : 'differs',
          file: config.file,
          path: paths.command(h),
          data: {
            where: f.where,
            what: f.what,
            event: h.nativeEvent,
            own: mappings.dialects[h.scriptDialect].agent,
            ownDecision: own,
            agent: mappings.dialects[host].agent,
            decision,
            why: why(host, own, decision),
          },
          decides: { agent: host, event: h.event, decision, headless: false },
        });
        break;
      }
    }
  },
});
