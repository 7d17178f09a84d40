// Matchers: read a native matcher into canonical form under the SOURCE's semantics, and write a
// canonical matcher so that it means the same under the TARGET's semantics.
// Semantics (mappings/dialects/*.yaml `matcher.semantics`, observed):
//   exact-list-or-regex (Claude Code): only [A-Za-z0-9_|, -] (matcher.exactChars: Codex CLI's is [A-Za-z0-9_|]) ->
//           exact names split on | and , (trimmed); anything else an unanchored regex — tested against the aliases
//           too where matcher.aliasesInRegex
//   exact-part-or-regex (Qwen Code): a |-part equal to a name or alias matches it; otherwise the whole string as an
//           unanchored regex on the agent's own name
//   regex:  always an unanchored regex (CodeBuddy Code: `Task` matches `TaskCreate`; Gemini CLI, where an invalid
//           regex is compared to the tool name as a string: matcher.invalidRegex exact-compare)
//   anchored-regex: always a regex that must match the whole name (GitHub Copilot CLI's own files: `ba.*` and
//           `view|bash` fire for bash, `bas` does not)
//   glob:   one glob on the whole name, `*` any run of characters (Kiro CLI: `fs_write`, `fs_*`); `|` is no
//           alternation, so a matcher naming several tools is written as `*` (a warning: it fires for every tool)
import { RegExpParser } from '@eslint-community/regexpp';
import type { DialectId } from '../model/dialect-ids.js';
import type { Diagnostic, Matcher } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { MCP_PREFIX, aliasTools, canonicalTool, toolEntry, toolsOf } from './catalog.js';
import { asTested, globRegex, isExactList, isWildcard, regexSubjects, safeRegex } from './matcher-fires.js';

export { isExactList, matcherFires, matcherFiresFor } from './matcher-fires.js';

/** Canonical tools with those a tool of the set `covers` on d (Codex CLI's apply_patch: Write, Edit, MultiEdit). */
function withCovered(d: DialectId, tools: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const t of tools) {
    out.add(t);
    for (const c of toolEntry(d, t)?.covers ?? []) out.add(c);
  }
  return [...out];
}

const parser = new RegExpParser({ ecmaVersion: 2024 });

/** Top-level alternatives of a regex, or null if it is not a valid regex. */
function alternatives(source: string): string[] | null {
  try {
    return parser.parsePattern(source, 0, source.length, { unicode: false }).alternatives.map((a) => a.raw);
  } catch {
    return null;
  }
}

export interface MatcherRead {
  matcher: Matcher;
  diagnostics: Diagnostic[];
}

const readCache = new Map<string, MatcherRead>();

/** Read a tool-event matcher under the source dialect's semantics (memoized: configs repeat matchers). */
export function readToolMatcher(d: DialectId, native: unknown): MatcherRead {
  const key = `${d}\0${typeof native === 'string' ? native : JSON.stringify(native)}`;
  let r = readCache.get(key);
  if (!r) readCache.set(key, (r = readToolMatcherUncached(d, native)));
  return { matcher: structuredClone(r.matcher), diagnostics: r.diagnostics.map((x) => ({ ...x })) };
}

/** An array matcher: the union of its entries, with a warning where the dialect never fires on arrays. */
function readArrayMatcher(d: DialectId, native: unknown[]): MatcherRead {
  const diagnostics: Diagnostic[] = [];
  const arrays = mappings.dialects[d].matcher.arrays;
  if (arrays !== 'any-of') {
    diagnostics.push({
      severity: 'warning',
      code: 'matcherArrayNeverFires',
      message: `an array matcher never fires on ${d}; read as the union of its entries`,
    });
  }
  const parts = native.map((m) => readToolMatcherUncached(d, m));
  diagnostics.push(...parts.flatMap((p) => p.diagnostics));
  if (parts.some((p) => p.matcher.kind === 'all')) return { matcher: { kind: 'all' }, diagnostics };
  const merged = { kind: 'tools' as const, tools: [] as string[], mcp: [] as string[], unknown: [] as string[] };
  for (const p of parts) {
    if (p.matcher.kind === 'tools') {
      merged.tools.push(...p.matcher.tools);
      merged.mcp.push(...p.matcher.mcp);
      merged.unknown.push(...p.matcher.unknown);
    } else if (p.matcher.kind === 'pattern') merged.unknown.push(p.matcher.source);
  }
  return { matcher: dedupe(merged), diagnostics };
}

