// The tables the docs generate from mappings/: the README's agents (agentTable) and docs/agents.md's events
// by agent, with the evidence for each name (eventTable). test/readme.test.ts keeps each file equal to them:
// run this file to print both.
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

/** One row per dialect: its id (the value of --from / --to), the agent, the version observed, the file convert writes. */
export function agentTable(): string {
  const rows = DIALECT_IDS.map((d) => {
    const spec = mappings.dialects[d];
    return `| \`${d}\` | ${spec.agent} | ${spec.observedVersion ?? '— (documented)'} | \`${spec.config.write}\` |`;
  });
  return ['| `--to` / `--from` | agent | version observed | convert writes |', '|---|---|---|---|', ...rows].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${agentTable()}\n\n${eventTable()}\n`);
