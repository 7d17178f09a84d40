// Edits of a hooks.yaml text that keep everything else byte for byte — other keys, comments, blank lines,
// indentation, quoting, flow or block style — as jsonc-edit.ts does for settings.json: entries of the `hooks` list
// are replaced, removed or appended as lines of text, and each edit is undone by its reverse (convert, then
// `--remove`, gives the file back). A layout this cannot edit as lines (a flow list with items, two entries on one
// line, a top-level flow mapping) is left to the caller, which prints the document anew.
import type { Document, Pair, Scalar, YAMLMap } from 'yaml';
import { yaml } from '../lazy.js';
import { applyTextEdits, type TextEdit } from './jsonc-edit.js';

/** What becomes of each item of the `hooks` list (in order), what is appended, and the keys hook-bridge added before.
 */
export interface YamlPlan {
  items: ('keep' | 'remove' | Record<string, unknown>)[];
  append: Record<string, unknown>[];
  /** The format version the entries are written in (`version`, added where absent). */
  version: string;
  /** Top-level keys hook-bridge added to the file earlier: `hooks` taken out again once it lists nothing, `version`
   * once none of hook-bridge's entries is left.
   */
  added: readonly string[];
  /** Entries hook-bridge manages are left after the edit. */
  ours: boolean;
}

export interface YamlEdit {
  text: string;
  /** Top-level keys this edit added. */
  added: string[];
}

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;
const lineEnd = (text: string, at: number) => {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl + 1;
};
const pairOf = (map: YAMLMap, key: string): Pair | undefined =>
  map.items.find((p) => (p.key as Scalar | null)?.value === key);
/** Where a top-level key's line starts, and where its `:` ends. */
const keySpan = (text: string, pair: Pair) => {
  const k = (pair.key as Scalar).range!;
  return { start: lineStart(text, k[0]), colonEnd: text.indexOf(':', k[1]) + 1 };
};

/** Entries as block-list lines with their dashes at `indent` (the printer a new file is written with). */
function itemLines(entries: Record<string, unknown>[], indent: string, eol: string): string {
  if (!entries.length) return '';
  return yaml()
    .stringify(entries, { lineWidth: 0 })
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => `${indent}${l}${eol}`)
    .join('');
}

/** Apply a plan as text edits; undefined where the layout cannot be edited as lines. */
export function editHooksYaml(text: string, doc: Document, plan: YamlPlan): YamlEdit | undefined {
  const { isMap, isScalar, isSeq } = yaml();
  const map = doc.contents;
  if (!isMap(map) || map.flow || !map.range) return undefined;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const edits: TextEdit[] = [];
  const added: string[] = [];
  const left = plan.items.filter((a) => a !== 'remove').length + plan.append.length;
  const hooks = pairOf(map, 'hooks');
  const list = hooks?.value;

  // Lines added at the end of a file that has no final line break: the break goes before them, not after, so the
  // file still ends as it did, and taking them out again (with the break before them) gives it back.
  const unterminated = text.length > 0 && !text.endsWith('\n');
  const place = (at: number, lines: string) =>
    lines && at === text.length && unterminated ? `${eol}${lines.slice(0, -eol.length)}` : lines;
  const span = (start: number, end: number): [number, number] =>
    end === text.length && unterminated && start > 0 ? [start - (text[start - 2] === '\r' ? 2 : 1), end] : [start, end];

  if (!hooks) {
    // No list yet: `hooks:` and its items after the last top-level line.
    if (!plan.append.length) return { text, added };
    const at = lineEnd(text, Math.max(map.range[2] - 1, 0));
    edits.push({ offset: at, length: 0, content: place(at, `hooks:${eol}${itemLines(plan.append, '  ', eol)}`) });
    added.push('hooks');
  } else if (
    list === null ||
    (isScalar(list) && list.value === null) ||
    (isSeq(list) && list.flow && !list.items.length)
  ) {
    // `hooks:` or `hooks: []`: the items go on the lines after the key (and `[]` comes back once they are gone).
    if (!plan.append.length) return { text, added };
    const { colonEnd } = keySpan(text, hooks);
    const rest = text.slice(colonEnd, lineEnd(text, colonEnd));
    if (isSeq(list)) edits.push({ offset: colonEnd, length: list.range![1] - colonEnd, content: '' });
    else if (rest.trim()) return undefined; // a comment, tag or anchor after the key: not ours to move
    const at = lineEnd(text, colonEnd);
    edits.push({ offset: at, length: 0, content: place(at, itemLines(plan.append, '  ', eol)) });
  } else if (isSeq(list) && !list.flow) {
    const lines: [number, number][] = [];
    let indent = '  ';
    for (const item of list.items as { range?: [number, number, number] | null }[]) {
      if (!item?.range) return undefined;
      const start = lineStart(text, item.range[0]);
      const dash = /^([ \t]*)-[ \t]+$/.exec(text.slice(start, item.range[0]));
      if (!dash) return undefined; // two entries on one line, or a nested list
      indent = dash[1]!;
      lines.push([start, text[item.range[2] - 1] === '\n' ? item.range[2] : lineEnd(text, item.range[2])]);
    }
    if (!left && plan.added.includes('hooks')) {
      // Every entry gone from a list hook-bridge added: the key goes with them.
      const [start, end] = span(keySpan(text, hooks).start, lines.at(-1)![1]);
      edits.push({ offset: start, length: end - start, content: '' });
    } else {
      // Removed items: runs of adjacent ones taken out as one range (the last run may take the line break before it).
      const removed: [number, number][] = [];
      lines.forEach(([start, end], i) => {
        const a = plan.items[i]!;
        if (a === 'remove') {
          if (removed.at(-1)?.[1] === start) removed.at(-1)![1] = end;
          else removed.push([start, end]);
        } else if (a !== 'keep') {
          const lines = itemLines([a], indent, eol);
          edits.push({
            offset: start,
            length: end - start,
            content: end === text.length && unterminated ? lines.slice(0, -eol.length) : lines,
          });
        }
      });
      for (const [from, to] of removed.map(([a, b]) => span(a, b)))
        edits.push({ offset: from, length: to - from, content: '' });
      const at = lines.at(-1)![1];
      edits.push({ offset: at, length: 0, content: place(at, itemLines(plan.append, indent, eol)) });
      // Emptied, and the list was the user's: `hooks: []`, as a person writes an empty list.
      if (!left) edits.push({ offset: keySpan(text, hooks).colonEnd, length: 0, content: ' []' });
    }
  } else return undefined;

  // `version`: written where absent (or different) while hook-bridge's entries are there; taken out with them if it
  // added it.
  const version = pairOf(map, 'version');
  const value = version?.value as Scalar | null | undefined;
  if (!plan.ours && version && value?.range && plan.added.includes('version')) {
    const [start, end] = span(keySpan(text, version).start, lineEnd(text, value.range[1]));
    edits.push({ offset: start, length: end - start, content: '' });
  } else if (plan.ours && !version) {
    edits.push({ offset: map.range[0], length: 0, content: `version: '${plan.version}'${eol}` });
    added.push('version');
  } else if (plan.ours && value?.range && String(value.value) !== plan.version) {
    edits.push({ offset: value.range[0], length: value.range[1] - value.range[0], content: `'${plan.version}'` });
  }
  return { text: applyTextEdits(text, edits), added };
}
