// convert at the file level: find the sources, detect their dialect, convert, and merge into each
// target's conventional file — atomically, with a backup, idempotently — or print / diff instead. The steps
// are their own modules: sources.ts, target-files.ts, merge-hosts.ts, ownership.ts, locate-targets.ts,
// record-update.ts, hook-trust.ts; this one runs them in order, and writes only once every target is ready.
import { existsSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic, Hook } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { plural } from '../model/plural.js';
import { dialects, getDialect } from '../dialects/index.js';
import type { Ownership, WriteChanges } from '../dialects/define.js';
import { managed } from '../dialects/sync-plan.js';
import { shellQuote } from '../dialects/wrapper.js';
import { assertConvertible, convertHooks, WRAPPER_GRACE_MS, type ConvertResult } from './convert.js';
import { deleteCreatedFiles, missingDirectories, nextCreated } from './created.js';
import { dispatchEntries } from './dispatch-entries.js';
import { groupEntries } from './group-entries.js';
import { guardEntries } from './guard-entries.js';
import { mayGiveContext } from './gives-context.js';
import { preToolNoteEntries } from './pre-tool-notes.js';
import { keepPolicies } from './keep-policy.js';
import { mayWriteSessionEnv, SESSION_ENV_NOTE, sessionEnvEntries } from './session-env-entries.js';
import { RUNNER_GUARD } from '../dialects/runner-guard.js';
import { mayHavePolicy } from '../dialects/wrapper.js';
import { planGates, type GateOutcome } from './foreign-gates.js';
import { applyTrust, planTrust, trustDiagnostics, type TrustOutcome } from './hook-trust.js';
import {
  type ProjectTrustState,
  projectTrustDiagnostics,
  projectTrustState,
  recordProjectTrust,
  shownStore,
  removeProjectTrust,
} from './project-trust.js';
import { locateTargets } from './locate-targets.js';
import { mergeHosts } from './merge-hosts.js';
import { hookId, ownershipOf } from './ownership.js';
import { fromPortable, portablePath, projectOf } from './paths.js';
import { planEventFiles } from './event-files.js';
import { planLoader, userLoader, type LoaderOutcome } from './loader-files.js';
import {
  type Created,
  existingRecord,
  readRecord,
  recordPath,
  staleRecordPath,
  type OwnedEntry,
} from './provenance.js';
import { readText } from './read-text.js';
import { gateForReader, readerGate } from './reader-gates.js';
import { nextRecordText, presentEntries } from './record-update.js';
import { runnerNote } from './runner-found.js';
import { readSourceHooks, resolveSources, type Source, type SourceOptions } from './sources.js';
import { allTargets, assertHostReads, recordedTargets, targetFiles, type FileTarget } from './target-files.js';
import { allUserTargets, recordedUserTargets, userScopeOf, userSources, userTargetFiles } from './user-scope.js';
import { writeAtomic } from './write-atomic.js';
import { removePlan, sharePlan, sharersOf } from './shared-files.js';

export type { Source } from './sources.js';

export interface ConvertProjectOptions extends Omit<SourceOptions, 'to'> {
  /** The target dialects, or `all`: every agent the project can use (allTargets). */
  to: DialectId[] | 'all';
  /** The project whose conventional target files are written (default: the one project directory given as input, else
   * cwd).
   */
  project?: string;
  /** Write here instead of the target's conventional file (one target only). */
  out?: string;
  /** Don't write: return the would-be file text (`--stdout`). */
  stdout?: boolean;
  /** Don't write: return a unified diff (`--dry-run`). */
  dryRun?: boolean;
  /** Don't write: say whether each target file and its record are what a convert would write now (`--check`, for CI).
   */
  check?: boolean;
  /** false: commands unwrapped; true: one `run` wrapper entry per hook; unset: wrappers that fire for the same calls
   * share a `dispatch` entry.
   */
  wrap?: boolean;
  runner?: string;
  /** Keep `<file>.bak` of a file before changing it (default true). */
  backup?: boolean;
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
  /**
   * On an in-process host that runs its plugins only in a trusted project (`config.inProcess.projectTrust`, Pi 1.x):
   * record
   * the project as trusted in the user's store (`--trust-<id>-project`); `--remove` takes back what it added.
   */
  trustProject?: boolean;
  /**
   * The user's hooks (`--user`): the source dialect's user files and enabled plugins, written into each target's
   * user-level file (user-scope.ts); no inputs, project or --out.
   */
  user?: boolean;
  /** The home directory and environment the user's files are found with (default: this process's). */
  home?: string;
  env?: NodeJS.ProcessEnv;
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
  /** The file goes: convert created it, and it holds nothing now (`after` is empty). */
  deleted?: boolean;
  backup?: string;
  diff?: string;
  result: ConvertResult;
  /** What happened to the entries hook-bridge manages in the file. */
  changes: WriteChanges;
  /** The record of those entries, beside the file. */
  record: string;
  /** The record is not what this convert writes (written, unless nothing is: --dry-run, --check). Not set with
   * --stdout.
   */
  recordChanged?: boolean;
  /** The record where an earlier version put it, read by an agent as a hook file: moved to `record`. */
  staleRecord?: string;
  /** On a target that runs only trusted hooks (Codex CLI): what the user's trust store says of them. */
  trust?: TrustOutcome;
  /** On an in-process host (mappings `config.inProcess`): the loader file that runs the hooks (loader-files.ts). */
  loader?: LoaderOutcome;
  /** On an event-file host (mappings `config.eventFiles`): the event files that run the hooks (event-files.ts). */
  eventFiles?: LoaderOutcome[];
  /** On an in-process host that runs its plugins only in a trusted project: what the user's store says of this one. */
  projectTrust?: ProjectTrustState & { recorded?: boolean; removed?: boolean };
  /** A file other dialects write too (shared-files.ts): which, and what became of their entries. */
  shared?: SharedOutcome;
}

