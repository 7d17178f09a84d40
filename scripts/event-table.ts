// The README's table of events by agent, with the evidence for each name (test/readme.test.ts keeps
// the README equal to it: run this file to print it).
import { DIALECT_IDS } from '../src/model/dialect-ids.js';
import { mappings, type Evidence } from '../src/model/mappings.js';

const MARK: Record<Evidence, string> = { observed: '', documented: ' *', extension: ' +' };

export function eventTable(): string {
  const head = `| event | ${DIALECT_IDS.map((d) => `\`${d}\``).join(' | ')} |`;
  const rule = `|${'---|'.repeat(DIALECT_IDS.length + 1)}`;
  const rows = Object.entries(mappings.events).map(([id, e]) => {
    const cells = DIALECT_IDS.map((d) => {
      const n = e.names[d];
      if (n === null) return '—';
      if (n === undefined) return e.nearest && mappings.events[e.nearest.event]?.names[d] ? `→ ${mappings.events[e.nearest.event]!.names[d]}` : '';
      return `${n}${MARK[e.evidence[d] ?? 'observed']}`;
    });
    return `| ${id} | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${eventTable()}\n`);
