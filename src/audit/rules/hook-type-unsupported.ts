import { mappings } from '../../model/mappings.js';
import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'hook-type-unsupported',
  severity: 'warning',
  description: 'A hook has a type the agent that runs it does not support',
  docs: `Besides \`command\`, agents run some of \`prompt\`, \`agent\` and \`http\` hooks — not the same ones: Qwen
Code runs
\`command\`, \`prompt\` and \`http\` and silently skips \`agent\` hooks; the CodeBuddy IDE plugin runs only \`command\`
(\`mappings/dialects/<agent>.yaml\` \`hookTypes\`). A hook of another type is ignored there (or rejected with the
file), so whatever it checks is not checked. A misspelt type (\`"comand"\`) is never run anywhere.
Fix: use a type the agent runs — for a \`prompt\`/\`agent\` check, a \`command\` hook that calls a model or a script
—
or keep the hook only in the config of an agent that supports it.`,
  messages: {
    unsupported:
      'hook type "{{type}}" is not run by {{agent}} (it runs {{types}}): this hook is ignored or rejected there',
  },
  sources: ['mappings/dialects/*.yaml hookTypes', 'docs/observations.md (Qwen Code hook types)'],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      const spec = mappings.dialects[host];
      const types = spec.hookTypes ?? ['command'];
      if (types.includes(h.type)) continue;
      ctx.report({
        messageId: 'unsupported',
        file: config.file,
        path: paths.type(h),
        data: { type: h.type, agent: spec.agent, types: types.join(', ') },
      });
    }
  },
});