export interface SharedOutcome {
  /** The other dialects whose conventional file this is (not named by this run). */
  with: DialectId[];
  /** Of those, the ones whose entries are kept: written for them too (convert), or for them alone (--remove). */
  kept: DialectId[];
  /** --remove: the hosts whose part was taken out. */
  removed?: DialectId[];
  /** --remove: the entries written for a removed host and a kept one were written again for the kept ones alone. */
  rewritten?: boolean;
}

export interface ConvertProjectResult {
  sources: Source[];
  targets: TargetOutcome[];
  /** Source files a target host reads itself, whose hooks were gated (or ungated) for it (foreign-gates.ts). */
  gates: GateOutcome[];
  diagnostics: Diagnostic[];
}

/** What one run reads: its sources, their hooks, their dialect, and which recorded entries it manages. */
interface RunInput {
  sources: Source[];
  hooks: Hook[];
  from: DialectId;
  /** Which record entries this run manages: its dialect's, from its sources (all of them when a project was
   * discovered).
   */
  inScope: (e: OwnedEntry) => boolean;
  /** A source file as the record names it (relative to the project, `-` for stdin). */
  relSource: (file: string) => string;
  /** An absolute path as the written entries name it (portablePath: never relative at user scope). */
  portable: (abs: string) => string;
}

/** A target converted and checked (or a source file gated for one), waiting for every other target before anything is
 * written.
 */
interface PendingWrite {
  file: string;
  /** undefined: the file is deleted (convert created it, and it holds nothing now). */
  text: string | undefined;
  record: string;
  recordText: string | undefined;
  /** The record where an earlier version put it: deleted once the record is written where it goes. */
  staleRecord?: string;
  /** What the write reports back (a target's outcome, or a gate's). */
  outcome: Pick<TargetOutcome, 'changed' | 'written' | 'backup'>;
  /** Keep `<file>.bak` of the file before the write. */
  backup: boolean;
  /** Delete the `<file>.bak` convert made earlier (--remove, or the file itself goes). */
  dropBackup: boolean;
  /** Directories convert created above the file: removed with it while empty. */
  directories: number;
  /** The file's mode (an event file: executable). */
  mode?: number;
}

/** Step 1: the sources and their hooks (none with --remove, which reads no source). `recorded`: the files are the
 * sources a record names (shareStep), not inputs a person named: hook-bridge's own entries in them are not sources.
 */
function readInput(
  o: ConvertProjectOptions & { to: DialectId[] },
  project: string,
  runners: readonly string[],
  diagnostics: Diagnostic[],
  recorded = false,
): RunInput {
  const relNames = new Map<string, string>();
  const portable = (abs: string) => (o.user ? portablePath(abs, undefined, project) : portablePath(abs, project));
  const relSource = (f: string) => {
    let r = relNames.get(f);
    if (r === undefined) relNames.set(f, (r = f === '-' ? '-' : portable(resolve(f))));
    return r;
  };
  if (o.remove) return { sources: [], hooks: [], from: o.from ?? 'claude', inScope: () => true, relSource, portable };
  // --user: the user's files (user-scope.ts), unless shareStep names the recorded sources.
  const sources = (
    o.user && !o.inputs?.length
      ? userSources(o.from ?? 'claude', userScopeOf(o), diagnostics)
      : resolveSources(o, project, runners, diagnostics)
  ).map((s) => (recorded ? { ...s, explicit: false } : s));
  const from = sources[0]!.dialect;
  const read = readSourceHooks(sources, o.stdin, runners);
  diagnostics.push(...read.diagnostics);
  assertConvertible(diagnostics);
  const discovered = !o.inputs?.length || o.inputs.some((i) => i !== '-' && statSync(i).isDirectory());
  const names = new Set(sources.map((s) => relSource(s.file)));
  return {
    sources,
    hooks: read.hooks,
    from,
    inScope: (e) => e.from === from && (discovered || names.has(e.source)),
    relSource,
    portable,
  };
}

