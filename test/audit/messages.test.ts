// What audit says to a user carries no internal evidence ids (issue 21: "(ground truth c02)", "(c03, c04, c11a)"):
// they stay in the rules' `sources`, the data's comments, the docs and the tests. Checked on every rule's text and
// on every message and markdown report of the bundled examples and the real-world fixtures, for every target.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.js';
import { formatMarkdown } from '../../src/audit/format/markdown.js';
import { RULES } from '../../src/audit/rules/index.js';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';

/** "ground truth", or an evidence id in parentheses: (c02), (d13, d28), (ground truth t12; …), (u11–u13), (claude
 * st03).
 */
const EVIDENCE = /ground[ -]truth|\((?:[^()]*[\s,;])?[a-z]{1,3}\d{2,3}[a-z]?(?:[\s,;–-][^()]*)?\)|test\/fixtures\//;

const root = resolve(import.meta.dirname, '../..');
const projects = [
  ...readdirSync(join(root, 'examples')).map((d) => join(root, 'examples', d)),
  ...readdirSync(join(root, 'test/real-world/fixtures')).map((d) => join(root, 'test/real-world/fixtures', d)),
];

describe('no internal evidence ids in what audit tells the user', () => {
  it('the pattern finds the ids issue 21 quoted (not vacuous)', () => {
    for (const s of [
      'Qwen Code does not read .qwen/settings.local.json (ground truth c02)',
      'trusted (c03, c04, c11a)',
      'ignored (d13)',
      'in headless runs (u11–u13)',
    ])
      expect(s).toMatch(EVIDENCE);
    for (const s of [
      'Qwen Code does not read .qwen/settings.local.json',
      'exit 127 (named in the command)',
      '(e.g. 600 s on Claude Code)',
    ])
      expect(s).not.toMatch(EVIDENCE);
  });
  it("every rule's description, docs and message templates", () => {
    const found = RULES.flatMap((r) =>
      Object.entries({ description: r.description, docs: r.docs, ...r.messages })
        .filter(([, t]) => EVIDENCE.test(t))
        .map(([k, t]) => `${r.id} ${k}: ${EVIDENCE.exec(t)![0]}`),
    );
    expect(found).toEqual([]);
  });
  it(
    'every finding and markdown report of the examples and the ' +
      'real-world fixtures, on each agent and for each target',
    () => {
      let findings = 0;
      const found: string[] = [];
      for (const target of [undefined, ...DIALECT_IDS]) {
        for (const dir of projects) {
          const r = audit({ paths: [dir], cwd: root, ...(target ? { target } : {}) });
          findings += r.findings.length;
          for (const f of r.findings)
            if (EVIDENCE.test(f.message)) found.push(`${target ?? '-'} ${f.ruleId}: ${f.message}`);
          const md = formatMarkdown(r, root);
          if (EVIDENCE.test(md)) found.push(`${target ?? '-'} ${dir} markdown: ${EVIDENCE.exec(md)![0]}`);
        }
      }
      expect(findings).toBeGreaterThan(500);
      expect(found).toEqual([]);
    },
  );
});
