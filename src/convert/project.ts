// convert at the file level: find the sources, detect their dialect, convert, and merge into each
// target's conventional file — atomically, with a backup, idempotently — or print / diff instead.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic, Hook } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { dialects, getDialect } from '../dialects/index.js';
import { assertConvertible, convertHooks, dispatchEntries, type ConvertResult, type ReportRow, type Status } from './convert.js';
import type { NativeHook, Ownership, WriteChanges } from '../dialects/define.js';
import { managed } from '../dialects/sync-plan.js';
import { lineCol } from '../dialects/jsonc.js';
import { syntaxThatIgnoresFile } from '../dialects/json-syntax.js';
import { dispatchConfigs, parseWrapper, wrapCommand } from '../dialects/wrapper.js';
import { nativeEvent } from '../dialects/catalog.js';
import { ownedIndex, readRecord, recordPath, recordText, type OwnedEntry } from './provenance.js';
import { handlerId } from '../dialects/handler-id.js';
import { yaml } from '../lazy.js';
import { pluginRootOf } from '../dialects/plugin.js';
import { decideFileDialect, decideSharedFile } from '../dialects/detect.js';
import { discoveredDialects, lookedFor, projectFiles } from '../dialects/project-files.js';
import { writeAtomic } from './write-atomic.js';
import { applyTrust, planTrust, trustDiagnostics, type TrustOutcome } from './hook-trust.js';
import { projectPaths } from '../dialects/config-files.js';

export interface ConvertProjectOptions {
  /** Files or directories; `-` = stdin (see `stdin`). Empty = the project directory. */
  inputs?: string[];
  from?: DialectId;
  to: DialectId[];
  /** The project whose conventional target files are written (default: the one project directory given as input, else cwd). */
  project?: string;
  /** Write here instead of the target's conventional file (one target only). */
  out?: string;
  /** Don't write: return the would-be file text (`--stdout`). */
  stdout?: boolean;
  /** Don't write: return a unified diff (`--dry-run`). */
  dryRun?: boolean;
  wrap?: boolean;
  runner?: string;
  /** Keep `<file>.bak` of a file before changing it (default true). */
  backup?: boolean;
  /** Text of stdin when an input is `-`. */
  stdin?: string;
  /** Register `hook-bridge dispatch` once per event instead of converting each hook. */
  dispatch?: boolean;
  /** Take every entry hook-bridge wrote out of the target files (no sources are read). */
  remove?: boolean;
  /** Wrappers pass `--emulate-todos` to `run`. */
  emulateTodos?: boolean;
  /**
   * On a target that runs only trusted hooks (`config.hookTrust`, Codex CLI): record the hashes of the hooks
   * hook-bridge wrote in the user's trust store (`--trust-codex-hooks`; writes under HOME / CODEX_HOME).
   */
  trustHooks?: boolean;
  /** The home directory and environment the user's files are found with (default: this process's). */
  home?: string;
  env?: NodeJS.ProcessEnv;
}

export interface Source {
  file: string;
  dialect: DialectId;
  /** For plugin hook files: the plugin's root (`${CLAUDE_PLUGIN_ROOT}`). */
  pluginRoot?: string;
  /** Named as an input (not discovered in a project): read whole, hook-bridge's own entries too (converting back). */
  explicit?: boolean;
}

export interface TargetOutcome {
  to: DialectId;
  /** Every --to dialect that reads this file (codebuddy and codebuddy-ide share one). */
  hosts: DialectId[];
  file: string;
  before: string | undefined;
  after: string;
  changed: boolean;
  written: boolean;
  backup?: string;
  diff?: string;
  result: ConvertResult;
  /** What happened to the entries hook-bridge manages in the file. */
  changes: WriteChanges;
  /** The record of those entries, beside the file. */
  record: string;
  /** On a target that runs only trusted hooks (Codex CLI): what the user's trust store says of them. */
  trust?: TrustOutcome;
}

