import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { audit, auditExitCode, type RuleSetting } from '../audit/audit.js';
import { RULES } from '../audit/rules/index.js';
import { noHookConfig } from '../audit/discover.js';

export interface AuditFlags {
  target?: DialectId;
  format: 'text' | 'json' | 'markdown' | 'sarif';
  failOn: 'error' | 'warning' | 'never';
  user?: boolean;
  recursive?: boolean;
  rule: string[];
  config?: string;
  listRules?: boolean;
  fix?: boolean;
  backup: boolean;
}

const SETTINGS = ['off', 'error', 'warning', 'info'];

/** A rule settings file: `{ "audit": { "rules": { "<id>": "off" } } }`. */
function readSettingsFile(file: string): Record<string, RuleSetting> {
  const out: Record<string, RuleSetting> = {};
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new HookBridgeError(`cannot read config: ${(e as Error).message}`, file);
  }
  const rules = (json as { audit?: { rules?: unknown } })?.audit?.rules ?? {};
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules))
    throw new HookBridgeError('expected an object of rule settings', file, 'audit.rules');
  for (const [id, v] of Object.entries(rules)) {
    if (!RULES.some((r) => r.id === id))
      throw new HookBridgeError(`unknown rule "${id}" (see hook-bridge audit --list-rules)`, file, `audit.rules.${id}`);
    if (!SETTINGS.includes(v as string))
      throw new HookBridgeError(
        `expected one of ${SETTINGS.join(', ')}, got ${JSON.stringify(v)}`,
        file,
        `audit.rules.${id}`,
      );
    out[id] = v as RuleSetting;
  }
  return out;
}

/** --config (for every project) and --rule id=level (over everything). */
function ruleSettings(f: AuditFlags): Record<string, RuleSetting> {
  const out: Record<string, RuleSetting> = f.config ? readSettingsFile(f.config) : {};
  for (const r of f.rule) {
    const m = /^([a-z0-9-]+)=(off|error|warning|info)$/.exec(r);
    if (!m) throw new HookBridgeError(`--rule takes <rule-id>=off|error|warning|info, got "${r}"`);
    out[m[1]!] = m[2] as RuleSetting;
  }
  return out;
}

/** Without --config, each project's own `.hook-bridge.json`. */
function projectSettings(project: string): Record<string, RuleSetting> {
  const file = join(project, '.hook-bridge.json');
  return existsSync(file) ? readSettingsFile(file) : {};
}

export async function auditCommand(paths: string[], f: AuditFlags): Promise<void> {
  if (f.listRules) {
    const { formatRuleList } = await import('../audit/format/rule-list.js');
    process.stdout.write(formatRuleList(RULES, f.format));
    return;
  }
  const options = {
    paths,
    ...(f.target ? { target: f.target } : {}),
    ...(f.user ? { user: true } : {}),
    ...(f.recursive ? { recursive: true } : {}),
    rules: ruleSettings(f),
    ...(f.config ? {} : { projectRules: projectSettings }),
  };
  let result = audit(options);
  // Nothing to audit is not "no findings": a CI job pointed at the wrong directory must not pass.
  const empty = result.unconfigured[0];
  if (empty !== undefined) throw noHookConfig(relative(process.cwd(), empty) || '.', f.user);
  if (f.fix) {
    const { applyFixes } = await import('../audit/fix.js');
    const fixed = applyFixes(result.findings, f.backup);
    const rel = (file: string) => relative(process.cwd(), file) || file;
    for (const x of fixed)
      process.stderr.write(
        `fixed ${x.applied} finding(s) in ${rel(x.file)}${x.backup ? ` (backup ${rel(x.backup)})` : ''}\n`,
      );
    if (fixed.length) result = audit(options);
  }
  const { formatText } = await import('../audit/format/text.js');
  const { formatJson } = await import('../audit/format/json.js');
  const { formatMarkdown } = await import('../audit/format/markdown.js');
  const { formatSarif } = await import('../audit/format/sarif.js');
  const render = {
    text: (r: typeof result) => `${formatText(r)}\n`,
    json: formatJson,
    markdown: formatMarkdown,
    sarif: formatSarif,
  }[f.format];
  // The report is the command's output (stdout, in every format); notes such as `fixed …` or a runner the agents
  // cannot find go to stderr.
  process.stdout.write(render(result));
  for (const n of result.notes) process.stderr.write(`note: ${n}\n`);
  process.exitCode = auditExitCode(result.findings, f.failOn);
}
