// Edits of a JSONC text that keep everything else byte for byte: other keys, key order, comments, indentation
// and line endings. The settings codec plans what changes; these place it in the text.
import { applyEdits, modify, parseTree, type Node as JsonNode } from 'jsonc-parser';

/** How the text being edited is laid out: its indentation unit and line ending. */
export interface Layout {
  insertSpaces: boolean;
  tabSize: number;
  eol: string;
}

/** The layout of an existing text (two spaces and \n for a new one). */
export function layoutOf(text: string): Layout {
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.includes('\t'),
    tabSize: indent.includes('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

export interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

/** Remove some children of an array or object node (not all), with their commas; the rest stays byte for byte. */
export function removeChildren(parent: JsonNode, indices: Set<number>): TextEdit[] {
  const c = parent.children!;
  if (indices.size === c.length)
    return [{ offset: parent.offset, length: parent.length, content: parent.type === 'array' ? '[]' : '{}' }];
  const lastKept = Math.max(...c.map((_, i) => (indices.has(i) ? -1 : i)));
  return [...indices].map((k) => {
    // Up to the next child; a trailing run goes from the end of the child before it (its comma with it).
    const [from, to] =
      k < lastKept
        ? [c[k]!.offset, c[k + 1]!.offset]
        : [c[k - 1]!.offset + c[k - 1]!.length, c[k]!.offset + c[k]!.length];
    return { offset: from, length: to - from, content: '' };
  });
}

/** Append values to a non-empty array, in the layout of its last element (own line, or inline). */
export function appendChildren(text: string, array: JsonNode, values: unknown[], fo: Layout): TextEdit {
  const last = array.children!.at(-1)!;
  const end = last.offset + last.length;
  const lineStart = text.lastIndexOf('\n', last.offset) + 1;
  const ownLine = /^[ \t]*$/.test(text.slice(lineStart, last.offset));
  const content = values
    .map((v) =>
      ownLine
        ? `,${fo.eol}${text.slice(lineStart, last.offset)}${indentedJson(v, text, last.offset, fo)}`
        : `, ${JSON.stringify(v)}`,
    )
    .join('');
  return { offset: end, length: 0, content };
}

/** A value replacing a node: inline when the node was on one line, else indented like it. */
export function jsonAt(value: unknown, text: string, node: JsonNode, fo: Layout): string {
  return text.slice(node.offset, node.offset + node.length).includes('\n')
    ? indentedJson(value, text, node.offset, fo)
    : JSON.stringify(value);
}

/**
 * Add properties at the end of an object, in the layout of its last property: each on a line of its own
 * (indented like it), or inline after it in a compact object. An empty object gets them on lines of their own,
 * one level deeper than the line it starts on. Removing them again (removeChildren) gives back the text as it was.
 */
export function appendProperties(text: string, object: JsonNode, props: [string, unknown][], fo: Layout): TextEdit {
  const last = object.children?.at(-1);
  if (!last) {
    const indent = lineIndent(text, object.offset);
    const inner = indent + indentUnit(fo);
    const body = props
      .map(([k, v]) => `${inner}${JSON.stringify(k)}: ${jsonIndented(v, inner, fo)}`)
      .join(`,${fo.eol}`);
    return { offset: object.offset, length: object.length, content: `{${fo.eol}${body}${fo.eol}${indent}}` };
  }
  const lineStart = text.lastIndexOf('\n', last.offset) + 1;
  const before = text.slice(lineStart, last.offset);
  const ownLine = /^[ \t]*$/.test(before);
  const content = props
    .map(([k, v]) =>
      ownLine
        ? `,${fo.eol}${before}${JSON.stringify(k)}: ${jsonIndented(v, before, fo)}`
        : `, ${JSON.stringify(k)}: ${JSON.stringify(v)}`,
    )
    .join('');
  return { offset: last.offset + last.length, length: 0, content };
}

/** A value replacing a node in a container: indented when the container spans lines, else compact like it. */
export function replaceIn(container: JsonNode, node: JsonNode, value: unknown, text: string, fo: Layout): TextEdit {
  const multiLine = text.slice(container.offset, container.offset + container.length).includes('\n');
  return {
    offset: node.offset,
    length: node.length,
    content: multiLine ? indentedJson(value, text, node.offset, fo) : JSON.stringify(value),
  };
}

/** JSON for a value placed at `offset` in `text`: nested lines indented like the line it starts on. */
function indentedJson(value: unknown, text: string, offset: number, fo: Layout): string {
  return jsonIndented(value, lineIndent(text, offset), fo);
}

/** JSON for a value whose first line continues a line indented by `indent`. */
function jsonIndented(value: unknown, indent: string, fo: Layout): string {
  return JSON.stringify(value, null, indentUnit(fo)).split('\n').join(`${fo.eol}${indent}`);
}

const lineIndent = (text: string, offset: number): string =>
  /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', offset) + 1))![0];
const indentUnit = (fo: Layout): string => (fo.insertSpaces ? ' '.repeat(fo.tabSize) : '\t');

/** Apply edits (non-overlapping) to a text, last first so the offsets hold. */
export function applyTextEdits(text: string, edits: TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.offset - a.offset))
    out = out.slice(0, e.offset) + e.content + out.slice(e.offset + e.length);
  return out;
}

/** The text with the value at `path` set (created with its parents where missing), nested lines indented as around it.
 */
export function setValue(text: string, path: (string | number)[], value: unknown, fo: Layout): string {
  const placeholder = `__hook_bridge_${Date.now()}_${Math.random().toString(36).slice(2)}__`;
  const withPlaceholder = applyEdits(text, modify(text, path, placeholder, { formattingOptions: fo }));
  const at = withPlaceholder.indexOf(`"${placeholder}"`);
  return (
    withPlaceholder.slice(0, at) +
    indentedJson(value, withPlaceholder, at, fo) +
    withPlaceholder.slice(at + placeholder.length + 2)
  );
}

/** The text without the top-level `key` when its value is an empty object (a key hook-bridge added, taken out again).
 */
export function dropEmptyKey(text: string, key: string): string {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const i = (root?.children ?? []).findIndex((p) => p.children?.[0]?.value === key);
  const value = root?.children?.[i]?.children?.[1];
  return root && i >= 0 && value?.type === 'object' && !value.children?.length
    ? applyTextEdits(text, removeChildren(root, new Set([i])))
    : text;
}
