import { mappings } from '../../model/mappings.js';
import { agents, gateFix, nativeReads } from '../foreign-reads.js';
import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'foreign-read-output-lost',
  severity: 'warning',
  description: "What a hook the target runs from another agent's file tells the model does not reach it there",
  docs: `GitHub Copilot CLI runs the hooks of \`.claude/settings.json\` itself, and in that (Claude-compatible) mode it
delivers
less of their answers than Claude Code: a UserPromptSubmit or
SessionStart hook's stdout and \`additionalContext\`, and a PostToolUse hook's \`additionalContext\`, never reach the
model; an exit 2 after a tool or on Stop (Claude: feedback to the model, or one more turn) changes nothing.
Fix: \`hook-bridge convert --to copilot\` runs the hook from Copilot's own file, whose answers reach the model
(\`additionalContext\` on sessionStart, userPromptSubmitted and postToolUse), through \`hook-bridge run\`, which turns
Claude's forms into those; the Claude file's entry is gated so Copilot's own reading of it does nothing.`,
  messages: {
    contextLost:
      '{{agent}} runs this hook from {{file}} itself: on {{event}} its context (stdout, ' +
      'additionalContext) does not reach the model there, as it does on {{own}}',
    feedbackLost:
      '{{agent}} runs this hook from {{file}} itself: on {{event}} its ' +
      'exit 2 changes nothing there (on {{own}} {{what}})',
  },
  sources: [
    'test/fixtures/observed/copilot/decisions.json claude-ups-*, ' +
      'claude-ss-additionalContext, claude-post-*, claude-stop-exit2',
  ],
  check(ctx) {
    for (const r of nativeReads(ctx)) {
      const { hook: h, config } = r;
      const ev = h.event!;
      const own = mappings.dialects[r.read.dialect].output;
      const there = r.spec.output;
      if (h.type !== 'command' || !own || !there) continue;
      const data = { ...agents(r), event: h.nativeEvent };
      const ownDelivers = own.additionalContext[ev] === 'to-model' || own.plainStdoutContext.includes(ev);
      const delivers = there.additionalContext[ev] === 'to-model' || there.plainStdoutContext.includes(ev);
      if (ownDelivers && !delivers && ev !== 'pre-tool-use')
        ctx.report({ messageId: 'contextLost', file: config.file, path: paths.command(h), data, fix: gateFix(ctx, r) });
      // Exit 2 after a tool shows stderr to the model, on Stop keeps the agent going (Claude Code's rules); here it is
      // lost.
      const what =
        ev === 'stop' || ev === 'subagent-stop'
          ? 'it keeps the agent going'
          : ev === 'post-tool-use'
            ? 'its stderr reaches the model'
            : undefined;
      if (what && there.exit2OnNonBlockingEvents === 'not-shown')
        ctx.report({
          messageId: 'feedbackLost',
          file: config.file,
          path: paths.command(h),
          data: { ...data, what },
          fix: gateFix(ctx, r),
        });
    }
  },
});
