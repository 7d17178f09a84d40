// `audit --list-rules` in each --format: text (a table), json (an array), markdown (the rule
// table of docs/commands.md), sarif (a log with the rules and no results).
import type { Rule } from '../types.js';
import { formatSarif } from './sarif.js';

export function formatRuleList(rules: Rule[], format: 'text' | 'json' | 'markdown' | 'sarif'): string {
  if (format === 'json')
    return `${JSON.stringify(
      rules.map((r) => ({
        id: r.id,
        severity: r.severity,
        description: r.description,
        docs: r.docs,
        sources: r.sources ?? [],
      })),
      null,
      2,
    )}\n`;
  if (format === 'sarif') return formatSarif({ rules, findings: [] });
  if (format === 'markdown')
    return [
      '| rule | severity | finds |',
      '|---|---|---|',
      ...rules.map((r) => `| \`${r.id}\` | ${r.severity} | ${r.description.replace(/\|/g, '\\|')} |`),
      '',
    ].join('\n');
  const width = Math.max(...rules.map((r) => r.id.length)) + 2;
  return rules.map((r) => `${r.id.padEnd(width)}${r.severity.padEnd(9)}${r.description}\n`).join('');
}
