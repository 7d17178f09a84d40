import { DIALECT_IDS, REFERENCE_DIALECT, type DialectId } from '../model/dialect-ids.js';
import { mappings, type Evidence } from '../model/mappings.js';
import { toolEvidence } from '../dialects/catalog.js';
import { describeDialect, trustNeeded } from '../dialects/describe.js';
import { columns, fitTable, wrapLine } from './layout.js';

/** The data's part of `hook-bridge help run|dispatch` (src/cli/main.ts completes their help from this bundle). */
export { hostHelpLists } from '../run/help-lists.js';

/** Everything hook-bridge knows, as data: what `dialects --format json` prints. */
export function knowledge() {
  return {
    dialects: DIALECT_IDS.map((id) => ({ ...mappings.dialects[id], id })),
    events: Object.entries(mappings.events).map(([id, e]) => ({
      id,
      matcherOn: e.matcherOn,
      names: e.names,
      evidence: e.evidence,
      values: e.values,
      ...(e.nearest ? { nearest: e.nearest } : {}),
    })),
    tools: Object.entries(mappings.tools).map(([id, row]) => ({
      id,
      names: row,
      evidence: Object.fromEntries(
        Object.entries(row).flatMap(([d, entry]) => (entry ? [[d, toolEvidence(entry)]] : [])),
      ),
    })),
  };
}

/** Marks a name whose evidence is not an observation: `*` documented, `+` hook-bridge's extension of a format. */
const MARK: Record<Evidence, string> = { observed: '', documented: '*', extension: '+' };

const cell = (v: { name: string } | string | null | undefined, evidence?: Evidence) =>
  v === null ? '—' : v === undefined ? '?' : `${typeof v === 'string' ? v : v.name}${evidence ? MARK[evidence] : ''}`;

/** A section: its heading (wrapped) and its table, fitted to the width. */
const section = (heading: string, rows: string[][], width: number, keep = 1) =>
  ['', ...wrapLine(heading, width, 2), fitTable(rows, width, keep)].join('\n');

/** The section of the agents that run another agent's hook files themselves (config.readsForeign), if any does. */
function foreignSection(k: ReturnType<typeof knowledge>, width: number): string | undefined {
  const foreign = k.dialects.flatMap((d) =>
    (d.config.readsForeign ?? []).map((r) => [
      d.id,
      `${r.dialect}: ${r.files.join(', ')}`,
      r.mode,
      [
        ...r.events.map((e) => cell(mappings.events[e]?.names[r.dialect])),
        ...(r.documentedEvents ?? []).map((e) => `${cell(mappings.events[e]?.names[r.dialect])}*`),
      ].join(' '),
      r.dedup ? 'once' : 'once per file',
      r.switchOff ?? 'none',
    ]),
  );
  if (!foreign.length) return undefined;
  return section(
    "AGENTS THAT RUN ANOTHER AGENT'S HOOK FILES THEMSELVES  (* = documented, not observed)",
    [['agent', 'reads', 'mode', 'events', 'same command in two files', 'switch for that reading alone'], ...foreign],
    width,
  );
}

