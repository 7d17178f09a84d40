import { matcherFires, readToolMatcher, writeToolMatcher, isExactList } from '../../dialects/matcher.js';
import { MCP_PREFIX, toolsOf } from '../../dialects/catalog.js';
import { mappings } from '../../model/mappings.js';
import { copiedMode, modeReading } from '../foreign-reads.js';
import { convertFix, defineRule, paths, type HookEntry, type RuleContext } from '../types.js';

/** Reports a matcher that fires for no tool the agent offers now: one it no longer has (`old`), one written for
 * another agent (with what it means here), or one that fires for nothing.
 */
function reportDead(
  ctx: RuleContext,
  { hook: h, config, host }: HookEntry,
  m: unknown,
  old: ReturnType<typeof toolsOf>,
): void {
  const agent = mappings.dialects[host].agent;
  if (old.length)
    ctx.report({
      messageId: 'historicalOnly',
      file: config.file,
      path: paths.matcher(h),
      data: { matcher: JSON.stringify(m), agent, tools: old.map((t) => t.entry.name).join(', ') },
    });
  else {
    // Written for another agent? Read it as Claude's (the dialect most configs are copied from) and write it as the
    // host's.
    const from = config.dialect === host ? 'claude' : config.dialect;
    const asForeign = from !== host ? readToolMatcher(from, m) : undefined;
    const suggested =
      asForeign?.matcher.kind === 'tools' && asForeign.matcher.tools.length
        ? writeToolMatcher(host, asForeign.matcher).native
        : undefined;
    if (suggested !== undefined && !ctx.target) {
      ctx.report({
        messageId: 'deadForeign',
        file: config.file,
        path: paths.matcher(h),
        edit: { path: paths.matcher(h), value: suggested },
        data: {
          matcher: JSON.stringify(m),
          agent,
          from: mappings.dialects[from].agent,
          suggested: JSON.stringify(suggested),
        },
      });
    } else
      ctx.report({
        messageId: 'dead',
        file: config.file,
        path: paths.matcher(h),
        data: { matcher: JSON.stringify(m), agent },
        ...(ctx.target ? { fix: convertFix(ctx, `--from ${config.dialect} --to ${ctx.target}`) } : {}),
      });
  }
}

export default defineRule({
  id: 'matcher-dead',
  severity: 'error',
  description: 'The matcher fires for no tool the agent has',
  docs: `A matcher written for another agent usually loads without complaint and never fires: Qwen Code tests regexes
against its own names only (\`^Bash$\`, \`(Write|Edit)\` and \`Bash.*\` match nothing there), ignores array
matchers, and CodeBuddy Code never matches \`execute_command\`; removed tools (\`MultiEdit\`, \`LS\`) match
nothing on current builds. A guard behind a dead matcher is a guard that is not there. Translate the
matcher with \`hook-bridge convert\`, or name the agent's own tools. A matcher that names only tools the agent
offers when enabled (Claude Code's \`Glob\` and \`Grep\` need \`--allowedTools\`) is a warning: the hook runs only in
sessions that enable them.

Gemini CLI compares a SessionStart, SessionEnd or PreCompress matcher to the source/reason/trigger as one exact
string: Claude's \`startup|resume\` never fires there. Write one entry per value (\`hook-bridge convert\` does).`,
  messages: {
    dead: 'matcher {{matcher}} fires for no {{agent}} tool: this hook never runs',
    deadForeign:
      'matcher {{matcher}} fires for no {{agent}} tool: this hook never runs; ' +
      'read as a {{from}} matcher it means {{suggested}} here',
    historicalOnly:
      'matcher {{matcher}} names only tools {{agent}} no longer has ' +
      '({{tools}}): this hook never runs on current builds',
    valueList:
      'matcher {{matcher}} never fires on {{agent}}: it compares ' +
      '{{field}} to the whole string; write one entry per value',
    conditionalOnly:
      'matcher {{matcher}} names only tools {{agent}} offers when enabled ({{tools}}: ' +
      '{{enabledBy}}): this hook runs only in sessions that enable them',
  },
  messageSeverity: { conditionalOnly: 'warning' },
  sources: [
    'ground-truth gemini README (hookPlanner.js matchesTrigger)',
    'ground-truth qwen decision-tests matchers, c08',
    'ground-truth codebuddy u14',
    'ground-truth claude tools.json not_available_in_this_session',
  ],
  check(ctx) {
    const seen = new Set<string>();
    for (const { hook: h, config, host } of ctx.hooks()) {
      const field = h.event ? mappings.events[h.event]?.matcherOn : undefined;
      // A |-list on a host that compares lifecycle matchers as one exact string (Gemini CLI)
      if (
        field &&
        field !== 'tool' &&
        field !== 'unknown' &&
        mappings.dialects[host].matcher.valuesExact &&
        typeof h.nativeMatcher === 'string' &&
        h.nativeMatcher.includes('|')
      ) {
        const key = `${config.file}\0${paths.matcher(h)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        ctx.report({
          messageId: 'valueList',
          file: config.file,
          path: paths.matcher(h),
          data: { matcher: JSON.stringify(h.nativeMatcher), agent: mappings.dialects[host].agent, field },
        });
        continue;
      }
      if (!h.event || field !== 'tool') continue;
      const key = `${config.file}\0${paths.matcher(h)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const m = h.nativeMatcher;
      if (m === undefined || m === '' || m === '*') continue;
      if (typeof m === 'string') {
        try {
          new RegExp(m);
        } catch {
          if (!isExactList(host, m)) continue; // matcher-invalid says it
        }
        if (m.includes(MCP_PREFIX)) continue; // MCP servers are the user's: not in any catalog
      }
      const tools = toolsOf(host);
      // Availability is a fact about an agent; a format that borrows another's tables (hooks.yaml) runs on any host.
      const live = mappings.dialects[host].payloadDialect
        ? tools
        : tools.filter((t) => !['historical', 'bundled', 'conditional'].includes(t.entry.status));
      const fires = (list: typeof tools) => list.filter((t) => matcherFires(host, m, t.entry.name));
      const agent = mappings.dialects[host].agent;
      if (fires(live).length) continue;
      // An agent that runs the hook in one of its modes tests the matcher, its way, against the mode's tool names and
      // its own (Copilot CLI: `Bash` and `bash` fire for its bash in a Claude-compatible entry, README §5).
      const runner = ctx.target ?? config.dialect;
      const mode =
        modeReading(ctx.project, config, h, runner, ctx.target)?.read.mode ??
        (runner !== config.dialect ? copiedMode(runner, h) : undefined);
      const names = mode ? [runner, mappings.dialects[runner].modes![mode]!.toolNames] : [];
      if (
        names.some((d) =>
          toolsOf(d).some((t) => t.entry.status !== 'historical' && matcherFires(runner, m, t.entry.name)),
        )
      )
        continue;
      // e.g. Claude Code's Glob and Grep: offered only when --allowedTools names them (docs/observations.md)
      const enabled = fires(tools.filter((t) => t.entry.status === 'conditional'));
      if (enabled.length) {
        ctx.report({
          messageId: 'conditionalOnly',
          file: config.file,
          path: paths.matcher(h),
          data: {
            matcher: JSON.stringify(m),
            agent,
            tools: enabled.map((t) => t.entry.name).join(', '),
            enabledBy: [...new Set(enabled.map((t) => t.entry.enabledBy ?? 'a setting'))].join('; '),
          },
        });
        continue;
      }
      reportDead(ctx, { hook: h, config, host }, m, fires(tools));
    }
  },
});
