// The relative links of a Markdown file, and whether each resolves: in the repository (test/meta.test.ts) and
// in the packed tarball (test/cli/package.test.ts).
import { dirname, join, normalize } from 'node:path';

export interface Link {
  /** The file the link is in, relative to the root. */
  from: string;
  /** 1-based line of the link. */
  line: number;
  /** As written: `docs/commands.md#run`, `#install`. */
  target: string;
}

/** The text with code blocks blanked (their lines kept): a heading or a link in code is not one. */
const withoutBlocks = (text: string) =>
  text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '));
/** The text with code blocks and code spans blanked. */
const withoutCode = (text: string) => withoutBlocks(text).replace(/(`+)[^`\n]+?\1/g, (span) => ' '.repeat(span.length));

/** Every link of a Markdown file that is not a URL: inline `[text](target)` and reference definitions `[id]: target`.
 */
export function relativeLinks(from: string, text: string): Link[] {
  const plain = withoutCode(text);
  const links: Link[] = [];
  for (const m of plain.matchAll(
    /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|^[ \t]*\[[^\]]+\]:[ \t]*<?(\S+?)>?(?:\s|$)/gm,
  )) {
    const target = (m[1] ?? m[2])!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    links.push({ from, line: plain.slice(0, m.index).split('\n').length, target });
  }
  return links;
}

/** GitHub's anchors for a Markdown file's headings: lowercased, punctuation dropped, spaces as `-`, repeats numbered.
 */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of withoutBlocks(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const heading = m[1]!.replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/**
 * The links that do not resolve: to a path `exists` denies (relative to the root, `/`-separated), or to an
 * anchor the target Markdown file does not have.
 */
export function brokenLinks(
  links: Link[],
  exists: (path: string) => boolean,
  read: (file: string) => string,
): string[] {
  const broken: string[] = [];
  for (const l of links) {
    const [path = '', anchor] = l.target.split('#', 2);
    const file =
      path === ''
        ? l.from
        : normalize(join(dirname(l.from), decodeURIComponent(path)))
            .replace(/\\/g, '/')
            .replace(/\/$/, '');
    if (file.startsWith('../') || !exists(file)) broken.push(`${l.from}:${l.line}: ${l.target} (no such file)`);
    else if (anchor !== undefined && file.endsWith('.md') && !anchors(read(file)).has(anchor))
      broken.push(`${l.from}:${l.line}: ${l.target} (no such heading)`);
  }
  return broken;
}
