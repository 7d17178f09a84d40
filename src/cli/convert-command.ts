import type { DialectId } from '../model/dialect-ids.js';
import { unitLabel } from '../dialects/marketplace.js';
import { convertUnits, type ConvertUnitsResult } from '../convert/units.js';
import {
  convertJson,
  formatCheckReport,
  formatConvertReport,
  formatDiagnostics,
  shownPath,
  upToDate,
} from './report.js';
import { columns } from './layout.js';
import { packageCommand } from './package-command.js';
import type { ConvertProjectResult } from '../convert/project.js';
import type { Diagnostic } from '../model/hook.js';

export interface ConvertFlags {
  to: DialectId[] | 'all';
  from?: DialectId;
  project?: string;
  out?: string;
  stdout?: boolean;
  dryRun?: boolean;
  check?: boolean;
  wrap?: boolean;
  runner: string;
  backup: boolean;
  format: 'text' | 'json';
  failOn: 'degraded' | 'dropped' | 'never';
  dispatch?: boolean;
  remove?: boolean;
  emulateTodos?: boolean;
  trustCodexHooks?: boolean;
  trustPiProject?: boolean;
  /** Write the agent's package of the plugin given as input into this directory (package-command.ts). */
  package?: string;
  recursive?: boolean;
  user?: boolean;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function convertCommand(inputs: string[], f: ConvertFlags): Promise<void> {
  if (f.package !== undefined) return packageCommand(inputs, { ...f, package: f.package });
  const r = await convertUnits({
    inputs,
    to: f.to,
    ...(f.project ? { project: f.project } : {}),
    ...(f.wrap !== undefined ? { wrap: f.wrap } : {}),
    runner: f.runner,
    backup: f.backup,
    ...(f.from ? { from: f.from } : {}),
    ...(f.out ? { out: f.out } : {}),
    ...(f.stdout ? { stdout: true } : {}),
    ...(f.dryRun ? { dryRun: true } : {}),
    ...(f.check ? { check: true } : {}),
    ...(f.dispatch ? { dispatch: true } : {}),
    ...(f.remove ? { remove: true } : {}),
    ...(f.emulateTodos ? { emulateTodos: true } : {}),
    ...(f.trustCodexHooks ? { trustHooks: true } : {}),
    ...(f.trustPiProject ? { trustProject: true } : {}),
    ...(f.recursive ? { recursive: true } : {}),
    ...(f.user ? { user: true } : {}),
    ...(inputs.includes('-') ? { stdin: await readStdin() } : {}),
  });
  if (f.format === 'json') {
    process.stdout.write(`${JSON.stringify(unitsJson(r, f), null, 2)}\n`);
  } else {
    if (f.stdout) {
      for (const t of r.targets)
        process.stdout.write(r.targets.length > 1 ? `==> ${shownPath(t.file)} <==\n${t.after}\n` : t.after);
    }
    if (f.dryRun)
      for (const t of [...r.targets.flatMap((x) => (x.loader ? [x, x.loader] : [x])), ...r.gates])
        process.stdout.write(t.diff ?? '');
    process.stderr.write(`${textReport(r, f)}\n`);
  }
  const rows = r.targets.flatMap((t) => t.result.report);
  const fail =
    f.failOn === 'never'
      ? false
      : rows.some((x) => x.status === 'dropped' || (f.failOn === 'degraded' && x.status === 'degraded'));
  process.exitCode = fail || (f.check && (!r.targets.every(upToDate) || r.gates.some((g) => g.changed))) ? 1 : 0;
}

/** The text report: one per unit, under the unit's name, where the directory held several (plugins, projects). */
function textReport(r: ConvertUnitsResult, f: ConvertFlags): string {
  // --check: what is out of date, entry by entry, not the whole conversion report (a CI log should say what to do).
  const width = columns(process.stderr);
  const to = f.to === 'all' ? 'all' : f.to.join(',');
  const flags = `${f.user ? ' --user' : ''}${f.recursive ? ' --recursive' : ''}${f.remove ? ' --remove' : ''}`;
  const command = `hook-bridge convert --to ${to}${flags}`;
  const one = (x: ConvertProjectResult) =>
    f.check
      ? formatCheckReport(x, command, undefined, undefined, width)
      : formatConvertReport(x, undefined, undefined, width);
  if (r.units.length === 1 && r.units[0]!.unit.via === 'root') return one(r);
  const base = process.cwd();
  // What every unit says alike, of no file (hook-bridge not on PATH): said once, after them, with the notes.
  const key = (d: Diagnostic) => (d.file === undefined ? `${d.code}\0${d.message}` : undefined);
  const said = (k: string) => r.units.filter((u) => u.result.diagnostics.some((d) => key(d) === k)).length;
  const common = new Set(r.diagnostics.flatMap((d) => key(d) ?? []).filter((k) => said(k) > 1));
  const shared = r.diagnostics.filter(
    (d, i) => common.has(key(d) ?? '') && r.diagnostics.findIndex((x) => key(x) === key(d)) === i,
  );
  const notes = r.diagnostics.filter((d) => !r.units.some((u) => u.result.diagnostics.includes(d)));
  const own = (x: ConvertProjectResult) => ({
    ...x,
    diagnostics: x.diagnostics.filter((d) => !common.has(key(d) ?? '')),
  });
  return [
    ...r.units.map((u) => `== ${unitLabel(u.unit, base)} ==\n${one(own(u.result))}`),
    ...(notes.length || shared.length ? [formatDiagnostics([...notes, ...shared], base, undefined, width)] : []),
  ].join('\n\n');
}

/** `--format json`: the report, each target and each of its rows naming the unit (plugin, project) it belongs to. */
function unitsJson(r: ConvertUnitsResult, f: ConvertFlags): unknown {
  const all = convertJson(r, f) as { targets: { report: object[] }[] };
  if (r.units.length === 1 && r.units[0]!.unit.via === 'root') return all;
  const base = process.cwd();
  let i = 0;
  for (const u of r.units) {
    const unit = {
      ...(u.unit.plugin !== undefined ? { plugin: u.unit.plugin } : {}),
      dir: shownPath(u.unit.dir, base) || '.',
      label: unitLabel(u.unit, base),
    };
    for (const _ of u.result.targets) {
      const t = all.targets[i++]!;
      Object.assign(t, { unit, report: t.report.map((row) => ({ ...row, unit: unit.label })) });
    }
  }
  return {
    ...all,
    units: r.units.map((u) => ({ label: unitLabel(u.unit, base), dir: shownPath(u.unit.dir, base) || '.' })),
  };
}