function overview(width: number): string {
  const k = knowledge();
  const out: string[] = [];
  out.push(
    ...wrapLine(
      'hook-bridge dialects <id> shows one agent: its events, tools with their parameters, what each answer ' +
        'does there and where it differs from Claude Code. --format json: everything.',
      width,
    ),
    section(
      'DIALECTS',
      [
        ['id', 'agent', 'observed', 'config', 'timeout', 'matcher', 'runs project hooks when'],
        ...k.dialects.map((d) => [
          d.id,
          d.agent,
          d.observedVersion ?? '—',
          d.config.write,
          `${d.timeout.unit}, default ${d.timeout.default ?? 'unknown'}`,
          d.matcher.semantics,
          trustNeeded(d.id),
        ]),
      ],
      width,
    ),
  );
  out.push(
    section(
      'EVENTS  (* = documented, not observed; + = carried under the Claude name; — = verified absent; ' +
        '? = not researched)',
      [
        ['canonical', 'matcher on', ...DIALECT_IDS],
        ...k.events.map((e) => {
          const names = DIALECT_IDS.map((d) => cell(e.names[d], e.evidence[d]));
          return [e.id, e.matcherOn ?? '—', ...names];
        }),
      ],
      width,
    ),
  );
  const foreign = foreignSection(k, width);
  if (foreign) out.push(foreign);
  const nearest = k.events.filter((e) => e.nearest);
  if (nearest.length)
    out.push(
      section(
        'FORMAT EVENTS ON AGENTS (where an agent lacks the event)',
        [
          ['event', 'runs as', 'meaning'],
          ...nearest.map((e) => [
            Object.values(e.names).find(Boolean) ?? e.id,
            `${e.nearest!.event}${e.nearest!.values ? ` ${e.nearest!.values.join('|')}` : ''}`,
            e.nearest!.holds ? 'holds' : 'degraded',
          ]),
        ],
        width,
      ),
    );
  out.push(
    section(
      "TOOLS  (* = documented: vendor docs, a seed or the agent's bundle, not observed)",
      [
        ['canonical', ...DIALECT_IDS],
        ...k.tools.map((t) => [t.id, ...DIALECT_IDS.map((d) => cell(t.names[d], t.evidence[d]))]),
      ],
      width,
    ),
  );
  return out.join('\n');
}

/** A tool's parameters, the required ones marked `!`, `…` where only some are known. */
const paramList = (t: { params: string[]; required: string[]; paramsComplete: boolean }) =>
  [...t.params.map((p) => `${p}${t.required.includes(p) ? '!' : ''}`), ...(t.paramsComplete ? [] : ['…'])].join(' ');

/** One agent: `hook-bridge dialects <id>`. */
function oneAgent(d: DialectId, width: number): string {
  const a = describeDialect(d);
  const ref = mappings.dialects[REFERENCE_DIALECT].agent;
  const facts = (rows: { what: string; value: string }[]) => rows.map((f) => [f.what, f.value]);
  const out = [
    ...wrapLine(
      `${a.agent} (${a.id}): ` +
        (a.observedVersion ? `facts observed on ${a.observedVersion}` : 'known from documents only, not observed') +
        '. * = documented, not observed.',
      width,
    ),
    section('CONFIG', facts(a.config), width),
    section(
      `EVENTS (${a.events.length})`,
      [
        ['event', 'canonical', 'matcher on'],
        ...a.events.map((e) => [
          `${e.name}${MARK[e.evidence]}`,
          e.canonical,
          `${e.matcherOn ?? '— (ignored)'}${e.values ? `: ${e.values.join(', ')}` : ''}`,
        ]),
      ],
      width,
    ),
    section(
      `TOOLS (${a.tools.length}; required parameters marked !)`,
      [
        ['tool', 'canonical', 'parameters'],
        ...a.tools.map((t) => [`${t.name}${MARK[t.evidence]}`, t.canonical, paramList(t)]),
      ],
      width,
    ),
  ];
  if (a.answers.length) out.push(section('ANSWERS (what each form of a hook answer does)', facts(a.answers), width));
  const head =
    a.id === REFERENCE_DIALECT
      ? 'LIMITS'
      : `LIMITS (where ${a.agent} differs from ${ref}; what hook-bridge does about each: docs/decided-behaviours.md)`;
  const who = [ref, a.agent];
  const pad = Math.max(...who.map((w) => w.length)) + 1;
  out.push(
    '',
    ...wrapLine(head, width, 2),
    ...(a.limits.length
      ? a.limits.flatMap((l) => [
          ...wrapLine(l.what, width),
          ...wrapLine(`  ${`${ref}:`.padEnd(pad)} ${l.reference}`, width, pad + 3),
          ...wrapLine(`  ${`${a.agent}:`.padEnd(pad)} ${l.here}`, width, pad + 3),
        ])
      : [a.id === REFERENCE_DIALECT ? 'none: the reference agent' : `none: it runs hooks as ${ref} does`]),
  );
  return out.join('\n');
}

export function dialectsCommand(format: 'text' | 'json', agent?: DialectId): void {
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify(agent ? describeDialect(agent) : knowledge(), null, 2)}\n`);
    return;
  }
  const width = columns(process.stdout);
  process.stdout.write(`${agent ? oneAgent(agent, width) : overview(width)}\n`);
}
