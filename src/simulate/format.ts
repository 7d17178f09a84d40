// `hook-bridge test`'s reports: a table of what each host decides (as is, through hook-bridge) with the details
// under it, and the JSON contract `{"results": [{host, mode, decision, reason, hooks, …}]}`.
import { relative } from 'node:path';
import { mappings } from '../model/mappings.js';
import { beyondLimits, type CaseResult } from './cases.js';
import { decidesOtherwise, type SimulateResult, type SimulateRow } from './simulate.js';

/** The few colours the report uses (the CLI passes picocolors, enabled on a TTY only). */
export interface Paint {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
}
const plain: Paint = { bold: String, dim: String, red: String, green: String, yellow: String };

const agent = (r: SimulateRow) => mappings.dialects[r.host].agent;
const oneLine = (s: string, max = 160) => {
  const t = s.replace(/\s*\n\s*/g, ' ⏎ ');
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

function cell(r: SimulateRow | undefined, p: Paint): string {
  if (!r) return '';
  if (!r.differs.length) return r.decision;
  return `${r.decision.padEnd(5)} ${mark(r, p)}`;
}

/** `≠ what`: red where the host decides otherwise, yellow where only the reason's wording differs. */
const mark = (r: SimulateRow, p: Paint) => (decidesOtherwise(r) ? p.red : p.yellow)(`≠ ${r.differs.join(', ')}`);

function details(r: SimulateRow, cwd: string, p: Paint): string[] {
  const out: string[] = [];
  const mode = r.mode === 'as-is' ? 'as is' : 'through hook-bridge';
  out.push(
    p.bold(`${agent(r)}, ${mode}:`) +
      ` ${r.decision}` +
      (r.reason !== null ? ` — ${oneLine(r.reason)}` : '') +
      (r.differs.length ? `  ${mark(r, p)}` : ''),
  );
  for (const c of r.context) out.push(`  context: ${oneLine(c)}`);
  if (r.systemMessage !== undefined) out.push(`  message to the user: ${oneLine(r.systemMessage)}`);
  if (r.updatedInput) out.push(`  runs with: ${oneLine(JSON.stringify(r.updatedInput))}`);
  const where = (w: string) => w.replace(/^(\S+)/, (f) => (f.startsWith('/') ? relative(cwd, f) || f : f));
  // An in-process host runs the wrapped hooks in its own process: hook-bridge's engine, no `hook-bridge run`.
  const engine = mappings.dialects[r.host].config.inProcess
    ? `(by hook-bridge's engine in ${agent(r)})`
    : '(through hook-bridge run)';
  for (const h of r.hooks) {
    const status = h.timedOut ? p.yellow('timed out') : h.exitCode === null ? 'no exit' : `exit ${h.exitCode}`;
    const what =
      h.dispatches !== undefined
        ? `${p.dim(`${h.dispatches.length} hooks through one hook-bridge dispatch:`)} ${h.dispatches.join(' · ')}`
        : h.wraps !== undefined
          ? `${h.wraps} ${p.dim(engine)}`
          : h.gated !== undefined
            ? `${h.gated} ${p.dim(`(gated: ends at once on ${agent(r)})`)}`
            : h.command;
    out.push(`  ${status.padEnd(9)} ${`${h.ms} ms`.padStart(8)}  ${oneLine(what, 100)}  ${p.dim(where(h.where))}`);
    if (h.stderr && h.stderr !== r.reason?.trim())
      out.push(`  ${' '.repeat(19)}${p.dim(`stderr: ${oneLine(h.stderr, 140)}`)}`);
  }
  for (const n of r.notRun)
    out.push(
      `  ${p.dim('not run')}   ` +
        (n.command !== undefined ? `${oneLine(n.command, 80)}: ` : `${where(n.where)}: `) +
        `${n.why}`,
    );
  for (const n of r.notes) out.push(`  ${p.dim(`note: ${n}`)}`);
  if (!r.hooks.length && !r.notRun.length) out.push(`  ${p.dim('no hook runs for this call')}`);
  return out;
}

/** The call as one line: event, tool and input (or the prompt). */
function callLine(r: SimulateResult): string {
  const input = r.input && Object.keys(r.input).length ? ` ${oneLine(JSON.stringify(r.input), 120)}` : '';
  return `${r.event}${r.tool ? ` ${r.tool}` : ''}${input}`;
}

export function formatText(r: SimulateResult, cwd = process.cwd(), p: Paint = plain): string {
  const ref = r.results[0]!;
  const hosts = [...new Set(r.results.map((x) => x.host))];
  const width = Math.max(...hosts.map((h) => mappings.dialects[h].agent.length)) + 2;
  const lines = [
    `${p.bold(callLine(r))}  ` +
      p.dim(`${r.headless ? 'headless (-p)' : 'interactive'} session · ${relative(cwd, r.project) || '.'}`),
    '',
  ];
  lines.push(`${''.padEnd(width)}${'as is'.padEnd(32)}through hook-bridge`);
  for (const h of hosts) {
    const asIs = r.results.find((x) => x.host === h && x.mode === 'as-is');
    const bridged = r.results.find((x) => x.host === h && x.mode === 'bridged');
    const left = cell(asIs, p);
    // padEnd counts the colour codes: pad the visible text
    const visible = left.replace(/\x1b\[[0-9;]*m/g, '').length;
    lines.push(
      mappings.dialects[h].agent.padEnd(width) +
        `${left}` +
        ' '.repeat(Math.max(1, 32 - visible)) +
        (h === ref.host ? p.dim('(the reference)') : cell(bridged, p)),
    );
  }
  lines.push('');
  for (const x of r.results) lines.push(...details(x, cwd, p), '');
  lines.push(verdict(r, p));
  return lines.join('\n');
}

function verdict(r: SimulateResult, p: Paint): string {
  const ref = mappings.dialects[r.from].agent;
  const off = r.results.filter((x) => x.mode === 'bridged' && decidesOtherwise(x));
  const worded = r.results.filter((x) => x.mode === 'bridged' && x.differs.length && !decidesOtherwise(x));
  const also = worded.length
    ? ` (${worded.map(agent).join(', ')} word${worded.length > 1 ? '' : 's'} the reason otherwise.)`
    : '';
  if (!off.length) return `${p.green(`Through hook-bridge every host decides as ${ref} does.`)}${also}`;
  return `${p.red(
    `Through hook-bridge ` +
      off.map((x) => `${agent(x)} (${x.differs.join(', ')})`).join(', ') +
      ` ` +
      (off.length > 1 ? 'decide' : 'decides') +
      ` otherwise than ${ref}.`,
  )}${also}`;
}

export const formatJson = (r: SimulateResult): string => `${JSON.stringify(r, null, 2)}\n`;

export function formatCasesText(cases: CaseResult[], cwd = process.cwd(), p: Paint = plain): string {
  const lines: string[] = [];
  for (const c of cases) {
    const ref = c.result.results[0]!;
    const mark = c.pass ? p.green('pass') : p.red('FAIL');
    const expected = c.pass
      ? ''
      : ` (expected ${c.expected.decision}` +
        (c.expected.reason !== undefined ? ` with a reason containing ${JSON.stringify(c.expected.reason)}` : '') +
        `)`;
    const off = beyondLimits(c);
    const within = c.result.results.filter((x) => x.mode === 'bridged' && c.withinLimits.includes(x.host));
    lines.push(
      `${mark} ${c.name}: ` +
        mappings.dialects[ref.host].agent +
        ` ${ref.decision}${expected}` +
        (within.length
          ? `; within documented limits: ${within.map((x) => `${agent(x)} ${x.decision}`).join(', ')}`
          : '') +
        (off.length ? p.red(`; through hook-bridge ${off.map((x) => `${agent(x)} ${x.decision}`).join(', ')}`) : ''),
    );
    if (!c.pass || off.length)
      lines.push(
        ...formatText(c.result, cwd, p)
          .split('\n')
          .map((l) => (l ? `    ${l}` : l)),
      );
  }
  const failed = cases.filter((c) => !c.pass).length;
  const differing = cases.filter((c) => beyondLimits(c).length).length;
  lines.push(
    '',
    `${cases.length} case${cases.length === 1 ? '' : 's'}: ${cases.length - failed} as expected` +
      (failed ? p.red(`, ${failed} not`) : '') +
      (differing ? p.red(`; ${differing} decided otherwise on a host through hook-bridge`) : ''),
  );
  return lines.join('\n');
}

export const formatCasesJson = (cases: CaseResult[]): string =>
  `${JSON.stringify(
    {
      cases: cases.map((c) => ({
        name: c.name,
        expected: c.expected,
        pass: c.pass,
        withinLimits: c.withinLimits,
        ...c.result,
      })),
    },
    null,
    2,
  )}\n`;