/** Written entries that name a path outside the project (and the home directory): only this machine has it. */
function machinePathWarnings(
  o: ConvertProjectOptions,
  input: RunInput,
  pluginRoots: string[],
  project: string,
): Diagnostic[] {
  const paths = [
    ...(o.dispatch ? input.sources.filter((s) => s.file !== '-').map((s) => input.portable(resolve(s.file))) : []),
    ...(o.remove ? [] : pluginRoots),
  ].filter((p) => isAbsolute(p));
  return [...new Set(paths)].map((p) => ({
    severity: 'warning',
    code: 'machinePath',
    message:
      `outside the project (${project}): the written entries name it by its absolute path on this machine, which a ` +
      `clone or a teammate's machine does not have; pass --project <the project it belongs to>`,
    file: p,
  }));
}

/** The runner the written entries call, when the agents cannot find it from the project (runner-found.ts). */
function runnerWarning(o: ConvertProjectOptions, targets: TargetOutcome[], project: string): Diagnostic[] {
  const runner = o.runner ?? 'hook-bridge';
  const calls = (t: TargetOutcome) =>
    t.result.hooks.some(
      (h) =>
        typeof h.handler.command === 'string' &&
        (h.handler.command.startsWith(`${runner} run `) || h.handler.command.startsWith(`${runner} dispatch `)),
    );
  const calling = targets.filter(calls);
  // Entries that carry the runner guard: its absence blocks nothing there.
  const guarded = calling
    .filter((t) =>
      t.result.hooks.every(
        (h) =>
          typeof h.handler.command !== 'string' ||
          !h.handler.command.startsWith(`${runner} `) ||
          h.handler.command.endsWith(RUNNER_GUARD),
      ),
    )
    .flatMap((t) => t.hosts);
  const note = runnerNote(
    runner,
    [...new Set(calling.flatMap((t) => t.hosts))],
    project,
    o.env ?? process.env,
    guarded,
    o.user ? (h) => mappings.dialects[h].config.inProcess?.userLoader : undefined,
  );
  return note ? [{ severity: 'warning', code: 'runnerNotFound', message: note }] : [];
}

/** What one target file's conversion works from: the sources read, and how their hooks are named and found. */
type TargetRun = RunInput & {
  project: string;
  runners: readonly string[];
  pluginRootOf: (h: Hook) => string | undefined;
  keyOf: (h: Hook) => string;
  sourceOfKey: Map<string, string>;
};

/**
 * The entries convert adds beside the hooks' own, then the runner guard: the PreToolUse notes' PostToolUse entry, the
 * session environment's step on the shell tool.
 */
function withAddedEntries(
  converted: ConvertResult,
  input: Hook[],
  hosts: DialectId[],
  o: ConvertProjectOptions,
  run: TargetRun,
): ConvertResult {
  const { project, from } = run;
  const noted = o.remove
    ? converted
    : preToolNoteEntries(converted, input, {
        hosts,
        runner: o.runner ?? 'hook-bridge',
        from,
        keyOf: run.keyOf,
        givesContext: (h) => mayGiveContext(h, project, run.pluginRootOf(h)),
      });
  // A SessionStart hook that may append exports to $CLAUDE_ENV_FILE: the shell calls run after them (where the host
  // can only be told through a PreToolUse rewrite).
  const writer = o.wrap === false ? undefined : input.find((h) => mayWriteSessionEnv(h, project, run.pluginRootOf(h)));
  const withEnv = sessionEnvEntries(noted, {
    hosts,
    runner: o.runner ?? 'hook-bridge',
    runners: run.runners,
    needed: writer !== undefined,
    ...(writer ? { key: run.keyOf(writer) } : {}),
  });
  if (writer && withEnv !== noted)
    for (const row of withEnv.report.filter((r) => r.target && r.source.command === writer.command)) {
      row.notes.push(SESSION_ENV_NOTE);
      row.reason = row.notes.join('; ');
    }
  return guardEntries(withEnv, { hosts, runners: [o.runner ?? 'hook-bridge'], from });
}

/** The hooks to convert into a target file: every source hook but the file's own (--stdout prints them all). */
function inputFor(file: string, run: TargetRun, o: ConvertProjectOptions, diagnostics: Diagnostic[]): Hook[] {
  // Hooks read from the target file itself are there already, for every host that reads it.
  const fromHere = o.stdout ? [] : run.hooks.filter((h) => resolve(h.origin.file) === file);
  if (fromHere.length)
    diagnostics.push({
      severity: 'info',
      code: 'targetIsSource',
      message:
        `${plural(fromHere.length, 'hook')} of this file ${fromHere.length === 1 ? 'is' : 'are'} its own: not ` +
        `converted into it again`,
      file,
    });
  return run.hooks.filter((h) => !fromHere.includes(h));
}

