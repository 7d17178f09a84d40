import { visit } from 'jsonc-parser';
import { mappings } from '../../model/mappings.js';
import { defineRule } from '../types.js';

export default defineRule({
  id: 'config-comments',
  severity: 'error',
  description: 'A settings file with comments is ignored as a whole by the agent',
  docs: `Claude Code ignores a settings.json that contains a \`//\` or \`/* */\` comment — silently: none of its hooks
run and \`-p\` runs print nothing (observed, docs/observations.md). Remove the comments (move notes into a
README or a \`"$comment"\` key).`,
  messages: { ignored: '{{agent}} ignores this whole file because of the comment at {{line}}:{{col}}: none of its {{count}} hook(s) run' },
  sources: ['docs/observations.md (Claude Code 2.1.330)'],
  check(ctx) {
    for (const c of ctx.configs) {
      const host = ctx.target ?? c.dialect;
      if (!c.text || c.dialect === 'hooks-yaml' || mappings.dialects[host].config.jsonComments !== 'file-ignored') continue;
      let at: { line: number; col: number } | undefined;
      visit(c.text, { onComment: (_o, _l, line, col) => void (at ??= { line: line + 1, col: col + 1 }) });
      if (at) ctx.report({ messageId: 'ignored', file: c.file, data: { agent: mappings.dialects[host].agent, line: at.line, col: at.col, count: c.hooks.length } });
    }
  },
});
