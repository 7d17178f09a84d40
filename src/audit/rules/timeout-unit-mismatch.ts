import { mappings } from '../../model/mappings.js';
import { defineRule, paths } from '../types.js';

/** A timeout of an hour or more in a seconds dialect was almost certainly meant as milliseconds. */
const SUSPICIOUS_S = 3600;

export default defineRule({
  id: 'timeout-unit-mismatch',
  severity: 'warning',
  description: 'A timeout looks like milliseconds where the agent counts seconds',
  docs: `Claude Code, Qwen Code and CodeBuddy Code count hook timeouts in seconds: \`timeout: 30000\` is 8 h 20 min,
so a hung hook blocks the agent for that long (Qwen reads values of 1000 and more as milliseconds, a legacy
rule — the same config then means something else on each agent). Write seconds: \`timeout: 30\`.`,
  messages: { likelyMs: 'timeout {{value}} is {{human}} on {{agent}}, which counts seconds; did you mean {{suggested}}?' },
  sources: ['ground-truth claude to1', 'ground-truth qwen to01 to02', 'ground-truth codebuddy t13'],
  check(ctx) {
    for (const { hook: h, config } of ctx.hooks()) {
      if (h.timeoutMs === undefined) continue;
      const spec = mappings.dialects[config.dialect].timeout;
      if (spec.unit !== 's') continue;
      const raw = h.timeoutMs / 1000;
      if (raw < SUSPICIOUS_S) continue; // Qwen's legacy ms values (>= 1000) were already read as ms
      ctx.report({
        messageId: 'likelyMs',
        file: config.file,
        path: paths.timeout(h),
        data: { value: raw, human: `${(raw / 3600).toFixed(1)} h`, agent: mappings.dialects[config.dialect].agent, suggested: `timeout: ${Math.max(1, Math.round(raw / 1000))}` },
      });
    }
  },
});
