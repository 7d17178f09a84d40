// `convert <plugin> --to <agent> --package <dir>`: the flags checked, the package written (src/convert/package.ts),
// and what it did said: each file, the hooks' conversion, how to install it.
import { HookBridgeError } from '../model/errors.js';
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { packagePlugin, type PackageResult } from '../convert/package.js';
import { colors } from '../audit/format/colors.js';
import { formatDiagnostic, hookRows, SAID_ON_ROWS, shownPath, wrapAll } from './report.js';
import { columns } from './layout.js';

/** The flags of convert a package reads (convert-command.ts hands its own). */
interface PackageFlags {
  to: DialectId[] | 'all';
  from?: DialectId;
  runner: string;
  check?: boolean;
  dryRun?: boolean;
  remove?: boolean;
  wrap?: boolean;
  format: 'text' | 'json';
  failOn: 'degraded' | 'dropped' | 'never';
  project?: string;
  out?: string;
  stdout?: boolean;
  dispatch?: boolean;
  emulateTodos?: boolean;
  trustCodexHooks?: boolean;
  trustPiProject?: boolean;
}

/** Flags of convert that mean nothing for a package: said, not ignored. */
const NOT_WITH_PACKAGE: [keyof PackageFlags, string][] = [
  ['project', '--project'],
  ['out', '--out'],
  ['stdout', '--stdout'],
  ['dispatch', '--dispatch'],
  ['emulateTodos', '--emulate-todos'],
  ['trustPiProject', '--trust-pi-project'],
];

function checkFlags(inputs: string[], f: PackageFlags): DialectId {
  if (inputs.length !== 1 || inputs[0] === '-')
    throw new HookBridgeError(
      '--package: give one Claude Code plugin directory (convert <plugin> --to <agent> --package <dir>)',
    );
  if (f.to === 'all' || f.to.length !== 1)
    throw new HookBridgeError('--package: one agent a package (--to <agent>; run it again for another)');
  if (f.from !== undefined && f.from !== 'claude')
    throw new HookBridgeError('--package: the plugin is a Claude Code plugin (--from claude)');
  if (f.wrap === false)
    throw new HookBridgeError(
      "--package: --no-wrap cannot be packaged: the hooks reach Claude Code's decision through hook-bridge",
    );
  for (const [k, flag] of NOT_WITH_PACKAGE)
    if (f[k]) throw new HookBridgeError(`--package: ${flag} does not apply to a package`);
  const to = f.to[0]!;
  if (f.trustCodexHooks && !mappings.dialects[to].package?.trustKey)
    throw new HookBridgeError(
      `--package: --trust-codex-hooks: ${mappings.dialects[to].agent} does not trust a package's hooks by hash`,
    );
  if (f.trustCodexHooks && f.remove)
    throw new HookBridgeError('--package: --trust-codex-hooks records trust; --remove takes the package out');
  return to;
}

const VERB = { add: ['added', 'to add'], update: ['updated', 'to update'], remove: ['removed', 'to remove'] } as const;

function formatPackage(r: PackageResult, f: PackageFlags): string {
  const pc = colors();
  const rel = (p: string) => (shownPath(p).startsWith('..') ? p : shownPath(p));
  const dry = Boolean(f.check || f.dryRun);
  const agent = mappings.dialects[r.to].agent;
  const state = !r.changed ? 'up to date' : dry ? (f.check ? 'out of date' : 'dry run') : 'written';
  const lines: [string, number][] = [
    [
      pc.bold(`${f.remove ? 'remove ' : ''}${agent} package ${r.name ? `${r.name} ` : ''}in ${rel(r.out)} (${state})`),
      2,
    ],
  ];
  const counts = (['add', 'update', 'remove'] as const).map(
    (a) => `${r.files.filter((x) => x.action === a).length} ${VERB[a][dry ? 1 : 0]}`,
  );
  lines.push([`  files: ${counts.join(', ')}, ${r.files.filter((x) => x.action === 'same').length} unchanged`, 4]);
  for (const x of r.files)
    if (x.action !== 'same') lines.push([`  ${VERB[x.action][dry ? 1 : 0].padEnd(10)} ${x.path}`, 13]);
  for (const k of r.kept)
    lines.push([`  ${'kept'.padEnd(10)} ${k} (changed since hook-bridge wrote it: left to you)`, 13]);
  if (!f.remove) {
    lines.push(...hookRows(r.report, rel, pc));
    if (!r.report.length) lines.push(['  the plugin has no hooks', 4]);
    lines.push([`  install: ${r.install} (hook-bridge on PATH where the agent runs)`, 4]);
    const other = r.installedOther;
    const undo = other?.uninstall ?? 'uninstall it';
    if (other)
      lines.push([
        `  ${pc.yellow('installed already')}: ${other.path} is a ${r.name} hook-bridge did not write (the ` +
          `agent's own import of the plugin?); ` +
          (other.runsBoth
            ? `the agent runs both, so its hooks would run twice: ${undo}`
            : `the agent takes one of a name, so its hooks never run twice: ${undo} first`),
        4,
      ]);
  }
  const diags = r.diagnostics.filter((d) => !SAID_ON_ROWS.has(d.code));
  if (diags.length) lines.push(['', 0], ...diags.map((d): [string, number] => [formatDiagnostic(d, undefined, pc), 2]));
  return wrapAll(lines, columns(process.stderr));
}

/** The package command: exit 1 when `--check` finds it out of date (or `--fail-on` a loss), 2 on bad input. */
export function packageCommand(inputs: string[], f: PackageFlags & { package: string }): void {
  const to = checkFlags(inputs, f);
  const r = packagePlugin({
    plugin: inputs[0]!,
    to,
    out: f.package,
    ...(f.check ? { check: true } : {}),
    ...(f.dryRun ? { dryRun: true } : {}),
    ...(f.remove ? { remove: true } : {}),
    ...(f.wrap ? { wrap: true } : {}),
    ...(f.trustCodexHooks ? { trustHooks: true } : {}),
    runner: f.runner,
  });
  if (f.format === 'json') process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
  else process.stderr.write(`${formatPackage(r, f)}\n`);
  const fail =
    f.failOn !== 'never' &&
    r.report.some((x) => x.status === 'dropped' || (f.failOn === 'degraded' && x.status === 'degraded'));
  process.exitCode = fail || (f.check && r.changed) ? 1 : 0;
}
