import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DialectId } from '../../src/model/dialect-ids.js';
import type { SimulateResult, SimulateRow } from '../../src/simulate/simulate.js';

/** A temp project: `.claude/settings.json` with these hooks, and scripts under `.hooks/` (run as `sh .hooks/<name>`).
 */
export function claudeProject(
  hooks: Record<string, unknown[]>,
  scripts: Record<string, string> = {},
  files: Record<string, string> = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), 'hb-simulate-'));
  const write = (rel: string, text: string, mode?: number) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text, mode === undefined ? undefined : { mode });
  };
  write('.claude/settings.json', `${JSON.stringify({ hooks }, null, 2)}\n`);
  for (const [name, text] of Object.entries(scripts)) write(`.hooks/${name}`, text, 0o755);
  for (const [rel, text] of Object.entries(files)) write(rel, text);
  return dir;
}

/** A command hook running one of the project's scripts (found from the project directory on every host). */
export const sh = (script: string, timeout?: number) => ({
  type: 'command',
  command: `sh .hooks/${script}`,
  ...(timeout !== undefined ? { timeout } : {}),
});

/** One row of a result. */
export function row(r: SimulateResult, host: DialectId, mode: 'as-is' | 'bridged' = 'as-is'): SimulateRow {
  const x = r.results.find((y) => y.host === host && y.mode === mode);
  if (!x) throw new Error(`no ${host} ${mode} row in ${JSON.stringify(r.results.map((y) => `${y.host} ${y.mode}`))}`);
  return x;
}

/** Every file under a directory with its size and mtime: what a run must leave as it was. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else out[p.slice(dir.length)] = `${st.size} ${st.mtimeMs}`;
    }
  };
  walk(dir);
  return out;
}