/** Adds `n` to `tools` (or `mcp`) where it is a name or alias of a tool of `d`, or an MCP name: false where neither. */
function addExactName(d: DialectId, n: string, tools: Set<string>, mcp: string[]): boolean {
  const c = canonicalTool(d, n);
  if (c) tools.add(c);
  const aliased = aliasTools(d, n);
  aliased.forEach((a) => {
    tools.add(a);
  });
  if (c || aliased.length) return true;
  if (n.startsWith(MCP_PREFIX) && PLAIN_NAME.test(n)) {
    mcp.push(exactLiteral(n));
    return true;
  }
  return false;
}

/** The tools a string matcher named, with a warning for the parts that match no known tool of `d`. */
function finishTools(
  d: DialectId,
  tools: Set<string>,
  mcp: string[],
  unknown: string[],
  diagnostics: Diagnostic[],
): MatcherRead {
  if (unknown.length) {
    diagnostics.push({
      severity: 'warning',
      code: 'matcherUnknownTool',
      message:
        `matcher part(s) ` +
        unknown.map((u) => `"${literalName(u) ?? u}"`).join(', ') +
        ` match no known ${d} tool; kept as written`,
    });
  }
  return { matcher: dedupe({ kind: 'tools', tools: withCovered(d, tools), mcp, unknown }), diagnostics };
}

function readToolMatcherUncached(d: DialectId, native: unknown): MatcherRead {
  const diagnostics: Diagnostic[] = [];
  if (Array.isArray(native)) return readArrayMatcher(d, native);
  if (isWildcard(native)) return { matcher: { kind: 'all' }, diagnostics };
  if (typeof native !== 'string') {
    diagnostics.push({
      severity: 'error',
      code: 'matcherNotString',
      message: `matcher must be a string, got ${JSON.stringify(native)}`,
    });
    return { matcher: { kind: 'pattern', source: JSON.stringify(native) }, diagnostics };
  }
  const sem = mappings.dialects[d].matcher.semantics;
  const tools = new Set<string>();
  const mcp: string[] = [];
  const unknown: string[] = [];
  const catalog = toolsOf(d);

  const exactName = (n: string): boolean => addExactName(d, n, tools, mcp);

  if (sem === 'glob') {
    readGlob(d, native, tools, mcp, unknown);
    return finishTools(d, tools, mcp, unknown, diagnostics);
  }
  if (isExactList(d, native)) {
    for (const n of native
      .split(/[|,]/)
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (!exactName(n)) unknown.push(exactLiteral(n));
    }
    return finishTools(d, tools, mcp, unknown, diagnostics);
  }
  if (sem === 'exact-part-or-regex') {
    // Every part that is a name or alias matches exactly; the regex pass below adds what the whole string matches.
    for (const n of native
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean))
      exactName(n);
  }
  const alts = alternatives(native);
  if (!alts && mappings.dialects[d].matcher.invalidRegex === 'exact-compare') {
    if (!exactName(native)) unknown.push(exactLiteral(native));
    return finishTools(d, tools, mcp, unknown, diagnostics);
  }
  if (!alts) {
    diagnostics.push({
      severity: 'error',
      code: 'matcherInvalidRegex',
      message: `"${native}" is not a valid regular expression: it never fires on ${d}`,
    });
    return { matcher: { kind: 'pattern', source: native }, diagnostics };
  }
  for (const alt of alts) {
    // `^name$` and `^(a|b)$` (how converted matchers anchor names) are exact names.
    const anchored = ANCHORED_NAMES.exec(alt);
    if (anchored) {
      for (const n of (anchored[1] ?? anchored[2])!.split('|')) if (!exactName(n)) unknown.push(exactLiteral(n));
      continue;
    }
    // A whole-name dialect: a plain name is that name; any other part means what it matches anchored.
    if (sem === 'anchored-regex' && PLAIN_NAME.test(alt) && exactName(alt)) continue;
    // …and `.*(?:P).*` is how a pattern tested anywhere in the name (P, unanchored) is written there
    // (writeToolMatcher).
    const source = sem === 'anchored-regex' ? (ANYWHERE.exec(alt)?.[1] ?? asTested(d, alt)) : alt;
    const re = safeRegex(source);
    if (!re) continue;
    // MCP names follow one scheme on every agent (mcp__<server>__<tool>): such parts carry over as written.
    if (alt.includes(MCP_PREFIX)) {
      mcp.push(source);
      continue;
    }
    const hit = catalog.filter(({ canonical, entry }) =>
      regexSubjects(d, entry.name, canonical).some((n) => re.test(n)),
    );
    // A catch-all (matches every known tool and an arbitrary name) stays a wildcard.
    if (hit.length === catalog.length && re.test('SomeFutureTool') && re.test(`${MCP_PREFIX}server__tool`)) {
      return { matcher: { kind: 'all' }, diagnostics };
    }
    hit.forEach(({ canonical }) => {
      tools.add(canonical);
    });
    // On Qwen a part may have matched exactly (a name or alias) although the regex pass did not.
    const exactPart =
      sem === 'exact-part-or-regex' && (canonicalTool(d, alt.trim()) || aliasTools(d, alt.trim()).length);
    if (!hit.length && !exactPart)
      unknown.push(sem === 'anchored-regex' && PLAIN_NAME.test(alt) ? exactLiteral(alt) : source);
  }
  return finishTools(d, tools, mcp, unknown, diagnostics);
}

