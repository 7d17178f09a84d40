import { lineCol } from '../../dialects/jsonc.js';
import { syntaxThatIgnoresFile } from '../../dialects/json-syntax.js';
import { mappings } from '../../model/mappings.js';
import { defineRule } from '../types.js';

export default defineRule({
  id: 'config-file-ignored',
  severity: 'error',
  description: 'Lenient JSON (a comment or a trailing comma) makes the agent ignore the whole settings file',
  docs: `Claude Code ignores a settings.json that contains a \`//\` or \`/* */\` comment or a trailing comma, and Qwen
Code ignores one with a trailing comma — silently: none of the file's hooks run and headless runs print
nothing (observed, docs/observations.md). Remove the comments (keep notes in a README or a \`"$comment"\`
key) and the trailing commas.`,
  messages: {
    comment: '{{agent}} ignores this whole file because of the comment at {{at}}: none of its {{count}} hook(s) run',
    trailingComma:
      '{{agent}} ignores this whole file because of the trailing comma at {{at}}: none of its {{count}} hook(s) run',
  },
  sources: ['docs/observations.md (Claude Code 2.1.330, Qwen Code 0.24.4)'],
  check(ctx) {
    for (const c of ctx.configs) {
      const host = ctx.target ?? c.dialect;
      if (
        !c.text ||
        mappings.dialects[c.dialect].config.format !== 'settings-json' ||
        mappings.dialects[host].config.format !== 'settings-json'
      )
        continue;
      const found = syntaxThatIgnoresFile(c.text, mappings.dialects[host]);
      if (found)
        ctx.report({
          messageId: found.kind,
          file: c.file,
          data: { agent: mappings.dialects[host].agent, at: lineCol(c.text, found.offset), count: c.hooks.length },
        });
    }
  },
});