/** The entries of a target's hosts: none to remove, one dispatch per event, or each hook converted and grouped. */
function entriesFor(
  input: Hook[],
  hosts: DialectId[],
  configs: string[],
  o: ConvertProjectOptions,
  run: TargetRun,
): ConvertResult {
  if (o.remove) return { to: hosts[0]!, hooks: [], report: [], diagnostics: [] };
  if (o.dispatch) return dispatchEntries(input, run.from, hosts, configs, o.runner ?? 'hook-bridge');
  const each = hosts.map((h) =>
    convertHooks(input, run.from, {
      to: h,
      keyOf: run.keyOf,
      ...(o.wrap !== undefined ? { wrap: o.wrap } : {}),
      ...(o.runner !== undefined ? { runner: o.runner } : {}),
      pluginRootOf: run.pluginRootOf,
      ...(o.emulateTodos ? { emulateTodos: true } : {}),
    }),
  );
  return grouped(o, hosts, mergeHosts(each, hosts));
}

/** Which entries of the file are convert's to replace: the record's, and the legacy ones it recognises. */
function ownershipFor(
  file: string,
  record: ReturnType<typeof readRecord>,
  managedHere: OwnedEntry[],
  input: Hook[],
  to: DialectId,
  o: ConvertProjectOptions,
  run: TargetRun,
): Ownership {
  return {
    ...ownershipOf({
      managed: managedHere,
      legacy: !o.remove && existingRecord(file) === undefined,
      to,
      input,
      keyOf: run.keyOf,
      dispatch: o.dispatch === true,
      sourceFiles: new Set(run.sources.filter((s) => s.file !== '-').map((s) => resolve(s.file))),
      project: run.project,
      runners: run.runners,
    }),
    added: record.created?.keys ?? [],
  };
}

/** The entries as written: the policies a person added kept, and gated where the source's agent reads the file. */
function finalEntries(
  guarded: ConvertResult,
  before: string | undefined,
  file: string,
  to: DialectId,
  o: ConvertProjectOptions,
  run: TargetRun,
): ConvertResult {
  // Options a person added to entries convert wrote (`run --on-missing deny …`) stay (keep-policy.ts).
  const kept =
    before === undefined || !mayHavePolicy(before)
      ? guarded
      : keepPolicies(guarded, entriesIn(to, before, file, run.runners));
  // A file the source's own agent reads itself (Copilot's hooks converted into .claude/settings.json): gated against
  // that agent, which runs them from its own files (reader-gates.ts). Not in what is printed or written elsewhere.
  const reader = o.stdout || o.out ? undefined : readerGate(run.from, to, file, run.project);
  return reader ? gateForReader(kept, reader, to, relative(run.project, file)) : kept;
}

/**
 * The files that run a target's hook file on a host that has no hook config (--stdout and --out write the hook file
 * only): an in-process host's loader file while the file holds entries, an event-file host's event file per event file
 * whose events hold entries (`present`: the entries after the write, `<event>\0<identity>`). What the record keeps of
 * them goes into `created`, their warnings into `diagnostics`.
 */
function runnerFiles(
  hosts: readonly DialectId[],
  o: ConvertProjectOptions,
  project: string,
  present: string[],
  r: { recorded: Created | undefined; created: Created; diagnostics: Diagnostic[] },
) {
  if (o.stdout || o.out) return {};
  const inProcess = hosts.find((h) => mappings.dialects[h].config.inProcess);
  const user = inProcess && o.user ? userLoader(inProcess, userScopeOf(o)) : undefined;
  const loader = inProcess ? planLoader(inProcess, project, present.length > 0, r.recorded?.loader, user) : undefined;
  if (loader) {
    r.diagnostics.push(...loader.diagnostics);
    if (loader.created) r.created.loader = loader.created;
  }
  const eventHost = hosts.find((h) => mappings.dialects[h].config.eventFiles);
  const hooked = new Set(present.map((e) => e.split('\0')[0]!));
  const events = eventHost ? planEventFiles(eventHost, project, hooked, r.recorded?.eventFiles) : undefined;
  if (events) {
    r.diagnostics.push(...events.diagnostics);
    if (events.created) r.created.eventFiles = events.created;
  }
  return { loader, events };
}

/** --dry-run: the diffs of the target file and of the files that run it (loader, event files). */
async function addDiffs(outcome: TargetOutcome, project: string): Promise<void> {
  const { createTwoFilesPatch } = await import('diff');
  const patch = (file: string, before: string | undefined, after: string | undefined) => {
    const rel = relative(project, file) || file;
    return createTwoFilesPatch(`a/${rel}`, `b/${rel}`, before ?? '', after ?? '');
  };
  outcome.diff = outcome.changed ? patch(outcome.file, outcome.before, outcome.after) : '';
  for (const p of [outcome.loader, ...(outcome.eventFiles ?? [])])
    if (p) p.diff = p.changed ? patch(p.file, p.before, p.after) : '';
}

