import { relative } from 'node:path';
import type { AuditResult } from '../audit.js';

/** An array of findings; `file` relative to the project. */
export function formatJson(r: AuditResult): string {
  return `${JSON.stringify(r.findings.map((f) => ({ ...f, file: relative(r.project, f.file) || f.file })), null, 2)}\n`;
}
