import { DIALECT_IDS } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';

/** Everything hook-bridge knows, as data: what `dialects --format json` prints. */
export function knowledge() {
  return {
    dialects: DIALECT_IDS.map((id) => ({ ...mappings.dialects[id], id })),
    events: Object.entries(mappings.events).map(([id, e]) => ({ id, matcherOn: e.matcherOn, names: e.names, values: e.values })),
    tools: Object.entries(mappings.tools).map(([id, row]) => ({ id, names: row })),
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

const cell = (v: { name: string } | string | null | undefined) => (v === null ? '—' : v === undefined ? '?' : typeof v === 'string' ? v : v.name);

export function dialectsCommand(format: 'text' | 'json'): void {
  const k = knowledge();
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify(k, null, 2)}\n`);
    return;
  }
  const out: string[] = [];
  out.push('DIALECTS', table([
    ['id', 'agent', 'observed', 'config', 'timeout', 'matcher', 'project dir env'],
    ...k.dialects.map((d) => [d.id, d.agent, d.observedVersion ?? '—', d.config.write, `${d.timeout.unit}, default ${d.timeout.default ?? 'unknown'}`, d.matcher.semantics, d.env?.projectDir.join(' ') ?? '—']),
  ]));
  out.push('', 'EVENTS  (— = verified absent, ? = not researched)', table([
    ['canonical', 'matcher on', ...DIALECT_IDS],
    ...k.events.map((e) => [e.id, e.matcherOn ?? '—', ...DIALECT_IDS.map((d) => cell(e.names[d]))]),
  ]));
  out.push('', 'TOOLS', table([
    ['canonical', ...DIALECT_IDS],
    ...k.tools.map((t) => [t.id, ...DIALECT_IDS.map((d) => cell(t.names[d]))]),
  ]));
  out.push('', 'Semantics in full: hook-bridge dialects --format json');
  process.stdout.write(`${out.join('\n')}\n`);
}