/** The write of a loader or event file convert writes or deletes (`mode`: an event file's, executable). */
function runnerWrite(p: LoaderOutcome, directories: number, mode?: number): PendingWrite[] {
  if (!p.changed || (p.action !== 'write' && p.action !== 'delete')) return [];
  return [
    {
      file: p.file,
      text: p.after,
      record: '',
      recordText: undefined,
      outcome: p,
      backup: false,
      dropBackup: false,
      directories: p.action === 'delete' ? directories : 0,
      ...(mode ? { mode } : {}),
    },
  ];
}

/** The source config files as a dispatch entry names them, the local ones (settings.local.json) first. */
const configsOf = (run: RunInput): string[] =>
  run.sources
    .filter((s) => s.file !== '-')
    .sort((a, b) => Number(/\.local\./.test(basename(b.file))) - Number(/\.local\./.test(basename(a.file))))
    .map((s) => run.portable(resolve(s.file)));

/** Step 2, per target file: convert for its hosts, merge into the file as it is, and say what the record becomes. */
async function convertTarget(
  { file, hosts }: FileTarget,
  o: ConvertProjectOptions,
  run: TargetRun,
  diagnostics: Diagnostic[],
): Promise<{ outcome: TargetOutcome; write?: PendingWrite; runnerWrites: PendingWrite[] }> {
  const { project, from } = run;
  const to = hosts[0]!;
  const input = inputFor(file, run, o, diagnostics);
  const configs = configsOf(run);
  const guarded = withAddedEntries(entriesFor(input, hosts, configs, o, run), input, hosts, o, run);
  const record = readRecord(file);
  const managedHere = record.entries.filter(run.inScope);
  const own = ownershipFor(file, record, managedHere, input, to, o, run);
  const existing = existsSync(file) ? readText(file) : undefined;
  if (!o.stdout) assertHostReads(file, existing, hosts);
  const before = o.stdout ? undefined : existing;
  const result = finalEntries(guarded, before, file, to, o, run);
  const written = dialects[to].codec.write(result.hooks, before, file, dialects[to], o.stdout ? undefined : own);
  const { diagnostics: writeDiagnostics, changes } = written;
  diagnostics.push(...writeDiagnostics.filter((d) => d.code !== 'jsonSyntaxIgnoresFile'));
  // A file convert created that holds nothing now is deleted, not left as `{}` (nor created empty by --remove).
  const created = nextCreated(record.created, {
    newFile: existing === undefined,
    directories: existing === undefined ? missingDirectories(file) : 0,
    added: written.added ?? [],
    backup: false,
  });
  const deleted = !o.stdout && written.empty === true && created.file === true;
  const after = deleted ? '' : written.text;
  const { loader, events } = runnerFiles(hosts, o, project, o.remove || deleted ? [] : presentEntries(after, to), {
    recorded: record.created,
    created,
    diagnostics,
  });
  locateTargets(result, after, file, to);
  const recordFile = recordPath(file);
  const changed = deleted ? before !== undefined : after !== before;
  const outcome: TargetOutcome = {
    to,
    hosts,
    file,
    before,
    after,
    changed,
    written: false,
    ...(deleted && changed ? { deleted: true } : {}),
    result,
    changes,
    record: recordFile,
    ...(loader ? { loader: loader.outcome } : {}),
    ...(events?.outcomes.length ? { eventFiles: events.outcomes } : {}),
  };
  diagnostics.push(...result.diagnostics);
  if (o.stdout) return { outcome, runnerWrites: [] };
  // --remove gives the file back as it was: no backup of it, and the one convert made earlier goes too.
  const backup = (o.backup ?? true) && !o.remove && changed && !deleted && before !== undefined;
  const newRecord = nextRecordText(
    record.entries.filter((e) => !managedHere.includes(e)),
    changes,
    from,
    (k) => run.sourceOfKey.get(k),
    configs[0] ?? '-',
    after,
    to,
    { ...created, ...(backup || record.created?.backup ? { backup: true } : {}) },
    o.out === undefined && sharersOf(file, project).length > 1 ? hosts : undefined,
  );
  // A record where an earlier version put it (read by an agent as a hook file) moves.
  const staleRecord = staleRecordPath(file);
  if (staleRecord) outcome.staleRecord = staleRecord;
  outcome.recordChanged =
    newRecord !== (existsSync(recordFile) ? readText(recordFile) : undefined) || staleRecord !== undefined;
  if (o.dryRun) await addDiffs(outcome, project);
  if (o.dryRun || o.check) return { outcome, runnerWrites: [] };
  const dropBackup = record.created?.backup === true && (o.remove === true || deleted);
  const pending: PendingWrite & { outcome: TargetOutcome } = {
    file,
    text: deleted ? undefined : after,
    record: recordFile,
    recordText: newRecord,
    ...(staleRecord ? { staleRecord } : {}),
    outcome,
    backup,
    dropBackup,
    directories: created.directories ?? 0,
  };
  return { outcome, ...writesOf(pending, record.created) };
}

/**
 * A target's writes: the file and its record when either changes (or the old backup goes), and the files that run it
 * (a loader, event files).
 */
