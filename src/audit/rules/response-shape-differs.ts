import { matcherFires } from '../../dialects/matcher.js';
import { toolsOf } from '../../dialects/catalog.js';
import { DIALECT_IDS } from '../../model/dialect-ids.js';
import { mappings, type ToolEntry } from '../../model/mappings.js';
import { firstKeys, hookTexts, toolsTested, unwrapped } from '../script-text.js';
import { defineRule, paths } from '../types.js';

const SHAPES: Record<Exclude<ToolEntry['response'], string[] | undefined>, string> = {
  text: 'a string',
  lines: 'a list of lines',
  'llm-text': '{llmContent, returnDisplay}',
};

export default defineRule({
  id: 'response-shape-differs',
  severity: 'warning',
  description: "A PostToolUse script reads a tool_response field the host's result does not have",
  docs: `Each agent answers a tool call with its own result shape: Claude Code sends \`{stdout, stderr, …}\` for Bash
and
\`{filenames, …}\` for Glob, Qwen Code sends \`{llmContent, returnDisplay}\` text, CodeBuddy Code a string or a list
of
lines for Read, Write, Edit, Glob and Grep. A script that reads
\`tool_response.stdout\` or \`tool_response.filenames\` and runs unwrapped on another agent reads nothing: a
formatter or a secret scanner silently does nothing. Wrap the hook (\`hook-bridge convert\` does by default:
\`hook-bridge run\` hands the script its own agent's shape for these tools), or read the host's shape.`,
  messages: {
    missing:
      "{{where}} reads tool_response.{{key}} ({{owner}}'s {{tool}} result); {{agent}} sends {{shape}} for " +
      '{{hostName}}, so it reads nothing',
  },
  sources: [
    'mappings/tools.yaml response (ground-truth and observed PostToolUse ' +
      'payloads: test/fixtures/ground-truth, test/fixtures/observed)',
  ],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      if (
        h.event !== 'post-tool-use' ||
        h.type !== 'command' ||
        !h.command ||
        !unwrapped(h, host) ||
        mappings.dialects[host].payloadDialect
      )
        continue;
      const m = h.nativeMatcher;
      const fired = toolsOf(host).filter((t) => t.entry.response && matcherFires(host, m, t.entry.name));
      const reported = new Set<string>();
      for (const { where, text } of hookTexts(ctx, h, config)) {
        // A script that tests the tool (`if tool_name == 'Bash'`) reads its result for the tools it names only.
        const tested = toolsTested(text, new Set(fired.map((t) => t.entry.name)));
        for (const key of firstKeys(text, 'tool_response')) {
          for (const { canonical, entry } of fired) {
            if (tested && !tested.has(entry.name)) continue;
            const own = entry.response!;
            if ((Array.isArray(own) && own.includes(key)) || reported.has(`${key}\0${canonical}`)) continue;
            // Whose shape is it? Another agent's result for the same tool (or one this tool covers: Codex's apply_patch
            // is Write and Edit) that has this key.
            const found = [canonical, ...(entry.covers ?? [])]
              .flatMap((c) => DIALECT_IDS.map((d) => ({ c, d })))
              .find(({ c, d }) => {
                const r = mappings.tools[c]?.[d]?.response;
                return d !== host && !mappings.dialects[d].payloadDialect && Array.isArray(r) && r.includes(key);
              });
            if (!found) continue;
            reported.add(`${key}\0${canonical}`);
            const shape = Array.isArray(own) ? `an object without ${key}` : SHAPES[own];
            ctx.report({
              messageId: 'missing',
              file: config.file,
              path: paths.command(h),
              data: {
                where,
                key,
                owner: mappings.dialects[found.d].agent,
                tool: mappings.tools[found.c]![found.d]!.name,
                agent: mappings.dialects[host].agent,
                shape,
                hostName: entry.name,
              },
            });
          }
        }
      }
    }
  },
});
