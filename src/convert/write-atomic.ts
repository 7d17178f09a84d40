// Atomic file writes for convert (target configs, records) and for hook trust (the user's config.toml).
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { HookBridgeError } from '../model/errors.js';

/**
 * Write a file atomically (temp file + rename in the same directory), keeping a backup of the old one.
 * What the file was stays: a symlink is written through (its target changes, the link stays), and the
 * mode and owner are kept — on the file and on its backup. `mode`: the file's mode instead (a record takes its
 * config's: it holds every command the config does).
 */
export function writeAtomic(file: string, text: string, backup: boolean, mode?: number): string | undefined {
  let real = file;
  try {
    real = realpathSync(file);
  } catch {
    // a new file (or a dangling link: written where it points, below)
  }
  const tmp = join(dirname(real), `.${basename(real)}.${process.pid}.tmp`);
  try {
    mkdirSync(dirname(real), { recursive: true });
    const old = existsSync(real) ? statSync(real) : undefined;
    let bak: string | undefined;
    if (backup && old) {
      bak = `${file}.bak`;
      copyFileSync(real, bak);
      chmodSync(bak, old.mode & 0o7777);
    }
    const want = mode ?? (old ? old.mode & 0o7777 : undefined);
    writeFileSync(tmp, text, want !== undefined ? { mode: want } : {});
    if (want !== undefined) chmodSync(tmp, want);
    if (old) {
      try {
        chownSync(tmp, old.uid, old.gid);
      } catch {
        // only root may give a file away; the owner is then the writer, as with any editor
      }
    }
    renameSync(tmp, real);
    return bak;
  } catch (e) {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // the temp file was never created
    }
    throw new HookBridgeError(
      `cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)}); the file is unchanged`,
      file,
    );
  }
}
