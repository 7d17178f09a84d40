import { DIALECT_IDS } from '../../model/dialect-ids.js';
import { mappings } from '../../model/mappings.js';
import { toolsOf } from '../../dialects/catalog.js';
import { unwrapped } from '../script-text.js';
import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'foreign-tool-literal',
  severity: 'error',
  description: 'A script compares tool names of another agent and runs unwrapped',
  docs: `A script written for one agent tests \`tool_name\` against that agent's names (\`"Bash"\`, \`"Write"\`,
\`"execute_command"\`). Run unwrapped on another agent, the comparison is never true: a guard allows
everything, a formatter never formats. Wrap the hook (\`hook-bridge convert\` does by default:
\`hook-bridge run --from <script's agent> --to <host>\`), or compare the host's names.`,
  messages: {
    foreign:
      '{{where}} compares tool name "{{name}}" ({{owner}}); {{agent}} calls ' +
      'that tool "{{hostName}}", so the check never matches',
  },
  sources: ['DESIGN.md audit', 'mappings/tools.yaml'],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      if (h.type !== 'command' || !h.command || !unwrapped(h, host)) continue; // wrapped scripts are translated
      const s = ctx.script(h, config);
      const text = `${h.command}\n${s?.text ?? ''}`;
      const hostNames = new Map(toolsOf(host).map((t) => [t.canonical, t.entry.name]));
      const reported = new Set<string>();
      for (const d of DIALECT_IDS) {
        if (d === host || mappings.dialects[d].extends === host) continue;
        for (const { canonical, entry } of toolsOf(d)) {
          const hostName = hostNames.get(canonical);
          if (
            !hostName ||
            hostName === entry.name ||
            reported.has(entry.name) ||
            toolsOf(host).some((t) => t.entry.name === entry.name)
          )
            continue;
          // a quoted literal compared or matched: "Bash", 'write_file', == Bash, case Bash)
          const re = new RegExp(`["'\`]${entry.name}["'\`]|==\\s*${entry.name}\\b|\\b${entry.name}\\)`);
          if (!re.test(text)) continue;
          reported.add(entry.name);
          ctx.report({
            messageId: 'foreign',
            file: config.file,
            path: paths.command(h),
            data: {
              where: s?.raw ?? 'the command',
              name: entry.name,
              owner: mappings.dialects[d].agent,
              agent: mappings.dialects[host].agent,
              hostName,
            },
          });
        }
      }
    }
  },
});
