import { mappings } from '../../model/mappings.js';
import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'matcher-ignored',
  severity: 'info',
  description: 'A matcher on an event that ignores matchers',
  docs: `Some events have nothing to match against — \`UserPromptSubmit\`, \`Stop\`, \`SubagentStop\`,
\`PostToolBatch\` … —
and every agent ignores a \`matcher\` there (mappings/events.yaml \`matcherOn: ~\`). The hook runs on every
occurrence of the event, whatever the matcher says: a \`"matcher": "Bash"\` on \`Stop\` does not limit the hook to
sessions that used Bash. Remove the matcher, and filter inside the script on the payload if you need to.`,
  messages: {
    ignored:
      'matcher {{matcher}} on {{event}} has no effect: {{agent}} ignores ' +
      'matchers on this event and runs the hook every time',
  },
  sources: ['mappings/events.yaml matcherOn'],
  check(ctx) {
    const seen = new Set<string>();
    for (const { hook: h, config, host } of ctx.hooks()) {
      if (!h.event) continue;
      const row = mappings.events[h.event];
      // unknown or absent events: event-unsupported
      if (!row || row.matcherOn !== null || typeof row.names[host] !== 'string') continue;
      const m = h.nativeMatcher;
      if (m === undefined || m === null || m === '' || m === '*') continue; // means "everything" anyway
      const path = paths.matcher(h);
      const key = `${config.file}\0${path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      ctx.report({
        messageId: 'ignored',
        file: config.file,
        path,
        data: { matcher: JSON.stringify(m), event: h.nativeEvent, agent: mappings.dialects[host].agent },
      });
    }
  },
});
