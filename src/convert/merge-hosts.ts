// Hosts that read one file (`--to codebuddy,codebuddy-ide`): their conversions merged into one entry per source
// hook and one report row per source hook.
import type { DialectId } from '../model/dialect-ids.js';
import type { NativeHook } from '../dialects/define.js';
import { parseWrapper, wrapCommand } from '../dialects/wrapper.js';
import type { ConvertResult, ReportRow, Status } from './convert.js';

/**
 * Hosts sharing a file get one entry per source hook: matchers joined (both vocabularies), one wrapper
 * for both — and one report row per source hook, with every host's notes.
 */
export function mergeHosts(results: ConvertResult[], hosts: DialectId[]): ConvertResult {
  if (results.length === 1) return results[0]!;
  const byKey = new Map<string, { hook: NativeHook; row: ReportRow }>();
  const hooks: NativeHook[] = [];
  const report: ReportRow[] = [];
  const where = (row: ReportRow) => `${row.source.file}\0${row.source.path}`;
  const kept = new Set<string>();
  for (const r of results) {
    // convertHooks writes one row per source hook, and one hook per row that is not dropped, in order.
    const rows = r.report.filter((x) => x.status !== 'dropped');
    r.hooks.forEach((h, i) => {
      const row = rows[i]!;
      kept.add(where(row));
      // The same source hook as the other host wrote it; two source hooks that run the same command stay two
      // entries (each keeps its own matcher and timeout).
      const k = `${h.event}\0${h.key}\0${where(row)}`;
      const first = byKey.get(k);
      if (!first) {
        const entry = {
          hook: { ...h, handler: { ...h.handler } },
          row: { ...row, notes: [...row.notes], ...(row.target ? { target: { ...row.target } } : {}) },
        };
        byKey.set(k, entry);
        hooks.push(entry.hook);
        report.push(entry.row);
        return;
      }
      const f = first.hook;
      if (f.matcher !== h.matcher && f.matcher !== '*' && f.matcher !== undefined) {
        f.matcher =
          h.matcher === '*' || h.matcher === undefined
            ? h.matcher
            : [...new Set([String(f.matcher), String(h.matcher)])].join('|');
      }
      if (typeof h.handler.timeout === 'number' && typeof f.handler.timeout === 'number')
        f.handler.timeout = Math.max(f.handler.timeout, h.handler.timeout);
      for (const n of row.notes) if (!first.row.notes.includes(n)) first.row.notes.push(n);
      if (STATUS_ORDER.indexOf(row.status) > STATUS_ORDER.indexOf(first.row.status)) first.row.status = row.status;
    });
  }
  // A hook one host drops and the other runs: its row says so; dropped on all, one dropped row.
  for (const r of results) {
    for (const row of r.report.filter((x) => x.status === 'dropped')) {
      const other = report.find((x) => where(x) === where(row));
      if (other && kept.has(where(row))) other.notes.push(...row.notes.filter((n) => !other.notes.includes(n)));
      else if (!other) report.push(row);
    }
  }
  for (const { hook: h, row } of byKey.values()) {
    const w =
      typeof h.handler.command === 'string'
        ? parseWrapper(h.handler.command, [h.handler.command.split(' run --from ')[0]!])
        : undefined;
    if (w) h.handler.command = wrapCommand({ ...w, hosts });
    if (row.target) {
      if (h.matcher !== undefined) row.target.matcher = h.matcher;
      if (typeof h.handler.command === 'string') row.target.command = h.handler.command;
    }
    row.notes = row.notes.map((n) =>
      n.replace(/^matcher (".*?") -> ".*"$/, (_m, from: string) => `matcher ${from} -> ${JSON.stringify(h.matcher)}`),
    );
    row.notes = [...new Set(row.notes)];
    row.reason = row.notes.join('; ') || 'unchanged';
  }
  return { to: hosts[0]!, hooks, report, diagnostics: results.flatMap((r) => r.diagnostics) };
}

const STATUS_ORDER: Status[] = ['exact', 'translated', 'degraded', 'dropped'];
