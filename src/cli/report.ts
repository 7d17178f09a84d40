// Human-readable output of convert (stderr), and its JSON. Colour only on a TTY (picocolors checks); lines wrapped to
// the terminal's width (80 when stderr is not a terminal), each continuation under its own text.
import { colors, type Colors } from '../audit/format/colors.js';
import { relative } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import type { Diagnostic } from '../model/hook.js';
import { plural } from '../model/plural.js';
import type { ConvertProjectResult, TargetOutcome } from '../convert/project.js';
import { mappings } from '../model/mappings.js';
import type { Status } from '../convert/convert.js';
import type { WriteChanges } from '../dialects/define.js';
import { entrySummary, entryText } from '../dialects/entry-summary.js';
import { unguarded } from '../dialects/runner-guard.js';
import { wrapLine } from './layout.js';
import { loaderNote } from '../convert/loader-files.js';

/** Counts of what a write did to hook-bridge's entries, with the removed and hand-written ones named. */
function changeSummary(c: WriteChanges) {
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

/** A path as the text report shows it: relative to the directory convert ran in (`<stdin>` for -). */
export const shownPath = (f: string, cwd = process.cwd()): string => (f === '-' ? '<stdin>' : relative(cwd, f) || f);

function formatDiagnostic(d: Diagnostic, cwd = process.cwd(), pc = colors()): string {
  const where = [d.file ? shownPath(d.file, cwd) : undefined, d.path].filter(Boolean).join(' ');
  const sev =
    d.severity === 'error' ? pc.red('error') : d.severity === 'warning' ? pc.yellow('warning') : pc.dim('info');
  return `${sev} ${where ? `${where}: ` : ''}${d.message} ${pc.dim(`(${d.code})`)}`;
}

/** The report's lines wrapped to `width`: [line, the column its continuations start at]. */
const wrapAll = (lines: [string, number][], width: number): string =>
  lines.flatMap(([l, indent]) => wrapLine(l, width, indent)).join('\n');

/** What became of a target file: written, would change (a dry run), up to date … */
function targetState(t: TargetOutcome, rel: (f: string) => string): string {
  const gone = 'convert created it and nothing else is in it';
  if (t.deleted) return t.written ? `deleted: ${gone}` : `dry run: would be deleted: ${gone}`;
  if (t.written) return `written${t.backup ? `, backup ${rel(t.backup)}` : ''}`;
  if (t.diff !== undefined) return t.changed ? 'dry run: would change' : 'dry run: up to date';
  if (t.before === undefined && !t.changed) return 'no such file, nothing to write';
  return t.changed ? 'printed' : 'up to date, nothing to write';
}

/** The lines of a target's converted hooks: one per hook with its status and notes, then the count per status. */
function hookRows(t: TargetOutcome, rel: (f: string) => string, pc: Colors): [string, number][] {
  const lines: [string, number][] = [];
  const counts: Record<Status, number> = { exact: 0, translated: 0, degraded: 0, dropped: 0 };
  for (const row of t.result.report) {
    counts[row.status]++;
    const m = row.source.matcher !== undefined ? ` ${JSON.stringify(row.source.matcher)}` : '';
    const arrow = row.target
      ? ` -> ${row.target.event}${row.target.matcher !== undefined ? ` ${JSON.stringify(row.target.matcher)}` : ''}`
      : '';
    lines.push([
      `  ` +
        paint(pc)[row.status](row.status.padEnd(10)) +
        ` ${row.source.event}${m}${arrow}  ` +
        pc.dim(`${rel(row.source.file)} ${row.source.path}`),
      13,
    ]);
    for (const n of row.notes) lines.push([`  ${' '.repeat(10)}   - ${n}`, 17]);
  }
  // --remove converts nothing: no hook to count.
  if (t.result.report.length)
    lines.push([
      `  ${plural(t.result.report.length, 'hook')}: ` +
        (Object.keys(counts) as Status[]).map((s) => `${counts[s]} ${s}`).join(', '),
      4,
    ]);
  return lines;
}

/** The text report of a conversion (stderr), each thing said once, wrapped to `width` columns. */
export function formatConvertReport(
  r: ConvertProjectResult,
  cwd = process.cwd(),
  pc = colors(),
  width = Number.POSITIVE_INFINITY,
): string {
  const lines: [string, number][] = [];
  const rel = (f: string) => shownPath(f, cwd);
  const from = r.sources[0]?.dialect;
  if (r.sources.length) lines.push([`sources (${from ?? '?'}): ${r.sources.map((s) => rel(s.file)).join(', ')}`, 2]);
  if (!r.targets.length) lines.push(['nothing to do: no target file holds entries hook-bridge recorded writing', 2]);
  for (const t of r.targets) {
    lines.push(
      ['', 0],
      [
        pc.bold(
          `${from ? `${from} -> ` : 'remove from '}${(t.shared?.removed ?? t.hosts).join(' + ')}: ${rel(t.file)} ` +
            `(${targetState(t, rel)})`,
        ),
        2,
      ],
    );
    if (t.shared) lines.push([`  ${sharedNote(t)}`, 4]);
    const c = changeSummary(t.changes);
    const dry = t.diff !== undefined || (!t.written && t.changed);
    lines.push([
      `  entries hook-bridge manages: ${c.added} ${dry ? 'to add' : 'added'}, ${c.updated} ` +
        `${dry ? 'to update' : 'updated'}, ${c.removed.length} ${dry ? 'to remove' : 'removed'}, ${c.unchanged} ` +
        `unchanged`,
      4,
    ]);
    for (const x of t.changes.removed)
      lines.push([
        `  ${pc.red((dry ? '- remove' : '- removed').padEnd(10))} ${x.event}  ${pc.dim(entrySummary(x.handler))}`,
        13,
      ]);
    for (const x of t.changes.handWritten)
      lines.push([
        `  ${pc.dim('kept'.padEnd(10))} ${x.event}  ` +
          pc.dim(`${entrySummary(x.handler)} (already there, written by hand: left to you)`),
        13,
      ]);
    lines.push(...hookRows(t, rel, pc));
    if (t.loader) lines.push([`  ${loaderNote(t.loader, cwd)}`, 4]);
  }
  for (const g of r.gates) {
    const dry = g.diff !== undefined && !g.written;
    const state = g.written
      ? `written${g.backup ? `, backup ${rel(g.backup)}` : ''}`
      : dry
        ? g.changed
          ? 'dry run: would change'
          : 'dry run: up to date'
        : g.changed
          ? 'not written'
          : 'up to date, nothing to write';
    const host = mappings.dialects[g.host].agent;
    const own = r.targets.find((t) => t.hosts.includes(g.host));
    const them = g.paths.length === 1 ? 'it' : 'them';
    const ownAgent = from ? mappings.dialects[from].agent : 'their own agent';
    lines.push(['', 0], [pc.bold(`${rel(g.file)}, which ${host} reads itself (${state})`), 2]);
    // What this run changes, unless it is all there is (a first run gates every hook).
    const all = g.gated === g.paths.length && !g.ungated && !dry && (g.written || !g.changed);
    const now = [
      ...(g.gated && !all ? [`${g.gated} ${dry || (!g.written && g.changed) ? 'to gate' : 'newly gated'}`] : []),
      ...(g.ungated ? [`${g.ungated} ${dry || (!g.written && g.changed) ? 'to ungate' : 'ungated'}`] : []),
    ];
    lines.push([
      `  ${plural(g.paths.length, 'hook')} gated for ${host}${now.length ? ` (${now.join(', ')})` : ''}` +
        (g.paths.length
          ? `: its own reading of ${them} does nothing, so each runs there once, from ` +
            `${own ? rel(own.file) : 'its converted entry'}; ${ownAgent} runs ${them} as before ` +
            `(docs/decided-behaviours.md)`
          : ''),
      4,
    ]);
  }
  const diags = r.diagnostics.filter((d) => !SAID_ON_ROWS.has(d.code));
  if (diags.length) lines.push(['', 0], ...diags.map((d): [string, number] => [formatDiagnostic(d, cwd, pc), 2]));
  return wrapAll(lines, width);
}

/** A file other dialects write too: whose it is as well, and what became of their entries (shared-files.ts). */
function sharedNote(t: TargetOutcome): string {
  const s = t.shared!;
  const agents = (ds: DialectId[]) => ds.map((d) => `${mappings.dialects[d].agent} (${d})`).join(', ');
  const named = t.hosts.filter((d) => !s.kept.includes(d));
  const head = `shared: ${agents(s.with)} ${s.with.length > 1 ? 'read' : 'reads'} this file too`;
  if (s.removed)
    return s.kept.length
      ? `${head}; its entries stay, ` +
          (s.rewritten ? `written again for ${s.kept.join(', ')} alone` : `written for ${s.kept.join(', ')}`)
      : head;
  if (!s.kept.length)
    return `${head}; \`convert --to ${s.with.join(',')}\` keeps these entries and writes each for both`;
  return (
    `${head}, and the entries written for ${s.kept.join(', ')} are kept: each is written for ` +
    `${t.hosts.join(' and ')}, as \`--to ${t.hosts.join(',')}\` writes it (not only for ${named.join(', ')})`
  );
}

/** Diagnostics the report's rows already say (a dropped hook): not said again below. */
const SAID_ON_ROWS = new Set(['hookDropped']);

/** A target file, its record and its loader file (an in-process host's) are what convert would write now. */
export const upToDate = (t: TargetOutcome): boolean =>
  !t.changed && !t.recordChanged && !(t.loader && (t.loader.changed || t.loader.action === 'keep-edited'));

/** `convert --check`: each target file, up to date or not, and the entries a convert would add, update or remove there.
 */
export function formatCheckReport(
  r: ConvertProjectResult,
  command: string,
  cwd = process.cwd(),
  pc = colors(),
  width = Number.POSITIVE_INFINITY,
): string {
  const rel = (f: string) => shownPath(f, cwd);
  const stale = r.targets.filter((t) => !upToDate(t));
  const lines: [string, number][] = [];
  for (const t of r.targets) {
    // A shared file is checked for every host its entries were written for (shared-files.ts).
    const shared = t.shared?.kept.length ? ` (shared: checked as written for ${t.hosts.join(' and ')})` : '';
    if (upToDate(t)) {
      lines.push([`${pc.green('up to date')}   ${rel(t.file)}${shared}`, 13]);
      continue;
    }
    const c = t.changes;
    const counts = [`${c.added.length} to add`, `${c.updated.length} to update`, `${c.removed.length} to remove`].join(
      ', ',
    );
    lines.push([
      `${pc.red('out of date')}  ${rel(t.file)}: ` +
        (t.deleted
          ? 'convert would delete it (it created it, and nothing else is in it)'
          : t.before === undefined
            ? `missing (${counts})`
            : counts) +
        shared,
      13,
    ]);
    // The entry as written (without the runner guard): what changes in it is what the line is for.
    const shown = (h: { handler: Record<string, unknown> }) => pc.dim(unguarded(entryText(h.handler)));
    for (const h of c.added) lines.push([`  ${pc.green('+ add')}     ${h.event}  ${shown(h)}`, 12]);
    for (const h of c.updated) lines.push([`  ${pc.yellow('~ update')}  ${h.event}  ${shown(h)}`, 12]);
    for (const h of c.removed) lines.push([`  ${pc.red('- remove')}  ${h.event}  ${shown(h)}`, 12]);
    if (t.loader && (t.loader.changed || t.loader.action === 'keep-edited'))
      lines.push([`  ${loaderNote(t.loader, cwd)}`, 4]);
    else if (!c.added.length && !c.updated.length && !c.removed.length)
      lines.push([
        `  ` +
          (t.changed
            ? 'the file is not what convert would write'
            : t.staleRecord
              ? `its record is ${rel(t.staleRecord)}, which an agent reads as a hook file: convert moves it to ` +
                rel(t.record)
              : `its record ${rel(t.record)} is not what convert would write`),
        4,
      ]);
  }
  // A source file another host reads itself, whose gates are not what convert writes: that host runs those hooks twice.
  const ungated = r.gates.filter((g) => g.changed);
  for (const g of ungated)
    lines.push([
      `${pc.red('out of date')}  ${rel(g.file)}: ${plural(g.gated, 'hook')} to gate, ${g.ungated} to ungate for ` +
        mappings.dialects[g.host].agent +
        `, which reads this file itself`,
      13,
    ]);
  const diags = r.diagnostics.filter((d) => d.code !== 'hookDropped');
  if (diags.length) lines.push(['', 0], ...diags.map((d): [string, number] => [formatDiagnostic(d, cwd, pc), 2]));
  const n = stale.length + ungated.length;
  const checked = r.targets.length + r.gates.length;
  lines.push(
    ['', 0],
    [
      n
        ? `${n} of ${plural(checked, r.gates.length ? 'file' : 'target file')} ` +
          (r.gates.length ? '(targets and gated sources) ' : '') +
          `out of date: run \`${command}\` (with the same inputs and options) and commit the result`
        : `every target file is what convert would write (${r.targets.length} checked` +
          (r.gates.length ? `, and ${plural(r.gates.length, 'gated source file')}` : '') +
          `)`,
      0,
    ],
  );
  return wrapAll(lines, width);
}

/** A path in the JSON report: relative to the directory convert ran in, as in the text report. */
const jsonPath = (f: string, cwd: string) => (f === '-' || f === '<stdin>' ? f : relative(cwd, f) || '.');

/**
 * `convert --format json`: what the library returns, with every file path relative to the directory convert ran in
 * (as the text report shows them); trust keys and the trust store keep the absolute paths the agent records.
 */
export function convertJson(
  r: ConvertProjectResult,
  f: { stdout?: boolean; check?: boolean },
  cwd = process.cwd(),
): unknown {
  const p = (x: string) => jsonPath(x, cwd);
  return {
    sources: r.sources.map((s) => ({
      ...s,
      file: p(s.file),
      ...(s.pluginRoot ? { pluginRoot: p(s.pluginRoot) } : {}),
    })),
    targets: r.targets.map((t) => ({
      to: t.to,
      hosts: t.hosts,
      file: p(t.file),
      changed: t.changed,
      written: t.written,
      ...(t.deleted ? { deleted: true } : {}),
      ...(t.backup ? { backup: p(t.backup) } : {}),
      ...(t.diff !== undefined ? { diff: t.diff } : {}),
      ...(f.stdout ? { output: t.after } : {}),
      changes: changeSummary(t.changes),
      ...(f.check ? { upToDate: upToDate(t) } : {}),
      ...(t.trust ? { trust: t.trust } : {}),
      ...(t.shared ? { shared: t.shared } : {}),
      ...(t.projectTrust
        ? {
            projectTrust: {
              store: t.projectTrust.store,
              project: t.projectTrust.key,
              trusted: t.projectTrust.trusted,
              ...(t.projectTrust.entry ? { entry: t.projectTrust.entry } : {}),
              ...(t.projectTrust.recorded ? { recorded: true } : {}),
              ...(t.projectTrust.removed ? { removed: true } : {}),
              ...(t.projectTrust.error ? { error: t.projectTrust.error.describe() } : {}),
            },
          }
        : {}),
      ...(t.loader
        ? {
            loader: {
              file: p(t.loader.file),
              action: t.loader.action,
              changed: t.loader.changed,
              written: t.loader.written,
              ...(t.loader.version ? { version: t.loader.version } : {}),
              ...(t.loader.diff !== undefined ? { diff: t.loader.diff } : {}),
            },
          }
        : {}),
      report: t.result.report.map((row) => ({
        ...row,
        source: { ...row.source, file: p(row.source.file) },
        ...(row.target?.file ? { target: { ...row.target, file: p(row.target.file) } } : {}),
      })),
    })),
    gates: r.gates.map((g) => ({
      file: p(g.file),
      host: g.host,
      changed: g.changed,
      written: g.written,
      gated: g.gated,
      ungated: g.ungated,
      paths: g.paths,
      ...(f.check ? { upToDate: !g.changed } : {}),
      ...(g.backup ? { backup: p(g.backup) } : {}),
      ...(g.diff !== undefined ? { diff: g.diff } : {}),
    })),
    diagnostics: r.diagnostics.map((d) => (d.file ? { ...d, file: p(d.file) } : d)),
  };
}
