import { mappings } from '../../model/mappings.js';
import { nativeEvent } from '../../dialects/catalog.js';
import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'event-unsupported',
  severity: 'error',
  description: 'The event is unknown, or the agent has no such event',
  docs: `An event name the agent does not know is skipped without a word (Qwen Code c07; Claude Code and CodeBuddy
likewise): a typo such as \`PreToolUSe\` or an event of another agent (\`InputReceived\`, \`TodoCreated\`)
silently disables the hook. Use the agent's name for the event; \`hook-bridge dialects\` lists them.`,
  messages: {
    unknown: '"{{event}}" is not a hook event of {{agent}}{{hint}}',
    absent: '{{agent}} has no {{event}} event{{hint}}',
  },
  sources: ['ground-truth qwen c07', 'mappings/events.yaml'],
  check(ctx) {
    const seen = new Set<string>();
    for (const { hook: h, config, host } of ctx.hooks()) {
      const key = `${config.file}\0${paths.event(h)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const agent = mappings.dialects[host].agent;
      if (!h.event) {
        const lower = Object.keys(mappings.index.eventByName[config.dialect]).find((n) => n.toLowerCase() === h.nativeEvent.toLowerCase());
        ctx.report({ messageId: 'unknown', file: config.file, path: paths.event(h), data: { event: h.nativeEvent, agent: mappings.dialects[config.dialect].agent, hint: lower ? ` (did you mean ${lower}?)` : '' } });
        continue;
      }
      const native = nativeEvent(host, h.event);
      if (!native || (host === config.dialect && native !== h.nativeEvent)) {
        ctx.report({ messageId: 'absent', file: config.file, path: paths.event(h), data: { agent, event: h.nativeEvent, hint: native === undefined ? ' that hook-bridge knows of' : '' } });
      } else if (native !== h.nativeEvent) {
        ctx.report({ messageId: 'unknown', file: config.file, path: paths.event(h), data: { event: h.nativeEvent, agent, hint: ` (${agent} calls it ${native})` } });
      }
    }
  },
});
