import type { DialectId } from '../model/dialect-ids.js';
import { convertProject } from '../convert/project.js';
import { changeSummary, formatCheckReport, formatConvertReport, upToDate } from './report.js';

export interface ConvertFlags {
  to: DialectId[];
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
    ...(inputs.includes('-') ? { stdin: await readStdin() } : {}),
  });
  if (f.format === 'json') {
    const json = {
      sources: r.sources,
      targets: r.targets.map((t) => ({
        to: t.to,
        hosts: t.hosts,
        file: t.file,
        changed: t.changed,
        written: t.written,
        ...(t.deleted ? { deleted: true } : {}),
        ...(t.backup ? { backup: t.backup } : {}),
        ...(t.diff !== undefined ? { diff: t.diff } : {}),
        ...(f.stdout ? { output: t.after } : {}),
        changes: changeSummary(t.changes),
        ...(f.check ? { upToDate: upToDate(t) } : {}),
        ...(t.trust ? { trust: t.trust } : {}),
        ...(t.plugin
          ? {
              plugin: {
                file: t.plugin.file,
                action: t.plugin.action,
                changed: t.plugin.changed,
                written: t.plugin.written,
                ...(t.plugin.version ? { version: t.plugin.version } : {}),
                ...(t.plugin.diff !== undefined ? { diff: t.plugin.diff } : {}),
              },
            }
          : {}),
        report: t.result.report,
      })),
      gates: r.gates.map((g) => ({
        file: g.file,
        host: g.host,
        changed: g.changed,
        written: g.written,
        gated: g.gated,
        ungated: g.ungated,
        paths: g.paths,
        ...(f.check ? { upToDate: !g.changed } : {}),
        ...(g.backup ? { backup: g.backup } : {}),
        ...(g.diff !== undefined ? { diff: g.diff } : {}),
      })),
      diagnostics: r.diagnostics,
    };
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    if (f.stdout) {
      for (const t of r.targets)
        process.stdout.write(r.targets.length > 1 ? `==> ${t.file} <==\n${t.after}\n` : t.after);
    }
    if (f.dryRun)
      for (const t of [...r.targets.flatMap((x) => (x.plugin ? [x, x.plugin] : [x])), ...r.gates])
        process.stdout.write(t.diff ?? '');
    // --check: what is out of date, entry by entry, not the whole conversion report (a CI log should say what to do).
    process.stderr.write(
      `${
        f.check
          ? formatCheckReport(r, `hook-bridge convert --to ${f.to.join(',')}${f.remove ? ' --remove' : ''}`)
          : formatConvertReport(r)
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
