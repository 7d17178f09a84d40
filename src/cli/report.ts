// Human-readable output of convert (stderr). Colour only on a TTY (picocolors checks).
import { colors, type Colors } from '../audit/format/colors.js';
import { relative } from 'node:path';
import type { Diagnostic } from '../model/hook.js';
import type { ConvertProjectResult, TargetOutcome } from '../convert/project.js';
import { mappings } from '../model/mappings.js';
import type { Status } from '../convert/convert.js';
import type { WriteChanges } from '../dialects/define.js';
import { pluginNote } from '../convert/plugin-files.js';

const entryText = (handler: Record<string, unknown>) =>
  typeof handler.command === 'string' ? handler.command : JSON.stringify(handler);

/** Counts of what a write did to hook-bridge's entries, with the removed and hand-written ones named. */
export function changeSummary(c: WriteChanges) {
  return {
    added: c.added.length,
    updated: c.updated.length,
    unchanged: c.unchanged.length,
    removed: c.removed.map((x) => ({ event: x.event, entry: entryText(x.handler) })),
    handWritten: c.handWritten.map((h) => ({ event: h.event, entry: entryText(h.handler) })),
  };
}

const paint = (pc: Colors): Record<Status, (s: string) => string> => ({
  exact: pc.green,
  translated: pc.cyan,
  degraded: pc.yellow,
  dropped: pc.red,
});

export function formatDiagnostic(d: Diagnostic, cwd = process.cwd(), pc = colors()): string {
  const where = [d.file ? relative(cwd, d.file) || d.file : undefined, d.path].filter(Boolean).join(' ');
  const sev =
    d.severity === 'error' ? pc.red('error') : d.severity === 'warning' ? pc.yellow('warning') : pc.dim('info');
  return `${sev} ${where ? `${where}: ` : ''}${d.message} ${pc.dim(`(${d.code})`)}`;
}

export function formatConvertReport(r: ConvertProjectResult, cwd = process.cwd(), pc = colors()): string {
  const lines: string[] = [];
  const seen = new Map<string, string>();
  const rel = (f: string) => {
    if (f === '-') return '<stdin>';
    let r = seen.get(f);
    if (r === undefined) seen.set(f, (r = relative(cwd, f) || f));
    return r;
  };
  if (r.sources.length)
    lines.push(`sources (${r.sources[0]?.dialect ?? '?'}): ${r.sources.map((s) => rel(s.file)).join(', ')}`);
  for (const t of r.targets) {
    const gone = 'convert created it and nothing else is in it';
    const state =
      t.deleted && t.written
        ? `deleted: ${gone}`
        : t.deleted
          ? `would be deleted (dry run): ${gone}`
          : t.written
            ? `written${t.backup ? `, backup ${rel(t.backup)}` : ''}`
            : t.diff !== undefined
              ? t.changed
                ? 'would change (dry run)'
                : 'up to date (dry run)'
              : t.before === undefined && !t.changed
                ? 'no such file, nothing to write'
                : t.changed
                  ? 'printed'
                  : 'up to date, nothing to write';
    lines.push(
      '',
      pc.bold(
        (r.sources.length ? `${r.sources[0]?.dialect} -> ` : 'remove from ') +
          `${t.hosts.join(' + ')}: ${rel(t.file)} (${state})`,
      ),
    );
    const c = changeSummary(t.changes);
    const dry = t.diff !== undefined || (!t.written && t.changed);
    lines.push(
      `  entries hook-bridge manages: ${c.added} ${dry ? 'to add' : 'added'}, ${c.updated} ` +
        `${dry ? 'to update' : 'updated'}, ${c.removed.length} ${dry ? 'to remove' : 'removed'}, ${c.unchanged} ` +
        `unchanged`,
    );
    for (const x of c.removed) lines.push(`  ${pc.red('- removed'.padEnd(10))} ${x.event}  ${pc.dim(x.entry)}`);
    for (const x of c.handWritten)
      lines.push(
        `  ${pc.dim('kept'.padEnd(10))} ${x.event}  ` +
          pc.dim(`${x.entry} (already there, written by hand: left to you)`),
      );
    const counts: Record<Status, number> = { exact: 0, translated: 0, degraded: 0, dropped: 0 };
    for (const row of t.result.report) {
      counts[row.status]++;
      const m = row.source.matcher !== undefined ? ` ${JSON.stringify(row.source.matcher)}` : '';
      const arrow = row.target
        ? ` -> ${row.target.event}${row.target.matcher !== undefined ? ` ${JSON.stringify(row.target.matcher)}` : ''}`
        : '';
      lines.push(
        `  ` +
          paint(pc)[row.status](row.status.padEnd(10)) +
          ` ${row.source.event}${m}${arrow}  ` +
          pc.dim(`${rel(row.source.file)} ${row.source.path}`),
      );
      for (const n of row.notes) lines.push(`  ${' '.repeat(10)}   - ${n}`);
    }
    lines.push(
      `  ${t.result.report.length} hooks: ` +
        (Object.keys(counts) as Status[]).map((s) => `${counts[s]} ${s}`).join(', '),
    );
    if (t.plugin) lines.push(`  ${pluginNote(t.plugin, cwd)}`);
  }
  for (const g of r.gates) {
    const state = g.written
      ? `written${g.backup ? `, backup ${rel(g.backup)}` : ''}`
      : g.diff !== undefined
        ? g.changed
          ? 'would change (dry run)'
          : 'up to date (dry run)'
        : g.changed
          ? 'not written'
          : 'up to date, nothing to write';
    lines.push('', pc.bold(`${rel(g.file)}, which ${mappings.dialects[g.host].agent} reads itself (${state})`));
    lines.push(
      `  hooks gated for it: ${g.gated} ` +
        (g.written || !g.changed ? 'gated' : 'to gate') +
        `, ${g.ungated} ` +
        (g.written || !g.changed ? 'ungated' : 'to ungate') +
        `, ${g.paths.length} gated in all (docs/decided-behaviours.md: hosts that read Claude's files)`,
    );
  }
  const diags = r.diagnostics.filter((d) => d.code !== 'hookDropped');
  if (diags.length) lines.push('', ...diags.map((d) => formatDiagnostic(d, cwd, pc)));
  return lines.join('\n');
}