/** One glob on the whole name (matcher.semantics glob): a plain name is that tool; `fs_*` every tool it matches. */
function readGlob(d: DialectId, native: string, tools: Set<string>, mcp: string[], unknown: string[]): void {
  // Its MCP names, `@<server>/<tool>`, are Claude Code's mcp__<server>__<tool>; `@<server>` every tool of the server.
  const server = /^@([A-Za-z0-9_-]+)(?:\/([A-Za-z0-9_-]+))?$/.exec(native);
  if (server && server[1] !== 'builtin') {
    const prefix = `${MCP_PREFIX}${server[1]}__`;
    mcp.push(server[2] === undefined ? `${escapeRegex(prefix)}.*` : exactLiteral(prefix + server[2]));
    return;
  }
  if (!/[*?]/.test(native)) {
    if (!addExactName(d, native, tools, mcp)) unknown.push(exactLiteral(native));
    return;
  }
  const re = new RegExp(globRegex(native));
  const hit = toolsOf(d).filter(({ entry }) => re.test(entry.name));
  for (const { canonical } of hit) tools.add(canonical);
  if (!hit.length) unknown.push(globRegex(native));
}

/** One name or MCP pattern as a Kiro CLI glob: a tool's name; mcp__<server>__<tool> as `@<server>/<tool>`, and a
 * pattern of every tool of one server (`mcp__<server>__.*`, `^mcp__<server>__`) as `@<server>`; undefined otherwise.
 */
function asGlob(name: string | undefined, pattern: string | undefined): string | undefined {
  if (name !== undefined) {
    const m = /^mcp__([A-Za-z0-9-]+)__([A-Za-z0-9_-]+)$/.exec(name);
    if (m) return `@${m[1]}/${m[2]}`;
    return PLAIN_NAME.test(name) ? name : undefined;
  }
  const server = /^\^?mcp__([A-Za-z0-9-]+)__(?:\.\*)?$/.exec(pattern ?? '');
  return server ? `@${server[1]}` : undefined;
}

/** A matcher one glob cannot say (several names, a regex) on a glob dialect: `*`, and a warning that it fires for every
 * tool there (the script then sees calls its own matcher would not have given it).
 */
function globWidened(d: DialectId, diagnostics: Diagnostic[], missing: string[]): MatcherWrite {
  diagnostics.push({
    severity: 'warning',
    code: 'matcherWidened',
    message:
      `${mappings.dialects[d].agent}'s matcher is one glob on one tool name: written as "*", the hook fires for ` +
      `every tool there`,
  });
  return { native: '*', missing, diagnostics };
}

function dedupe(m: { kind: 'tools'; tools: string[]; mcp: string[]; unknown: string[] }): Matcher {
  return { kind: 'tools', tools: [...new Set(m.tools)], mcp: [...new Set(m.mcp)], unknown: [...new Set(m.unknown)] };
}

/** A tool or MCP name as written in a matcher (MCP server names may contain dashes). */
const PLAIN_NAME = /^[A-Za-z0-9_-]+$/;
/** A whole-name regex that matches a pattern anywhere in the name: `.*(?:P).*`. */
const ANYWHERE = /^\.\*\(\?:(.*)\)\.\*$/s;
const ANCHORED_NAMES = /^\^(?:\(([A-Za-z0-9_-]+(?:\|[A-Za-z0-9_-]+)*)\)|([A-Za-z0-9_-]+))\$$/;

/** An exact name, in canonical form: an anchored literal (`^mcp__srv__echo$`). */
function exactLiteral(name: string): string {
  return `^${escapeRegex(name)}$`;
}

