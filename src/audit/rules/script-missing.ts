import { entryFailureOutcome, missingScriptExit } from '../failure-outcome.js';
import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'script-missing',
  severity: 'error',
  description: 'The script a hook runs does not exist',
  docs: `A hook whose script is missing fails on every call, and what that does depends on who starts it: run directly
the shell exits 127, \`bash x.sh\` 127, \`node x.js\` 1 — a non-blocking error on most agents, so a missing guard
silently lets everything through — but \`python3 x.py\` and \`perl x.pl\` exit 2, which blocks every tool call (or
prompt) the hook fires for, and Gemini CLI blocks on every exit from 2 up. A hook wrapped by \`hook-bridge run\` fails
the way its own agent does. Check the path: hooks run with the project directory as cwd; use
\`"$CLAUDE_PROJECT_DIR"/…\` for project scripts and \`\${CLAUDE_PLUGIN_ROOT}\` inside plugins.`,
  messages: { missing: '{{script}} does not exist (resolved to {{path}}): {{outcome}}' },
  sources: ['ground-truth claude d04/d05 (exit != 2 is non-blocking)', 'mappings/dialects/*.yaml output.otherExit'],
  check(ctx) {
    for (const e of ctx.hooks()) {
      const { hook: h, config } = e;
      const s = ctx.script(h, config);
      if (s && !s.exists)
        ctx.report({
          messageId: 'missing',
          file: config.file,
          path: paths.command(h),
          data: {
            script: s.raw,
            path: ctx.shown(s.path),
            outcome: entryFailureOutcome(ctx, e, missingScriptExit(s.interpreter)),
          },
        });
    }
  },
});
