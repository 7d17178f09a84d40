import { relative } from 'node:path';
import { UNREAD_LOCATIONS } from '../discover.js';
import { mappings } from '../../model/mappings.js';
import type { Hook, Severity } from '../../model/hook.js';
import { defineRule, paths, type HookEntry } from '../types.js';

/** Whether two hooks on the same event can fire for the same occurrence. Unsure (unparsed patterns) -> only when
 * written alike.
 */
function overlap(a: Hook, b: Hook): boolean {
  if (a.event && mappings.events[a.event]?.matcherOn === null) return true; // the event ignores matchers
  if (JSON.stringify(a.nativeMatcher ?? '') === JSON.stringify(b.nativeMatcher ?? '')) return true;
  const x = a.matcher;
  const y = b.matcher;
  if (x.kind === 'all' || y.kind === 'all') return true;
  if (x.kind === 'tools' && y.kind === 'tools') {
    const mine = new Set([...x.tools, ...x.mcp, ...x.unknown]);
    return [...y.tools, ...y.mcp, ...y.unknown].some((t) => mine.has(t));
  }
  if (x.kind === 'values' && y.kind === 'values') return x.values.some((v) => y.values.includes(v));
  return false;
}

function shown(project: string, file: string): string {
  const rel = relative(project, file);
  return rel && !rel.startsWith('..') ? rel : file;
}

const short = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);

/** The severity each message deserves; Rule has one severity per rule, so this waits for a per-report severity in the
 * audit core.
 */
const messageSeverity: Record<string, Severity> = { redundant: 'info', runsTwice: 'warning' };

export default defineRule({
  id: 'duplicate-hook',
  severity: 'warning',
  messageSeverity,
  description: 'The same command is registered twice for the same event',
  docs: `The same hook command on the same event, with matchers that overlap, in two config files the same agent reads
(\`.claude/settings.json\` and \`.claude/settings.local.json\`, the project's and the user's \`~/.claude/settings.json\`
with \`--user\`) or twice in one file. Claude Code and Qwen Code run identical command strings once per event,
so the copy is only redundant there — until someone edits one of them and both
run. Other agents (CodeBuddy) may run it twice: a formatter formats twice, a logger logs twice, a slow check
doubles its latency. Keep the hook in one place (team settings in \`settings.json\`, personal ones in
\`settings.local.json\`) and delete the other entry.`,
  messages: {
    redundant:
      '"{{command}}" on {{event}} is also registered at {{other}}: {{agent}} ' +
      'runs identical commands once, so this entry is redundant',
    runsTwice: '"{{command}}" on {{event}} is also registered at {{other}}: {{agent}} may run it twice per event',
  },
  sources: [
    'ground-truth claude dedup',
    'ground-truth qwen ag07',
    'mappings/dialects/*.yaml run.dedupIdenticalCommands',
  ],
  check(ctx) {
    const groups = new Map<string, HookEntry[]>();
    for (const e of ctx.hooks()) {
      const { hook: h, config } = e;
      if (h.type !== 'command' || !h.command) continue;
      if (
        UNREAD_LOCATIONS.some(
          (u) => u.dialect === config.dialect && config.file.replace(/\\/g, '/').endsWith(`/${u.path}`),
        )
      )
        continue; // never runs: config-not-read
      // The files one agent reads together: codebuddy and codebuddy-ide share theirs.
      const family = mappings.dialects[config.dialect].config.write;
      const key = [family, h.event ?? h.nativeEvent, h.scriptDialect, h.command].join('\0');
      const seen = groups.get(key) ?? [];
      const first = seen.find((p) => overlap(p.hook, h));
      seen.push(e);
      groups.set(key, seen);
      if (!first) continue;
      const spec = mappings.dialects[e.host];
      const other =
        first.config.file === config.file
          ? paths.command(first.hook)
          : `${shown(ctx.project, first.config.file)} ${paths.command(first.hook)}`;
      ctx.report({
        messageId: spec.run?.dedupIdenticalCommands === true ? 'redundant' : 'runsTwice',
        file: config.file,
        path: paths.command(h),
        data: { command: short(h.command), event: h.nativeEvent, other, agent: spec.agent },
      });
    }
  },
});