function writesOf(
  pending: PendingWrite & { outcome: TargetOutcome },
  recorded: Created | undefined,
): { write?: PendingWrite; runnerWrites: PendingWrite[] } {
  const { outcome } = pending;
  return {
    ...(outcome.changed || outcome.recordChanged || pending.dropBackup ? { write: pending } : {}),
    runnerWrites: [
      ...(outcome.loader ? runnerWrite(outcome.loader, recorded?.loader?.directories ?? 0) : []),
      ...(outcome.eventFiles ?? []).flatMap((e) => runnerWrite(e, 0, 0o755)),
    ],
  };
}

/** The hooks a target file holds now (none when it cannot be read: writing it says why). */
function entriesIn(to: DialectId, text: string, file: string, runners: readonly string[]): Hook[] {
  try {
    return dialects[to].codec.read(text, file, dialects[to], { runners }).hooks;
  } catch {
    return [];
  }
}

/** By default (neither --wrap nor --no-wrap), wrappers that fire for the same calls share one `dispatch` entry. */
const grouped = (o: ConvertProjectOptions, hosts: DialectId[], r: ConvertResult): ConvertResult =>
  o.wrap === undefined ? groupEntries(r, { hosts, runner: o.runner ?? 'hook-bridge', graceMs: WRAPPER_GRACE_MS }) : r;

/** A file's permission bits, when it is there. */
function modeOf(file: string): number | undefined {
  try {
    return statSync(file).mode & 0o777;
  } catch {
    return undefined;
  }
}

/** Step 3: every file and record, once every target was converted and checked. */
function writeAll(writes: PendingWrite[]): void {
  const deleted: { file: string; directories: number }[] = [];
  for (const w of writes) {
    if (w.outcome.changed && w.text !== undefined) {
      const bak = writeAtomic(w.file, w.text, w.backup, w.mode);
      w.outcome.written = true;
      if (bak) w.outcome.backup = bak;
    }
    // A gated source file has no record of its own (''). The record has its file's mode: it holds every command the
    // file does (a settings file kept 0600 must not have them beside it in a 0644 record).
    if (w.recordText !== undefined) writeAtomic(w.record, w.recordText, false, modeOf(w.file));
    else if (w.record) rmSync(w.record, { force: true });
    if (w.staleRecord) rmSync(w.staleRecord, { force: true });
    if (w.dropBackup) rmSync(`${w.file}.bak`, { force: true });
    if (w.outcome.changed && w.text === undefined) {
      deleted.push({ file: w.file, directories: w.directories });
      w.outcome.written = true;
    }
  }
  deleteCreatedFiles(deleted);
}

/** How a run names its hooks: each plugin hook file's root, each hook's key in the record, and the key's source. */
function runKeys(input: RunInput) {
  // Each plugin hook file's root, as the written entries carry it: its hooks run with it on every host.
  const roots = new Map(
    input.sources.flatMap((s) => (s.pluginRoot ? [[resolve(s.file), input.portable(s.pluginRoot)] as const] : [])),
  );
  const pluginRootOf = (h: Hook) => (h.origin.file === '<stdin>' ? undefined : roots.get(resolve(h.origin.file)));
  // Readable in the committed record: "<source file> <event> <command>".
  const sourceOfHook = (h: Hook) => input.relSource(h.origin.file === '<stdin>' ? '-' : h.origin.file);
  const keyOf = (h: Hook) => `${sourceOfHook(h)} ${h.nativeEvent} ${h.command ?? hookId(h)}`;
  const sourceOfKey = new Map(input.hooks.map((h) => [keyOf(h), sourceOfHook(h)]));
  return { pluginRoots: [...new Set(roots.values())], pluginRootOf, keyOf, sourceOfKey };
}

/**
 * A file other dialects write too (shared-files.ts) is one sync unit: a convert writes it for the hosts named and
 * those its managed entries were written for; a --remove takes out the named hosts' part only, writing the entries
 * they shared with another host again for that one alone, from the recorded sources.
 */
function shareStep(
  named: FileTarget,
  o: ConvertProjectOptions,
  input: RunInput,
  project: string,
  runners: readonly string[],
  diagnostics: Diagnostic[],
): { target: FileTarget; o: ConvertProjectOptions; input: RunInput; shared?: SharedOutcome } {
  const same = { target: named, o, input };
  if (o.out) return same;
  const { entries } = readRecord(named.file);
  const others = (sharers: DialectId[], hosts: DialectId[]) => sharers.filter((d) => !hosts.includes(d));
  if (!o.remove) {
    const plan = sharePlan(named.file, named.hosts, entries.filter(input.inScope), project);
    if (!plan.sharers.length) return same;
    return {
      target: { file: named.file, hosts: plan.hosts },
      o,
      input,
      shared: { with: others(plan.sharers, named.hosts), kept: plan.kept },
    };
  }
  const plan = removePlan(named.file, named.hosts, entries, project);
  if (!plan.sharers.length) return same;
  const shared: SharedOutcome = { with: others(plan.sharers, named.hosts), kept: plan.kept, removed: named.hosts };
  if (!plan.rewrite) return { ...same, input: { ...input, inScope: plan.touches }, shared };
  const { hosts, from, sources } = plan.rewrite;
  let read: RunInput;
  try {
    read = readInput(
      { ...o, remove: false, inputs: sources.map((f) => fromPortable(f, project, o.home)), from, to: hosts },
      project,
      runners,
      diagnostics,
      true,
    );
  } catch (e) {
    if (!HookBridgeError.is(e)) throw e;
    throw plan.cannot(`its source cannot be used (${e.describe()})`);
  }
  return {
    target: { file: named.file, hosts },
    // Written again, not taken out: no backup of it (the one convert made first stays until the file goes).
    o: { ...o, remove: false, backup: false },
    input: { ...read, inScope: (e) => plan.touches(e) || read.inScope(e) },
    shared: { ...shared, rewritten: true },
  };
}

