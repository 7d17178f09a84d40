import { matcherFires } from '../../dialects/matcher.js';
import { toolsOf } from '../../dialects/catalog.js';
import { DIALECT_IDS } from '../../model/dialect-ids.js';
import { mappings } from '../../model/mappings.js';
import { firstKeys, hookTexts, toolsTested, unwrapped } from '../script-text.js';
import { defineRule, paths } from '../types.js';

/** The events whose payload carries the call's tool_input. */
const TOOL_EVENTS = new Set(['pre-tool-use', 'post-tool-use', 'post-tool-use-failure', 'permission-request']);

export default defineRule({
  id: 'input-shape-differs',
  severity: 'warning',
  description: "A tool hook's script reads a tool_input field the host's tool call does not have",
  docs: `Agents name a tool's parameters differently, and some do a job with another tool altogether: Codex CLI has no
Write or Edit — every file edit is one \`apply_patch\` call whose \`tool_input\` is \`{"command": "<patch text>"}\`
(one patch may add, update, move and delete several files), and its matchers \`Write\` and \`Edit\` select that call.
A Claude guard copied there that reads \`tool_input.file_path\` or
\`tool_input.content\` reads nothing — and a guard that finds nothing to object to allows: the protected file is
written. The same holds for any parameter the host names differently.
Fix: wrap the hook (\`hook-bridge convert\` writes \`hook-bridge run --from <script's agent> --to <host>\`, which hands
the script the tool calls it was written for — on Codex CLI one Write or Edit per file of the patch), or read the
host's input (the patch text under \`command\` on Codex CLI). A script that tests \`tool_name\` before reading
(\`if p['tool_name'] == 'Bash': cmd = p['tool_input']['command']\`) is checked for the tools it names only.`,
  messages: {
    missing:
      "{{where}} reads tool_input.{{key}} ({{owner}}'s {{tool}} input); {{agent}} calls {{hostName}} with " +
      '{{{has}}} instead, so it reads nothing',
  },
  sources: [
    'mappings/tools.yaml params, covers (ground-truth payloads of every agent)',
    'ground-truth codex e01-e10 matcher-tests.json',
  ],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      if (
        !h.event ||
        !TOOL_EVENTS.has(h.event) ||
        h.type !== 'command' ||
        !h.command ||
        !unwrapped(h, host) ||
        mappings.dialects[host].payloadDialect
      )
        continue;
      const fired = toolsOf(host).filter(
        (t) =>
          t.entry.paramsComplete &&
          t.entry.status !== 'historical' &&
          matcherFires(host, h.nativeMatcher, t.entry.name),
      );
      const reported = new Set<string>();
      for (const { where, text } of hookTexts(ctx, h, config)) {
        // A script that tests the tool (`if tool_name == 'Bash'`) reads its input for the tools it names only.
        const tested = toolsTested(text, new Set(fired.map((t) => t.entry.name)));
        for (const key of firstKeys(text, 'tool_input')) {
          for (const { canonical, entry } of fired) {
            if (tested && !tested.has(entry.name)) continue;
            if (entry.params.some(([n]) => n === key) || reported.has(`${key}\0${canonical}`)) continue;
            // Whose input is it? Another agent's call of the same tool (or of one this tool covers) with this
            // parameter.
            const found = [canonical, ...(entry.covers ?? [])]
              .flatMap((c) => DIALECT_IDS.map((d) => ({ c, d })))
              .find(
                ({ c, d }) =>
                  d !== host &&
                  !mappings.dialects[d].payloadDialect &&
                  (mappings.tools[c]?.[d]?.params.some(([n]) => n === key) ?? false),
              );
            if (!found) continue;
            reported.add(`${key}\0${canonical}`);
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
                hostName: entry.name,
                has: entry.params.map(([n]) => n).join(', '),
              },
            });
          }
        }
      }
    }
  },
});
