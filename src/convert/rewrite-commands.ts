// A step that rewrites the commands of entries convert is about to write (guard-entries.ts, keep-policy.ts): each
// entry's new command, and its hooks' report rows pointing at it.
import type { NativeHook } from '../dialects/define.js';

/** A report row: where its hook landed (convert's ReportRow). */
export interface LandedRow {
  target?: { event: string; command?: string };
}

/** The result with each entry's command as `rewrite` gives it (undefined: unchanged); the report rows follow. */
export function rewriteCommands<T extends { hooks: NativeHook[]; report: LandedRow[] }>(
  result: T,
  rewrite: (command: string, event: string, handler: Record<string, unknown>) => string | undefined,
): T {
  const changed = new Map<string, string>();
  const hooks = result.hooks.map((h) => {
    const command = h.handler.command;
    const now = typeof command === 'string' ? rewrite(command, h.event, h.handler) : undefined;
    if (now === undefined || now === command) return h;
    changed.set(`${h.event}\0${command as string}`, now);
    return { ...h, handler: { ...h.handler, command: now } };
  });
  if (!changed.size) return result;
  for (const r of result.report) {
    const now = r.target?.command !== undefined ? changed.get(`${r.target.event}\0${r.target.command}`) : undefined;
    if (now !== undefined) r.target!.command = now;
  }
  return { ...result, hooks };
}
