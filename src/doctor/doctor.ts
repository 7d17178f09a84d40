// `hook-bridge doctor`: will this project's hooks run here as converted? One check per thing that decides it, each
// with what was found and the fix: hook-bridge where the converted entries call it, the agents installed, the hooks an
// agent will skip as untrusted (Codex CLI), the gates in files another agent reads itself (Copilot CLI), converted
// files out of date with their sources (`convert --check`), hooks whose program cannot run. Nothing is written.
import { relative, resolve } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { RUNNER_GUARD } from '../dialects/runner-guard.js';
import { runnerOf, wrapperOf } from '../audit/wrapper-args.js';
import type { AuditResult } from '../audit/audit.js';
import { noHookConfig } from '../audit/discover.js';
import { VERSION } from '../version.js';
import { plural } from '../model/plural.js';
import { conversionChecks, type ConvertedFile } from './conversions.js';
import { auditHooks, programChecks, trustChecks } from './hooks.js';
import { projectTrustChecks } from './project-trust.js';
import { userHookPaths } from './user-hooks.js';
import { userScopeOf } from '../convert/user-scope.js';
import { agentChecks, hookBridgeChecks, type RunnerUse } from './programs.js';
import type { CheckKind, DoctorOptions, DoctorResult } from './types.js';

export type { CheckKind, CheckStatus, DoctorCheck, DoctorOptions, DoctorResult } from './types.js';

/** The runners the project's hook-bridge entries call, with the hosts and files of those entries. */
function runnerUses(a: AuditResult, cwd: string): RunnerUse[] {
  const uses = new Map<string, RunnerUse & { unguarded: Set<DialectId> }>();
  for (const c of a.configs) {
    const seen = new Set<string>();
    for (const h of c.hooks) {
      const runner = runnerOf(h);
      if (runner === undefined) continue;
      const w = wrapperOf(h);
      const hosts = w ? (w.hosts ?? [w.to]) : [c.dialect];
      const u = uses.get(runner) ?? { runner, hosts: [], files: [], entries: 0, guarded: [], unguarded: new Set() };
      // A grouped entry is read back as its hooks: count the entry once.
      const entry = `${h.origin.path}\0${h.written ?? h.command}`;
      if (!seen.has(entry)) u.entries++;
      seen.add(entry);
      for (const x of hosts) if (!u.hosts.includes(x)) u.hosts.push(x);
      const rel = relative(cwd, c.file) || c.file;
      if (!u.files.includes(rel)) u.files.push(rel);
      if (!h.written?.endsWith(RUNNER_GUARD) && !h.command?.endsWith(RUNNER_GUARD))
        for (const x of hosts) u.unguarded.add(x);
      uses.set(runner, u);
    }
  }
  return [...uses.values()].map(({ unguarded, ...u }) => ({ ...u, guarded: u.hosts.filter((h) => !unguarded.has(h)) }));
}

/** The runners convert recorded writing that the configs' readers did not take for hook-bridge's (another --runner). */
function withRecorded(uses: RunnerUse[], files: ConvertedFile[], cwd: string): RunnerUse[] {
  const out = [...uses];
  for (const f of files) {
    if (f.runner === undefined || out.some((u) => u.runner === f.runner)) continue;
    out.push({
      runner: f.runner,
      hosts: f.hosts,
      files: [relative(cwd, f.file) || f.file],
      entries: f.entries,
      guarded: [],
    });
  }
  return out;
}

const ORDER: CheckKind[] = ['hook-bridge', 'agent', 'trust', 'gates', 'conversion', 'program'];

/** Everything doctor checks, in the order it reports them. */
export async function doctor(o: DoctorOptions = {}): Promise<DoctorResult> {
  const cwd = resolve(o.cwd ?? process.cwd());
  const env = o.env ?? process.env;
  const context = { env, cwd, ...(o.home ? { home: o.home } : {}) };
  // --user: the user-level files of this home (user-hooks.ts), which run in every project; else the project's.
  const user = o.user ? userScopeOf(context) : undefined;
  const project = user ? user.home : resolve(cwd, o.project ?? '.');
  const paths = user ? userHookPaths(user) : [project];
  if (!paths.length) throw noHookConfig('~', true);
  const hooks = auditHooks(project, context, paths);
  // Nothing here to check: said as audit says it (exit 2), not "no problem".
  if (hooks.unconfigured.length) throw noHookConfig(relative(cwd, project) || '.');
  const conversions = await conversionChecks(project, { ...context, ...(user ? { user: context } : {}) });
  const [runners, agents] = await Promise.all([
    hookBridgeChecks(
      withRecorded(runnerUses(hooks, cwd), conversions.files, cwd),
      project,
      env,
      o.self ?? { version: VERSION },
    ),
    agentChecks(project, env, o.agentVersions !== false),
  ]);
  const checks = [
    ...runners,
    ...agents,
    ...trustChecks(hooks, project, {
      ...context,
      convertCommand: (f) => conversions.commands.get(f),
      ...(user ? { user: true } : {}),
    }),
    ...projectTrustChecks(hooks, project, { ...context, convertCommand: (f) => conversions.commands.get(f) }),
    ...conversions.checks,
    ...programChecks(hooks, cwd),
  ];
  if (!checks.some((c) => c.kind === 'program') && hooks.configs.length)
    checks.push({
      kind: 'program',
      status: 'ok',
      message: `every program and script the ${plural(
        hooks.configs.reduce((n, c) => n + c.hooks.length, 0),
        'hook',
      )} run is there`,
    });
  if (!checks.some((c) => c.kind === 'conversion'))
    checks.push({ kind: 'conversion', status: 'note', message: 'convert has written no file here (no record of one)' });
  checks.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  return { project, checks, configs: hooks.configs.map((c) => c.file) };
}

/** 1 when something would not run (a problem), else 0. */
export const doctorExitCode = (r: DoctorResult): 0 | 1 => (r.checks.some((c) => c.status === 'problem') ? 1 : 0);
