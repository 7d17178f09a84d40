import { relative } from 'node:path';
import { DIALECT_IDS } from '../../model/dialect-ids.js';
import { mappings } from '../../model/mappings.js';
import { entryCanBlock } from '../failure-outcome.js';
import { inlineCode } from '../programs.js';
import { unwrapped } from '../script-text.js';
import { wrapperPluginRoot } from '../wrapper-args.js';
import { projectDirRef } from '../../convert/env.js';
import { defineRule, paths } from '../types.js';

// The variables worth checking: every agent's project-dir and plugin-root variables (mappings/dialects/*.yaml env).
const PROJECT_VARS = [...new Set(DIALECT_IDS.flatMap((d) => mappings.dialects[d].env?.projectDir ?? []))];
const PLUGIN_VARS = [...new Set(DIALECT_IDS.flatMap((d) => mappings.dialects[d].env?.pluginRoot ?? []))];
// Variables hooks are written to read that their agent never sets (env.notSet: CLAUDE_TOOL_INPUT …).
const NEVER_SET = [...new Set(DIALECT_IDS.flatMap((d) => mappings.dialects[d].env?.notSet ?? []))];

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A use of the variable's value: `$V`, `${V}` (not `${V:-fallback}`), os.environ["V"], os.getenv("V"), process.env.V
 * (without ?? / || / or fallback).
 */
function uses(text: string, v: string): boolean {
  const shell = new RegExp(`\\$\\{${v}\\}|\\$${v}(?![A-Za-z0-9_])`);
  const code = new RegExp(
    `(?:os\\.environ\\[\\s*["']${v}["']\\s*\\]|os\\.environ\\.get\\(\\s*["']${v}` +
      `["']\\s*\\)|os\\.getenv\\(\\s*["']${v}["']\\s*\\)|process\\.env(?:\\.${v}\\b|\\[\\s*["']${v}` +
      `["']\\s*\\]))(?!\\s*(?:\\?\\?|\\|\\||or\\b))`,
  );
  return shell.test(text) || code.test(text);
}

/** Any mention of the variable (also `${V:-…}`, `"V"` in code): a script that names a variable the host sets is
 * written
 * to fall back.
 */
const mentions = (text: string, v: string) =>
  new RegExp(`\\$\\{?${esc(v)}(?![A-Za-z0-9_])|["'.]${esc(v)}\\b`).test(text);

/** The script tests the variable before relying on it: `[ -n "$V" ]`, `[[ -z ${V} ]]`. */
const tested = (text: string, v: string) => new RegExp(`-[nz]\\s+"?\\$\\{?${v}(?![A-Za-z0-9_])`).test(text);

/** A config file as the user knows it: relative to the project, or absolute (user level). */
function shown(project: string, file: string): string {
  const rel = relative(project, file);
  return rel && !rel.startsWith('..') ? rel : file;
}

