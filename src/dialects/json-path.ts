// The one reader of a value at a path (`hooks.PreToolUse[0].hooks[1].command`) in a config's text, as the agents'
// loaders take it: JSON, JSONC (comments, trailing commas) or YAML. Audit (locate, fixes, rules), simulate (a host's
// entries) and doctor (the hook a finding is about) read through it.
import { findNodeAtLocation, getNodeValue, parseTree } from 'jsonc-parser';
import { yaml } from '../lazy.js';
import type { ConfigSyntax } from '../model/formats.js';
import { isObject } from '../model/is-object.js';

/** `hooks.PreToolUse[0].hooks[1]` → ['hooks', 'PreToolUse', 0, 'hooks', 1]. */
export function pathSegments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return out;
}

/** The value at `path` in an already parsed value (undefined where a step is missing). */
export function valueIn(root: unknown, path: string | (string | number)[]): unknown {
  let v = root;
  for (const s of typeof path === 'string' ? pathSegments(path) : path) {
    if (typeof s === 'number') v = Array.isArray(v) ? v[s] : undefined;
    else v = isObject(v) ? v[s] : undefined;
  }
  return v;
}

/** The value at `path` as the file holds it (before any reading rule such as Qwen's ms), or undefined: a missing
 * step, or a text that does not parse. JSON is read leniently (JSONC), as by the agents that tolerate comments.
 */
export function valueAt(text: string | undefined, path: string, syntax: ConfigSyntax): unknown {
  if (text === undefined) return undefined;
  const segs = pathSegments(path);
  if (syntax === 'yaml') {
    try {
      return valueIn(yaml().parse(text), segs);
    } catch {
      return undefined;
    }
  }
  const root = parseTree(text, [], { allowTrailingComma: true });
  const node = root && findNodeAtLocation(root, segs);
  return node ? getNodeValue(node) : undefined;
}
