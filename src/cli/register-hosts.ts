// `hook-bridge run` and `hook-bridge dispatch` in the CLI's help: the same help text their fast paths print
// (src/run/help.ts). bin/hook-bridge.cjs sends `run` and `dispatch` as argv[2] straight to their own bundles.
import type { Command } from 'commander';
import { HookBridgeError } from '../model/errors.js';
import type { HostHelp } from '../run/help.js';

/** run or dispatch, with its help; `reached` is the error when it is not the first argument. */
export function registerHost(p: Command, h: HostHelp, reached: string): void {
  const c = p.command(h.name).summary(h.summary).description(h.description).usage(h.usage);
  for (const [flags, what, def] of h.options) c.option(flags, what, def);
  // Reached only when the command is not argv[2] (bin/hook-bridge.cjs sends that straight to its bundle).
  c.action(() => {
    throw new HookBridgeError(reached);
  });
}
