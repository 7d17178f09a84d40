import type { DialectId } from '../model/dialect-ids.js';
import { convertProject } from '../convert/project.js';
import { convertJson, formatCheckReport, formatConvertReport, shownPath, upToDate } from './report.js';
import { columns } from './layout.js';

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
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function convertCommand(inputs: string[], f: ConvertFlags): Promise<void> {
  const r = await convertProject({
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
    ...(inputs.includes('-') ? { stdin: await readStdin() } : {}),
  });
  if (f.format === 'json') {
    process.stdout.write(`${JSON.stringify(convertJson(r, f), null, 2)}\n`);
  } else {
    if (f.stdout) {
      for (const t of r.targets)
        process.stdout.write(r.targets.length > 1 ? `==> ${shownPath(t.file)} <==\n${t.after}\n` : t.after);
    }
    if (f.dryRun)
      for (const t of [...r.targets.flatMap((x) => (x.loader ? [x, x.loader] : [x])), ...r.gates])
        process.stdout.write(t.diff ?? '');
    // --check: what is out of date, entry by entry, not the whole conversion report (a CI log should say what to do).
    const width = columns(process.stderr);
    const to = f.to === 'all' ? 'all' : f.to.join(',');
    process.stderr.write(
      `${
        f.check
          ? formatCheckReport(
              r,
              `hook-bridge convert --to ${to}${f.remove ? ' --remove' : ''}`,
              undefined,
              undefined,
              width,
            )
          : formatConvertReport(r, undefined, undefined, width)
      }\n`,
    );
  }
  const rows = r.targets.flatMap((t) => t.result.report);
  const fail =
    f.failOn === 'never'
      ? false
      : rows.some((x) => x.status === 'dropped' || (f.failOn === 'degraded' && x.status === 'degraded'));
  process.exitCode = fail || (f.check && (!r.targets.every(upToDate) || r.gates.some((g) => g.changed))) ? 1 : 0;
}
