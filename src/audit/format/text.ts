// Grouped by file; colour only when stdout, where the report goes, is a TTY.
import { colors, useColor } from './colors.js';
import type { AuditResult } from '../audit.js';
import { shownPath } from './where.js';

export function formatText(r: AuditResult, cwd = process.cwd(), pc = colors(useColor(process.stdout))): string {
  const out: string[] = [];
  const byFile = new Map<string, typeof r.findings>();
  for (const f of r.findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  for (const [file, list] of byFile) {
    out.push(pc.underline(shownPath(file, cwd)));
    for (const f of list) {
      const sev = f.severity === 'error' ? pc.red('error  ') : f.severity === 'warning' ? pc.yellow('warning') : pc.blue('info   ');
      const pos = f.line ? `${f.line}:${f.column ?? 1}` : '';
      out.push(`  ${pc.dim(pos.padEnd(7))} ${sev} ${f.message}  ${pc.dim(f.ruleId)}`);
      if (f.path) out.push(`  ${' '.repeat(16)}${pc.dim(`at ${f.path}`)}`);
      if (f.fix) out.push(`  ${' '.repeat(16)}${pc.dim(`fix: ${f.fix}`)}`);
    }
    out.push('');
  }
  const count = (s: string) => r.findings.filter((f) => f.severity === s).length;
  const scanned = `${r.configs.length} config file(s), ${r.configs.reduce((n, c) => n + c.hooks.length, 0)} hook(s)`;
  out.push(r.findings.length ? `${r.findings.length} finding(s): ${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} info — ${scanned}` : `no findings — ${scanned}`);
  return out.join('\n');
}
