import { DIALECT_IDS } from '../../model/dialect-ids.js';
import { mappings } from '../../model/mappings.js';
import { toolsOf } from '../../dialects/catalog.js';
import { code, unwrapped } from '../script-text.js';
import { comparedToolNames } from '../tool-compare.js';
import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'foreign-tool-literal',
  severity: 'error',
  description: 'A script compares tool names of another agent and runs unwrapped',
  docs: `A script written for one agent tests \`tool_name\` against that agent's names (\`"Bash"\`, \`"Write"\`,
\`"execute_command"\`). Run unwrapped on another agent, the comparison is never true: a guard allows
everything, a formatter never formats. Only a comparison with the payload's tool name counts (\`==\`, \`case … in\`,
\`in (…)\`, \`.includes()\`, \`switch\`, a regex tested against it), on events that have a tool; a script that
compares the agent's own name for the same tool as well handles both agents on purpose. Wrap the hook
(\`hook-bridge convert\` does by default: \`hook-bridge run --from <script's agent> --to <host>\`), or compare the
host's names.`,
  messages: {
    foreign:
      '{{where}} compares tool name "{{name}}" ({{owner}}); {{agent}} calls ' +
      'that tool "{{hostName}}", so the check never matches',
  },
  sources: ['DESIGN.md audit', 'mappings/tools.yaml'],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      if (h.type !== 'command' || !h.command || !unwrapped(h, host)) continue; // wrapped scripts are translated
      // Only a call of a tool has a tool name to compare (not SessionStart, Stop …).
      if (!h.event || mappings.events[h.event]?.matcherOn !== 'tool') continue;
      const s = ctx.script(h, config);
      const field = mappings.dialects[host].payload?.fieldNames?.tool_name ?? 'tool_name';
      const texts = [
        { where: 'the command', text: code(h.command) },
        ...(s?.text ? [{ where: s.raw, text: code(s.text) }] : []),
      ];
      const own = toolsOf(host);
      const hostNames = new Map(own.map((t) => [t.canonical, t.entry.name]));
      for (const { where, text } of texts) {
        const compared = comparedToolNames(text, field);
        for (const name of compared) {
          if (own.some((t) => t.entry.name === name)) continue; // a name the host sends
          const owners = DIALECT_IDS.filter(
            (d) =>
              d !== host &&
              mappings.dialects[d].payloadDialect !== host &&
              mappings.dialects[d].payloadDialect === undefined &&
              toolsOf(d).some((t) => t.entry.name === name && hostNames.has(t.canonical)),
          );
          const canonical = owners.length
            ? toolsOf(owners[0]!).find((t) => t.entry.name === name)!.canonical
            : undefined;
          const hostName = canonical && hostNames.get(canonical);
          // A script that compares the host's name for the same tool too handles both agents on purpose.
          if (!hostName || compared.has(hostName)) continue;
          ctx.report({
            messageId: 'foreign',
            file: config.file,
            path: paths.command(h),
            data: {
              where,
              name,
              owner: owners.map((d) => mappings.dialects[d].agent).join(', '),
              agent: mappings.dialects[host].agent,
              hostName,
            },
          });
        }
      }
    }
  },
});
