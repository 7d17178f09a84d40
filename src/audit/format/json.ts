import { shownPath } from './where.js';
import type { AuditResult } from '../audit.js';

/** An array of findings; `file` relative to the current directory, `path` '' for a whole-file finding. */
export function formatJson(r: AuditResult, cwd = process.cwd()): string {
  return `${JSON.stringify(
    r.findings.map((f) => ({ ...f, file: shownPath(f.file, cwd) })),
    null,
    2,
  )}\n`;
}
