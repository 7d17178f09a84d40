// What convert makes around the entries it writes — the file itself and the directories above it, the top-level
// keys that hold the entries, the `<file>.bak` — kept in the record beside the file, so that taking the entries
// out again (`--remove`, or a sync that leaves none) gives the project back as it was before hook-bridge.
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Created } from './provenance.js';

/** How many directories above a file that does not exist yet are missing (what writing it creates). */
export function missingDirectories(file: string): number {
  let n = 0;
  for (let dir = dirname(file); !existsSync(dir) && dirname(dir) !== dir; dir = dirname(dir)) n++;
  return n;
}

/** What the record says convert created, after one more write into the file. */
export function nextCreated(
  previous: Created | undefined,
  w: {
    /** The file did not exist before this write; then `directories` is how many directories it creates. */
    newFile: boolean;
    directories: number;
    /** Top-level keys this write added. */
    added: readonly string[];
    /** This write keeps a `<file>.bak`. */
    backup: boolean;
  },
): Created {
  const keys = [...new Set([...(previous?.keys ?? []), ...w.added])];
  const directories = w.newFile ? w.directories : (previous?.directories ?? 0);
  return {
    ...(previous?.file || w.newFile ? { file: true } : {}),
    ...(directories > 0 ? { directories } : {}),
    ...(keys.length ? { keys } : {}),
    ...(previous?.backup || w.backup ? { backup: true } : {}),
  };
}

/** Delete a file convert created (and holds nothing now), with the directories convert created for it while they are
 * empty.
 */
export function deleteCreatedFile(file: string, directories: number): void {
  deleteCreatedFiles([{ file, directories }]);
}

/**
 * Delete files convert created, then the directories convert created for them, each while it is empty. Files created
 * in different runs may share one (the first made `~/.config` for OpenCode's, the next found it for Kilo's): the
 * directories are pruned again until nothing more goes, so the one made first goes once the others are gone.
 */
export function deleteCreatedFiles(files: { file: string; directories: number }[]): void {
  for (const f of files) rmSync(f.file, { force: true });
  for (let pruned = true; pruned; ) {
    pruned = false;
    for (const f of files) {
      let dir = dirname(f.file);
      for (let i = 0; i < f.directories; i++, dir = dirname(dir)) {
        if (!existsSync(dir)) continue;
        if (readdirSync(dir).length) break;
        rmdirSync(dir);
        pruned = true;
      }
    }
  }
}
