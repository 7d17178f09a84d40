// "Did you mean …?" for names a user typed: the closest known name, when one is close enough to be a typo.
import leven from 'leven';

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