/** Options that cannot go together, or name what is not there: an error before anything is read. */
function assertOptions(o: ConvertProjectOptions, project: string): void {
  const all = o.to === 'all';
  if (!all && !o.to.length) throw new HookBridgeError('--to needs at least one dialect');
  if (!all) (o.to as DialectId[]).forEach(getDialect);
  if (all && o.out) throw new HookBridgeError('--out takes one --to dialect, not all');
  if (o.user && (o.inputs?.length || o.project || o.out))
    throw new HookBridgeError(
      "--user converts the user's own hooks into each agent's user-level file: it takes no input, --project or --out",
    );
  if (!all && o.out && targetFiles(o.to as DialectId[], project, o.out).length > 1)
    throw new HookBridgeError('--out takes one --to dialect');
  if (o.check && o.stdout)
    throw new HookBridgeError(
      '--check compares the target files with what convert would write into them; --stdout writes into none',
    );
  // A mistyped --out must not leave a tree of new directories behind: its directory has to exist.
  if (o.out && !o.stdout && !o.remove && !existsSync(dirname(resolve(o.out))))
    throw new HookBridgeError(
      `no such directory: --out writes into an existing directory (create it first: mkdir -p ` +
        (/^[\w./-]+$/.test(dirname(o.out)) ? dirname(o.out) : shellQuote(dirname(o.out))) +
        `); nothing was written`,
      dirname(o.out),
    );
}

/** After the writes: the project trust convert records (--trust-project) or takes back (--remove), and what it says. */
function settleProjectTrust(
  steps: { t: TargetOutcome; s: ProjectTrustState }[],
  o: ConvertProjectOptions,
  project: string,
  writesNothing: boolean,
  diagnostics: Diagnostic[],
): void {
  for (const { t, s } of steps) {
    if (o.remove) {
      const removed = !writesNothing && removeProjectTrust(s.dialect, project, o);
      t.projectTrust = { ...s, removed };
      if (removed)
        diagnostics.push({
          severity: 'info',
          code: 'projectTrustRemoved',
          file: t.file,
          message: `took back the trust of ${s.key} that hook-bridge recorded in ${shownStore(s.store)}`,
        });
      continue;
    }
    const recorded = o.trustProject === true && !writesNothing && recordProjectTrust(s);
    t.projectTrust = recorded ? { ...projectTrustState(s.dialect, project, o)!, recorded } : s;
    if (recorded || t.changed || o.trustProject)
      diagnostics.push(...projectTrustDiagnostics(t.projectTrust, recorded, t.file));
  }
}

/**
 * The files a run writes: one per --to dialect (`all`: those the source converts to, or with --remove those recorded),
 * in the project, or (--user) each one's user-level file.
 */
function filesOf(o: ConvertProjectOptions, named: DialectId[], from: DialectId, project: string): FileTarget[] {
  const all = o.to === 'all';
  if (o.user) {
    const u = userScopeOf(o);
    return userTargetFiles(!all ? named : o.remove ? recordedUserTargets(u) : allUserTargets(from), u);
  }
  return targetFiles(!all ? named : o.remove ? recordedTargets(project) : allTargets(from), project, o.out);
}

