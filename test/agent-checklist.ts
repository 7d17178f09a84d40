// docs/architecture.md "Adding an agent" as a check: every place a dialect touches, in the checklist's order. It reads
// a tree of files (the repository, or a made-up one in a test), so a dialect that lacks a piece is named with the
// piece.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The files the check reads: the repository, or a test's own. Paths are relative and use `/`. */
export interface Tree {
  read(path: string): string | undefined;
  isDir(path: string): boolean;
  list(dir: string): string[];
}

export function diskTree(root: string): Tree {
  return {
    read: (p) =>
      existsSync(join(root, p)) && statSync(join(root, p)).isFile() ? readFileSync(join(root, p), 'utf8') : undefined,
    isDir: (p) => existsSync(join(root, p)) && statSync(join(root, p)).isDirectory(),
    list: (d) => (existsSync(join(root, d)) ? readdirSync(join(root, d)) : []),
  };
}

/** A tree with some files replaced (a string) or taken away (null), and some folders taken away. */
export function changedTree(base: Tree, files: Record<string, string | null>, goneDirs: string[] = []): Tree {
  const gone = (p: string) => goneDirs.some((d) => p === d || p.startsWith(`${d}/`));
  return {
    read: (p) => (gone(p) ? undefined : p in files ? (files[p] ?? undefined) : base.read(p)),
    isDir: (p) => !gone(p) && base.isDir(p),
    list: (d) => (gone(d) ? [] : base.list(d).filter((n) => !gone(`${d}/${n}`) && files[`${d}/${n}`] !== null)),
  };
}

/** The names an `export const NAME = [...] as const` list of a source file holds. */
function constList(text: string | undefined, name: string): string[] {
  const m = text && new RegExp(`export const ${name} = \\[([^\\]]*)\\]`).exec(text);
  return m ? [...m[1]!.matchAll(/'([^']+)'/g)].map((x) => x[1]!) : [];
}
const quoted = (s: string) => `'${s}'`;
const yamlOf = (tree: Tree, path: string): Record<string, unknown> | undefined => {
  const t = tree.read(path);
  try {
    return t === undefined ? undefined : (parse(t) as Record<string, unknown>);
  } catch {
    return undefined;
  }
};

/** A `payload.<field>` of the dialect's facts, or of what it inherits: its value and the line that states it. */
function payloadFact(
  tree: Tree,
  id: string,
  field: string,
  seen = new Set<string>(),
): { value: string; line: string } | undefined {
  const path = `mappings/dialects/${id}.yaml`;
  const facts = yamlOf(tree, path);
  const value = (facts?.payload as Record<string, unknown> | undefined)?.[field];
  if (typeof value === 'string')
    return {
      value,
      line:
        tree
          .read(path)!
          .split('\n')
          .find((l) => new RegExp(`^\\s+${field}:`).test(l)) ?? '',
    };
  const base = facts?.inherits;
  return typeof base === 'string' && !seen.has(base) ? payloadFact(tree, base, field, seen.add(id)) : undefined;
}

/** `unknown` is a statement too, when the line says why (a YAML comment). */
const unknownWithReason = (f: { value: string; line: string }) => f.value === 'unknown' && /#\s*\S/.test(f.line);

/** A column of tools.yaml or events.yaml: a key `<id>:` in some row, or `payloadDialect` (it names things as that
 * dialect does).
 */
function column(tree: Tree, id: string, file: string): string | undefined {
  if (typeof yamlOf(tree, `mappings/dialects/${id}.yaml`)?.payloadDialect === 'string') return undefined;
  const rows = yamlOf(tree, `mappings/${file}`) ?? {};
  return Object.values(rows).some((row) => typeof row === 'object' && row !== null && id in row)
    ? undefined
    : `no column "${id}:" in mappings/${file} (nor \`payloadDialect\` in its facts)`;
}

export interface Piece {
  /** The checklist item's name, as docs/architecture.md "Adding an agent" gives it (bold). */
  name: string;
  /** What is missing, or undefined. */
  missing(tree: Tree, id: string): string | undefined;
}

