// A migration report a person attaches to a PR: summary, findings by severity (identical ones once), what to run.
import { shownOnce } from '../group.js';
import { alsoAt, shownPath } from './where.js';
import type { AuditResult } from '../audit.js';

const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function formatMarkdown(r: AuditResult, cwd = process.cwd()): string {
  const rel = (f: string) => shownPath(f, cwd);
  const target = r.target ?? r.findings.find((f) => f.target)?.target;
  const out: string[] = [`# Hook migration audit${target ? ` for ${target}` : ''}`, ''];
  out.push('| config | agent | hooks | errors | warnings | info |', '|---|---|---|---|---|---|');
  for (const c of r.configs) {
    const fs = r.findings.filter((f) => f.file === c.file);
    const n = (s: string) => fs.filter((f) => f.severity === s).length;
    out.push(
      `| \`${rel(c.file)}\` | ${c.dialect} | ${c.hooks.length} | ${n('error')} | ${n('warning')} | ${n('info')} |`,
    );
  }
  out.push('');
  if (!r.findings.length) out.push('No findings.', '');
  for (const [sev, title] of [
    ['error', 'Errors'],
    ['warning', 'Warnings'],
    ['info', 'Notes'],
  ] as const) {
    const fs = r.findings.filter((f) => f.severity === sev);
    if (!fs.length) continue;
    out.push(`## ${title} (${fs.length})`, '', '| where | rule | finding |', '|---|---|---|');
    // Identical findings once, with where else they are (group.ts).
    for (const { finding: f, others } of shownOnce(fs)) {
      const more = others.length ? ` — ${esc(alsoAt(f, others, cwd))}` : '';
      out.push(
        `| \`${rel(f.file)}${f.line ? `:${f.line}` : ''}\`${f.path ? ` \`${f.path}\`` : ''}${more} | \`` +
          `${f.ruleId}\` | ${esc(f.message)} |`,
      );
    }
    out.push('');
  }
  if (r.conversion?.length) {
    out.push(
      `## What \`hook-bridge convert --to ${target ?? 'the target'}\` would change`,
      '',
      '| source | hook | status | why |',
      '|---|---|---|---|',
    );
    for (const { config, report } of r.conversion) {
      for (const row of report)
        out.push(
          `| \`${rel(config.file)}\` \`${row.source.path}\` | ${row.source.event}` +
            (row.source.matcher !== undefined ? ` ${esc(JSON.stringify(row.source.matcher))}` : '') +
            ` | ${row.status} | ${esc(row.reason)} |`,
        );
    }
    out.push('');
  }
  if (r.skipped?.length) {
    out.push(
      `## Not audited${target ? ` for ${target}` : ''}`,
      '',
      ...r.skipped.map((x) => `- \`${rel(x.file)}\`: hook-bridge's conversion for ${x.agent}; its sources are audited`),
      '',
    );
  }
  const fixes = [...new Set(r.findings.map((f) => f.fix).filter(Boolean))];
  if (fixes.length) out.push('## What to run', '', ...fixes.map((f) => `- \`${f}\``), '');
  const used = r.rules.filter((rule) => r.findings.some((f) => f.ruleId === rule.id));
  if (used.length) {
    out.push('## Rules', '');
    for (const rule of used) out.push(`### \`${rule.id}\` — ${rule.description}`, '', rule.docs, '');
  }
  return out.join('\n');
}
