// convert's step for options a person added to an entry it wrote (`run --on-missing deny …`, `dispatch --on-error
// allow …`: dialects/wrapper.ts policyOf): written again for the same hook, the entry keeps them, so a re-run
// neither drops them nor, failing to recognise the edited entry, adds a second one beside it (the hook would run
// twice). Matched by the entry's command without those options, under the same event.
import type { Hook } from '../model/hook.js';
import type { NativeHook } from '../dialects/define.js';
import { policyOf, withoutPolicy, withPolicy } from '../dialects/wrapper.js';
import { rewriteCommands, type LandedRow } from './rewrite-commands.js';

export function keepPolicies<T extends { hooks: NativeHook[]; report: LandedRow[] }>(
  result: T,
  existing: readonly Hook[],
): T {
  const policies = new Map<string, string[]>();
  for (const h of existing) {
    const policy = h.written !== undefined ? policyOf(h.written) : [];
    if (policy.length) policies.set(`${h.nativeEvent}\0${withoutPolicy(h.written!)}`, policy);
  }
  if (!policies.size) return result;
  return rewriteCommands(result, (command, event) => {
    const policy = policies.get(`${event}\0${command}`);
    return policy ? withPolicy(command, policy) : undefined;
  });
}
