import { hostDecides, type SessionMode } from '../../run/host-decision.js';
import { nativeEvent } from '../../dialects/catalog.js';
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
      '{{agent}} runs this hook {{how}}: on {{event}} its context (stdout, ' +
      'additionalContext) does not reach the model there, as it does on {{own}}',
    feedbackLost:
      '{{agent}} runs this hook {{how}}: on {{event}} its ' + 'exit 2 changes nothing there (on {{own}} {{what}})',
  },
  sources: [
    'test/fixtures/observed/copilot/decisions.json claude-ups-*, ' +
      'claude-ss-additionalContext, claude-post-*, claude-stop-exit2',
  ],
  check(ctx) {
    const session: SessionMode = { headless: false, permissionMode: 'default' };
    for (const r of nativeReads(ctx)) {
      const { hook: h, config } = r;
      const ev = h.event!;
      if (h.type !== 'command' || ev === 'pre-tool-use') continue;
      const own = r.read.dialect;
      const data = { ...agents(r), event: h.nativeEvent };
      // What each agent does with the same output, by the model `hook-bridge test` decides with: the file's own agent,
      // and the target in the mode it runs the file in.
      const on = (agent: typeof own, mode: string | undefined, stdout: string, exitCode = 0, stderr = '') =>
        hostDecides(agent, ev, { exitCode, stdout, stderr, timedOut: false }, session, mode).outcome;
      // Context as plain stdout, and as additionalContext.
      const hso = { hookEventName: nativeEvent(own, ev) ?? h.nativeEvent, additionalContext: 'context' };
      const context = (agent: typeof own, mode: string | undefined) =>
        ['context\n', `${JSON.stringify({ hookSpecificOutput: hso })}\n`].some(
          (out) => on(agent, mode, out).context.length > 0,
        );
      if (context(own, undefined) && !context(r.reader, r.read.mode))
        ctx.report({ messageId: 'contextLost', file: config.file, path: paths.command(h), data, fix: gateFix(ctx, r) });
      // Exit 2 after a tool shows stderr to the model, on Stop keeps the agent going (Claude Code's rules); here it is
      // lost.
      const what =
        ev === 'stop' || ev === 'subagent-stop'
          ? 'it keeps the agent going'
          : ev === 'post-tool-use'
            ? 'its stderr reaches the model'
            : undefined;
      const exit2 = (agent: typeof own, mode: string | undefined) => on(agent, mode, '', 2, 'reason\n').decision;
      if (what && exit2(own, undefined) === 'block' && exit2(r.reader, r.read.mode) !== 'block')
        ctx.report({
          messageId: 'feedbackLost',
          file: config.file,
          path: paths.command(h),
          data: { ...data, what },
          fix: gateFix(ctx, r),
          decides: { agent: r.reader, event: ev, decision: exit2(r.reader, r.read.mode), headless: false },
        });
    }
  },
});
