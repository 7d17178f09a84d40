// One host call whose tool takes a list of what the script's tool takes once per call (tools.yaml `items`: Pi's edit
// carries edits[{oldText, newText}], each of them a Claude Code Edit): the script runs once per item, as for the calls
// its own agent would have made (a Claude Edit guard sees every replacement as an Edit of its own, never a list it
// does not read); the strictest answer wins (a deny of one replacement blocks the one host call), and each
// replacement a hook rewrote goes back into its place in the list.
import { toolEntry } from '../dialects/catalog.js';
import type { DialectId } from '../model/dialect-ids.js';
import { isObject } from '../model/is-object.js';
import { partId } from '../results/patch-calls.js';
import { aggregate } from './answer.js';
import type { ParsedPayload } from './host-payload.js';
import { scriptField, translatePayload, type Translated } from './payload.js';
import type { FanOut } from './fan-out.js';
import type { HookRun, RunOnce } from './script-run.js';

export interface ItemCalls {
  /** The host's name of the list (edits). */
  list: string;
  /** The host's items, in order. */
  items: Record<string, unknown>[];
  /** An item's fields: the host's name, the script's parameter it is (oldText, old_string). */
  fields: [string, string][];
  /** Each item as one call of the script's agent: its payload, translated as a host call with that item alone. */
  calls: Translated[];
}

/** The fan-out of a list of calls in one (fan-out.ts): one script run per item. */
export const itemCalls: FanOut = (c) => {
  const items = splitItems(c.args, c.p, c.t, c.env);
  return items ? (once) => runItems(items, once, c.t.tool) : undefined;
};

/**
 * The calls a host call with several items amounts to for the script, or undefined: one item (already one call of
 * the script's agent, payload.ts), a script whose own tool takes the list, or no list.
 */
function splitItems(
  args: { from: DialectId; to: DialectId },
  p: ParsedPayload,
  t: Translated,
  env: NodeJS.ProcessEnv,
): ItemCalls | undefined {
  const there = t.tool ? toolEntry(args.to, t.tool) : undefined;
  const own = t.tool ? toolEntry(args.from, t.tool) : undefined;
  const input = p.payload.tool_input;
  if (!there?.items || !own || !isObject(input)) return undefined;
  for (const [list, map] of Object.entries(there.items)) {
    const items = input[list];
    if (own.items?.[list] || !Array.isArray(items) || items.length < 2 || !items.every(isObject)) continue;
    const id = scriptField('tool_use_id', args.from, t.event);
    const calls = items.map((item, k) => {
      const c = translatePayload({ ...p.payload, tool_input: { ...input, [list]: [item] } }, args.to, args.from, env);
      if (typeof c.payload[id] === 'string') c.payload[id] = partId(c.payload[id] as string, k);
      return c;
    });
    const fields = Object.entries(map).map(([f, c]): [string, string] => [
      f,
      own.params.find(([, x]) => x === c)?.[0] ?? c,
    ]);
    return { list, items, fields, calls };
  }
  return undefined;
}

/** One script run per item, in order; the strictest answer wins, rewrites go back into their items. */
async function runItems(s: ItemCalls, once: RunOnce, tool: string | undefined): Promise<HookRun> {
  const runs: HookRun[] = [];
  for (const c of s.calls) {
    const r = await once(c.payload, c.tool);
    if (r.failure) return { ...r, tool };
    runs.push(r);
  }
  const { answer } = aggregate(runs);
  delete answer.updatedInput;
  const rewrites = runs.map((r) => r.answer.updatedInput);
  if (answer.decision !== 'deny' && rewrites.some(Boolean)) {
    // The call in the script's names but for the list, which keeps the host's items (emit renames the rest and
    // leaves a list the script's tool does not have as it is): each item as its run rewrote it.
    const own = new Set(s.fields.map(([, p]) => p));
    const first = rewrites.find(Boolean)!;
    answer.updatedInput = {
      ...Object.fromEntries(Object.entries(first).filter(([k]) => !own.has(k))),
      [s.list]: s.items.map((item, k) => {
        const r = rewrites[k];
        return r ? { ...item, ...Object.fromEntries(s.fields.flatMap(([f, p]) => (p in r ? [[f, r[p]]] : []))) } : item;
      }),
    };
  }
  const join = (xs: (string | undefined)[]) => xs.filter(Boolean).join('\n');
  const note = join(runs.map((r) => r.note));
  return { answer, stderr: join(runs.map((r) => r.stderr)), ...(note ? { note } : {}), tool };
}
