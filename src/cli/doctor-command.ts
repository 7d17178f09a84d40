import { relative } from 'node:path';
import { HookBridgeError } from '../model/errors.js';
import { colors, useColor, type Colors } from '../audit/format/colors.js';
import { plural } from '../model/plural.js';
import { doctor, doctorExitCode, type CheckKind, type DoctorCheck, type DoctorResult } from '../doctor/doctor.js';
import { VERSION } from '../version.js';
import { columns, wrapLine } from './layout.js';
import { perUnit, unitsOf } from './unit-runs.js';

const HEADINGS: Record<CheckKind, string> = {
  'hook-bridge': 'HOOK-BRIDGE (where the converted entries call it)',
  agent: 'AGENTS INSTALLED HERE',
  trust: 'HOOK TRUST',
  gates: 'GATES (files an agent reads itself, besides its own)',
  conversion: 'CONVERTED FILES (convert --check)',
  program: "HOOKS' PROGRAMS",
};

const mark = (pc: Colors, c: DoctorCheck) =>
  (c.status === 'problem' ? pc.red : c.status === 'note' ? pc.yellow : pc.green)(c.status.padEnd(8));

/** The doctor's report as text: a section per kind of check, each check with what is behind it and its fix. */
export function formatDoctor(
  r: DoctorResult,
  width: number,
  pc: Colors = colors(useColor(process.stdout)),
  cwd = process.cwd(),
): string {
  const lines: string[] = [];
  const out = (line: string, indent: number) => lines.push(...wrapLine(line, width, indent));
  out(
    `hook-bridge doctor: ${relative(cwd, r.project) || '.'} (${plural(r.configs.length, 'hook config')}; ` +
      `this machine's PATH stands in for the agents')`,
    2,
  );
  for (const kind of Object.keys(HEADINGS) as CheckKind[]) {
    const checks = r.checks.filter((c) => c.kind === kind);
    if (!checks.length) continue;
    lines.push('', pc.bold(HEADINGS[kind]));
    for (const c of checks) {
      out(`  ${mark(pc, c)} ${c.message}`, 11);
      for (const item of c.items ?? []) out(`           - ${item}`, 13);
      if (c.fix) out(`           ${pc.bold('fix:')} ${c.fix}`, 16);
    }
  }
  const problems = r.checks.filter((c) => c.status === 'problem').length;
  lines.push('');
  out(
    problems
      ? `${plural(problems, 'problem')}: some hooks would not run, or not as converted (exit 1)`
      : 'no problem: the hooks run here as converted',
    0,
  );
  return lines.join('\n');
}

/** The JSON report: paths relative to the current directory, as in the text. */
export function doctorJson(r: DoctorResult, cwd = process.cwd()) {
  const rel = (f: string) => relative(cwd, f) || '.';
  return {
    project: rel(r.project),
    configs: r.configs.map(rel),
    checks: r.checks.map((c) => (c.file ? { ...c, file: rel(c.file) } : c)),
    problems: r.checks.filter((c) => c.status === 'problem').length,
  };
}

export async function doctorCommand(
  project: string | undefined,
  o: { format: 'text' | 'json'; recursive?: boolean; user?: boolean },
): Promise<void> {
  if (o.user && (project !== undefined || o.recursive))
    throw new HookBridgeError(
      "--user checks the user's own hooks, in every project: it takes no project directory nor --recursive",
    );
  const self = { version: VERSION, ...(process.argv[1] ? { program: process.argv[1] } : {}) };
  // --user: the user's files alone (no plugins of the current directory as units).
  const units = o.user ? undefined : unitsOf(project === undefined ? [] : [project], o.recursive);
  const runs = units
    ? await perUnit(units.units, (dir) => doctor({ project: dir, self }))
    : [
        {
          label: '',
          value: await doctor({
            ...(project !== undefined ? { project } : {}),
            ...(o.user ? { user: true } : {}),
            self,
          }),
        },
      ];
  for (const n of units?.notes ?? []) process.stderr.write(`note: ${n}\n`);
  const text = (r: DoctorResult) => formatDoctor(r, columns(process.stdout), colors(useColor(process.stdout)));
  const named = (label: string, r: DoctorResult) => (units ? { unit: label, ...doctorJson(r) } : doctorJson(r));
  process.stdout.write(
    o.format === 'json'
      ? `${JSON.stringify(units ? runs.map((r) => named(r.label, r.value)) : doctorJson(runs[0]!.value), null, 2)}\n`
      : `${runs.map((r) => (units ? `== ${r.label} ==\n${text(r.value)}` : text(r.value))).join('\n\n')}\n`,
  );
  process.exitCode = Math.max(...runs.map((r) => doctorExitCode(r.value)));
}
