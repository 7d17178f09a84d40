import { relative } from 'node:path';
import { mappings } from '../../model/mappings.js';
import { agents, nativeReads } from '../foreign-reads.js';
import { defineRule, paths } from '../types.js';

const short = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);

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
cannot be gated: give it a shell command); keep a hook in one Claude file.`,
  messages: {
    alsoOwn: '{{agent}} runs this hook from {{file}} itself and again from {{other}}: twice per event',
    twoFiles: '"{{command}}" is in {{other}} too: {{agent}} runs it from both files, {{own}} once',
  },
  sources: ['test/fixtures/observed/copilot/sources.json same-command-three-files'],
  check(ctx) {
    const reads = nativeReads(ctx);
    if (!reads.length) return;
    const target = reads[0]!.reader;
    // The target's own files: the commands their hooks run (a wrapper's, unwrapped).
    const ownFiles = ctx.configs.filter((c) => c.dialect === target);
    for (const r of reads) {
      const { hook: h, config } = r;
      if (h.type !== 'command' || !h.command) continue;
      const ev = mappings.events[h.event!]?.names[target];
      const other = ownFiles.find((c) => c.hooks.some((x) => x.nativeEvent === ev && x.command === h.command));
      if (other) {
        ctx.report({
          messageId: 'alsoOwn',
          file: config.file,
          path: paths.command(h),
          data: { ...agents(r), other: relative(ctx.project, other.file) },
          fix:
            `hook-bridge convert` +
            (ctx.shown(ctx.project) === '.' ? '' : ` ${ctx.shown(ctx.project)}`) +
            ` --from ${r.read.dialect} --to ${target}`,
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
  },
});
