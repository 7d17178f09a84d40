import { DIALECT_IDS } from '../../model/dialect-ids.js';
import { mappings } from '../../model/mappings.js';
import { hookTexts, unwrapped } from '../script-text.js';
import { defineRule, paths } from '../types.js';

// Every agent's session-environment file variable (mappings/dialects/*.yaml env.envFile), with the agent that has it.
// (A format whose scripts are another dialect's (payloadDialect: hooks-yaml's Claude scripts), shares its file.)
const ENV_FILES = DIALECT_IDS.flatMap((d) =>
  mappings.dialects[d].env?.envFile && !mappings.dialects[d].payloadDialect
    ? [{ dialect: d, ...mappings.dialects[d].env!.envFile! }]
    : [],
);
const names = (text: string, v: string) => new RegExp(`\\$\\{?${v}(?![A-Za-z0-9_])|["'.]${v}\\b`).test(text);

export default defineRule({
  id: 'session-env-lost',
  severity: 'warning',
  description: 'A hook writes `export` lines to a session environment file the host does not read',
  docs: `Claude Code gives SessionStart hooks a file, \`$CLAUDE_ENV_FILE\`, to append \`export NAME=value\` lines to:
it sets them
for the rest of the session's Bash commands (plugins use it to put their tools on PATH). Other agents do not set that
variable. Unwrapped, such a script writes to an empty path — a \`set -u\` script dies with "unbound variable", others
fail silently. Wrapped (\`hook-bridge run\`), the script gets a file and works, and hook-bridge carries the exports
where the host has an equivalent: CodeBuddy Code sources \`$CODEBUDDY_ENV_FILE\` before every Bash command, but only
when it was started with that variable set. Qwen Code and the CodeBuddy IDE have no equivalent: the variables are not
set for later commands (hook-bridge says so on stderr when it happens).
Fix: wrap the hook; on CodeBuddy Code start the agent with \`CODEBUDDY_ENV_FILE\` pointing to a file; elsewhere set the
variables another way (a wrapper script around the agent, the project's own env file).`,
  messages: {
    notProvided:
      '{{where}} writes to ${{var}}, which {{agent}} does not set: a `set -u` script dies ' +
      '("unbound variable"), others write nowhere; wrap it with hook-bridge run',
    carriedIfSet:
      '{{where}} appends exports to ${{var}}: hook-bridge carries them to ' +
      '{{agent}} only when it is started with {{hostVar}} set to a file',
    lost:
      '{{where}} appends exports to ${{var}}, but {{agent}} has no session ' +
      'environment file: the variables are not set for later commands',
  },
  messageSeverity: { carriedIfSet: 'info' },
  sources: [
    'ground-truth claude _hook-env.json (CLAUDE_ENV_FILE on SessionStart)',
    'CodeBuddy Code docs cli/env-vars.md (CODEBUDDY_ENV_FILE)',
    'mappings/dialects/*.yaml env.envFile',
    'src/run/main.ts (sessionEnvFile, carryEnvFile)',
  ],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      if (h.type !== 'command' || !h.command) continue;
      const hostSpec = mappings.dialects[host];
      const target = hostSpec.env?.envFile;
      for (const f of ENV_FILES) {
        if (f.var === target?.var || !h.event || !f.events.includes(h.event)) continue;
        const where = hookTexts(ctx, h, config).find((t) => names(t.text, f.var))?.where;
        if (!where) continue;
        const at = { file: config.file, path: paths.command(h) };
        const data = { where, var: f.var, agent: hostSpec.agent };
        // Unwrapped: nothing gives the script the variable. Wrapped: hook-bridge does, for scripts of the agent that
        // has it.
        if (unwrapped(h, host)) ctx.report({ messageId: 'notProvided', ...at, data });
        else if (
          (mappings.dialects[h.scriptDialect].payloadDialect ?? h.scriptDialect) !== f.dialect ||
          !f.providedByAgent
        )
          continue;
        else if (target && !target.providedByAgent)
          ctx.report({ messageId: 'carriedIfSet', ...at, data: { ...data, hostVar: target.var } });
        else if (!target) ctx.report({ messageId: 'lost', ...at, data });
      }
    }
  },
});
