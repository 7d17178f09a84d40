import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'script-missing',
  severity: 'error',
  description: 'The script a hook runs does not exist',
  docs: `A hook whose script is missing fails on every call with exit 127 — a non-blocking error on every agent, so
a missing guard silently lets everything through. Check the path: hooks run with the project directory as
cwd; use \`"$CLAUDE_PROJECT_DIR"/…\` for project scripts and \`\${CLAUDE_PLUGIN_ROOT}\` inside plugins.`,
  messages: { missing: '{{script}} does not exist (resolved to {{path}}): the hook fails on every call and blocks nothing' },
  sources: ['ground-truth claude d04/d05 (exit != 2 is non-blocking)'],
  check(ctx) {
    for (const { hook: h, config } of ctx.hooks()) {
      const s = ctx.script(h, config);
      if (s && !s.exists) ctx.report({ messageId: 'missing', file: config.file, path: paths.command(h), data: { script: s.raw, path: ctx.shown(s.path) } });
    }
  },
});
