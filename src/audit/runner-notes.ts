// The runners the audited hook-bridge entries call (`hook-bridge`, a --runner), and the one a conversion for --target
// would write: a note (on stderr, not a finding) for each the agents cannot find from the project.
import type { DialectId } from '../model/dialect-ids.js';
import type { NativeHook } from '../dialects/define.js';
import { runnerNote } from '../convert/runner-found.js';
import { RUNNER_GUARD } from '../dialects/runner-guard.js';
import type { ConfigFile } from './types.js';
import { runnerOf, wrapperOf } from './wrapper-args.js';

/** What convert writes in front of `run` unless --runner says otherwise. */
const DEFAULT_RUNNER = 'hook-bridge';

export function runnerNotes(
  project: string,
  configs: ConfigFile[],
  target: DialectId | undefined,
  converted: NativeHook[],
  env: NodeJS.ProcessEnv,
): string[] {
  const hosts = new Map<string, Set<DialectId>>();
  // Hosts where some entry calling the runner has no runner guard: its absence blocks there (runner-guard.ts).
  const unguarded = new Map<string, Set<DialectId>>();
  const add = (runner: string, on: readonly DialectId[], command: string | undefined) => {
    hosts.set(runner, new Set([...(hosts.get(runner) ?? []), ...on]));
    if (!command?.endsWith(RUNNER_GUARD)) unguarded.set(runner, new Set([...(unguarded.get(runner) ?? []), ...on]));
  };
  for (const c of configs) {
    for (const h of c.hooks) {
      const runner = runnerOf(h);
      if (runner === undefined) continue;
      const w = wrapperOf(h);
      add(runner, target ? [target] : w ? (w.hosts ?? [w.to]) : [c.dialect], h.written);
    }
  }
  for (const h of converted)
    if (target && typeof h.handler.command === 'string' && h.handler.command.startsWith(`${DEFAULT_RUNNER} `))
      add(DEFAULT_RUNNER, [target], h.handler.command);
  return [...hosts].flatMap(
    ([runner, on]) =>
      runnerNote(
        runner,
        [...on],
        project,
        env,
        [...on].filter((d) => !unguarded.get(runner)?.has(d)),
      ) ?? [],
  );
}
