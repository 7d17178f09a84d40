import { isExactList } from '../../dialects/matcher.js';
import { mappings } from '../../model/mappings.js';
import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'matcher-invalid',
  severity: 'error',
  description: 'The matcher is not a valid regular expression, so it never fires',
  docs: `Every agent tests matchers that are not plain name lists as JavaScript regular expressions; an invalid one
(\`(\`, \`Bash[\`) makes the hook never fire, with at most a warning in a log file (Claude Code, CodeBuddy Code).
Fix the pattern, or list names with \`|\`.`,
  messages: { invalid: 'matcher {{matcher}} is not a valid regular expression: this hook never fires on {{agent}}' },
  sources: ['ground-truth claude matcher-tests m_badre', 'ground-truth codebuddy u14'],
  check(ctx) {
    const seen = new Set<string>();
    for (const { hook: h, config, host } of ctx.hooks()) {
      const key = `${config.file}\0${paths.matcher(h)}`;
      if (seen.has(key) || typeof h.nativeMatcher !== 'string' || h.nativeMatcher === '*' || h.nativeMatcher === '')
        continue;
      seen.add(key);
      if (isExactList(host, h.nativeMatcher)) continue;
      try {
        new RegExp(h.nativeMatcher);
      } catch {
        ctx.report({
          messageId: 'invalid',
          file: config.file,
          path: paths.matcher(h),
          data: { matcher: JSON.stringify(h.nativeMatcher), agent: mappings.dialects[host].agent },
        });
      }
    }
  },
});
