// Real projects decide (issue 29): each public project copied here, converted to every agent, decides each call of
// the battery as its original hooks do under their own agent — or differs by a documented limit of that agent, or by
// a known bug (known-issues.ts, run as expected failures). `hook-bridge test` leaves the project as it was, `convert
// --remove` gives it back byte for byte, and an agent starts hook-bridge at most once per call. The results make
// docs/real-projects.md (HOOK_BRIDGE_REAL_PROJECTS=write npx vitest run test/real-projects rewrites it).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { callIn, hostsFor, origin, projectNames, ROOT, runAll, type ProjectResult } from './harness.js';
import { knownIssue, KNOWN_ISSUES, type Check } from './known-issues.js';
import { BATTERY, setupOf } from './projects.js';
import { table } from './table.js';

const names = projectNames();
const results = new Map<string, ProjectResult>();
const DOC = join(ROOT, 'docs/real-projects.md');
const MARK = /(<!-- real-projects-table:[^\n]*-->\n)([\s\S]*?)(\n<!-- \/real-projects-table -->)/;

beforeAll(async () => {
  for (const r of await runAll(names)) results.set(r.name, r);
}, 900_000);

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
    expect(names.length).toBeGreaterThanOrEqual(25);
    for (const n of names) {
      const o = origin(n);
      expect(o.repo.replace('/', '__'), n).toBe(n);
      expect(o.commit, n).toMatch(/^[0-9a-f]{40}$/);
      expect(o.license, n).toBeTruthy();
    }
  });
  it('every known issue names a project of the suite', () => {
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
    check(
      name,
      'starts',
      `${h} starts hook-bridge at most once per call, and not for a call no hook watches`,
      () => {
        const many = host(name, h)
          .calls.filter((c) => c.starts > (c.watched ? 1 : 0))
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
          const got = host(name, h).calls.find((x) => x.call === c.id);
          if (!got) return; // convert refused: said by its own test
          if (got.reference !== got.bridged && !got.limit)
            expect(`${got.bridged} (${got.detail ?? ''})`).toBe(got.reference);
        },
        h,
        c.id,
      );
    }
  }
});

describe('docs/real-projects.md', () => {
  it('holds the table of these results', () => {
    const text = readFileSync(DOC, 'utf8');
    const now = table(names.map(result));
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
