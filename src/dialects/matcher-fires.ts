// Does a native matcher fire for a tool name on a dialect? The agent's own rule (mappings/dialects/*.yaml
// `matcher.semantics`), apart from reading and writing matchers (matcher.ts): `dispatch` tests its hooks' matchers on
// every call and loads only this (no regex parser).
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { aliasTools, canonicalTool, toolEntry } from './catalog.js';

const exactLists = new Map<DialectId, RegExp>();
/** Is this matcher an exact |-list of names on dialect d (semantics exact-list-or-regex, its matcher.exactChars)? */
export function isExactList(d: DialectId, native: string): boolean {
  const spec = mappings.dialects[d].matcher;
  if (spec.semantics !== 'exact-list-or-regex') return false;
  let re = exactLists.get(d);
  if (!re) exactLists.set(d, (re = new RegExp(`^[${spec.exactChars ?? 'A-Za-z0-9_|, -'}]*$`)));
  return re.test(native);
}

/** The names a regex matcher is tested against for a tool: its name, and its aliases where the dialect does so. */
export function regexSubjects(d: DialectId, toolName: string, canonical: string | undefined): string[] {
  if (!mappings.dialects[d].matcher.aliasesInRegex || canonical === undefined) return [toolName];
  return [toolName, ...(toolEntry(d, canonical)?.aliases ?? [])];
}

export function safeRegex(source: string): RegExp | null {
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

export const isWildcard = (m: unknown) => m === undefined || m === null || m === '' || m === '*';

/** A glob (Kiro CLI's matcher: `*` any run of characters, `?` one) as the regex that matches the same whole names. */
export const globRegex = (glob: string) => {
  // Kiro CLI's MCP forms: `@builtin` every built-in tool, `@<server>` every tool of that server (`@<server>/<tool>`).
  if (glob === '@builtin') return '^[^@].*$';
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return glob.startsWith('@') && !glob.includes('/') ? `^${body}/.*$` : `^${body}$`;
};

/** A regex as dialect d tests it: whole names only where its semantics anchor it (matcher.semantics anchored-regex);
 * a glob dialect's matcher is no regex but the glob's regex (globRegex).
 */
export const asTested = (d: DialectId, source: string) => {
  const sem = mappings.dialects[d].matcher.semantics;
  if (sem === 'glob') return globRegex(source);
  return sem === 'anchored-regex' ? `^(?:${source})$` : source;
};

/** Does a dialect's matcher fire for a canonical tool (by the dialect's name for it, else the id as written)? */
export const matcherFiresFor = (d: DialectId, native: unknown, canonical: string): boolean =>
  matcherFires(d, native, toolEntry(d, canonical)?.name ?? canonical);

/** Does a native matcher fire for a native tool name on dialect d? (The agent's own rule.) */
export function matcherFires(d: DialectId, native: unknown, toolName: string): boolean {
  const sem = mappings.dialects[d].matcher.semantics;
  if (Array.isArray(native)) {
    const arrays = mappings.dialects[d].matcher.arrays;
    return arrays === 'any-of' && native.some((m) => matcherFires(d, m, toolName));
  }
  if (isWildcard(native)) return true;
  if (typeof native !== 'string') return false;
  const canonical = canonicalTool(d, toolName);
  if (isExactList(d, native)) {
    return native
      .split(/[|,]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .some((n) => n === toolName || (canonical !== undefined && aliasTools(d, n).includes(canonical)));
  }
  if (sem === 'exact-part-or-regex') {
    const parts = native.split('|').map((s) => s.trim());
    if (parts.some((n) => n === toolName || (canonical !== undefined && aliasTools(d, n).includes(canonical))))
      return true;
  }
  // Gemini CLI compares an invalid regex to the tool name as a string (matcher.invalidRegex: exact-compare).
  const re = safeRegex(asTested(d, native));
  if (!re) return mappings.dialects[d].matcher.invalidRegex === 'exact-compare' && native === toolName;
  return regexSubjects(d, toolName, canonical).some((n) => re.test(n));
}
