// A package's files on disk: the plugin's files it carries, the directory it is written to compared with what it
// should hold, and the writes that make it so. No agent named: what a package holds is src/convert/package.ts's.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** One file of a package: its bytes and whether it is executable (a script a hook runs must stay so). */
export interface PackageFile {
  data: Buffer;
  exec: boolean;
}

/** What a sync does to one file of the package. */
export type FileAction = 'add' | 'update' | 'remove' | 'same';

export const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

const posix = (rel: string): string => rel.split(sep).join('/');

/**
 * The files under `root` a package carries, by path relative to it (`/`-separated): every regular file, a symlink
 * to a file read through, but nothing under a directory `skip` says no to (given its path relative to `root`).
 */
export function carriedFiles(root: string, skip: (rel: string, abs: string) => boolean): Map<string, PackageFile> {
  const out = new Map<string, PackageFile>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = join(dir, e.name);
      const rel = posix(relative(root, abs));
      if (skip(rel, abs)) continue;
      const st = e.isSymbolicLink() ? statSync(abs, { throwIfNoEntry: false }) : lstatSync(abs);
      if (!st) continue; // a dangling link: nothing to carry
      if (st.isDirectory() && !e.isSymbolicLink()) walk(abs);
      else if (st.isFile()) out.set(rel, { data: readFileSync(abs), exec: (st.mode & 0o111) !== 0 });
    }
  };
  walk(root);
  return out;
}

/** Is the file at `abs` what `f` says (bytes and executable bit)? */
export function sameFile(abs: string, f: PackageFile): boolean {
  const st = statSync(abs, { throwIfNoEntry: false });
  if (!st?.isFile()) return false;
  return ((st.mode & 0o111) !== 0) === f.exec && readFileSync(abs).equals(f.data);
}

/** Write one file of the package: a temporary file renamed over it, with its mode. */
export function writePackageFile(abs: string, f: PackageFile): void {
  mkdirSync(dirname(abs), { recursive: true });
  const tmp = join(dirname(abs), `.${process.pid}.hook-bridge.tmp`);
  writeFileSync(tmp, f.data);
  chmodSync(tmp, f.exec ? 0o755 : 0o644);
  renameSync(tmp, abs);
}

/** Remove a file of the package, and the directories up to `root` it leaves empty (`root` too, when emptied). */
export function removePackageFile(root: string, abs: string): void {
  rmSync(abs, { force: true });
  for (let dir = dirname(abs); dir.startsWith(root); dir = dirname(dir)) {
    if (!existsSync(dir) || readdirSync(dir).length > 0) break;
    rmdirSync(dir);
    if (dir === root) break;
  }
}
