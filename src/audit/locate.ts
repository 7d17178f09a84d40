// Line and column of a JSON/YAML path in a config file, for text output and SARIF regions; a rule's path (in canonical
// handler terms: `….command`) as the file spells it (`….bash` in a GitHub Copilot CLI file).
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { yaml } from '../lazy.js';
import type { ConfigSyntax } from '../model/formats.js';
import { isObject } from '../model/is-object.js';
import { pathSegments, valueAt } from '../dialects/json-path.js';
import { getDialect } from '../dialects/index.js';
import { configSyntax, type ConfigFile } from './types.js';

function lineCol(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** The position of the value at `path` (or of its nearest existing parent). */
export function locate(
  text: string,
  path: string | undefined,
  syntax: ConfigSyntax,
): { line: number; column: number } | undefined {
  if (!path) return undefined;
  let segs = pathSegments(path);
  if (syntax === 'yaml') {
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

/** A path a rule gives (`hooks.postToolUse[0].command`: canonical handler field names) as the config spells it
 * (`hooks.postToolUse[0].bash`: the key the dialect's codec read the field from, `linux` where the action has this
 * system's own), so a finding names the place the agent reads. A path whose parent is not a handler is kept.
 */
export function filePath(config: ConfigFile, path: string): string {
  const m = /^(.*)\.([^.[\]]+)$/.exec(path);
  const d = getDialect(config.dialect);
  if (!m || !d.codec.nativeField || config.text === undefined) return path;
  const handler = valueAt(config.text, m[1]!, configSyntax(config));
  return isObject(handler) ? `${m[1]}.${d.codec.nativeField(handler, m[2]!, d)}` : path;
}
