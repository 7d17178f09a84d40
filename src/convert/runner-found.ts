// Can the commands hook-bridge writes start? A converted config calls its runner (`hook-bridge`, or what --runner
// names) on every hook; where the agents cannot find it, every wrapped hook fails to start (the shell's exit 127) —
// silently on most agents, a block on those that block on it. convert says so in its report and audit on stderr:
// a note, not an error (PATH is the agents', checked here against this machine's). Also the lookup audit uses for
// the interpreters hooks name.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { lexShell } from '../model/shell-lexer.js';
import { exitBlocks } from '../dialects/runner-guard.js';

const runnable = (p: string) => {
  try {
    if (!statSync(p).isFile()) return false;
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Can a program be run: a path (relative to `cwd`) to an executable file, or a bare name found on PATH? */
export function programFound(name: string, cwd: string, env: NodeJS.ProcessEnv): boolean {
  return findProgram(name, cwd, env) !== undefined;
}

/** The file a program name runs: a path (relative to `cwd`) to an executable file, or the first one on PATH. */
export function findProgram(name: string, cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  if (name.includes('/')) {
    const p = isAbsolute(name) ? name : resolve(cwd, name);
    return runnable(p) ? p : undefined;
  }
  for (const dir of (env.PATH ?? '').split(delimiter))
    if (dir !== '' && runnable(join(dir, name))) return join(dir, name);
  return undefined;
}

/**
 * The word of a runner that cannot be found from the project (hooks run with it as cwd): its program, or the file it
 * hands an interpreter (`node ./node_modules/hook-bridge/bin/hook-bridge.cjs`). undefined: it can start, or a
 * variable in it cannot be resolved here.
 */
export function runnerNotFound(runner: string, project: string, env: NodeJS.ProcessEnv): string | undefined {
  const words = lexShell(runner).tokens.flatMap((t) => ('word' in t ? [t.word.value] : []));
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!)) i++; // FOO=bar hook-bridge
  if (words[i] === 'env') i++;
  const program = words[i];
  if (program === undefined || program.includes('$')) return undefined;
  if (!programFound(program, project, env)) return program;
  // An interpreter given the runner's file: the file must be there too.
  const file = words.slice(i + 1).find((w) => !w.startsWith('-'));
  if (
    file !== undefined &&
    !file.includes('$') &&
    (file.includes('/') || /\.[cm]?js$/.test(file)) &&
    !existsFile(isAbsolute(file) ? file : resolve(project, file))
  )
    return file;
  return undefined;
}

function existsFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * The note for a runner that cannot be found, naming what its absence does on each host; undefined when it can start.
 * `guarded`: hosts whose entries carry the runner guard (dialects/runner-guard.ts), where its absence blocks nothing.
 */
export function runnerNote(
  runner: string,
  hosts: readonly DialectId[],
  project: string,
  env: NodeJS.ProcessEnv,
  guarded: readonly DialectId[] = [],
  /** Where a host's loader is, when not its project loader (`convert --user`: its user-level one). */
  loaderOf: (h: DialectId) => string | undefined = (h) => mappings.dialects[h].config.inProcess?.loader,
): string | undefined {
  // An in-process host's loader loads the engine of the `hook-bridge` on PATH (dialects/loader-file.ts), an event-file
  // host's event files run it (dialects/event-file.ts), whatever the runner: no entry of its hook file starts a
  // process.
  const plugins = hosts.filter((h) => mappings.dialects[h].config.inProcess || mappings.dialects[h].config.eventFiles);
  const commands = hosts.filter((h) => !plugins.includes(h));
  const missing = commands.length ? runnerNotFound(runner, project, env) : undefined;
  const notes = missing
    ? [
        `${missingWhat(missing)}: the hooks written to run \`${runner} …\` fail to start (exit 127) until it is ` +
          `installed where the agents run hooks, or --runner names one that is (e.g. --runner 'node ` +
          `./node_modules/hook-bridge/bin/hook-bridge.cjs'); meanwhile ${runnerEffects(commands, guarded)}`,
      ]
    : [];
  if (plugins.length && !programFound('hook-bridge', project, env)) {
    const many = plugins.length > 1;
    const said = missing === 'hook-bridge';
    const files = plugins
      .map((h) => loaderOf(h) ?? `the event files of ${mappings.dialects[h].config.eventFiles!.dir}`)
      .join(' and ');
    const agents = plugins.map((h) => mappings.dialects[h].agent).join(' and ');
    notes.push(
      `${said ? '' : 'hook-bridge is not on PATH here: '}${files} load${many ? '' : 's'} the engine of the ` +
        `hook-bridge on the PATH where ${agents} run${many ? '' : 's'}; until it is installed there ` +
        '(npm install -g hook-bridge), every call a hook could block is blocked with that reason',
    );
  }
  return notes.length ? notes.join('. ') : undefined;
}

/** What runnerNotFound found missing, in words. */
export const missingWhat = (missing: string): string =>
  missing.includes('/')
    ? `${missing} does not exist (hooks run in the project directory)`
    : `${missing} is not on PATH here`;

/** What hosts do with entries whose runner cannot start: run none of them, or block every call (unguarded). */
export function runnerEffects(hosts: readonly DialectId[], guarded: readonly DialectId[] = []): string {
  // An in-process host's loader finds no engine without hook-bridge: it blocks the calls a hook could block.
  const inProcess = (h: DialectId) => mappings.dialects[h].config.inProcess !== undefined;
  const loaded = hosts.filter(inProcess).map((h) => mappings.dialects[h].agent);
  const agents = (blocks: boolean) =>
    hosts
      .filter((h) => !inProcess(h) && (exitBlocks(h, 127) && !guarded.includes(h)) === blocks)
      .map((h) => mappings.dialects[h].agent);
  return [
    ...(loaded.length
      ? [
          `${loaded.join(', ')} ${loaded.length > 1 ? 'load no engine and block' : 'loads no engine and blocks'} ` +
            'every call a hook could block',
        ]
      : []),
    ...(agents(false).length
      ? [`${agents(false).join(', ')} run${agents(false).length > 1 ? '' : 's'} none of them (a non-blocking error)`]
      : []),
    ...(agents(true).length
      ? [`${agents(true).join(', ')} block${agents(true).length > 1 ? '' : 's'} every call they fire for`]
      : []),
  ].join(', and ');
}
