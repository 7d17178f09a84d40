// audit: discover every hook config, run every rule, return findings. Pure of output formatting.
import { homedir } from 'node:os';
import { isAbsolute, relative } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import type { Severity } from '../model/hook.js';
import { HookBridgeError } from '../model/errors.js';
import { mappings } from '../model/mappings.js';
import { guardEntries } from '../convert/guard-entries.js';
import { convertHooks, type ConvertResult, type ReportRow } from '../convert/convert.js';
import { convertedHooks } from './converted-source.js';
import { discoverConfigs, projectsOf } from './discover.js';
import { findUnits, unitLabel } from '../dialects/marketplace.js';
import { modeReading } from './foreign-reads.js';
import { filePath, locate } from './locate.js';
import { RULES } from './rules/index.js';
import { groupFindings } from './group.js';
import { runnerNotes } from './runner-notes.js';
import { targetScope, type Skipped } from './scope.js';
import { resolveScript } from './scripts.js';
import { wrapperPluginRoot } from './wrapper-args.js';
import {
  configSyntax,
  type ConfigFile,
  type Finding,
  type HookEntry,
  type Rule,
  type RuleContext,
  type ScriptInfo,
} from './types.js';

export type RuleSetting = Severity | 'off';

export interface AuditOptions {
  /** Project directories or config files (default: cwd). Each project is audited as itself. */
  paths?: string[];
  /** Audit what happens on this agent instead of each config's own. */
  target?: DialectId;
  /** Include user-level configs (~/.claude/settings.json …). */
  user?: boolean;
  /** Also the nested projects below each directory (a directory's marketplace plugins are audited without it). */
  recursive?: boolean;
  /** false: each directory is one project, its plugins not added (doctor checks a plugin as its own project). */
  units?: boolean;
  home?: string;
  /** The environment user files are found with (CODEX_HOME …; default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Per-rule overrides: off, or another severity. */
  rules?: Record<string, RuleSetting>;
  /** A project's own rule settings (e.g. its `.hook-bridge.json`), applied to that project under `rules`. */
  projectRules?: (project: string) => Record<string, RuleSetting>;
  /** Only these rules (tests). */
  only?: string[];
  /** Use these rules instead of the registry (rule tests). */
  ruleSet?: Rule[];
  /** Where the user stands: paths in messages and fixes are shown from here (default: process.cwd()). */
  cwd?: string;
}

export interface AuditResult {
  /** The projects audited, in the order given (a config file given alone belongs to its project). */
  projects: string[];
  /** The configs of every project (a user-level config once). */
  configs: ConfigFile[];
  /** Findings with absolute `file`s; formats show them relative to the current directory. */
  findings: Finding[];
  rules: Rule[];
  /** With a target: what `hook-bridge convert --to <target>` would do with each config (in memory). */
  conversion?: { config: ConfigFile; report: ReportRow[] }[];
  /** The agent audited for (--target), when not each config's own. */
  target?: DialectId;
  /** With a target: configs left out, hook-bridge's conversions for other agents (their sources are audited). */
  skipped?: Skipped[];
  /** Notes for stderr, not findings: a runner the hook-bridge entries call that the agents cannot find, a marketplace's
   * remote plugins.
   */
  notes: string[];
  /** The projects in which no hook config was found at all: nothing was audited there (the CLI's exit 2). */
  unconfigured: string[];
}

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function checkRuleIds(settings: Record<string, RuleSetting>, known: Rule[], where?: string): void {
  for (const id of Object.keys(settings)) {
    if (!known.some((r) => r.id === id))
      throw new HookBridgeError(`unknown rule "${id}" (see hook-bridge audit --list-rules)`, where);
  }
}

