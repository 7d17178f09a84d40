// Grouped by file, identical findings once (group.ts); colour only when stdout, where the report goes, is a TTY.
import { colors, useColor } from './colors.js';
import type { AuditResult } from '../audit.js';
import { shownOnce } from '../group.js';
import { mappings } from '../../model/mappings.js';
import { alsoAt, shownPath } from './where.js';

export function formatText(r: AuditResult, cwd = process.cwd(), pc = colors(useColor(process.stdout))): string {
  const out: string[] = [];
  const byFile = new Map<string, ReturnType<typeof shownOnce>>();
  for (const g of shownOnce(r.findings)) byFile.set(g.finding.file, [...(byFile.get(g.finding.file) ?? []), g]);
  const pad = ' '.repeat(16);
  for (const [file, list] of byFile) {
    const unit = list[0]!.finding.unit;
    out.push(pc.underline(shownPath(file, cwd)) + (unit ? pc.dim(`  (${unit})`) : ''));
    for (const { finding: f, others } of list) {
      const sev =
        f.severity === 'error'
          ? pc.red('error  ')
          : f.severity === 'warning'
            ? pc.yellow('warning')
            : pc.blue('info   ');
      const pos = f.line ? `${f.line}:${f.column ?? 1}` : '';
      out.push(`  ${pc.dim(pos.padEnd(7))} ${sev} ${f.message}  ${pc.dim(f.ruleId)}`);
      if (f.path) out.push(`  ${pad}${pc.dim(`at ${f.path}`)}`);
      if (others.length) out.push(`  ${pad}${pc.dim(alsoAt(f, others, cwd))}`);
      if (f.fix) out.push(`  ${pad}${pc.dim(`fix: ${f.fix}`)}`);
    }
    out.push('');
  }
  const count = (s: string) => r.findings.filter((f) => f.severity === s).length;
  const scanned = `${r.configs.length} config file(s), ${r.configs.reduce((n, c) => n + c.hooks.length, 0)} hook(s)`;
  out.push(
    r.findings.length
      ? `${r.findings.length} finding(s): ${count('error')} error(s), ${count('warning')} warning(s), ` +
          `${count('info')} info — ${scanned}`
      : `no findings — ${scanned}`,
  );
  if (r.skipped?.length)
    out.push(
      pc.dim(
        `not audited` +
          (r.target ? ` for ${mappings.dialects[r.target].agent}` : '') +
          `: ` +
          r.skipped
            .map((s) => `${shownPath(s.file, cwd)} (hook-bridge's conversion for ${s.agent}; its sources are audited)`)
            .join(', '),
      ),
    );
  return out.join('\n');
}
