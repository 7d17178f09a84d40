// `~` and `~/…` as the shell reads them at the start of a word: the user's home directory.
import { join } from 'node:path';

/** `p` with a leading `~` (alone or before a `/`) made `home`; undefined where it does not start so. */
export function underHome(p: string, home: string): string | undefined {
  return p === '~' || p.startsWith('~/') ? join(home, p.slice(1)) : undefined;
}
