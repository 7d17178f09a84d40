import { matcherFires } from '../../dialects/matcher.js';
import { toolsOf } from '../../dialects/catalog.js';
import { mappings } from '../../model/mappings.js';
import { agents, gateFix, nativeReads } from '../foreign-reads.js';
import { firstKeys, hookTexts } from '../script-text.js';
import { defineRule, paths } from '../types.js';

/** The events whose payload carries the call's tool_input. */
const TOOL_EVENTS = new Set(['pre-tool-use', 'post-tool-use', 'post-tool-use-failure', 'permission-request']);
/** Those on which a hook decides whether the call runs. */
const DECIDES = new Set(['pre-tool-use', 'permission-request']);

export default defineRule({
  id: 'foreign-read-input-names',
  severity: 'error',
  description: "A hook the target runs from another agent's file reads tool_input under names the target does not send",
  docs: `GitHub Copilot CLI runs the hooks of the project's \`.claude/settings.json\` and
\`.claude/settings.local.json\` itself, and names the tools as Claude Code does there (\`Write\` for its
\`create\`), so a \`Write|Edit\` matcher fires — but \`tool_input\` keeps Copilot's own argument names: \`path\`,
\`file_text\`, \`old_str\`/\`new_str\`, not \`file_path\`, \`content\`, \`old_string\`/\`new_string\` (§4). A Claude
guard
that reads \`tool_input.file_path\` reads nothing there, finds nothing to object to, and the \`.env\` it protects is
written: an error where it decides (PreToolUse, PermissionRequest: the call goes through), a warning after the call
(PostToolUse: the hook's own work, a formatter's or a logger's, is done on nothing, and no decision changes). Fix:
\`hook-bridge convert --to copilot\` runs the hook from Copilot's own file through \`hook-bridge run\`, which hands
the script Claude's names, and gates its entry in the Claude file so Copilot's own reading of it does nothing
(Claude Code runs it as before).`,
  messages: {
    renamed:
      "{{where}} reads tool_input.{{key}}; {{agent}} runs this hook {{how}} and passes {{tool}}'s " +
      'arguments under its own names ({{has}}), so it reads nothing there',
    renamedAfter:
      "{{where}} reads tool_input.{{key}}; {{agent}} runs this hook {{how}} and passes {{tool}}'s " +
      'arguments under its own names ({{has}}), so it reads nothing there and does its work on nothing',
  },
  /** After the call nothing is decided: the hook's own work is lost, the call is not let through. */
  messageSeverity: { renamedAfter: 'warning' },
  sources: ['test/fixtures/observed/copilot/payloads/claude/PreToolUse-*.json', 'mappings/tools.yaml (copilot params)'],
  check(ctx) {
    for (const r of nativeReads(ctx)) {
      const { hook: h, config } = r;
      if (!TOOL_EVENTS.has(h.event!) || h.type !== 'command' || !h.command) continue;
      const own = r.read.dialect;
      // The tools its matcher fires for (its own agent's names: the target's reading matches those too, README §5).
      const fired = toolsOf(own).filter(
        (t) => t.entry.status !== 'historical' && matcherFires(own, h.nativeMatcher, t.entry.name),
      );
      const reported = new Set<string>();
      for (const { where, text } of hookTexts(ctx, h, config)) {
        for (const key of firstKeys(text, 'tool_input')) {
          for (const { canonical, entry } of fired) {
            const host = mappings.tools[canonical]?.[r.reader];
            if (
              !host ||
              !entry.params.some(([n]) => n === key) ||
              host.params.some(([n]) => n === key) ||
              reported.has(key)
            )
              continue;
            reported.add(key);
            ctx.report({
              messageId: DECIDES.has(h.event!) ? 'renamed' : 'renamedAfter',
              file: config.file,
              path: paths.command(h),
              data: { where, key, ...agents(r), tool: host.name, has: host.params.map(([n]) => n).join(', ') },
              fix: gateFix(ctx, r),
            });
          }
        }
      }
    }
  },
});
