import { entryFailureOutcome } from '../failure-outcome.js';
import { defineRule, paths, shellArg } from '../types.js';

export default defineRule({
  id: 'script-not-executable',
  severity: 'error',
  description: 'A script the hook runs directly is not executable',
  docs: `A hook command that runs a script directly (\`./guard.sh\`, \`"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.py\`,
no interpreter word in front) needs the script's execute bit. Without it the shell fails with exit 126
("Permission denied") on every call: a non-blocking error on most agents, so a guard never guards and a
formatter never formats (Gemini CLI blocks on every exit from 2 up; a hook wrapped by \`hook-bridge run\` fails the way
its own agent does). Fix: \`chmod +x <script>\` (and commit the mode: \`git update-index --chmod=+x <script>\`),
or name the interpreter in the command (\`bash ./guard.sh\`).`,
  messages: { notExecutable: '{{script}} is not executable: {{outcome}}' },
  sources: ['ground-truth claude d04/d05 (exit != 2 is non-blocking)', 'mappings/dialects/*.yaml output.otherExit'],
  check(ctx) {
    for (const e of ctx.hooks()) {
      const { hook: h, config } = e;
      const s = ctx.script(h, config);
      if (!s || s.interpreter !== undefined || !s.exists || s.executable) continue;
      const target = ctx.shown(s.path);
      ctx.report({
        messageId: 'notExecutable',
        file: config.file,
        path: paths.command(h),
        data: { script: s.raw, outcome: entryFailureOutcome(ctx, e, 126) },
        fix: `chmod +x ${shellArg(target)}`,
      });
    }
  },
});
