import { DIALECT_IDS } from '../model/dialect-ids.js';
import { mappings, type Evidence } from '../model/mappings.js';
import { toolEvidence } from '../dialects/catalog.js';

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

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const cell = (v: { name: string } | string | null | undefined, evidence?: Evidence) =>
  v === null ? '—' : v === undefined ? '?' : `${typeof v === 'string' ? v : v.name}${evidence ? MARK[evidence] : ''}`;

type Spec = (typeof mappings.dialects)[keyof typeof mappings.dialects];

/** The variables holding the project dir, or how a hook finds the project where there is none (Codex CLI). */
function projectDirCell(env: Spec['env']): string {
  if (!env) return '—';
  if (env.projectDir.length) return env.projectDir.join(' ');
  return env.projectRoot === 'git-toplevel-of-cwd' ? 'none (hooks run in the cwd; root = its git top level)' : 'none';
}

/** What must be trusted before an agent runs a project's hooks. */
function trustCell(config: Spec['config']): string {
  if (config.hookTrust === 'trusted-hash') return "project trusted + each hook's hash trusted";
  return config.folderTrust ? 'folder trusted' : 'always';
}

export function dialectsCommand(format: 'text' | 'json'): void {
  const k = knowledge();
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify(k, null, 2)}\n`);
    return;
  }
  const out: string[] = [];
  out.push(
    'DIALECTS',
    table([
      ['id', 'agent', 'observed', 'config', 'timeout', 'matcher', 'project dir env', 'runs project hooks when'],
      ...k.dialects.map((d) => [
        d.id,
        d.agent,
        d.observedVersion ?? '—',
        d.config.write,
        `${d.timeout.unit}, default ${d.timeout.default ?? 'unknown'}`,
        d.matcher.semantics,
        projectDirCell(d.env),
        trustCell(d.config),
      ]),
    ]),
  );
  out.push(
    '',
    'EVENTS  (* = documented, not observed; + = carried under the ' +
      'Claude name; — = verified absent; ? = not researched)',
    table([
      ['canonical', 'matcher on', ...DIALECT_IDS],
      ...k.events.map((e) => [e.id, e.matcherOn ?? '—', ...DIALECT_IDS.map((d) => cell(e.names[d], e.evidence[d]))]),
    ]),
  );
  // Agents that run another agent's hook files themselves (config.readsForeign).
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
  if (foreign.length)
    out.push(
      '',
      "AGENTS THAT RUN ANOTHER AGENT'S HOOK FILES THEMSELVES  (* = documented, not observed)",
      table([
        ['agent', 'reads', 'mode', 'events', 'same command in two files', 'switch for that reading alone'],
        ...foreign,
      ]),
    );
  const nearest = k.events.filter((e) => e.nearest);
  if (nearest.length)
    out.push(
      '',
      'FORMAT EVENTS ON AGENTS (where an agent lacks the event)',
      table([
        ['event', 'runs as', 'meaning'],
        ...nearest.map((e) => [
          Object.values(e.names).find(Boolean) ?? e.id,
          `${e.nearest!.event}${e.nearest!.values ? ` ${e.nearest!.values.join('|')}` : ''}`,
          e.nearest!.holds ? 'holds' : 'degraded',
        ]),
      ]),
    );
  out.push(
    '',
    "TOOLS  (* = documented: vendor docs, a seed or the agent's bundle, not observed)",
    table([
      ['canonical', ...DIALECT_IDS],
      ...k.tools.map((t) => [t.id, ...DIALECT_IDS.map((d) => cell(t.names[d], t.evidence[d]))]),
    ]),
  );
  out.push('', 'Semantics in full: hook-bridge dialects --format json');
  process.stdout.write(`${out.join('\n')}\n`);
}