/** Full-line comments are not code. */
const code = (text: string) =>
  text
    .split('\n')
    .filter((l) => !/^\s*(#(?!!)|\/\/)/.test(l))
    .join('\n');

export default defineRule({
  id: 'env-var-unset',
  severity: 'warning',
  description: 'A hook uses an environment variable the agent that runs it does not set',
  docs: `Each agent sets its own variables for hooks: Claude Code \`CLAUDE_PROJECT_DIR\`, Qwen Code
\`QWEN_PROJECT_DIR\` (and
\`CLAUDE_PROJECT_DIR\`), CodeBuddy Code and the CodeBuddy IDE plugin \`CODEBUDDY_PROJECT_DIR\` (and
\`CLAUDE_PROJECT_DIR\`,
documented for the IDE); \`CLAUDE_PLUGIN_ROOT\` is set for a plugin's own hooks (\`hooks/hooks.json\`) and never
for settings files. A variable the host does not set expands to an empty string: \`"$QWEN_PROJECT_DIR"/hooks/guard.sh\`
becomes \`/hooks/guard.sh\`, which does not exist, and the hook fails on every call without blocking anything.
Fix: use the host's own variable, or wrap the hook (\`hook-bridge convert\` writes
\`hook-bridge run --from <script's agent> --to <host>\`, which sets the script agent's project-dir variables).
Codex CLI sets no project-dir variable at all: a Claude hook copied to \`.codex/hooks.json\` runs
\`"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.sh\` as \`/.claude/hooks/x.sh\` (exit 127); its hooks run in the session's
working directory inside the project, so \`"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"\` finds the project.
Outside a plugin, refer to scripts through the project-dir variable instead of the plugin root. A script that
tests the variable (\`[ -n "$V" ]\`) or falls back to one the host sets (\`\${QWEN_PROJECT_DIR:-$CLAUDE_PROJECT_DIR}\`)
is not reported. Code given inline (\`python3 -c "…"\`, \`node -e '…'\`, \`bash -c '…'\`) is read as the
interpreter gets it. A variable no agent sets at all (\`CLAUDE_TOOL_INPUT\`, \`CLAUDE_TOOL_NAME\`,
\`CLAUDE_FILE_PATHS\`: mappings \`env.notSet\`) is reported even behind a fallback
(\`os.environ.get('CLAUDE_TOOL_INPUT', '{}')\`): the hook never sees the call, which comes as JSON on stdin; on a hook
that could block, a guard that never blocks is an error.`,
  messages: {
    notSet: '{{where}} uses ${{name}}, which {{agent}} does not set: it expands to an empty string; use {{use}}',
    pluginOnly:
      '{{where}} uses ${{name}}, which is set only for plugin hooks and {{file}} ' +
      'is not a plugin: it expands to an empty string; use {{use}}',
    neverSet:
      '{{where}} reads ${{name}}, which {{agent}} never sets (the call comes as JSON on stdin): the hook never ' +
      'sees the call{{dead}}; read the payload from stdin',
  },
  sources: [
    'mappings/dialects/*.yaml env (_hook-env.json of each ground truth)',
    'ground-truth codex c01',
    'DESIGN.md (plugin root: plugins only)',
    "src/run/script-env.ts (the wrapper sets the script agent's project-dir variables, and its plugin root from " +
      '--plugin-root)',
  ],
  check(ctx) {
    for (const e of ctx.hooks()) {
      const { hook: h, config, host } = e;
      if (h.type !== 'command' || !h.command) continue;
      const hostSpec = mappings.dialects[host];
      const wrapped = !unwrapped(h, host);
      // What the script sees: the host's variables, plus (wrapped) the project-dir variables the wrapper sets and the
      // script agent's plugin root where the wrapper passes one (`run --plugin-root`, written for a plugin's hooks).
      const scriptEnv = mappings.dialects[h.scriptDialect].env;
      const wrapperRoot =
        wrapped && scriptEnv?.pluginRoot && wrapperPluginRoot(h, ctx.project, ctx.home) !== undefined
          ? [scriptEnv.pluginRoot]
          : [];
      const set = new Set([
        ...(hostSpec.env?.provided ?? []),
        ...(hostSpec.env?.projectDir ?? []),
        ...(wrapped ? (scriptEnv?.projectDir ?? []) : []),
        ...wrapperRoot,
      ]);
      const envOf = wrapped ? mappings.dialects[h.scriptDialect] : hostSpec;
      const useVar = envOf.env?.projectDir[0] ?? hostSpec.env?.projectDir[0];
      // An agent without a project-dir variable (Codex CLI): how its hooks find the project (env.projectRoot).
      const useExpr = useVar === undefined ? projectDirRef(host) : undefined;
      const use = useVar ?? 'PWD';
      const useText = useExpr ?? `$${use}`;
      const agent = wrapped
        ? `${hostSpec.agent} (nor the hook-bridge wrapper for ${mappings.dialects[h.scriptDialect].agent})`
        : hostSpec.agent;
      const inPlugin = config.scope === 'plugin' || config.pluginRoot !== undefined;
      const s = ctx.script(h, config);
      // The command, with the code it hands interpreters inline as they get it (`python3 -c "…\"V\"…"` unquoted).
      const inline = inlineCode(h.command).map((c) => c.code);
      const texts = [
        { where: 'the command', text: code([h.command, ...inline].join('\n')) },
        ...(s?.text !== undefined ? [{ where: s.raw, text: code(s.text) }] : []),
      ];
      for (const { where, text } of texts) {
        const name = NEVER_SET.find((v) => !set.has(v) && mentions(text, v));
        if (name === undefined) continue;
        // A guard reading it never blocks: an error where the hook could block, said as such.
        const blocks = entryCanBlock(ctx, e);
        ctx.report({
          messageId: 'neverSet',
          file: config.file,
          path: paths.command(h),
          data: { where, name, agent, dead: blocks ? ', so it never blocks anything' : '' },
          severity: blocks ? 'error' : 'warning',
        });
        break;
      }
      // A mechanical edit for the command itself (unwrapped, audited for its own agent): the host's own project-dir
      // variable.
      const editable = !wrapped && (!ctx.target || ctx.target === config.dialect);
      let rewritten = h.command;
      for (const v of PROJECT_VARS)
        if (!set.has(v))
          rewritten = rewritten
            .replace(new RegExp(`\\$\\{${v}\\}`, 'g'), () => useExpr ?? `\${${use}}`)
            .replace(new RegExp(`\\$${v}(?![A-Za-z0-9_])`, 'g'), () => useExpr ?? `$${use}`);
      const reported = new Set<string>();
      for (const { where, text } of texts) {
        const portable = PROJECT_VARS.some((v) => set.has(v) && mentions(text, v));
        for (const name of [...PROJECT_VARS, ...PLUGIN_VARS]) {
          if (reported.has(name) || set.has(name) || !uses(text, name) || tested(text, name)) continue;
          const at = { file: config.file, path: paths.command(h) };
          if (PLUGIN_VARS.includes(name)) {
            if (inPlugin) continue; // inside a plugin the agent sets its root (CodeBuddy sets both names)
            reported.add(name);
            ctx.report({
              messageId: 'pluginOnly',
              ...at,
              data: { where, name, file: shown(ctx.project, config.file), use: useText },
            });
          } else if (!portable) {
            reported.add(name);
            ctx.report({
              messageId: 'notSet',
              ...at,
              data: { where, name, agent, use: useText },
              ...(editable && where === 'the command' && rewritten !== h.command
                ? { edit: { path: at.path, value: rewritten } }
                : {}),
            });
          }
        }
      }
    }
  },
});