export function audit(o: AuditOptions = {}): AuditResult {
  const known = o.ruleSet ?? RULES;
  checkRuleIds(o.rules ?? {}, known);
  const notes = new Set<string>();
  const projects = expandUnits(projectsOf(o.paths ?? []), o, notes);
  const configs: ConfigFile[] = [];
  const findings: Finding[] = [];
  const skipped: Skipped[] = [];
  const conversions = new Map<string, ConvertResult>();
  const seen = new Set<string>();
  const unconfigured: string[] = [];
  for (const { project, paths, unit } of projects) {
    const own = o.projectRules?.(project) ?? {};
    checkRuleIds(own, known, project);
    const discovered = discoverConfigs(project, paths, {
      ...(o.user ? { user: true } : {}),
      ...(o.home ? { home: o.home } : {}),
      ...(o.env ? { env: o.env } : {}),
    });
    if (!discovered.length && unit === undefined && !projects.some((p) => p.unit !== undefined))
      unconfigured.push(project);
    // --target: hook-bridge's output for other agents is out of scope (scope.ts).
    const scope = o.target ? targetScope(discovered, o.target, project) : { configs: discovered, skipped: [] };
    const mine = scope.configs;
    for (const x of scope.skipped) if (!skipped.some((y) => y.file === x.file)) skipped.push(x);
    for (const c of mine) if (!configs.some((x) => x.file === c.file)) configs.push(c);
    // With a target: what `convert --to <target>` would make of each config (for the report, and the runner it writes).
    for (const c of o.target ? mine : [])
      if (c.dialect !== o.target && c.hooks.length && !conversions.has(c.file))
        conversions.set(
          c.file,
          guardEntries(convertHooks(c.hooks, c.dialect, { to: o.target! }), {
            hosts: [o.target!],
            runners: ['hook-bridge'],
            from: c.dialect,
          }),
        );
    const converted = mine.flatMap((c) => conversions.get(c.file)?.hooks ?? []);
    for (const n of runnerNotes(project, mine, o.target, converted, o.env ?? process.env)) notes.add(n);
    // A user-level config audited with each project says the same thing each time: once is enough.
    const key = (f: Finding) => JSON.stringify([f.file, f.path, f.ruleId, f.message]);
    const found = auditProject(project, mine, { ...own, ...o.rules }, o).map((f) => (unit ? { ...f, unit } : f));
    findings.push(...found.filter((f) => !seen.has(key(f))));
    for (const f of found) seen.add(key(f));
  }
  findings.sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      ORDER[a.severity] - ORDER[b.severity] ||
      a.ruleId.localeCompare(b.ruleId),
  );
  const conversion = o.target
    ? configs
        .filter((c) => conversions.has(c.file))
        .map((config) => ({ config, report: conversions.get(config.file)!.report }))
    : undefined;
  const rules = known.filter((r) => (!o.only || o.only.includes(r.id)) && o.rules?.[r.id] !== 'off');
  groupFindings(findings);
  return {
    projects: projects.map((p) => p.project),
    configs,
    findings,
    rules,
    ...(conversion ? { conversion } : {}),
    ...(o.target ? { target: o.target, skipped } : {}),
    notes: [...notes],
    unconfigured,
  };
}

/**
 * Each directory given with the plugins of its marketplace (and, with --recursive, its nested projects) after it: each
 * a project of its own, named on its findings. A file given alone is only itself.
 */
function expandUnits(
  projects: { project: string; paths: string[] }[],
  o: AuditOptions,
  notes: Set<string>,
): { project: string; paths: string[]; unit?: string }[] {
  return projects.flatMap((p) => {
    if (o.units === false || p.paths.length !== 1 || p.paths[0] !== p.project) return [p];
    const found = findUnits(p.project, o.recursive ? { recursive: true } : {});
    for (const n of found.notes)
      notes.add(`${relative(o.cwd ?? process.cwd(), n.file ?? '') || '.'}: ${n.path}: ${n.message}`);
    return found.units.map((u) =>
      u.via === 'root' ? p : { project: u.dir, paths: [u.dir], unit: unitLabel(u, o.cwd ?? process.cwd()) },
    );
  });
}

