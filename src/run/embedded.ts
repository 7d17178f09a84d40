// A parameter the host's tool carries inside another parameter's text (tools.yaml `embeds`: Gemini CLI's web_fetch
// has no url, its URLs are written in its prompt), for a script whose tool has it as a field of its own (Claude
// Code's WebFetch url). A Claude WebFetch call fetches one URL, so a prompt with several URLs is several calls
// there: the script runs once per URL, the answers combine as several calls' hooks would (any deny blocks the one
// host call), and a rewritten url goes back into the text in place of the one the script was given.
// The same for a parameter the host's tool takes as a list where the script's takes one value (tools.yaml `lists`:
// Copilot CLI's grep `paths`, Claude Code's Grep `path`): one run per value, each rewritten value back in its place.
import type { DialectId } from '../model/dialect-ids.js';
import type { ToolEntry } from '../model/mappings.js';
import { toolEntry } from '../dialects/catalog.js';
import { isObject } from '../model/is-object.js';

export interface Embedded {
  /** The script's name of the parameter (url) and of the one whose text holds it (prompt); for a list, the list. */
  param: string;
  holder: string;
  /** The values are a list's (the parameter is the list), not words of the holder's text. */
  list?: true;
  /** Each value in the holder's text, in order: as the host uses it, and as it is written there. */
  values: { value: string; token: string }[];
}

const nameOf = (e: ToolEntry, canonical: string) => e.params.find(([, c]) => c === canonical)?.[0] ?? canonical;

/**
 * The URLs in a text as Gemini CLI's web_fetch reads its prompt (parsePrompt in its bundle): the whitespace-separated
 * words with "://" that parse as http(s) URLs, each as the URL it fetches (URL.href).
 */
function urlsIn(text: string): Embedded['values'] {
  const out: Embedded['values'] = [];
  for (const token of text.split(/\s+/)) {
    if (!token.includes('://')) continue;
    try {
      const u = new URL(token);
      if (u.protocol === 'http:' || u.protocol === 'https:') out.push({ value: u.href, token });
    } catch {
      /* not a URL: the host refuses the call itself */
    }
  }
  return out;
}

/** What the host's call carries for the script inside another parameter's text; `input`: the host's tool_input. */
export function embeddedIn(
  host: DialectId,
  script: DialectId,
  tool: string | undefined,
  input: unknown,
): Embedded | undefined {
  const there = tool ? toolEntry(host, tool) : undefined;
  const own = tool ? toolEntry(script, tool) : undefined;
  if (!(there?.embeds || there?.lists) || !own || !isObject(input)) return undefined;
  for (const c of there.lists ?? []) {
    const v = input[nameOf(there, c)];
    // A list of strings, for a script whose tool takes one value (a single string is that value already).
    if (!own.lists?.includes(c) && Array.isArray(v) && v.every((x) => typeof x === 'string'))
      return {
        param: nameOf(own, c),
        holder: nameOf(own, c),
        list: true,
        values: v.map((x) => ({ value: x, token: x })),
      };
  }
  for (const [c, holder] of Object.entries(there.embeds ?? {})) {
    const text = input[nameOf(there, holder)];
    if (typeof text === 'string' && own.params.some(([, x]) => x === c))
      return { param: nameOf(own, c), holder: nameOf(own, holder), values: urlsIn(text) };
  }
  return undefined;
}

/**
 * The script's rewrites, one per run (in the script's names), as one input for the host: the first rewritten text,
 * with each run's rewritten value in place of the one it was given; the parameter itself goes (the host has none).
 * A string: why it cannot be expressed.
 */
export function joinRewrites(
  e: Embedded,
  input: Record<string, unknown>,
  rewrites: (Record<string, unknown> | undefined)[],
): Record<string, unknown> | string {
  if (e.list) return joinList(e, rewrites);
  const original = input[e.holder];
  const texts = rewrites.map((r) => r?.[e.holder]).filter((t): t is string => typeof t === 'string' && t !== original);
  let text = texts[0] ?? String(original);
  for (const [k, r] of rewrites.entries()) {
    const v = r?.[e.param];
    if (!r || v === e.values[k]!.value) continue;
    if (typeof v !== 'string')
      return `a hook rewrote ${e.param} to ${JSON.stringify(v)}, which the ${e.holder} cannot carry`;
    const { token } = e.values[k]!;
    if (!text.includes(token))
      return `a hook rewrote ${e.param} ${token}, which the rewritten ${e.holder} no longer holds`;
    text = text.replace(token, () => v);
  }
  const { [e.param]: _, ...rest } = rewrites.find(Boolean)!;
  return { ...rest, [e.holder]: text };
}

/** A list's rewrites: each run's value (or what it was rewritten to) in its place, the rest as the first run's. */
function joinList(e: Embedded, rewrites: (Record<string, unknown> | undefined)[]): Record<string, unknown> | string {
  const list: string[] = [];
  for (const [k, r] of rewrites.entries()) {
    const v = r && e.param in r ? r[e.param] : e.values[k]!.value;
    if (typeof v === 'string') list.push(v);
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) list.push(...v);
    else if (v !== undefined) return `a hook rewrote ${e.param} to ${JSON.stringify(v)}, which a list cannot carry`;
  }
  return { ...rewrites.find(Boolean)!, [e.param]: list };
}
