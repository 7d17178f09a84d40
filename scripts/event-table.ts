// The tables the docs generate from mappings/: the README's agents (agentTable) and docs/agents.md's events
// by agent, with the evidence for each name (eventTable). test/readme.test.ts keeps each file equal to them:
// run this file to print both, or with --write to put them into the two files.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DIALECT_IDS, REFERENCE_DIALECT } from '../src/model/dialect-ids.js';
import { mappings, type Evidence } from '../src/model/mappings.js';

const MARK: Record<Evidence, string> = { observed: '', documented: ' *', extension: ' +' };

export function eventTable(): string {
  const head = `| event | ${DIALECT_IDS.map((d) => `\`${d}\``).join(' | ')} |`;
  const rule = `|${'---|'.repeat(DIALECT_IDS.length + 1)}`;
  const rows = Object.entries(mappings.events).map(([id, e]) => {
    const cells = DIALECT_IDS.map((d) => {
      const n = e.names[d];
      if (n === null) return '—';
      if (n === undefined)
        return e.nearest && mappings.events[e.nearest.event]?.names[d]
          ? `→ ${mappings.events[e.nearest.event]!.names[d]}`
          : '';
      return `${n}${MARK[e.evidence[d] ?? 'observed']}`;
    });
    return `| ${id} | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}

/** One agent's end-to-end scores (docs/e2e-scores.json, written by the differential e2e suite). */
export interface Scores {
  asIs: string;
  other?: string;
  otherIs?: string;
  bridged: string;
}

/** The scores the last end-to-end run recorded, per dialect id. */
export function e2eScores(): Record<string, Scores> {
  return (
    JSON.parse(readFileSync(resolve(import.meta.dirname, '../docs/e2e-scores.json'), 'utf8')) as {
      agents: Record<string, Scores>;
    }
  ).agents;
}

/**
 * One row per dialect: its id (the value of --from / --to), the agent, the version observed, the file convert writes,
 * and Claude's outcome end to end there: the config as it is, fixed by hand (or its own migration), through
 * hook-bridge.
 */
export function agentTable(): string {
  const scores = e2eScores();
  const rows = DIALECT_IDS.map((d) => {
    const spec = mappings.dialects[d];
    const s = scores[d];
    const e2e =
      d === REFERENCE_DIALECT
        ? 'the reference (original config) | — | —'
        : s
          ? `${s.asIs} | ${s.other ? `${s.other} (${s.otherIs})` : '—'} | **${s.bridged}**`
          : '— | — | —';
    return (
      `| \`${d}\` | ${spec.agent} | ` +
      (spec.observedVersion ?? '— (documented)') +
      ` | \`${spec.config.write}\`` +
      (spec.config.inProcess ? ` and its loader \`${spec.config.inProcess.loader}\`` : '') +
      ` | ${e2e} |`
    );
  });
  return [
    "| `--to` / `--from` | agent | version observed | convert writes | Claude's outcome end to end: as it is | " +
      'by hand, or its own migration | through hook-bridge |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** `text` with what stands between `<!-- name: … -->` and `<!-- /name -->` replaced by `table`. */
export function withTable(text: string, name: string, table: string): string {
  const m = new RegExp(`(<!-- ${name}:[^\\n]*-->\\n)[\\s\\S]*?(\\n<!-- /${name} -->)`).exec(text);
  if (!m) throw new Error(`no <!-- ${name}: … --> … <!-- /${name} --> markers`);
  return text.slice(0, m.index) + m[1] + table + text.slice(m.index + m[0].length - m[2]!.length);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes('--write')) process.stdout.write(`${agentTable()}\n\n${eventTable()}\n`);
  else
    for (const [file, name, table] of [
      ['README.md', 'agent-table', agentTable()],
      ['docs/agents.md', 'event-table', eventTable()],
    ] as const) {
      const path = resolve(import.meta.dirname, '..', file);
      writeFileSync(path, withTable(readFileSync(path, 'utf8'), name, table));
    }
}
