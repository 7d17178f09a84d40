import { aliasTools, canonicalTool, toolsOf } from '../../dialects/catalog.js';
import { matcherFires, isExactList } from '../../dialects/matcher.js';
import { mappings } from '../../model/mappings.js';
import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'matcher-overmatch',
  severity: 'warning',
  description: 'A matcher of plain tool names also fires for other tools (unanchored regex)',
  docs: `CodeBuddy Code tests every matcher as an unanchored regex (\`Task\` matches \`TaskCreate\`, \`Edit\` matches
\`NotebookEdit\`), and Qwen Code does the same for anything that is not an exact name
(\`edit\` also matches \`notebook_edit\`). A hook meant for one tool then runs — and may deny — for others.
Anchor it: \`^(Write|Edit)$\`.`,
  messages: { over: 'matcher {{matcher}} also fires for {{extra}} on {{agent}}; anchor it: {{suggested}}' },
  sources: ['ground-truth codebuddy u14', 'ground-truth qwen decision-tests matchers ("file")'],
  check(ctx) {
    const seen = new Set<string>();
    for (const { hook: h, config, host } of ctx.hooks()) {
      const m = h.nativeMatcher;
      if (!h.event || mappings.events[h.event]?.matcherOn !== 'tool' || typeof m !== 'string') continue;
      if (!/^[A-Za-z0-9_| ]+$/.test(m) || isExactList(host, m)) continue;
      const key = `${config.file}\0${paths.matcher(h)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const named = new Set(
        m
          .split('|')
          .map((s) => s.trim())
          .flatMap((n) => [canonicalTool(host, n), ...aliasTools(host, n)])
          .filter(Boolean),
      );
      const extra = toolsOf(host).filter(
        (t) =>
          t.entry.status !== 'historical' &&
          t.entry.status !== 'bundled' &&
          !named.has(t.canonical) &&
          matcherFires(host, m, t.entry.name),
      );
      if (!extra.length) continue;
      const parts = m
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean);
      const suggested = parts.length === 1 ? `^${parts[0]}$` : `^(${parts.join('|')})$`;
      ctx.report({
        messageId: 'over',
        file: config.file,
        path: paths.matcher(h),
        edit: { path: paths.matcher(h), value: suggested },
        data: {
          matcher: JSON.stringify(m),
          extra: extra.map((t) => t.entry.name).join(', '),
          agent: mappings.dialects[host].agent,
          suggested: JSON.stringify(suggested),
        },
      });
    }
  },
});