export interface ConvertProjectResult {
  sources: Source[];
  targets: TargetOutcome[];
  diagnostics: Diagnostic[];
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new HookBridgeError(code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot read (${code ?? String(e)})`, file);
  }
}

/** The source files of a dialect in a project directory (settings, local settings, TOML configs with hooks, plugin hooks). */
export function discover(dir: string, d: DialectId): Source[] {
  return projectFiles(dir, d, readText).map((f) => ({ file: f.file, dialect: f.dialect, ...(f.pluginRoot ? { pluginRoot: f.pluginRoot } : {}) }));
}

function resolveSources(o: ConvertProjectOptions, project: string, runners: readonly string[], notes: Diagnostic[]): Source[] {
  const inputs = o.inputs?.length ? o.inputs : [project];
  const sources: Source[] = [];
  for (const input of inputs) {
    if (input === '-') {
      if (!o.from) throw new HookBridgeError('reading stdin needs --from <dialect>', '-');
      sources.push({ file: '-', dialect: o.from });
      continue;
    }
    let isDir = false;
    try {
      isDir = statSync(input).isDirectory();
    } catch {
      throw new HookBridgeError('no such file or directory', input);
    }
    if (!isDir) {
      const root = pluginRootOf(input);
      const plugin = root ? { pluginRoot: root } : {};
      if (o.from) {
        sources.push({ file: input, dialect: o.from, explicit: true, ...plugin });
        continue;
      }
      const d = decideFileDialect(input, readText(input));
      if (d.note) notes.push({ severity: 'info', code: 'dialectAssumed', message: d.note, file: input });
      sources.push({ file: input, dialect: d.dialect, explicit: true, ...plugin });
      continue;
    }
    if (o.from) {
      const found = discover(input, o.from);
      if (!found.length) throw new HookBridgeError(`no ${o.from} hook config found (looked for ${projectPaths(o.from).join(', ')})`, input);
      sources.push(...found);
      continue;
    }
    // Detect: every dialect with hooks a person wrote here (not hook-bridge's output), except the targets themselves.
    const byDialect = new Map<DialectId, Source[]>();
    for (const d of discoveredDialects()) {
      if (o.to.includes(d)) continue;
      const found = discover(input, d).filter((s) => hasOwnSourceHooks(s, runners));
      // Files another dialect reads too (CodeBuddy Code's, read by the CodeBuddy IDE plugin): its, when their tool names say so.
      const as = found.map((s) => decideSharedFile(d, readText(s.file))).find((x) => x !== d) ?? d;
      if (found.length && !(as !== d && o.to.includes(as))) byDialect.set(as, as === d ? found : found.map((s) => ({ ...s, dialect: as })));
    }
    if (byDialect.size === 0) throw new HookBridgeError(`no hook config found (${lookedFor().join(', ')}): pass files or --from`, input);
    if (byDialect.size > 1) {
      const list = [...byDialect].map(([d, s]) => `${d} (${s.map((x) => relative(input, x.file)).join(', ')})`).join(', ');
      throw new HookBridgeError(`found hooks of several dialects: ${list}; pass --from`, input);
    }
    sources.push(...[...byDialect.values()][0]!);
  }
  const dialectsSeen = new Set(sources.map((s) => s.dialect));
  if (dialectsSeen.size > 1) throw new HookBridgeError(`inputs are of several dialects (${[...dialectsSeen].join(', ')}); convert one dialect at a time or pass --from`);
  return sources;
}

/** Fill in where each converted hook landed in the target file: its file and JSON/YAML path. */
function locateTargets(result: ConvertResult, text: string, file: string, to: DialectId): void {
  let doc: unknown;
  try {
    doc = to === 'hooks-yaml' ? yaml().parse(text) : JSON.parse(text);
  } catch {
    return; // lenient JSON kept from the existing file: the rows keep their event only
  }
  const hooksOf = (doc as { hooks?: unknown })?.hooks;
  for (const row of result.report) {
    const t = row.target;
    if (!t) continue;
    t.file = file;
    if (t.command === undefined) continue;
    if (Array.isArray(hooksOf)) {
      const i = hooksOf.findIndex((h) => h?.event === t.event && h?.command === t.command);
      if (i >= 0) t.path = `hooks[${i}]`;
    } else if (hooksOf && typeof hooksOf === 'object') {
      const groups = (hooksOf as Record<string, unknown>)[t.event];
      if (!Array.isArray(groups)) continue;
      groups.some((g, gi) => {
        const hi = Array.isArray(g?.hooks) ? g.hooks.findIndex((h: { command?: unknown }) => h?.command === t.command) : -1;
        if (hi >= 0) t.path = `hooks.${t.event}[${gi}].hooks[${hi}]`;
        return hi >= 0;
      });
    }
  }
}

/** A path for a committed config: relative to the project, `~/…` under the home directory, else as is. */
export function portablePath(abs: string, project: string): string {
  const rel = relative(project, abs);
  if (!rel.startsWith('..') && !isAbsolute(rel)) return rel || '.';
  const home = homedir();
  const fromHome = relative(home, abs);
  return !fromHome.startsWith('..') && !isAbsolute(fromHome) ? `~/${fromHome}` : abs;
}

/** hook-bridge's own entry forms: a `run` wrapper or a `dispatch` registration. */
export function isOwnForm(handler: Record<string, unknown>, runners: readonly string[] = []): boolean {
  const c = handler.command;
  return typeof c === 'string' && (parseWrapper(c, runners) !== undefined || DISPATCH.test(c) || runners.some((r) => c.startsWith(`${r} dispatch --to `)));
}
const DISPATCH = /^\S*(?:\s+\S*)?hook-bridge\S*\s+dispatch --to /;

/** A hook's identity in the file it was read from (what a record names). */
export const hookId = (h: Hook): string => h.written ?? handlerId({ type: h.type, ...(h.command !== undefined ? { command: h.command } : {}), ...h.fields });

/** The hooks of a file that hook-bridge wrote there (recorded beside it): never a source. */
function ownHooks(file: string, hooks: Hook[]): Set<Hook> {
  const owned = ownedIndex(readRecord(file).entries);
  return new Set(hooks.filter((h) => owned.has(`${h.nativeEvent}\0${hookId(h)}`)));
}

/** Does a file hold hooks a person wrote (anything but hook-bridge's own output)? For detection only. */
function hasOwnSourceHooks(s: Source, runners: readonly string[]): boolean {
  try {
    const r = dialects[s.dialect].codec.read(readText(s.file), s.file, dialects[s.dialect], { runners });
    if (r.diagnostics.some((d) => d.severity === 'error')) return true; // broken: let the conversion report it
    const mine = ownHooks(s.file, r.hooks);
    return r.hooks.some((h) => !mine.has(h) && !(h.written !== undefined || (h.command !== undefined && isOwnForm({ command: h.command }, runners))));
  } catch {
    return true; // unreadable: let the conversion report it
  }
}

interface FileTarget {
  file: string;
  hosts: DialectId[];
}

/** The files to write: one per --to dialect, hosts that read the same file sharing it. */
function targetFiles(o: ConvertProjectOptions, project: string): FileTarget[] {
  const out: FileTarget[] = [];
  for (const to of o.to) {
    const file = resolve(o.out ?? join(project, mappings.dialects[to].config.write));
    const same = out.find((t) => t.file === file);
    if (same && mappings.dialects[same.hosts[0]!].config.format !== mappings.dialects[to].config.format) throw new HookBridgeError(`--to ${same.hosts[0]} and ${to} cannot share one file`, file);
    if (same) same.hosts.push(to);
    else out.push({ file, hosts: [to] });
  }
  return out;
}

/**
 * Hosts sharing a file get one entry per source hook: matchers joined (both vocabularies), one wrapper
 * for both — and one report row per source hook, with every host's notes.
 */
function mergeHosts(results: ConvertResult[], hosts: DialectId[]): ConvertResult {
  if (results.length === 1) return results[0]!;
  const byKey = new Map<string, { hook: NativeHook; row: ReportRow }>();
  const hooks: NativeHook[] = [];
  const report: ReportRow[] = [];
  const where = (row: ReportRow) => `${row.source.file}\0${row.source.path}`;
  const kept = new Set<string>();
  for (const r of results) {
    // convertHooks writes one row per source hook, and one hook per row that is not dropped, in order.
    const rows = r.report.filter((x) => x.status !== 'dropped');
    r.hooks.forEach((h, i) => {
      const row = rows[i]!;
      kept.add(where(row));
      // The same source hook as the other host wrote it; two source hooks that run the same command stay two
      // entries (each keeps its own matcher and timeout).
      const k = `${h.event}\0${h.key}\0${where(row)}`;
      const first = byKey.get(k);
      if (!first) {
        const entry = { hook: { ...h, handler: { ...h.handler } }, row: { ...row, notes: [...row.notes], ...(row.target ? { target: { ...row.target } } : {}) } };
        byKey.set(k, entry);
        hooks.push(entry.hook);
        report.push(entry.row);
        return;
      }
      const f = first.hook;
      if (f.matcher !== h.matcher && f.matcher !== '*' && f.matcher !== undefined) {
        f.matcher = h.matcher === '*' || h.matcher === undefined ? h.matcher : [...new Set([String(f.matcher), String(h.matcher)])].join('|');
      }
      if (typeof h.handler.timeout === 'number' && typeof f.handler.timeout === 'number') f.handler.timeout = Math.max(f.handler.timeout, h.handler.timeout);
      for (const n of row.notes) if (!first.row.notes.includes(n)) first.row.notes.push(n);
      if (STATUS_ORDER.indexOf(row.status) > STATUS_ORDER.indexOf(first.row.status)) first.row.status = row.status;
    });
  }
  // A hook one host drops and the other runs: its row says so; dropped on all, one dropped row.
  for (const r of results) {
    for (const row of r.report.filter((x) => x.status === 'dropped')) {
      const other = report.find((x) => where(x) === where(row));
      if (other && kept.has(where(row))) other.notes.push(...row.notes.filter((n) => !other.notes.includes(n)));
      else if (!other) report.push(row);
    }
  }
  for (const { hook: h, row } of byKey.values()) {
    const w = typeof h.handler.command === 'string' ? parseWrapper(h.handler.command, [h.handler.command.split(' run --from ')[0]!]) : undefined;
    if (w) h.handler.command = wrapCommand({ ...w, hosts });
    if (row.target) {
      if (h.matcher !== undefined) row.target.matcher = h.matcher;
      if (typeof h.handler.command === 'string') row.target.command = h.handler.command;
    }
    row.notes = row.notes.map((n) => n.replace(/^matcher (".*?") -> ".*"$/, (_m, from: string) => `matcher ${from} -> ${JSON.stringify(h.matcher)}`));
    row.notes = [...new Set(row.notes)];
    row.reason = row.notes.join('; ') || 'unchanged';
  }
  return { to: hosts[0]!, hooks, report, diagnostics: results.flatMap((r) => r.diagnostics) };
}

const STATUS_ORDER: Status[] = ['exact', 'translated', 'degraded', 'dropped'];

/** Take an existing file's lenient JSON as the error it is for a target: its host would ignore every hook written into it. */
function assertHostReads(file: string, before: string | undefined, hosts: DialectId[]): void {
  if (before === undefined) return;
  for (const to of hosts) {
    const spec = mappings.dialects[to];
    if (spec.config.format !== 'settings-json') continue;
    const ignored = (() => {
      try {
        JSON.parse(before);
        return undefined;
      } catch {
        return syntaxThatIgnoresFile(before, spec);
      }
    })();
    if (ignored) {
      throw new HookBridgeError(
        `${spec.agent} ignores this whole file because it contains ${ignored.kind === 'comment' ? 'a comment' : 'a trailing comma'} (${lineCol(before, ignored.offset)}), so no hook written into it would run: remove the ${ignored.kind === 'comment' ? 'comment' : 'trailing comma'} and convert again; nothing was written`,
        file,
      );
    }
  }
}

export async function convertProject(o: ConvertProjectOptions): Promise<ConvertProjectResult> {
  if (!o.to.length) throw new HookBridgeError('--to needs at least one dialect');
  o.to.forEach(getDialect);
  const files = targetFiles(o, resolve(o.project ?? projectOf(o)));
  if (o.out && files.length > 1) throw new HookBridgeError('--out takes one --to dialect');
  const project = resolve(o.project ?? projectOf(o));
  const runners = o.runner && o.runner !== 'hook-bridge' ? [o.runner] : [];
  const diagnostics: Diagnostic[] = [];
  const hooks: Hook[] = [];
  let sources: Source[] = [];
  let from: DialectId = o.from ?? 'claude';
  /** Which record entries this run manages: its dialect's, from its sources (all of them when a project was discovered). */
  let inScope: (e: OwnedEntry) => boolean = () => true;
  const relNames = new Map<string, string>();
  const relSource = (f: string) => {
    let r = relNames.get(f);
    if (r === undefined) relNames.set(f, (r = f === '-' ? '-' : portablePath(resolve(f), project)));
    return r;
  };
  if (!o.remove) {
    sources = resolveSources(o, project, runners, diagnostics);
    from = sources[0]!.dialect;
    for (const s of sources) {
      const text = s.file === '-' ? (o.stdin ?? '') : readText(s.file);
      const r = dialects[s.dialect].codec.read(text, s.file === '-' ? '<stdin>' : s.file, dialects[s.dialect], { runners });
      // Its own output is never a source: what hook-bridge recorded writing into a discovered file is skipped.
      const mine = s.explicit || s.file === '-' ? new Set<Hook>() : ownHooks(s.file, r.hooks);
      hooks.push(...r.hooks.filter((h) => !mine.has(h)));
      diagnostics.push(...r.diagnostics);
    }
    assertConvertible(diagnostics);
    const discovered = !o.inputs?.length || o.inputs.some((i) => i !== '-' && statSync(i).isDirectory());
    const names = new Set(sources.map((s) => relSource(s.file)));
    inScope = (e) => e.from === from && (discovered || names.has(e.source));
  }
  const pluginAbs = sources.find((s) => s.pluginRoot)?.pluginRoot;
  const pluginRoot = pluginAbs ? portablePath(pluginAbs, project) : undefined;
  // Written entries name these paths; outside the project (and the home directory) only this machine has them.
  const machinePaths = [...(o.dispatch ? sources.filter((s) => s.file !== '-').map((s) => portablePath(resolve(s.file), project)) : []), ...(pluginRoot && !o.remove ? [pluginRoot] : [])].filter((p) => isAbsolute(p));
  for (const p of new Set(machinePaths)) {
    diagnostics.push({ severity: 'warning', code: 'machinePath', message: `outside the project (${project}): the written entries name it by its absolute path on this machine, which a clone or a teammate's machine does not have; pass --project <the project it belongs to>`, file: p });
  }
  if (o.dispatch && sources.some((s) => s.file === '-')) throw new HookBridgeError('--dispatch runs a hook set file; it cannot read stdin');
  // Readable in the committed record: "<source file> <event> <command>".
  const keyOf = (h: Hook) => `${relSource(h.origin.file === '<stdin>' ? '-' : h.origin.file)} ${h.nativeEvent} ${h.command ?? hookId(h)}`;
  const sourceOfKey = new Map<string, string>();
  for (const h of hooks) sourceOfKey.set(keyOf(h), relSource(h.origin.file === '<stdin>' ? '-' : h.origin.file));

