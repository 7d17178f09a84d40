// Where each converted hook landed in the written target file, for the report: its file and JSON/YAML path.
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { yaml } from '../lazy.js';
import type { ConvertResult } from './convert.js';

/** Fill in where each converted hook landed in the target file: its file and JSON/YAML path. */
export function locateTargets(result: ConvertResult, text: string, file: string, to: DialectId): void {
  let doc: unknown;
  try {
    doc = mappings.dialects[to].config.format === 'hooks-yaml-v2' ? yaml().parse(text) : JSON.parse(text);
  } catch {
    return; // lenient JSON kept from the existing file: the rows keep their event only
  }
  const hooksOf = (doc as { hooks?: unknown })?.hooks;
  for (const row of result.report) {
    const t = row.target;
    if (!t) continue;
    t.file = file;
    if (t.command === undefined) continue;
    if (Array.isArray(hooksOf)) {
      const i = hooksOf.findIndex((h) => h?.event === t.event && h?.command === t.command);
      if (i >= 0) t.path = `hooks[${i}]`;
    } else if (hooksOf && typeof hooksOf === 'object') {
      const groups = (hooksOf as Record<string, unknown>)[t.event];
      if (!Array.isArray(groups)) continue;
      groups.some((g, gi) => {
        // A flat list of actions (action-lists-json): the action itself, its command under `bash`.
        if (g?.bash === t.command) t.path = `hooks.${t.event}[${gi}]`;
        if (g?.bash === t.command) return true;
        const hi = Array.isArray(g?.hooks)
          ? g.hooks.findIndex((h: { command?: unknown }) => h?.command === t.command)
          : -1;
        if (hi >= 0) t.path = `hooks.${t.event}[${gi}].hooks[${hi}]`;
        return hi >= 0;
      });
    }
  }
}
