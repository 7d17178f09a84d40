import { DIALECT_IDS } from '../../model/dialect-ids.js';
import { mappings } from '../../model/mappings.js';
import { sessionEnvLever } from '../../dialects/session-env.js';
import { unguarded } from '../../dialects/runner-guard.js';
import { policyOf, SESSION_ENV } from '../../dialects/wrapper.js';
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

/** Does an entry of the config run shell calls after the session's environment (`--session-env`)? */
const carried = (commands: string[]) => commands.some((c) => policyOf(unguarded(c)).includes(SESSION_ENV));

export default defineRule({
  id: 'session-env-lost',
  severity: 'warning',
  description: 'A hook writes `export` lines to a session environment file the host does not read',
  docs: `Claude Code gives SessionStart hooks a file, \`$CLAUDE_ENV_FILE\`, to append \`export NAME=value\` lines to:
it runs them
ahead of the rest of the session's Bash commands (plugins use it to put their tools on PATH). Other agents do not set
that variable. Unwrapped, such a script writes to an empty path — a \`set -u\` script dies with "unbound variable",
others fail silently. Wrapped (\`hook-bridge run\`), the script gets a file and works, and hook-bridge carries the
exports wherever the host lets it change a shell call before it runs: on Pi and OpenCode its engine runs in the agent
and runs each shell call of the session after them; on CodeBuddy Code, Gemini CLI, Codex CLI and Copilot CLI a
PreToolUse answer rewrites the call, and convert writes \`--session-env\` on the hook-bridge entry that fires for the
shell tool (or an entry of its own). CodeBuddy Code started with \`$CODEBUDDY_ENV_FILE\` gets them in that file.
Qwen Code ignores input rewrites: there the variables are not set for later commands (hook-bridge says so on stderr).
Fix: wrap the hook and run \`hook-bridge convert\` (it writes the \`--session-env\` entry); on Qwen Code set the
variables another way (a wrapper script around the agent, the project's own env file).`,
  messages: {
    notProvided:
      '{{where}} writes to ${{var}}, which {{agent}} does not set: a `set -u` script dies ' +
      '("unbound variable"), others write nowhere; wrap it with hook-bridge run',
    lost:
      '{{where}} appends exports to ${{var}}, but {{agent}} has no session ' +
      'environment file: the variables are not set for later commands',
    noStep:
      "{{where}} appends exports to ${{var}}: they reach {{agent}}'s later shell calls only through a " +
      'PreToolUse entry with `hook-bridge dispatch --session-env`, which this config lacks; ' +
      'run hook-bridge convert again',
  },
  sources: [
    'ground-truth claude _hook-env.json (CLAUDE_ENV_FILE on SessionStart)',
    'CodeBuddy Code docs cli/env-vars.md (CODEBUDDY_ENV_FILE)',
    'mappings/dialects/*.yaml env.envFile',
    'src/run/script-env.ts (sessionEnvFile, carryEnvFile), src/run/session-env.ts',
    'src/dialects/session-env.ts (sessionEnvLever: output.updatedInput, modifiedInput, config.inProcess)',
    'e2e test/e2e/session-env.test.ts',
  ],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      if (h.type !== 'command' || !h.command) continue;
      const hostSpec = mappings.dialects[host];
      const target = hostSpec.env?.envFile;
      const lever = sessionEnvLever(host);
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
        else if (lever === 'engine') continue;
        else if (lever === 'pre-tool-use') {
          if (!carried(config.hooks.map((x) => x.written ?? x.command ?? '')))
            ctx.report({ messageId: 'noStep', ...at, data });
        } else if (!target?.providedByAgent) ctx.report({ messageId: 'lost', ...at, data });
      }
    }
  },
});
