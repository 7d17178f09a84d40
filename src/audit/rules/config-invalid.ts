import { defineRule } from '../types.js';

const HANDLED_ELSEWHERE = new Set([
  'jsonSyntaxIgnoresFile',
  'eventUnknown',
  'matcherInvalidRegex',
  'matcherUnknownTool',
  'matcherIgnored',
  'matcherArrayNeverFires',
]);

export default defineRule({
  id: 'config-invalid',
  severity: 'error',
  description: 'A hook config file cannot be parsed, or a hook entry is malformed',
  docs: `The agents skip malformed configs silently: Qwen Code ignores an unparseable settings file or a hook entry
without \`type\`; Claude Code drops every hook of a file with one entry without \`type\` or a \`timeout: 0\`.
Nothing warns you at run time. Fix the file at the reported position.`,
  messages: {
    unusable: '{{message}}',
    entry: '{{message}}',
  },
  sources: ['ground-truth claude c05 c07 c09', 'ground-truth qwen c07 c09 c10 c11'],
  check(ctx) {
    for (const c of ctx.configs) {
      if (c.unusable)
        ctx.report({
          messageId: 'unusable',
          file: c.file,
          data: {
            message:
              (c.unusable.location ? `${c.unusable.location}: ` : '') +
              `${c.unusable.message}; the agent ignores this file`,
          },
        });
      for (const d of c.diagnostics) {
        if (d.severity === 'error' && !HANDLED_ELSEWHERE.has(d.code))
          ctx.report({
            messageId: 'entry',
            file: c.file,
            ...(d.path ? { path: d.path } : {}),
            data: { message: d.message },
          });
      }
    }
  },
});
