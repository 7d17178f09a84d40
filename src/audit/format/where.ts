// How every audit format names a file: relative to the current directory, so it opens from where the
// user stands (`../proj-a/.qwen/settings.json` when auditing a sibling project).
import { relative } from 'node:path';
import type { Finding } from '../types.js';

export function shownPath(file: string, cwd: string): string {
  return relative(cwd, file) || '.';
}

/** Where else a group's finding is (group.ts): `also at lines 12, 15; .qwen/settings.json lines 9, 21 (5 in all)`. */
export function alsoAt(first: Finding, others: Finding[], cwd: string): string {
  const byFile = new Map<string, Finding[]>();
  for (const f of others) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  const parts = [...byFile].map(([file, list]) => {
    const spots = list.map((f) => (f.line ? String(f.line) : f.path)).filter(Boolean);
    const lines = spots.length && spots.every((s) => /^\d+$/.test(s)) ? (spots.length > 1 ? 'lines ' : 'line ') : '';
    return [file === first.file ? '' : shownPath(file, cwd), spots.length ? `${lines}${spots.join(', ')}` : '']
      .filter(Boolean)
      .join(' ');
  });
  return `also at ${parts.join('; ')} (${others.length + 1} in all)`;
}
