// "Did you mean …?" for names a user typed: the closest known name, when one is close enough to be a typo.
import leven from 'leven';
import { DIALECT_IDS } from './dialect-ids.js';

/** The candidate closest to `name` (case-insensitive first, then by edit distance), or undefined. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 4)) + 1;
  for (const c of candidates) {
    if (c === name) continue;
    if (c.toLowerCase() === lower) return c;
    const d = leven(lower, c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

/** What to say of a dialect id that is none: the closest id when it looks like a typo or another case (`Qwen`: qwen).
 */
export function unknownDialectMessage(value: string): string {
  const close = closestName(value, DIALECT_IDS);
  return (
    `unknown dialect ${JSON.stringify(value)}` +
    (close ? `: did you mean ${close}?` : '') +
    ` (known: ${DIALECT_IDS.join(', ')})`
  );
}
