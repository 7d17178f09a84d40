// Real projects decide (issue 29): each public project copied here, converted to every agent, decides each call of
// the battery as its original hooks do under their own agent — or differs by a documented limit of that agent, or by
// a known bug (known-issues.ts, run as expected failures). `hook-bridge test` leaves the project as it was, `convert
// --remove` gives it back byte for byte, and an agent starts hook-bridge at most once per call. `hook-bridge audit`
// agrees with the runs (issue 30, audit-agreement.ts): its errors are shown by them, the documented limits said.
// The results make docs/real-projects.md (HOOK_BRIDGE_REAL_PROJECTS=write npx vitest run test/real-projects rewrites
// it). HOOK_BRIDGE_REAL_PROJECTS_ONLY=<regex> runs only the projects it matches (not the table, which needs them all).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/audit/types.js';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { mappings } from '../../src/model/mappings.js';
import { auditProject, backing, unsaid } from './audit-agreement.js';
import { callIn, hostsFor, ONLY, origin, projectNames, ROOT, runAll, type ProjectResult } from './harness.js';
import { knownIssue, KNOWN_ISSUES, type Check } from './known-issues.js';
import { BATTERY, setupOf } from './projects.js';
import { table } from './table.js';

const names = projectNames();
const results = new Map<string, ProjectResult>();
const DOC = join(ROOT, 'docs/real-projects.md');
const MARK = /(<!-- real-projects-table:[^\n]*-->\n)([\s\S]*?)(\n<!-- \/real-projects-table -->)/;

/** `hook-bridge audit` of each project: for its own agent (''), and for each agent it is converted to (--target). */
const audits = new Map<string, Map<DialectId | '', Finding[]>>();

beforeAll(async () => {
  for (const r of await runAll(names)) results.set(r.name, r);
  for (const n of names) {
    const from = setupOf(n).from ?? 'claude';
    audits.set(n, new Map([['', auditProject(n)], ...hostsFor(from).map((h) => [h, auditProject(n, h)] as const)]));
  }
}, 2_400_000); // 40 projects uncached on a fresh clone, 2 at a time (CI measures the total)

const errorsOf = (name: string, target: DialectId | '') =>
  audits
    .get(name)!
    .get(target)!
    .filter((f) => f.severity === 'error');
/** An error of audit the suite's runs do not show (backing), with where it is and what it says. */
const unshown = (name: string, target: DialectId | '') =>
  errorsOf(name, target)
    .filter((f) => backing(result(name), f, target || undefined) === 'unbacked')
    .map((f) => `${f.ruleId}/${f.messageId} ${f.path}: ${f.message}`);

const result = (name: string) => {
  const r = results.get(name);
  if (!r) throw new Error(`no result for ${name}`);
  return r;
};
const host = (name: string, h: string) => result(name).hosts.find((x) => x.host === h)!;

/** An expected failure where a known issue names the check, a test otherwise. */
function check(project: string, c: Check, title: string, fn: () => void, h?: string, call?: string) {
  const k = knownIssue(project, c, h as never, call);
  if (k) it.fails(`${title} [known issue ${k.id}]`, fn);
  else it(title, fn);
}

describe('the projects', () => {
  it(`at least 25 public projects, each with its origin, licence and commit`, () => {
    if (ONLY === undefined) expect(names.length).toBeGreaterThanOrEqual(25);
    for (const n of names) {
      const o = origin(n);
      expect(o.repo.replace('/', '__'), n).toBe(n);
      expect(o.commit, n).toMatch(/^[0-9a-f]{40}$/);
      expect(o.license, n).toBeTruthy();
    }
  });
  it('every known issue names a project of the suite', () => {
    if (ONLY !== undefined) return;
    for (const k of KNOWN_ISSUES) for (const p of k.projects) expect(names, k.id).toContain(p);
  });
});

