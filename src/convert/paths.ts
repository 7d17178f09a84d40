// The paths convert writes: which project a run writes into, and how a path is named in a committed config.
import { underHome } from '../model/home-path.js';
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, relative, resolve } from 'node:path';

/**
 * A path for a committed config: relative to the project, `~/…` under the home directory, else as is. `project`
 * undefined: a user-level config (`convert --user`), which runs in any project: never relative.
 */
export function portablePath(abs: string, project: string | undefined, home: string = homedir()): string {
  const rel = project === undefined ? '..' : relative(project, abs);
  if (!rel.startsWith('..') && !isAbsolute(rel)) return rel || '.';
  const fromHome = relative(home, abs);
  return !fromHome.startsWith('..') && !isAbsolute(fromHome) ? `~/${fromHome}` : abs;
}

/** A path portablePath wrote, on this machine: `~/…` under the home directory, a relative one the project's. */
export function fromPortable(p: string, project: string, home: string = homedir()): string {
  return underHome(p, home) ?? resolve(project, p);
}

/** The project a run writes into when no --project is given: the one project directory given as input, else cwd. */
export function projectOf(inputs: string[] = []): string {
  const dirs = inputs.filter((i) => i !== '-' && existsSync(i) && statSync(i).isDirectory());
  return dirs.length === 1 && inputs.length === 1 ? dirs[0]! : '.';
}
