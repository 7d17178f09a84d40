// The shared part of run's transcript check (src/run/reads-transcript.ts): the state of one scan, its bounds,
// and the files it reads. Any doubt throws UNSURE, which answers "may read".
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** Cheaper than a case-insensitive regex, which costs its compilation on every call of a fresh process. */
export const mentions = (text: string) => {
  const t = text.toLowerCase();
  return t.includes('transcript') || t.includes('todo');
};

const MAX_FILES = 24;
const MAX_BYTES = 256 * 1024;
export const MAX_DEPTH = 6;

/** Thrown for any doubt: the answer is then "may read". */
const UNSURE = Symbol('unsure');
export const unsure = (): never => {
  throw UNSURE;
};

export interface Scan {
  cwd: string;
  env: NodeJS.ProcessEnv;
  files: number;
  seen: Set<string>;
  /** Shell functions defined so far (calls to them are not programs). */
  functions: Set<string>;
}

/** Expand `~`, relative to the command's cwd (the project directory: run starts the command there). */
export function resolvePath(p: string, s: Scan): string {
  if (p === '~' || p.startsWith('~/')) return join(s.env.HOME ?? unsure(), p.slice(1));
  return isAbsolute(p) ? p : resolve(s.cwd, p);
}

/** Read a file to scan (each once; bounded in number and size; unreadable = unsure). */
export function read(file: string, s: Scan, depth: number): string | undefined {
  if (depth > MAX_DEPTH) unsure();
  if (s.seen.has(file)) return undefined;
  s.seen.add(file);
  if (++s.files > MAX_FILES) unsure();
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch {
    return unsure();
  }
  if (buf.length > MAX_BYTES || buf.subarray(0, 4096).includes(0)) unsure(); // too large, or a binary
  const text = buf.toString('utf8');
  if (mentions(text)) unsure();
  return text;
}

export const exists = (f: string) => statSync(f, { throwIfNoEntry: false })?.isFile() === true;