export async function convertProject(o: ConvertProjectOptions): Promise<ConvertProjectResult> {
  const all = o.to === 'all';
  // --user: the home directory stands in for the project (the records' sources are ~/…, the entries name no project).
  const project = o.user ? userScopeOf(o).home : resolve(o.project ?? projectOf(o.inputs));
  assertOptions(o, project);
  const runners = o.runner && o.runner !== 'hook-bridge' ? [o.runner] : [];
  const diagnostics: Diagnostic[] = [];
  // `--to all`: the targets follow from the source dialect (or, with --remove, from what convert recorded writing).
  const named = all ? [] : (o.to as DialectId[]);
  const input = readInput({ ...o, to: named }, project, runners, diagnostics);
  const files = filesOf(o, named, input.from, project);
  const { sources } = input;
  const keys = runKeys(input);
  diagnostics.push(...machinePathWarnings(o, input, keys.pluginRoots, project));
  if (o.dispatch && sources.some((s) => s.file === '-'))
    throw new HookBridgeError('--dispatch runs a hook set file; it cannot read stdin');

  const targets: TargetOutcome[] = [];
  const writes: PendingWrite[] = [];
  for (const named of files) {
    const share = shareStep(named, o, input, project, runners, diagnostics);
    const run = share.input === input ? keys : runKeys(share.input);
    const { outcome, write, runnerWrites } = await convertTarget(
      share.target,
      share.o,
      { ...share.input, project, runners, ...run },
      diagnostics,
    );
    if (share.shared) outcome.shared = share.shared;
    targets.push(outcome);
    // The files that run the hook file first: a hook file that goes takes the folders convert made for it only once
    // they are empty (an event file sits in the hook file's folder).
    writes.push(...runnerWrites);
    if (write) writes.push(write);
  }
  diagnostics.push(...runnerWarning(o, targets, project));
  // Hosts that read the source's own files: its hooks written for them are gated there (none when printing or writing
  // elsewhere).
  // At user scope none: no host reads the user's Claude settings itself (Copilot CLI reads the project's only).
  const gates = o.stdout || o.out || o.user ? [] : await gateSources(targets, o, input.from, project, diagnostics);
  for (const g of gates.filter((x) => x.changed && !o.dryRun && !o.check))
    writes.push({
      file: g.file,
      text: g.after,
      record: '',
      recordText: undefined,
      outcome: g,
      backup: o.backup !== false && !o.remove,
      dropBackup: g.staleBackup === true,
      directories: 0,
    });
  // Every target was converted and checked before the first write.
  const trustSteps = targets.flatMap((t) => {
    const d = t.hosts.find((h) => mappings.dialects[h].config.hookTrust === 'trusted-hash');
    return d && !o.remove && !t.deleted
      ? [{ t, plan: planTrust(d, t.file, t.after, managed(t.changes), project, o) }]
      : [];
  });
  // Asked to record trust in a store that cannot be read: stop before writing anything.
  const writesNothing = o.stdout === true || o.dryRun === true || o.check === true;
  const broken = o.trustHooks && !writesNothing ? trustSteps.find((s) => s.plan.storeError) : undefined;
  if (broken) throw broken.plan.storeError!;
  // The project trust of an in-process host: of this project (nothing for a text printed or written elsewhere).
  const projectTrust = targets.flatMap((t) => {
    // A user-level loader is no project file: the agent loads it in every project.
    if (o.stdout || o.out || o.user) return [];
    const s = t.hosts.map((h) => projectTrustState(h, project, o)).find((x) => x !== undefined);
    return s ? [{ t, s }] : [];
  });
  const unreadable = o.trustProject && !writesNothing && !o.remove ? projectTrust.find((p) => p.s.error) : undefined;
  if (unreadable) throw unreadable.s.error!;
  writeAll(writes);
  settleProjectTrust(projectTrust, o, project, writesNothing, diagnostics);
  for (const { t, plan } of trustSteps) {
    const record = o.trustHooks === true && !writesNothing;
    t.trust = applyTrust(plan, record, o.backup ?? true);
    // Said when the file is (to be) written or trust is recorded, not on every run: `doctor` says it any time.
    // A user-level file's hooks need no trusted project (Codex CLI: user hooks run in any folder).
    const said = trustDiagnostics(plan.dialect, t.trust, record, t.file);
    if (record || t.changed) diagnostics.push(...said.filter((d) => !(o.user && d.code === 'projectUntrusted')));
  }
  return { sources, targets, gates, diagnostics: once(diagnostics) };
}

/** Each diagnostic once: what is said of a source hook (a timeout that looks like ms) is not said again per target. */
function once(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = JSON.stringify([d.severity, d.code, d.file, d.path, d.message]);
    return !seen.has(key) && !!seen.add(key);
  });
}

/** The gates of every target host that reads the source's files itself; the rows of the hooks gated say so. */
async function gateSources(
  targets: TargetOutcome[],
  o: ConvertProjectOptions,
  from: DialectId,
  project: string,
  diagnostics: Diagnostic[],
): Promise<GateOutcome[]> {
  const out: GateOutcome[] = [];
  for (const t of targets) {
    // A shared file's --remove (shareStep) writes it again for the hosts kept: their gates stay, the removed go.
    for (const host of t.shared?.removed ?? t.hosts) {
      const g = planGates(host, o.remove ? undefined : from, project, t.result.report, o.remove === true);
      diagnostics.push(...g.diagnostics);
      // The gates are said once, per file (GateOutcome), not on each hook's row.
      for (const x of g.outcomes) {
        const rel = relative(project, x.file);
        if (o.dryRun) {
          const { createTwoFilesPatch } = await import('diff');
          x.diff = x.changed ? createTwoFilesPatch(`a/${rel}`, `b/${rel}`, x.before, x.after) : '';
        }
        out.push(x);
      }
    }
  }
  return out;
}
