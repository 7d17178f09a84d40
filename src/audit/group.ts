// Identical findings — the same rule, severity and message, e.g. 56 hooks that all run `uv`, which is not installed
// —
// make one group: text and markdown show it once, with where else it is; json and sarif keep every location, each
// naming its group (`group: { id, size }`).
import type { Finding } from './types.js';

/** Number the groups of identical findings (in report order), on each of their findings; a finding alone has none. */
export function groupFindings(findings: Finding[]): void {
  const by = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = JSON.stringify([f.ruleId, f.severity, f.message, f.target ?? null]);
    by.set(key, [...(by.get(key) ?? []), f]);
  }
  let id = 0;
  for (const list of by.values()) {
    if (list.length < 2) continue;
    id++;
    for (const f of list) f.group = { id, size: list.length };
  }
}

/** The findings as a person reads them: each group once, at its first finding, with the others it stands for. */
export function shownOnce(findings: Finding[]): { finding: Finding; others: Finding[] }[] {
  const out: { finding: Finding; others: Finding[] }[] = [];
  const at = new Map<number, { finding: Finding; others: Finding[] }>();
  for (const f of findings) {
    const g = f.group ? at.get(f.group.id) : undefined;
    if (g) g.others.push(f);
    else {
      const entry = { finding: f, others: [] };
      out.push(entry);
      if (f.group) at.set(f.group.id, entry);
    }
  }
  return out;
}
