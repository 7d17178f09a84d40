import { relative } from 'node:path';
import { mappings } from '../../model/mappings.js';
import { UNREAD_LOCATIONS } from '../discover.js';
import { convertFix, defineRule } from '../types.js';

export default defineRule({
  id: 'config-not-read',
  severity: 'error',
  description: 'Hooks sit in a file the agent does not read',
  docs: `Each agent reads hooks from its own files only: Qwen Code does not read \`.qwen/settings.local.json\` (ground
truth c02) nor \`.claude/settings.json\` (c03); CodeBuddy Code does not read \`.claude/\` (claude-file). Hooks there
never run. Move them into a file the agent reads, or convert them: \`hook-bridge convert --to <agent>\`.`,
  messages: {
    unread: '{{why}}: its {{count}} hook(s) never run',
    otherAgent: '{{agent}} does not read {{file}}: its {{count}} hook(s) never run there',
  },
  sources: ['ground-truth qwen c02 c03', 'ground-truth codebuddy claude-file'],
  check(ctx) {
    for (const c of ctx.configs) {
      if (!c.hooks.length) continue;
      const rel = relative(ctx.project, c.file);
      const unread = UNREAD_LOCATIONS.find((u) => u.path === rel && (ctx.target ?? u.dialect) === u.dialect);
      if (unread) ctx.report({ messageId: 'unread', file: c.file, data: { why: unread.why, count: c.hooks.length } });
      else if (ctx.target && ctx.target !== c.dialect && mappings.dialects[ctx.target].config.format === 'settings-json') {
        const cfg = mappings.dialects[ctx.target].config;
        const read = [...(cfg.project ?? []), ...(cfg.plugin ?? [])];
        if (!read.includes(rel)) {
          ctx.report({ messageId: 'otherAgent', file: c.file, data: { agent: mappings.dialects[ctx.target].agent, file: rel, count: c.hooks.length }, fix: convertFix(ctx, `--from ${c.dialect} --to ${ctx.target}`, c.file) });
        }
      }
    }
  },
});
