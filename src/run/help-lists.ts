// What the help of run and dispatch takes from the data rather than from text kept by hand: the hosts a hook's `ask`
// is relayed to. Loaded only to print help (run/dispatch --help; `hook-bridge help run|dispatch` through the dialects
// command's bundle, so the CLI's entry bundle does not carry the mappings).
import { DIALECT_IDS } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { askRelaysSafely } from './emit.js';
import type { HelpLists } from './help.js';

export function hostHelpLists(): HelpLists {
  // agents only: a format whose scripts are an agent's (payloadDialect: hooks.yaml) is never the host
  const relayed = DIALECT_IDS.filter((d) => !mappings.dialects[d].payloadDialect && askRelaysSafely(d)).map(
    (d) => mappings.dialects[d].agent,
  );
  return { '--ask': `relayed on ${relayed.join(', ')}` };
}
