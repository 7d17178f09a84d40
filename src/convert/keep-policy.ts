// convert's step for options a person added to an entry it wrote (`run --on-missing deny …`, `dispatch --on-error
// allow …`: dialects/wrapper.ts policyOf): written again for the same hook, the entry keeps them, so a re-run
// neither drops them nor, failing to recognise the edited entry, adds a second one beside it (the hook would run
// twice). Matched by the entry's command without those options, under the same event.
import type { Hook } from '../model/hook.js';
import type { NativeHook } from '../dialects/define.js';
import { policyOf, withoutPolicy, withPolicy } from '../dialects/wrapper.js';

/** A report row: where its hook landed. */
interface Row {
  target?: { event: string; command?: string };
}

export function keepPolicies<T extends { hooks: NativeHook[]; report: Row[] }>(result: T, existing: readonly Hook[]): T {
  const policies = new Map<string, string[]>();
  for (const h of existing) {
    const policy = h.written !== undefined ? policyOf(h.written) : [];
    if (policy.length) policies.set(`${h.nativeEvent}\0${withoutPolicy(h.written!)}`, policy);
  }
  if (!policies.size) return result;
  const changed = new Map<string, string>();
  const hooks = result.hooks.map((h) => {
    const command = h.handler.command;
    const policy = typeof command === 'string' ? policies.get(`${h.event}\0${command}`) : undefined;
    if (!policy) return h;
    const now = withPolicy(command as string, policy);
    changed.set(`${h.event}\0${command as string}`, now);
    return { ...h, handler: { ...h.handler, command: now } };
  });
  for (const r of result.report) {
    const now = r.target?.command !== undefined ? changed.get(`${r.target.event}\0${r.target.command}`) : undefined;
    if (now !== undefined) r.target!.command = now;
  }
  return { ...result, hooks };
}
