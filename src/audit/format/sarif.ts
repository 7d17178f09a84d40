// SARIF 2.1.0 for code scanning (validated against the OASIS schema in test/audit/format.test.ts).
import { sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { VERSION } from '../../version.js';
import type { AuditResult } from '../audit.js';
import { shownPath } from './where.js';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/** A file as a URI reference relative to %SRCROOT% (the current directory), percent-encoded. */
const uriOf = (file: string, cwd: string) => shownPath(file, cwd).split(sep).map(encodeURIComponent).join('/');

export function formatSarif(r: Pick<AuditResult, 'rules' | 'findings'>, cwd = process.cwd()): string {
  const rules: ReportingDescriptor[] = r.rules.map((rule) => ({
    id: rule.id,
    shortDescription: { text: rule.description },
    fullDescription: { text: rule.docs.replace(/\s+/g, ' ').trim() },
    help: { text: rule.docs, markdown: rule.docs },
    defaultConfiguration: { level: LEVEL[rule.severity] },
  }));
  const results: Result[] = r.findings.map((f) => ({
    ruleId: f.ruleId,
    ruleIndex: r.rules.findIndex((x) => x.id === f.ruleId),
    level: LEVEL[f.severity],
    message: { text: f.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: uriOf(f.file, cwd), uriBaseId: '%SRCROOT%' },
          ...(f.line ? { region: { startLine: f.line, startColumn: f.column ?? 1 } } : {}),
        },
        ...(f.path ? { logicalLocations: [{ fullyQualifiedName: f.path, kind: 'member' }] } : {}),
      },
    ],
    // Identical findings keep a result each (code scanning shows each location); their group says they are one
    // (group.ts).
    ...(f.target || f.group
      ? {
          properties: {
            ...(f.target ? { target: f.target } : {}),
            ...(f.group ? { group: f.group.id, groupSize: f.group.size } : {}),
          },
        }
      : {}),
  }));
  const log: Log = {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: {
          driver: {
            name: 'hook-bridge',
            version: VERSION,
            informationUri: 'https://www.npmjs.com/package/hook-bridge',
            rules,
          },
        },
        // %SRCROOT% is where hook-bridge ran: the same base the text and JSON reports' paths are relative to.
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(cwd).href.replace(/\/?$/, '/') } },
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
