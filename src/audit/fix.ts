// audit --fix: apply the findings' mechanical edits with the same guarantees as convert —
// JSONC-aware edits that keep comments and formatting, atomic write, backup.
import { readFileSync } from 'node:fs';
import { applyEdits, modify } from 'jsonc-parser';
import { yaml } from '../lazy.js';
import { writeAtomic } from '../convert/write-atomic.js';
import { pathSegments } from '../dialects/json-path.js';
import type { Finding } from './types.js';

export interface FixResult {
  file: string;
  applied: number;
  backup?: string;
}

export function applyFixes(findings: Finding[], backup = true): FixResult[] {
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) if (f.edit) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  const out: FixResult[] = [];
  for (const [file, list] of byFile) {
    let text = readFileSync(file, 'utf8');
    if (/\.ya?ml$/i.test(file)) {
      const doc = yaml().parseDocument(text);
      for (const f of list) doc.setIn(pathSegments(f.edit!.path), f.edit!.value);
      text = doc.toString({ lineWidth: 0 });
    } else {
      for (const f of list)
        text = applyEdits(
          text,
          modify(text, pathSegments(f.edit!.path), f.edit!.value, {
            formattingOptions: { insertSpaces: true, tabSize: 2 },
          }),
        );
    }
    const bak = writeAtomic(file, text, backup);
    out.push({ file, applied: list.length, ...(bak ? { backup: bak } : {}) });
  }
  return out;
}
