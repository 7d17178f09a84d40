// Where `hook-bridge test` runs a project's hooks: a scratch copy of the project, so that what they write (a logger's
// logs/pre_tool_use.json, a formatter's edit of the file a call names, a hook's state file) never reaches the project,
// which is byte for byte as it was afterwards. Hooks that read the project's files find them there: every file,
// `.git` included, with its mode and times; the copy keeps the project's folder name.
import {
  chmodSync,
  constants,
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join, sep } from 'node:path';

export interface Scratch {
  /** The project as given. */
  project: string;
  /** Its copy, where the hooks run (cwd, the agents' project-dir variables). */
  copy: string;
  /** The temporary directory holding the copy. */
  root: string;
}

/** Copy one entry of the tree: files (a reflink where the file system has them), folders, links (one that names a
 * place in the project names the same place in the copy). Sockets, FIFOs, devices and what cannot be read are left
 * out.
 */
function copyEntry(from: string, to: string, s: Scratch): void {
  let st: ReturnType<typeof lstatSync>;
  try {
    st = lstatSync(from);
  } catch {
    return;
  }
  if (st.isSymbolicLink()) {
    let target = readlinkSync(from);
    if (isAbsolute(target) && (target === s.project || target.startsWith(s.project + sep)))
      target = s.copy + target.slice(s.project.length);
    symlinkSync(target, to);
    return;
  }
  if (st.isDirectory()) {
    let names: string[];
    try {
      names = readdirSync(from);
    } catch {
      return;
    }
    mkdirSync(to);
    for (const n of names) copyEntry(join(from, n), join(to, n), s);
    chmodSync(to, st.mode & 0o7777);
    utimesSync(to, st.atime, st.mtime);
    return;
  }
  if (!st.isFile()) return;
  try {
    copyFileSync(from, to, constants.COPYFILE_FICLONE);
  } catch {
    return;
  }
  chmodSync(to, st.mode & 0o7777);
  utimesSync(to, st.atime, st.mtime);
}

/** A scratch copy of the project (remove it with removeScratch). */
export function scratchCopy(project: string): Scratch {
  const root = mkdtempSync(join(tmpdir(), 'hook-bridge-test-project-'));
  const s: Scratch = { project, copy: join(root, basename(project) || 'project'), root };
  copyEntry(project, s.copy, s);
  return s;
}

export function removeScratch(s: Scratch): void {
  rmSync(s.root, { recursive: true, force: true });
}

/** Every string of a JSON value with the path `from` in it (the whole of a name: not `/a/b` in `/a/bc`) as `to`. */
function rebase<T>(v: T, from: RegExp, to: string): T {
  if (typeof v === 'string') return v.replace(from, () => to) as T;
  if (Array.isArray(v)) return v.map((x) => rebase(x, from, to)) as T;
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rebase(x, from, to)])) as T;
  return v;
}

const pathIn = (p: string) => new RegExp(`${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.-])`, 'g');

/** A value with every path in `from` (a project) moved to the same path in `to` (a copy of it). */
export const movePaths = <T>(v: T, from: string, to: string): T => rebase(v, pathIn(from), to);

/**
 * A value naming places in the project, naming the same places in the copy: a call's file_path, a source file and the
 * commands in it.
 */
export const intoCopy = <T>(s: Scratch, v: T): T => movePaths(v, s.project, s.copy);

/** What the hooks said about the copy, said about the project (paths in reasons, stderr, the files run). */
export const outOfCopy = <T>(s: Scratch, v: T): T => movePaths(v, s.copy, s.project);