/** The name an exact literal stands for, or undefined for a pattern. */
function literalName(part: string): string | undefined {
  return /^\^[A-Za-z0-9_-]+\$$/.test(part) ? part.slice(1, -1) : undefined;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface MatcherWrite {
  /** The native matcher to write; undefined = omit the key. */
  native: string | string[] | undefined;
  /** Canonical tools that have no equivalent on the target (dropped from the matcher). */
  missing: string[];
  diagnostics: Diagnostic[];
}

/** Write a canonical tool matcher so it selects the same tools under the target's semantics. */
export function writeToolMatcher(d: DialectId, m: Matcher, listForm = false): MatcherWrite {
  const diagnostics: Diagnostic[] = [];
  const sem = mappings.dialects[d].matcher.semantics;
  // `*` is no regex: a whole-name dialect is given the regex that matches every name.
  if (m.kind === 'all') return { native: sem === 'anchored-regex' ? '.*' : '*', missing: [], diagnostics };
  if (sem === 'glob' && m.kind !== 'tools') return globWidened(d, diagnostics, []);
  if (m.kind === 'pattern') return { native: m.source, missing: [], diagnostics };
  if (m.kind === 'values') return { native: m.values.join('|'), missing: [], diagnostics };
  const names: string[] = [];
  const missing: string[] = [];
  /** covering tool name -> the tools it also does that the matcher did not name */
  const widened = new Map<string, Set<string>>();
  for (const c of m.tools) {
    const e = toolEntry(d, c);
    if (e) {
      names.push(e.name);
      continue;
    }
    // A tool that does this one's work there (apply_patch for Write on Codex CLI) …
    const covering = mappings.index.toolCovering[d][c];
    const by = covering === undefined ? undefined : toolEntry(d, covering);
    if (by) {
      names.push(by.name);
      // Widened by what the reference agent (Claude Code) still calls: MultiEdit is gone there.
      for (const other of by.covers ?? [])
        if (!m.tools.includes(other) && mappings.tools[other]?.claude?.status !== 'historical')
          widened.set(by.name, (widened.get(by.name) ?? new Set()).add(other));
      continue;
    }
    // … or one that covers tools the matcher names as well (apply_patch read as Write|Edit|MultiEdit): nothing is
    // lost.
    const covers = Object.values(mappings.tools[c] ?? {}).flatMap((x) => x?.covers ?? []);
    if (covers.length && covers.some((x) => m.tools.includes(x))) continue;
    missing.push(c);
  }
  for (const [name, others] of widened) {
    // Named as Claude Code, the reference, names them (else by canonical id).
    const named = [...others].map((c) => mappings.tools[c]?.claude?.name ?? c);
    diagnostics.push({
      severity: 'info',
      code: 'matcherWidened',
      message:
        `${mappings.dialects[d].agent} has one tool, ${name}, for ${named.join(', ')} as well: the hook ` +
        `fires for those calls too`,
    });
  }
  // Exact names (tools, exact MCP names, unknown names) and patterns (MCP or unknown regex parts).
  const extra = [...m.mcp, ...m.unknown];
  const exact = [...new Set([...names, ...extra.map(literalName).filter((n): n is string => n !== undefined)])];
  const patterns = extra.filter((x) => literalName(x) === undefined);
  if (!exact.length && !patterns.length) return { native: undefined, missing, diagnostics };
  if (sem === 'glob') {
    const one = exact.length + patterns.length === 1 ? asGlob(exact[0], patterns[0]) : undefined;
    return one === undefined ? globWidened(d, diagnostics, missing) : { native: one, missing, diagnostics };
  }
  if (listForm) {
    const all = [...exact, ...patterns];
    return { native: all.length === 1 ? all[0] : all, missing, diagnostics };
  }
  // Claude reads a plain |-list of names exactly: the most readable form with the same meaning.
  if (sem === 'exact-list-or-regex' && !patterns.length && exact.every((n) => PLAIN_NAME.test(n) && isExactList(d, n)))
    return { native: exact.join('|'), missing, diagnostics };
  // A whole-name dialect reads a |-list of names exactly too; a pattern (tested unanchored where it came from) is
  // written to match anywhere in the name.
  if (sem === 'anchored-regex')
    return {
      native: [...exact.map(escapeRegex), ...patterns.map((p) => `.*(?:${p}).*`)].join('|'),
      missing,
      diagnostics,
    };
  // Otherwise a regex: names anchored (so `Edit` cannot match `NotebookEdit`, `Task` not `TaskCreate`);
  // patterns as written, since every target tests them unanchored as the source did.
  const group =
    exact.length === 0
      ? []
      : [exact.length === 1 ? `^${escapeRegex(exact[0]!)}$` : `^(${exact.map(escapeRegex).join('|')})$`];
  return { native: [...group, ...patterns].join('|'), missing, diagnostics };
}
