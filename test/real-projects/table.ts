// docs/real-projects.md from the suite's results: the projects (origin, licence, commit, what hooks they have), and per
// project and agent whether the decisions are equal, differ by a documented limit of the agent, or differ by a known
// bug (known-issues.ts); then each limit and bug with the call and both decisions.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';
import { mappings } from '../../src/model/mappings.js';
import { FIXTURES, hostsFor, origin, type CallResult, type HostResult, type ProjectResult } from './harness.js';
import type { Finding } from '../../src/audit/types.js';
import type { Backing } from './audit-agreement.js';
import { KNOWN_ISSUES, knownIssue } from './known-issues.js';
import { setupOf } from './projects.js';

/** The hook configs a copy holds, by the agent that reads them. */
function configsOf(name: string): string {
  const o = origin(name);
  const kinds: string[] = [];
  const has = (f: string) => o.copied.includes(f) || existsSync(join(FIXTURES, name, f));
  if (has('.claude-plugin/marketplace.json')) kinds.push('Claude marketplace');
  if (has('hooks/hooks.json')) kinds.push('Claude plugin');
  if (has('.claude/settings.json') || has('.claude/settings.local.json')) kinds.push('Claude settings');
  if (o.copied.some((f) => /^\.github\/hooks\/[^/]+\.json$/.test(f))) kinds.push('Copilot');
  for (const [dir, agent] of [
    ['.codex/hooks.json', 'Codex'],
    ['.qwen/settings.json', 'Qwen'],
    ['.gemini/settings.json', 'Gemini'],
    ['.codebuddy/settings.json', 'CodeBuddy'],
  ] as const)
    if (has(dir)) kinds.push(agent);
  return kinds.join(', ');
}

const differs = (c: CallResult) => c.reference !== c.bridged;

/** One cell: the decisions on this agent (equal, limits, known bugs), and hook-bridge starts past one. */
function cell(p: ProjectResult, h: HostResult): string {
  if (h.convertError)
    return setupOf(p.name).convertRefuses ? 'convert refuses (see below)' : 'convert refuses: UNEXPECTED';
  const bugs = h.calls.filter((c) => differs(c) && !c.limit);
  const limits = h.calls.filter((c) => differs(c) && c.limit);
  const parts: string[] = [];
  if (bugs.length) {
    const ids = [...new Set(bugs.map((c) => knownIssue(p.name, 'decision', h.host, c.call)?.id ?? 'UNLISTED'))];
    parts.push(`bug: ${ids.join(', ')} (${bugs.length}/${h.calls.length})`);
  }
  if (limits.length) parts.push(`limit: ${[...new Set(limits.map((c) => c.call))].join(', ')}`);
  const hooked = h.calls.filter((c) => c.watched).length;
  if (!parts.length) parts.push(`equal (${h.calls.length} calls, ${hooked} with hooks)`);
  const starts = Math.max(0, ...h.calls.map((c) => c.starts));
  if (starts > 1) parts.push(`${starts} starts`);
  const idle = [...new Set(h.calls.filter((c) => !c.watched && c.starts > 0).map((c) => c.call))];
  if (idle.length) parts.push(`starts for ${idle.join(', ')}, which no hook watches`);
  return parts.join('; ');
}

const esc = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** A project's `audit --fail-on error`, for its own agent: each error and whether the suite's runs show it. */
export type AuditErrors = Map<string, { f: Finding; b: Backing }[]>;

/** The audit section: per project with errors, each kind with its count, and what the runs show of them. */
function auditRows(results: ProjectResult[], audits: AuditErrors): string[] {
  const rows = results
    .filter((r) => audits.get(r.name)?.length)
    .map((r) => {
      const errs = audits.get(r.name)!;
      const kinds = new Map<string, number>();
      for (const { f } of errs) {
        // a program or script that cannot start: the one it names (its message's first word)
        const what = f.ruleId.startsWith('script-') ? `${f.ruleId} (${f.message.split(' ')[0]})` : f.ruleId;
        kinds.set(what, (kinds.get(what) ?? 0) + 1);
      }
      const count = (b: Backing) => errs.filter((x) => x.b === b).length;
      const shown = [
        count('backed') && `${count('backed')} shown by the runs`,
        count('unexercised') && `${count('unexercised')} on hooks no call of the battery runs`,
        count('unbacked') && `${count('unbacked')} NOT SHOWN`,
      ].filter(Boolean);
      const list = [...kinds].map(([k, n]) => `${n} × ${k}`).join('; ');
      return `| ${origin(r.name).repo} | ${esc(list)} | ${shown.join(', ')} |`;
    });
  const clean = results.length - rows.length;
  return [
    'Each error is checked against the runs above (`test/real-projects/audit-agreement.ts`): a program or script ' +
      'that ' +
      'cannot start exits 126 or 127 there; a hook audited for another agent (`--target`) that never runs there ' +
      'runs on the original agent and not on that agent as it is; a malformed entry (config-invalid), convert ' +
      'refusing the project; any other error, a decision that differs. The ' +
      'suite fails on an error the runs do not show, and on a documented limit (above) that `audit --target` does ' +
      'not speak of. An error on a hook no call of the battery runs (an event it does not try, such as ' +
      'PreCompact or sessionEnd) is counted apart.',
    '',
    ...(rows.length
      ? ['| project | error-level findings | what the runs show |', '| --- | --- | --- |', ...rows, '']
      : []),
    `No error-level finding on the other ${clean} projects.`,
  ];
}