describe.each(names)('%s', (name) => {
  const setup = setupOf(name);
  const from = setup.from ?? 'claude';
  check(name, 'side effects', '`hook-bridge test` leaves the project byte for byte as it was', () =>
    expect(result(name).sideEffects).toEqual([]),
  );
  for (const h of hostsFor(from)) {
    if (setup.convertRefuses)
      it(`convert --to ${h} refuses it: ${setup.convertRefuses.why}`, () =>
        expect(host(name, h).convertError).toContain(setup.convertRefuses!.message));
    else it(`convert --to ${h} writes it`, () => expect(host(name, h).convertError).toBeUndefined());
    check(
      name,
      'remove',
      `convert --to ${h}, then --remove, gives it back byte for byte`,
      () => expect(host(name, h).removeDiff).toEqual([]),
      h,
    );
    // An event-file host runs the event's file on every call of the event: once, watched or not (harness countStarts).
    const perEvent = mappings.dialects[h].config.eventFiles !== undefined;
    check(
      name,
      'starts',
      `${h} starts hook-bridge at most once per call${perEvent ? ' (its event file)' : ', and not for a call no hook watches'}`,
      () => {
        const many = host(name, h)
          .calls.filter((c) => c.starts > (c.watched || perEvent ? 1 : 0))
          .map((c) => `${c.call}: ${c.starts} (${c.watched} hooks watch it)`);
        expect(many).toEqual([]);
      },
      h,
    );
    for (const c of [...BATTERY, ...(setup.calls ?? [])]) {
      if (!callIn(from, c, '/project')) continue;
      check(
        name,
        'decision',
        `${h}, ${c.id}: decides as the original hooks on ${from}, or by a documented limit`,
        () => {
          // convert refused: said by its own test. A marketplace: the call on each of its plugins.
          for (const got of host(name, h).calls.filter((x) => x.call === c.id))
            if (got.reference !== got.bridged && !got.limit)
              expect(`${got.unit ? `${got.unit}: ` : ''}${got.bridged} (${got.detail ?? ''})`).toBe(got.reference);
        },
        h,
        c.id,
      );
    }
  }
});

describe('audit and test agree (issue 30)', () => {
  for (const name of names) {
    const from = setupOf(name).from ?? 'claude';
    it(`${name}: each error audit gives for its own agent is shown by the runs`, () =>
      expect(unshown(name, '')).toEqual([]));
    for (const h of hostsFor(from))
      it(`${name}, audit --target ${h}: each error shown by the runs, each documented limit said`, () =>
        expect({ unshown: unshown(name, h), unsaid: unsaid(result(name), h, audits.get(name)!.get(h)!) }).toEqual({
          unshown: [],
          unsaid: [],
        }));
  }
  it.skipIf(ONLY !== undefined)('the runs show errors of each kind audit gives (the check is not empty)', () => {
    const shown = new Set<string>();
    for (const n of names)
      for (const [t, fs] of audits.get(n)!)
        for (const f of fs.filter((x) => x.severity === 'error'))
          if (backing(result(n), f, t || undefined) === 'backed') shown.add(f.ruleId);
    expect([...shown].sort()).toEqual(
      expect.arrayContaining([
        'config-invalid',
        'config-not-read',
        'event-unsupported',
        'matcher-dead',
        'script-interpreter-missing',
        'script-not-executable',
      ]),
    );
  });
});

describe.skipIf(ONLY !== undefined)('docs/real-projects.md', () => {
  it('holds the table of these results', () => {
    const text = readFileSync(DOC, 'utf8');
    const now = table(
      names.map(result),
      new Map(names.map((n) => [n, errorsOf(n, '').map((f) => ({ f, b: backing(result(n), f) }))])),
    );
    if (process.env.HOOK_BRIDGE_REAL_PROJECTS === 'write') {
      writeFileSync(
        DOC,
        text.replace(MARK, (_m, a: string, _b: string, c: string) => `${a}${now}${c}`),
      );
      return;
    }
    const m = MARK.exec(text);
    expect(m, 'docs/real-projects.md has the generated table between its markers').not.toBeNull();
    expect(m![2], 'regenerate: HOOK_BRIDGE_REAL_PROJECTS=write npx vitest run test/real-projects').toBe(now);
  });
});
