// A `dispatch --config` registration's hook set: where its file is (from the project root or a subdirectory, in any
// clone) and its hooks, read by the file's own dialect. Loaded by dispatch only when a registration names a file: the
// codecs are most of dispatch's code, and an entry that names its hooks needs none of them.
import { underHome } from '../model/home-path.js';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { decideFileDialect } from '../dialects/detect.js';
import { dialects } from '../dialects/index.js';
import { pluginOfHookFile } from '../dialects/plugin.js';
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import type { Hook } from '../model/hook.js';
import { findUp } from './payload.js';

/**
 * Where a hook set path points: `~/…` the home directory's; a relative one the project directory's, else the nearest
 * directory up from the hook's cwd that has it (a host that runs the hook from a subdirectory).
 */
export function locateHookSet(file: string, projectDir: string, cwd: string, env = process.env): string {
  // A user-level entry (`convert --user`) names its hook set under the home directory: `~/…`, in any project.
  const home = underHome(file, env.HOME ?? homedir());
  if (home) return home;
  if (isAbsolute(file) || existsSync(resolve(projectDir, file))) return resolve(projectDir, file);
  const dir = findUp(cwd, (d) => existsSync(join(d, file)));
  return dir === undefined ? resolve(projectDir, file) : join(dir, file);
}

/**
 * Load the hook set and its dialect (its own failures are hook-bridge's: fail by --on-error); a plugin's hook file
 * gives its root: its hooks run with the script agent's plugin-root variable set to it, as in the plugin.
 */
export function loadHookSet(
  file: string,
  from: DialectId | undefined,
  projectDir: string,
  cwd = projectDir,
): { hooks: Hook[]; dialect: DialectId; pluginRoot?: string } {
  const path = locateHookSet(file, projectDir, cwd);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new HookBridgeError(`cannot read the hook set (${(e as NodeJS.ErrnoException).code ?? e})`, file);
  }
  const d = from ?? decideFileDialect(path, text).dialect;
  const r = dialects[d].codec.read(text, file, dialects[d]);
  const broken = r.diagnostics.find((x) => x.severity === 'error');
  if (broken) throw new HookBridgeError(broken.message, file, broken.path);
  const pluginRoot = pluginOfHookFile(path);
  return { hooks: r.hooks, dialect: d, ...(pluginRoot !== undefined ? { pluginRoot } : {}) };
}