  const targets: TargetOutcome[] = [];
  const writes: { file: string; text: string; record: string; recordText: string | undefined; outcome: TargetOutcome }[] = [];
  for (const { file, hosts } of files) {
    const to = hosts[0]!;
    // Hooks read from the target file itself are there already, for every host that reads it.
    // (--stdout writes nothing: it prints the conversion of every source hook.)
    const fromHere = o.stdout ? [] : hooks.filter((h) => resolve(h.origin.file) === file);
    if (fromHere.length) diagnostics.push({ severity: 'info', code: 'targetIsSource', message: `${fromHere.length} hook(s) of this file are its own: not converted into it again`, file });
    const input = hooks.filter((h) => !fromHere.includes(h));
    const configs = sources
      .filter((s) => s.file !== '-')
      .sort((a, b) => Number(/\.local\./.test(basename(b.file))) - Number(/\.local\./.test(basename(a.file))))
      .map((s) => portablePath(resolve(s.file), project));
    const result = o.remove
      ? { to, hooks: [], report: [], diagnostics: [] }
      : o.dispatch
        ? dispatchEntries(input, from, hosts, configs, o.runner ?? 'hook-bridge')
        : mergeHosts(hosts.map((h) => convertHooks(input, from, { to: h, keyOf, ...(o.wrap !== undefined ? { wrap: o.wrap } : {}), ...(o.runner !== undefined ? { runner: o.runner } : {}), ...(pluginRoot ? { pluginRoot } : {}), ...(o.emulateTodos ? { emulateTodos: true } : {}) })), hosts);
    const record = readRecord(file);
    const managedHere = o.remove ? record.entries : record.entries.filter(inScope);
    const owned = ownedIndex(managedHere);
    // A file converted by a hook-bridge that kept no record: its wrappers of this run's source hooks, and
    // its dispatch registrations of this run's hook set, are this run's (else each edit would add one more).
    const legacy = !o.remove && !existsSync(recordPath(file));
    const sourceFiles = new Set(sources.filter((s) => s.file !== '-').map((s) => resolve(s.file)));
    const legacyKeys = new Map<string, string>();
    for (const h of legacy ? input : []) {
      const ev = h.event ? nativeEvent(to, h.event) : undefined;
      if (ev && h.command !== undefined) legacyKeys.set(`${ev}\0${h.command}`, o.dispatch ? `dispatch ${ev}` : keyOf(h));
    }
    const legacyOwner = (event: string, command: string): string | undefined => {
      const inner = parseWrapper(command, runners)?.command;
      if (inner !== undefined) return legacyKeys.get(`${event}\0${inner}`);
      // Older versions wrote --config relative to the shell convert ran in: compare where it points from either.
      return dispatchConfigs(command)?.some((c) => sourceFiles.has(resolve(project, c)) || sourceFiles.has(resolve(c))) ? `dispatch ${event}` : undefined;
    };
    const own: Ownership = {
      owner: (event, handler) => owned.get(`${event}\0${handlerId(handler)}`)?.[0]?.key ?? (legacy && typeof handler.command === 'string' && isOwnForm(handler, runners) ? legacyOwner(event, handler.command) : undefined),
      adopt: (handler) => isOwnForm(handler, runners),
    };
    const existing = existsSync(file) ? readText(file) : undefined;
    if (!o.stdout) assertHostReads(file, existing, hosts);
    const before = o.stdout ? undefined : existing;
    const { text: after, diagnostics: writeDiagnostics, changes } = dialects[to].codec.write(result.hooks, before, file, dialects[to], o.stdout ? undefined : own);
    diagnostics.push(...writeDiagnostics.filter((d) => d.code !== 'jsonSyntaxIgnoresFile'));
    locateTargets(result, after, file, to);
    const recordFile = recordPath(file);
    const changed = after !== before;
    const outcome: TargetOutcome = { to, hosts, file, before, after, changed, written: false, result, changes, record: recordFile };
    if (o.dryRun) {
      const { createTwoFilesPatch } = await import('diff');
      const rel = relative(project, file) || file;
      outcome.diff = changed ? createTwoFilesPatch(`a/${rel}`, `b/${rel}`, before ?? '', after) : '';
    } else if (!o.stdout) {
      // The new record: what other runs manage, plus what this run now manages — of what the file holds.
      const entries: OwnedEntry[] = [
        ...record.entries.filter((e) => !managedHere.includes(e)),
        ...managed(changes).map((h) => ({ event: h.event, id: handlerId(h.handler), from, source: (h.key && sourceOfKey.get(h.key)) ?? configs[0] ?? '-', key: h.key ?? handlerId(h.handler) })),
      ];
      const present = new Set(presentEntries(after, to));
      const kept = entries.filter((e) => present.has(`${e.event}\0${e.id}`));
      const newRecord = kept.length ? recordText({ entries: kept }) : undefined;
      const oldRecord = existsSync(recordFile) ? readText(recordFile) : undefined;
      if (changed || newRecord !== oldRecord) writes.push({ file, text: after, record: recordFile, recordText: newRecord, outcome });
    }
    targets.push(outcome);
    diagnostics.push(...result.diagnostics);
  }
  // Every target was converted and checked before the first write.
  const trustSteps = targets.flatMap((t) => {
    const d = t.hosts.find((h) => mappings.dialects[h].config.hookTrust === 'trusted-hash');
    return d && !o.remove ? [{ t, plan: planTrust(d, t.file, t.after, managed(t.changes), project, o) }] : [];
  });
  // Asked to record trust in a store that cannot be read: stop before writing anything.
  const broken = o.trustHooks && !o.stdout && !o.dryRun ? trustSteps.find((s) => s.plan.storeError) : undefined;
  if (broken) throw broken.plan.storeError!;
  for (const w of writes) {
    if (w.outcome.changed) {
      const bak = writeAtomic(w.file, w.text, o.backup ?? true);
      w.outcome.written = true;
      if (bak) w.outcome.backup = bak;
    }
    if (w.recordText !== undefined) writeAtomic(w.record, w.recordText, false);
    else rmSync(w.record, { force: true });
  }
  for (const { t, plan } of trustSteps) {
    const record = o.trustHooks === true && !o.stdout && !o.dryRun;
    t.trust = applyTrust(plan, record, o.backup ?? true);
    diagnostics.push(...trustDiagnostics(plan.dialect, t.trust, record, t.file));
  }
  return { sources, targets, diagnostics };
}

/** The project a run writes into: --project, else the one project directory given as input, else cwd. */
function projectOf(o: ConvertProjectOptions): string {
  const dirs = (o.inputs ?? []).filter((i) => i !== '-' && existsSync(i) && statSync(i).isDirectory());
  return dirs.length === 1 && o.inputs!.length === 1 ? dirs[0]! : '.';
}

/** Event + identity of every entry in a written config (to keep the record to what is there). */
function presentEntries(text: string, to: DialectId): string[] {
  try {
    return dialects[to].codec.read(text, '<target>', dialects[to]).hooks.map((h) => `${h.nativeEvent}\0${hookId(h)}`);
  } catch {
    return [];
  }
}
