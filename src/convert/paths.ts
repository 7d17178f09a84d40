// The paths convert writes: which project a run writes into, and how a path is named in a committed config.
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, relative } from 'node:path';

/** A path for a committed config: relative to the project, `~/…` under the home directory, else as is. */
export function portablePath(abs: string, project: string): string {
  const rel = relative(project, abs);
  if (!rel.startsWith('..') && !isAbsolute(rel)) return rel || '.';
  const home = homedir();
  const fromHome = relative(home, abs);
  return !fromHome.startsWith('..') && !isAbsolute(fromHome) ? `~/${fromHome}` : abs;
}

/** The project a run writes into when no --project is given: the one project directory given as input, else cwd. */
export function projectOf(inputs: string[] = []): string {
  const dirs = inputs.filter((i) => i !== '-' && existsSync(i) && statSync(i).isDirectory());
  return dirs.length === 1 && inputs.length === 1 ? dirs[0]! : '.';
}
