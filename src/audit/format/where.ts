// How every audit format names a file: relative to the current directory, so it opens from where the
// user stands (`../proj-a/.qwen/settings.json` when auditing a sibling project).
import { relative } from 'node:path';

export function shownPath(file: string, cwd: string): string {
  return relative(cwd, file) || '.';
}