/** Every rule over one project's configs: `$CLAUDE_PROJECT_DIR` and relative script paths resolve against `project`. */
function auditProject(
  project: string,
  configs: ConfigFile[],
  settings: Record<string, RuleSetting>,
  o: AuditOptions,
): Finding[] {
  const findings: Finding[] = [];
  const scriptCache = new Map<string, ScriptInfo | undefined>();
  const pluginRoot: RuleContext['pluginRoot'] = (h, config) =>
    config.pluginRoot ?? wrapperPluginRoot(h, project, o.home ?? homedir());
  const rules = (o.ruleSet ?? RULES).filter((r) => (!o.only || o.only.includes(r.id)) && settings[r.id] !== 'off');
  const carried = convertedHooks(configs, o.target, project);
  for (const rule of rules) {
    const override = settings[rule.id] as Severity | undefined;
    const ctx: RuleContext = {
      project,
      shown(path) {
        const rel = relative(o.cwd ?? process.cwd(), path);
        return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel;
      },
      configs,
      home: o.home ?? homedir(),
      env: o.env ?? process.env,
      ...(o.target ? { target: o.target } : {}),
      // A hook the agent runs in one of its modes (a file the target reads itself; Copilot's PascalCase events, in its
      // own file or copied there) runs as one of that mode's agent: the generic rules audit it for that agent, the
      // foreign-read-* rules for what the mode does differently.
      // A source the target runs only through hook-bridge's conversion of it: the conversion is audited, not the
      // source's hooks as if they were copied into the target's file (config-not-read names the conversion).
      hooks: () =>
        configs.flatMap((config) =>
          config.hooks
            .filter((hook) => !carried.has(hook))
            .map((hook): HookEntry => {
              const agent = o.target ?? config.dialect;
              const m = modeReading(project, config, hook, agent, o.target);
              const speaks = m && mappings.dialects[agent].modes?.[m.read.mode]?.eventNames;
              return { hook, config, host: m?.how === 'native' ? config.dialect : (speaks ?? agent) };
            }),
        ),
      pluginRoot,
      script(h, config) {
        if (h.type !== 'command' || !h.command) return undefined;
        const root = pluginRoot(h, config);
        const key = `${root ?? ''}\0${h.command}`;
        if (!scriptCache.has(key)) scriptCache.set(key, resolveScript(h.command, project, root));
        return scriptCache.get(key);
      },
      report(r) {
        let message = rule.messages[r.messageId];
        if (message === undefined) throw new Error(`rule ${rule.id} has no message "${r.messageId}"`);
        for (const [k, v] of Object.entries(r.data ?? {})) message = message.replaceAll(`{{${k}}}`, String(v));
        const file = r.file ?? project;
        const config = configs.find((c) => c.file === file);
        const path = config && r.path ? filePath(config, r.path) : r.path;
        const pos = config?.text ? locate(config.text, path, configSyntax(config)) : undefined;
        findings.push({
          ruleId: rule.id,
          messageId: r.messageId,
          severity: override ?? r.severity ?? rule.messageSeverity?.[r.messageId] ?? rule.severity,
          message,
          file,
          path: path ?? '',
          ...(pos ?? {}),
          ...(o.target ? { target: o.target } : {}),
          ...(r.fix ? { fix: r.fix } : {}),
          ...(r.edit ? { edit: r.edit } : {}),
          ...(r.decides ? { decides: r.decides } : {}),
        });
      },
    };
    rule.check(ctx);
  }
  return findings;
}

/** The exit code `--fail-on` asks for. */
export function auditExitCode(findings: Finding[], failOn: 'error' | 'warning' | 'never'): number {
  if (failOn === 'never') return 0;
  return findings.some((f) => f.severity === 'error' || (failOn === 'warning' && f.severity === 'warning')) ? 1 : 0;
}