/** A target file, its record and its plugin file (a plugin host's) are what convert would write now. */
export const upToDate = (t: TargetOutcome): boolean =>
  !t.changed && !t.recordChanged && !(t.plugin && (t.plugin.changed || t.plugin.action === 'keep-edited'));

/** `convert --check`: each target file, up to date or not, and the entries a convert would add, update or remove there.
 */
export function formatCheckReport(
  r: ConvertProjectResult,
  command: string,
  cwd = process.cwd(),
  pc = colors(),
): string {
  const rel = (f: string) => relative(cwd, f) || f;
  const stale = r.targets.filter((t) => !upToDate(t));
  const lines: string[] = [];
  for (const t of r.targets) {
    if (upToDate(t)) {
      lines.push(`${pc.green('up to date')}   ${rel(t.file)}`);
      continue;
    }
    const c = t.changes;
    const counts = [`${c.added.length} to add`, `${c.updated.length} to update`, `${c.removed.length} to remove`].join(
      ', ',
    );
    lines.push(
      `${pc.red('out of date')}  ${rel(t.file)}: ` +
        (t.deleted
          ? 'convert would delete it (it created it, and nothing else is in it)'
          : t.before === undefined
            ? `missing (${counts})`
            : counts),
    );
    for (const h of c.added) lines.push(`  ${pc.green('+ add')}     ${h.event}  ${pc.dim(entryText(h.handler))}`);
    for (const h of c.updated) lines.push(`  ${pc.yellow('~ update')}  ${h.event}  ${pc.dim(entryText(h.handler))}`);
    for (const h of c.removed) lines.push(`  ${pc.red('- remove')}  ${h.event}  ${pc.dim(entryText(h.handler))}`);
    if (t.plugin && (t.plugin.changed || t.plugin.action === 'keep-edited'))
      lines.push(`  ${pluginNote(t.plugin, cwd)}`);
    else if (!c.added.length && !c.updated.length && !c.removed.length)
      lines.push(
        `  ` +
          (t.changed
            ? 'the file is not what convert would write'
            : `its record ${rel(t.record)} is not what convert would write`),
      );
  }
  // A source file another host reads itself, whose gates are not what convert writes: that host runs those hooks twice.
  const ungated = r.gates.filter((g) => g.changed);
  for (const g of ungated)
    lines.push(
      `${pc.red('out of date')}  ${rel(g.file)}: ${g.gated} hook(s) to gate, ${g.ungated} to ungate for ` +
        mappings.dialects[g.host].agent +
        `, which reads this file itself`,
    );
  const diags = r.diagnostics.filter((d) => d.code !== 'hookDropped');
  if (diags.length) lines.push('', ...diags.map((d) => formatDiagnostic(d, cwd, pc)));
  const n = stale.length + ungated.length;
  lines.push(
    '',
    n
      ? `${n} of ` +
          String(r.targets.length + r.gates.length) +
          ` ` +
          (r.gates.length ? 'file(s): target and gated source' : 'target file(s)') +
          ` out of date: run \`${command}\` (with the same inputs and options) and commit the result`
      : `every target file is what convert would write (${r.targets.length} checked` +
          (r.gates.length ? `, and ${r.gates.length} gated source file(s)` : '') +
          `)`,
  );
  return lines.join('\n');
}
