// Glob and Grep results through one neutral form: each format reads its agent's result into the files, matches or
// counts it lists (absolute paths), and writes those back in its own shape. Claude's object keeps only what its
// output_mode asks for, so the neutral form travels beside it (Canonical.found): a CodeBuddy script still gets the
// content lines a Qwen host gave where a Claude script gets the file names. The agents' shapes are in the format
// modules (claude-objects.ts, codebuddy-text.ts, qwen-llm-text.ts, gemini-llm-text.ts); what they were observed in:
// test/fixtures/observed/*/payloads/PostToolUse-{Glob,Grep-*}.json and the ground-truth qwen/payloads.

export type Mode = 'content' | 'files_with_matches' | 'count';
export interface Match {
  file: string;
  line?: number;
  text: string;
}
/** A search result: whichever of files, matches or counts the host gave. */
export interface Found {
  files?: string[];
  matches?: Match[];
  counts?: { file: string; n: number }[];
}

export const isSearch = (tool: string | undefined): tool is 'search.glob' | 'search.grep' =>
  tool === 'search.glob' || tool === 'search.grep';

const abs = (cwd: string, p: string) => (p.startsWith('/') ? p : `${cwd.replace(/\/$/, '')}/${p}`);
export const rel = (cwd: string, p: string) => {
  const base = `${cwd.replace(/\/$/, '')}/`;
  return p.startsWith(base) ? p.slice(base.length) : p;
};
/** Every path of a result made absolute against cwd (Claude's and Qwen's are relative, CodeBuddy's absolute). */
export const absolute = (f: Found, cwd: string): Found => ({
  ...(f.files ? { files: f.files.map((p) => abs(cwd, p)) } : {}),
  ...(f.matches ? { matches: f.matches.map((m) => ({ ...m, file: abs(cwd, m.file) })) } : {}),
  ...(f.counts ? { counts: f.counts.map((c) => ({ ...c, file: abs(cwd, c.file) })) } : {}),
});
/** A match as a grep line: "path:2:text" when numbered and the number is known, else "path:text". */
export const matchLine = (m: Match, file: string, numbered: boolean) =>
  `${file}:${m.line !== undefined && numbered ? `${m.line}:` : ''}${m.text}`;
const unique = (xs: string[]) => [...new Set(xs)];
export const filesOf = (f: Found) => f.files ?? unique([...(f.matches ?? []), ...(f.counts ?? [])].map((m) => m.file));

/** "path:2:text" (numbered) or "path:text"; the path ends at the first colon. */
export function parseMatch(line: string, numbered: boolean): Match {
  const at = line.indexOf(':');
  if (at < 0) return { file: line, text: '' };
  const rest = line.slice(at + 1);
  const n = numbered ? /^(\d+):/.exec(rest) : null;
  return n
    ? { file: line.slice(0, at), line: Number(n[1]), text: rest.slice(n[0].length) }
    : { file: line.slice(0, at), text: rest };
}
export function parseCount(line: string): { file: string; n: number } {
  const at = line.lastIndexOf(':');
  return { file: line.slice(0, at), n: Number(line.slice(at + 1)) };
}

export function countMatches(found: Found): { file: string; n: number }[] {
  const counts = new Map<string, number>();
  for (const m of found.matches ?? []) counts.set(m.file, (counts.get(m.file) ?? 0) + 1);
  return [...counts].map(([file, n]) => ({ file, n }));
}
