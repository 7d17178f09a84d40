// Line and column of a JSON/YAML path in a config file, for text output and SARIF regions.
import { findNodeAtLocation, getNodeValue, parseTree, type Segment } from 'jsonc-parser';
import { yaml } from '../lazy.js';

export function pathSegments(path: string): Segment[] {
  const out: Segment[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return out;
}

function lineCol(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** The position of the value at `path` (or of its nearest existing parent). */
export function locate(
  text: string,
  path: string | undefined,
  isYaml: boolean,
): { line: number; column: number } | undefined {
  if (!path) return undefined;
  let segs = pathSegments(path);
  if (isYaml) {
    const { isNode, parseDocument } = yaml();
    const doc = parseDocument(text);
    while (segs.length) {
      const node = doc.getIn(segs, true);
      if (isNode(node) && node.range) return lineCol(text, node.range[0]);
      segs = segs.slice(0, -1);
    }
    return undefined;
  }
  const root = parseTree(text, [], { allowTrailingComma: true });
  if (!root) return undefined;
  while (segs.length) {
    const node = findNodeAtLocation(root, segs);
    if (node) return lineCol(text, node.offset);
    segs = segs.slice(0, -1);
  }
  return undefined;
}

/** The value at `path` as the file holds it (before any reading rule such as Qwen's ms), or undefined. */
export function valueAt(text: string, path: string, isYaml: boolean): unknown {
  const segs = pathSegments(path);
  if (isYaml) return yaml().parseDocument(text).getIn(segs);
  const root = parseTree(text, [], { allowTrailingComma: true });
  const node = root && findNodeAtLocation(root, segs);
  return node ? getNodeValue(node) : undefined;
}
