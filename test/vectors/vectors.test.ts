// Whole-config vectors (syllago style): the bundled Claude project converted to every dialect, each
// target file and its report kept as reviewed files; and every target converted back to Claude.
// Regenerate after a deliberate change: UPDATE_GOLDEN=1 npx vitest run test/vectors
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertProject } from '../../src/convert/project.js';
import { dialects } from '../../src/dialects/index.js';
import { convertHooks } from '../../src/convert/convert.js';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';

const root = resolve(import.meta.dirname, '../..');
const project = join(root, 'examples/claude-project');
const vec = (f: string) => join(import.meta.dirname, 'claude-project', f);
const golden = (f: string, text: string) => {
  if (process.env.UPDATE_GOLDEN || !existsSync(vec(f))) writeFileSync(vec(f), text);
  expect(text).toBe(readFileSync(vec(f), 'utf8'));
};

describe('examples/claude-project', () => {
  for (const to of DIALECT_IDS.filter((d) => d !== 'claude')) {
    const file = to === 'hooks-yaml' ? `${to}.yaml` : `${to}.json`;
    it(`-> ${to}: the target file and the report`, async () => {
      const r = await convertProject({ project, from: 'claude', to: [to], stdout: true });
      const t = r.targets[0]!;
      golden(file, t.after);
      const report = t.result.report.map((row) => ({ status: row.status, source: `${row.source.path} ${row.source.event} ${JSON.stringify(row.source.matcher ?? null)}`, target: row.target ? `${row.target.event} ${JSON.stringify(row.target.matcher ?? null)}` : null, notes: row.notes }));
      golden(`${to}.report.json`, `${JSON.stringify(report, null, 2)}\n`);
    });
    it(`-> ${to} -> claude: the original hooks come back`, () => {
      const text = readFileSync(vec(file), 'utf8');
      const read = dialects[to].codec.read(text, file, dialects[to]);
      const back = convertHooks(read.hooks, to, { to: 'claude' });
      const out = JSON.parse(dialects.claude.codec.write(back.hooks, undefined, 'back.json', dialects.claude).text);
      const original = JSON.parse(readFileSync(join(project, '.claude/settings.json'), 'utf8')).hooks;
      // MultiEdit has no Qwen/IDE equivalent: it cannot come back from there.
      const expected = ['qwen', 'codebuddy-ide'].includes(to) ? JSON.parse(JSON.stringify(original).replace('Write|Edit|MultiEdit', 'Write|Edit')) : original;
      expect(out.hooks).toEqual(expected);
    });
  }
});
