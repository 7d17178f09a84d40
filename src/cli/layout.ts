// Text laid out for the terminal it is printed on: lines wrapped at spaces, tables that fit. The width is the
// terminal's (or COLUMNS), 80 when the stream is not a terminal (a pipe, a file, CI), so what a command prints reads
// the same in a log as in an 80-column window.

/**
 * The width to lay a stream's text out in: `COLUMNS` when set (POSIX: the user's preferred width, over the
 * terminal's), else its terminal's columns, else 80.
 */
export function columns(
  stream: { isTTY?: boolean; columns?: number } = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const preferred = Number(env.COLUMNS);
  if (Number.isInteger(preferred) && preferred > 0) return preferred;
  return stream.isTTY && typeof stream.columns === 'number' && stream.columns > 0 ? stream.columns : 80;
}

const ANSI = /\u001b\[[0-9;]*m/g;

/** The columns a string takes on a terminal: its characters, without the colour escapes (which take none). */
export const visibleWidth = (s: string): number => [...s.replace(ANSI, '')].length;

/** A word longer than the room, split into pieces that fit (ANSI escapes stay whole). */
function split(word: string, room: number): string[] {
  const parts: string[] = [];
  let cur = '';
  let w = 0;
  for (const tok of word.split(/(\u001b\[[0-9;]*m)/)) {
    if (tok.startsWith('\u001b[')) {
      cur += tok;
      continue;
    }
    for (const ch of tok) {
      if (w === room) {
        parts.push(cur);
        cur = '';
        w = 0;
      }
      cur += ch;
      w++;
    }
  }
  if (cur) parts.push(cur);
  return parts;
}

/**
 * One line wrapped at spaces to `width`: the continuation lines start with `indent` spaces (default: the line's own
 * leading spaces, plus two after a list marker `- `), so a wrapped item stays under its text. A word longer than the
 * room is split.
 */
export function wrapLine(line: string, width: number, indent?: number): string[] {
  if (visibleWidth(line) <= width) return [line];
  const lead = /^( *)(- )?/.exec(line.replace(ANSI, ''))!;
  const hang = Math.min(indent ?? lead[1]!.length + (lead[2] ? 2 : 0), Math.floor(width / 2));
  const first = /^ */.exec(line)![0];
  const out: string[] = [];
  let cur = first;
  let curW = first.length;
  let fresh = true; // nothing but the indent on `cur` yet
  // Each word with the spaces before it: kept within a line (aligned text stays aligned), dropped where it breaks.
  for (const [, gap, word] of line.slice(first.length).matchAll(/( *)([^ ]+)/g)) {
    const w = visibleWidth(word!);
    if (!fresh && curW + gap!.length + w <= width) {
      cur += gap + word!;
      curW += gap!.length + w;
      continue;
    }
    if (!fresh) {
      out.push(cur);
      cur = ' '.repeat(hang);
      curW = hang;
    }
    const pieces = curW + w <= width ? [word!] : split(word!, width - curW);
    for (const [i, p] of pieces.entries()) {
      if (i > 0) {
        out.push(cur);
        cur = ' '.repeat(hang);
        curW = hang;
      }
      cur += p;
      curW += visibleWidth(p);
    }
    fresh = false;
  }
  out.push(cur);
  return out.map((l) => l.trimEnd());
}

/** The fewest columns a wrapped column of a table is given before the table is split into parts. */
const MIN_COLUMN = 24;

/** A table's cells padded into columns two spaces apart; a cell may hold several lines. */
function render(rows: string[][][], widths: number[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const height = Math.max(1, ...r.map((c) => c.length));
    for (let i = 0; i < height; i++)
      out.push(
        r
          .map((c, j) => {
            const s = c[i] ?? '';
            return s + ' '.repeat(Math.max(0, widths[j]! - visibleWidth(s)));
          })
          .join('  ')
          .trimEnd(),
      );
  }
  return out;
}

/**
 * A table that fits `width`: as it is when it does; else its columns in parts that do, each part repeating the first
 * `keep` columns (the row's name) and separated by a blank line, as wide data is printed by R or pandas. A column too
 * wide even so has its cells wrapped. The first row is the header.
 */
export function fitTable(rows: string[][], width: number, keep = 1): string {
  const n = Math.max(...rows.map((r) => r.length));
  const natural = Array.from({ length: n }, (_, i) => Math.max(0, ...rows.map((r) => visibleWidth(r[i] ?? ''))));
  const span = (cols: number[]) => cols.reduce((a, c) => a + natural[c]!, 0) + 2 * (cols.length - 1);
  const kept = Array.from({ length: Math.min(keep, n) }, (_, i) => i);
  // The kept columns take at most half the width: the rest is for the columns each part shows.
  const keptWidth = Math.min(span(kept), Math.floor(width / 2));
  const parts: number[][] = [];
  let cur: number[] = [];
  // A column joins the part while it fits there, wrapped to no fewer than MIN_COLUMN columns if it must be.
  const least = (c: number) => Math.min(natural[c]!, MIN_COLUMN);
  for (let c = kept.length; c < n; c++) {
    if (cur.length && keptWidth + cur.reduce((a, x) => a + 2 + least(x), 0) + 2 + least(c) > width) {
      parts.push(cur);
      cur = [];
    }
    cur.push(c);
  }
  if (cur.length || !parts.length) parts.push(cur);
  const blocks = parts.map((part) => {
    const cols = [...kept, ...part];
    const widths = cols.map((c) => natural[c]!);
    // Shrink the widest column until the part fits (its cells wrap), never below 8 columns.
    for (;;) {
      const total = widths.reduce((a, w) => a + w, 0) + 2 * (widths.length - 1);
      if (total <= width) break;
      const widest = widths.indexOf(Math.max(...widths));
      const room = widths[widest]! - (total - width);
      if (widths[widest]! <= 8) break;
      widths[widest] = Math.max(8, room);
    }
    const cells = rows.map((r) =>
      cols.map((c, j) => {
        const text = r[c] ?? '';
        return visibleWidth(text) <= widths[j]! ? [text] : wrapLine(text, widths[j]!, 0);
      }),
    );
    return render(cells, widths).join('\n');
  });
  return blocks.join('\n\n');
}
