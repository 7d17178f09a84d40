import { lstatSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { dialects } from '../../src/dialects/index.js';
import { convertHooks } from '../../src/convert/convert.js';
import { parseJsonc } from '../../src/dialects/jsonc.js';

/** A temp project with the given files. */
export function project(files: Record<string, string | object>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hb-proj-'));
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

/** Convert a settings/hooks text from one dialect to another, in memory; returns the target file text. */
export function convertText(
  text: string,
  from: DialectId,
  to: DialectId,
  opts: { wrap?: boolean; existing?: string; emulateTodos?: boolean } = {},
) {
  const src = dialects[from];
  const read = src.codec.read(text, `in.${from}`, src);
  const result = convertHooks(read.hooks, from, {
    to,
    ...(opts.wrap !== undefined ? { wrap: opts.wrap } : {}),
    ...(opts.emulateTodos ? { emulateTodos: true } : {}),
  });
  const out = dialects[to].codec.write(result.hooks, opts.existing, `out.${to}`, dialects[to]);
  return { text: out.text, json: to === 'hooks-yaml' ? undefined : (parseJsonc(out.text, 'out') as any), result, read };
}

export const settings = (hooks: object) => JSON.stringify({ hooks }, null, 2);

/** Every entry under a directory: type, mode, bytes or link target (lstat: a link is a link). */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      const st = lstatSync(p);
      const rel = relative(dir, p);
      if (st.isSymbolicLink()) out[rel] = `link -> ${readlinkSync(p)}`;
      else if (st.isDirectory()) {
        out[rel] = `dir ${(st.mode & 0o7777).toString(8)}`;
        walk(p);
      } else out[rel] = `file ${(st.mode & 0o7777).toString(8)} ${readFileSync(p).toString('base64')}`;
    }
  };
  walk(dir);
  return out;
}
