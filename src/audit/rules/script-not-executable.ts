import { defineRule, paths, shellArg } from '../types.js';

export default defineRule({
  id: 'script-not-executable',
  severity: 'error',
  description: 'A script the hook runs directly is not executable',
  docs: `A hook command that runs a script directly (\`./guard.sh\`, \`"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.py\`,
no interpreter word in front) needs the script's execute bit. Without it the shell fails with exit 126
("Permission denied") on every call: a non-blocking error on every agent, so a guard never guards and a
formatter never formats. Fix: \`chmod +x <script>\` (and commit the mode: \`git update-index --chmod=+x <script>\`),
or name the interpreter in the command (\`bash ./guard.sh\`).`,
  messages: { notExecutable: '{{script}} is not executable: every call fails with exit 126 (non-blocking), so the hook never takes effect' },
  sources: ['ground-truth claude d04/d05 (exit != 2 is non-blocking)'],
  check(ctx) {
    for (const { hook: h, config } of ctx.hooks()) {
      const s = ctx.script(h, config);
      if (!s || s.interpreter !== undefined || !s.exists || s.executable) continue;
      const target = ctx.shown(s.path);
      ctx.report({ messageId: 'notExecutable', file: config.file, path: paths.command(h), data: { script: s.raw }, fix: `chmod +x ${shellArg(target)}` });
    }
  },
});
