import { mappings } from '../../model/mappings.js';
import { parseGroup, parseWrapper } from '../../dialects/wrapper.js';
import { valueAt } from '../../dialects/json-path.js';
import { configSyntax, defineRule, paths } from '../types.js';

/** A timeout of an hour or more in a seconds dialect was almost certainly meant as milliseconds. */
const SUSPICIOUS_S = 3600;
/** A timeout under a second in a milliseconds dialect (Gemini CLI) was almost certainly meant as seconds. */
const SUSPICIOUS_MS = 1000;

export default defineRule({
  id: 'timeout-unit-mismatch',
  severity: 'warning',
  description:
    'A timeout looks like milliseconds where the agent counts seconds, or seconds where it counts milliseconds',
  docs: `Claude Code, Qwen Code and CodeBuddy Code count hook timeouts in seconds: \`timeout: 30000\` is 8 h 20 min,
so a hung hook blocks the agent for that long (Qwen reads values of 1000 and more as milliseconds, a legacy
rule — the same config then means something else on each agent). Write seconds: \`timeout: 30\`. The finding
quotes the value as the file holds it, with the unit the agent reads it in: \`timeout: 30005000\` in a Qwen
config is milliseconds, 8.3 h; in a converted config the script's own timeout is the wrapper's
\`hook-bridge run --timeout\` (seconds) — fix the source and convert again.

Gemini CLI counts milliseconds: a Claude config copied there (or through \`gemini hooks migrate\`, which keeps
the numbers) turns \`timeout: 2\` into 2 ms — "Hook timed out after 2ms", and the hook never gets to answer.
Below one second the finding suggests the value in milliseconds.`,
  messages: {
    likelyMs: '{{written}} is {{human}} on {{agent}}; did you mean {{suggested}}?',
    likelySeconds:
      'timeout: {{written}} (ms) is {{written}} ms on {{agent}}: the hook is ' +
      'killed before it can answer; did you mean timeout: {{suggested}}?',
  },
  sources: [
    'ground-truth claude to1',
    'ground-truth qwen to01 to02',
    'ground-truth codebuddy t13',
    'ground-truth gemini README (timeout 2 => "Hook timed out after 2ms")',
  ],
  check(ctx) {
    for (const { hook: h, config } of ctx.hooks()) {
      if (h.timeoutMs === undefined) continue;
      const spec = mappings.dialects[config.dialect];
      if (spec.timeout.unit === 'ms') {
        if (h.timeoutMs < SUSPICIOUS_MS)
          ctx.report({
            messageId: 'likelySeconds',
            file: config.file,
            path: paths.timeout(h),
            data: { written: String(h.timeoutMs), agent: spec.agent, suggested: String(h.timeoutMs * 1000) },
          });
        continue;
      }
      if (spec.timeout.unit !== 's') continue;
      const s = h.timeoutMs / 1000;
      if (s < SUSPICIOUS_S) continue; // Qwen's legacy ms values (>= 1000) were already read as ms
      const syntax = configSyntax(config);
      const data = { human: `${(s / 3600).toFixed(1)} h`, agent: spec.agent };
      const suggested = Math.max(1, Math.round(s / 1000));
      // A wrapped command carries the script's own timeout (seconds): the host's is only its guard.
      const command = valueAt(config.text, paths.command(h), syntax);
      const wrapper = typeof command === 'string' ? parseWrapper(command) : undefined;
      if (wrapper?.timeoutS !== undefined) {
        ctx.report({
          messageId: 'likelyMs',
          file: config.file,
          path: paths.command(h),
          data: {
            ...data,
            written: `\`${wrapper.runner} run --timeout ${wrapper.timeoutS}\` (seconds)`,
            suggested: `--timeout ${suggested}`,
          },
        });
        continue;
      }
      // One hook of a grouped entry: its own `run … --timeout` in the entry's command.
      const group = typeof command === 'string' && h.written === command ? parseGroup(command) : undefined;
      if (group) {
        ctx.report({
          messageId: 'likelyMs',
          file: config.file,
          path: paths.command(h),
          data: {
            ...data,
            written: `\`run --timeout ${s}\` (seconds) of \`${h.command}\` in a \`${group.runner} dispatch\` entry`,
            suggested: `--timeout ${suggested}`,
          },
        });
        continue;
      }
      const raw = valueAt(config.text, paths.timeout(h), syntax);
      const written = typeof raw === 'number' ? raw : s;
      const legacy = spec.timeout.legacyMsFrom;
      const unit =
        written * 1000 === h.timeoutMs
          ? 'seconds'
          : legacy !== undefined
            ? `ms: ${spec.agent} reads ${legacy} and more as ms`
            : 'ms';
      ctx.report({
        messageId: 'likelyMs',
        file: config.file,
        path: paths.timeout(h),
        data: { ...data, written: `timeout: ${written} (${unit})`, suggested: `timeout: ${suggested}` },
      });
    }
  },
});
