import { createHash } from 'node:crypto';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
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

/** Every entry under a directory: a file's mode, size, mtime and content hash, a folder's mode, a link's target. What
 * a run must leave as it was, byte for byte.
 */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      const st = lstatSync(p);
      const key = p.slice(dir.length);
      if (st.isSymbolicLink()) out[key] = `-> ${readlinkSync(p)}`;
      else if (st.isDirectory()) {
        out[key] = `dir ${st.mode.toString(8)}`;
        walk(p);
      } else
        out[key] =
          `${st.mode.toString(8)} ${st.size} ${st.mtimeMs} ` +
          createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** PATH with `hook-bridge` as the agents find it: this build's bin. */
export function withHookBridge(): NodeJS.ProcessEnv {
  const bin = mkdtempSync(join(tmpdir(), 'hb-bin-'));
  const root = resolve(import.meta.dirname, '../..');
  writeFileSync(join(bin, 'hook-bridge'), `#!/bin/sh\nexec "${process.execPath}" "${root}/bin/hook-bridge.cjs" "$@"\n`);
  chmodSync(join(bin, 'hook-bridge'), 0o755);
  return { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` };
}
