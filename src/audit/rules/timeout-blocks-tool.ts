import { DIALECT_IDS } from '../../model/dialect-ids.js';
import { mappings } from '../../model/mappings.js';
import { unwrapped } from '../script-text.js';
import { defineRule, paths } from '../types.js';

/** What a block means on each blocking event (the event's semantics, not an agent's). */
const CONSEQUENCE: Record<string, string> = {
  'pre-tool-use': 'blocks the tool',
  'user-prompt-submit': 'drops the prompt',
};

/** Agents (not aliases of another) on which a timed-out hook lets the work proceed. */
const PROCEED = DIALECT_IDS.filter(
  (d) => !mappings.dialects[d].payloadDialect && mappings.dialects[d].timeout.onTimeout === 'proceed',
).map((d) => mappings.dialects[d].agent);

export default defineRule({
  id: 'timeout-blocks-tool',
  severity: 'warning',
  description: 'A blocking hook runs unwrapped on an agent where a timeout blocks the tool or drops the prompt',
  docs: `On CodeBuddy Code a hook that times out counts as a block: a timed-out PreToolUse hook BLOCKS the tool ("Hook
timed out after 2000ms") and a timed-out UserPromptSubmit hook drops the prompt. Claude Code and
Qwen Code let the work proceed. A script written for Claude Code semantics — a slow
linter, a network check, a hung \`git\` — then stops the agent whenever it is slow. The facts come from
\`mappings/dialects/<agent>.yaml\` (\`timeout.onTimeout\`).
Fix: wrap the hook as a script of an agent that proceeds — keep it in \`.claude/settings.json\` and run
\`hook-bridge convert --to codebuddy\`, which writes \`hook-bridge run --from claude --to codebuddy …\` and sets the
host
timeout above the wrapper's, so the wrapper's timeout fires first and the script agent's rule (proceed) decides;
\`hook-bridge run --on-timeout allow\` chooses it explicitly. Otherwise keep the hook fast and give it a \`timeout\` it
never reaches.`,
  messages: {
    blocks:
      'if this {{event}} hook times out (after {{after}}), {{agent}} {{consequence}}; {{others}} would let it proceed',
  },
  sources: [
    'ground-truth codebuddy t13',
    'ground-truth claude to1 to2',
    'ground-truth qwen to01',
    'mappings/dialects/*.yaml timeout.onTimeout',
  ],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      const consequence = h.event ? CONSEQUENCE[h.event] : undefined;
      if (!consequence || h.type !== 'command' || !h.command) continue;
      const spec = mappings.dialects[host];
      if (!unwrapped(h, host)) continue; // wrapped: the wrapper's timeout and the script agent's rule decide
      if (spec.timeout.onTimeout !== 'block') continue;
      const def =
        spec.timeout.default === null
          ? null
          : spec.timeout.unit === 'ms'
            ? spec.timeout.default / 1000
            : spec.timeout.default;
      const after =
        h.timeoutMs !== undefined
          ? `${h.timeoutMs / 1000} s`
          : def !== null
            ? `${def} s, its default`
            : 'its default timeout';
      ctx.report({
        messageId: 'blocks',
        file: config.file,
        path: h.timeoutMs !== undefined ? paths.timeout(h) : paths.handler(h),
        data: {
          event: h.nativeEvent,
          after,
          agent: spec.agent,
          consequence,
          others:
            PROCEED.length > 1
              ? `${PROCEED.slice(0, -1).join(', ')} and ${PROCEED.at(-1)}`
              : (PROCEED[0] ?? 'other agents'),
        },
      });
    }
  },
});
