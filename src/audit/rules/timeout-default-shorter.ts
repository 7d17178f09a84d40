import type { DialectId } from '../../model/dialect-ids.js';
import { mappings } from '../../model/mappings.js';
import { unwrapped } from '../script-text.js';
import { convertFix, defineRule, paths } from '../types.js';

/** An agent's default hook timeout in seconds; null = not known. */
function defaultS(d: DialectId): number | null {
  const t = mappings.dialects[d].timeout;
  if (t.default === null) return null;
  return t.unit === 'ms' ? t.default / 1000 : t.default;
}

export default defineRule({
  id: 'timeout-default-shorter',
  severity: 'warning',
  description:
    "A hook without a timeout relies on its agent's default, and the target agent's default is shorter or unknown",
  docs: `A hook without \`timeout\` gets its agent's default (e.g. 600 s on Claude Code, 60 s on Qwen Code and
CodeBuddy Code,
unknown on the CodeBuddy IDE plugin; \`mappings/dialects/<agent>.yaml\` \`timeout.default\`). Moved to an agent with a
shorter default, a slow hook (a test run, a build, a network check) is killed part-way: its answer is lost, and on
CodeBuddy Code a timed-out PreToolUse even blocks the tool. Reported only with \`--target\`.
Fix: \`hook-bridge convert --to <target>\` writes the default the hook relied on explicitly (\`"timeout": 600\`);
or set \`timeout\` in the source config yourself (\`audit --fix\` writes the source agent's default).`,
  messages: {
    shorter: "no timeout set: killed after {{targetS}} s on {{target}} (it relied on {{agent}}'s {{ownS}} s default)",
    unknownDefault:
      "no timeout set: {{target}}'s default timeout is unknown, so it may be " +
      "killed early (it relied on {{agent}}'s {{ownS}} s default)",
  },
  sources: [
    'mappings/dialects/*.yaml timeout.default (docs/observations.md)',
    'src/convert/convert.ts (writes the default explicitly)',
  ],
  check(ctx) {
    const target = ctx.target;
    if (!target) return;
    for (const { hook: h, config } of ctx.hooks()) {
      // defaults are known for command hooks only
      if (h.timeoutMs !== undefined || h.type !== 'command' || config.dialect === target) continue;
      // the target's own reading of it does nothing: it runs from the target's file
      if (h.gatedFor === target) continue;
      // A wrapped hook's host timeout is the wrapper's guard (convert writes it); the codec does not keep it.
      if (!unwrapped(h, config.dialect)) continue;
      const ownS = defaultS(config.dialect);
      if (ownS === null) continue;
      const targetS = defaultS(target);
      if (targetS !== null && targetS >= ownS) continue;
      const own = mappings.dialects[config.dialect];
      ctx.report({
        messageId: targetS === null ? 'unknownDefault' : 'shorter',
        file: config.file,
        path: paths.handler(h),
        data: {
          target: mappings.dialects[target].agent,
          agent: own.agent,
          ownS,
          ...(targetS !== null ? { targetS } : {}),
        },
        fix: convertFix(ctx, `--from ${config.dialect} --to ${target}`),
        ...(own.timeout.default !== null ? { edit: { path: paths.timeout(h), value: own.timeout.default } } : {}),
      });
    }
  },
});
