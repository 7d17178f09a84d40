// Key-sorted JSON: a value's identity whatever the key order (record entries, matcher groups, handlers).
import { isObject } from './is-object.js';

/** Key-sorted JSON: equal values give equal strings, whatever the key order. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}
