import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { audit, auditExitCode, type RuleSetting } from '../audit/audit.js';
import { RULES } from '../audit/rules/index.js';

export interface AuditFlags {
  target?: DialectId;
  format: 'text' | 'json' | 'markdown' | 'sarif';
  failOn: 'error' | 'warning' | 'never';
  user?: boolean;
  rule: string[];
  config?: string;
  listRules?: boolean;
  fix?: boolean;
  backup: boolean;
}

const SETTINGS = ['off', 'error', 'warning', 'info'];

/** Rule settings from `.hook-bridge.json` ({ "audit": { "rules": { "<id>": "off" } } }) and --rule id=level. */
function ruleSettings(paths: string[], f: AuditFlags): Record<string, RuleSetting> {
  const out: Record<string, RuleSetting> = {};
  const file = f.config ?? join(resolve(paths[0] ?? '.'), '.hook-bridge.json');
  if (f.config || existsSync(file)) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new HookBridgeError(`cannot read config: ${(e as Error).message}`, file);
    }
    const rules = (json as { audit?: { rules?: unknown } })?.audit?.rules ?? {};
    if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) throw new HookBridgeError('expected an object of rule settings', file, 'audit.rules');
    for (const [id, v] of Object.entries(rules)) {
      if (!SETTINGS.includes(v as string)) throw new HookBridgeError(`expected one of ${SETTINGS.join(', ')}, got ${JSON.stringify(v)}`, file, `audit.rules.${id}`);
      out[id] = v as RuleSetting;
    }
  }
  for (const r of f.rule) {
    const m = /^([a-z0-9-]+)=(off|error|warning|info)$/.exec(r);
    if (!m) throw new HookBridgeError(`--rule takes <rule-id>=off|error|warning|info, got "${r}"`);
    out[m[1]!] = m[2] as RuleSetting;
  }
  return out;
}

export async function auditCommand(paths: string[], f: AuditFlags): Promise<void> {
  if (f.listRules) {
    for (const r of RULES) process.stdout.write(`${r.id.padEnd(27)} ${r.severity.padEnd(8)} ${r.description}\n`);
    return;
  }
  const options = { paths, ...(f.target ? { target: f.target } : {}), ...(f.user ? { user: true } : {}), rules: ruleSettings(paths, f) };
  let result = audit(options);
  if (f.fix) {
    const { applyFixes } = await import('../audit/fix.js');
    const fixed = applyFixes(result.findings, f.backup);
    for (const x of fixed) process.stderr.write(`fixed ${x.applied} finding(s) in ${x.file}${x.backup ? ` (backup ${x.backup})` : ''}\n`);
    if (fixed.length) result = audit(options);
  }
  const { formatText } = await import('../audit/format/text.js');
  const { formatJson } = await import('../audit/format/json.js');
  const { formatMarkdown } = await import('../audit/format/markdown.js');
  const { formatSarif } = await import('../audit/format/sarif.js');
  const render = { text: formatText, json: formatJson, markdown: formatMarkdown, sarif: formatSarif }[f.format];
  const text = render(result);
  if (f.format === 'text') process.stderr.write(`${text}\n`);
  else process.stdout.write(text);
  process.exitCode = auditExitCode(result.findings, f.failOn);
}