/** The checklist, in order. */
export const CHECKLIST: Piece[] = [
  {
    name: 'id',
    missing: (t, id) =>
      constList(t.read('src/model/dialect-ids.ts'), 'DIALECT_IDS').includes(id)
        ? undefined
        : `"${id}" is not in DIALECT_IDS (src/model/dialect-ids.ts)`,
  },
  {
    name: 'facts',
    missing(t, id) {
      const path = `mappings/dialects/${id}.yaml`;
      const text = t.read(path);
      if (text === undefined) return `no ${path}`;
      if (!/^# .+\n(# .*\n)*# (Docs|Facts|Format)[: ]/.test(text))
        return `${path} does not begin with a header naming its sources (# Docs: / # Facts: / # Format:)`;
      return yamlOf(t, path)?.id === id ? undefined : `${path}: id is not "${id}"`;
    },
  },
  { name: 'tools', missing: (t, id) => column(t, id, 'tools.yaml') },
  { name: 'events', missing: (t, id) => column(t, id, 'events.yaml') },
  {
    name: 'module',
    missing(t, id) {
      const text = t.read(`src/dialects/${id}.ts`);
      if (text === undefined) return `no src/dialects/${id}.ts`;
      if (!new RegExp(`defineDialect\\(\\{\\s*id: ${quoted(id)}`).test(text))
        return `src/dialects/${id}.ts does not defineDialect({ id: '${id}', … })`;
      return t.read('src/dialects/index.ts')?.includes(`from './${id}.js'`)
        ? undefined
        : `src/dialects/index.ts does not register ./${id}.js`;
    },
  },
  {
    name: 'results',
    missing(t, id) {
      const f = payloadFact(t, id, 'toolResults');
      if (!f) return 'no payload.toolResults in its facts (a format of src/results/, or `unknown` with the reason)';
      if (f.value === 'unknown')
        return unknownWithReason(f)
          ? undefined
          : 'payload.toolResults: unknown without the reason (a comment on its line)';
      if (!constList(t.read('src/model/formats.ts'), 'RESULT_FORMATS').includes(f.value))
        return `payload.toolResults "${f.value}" is not in RESULT_FORMATS (src/model/formats.ts)`;
      if (t.read(`src/results/${f.value}.ts`) === undefined) return `no src/results/${f.value}.ts`;
      return t.read('src/results/index.ts')?.includes(`${quoted(f.value)}:`)
        ? undefined
        : `src/results/index.ts does not register "${f.value}"`;
    },
  },
  {
    name: 'transcript',
    missing(t, id) {
      const f = payloadFact(t, id, 'transcript');
      if (!f) return 'no payload.transcript in its facts (a format of src/transcript/, or `unknown` with the reason)';
      if (f.value === 'unknown')
        return unknownWithReason(f)
          ? undefined
          : 'payload.transcript: unknown without the reason (a comment on its line)';
      const formats = t.read('src/model/formats.ts');
      if (constList(formats, 'TRANSCRIPT_WRITE_FORMATS').includes(f.value)) return undefined;
      if (!constList(formats, 'TRANSCRIPT_READ_FORMATS').includes(f.value))
        return (
          `payload.transcript "${f.value}" is in neither TRANSCRIPT_READ_FORMATS nor TRANSCRIPT_WRITE_FORMATS ` +
          `(src/model/formats.ts)`
        );
      return t.read('src/transcript/translate.ts')?.includes(`${quoted(f.value)}:`)
        ? undefined
        : `src/transcript/translate.ts registers no reader for "${f.value}"`;
    },
  },
  {
    name: 'fixtures',
    missing: (t, id) =>
      ['ground-truth', 'observed', 'vendor'].some((k) => t.list(`test/fixtures/${k}/${id}`).length > 0)
        ? undefined
        : `none of test/fixtures/ground-truth/${id}/, test/fixtures/observed/${id}/, test/fixtures/vendor/${id}/`,
  },
  {
    name: 'vectors',
    missing: (t, id) =>
      t
        .list('test/vectors')
        .some(
          (d) =>
            t.isDir(`test/vectors/${d}`) &&
            t.list(`test/vectors/${d}`).some((f) => f === `${id}.json` || f === `${id}.yaml`),
        )
        ? undefined
        : `no test/vectors/*/${id}.json (or .yaml): a project converted to it`,
  },
  {
    name: 'matchers',
    missing: (t, id) =>
      [`test/dialects/matcher.test.ts`, `test/dialects/${id}.test.ts`].some((p) => {
        const text = t.read(p);
        return text?.includes('matcherFires(') && text.includes(quoted(id));
      })
        ? undefined
        : `neither test/dialects/matcher.test.ts nor test/dialects/${id}.test.ts tests its matchers (matcherFires ` +
          `with '${id}')`,
  },
];

/** Every piece a dialect lacks: `<piece>: <what is missing>`. */
export const missingPieces = (tree: Tree, id: string): string[] =>
  CHECKLIST.flatMap((p) => (p.missing(tree, id) ? [`${p.name}: ${p.missing(tree, id)}`] : []));
