// No line of our own code past 120 columns (issue 30), as biome's formatter (lineWidth 120, biome.jsonc) lays code
// out. The formatter wraps code; this catches what it cannot: comments, which a person wraps. The text of a string
// or a regular expression literal is not counted (issue 35): a sentence split only to fit the bound reads worse, and
// breaking a regex changes what it reads. So a line may pass 120 only where it would fit without the text of its
// literals (and a comment only for a URL); the code around a literal is held to the bound.
// Columns are counted in UTF-8 bytes, as `awk length` does in a byte locale: a line of `—` and `…` is not let
// through by a tool that counts bytes.
// Usage: tsx scripts/check-lines.ts [file …]   (default: the tracked sources, tests, scripts and bench)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export const MAX_COLUMNS = 120;
const CODE = /\.(ts|mts|cts|js|mjs|cjs)$/;
const width = (line: string): number => Buffer.byteLength(line);
/** Literals whose text is not counted: strings, regexes, and the text parts of a template (not its `${…}` code). */
const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);
const NOT_OURS = /(^|\/)(fixtures|vectors|generated|real-projects\/[^/]+__[^/]+)\//;

/** The lines of one file that pass MAX_COLUMNS where they could be broken: `file:line: n columns`. */
export function overlongLines(file: string, text: string): string[] {
  const lines = text.split('\n');
  if (!lines.some((l) => width(l) > MAX_COLUMNS)) return [];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const literals: Array<[number, number]> = [];
  const visit = (n: ts.Node): void => {
    if (LITERALS.has(n.kind)) literals.push([n.getStart(sf), n.getEnd()]);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const out: string[] = [];
  let offset = 0;
  lines.forEach((line, i) => {
    if (width(line) > MAX_COLUMNS) {
      // only the text of its literals makes it long: without them it would fit
      const lineLiterals = literals.filter(([s, e]) => s < offset + line.length && e > offset);
      const rest = lineLiterals.reduceRight(
        (l, [s, e]) => l.slice(0, Math.max(0, s - offset)) + l.slice(Math.min(line.length, e - offset)),
        line,
      );
      const inLiteral = lineLiterals.length > 0 && width(rest) <= MAX_COLUMNS;
      const url = /^\s*(\/\/|\*).*https?:\/\/\S+$/.test(line) && !line.slice(MAX_COLUMNS).includes(' ');
      if (!inLiteral && !url) out.push(`${file}:${i + 1}: ${width(line)} columns`);
    }
    offset += line.length + 1;
  });
  return out;
}

const tracked = (): string[] =>
  execFileSync('git', ['ls-files', 'src', 'test', 'scripts', 'bench', '*.ts'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => CODE.test(f) && !NOT_OURS.test(f));

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.length > 2 ? process.argv.slice(2) : tracked();
  const bad = files.flatMap((f) => overlongLines(f, readFileSync(f, 'utf8')));
  for (const b of bad) console.error(b);
  if (bad.length) {
    console.error(`${bad.length} line(s) past ${MAX_COLUMNS} columns: wrap the comment or the code`);
    process.exitCode = 1;
  }
}
