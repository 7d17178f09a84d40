import { mappings } from '../../model/mappings.js';
import { nativeEvent, placeEvent } from '../../dialects/catalog.js';
import { DIALECT_IDS } from '../../model/dialect-ids.js';
import { closestName } from '../../model/suggest.js';
import { readEvents } from '../../dialects/foreign-gate.js';
import { copiedMode } from '../foreign-reads.js';
import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'event-unsupported',
  severity: 'error',
  description: 'The event is unknown, or the agent has no such event',
  docs: `An event name the agent does not know is skipped without a word (Qwen Code, Claude Code and CodeBuddy
alike): a typo such as \`PreToolUSe\` or an event of another agent (\`InputReceived\`, \`TodoCreated\`)
silently disables the hook. Use the agent's name for the event; \`hook-bridge dialects\` lists them with the
evidence for each (observed on the real agent, or documented by its docs or its own bundle). A documented
event is an event of its agent: it is never reported on that agent. A name close to a known event is
reported as the likely typo (error); a name hook-bridge has never seen anywhere may be an event newer than
the agent version it knows (warning).`,
  messages: {
    unknown: '"{{event}}" is not a hook event of {{agent}}{{hint}}',
    unseen:
      '"{{event}}" is not a hook event hook-bridge knows for ' +
      '{{agent}}{{hint}}: if it is newer, check that your version has it',
    absent: '{{agent}} has no {{event}} event{{hint}}',
  },
  messageSeverity: { unseen: 'warning' },
  sources: ['ground-truth qwen c07', "mappings/events.yaml (observed, and the agents' own event enums)"],
  check(ctx) {
    const seen = new Set<string>();
    for (const { hook: h, config, host } of ctx.hooks()) {
      const key = `${config.file}\0${paths.event(h)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const agent = mappings.dialects[host].agent;
      if (!h.event) {
        const own = mappings.dialects[config.dialect];
        const close = closestName(h.nativeEvent, Object.keys(mappings.index.eventByName[config.dialect]));
        const elsewhere = DIALECT_IDS.find(
          (d) => mappings.index.eventByName[d][h.nativeEvent] && !mappings.dialects[d].payloadDialect,
        );
        if (elsewhere)
          ctx.report({
            messageId: 'absent',
            file: config.file,
            path: paths.event(h),
            data: {
              agent: own.agent,
              event: h.nativeEvent,
              hint: ` (it is a ${mappings.dialects[elsewhere].agent} event)`,
            },
          });
        else if (close)
          ctx.report({
            messageId: 'unknown',
            file: config.file,
            path: paths.event(h),
            data: { event: h.nativeEvent, agent: own.agent, hint: ` (did you mean ${close}?)` },
          });
        else
          ctx.report({
            messageId: 'unseen',
            file: config.file,
            path: paths.event(h),
            data: {
              event: h.nativeEvent,
              agent: own.agent,
              hint: own.observedVersion ? ` (up to ${own.agent} ${own.observedVersion})` : '',
            },
          });
        continue;
      }
      // Copied into another agent's file, an event named as one of its modes names it runs in that mode there (Copilot
      // CLI: a PascalCase event, its Claude-compatible mode), where the mode fires it.
      const mode = host === config.dialect ? undefined : copiedMode(host, h);
      const read = mode && mappings.dialects[host].config.readsForeign?.find((r) => r.mode === mode);
      if (read && readEvents(read).includes(h.event)) continue;
      // On another agent, a format's own event is placed on its nearest event (hooks.yaml AppStartup = SessionStart).
      const place = host === config.dialect ? undefined : placeEvent(host, h.event);
      const native = host === config.dialect ? mappings.events[h.event]?.names[host] : place?.native;
      if (!native || (host === config.dialect && native !== h.nativeEvent)) {
        // null: verified absent (the agent's own event enum lacks it); undefined: not researched.
        const hint = nativeEvent(host, h.event) === undefined ? ' that hook-bridge knows of' : '';
        ctx.report({
          messageId: 'absent',
          file: config.file,
          path: paths.event(h),
          data: { agent, event: h.nativeEvent, hint },
        });
      } else if (native !== h.nativeEvent && !place?.nearest) {
        ctx.report({
          messageId: 'unknown',
          file: config.file,
          path: paths.event(h),
          data: { event: h.nativeEvent, agent, hint: ` (${agent} calls it ${native})` },
        });
      }
    }
  },
});
