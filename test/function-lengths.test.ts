// Functions in src/ stay under 80 lines (biome's noExcessiveLinesPerFunction, biome.jsonc). The files that hold longer
// ones are listed in biome.jsonc's overrides, each with its longest function's length: that allowance may only
// shrink. This test holds each number to what the file needs now, so a split that shortens a function lowers it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const MAX = 80;
const RULE = 'noExcessiveLinesPerFunction';

interface Override {
  includes: string[];
  linter?: { rules?: { complexity?: Record<string, { options?: { maxLines?: number } }> } };
}
const config = parse(readFileSync(join(root, 'biome.jsonc'), 'utf8')) as { overrides: Override[] };
const limitOf = (o: Override) => o.linter?.rules?.complexity?.[RULE]?.options?.maxLines;

/** The allowlist: file -> the longest function it may hold. */
const allowed = new Map(
  config.overrides
    .filter((o) => limitOf(o) !== undefined && o.includes.length === 1 && !o.includes[0]!.includes('*'))
    .map((o) => [o.includes[0]!, limitOf(o)!]),
);

/** The length of each function past MAX in `files`, as biome counts it: file -> its longest. */
function longest(files: string[]): Map<string, number> {
  const dir = mkdtempSync(join(tmpdir(), 'hb-function-lengths-'));
  writeFileSync(
    join(dir, 'biome.json'),
    JSON.stringify({
      linter: { rules: { complexity: { [RULE]: { level: 'error', options: { maxLines: MAX } } } } },
    }),
  );
  const r = spawnSync(
    join(root, 'node_modules/.bin/biome'),
    [
      'lint',
      `--config-path=${dir}`,
      `--only=complexity/${RULE}`,
      '--reporter=json',
      '--max-diagnostics=none',
      ...files,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  const out = JSON.parse(r.stdout) as {
    diagnostics: { category: string; message: string; location: { path: string } }[];
  };
  const found = new Map<string, number>();
  for (const d of out.diagnostics.filter((x) => x.category === `lint/complexity/${RULE}`)) {
    const n = Number(/\((\d+)\)/.exec(d.message)?.[1]);
    found.set(d.location.path, Math.max(found.get(d.location.path) ?? 0, n));
  }
  return found;
}

describe('functions in src/ under 80 lines, the present longer ones allowed no more than they need', () => {
  it('the default for src/ is 80, and the allowlist names only files in src/', () => {
    expect(config.overrides.find((o) => o.includes.includes('src/**') && limitOf(o) !== undefined)).toBeDefined();
    expect(limitOf(config.overrides.find((o) => o.includes.includes('src/**'))!)).toBe(MAX);
    for (const f of allowed.keys()) expect(f).toMatch(/^src\/.+\.ts$/);
  });
  it("each allowed length is the file's longest function now: shortened, the number comes down with it", () => {
    const now = longest([...allowed.keys()]);
    const loose = [...allowed]
      .filter(([f, n]) => now.get(f) !== n)
      .map(([f, n]) => `${f}: ${n} allowed, ${now.get(f) ?? `none past ${MAX}`} now`);
    expect(loose).toEqual([]);
  });
});
