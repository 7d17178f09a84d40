import { relative } from 'node:path';
import { mappings } from '../../model/mappings.js';
import { UNREAD_LOCATIONS } from '../discover.js';
import { conversionOf, unreadBy } from '../converted-source.js';
import { convertFix, defineRule } from '../types.js';

export default defineRule({
  id: 'config-not-read',
  severity: 'error',
  description: 'Hooks sit in a file the agent does not read',
  docs: `Each agent reads hooks from its own files only: Qwen Code does not read \`.qwen/settings.local.json\` nor
\`.claude/settings.json\`; CodeBuddy Code does not read \`.claude/\`. Hooks there never run. Move them into a file the
agent reads, or convert them: \`hook-bridge convert --to <agent>\`. Audited for another agent (\`--target\`), a file
whose hooks were converted already (the target's file holds hook-bridge's conversion of them) is a note, not an error,
and the other rules audit the conversion, not that file's hooks as copies (a hook convert dropped is still audited).`,
  messages: {
    unread: '{{why}}: its {{count}} hook(s) never run',
    otherAgent: '{{agent}} does not read {{file}}: its {{count}} hook(s) never run there',
    converted:
      "{{agent}} does not read {{file}}; {{target}} holds hook-bridge's conversion of its {{count}} hook(s), " +
      'which runs them there',
  },
  messageSeverity: { converted: 'info' },
  sources: [
    'ground-truth qwen c02 c03',
    'ground-truth codebuddy claude-file',
    'mappings/dialects/*.yaml config.notRead',
  ],
  check(ctx) {
    for (const c of ctx.configs) {
      if (!c.hooks.length) continue;
      const rel = relative(ctx.project, c.file);
      const unread = UNREAD_LOCATIONS.find((u) => u.path === rel && (ctx.target ?? u.dialect) === u.dialect);
      if (unread) ctx.report({ messageId: 'unread', file: c.file, data: { why: unread.why, count: c.hooks.length } });
      else if (ctx.target && unreadBy(ctx.target, c, ctx.project)) {
        const data = { agent: mappings.dialects[ctx.target].agent, file: rel, count: c.hooks.length };
        const done = conversionOf(c, ctx.target, ctx.configs, ctx.project);
        if (done)
          ctx.report({
            messageId: 'converted',
            file: c.file,
            data: { ...data, target: relative(ctx.project, done.file) },
          });
        else
          ctx.report({
            messageId: 'otherAgent',
            file: c.file,
            data,
            fix: convertFix(ctx, `--from ${c.dialect} --to ${ctx.target}`, c.file),
          });
      }
    }
  },
});