/** The page. */
export function table(results: ProjectResult[], audits: AuditErrors = new Map()): string {
  const used = new Set(results.flatMap((r) => hostsFor(r.from)));
  const agents = DIALECT_IDS.filter((d) => used.has(d));
  const name = (d: string) => mappings.dialects[d as keyof typeof mappings.dialects].agent;
  const out: string[] = [];
  out.push(
    '| project | hooks for | licence | commit | ' +
      agents.map(name).join(' | ') +
      ' | `test` leaves it as it was | ' +
      '`convert --remove` gives it back |',
  );
  out.push(`|${' --- |'.repeat(6 + agents.length)}`);
  for (const r of results) {
    const o = origin(r.name);
    const cells = agents.map((a) => {
      const h = r.hosts.find((x) => x.host === a);
      return h ? cell(r, h) : '(its own agent)';
    });
    const removeBad = r.hosts.filter((h) => h.removeDiff.length).map((h) => h.host);
    out.push(
      `| [${o.repo}](${o.url}) | ${configsOf(r.name)} | ` +
        `${o.license.startsWith('none') ? 'none (reproduction)' : o.license} ` +
        `| ${o.commit.slice(0, 10)} | ${cells.map(esc).join(' | ')} | ` +
        (r.sideEffects.length ? `no: ${r.sideEffects.length} paths changed` : 'yes') +
        ' | ' +
        (removeBad.length ? `no: ${removeBad.join(', ')}` : 'yes') +
        ' |',
    );
  }
  // One line per project, agent, rule and pair of decisions (limits); per project, issue and pair of decisions (bugs).
  const limits = new Map<string, { calls: string[] }>();
  const bugs = new Map<string, { calls: Set<string>; agents: Set<string> }>();
  for (const r of results)
    for (const h of r.hosts)
      for (const c of h.calls.filter(differs)) {
        const repo = origin(r.name).repo;
        if (c.limit) {
          const key = [repo, name(h.host), c.reference, c.bridged, c.limit].join('\0');
          // A marketplace tries each call on each plugin: a call is named once.
          const calls = limits.get(key)?.calls ?? [];
          limits.set(key, { calls: calls.includes(c.call) ? calls : [...calls, c.call] });
        } else {
          const issue = knownIssue(r.name, 'decision', h.host, c.call)?.id ?? 'UNLISTED';
          const key = [repo, c.reference, c.bridged, issue].join('\0');
          const b = bugs.get(key) ?? { calls: new Set(), agents: new Set() };
          b.calls.add(c.call);
          b.agents.add(name(h.host));
          bugs.set(key, b);
        }
      }
  const limitRows = [...limits].map(([k, v]) => {
    const [repo, agent, ref, got, rule] = k.split('\0');
    return `| ${repo} | ${agent} | ${esc(v.calls.join(', '))} | ${ref} | ${got} | ${esc(rule!)} |`;
  });
  const bugRows = [...bugs].map(([k, v]) => {
    const [repo, ref, got, issue] = k.split('\0');
    return `| ${repo} | ${[...v.agents].join(', ')} | ${esc([...v.calls].join(', '))} | ${ref} | ${got} | ${issue} |`;
  });
  const head = (last: string) => [
    `| project | agent | calls | decision of the original hooks | decision through hook-bridge | ${last} |`,
    '| --- | --- | --- | --- | --- | --- |',
  ];
  const setups = results
    .map((r) => ({ r, s: setupOf(r.name) }))
    .filter(({ s }) => s.stubs?.length || s.env || s.convertRefuses)
    .map(
      ({ r, s }) =>
        `- ${origin(r.name).repo}: ` +
        [
          ...(s.stubs ?? []).map((x) => `\`${x.name}\` on PATH (${x.why})`),
          ...(s.env ? [`${Object.keys(s.env).join(', ')} set (${s.why ?? ''})`] : []),
          ...(s.convertRefuses ? [`convert refuses it (${s.convertRefuses.message}): ${s.convertRefuses.why}`] : []),
        ].join('; '),
    );
  return [
    ...out,
    '',
    '### Documented limits (the agent decides otherwise by a rule of its own, in mappings/dialects)',
    '',
    ...(limitRows.length ? [...head('the rule'), ...limitRows] : ['none']),
    '',
    '### Known bugs (test/real-projects/known-issues.ts; each check runs as an expected failure until fixed)',
    '',
    ...(KNOWN_ISSUES.length
      ? KNOWN_ISSUES.map(
          (k) => `- **${k.id}** (${k.projects.map((p) => origin(p).repo).join(', ')}; ${k.check}): ${k.what}`,
        )
      : ['none: every difference the suite finds is fixed or a documented limit above']),
    '',
    ...(bugRows.length ? [...head('known issue'), ...bugRows] : []),
    '',
    '### `hook-bridge audit --fail-on error` on each project, for its own agent',
    '',
    ...auditRows(results, audits),
    '',
    '### What the runs add to a copy, and what is expected of convert',
    '',
    ...(setups.length ? setups : ['nothing']),
  ].join('\n');
}
