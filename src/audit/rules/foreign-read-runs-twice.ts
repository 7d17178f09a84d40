import { relative } from 'node:path';
import { DIALECT_IDS, type DialectId } from '../../model/dialect-ids.js';
import { mappings } from '../../model/mappings.js';
import { agents, nativeReads } from '../foreign-reads.js';
import { defineRule, paths, type RuleContext } from '../types.js';

const short = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);

/**
 * The agents whose reading of other agents' files is audited: the target; without one, each agent that reads other
 * agents' files and whose own hook files the project has (it is used there).
 */
function readers(ctx: RuleContext): DialectId[] {
  if (ctx.target) return [ctx.target];
  return DIALECT_IDS.filter(
    (d) => mappings.dialects[d].config.readsForeign?.length && ctx.configs.some((c) => c.dialect === d),
  );
}

export default defineRule({
  id: 'foreign-read-runs-twice',
  severity: 'error',
  messageSeverity: { twoFiles: 'warning' },
  description: "A hook the target runs from another agent's file runs there twice per event",
  docs: `GitHub Copilot CLI runs every hook file it reads, one after another, with no de-duplication: a Claude hook
that is also in Copilot's own
files — a copy, or a \`hook-bridge run\` wrapper of it whose Claude-file entry is not gated — runs twice per event
(a formatter formats twice, a guard's deny comes twice, a logger logs twice); so does one command in both
\`.claude/settings.json\` and \`.claude/settings.local.json\`, which Claude Code runs once. Fix: \`hook-bridge convert
--to copilot\` writes each hook once into Copilot's own file and gates its Claude-file entries (an exec-form hook
cannot be gated: give it a shell command); keep a hook in one Claude file. The other way round too: Copilot's own hooks
converted \`--to claude\` by a hook-bridge that did not gate them there run twice on Copilot (from its own file and from
\`.claude/settings.json\`): \`hook-bridge convert --from copilot --to claude\` gates them. Audited for the \`--target\`,
or, without one, for each agent whose own hook files the project has.`,
  messages: {
    alsoOwn: '{{agent}} runs this hook {{how}} and again from {{other}}: twice per event',
    converted:
      "{{file}} holds hook-bridge's conversion of {{other}}'s hook for {{own}}, without a gate: {{agent}} runs it " +
      'from both files, twice per event',
    twoFiles: '"{{command}}" is in {{other}} too: {{agent}} runs it from both files, {{own}} once',
  },
  sources: ['test/fixtures/observed/copilot/sources.json same-command-three-files', 'rysweet/azlin (issue 29)'],
  check(ctx) {
    for (const reader of readers(ctx)) {
      const reads = nativeReads(ctx, reader, true);
      // The reader's own files: the commands their hooks run (a wrapper's, unwrapped).
      const ownFiles = ctx.configs.filter((c) => c.dialect === reader);
      const where = ctx.shown(ctx.project) === '.' ? '' : ` ${ctx.shown(ctx.project)}`;
      for (const r of reads) {
        const { hook: h, config } = r;
        if (h.type !== 'command' || !h.command) continue;
        const ev = mappings.events[h.event!]?.names[reader];
        const other = ownFiles.find((c) => c.hooks.some((x) => x.nativeEvent === ev && x.command === h.command));
        if (other) {
          // An entry hook-bridge wrote there for the reader's own hook: converted from the reader's file.
          const converted = h.written !== undefined && h.scriptDialect === reader;
          ctx.report({
            messageId: converted ? 'converted' : 'alsoOwn',
            file: config.file,
            path: paths.command(h),
            data: { ...agents(r), other: relative(ctx.project, other.file) },
            fix: converted
              ? `hook-bridge convert${where} --from ${reader} --to ${r.read.dialect}`
              : `hook-bridge convert${where} --from ${r.read.dialect} --to ${reader}`,
          });
          continue;
        }
        const first = reads.find(
          (x) =>
            x.config.file !== config.file &&
            x.hook.event === h.event &&
            x.hook.command === h.command &&
            reads.indexOf(x) < reads.indexOf(r),
        );
        if (first && !r.read.dedup)
          ctx.report({
            messageId: 'twoFiles',
            file: config.file,
            path: paths.command(h),
            data: { ...agents(r), command: short(h.command), other: `${first.rel} ${paths.command(first.hook)}` },
          });
      }
    }
  },
});
