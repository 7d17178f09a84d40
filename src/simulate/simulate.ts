// `hook-bridge test`: what each agent decides for one call with a project's hooks — the source agent's own
// decision (the reference), and per host the hooks copied as they are and converted by hook-bridge. The hooks
// really run (the project's own scripts, with the hosts' timeouts) in a scratch copy of the project (scratch.ts):
// nothing is written into the project.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIALECT_IDS, type DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { mappings } from '../model/mappings.js';
import { checkCall, checkPermissionMode, defaultPermissionMode, type Call, type CheckedCall } from './call.js';
import { decideFileDialect, discover, parseWrapper, pluginOfHookFile, resolveSources, shellQuote } from './engine.js';
import { asIsConfig, bridgedConfig, writtenConfig, type HostConfig, type SourceText } from './host-config.js';
import { hostCall, type HostCall } from './host-call.js';
import { hostEnv, runOnHost, selectEntries, type HookRun, type NotRun, type Selection } from './host-run.js';
import { decide, type Decision } from './engine.js';
import { readText } from './read-text.js';
import { readUserSources } from './user-sources.js';
import { intoCopy, movePaths, outOfCopy, removeScratch, type Scratch, scratchCopy } from './scratch.js';

type Mode = 'as-is' | 'bridged';
type Difference = 'decision' | 'reason' | 'reason text' | 'context';

export interface SimulateOptions {
  /** Project directories or config files of the source agent (default: the current directory). */
  inputs?: string[];
  /** The agent the hooks are written for: the reference (default: Claude Code, or what the given files are). */
  from?: DialectId;
  /** The hosts to try them on (default: every agent but the source). */
  to?: DialectId[];
  call: Call;
  /** A `-p` run: nobody answers a prompt (default: an interactive session, as people use the agents). */
  headless?: boolean;
  /** The session's permission mode, as the source agent names it (default: its `default`). */
  permissionMode?: string;
  /** The session's transcript so far, in the source agent's format (default: an empty one). */
  transcript?: string;
  /** The environment hooks start from (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** How the converted entries start hook-bridge (default: this install's bin, with this Node). */
  runner?: string;
  /**
   * Per host, a copy of the project that `hook-bridge convert` wrote for it: that host's column through hook-bridge
   * reads the files as written there (its own, and the source files it reads itself, gated) and runs the hooks there,
   * with the call's paths in that copy — instead of converting in memory.
   */
  converted?: Partial<Record<DialectId, string>>;
  /** The columns tried per host (default both: as-is and bridged). */
  modes?: Mode[];
  /** The user's hooks (`--user`: user-sources.ts), in the project of the current directory; no inputs. */
  user?: boolean;
  /** The home directory the user's hooks are found in (default: this process's). */
  home?: string;
}

/** A hook the host ran: what, where, its exit code, whether it timed out, how long it took, its stderr. */
type HookReport = Pick<
  HookRun,
  'command' | 'wraps' | 'dispatches' | 'gated' | 'where' | 'exitCode' | 'timedOut' | 'ms'
> & {
  stderr?: string;
};

export interface SimulateRow {
  host: DialectId;
  mode: Mode;
  decision: Decision;
  reason: string | null;
  context: string[];
  systemMessage?: string;
  updatedInput?: Record<string, unknown>;
  hooks: HookReport[];
  notRun: NotRun[];
  notes: string[];
  /**
   * What is not as on the reference; empty on the reference itself. decision; reason: one shows a reason, the other
   * none; reason text: both show one, worded otherwise (a path written out …: said, not failed on); context.
   */
  differs: Difference[];
}

export interface SimulateResult {
  from: DialectId;
  project: string;
  event: string;
  tool?: string;
  input?: Record<string, unknown>;
  headless: boolean;
  sources: string[];
  results: SimulateRow[];
}

declare const __filename: string | undefined;

/** This install's `node bin/hook-bridge.cjs`, which converted entries start `run` with (its bundle must be built). */
function defaultRunner(): string {
  const here = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
  for (let dir = dirname(here); dirname(dir) !== dir; dir = dirname(dir)) {
    const bin = join(dir, 'bin/hook-bridge.cjs');
    if (!existsSync(bin)) continue;
    if (!existsSync(join(dir, 'dist/run.cjs')))
      throw new HookBridgeError(`hook-bridge's run bundle is not built (${join(dir, 'dist/run.cjs')}): npm run build`);
    return `${shellQuote(process.execPath)} ${shellQuote(bin)}`;
  }
  throw new HookBridgeError('cannot find bin/hook-bridge.cjs above this module: pass a runner');
}

/** Which hosts: the given ones (agents: a format with a `payloadDialect` has no runner of its own), else every agent
 * but the source.
 */
function hostsOf(from: DialectId, to: DialectId[] | undefined): DialectId[] {
  const agents = DIALECT_IDS.filter((d) => mappings.dialects[d].payloadDialect === undefined);
  for (const d of to ?? []) {
    if (!agents.includes(d))
      throw new HookBridgeError(
        `no agent reads ` +
          mappings.dialects[d].config.write +
          `: ${d} is not a host to test on (hook-bridge dispatch runs a hooks.yaml on ${agents.join(', ')})`,
      );
  }
  return [...new Set(to ?? agents)].filter((d) => d !== from);
}

export interface Sources {
  from: DialectId;
  project: string;
  files: SourceText[];
}

/**
 * The source files: a project's (discovered) or the ones given, all of one agent. A project's are found as `convert`
 * finds them (src/convert/sources.ts): the files of the one agent whose hooks a person wrote there — never
 * hook-bridge's own output, so a converted project is tested against its source — and, where several agents' are,
 * `--from` is asked for; `to`: the hosts named, whose files are what a conversion wrote.
 */
function readSources(
  inputs: string[],
  from: DialectId | undefined,
  cwd = process.cwd(),
  to: DialectId[] = [],
): Sources {
  const list = inputs.length ? inputs : [cwd];
  const found: { file: string; dialect: DialectId; pluginRoot?: string }[] = [];
  let project: string | undefined;
  for (const input of list) {
    const abs = resolve(cwd, input);
    let dir: boolean;
    try {
      dir = statSync(abs).isDirectory();
    } catch {
      throw new HookBridgeError('no such file or directory', input);
    }
    if (dir) {
      const sources = from ? discover(abs, from) : resolveSources({ inputs: [abs], to }, abs, [], []);
      if (!sources.length)
        throw new HookBridgeError(
          `no ${mappings.dialects[from!].agent} hook config here (looked for ` +
            [
              ...(mappings.dialects[from!].config.project ?? []),
              ...(mappings.dialects[from!].config.plugin ?? []),
            ].join(', ') +
            `)`,
          input,
        );
      found.push(
        ...sources.map((s) => ({
          file: s.file,
          dialect: s.dialect,
          ...(s.pluginRoot !== undefined ? { pluginRoot: s.pluginRoot } : {}),
        })),
      );
      project ??= abs;
    } else {
      const plugin = pluginOfHookFile(abs);
      found.push({
        file: abs,
        dialect: from ?? decideFileDialect(abs, readText(abs)).dialect,
        ...(plugin !== undefined ? { pluginRoot: plugin } : {}),
      });
      // A file in the agent's folder (…/.claude/settings.json): the project is the folder's parent.
      const folder = dirname(mappings.dialects[found.at(-1)!.dialect].config.write);
      const at = abs.lastIndexOf(`/${folder}/`);
      project ??= folder !== '.' && at >= 0 ? abs.slice(0, at) : dirname(abs);
    }
  }
  const seen = [...new Set(found.map((f) => f.dialect))];
  if (seen.length > 1)
    throw new HookBridgeError(
      `the inputs are hooks of several agents (${seen.join(', ')}); test one at a time or pass --from`,
    );
  const root = project!;
  return {
    from: seen[0]!,
    project: root,
    files: found.map((f) => ({
      file: f.file,
      text: readText(f.file),
      ...(f.pluginRoot !== undefined
        ? { plugin: { root: f.pluginRoot, written: relative(root, f.pluginRoot) || '.' } }
        : {}),
    })),
  };
}

/** The sources a run tests: the user's (`--user`), else the inputs' (the project's). */
export function sourcesOf(o: Omit<SimulateOptions, 'call'>): Sources {
  if (!o.user) return readSources(o.inputs ?? [], o.from, process.cwd(), o.to ?? []);
  if (o.inputs?.length)
    throw new HookBridgeError("--user tries the user's own hooks in the current directory: it takes no input");
  return readUserSources(o.from, process.cwd(), o);
}

/** A converted entry's wrapper given the transcript as it is: the simulated session's transcript is already in the
 * source's format.
 */
function transcriptAsGiven(c: HostConfig, runner: string): HostConfig {
  const entries = c.entries.map((e) => {
    if (typeof e.run !== 'string' || e.hook.written === undefined) return e;
    const prefix = `${runner} ${e.dispatches ? 'dispatch' : 'run'} `;
    return e.run.startsWith(prefix) && (e.dispatches || parseWrapper(e.run))
      ? { ...e, run: `${prefix}--transcript never ${e.run.slice(prefix.length)}` }
      : e;
  });
  return { ...c, entries };
}

const report = (r: HookRun): HookReport => ({
  command: r.command,
  ...(r.wraps !== undefined ? { wraps: r.wraps } : {}),
  ...(r.dispatches !== undefined ? { dispatches: r.dispatches } : {}),
  ...(r.gated !== undefined ? { gated: r.gated } : {}),
  where: r.where,
  exitCode: r.exitCode,
  timedOut: r.timedOut,
  ms: r.ms,
  ...(r.stderr.trim() ? { stderr: r.stderr.trim() } : {}),
});

/** What differs from the reference: the decision, the reason shown (or its wording), the context the model gets. */
function differences(row: SimulateRow, ref: SimulateRow): Difference[] {
  const out: Difference[] = [];
  if (row.decision !== ref.decision) out.push('decision');
  if ((row.reason === null) !== (ref.reason === null)) out.push('reason');
  else if ((row.reason ?? '').trim() !== (ref.reason ?? '').trim()) out.push('reason text');
  if (row.context.join('\n').trim() !== ref.context.join('\n').trim()) out.push('context');
  return out;
}

/** Does a row decide otherwise than the reference: its decision, whether a reason is shown, or the context (a reason's
 * wording alone does not count).
 */
export const decidesOtherwise = (row: SimulateRow): boolean => row.differs.some((d) => d !== 'reason text');

/** Try a project's hooks for one call on the source agent and on each host, as they are and through hook-bridge. */
export const simulate = (o: SimulateOptions): Promise<SimulateResult> => simulateIn(o);

/**
 * simulate() with the hooks run in `scratch`, a copy of the project made by the caller (runCases: one for all its
 * calls), else in one made for this call and removed after it. The result names the project, not the copy.
 */
export async function simulateIn(o: SimulateOptions, scratch?: Scratch): Promise<SimulateResult> {
  const given = sourcesOf(o);
  const ws = scratch ?? scratchCopy(given.project);
  try {
    return outOfCopy(ws, await simulateInCopy({ ...o, call: intoCopy(ws, o.call) }, intoCopy(ws, given)));
  } finally {
    if (!scratch) removeScratch(ws);
  }
}

/** A column up to the hooks it runs (synchronous: every column is set up before any hook starts). */
type Prepared = { host: DialectId; mode: Mode } & (
  | { absent: string }
  | { hc: HostCall; config: HostConfig; sel: Selection; notes: string[]; dir: string }
);

/** What every column of one simulate call shares: the source agent's call and how its hooks are set up and decided. */
interface CallState {
  from: DialectId;
  src: Sources;
  call: CheckedCall;
  baseEnv: NodeJS.ProcessEnv;
  session: Parameters<typeof decide>[3];
  /** The transcript --transcript named (resolved), if one was given. */
  given: string | undefined;
  /** An empty transcript: what a hook run as it is finds on a host that writes another format. */
  empty: string;
  /** What converted entries start. */
  runner: string;
  /** The commands of the hooks the source agent runs for this call. */
  meant: Set<string | undefined>;
  /** The directory of the files convert wrote for a host, where the column runs those. */
  written: (host: DialectId, mode: Mode) => string | undefined;
}

/** The transcript format an agent writes. */
const transcriptFormat = (d: DialectId) => mappings.dialects[d].payload?.transcript ?? 'unknown';

/** Sets up one column: the call as `host` sends it and the entries it runs, in `mode`; or why the host has no such
 * call.
 */
function prepareColumn(s: CallState, host: DialectId, mode: Mode): Prepared {
  const { from, src, call, given, empty, runner } = s;
  const notes: string[] = [];
  const dir = s.written(host, mode);
  // The host writes its own transcript: as it is, a hook of another agent's finds no conversation it can read
  // (test writes none in the host's format); through hook-bridge, `run` translates it into the source's.
  // Each column is a session of its own: a hook that keeps state per session (a first-call gate) must not see
  // another column's call, which runs at the same time in the same home directory.
  let c: CheckedCall =
    host === from && mode === 'as-is' ? call : { ...call, payload: { ...call.payload, session_id: randomUUID() } };
  if (mode === 'as-is' && transcriptFormat(host) !== transcriptFormat(from)) {
    c = { ...c, payload: { ...c.payload, transcript_path: empty } };
    if (given !== undefined)
      notes.push(
        `transcript: ${mappings.dialects[host].agent} writes ${transcriptFormat(host)}, which test does not ` +
          `produce: the hooks read an empty transcript`,
      );
  }
  if (dir !== undefined) c = movePaths(c, src.project, dir);
  const hc = hostCall(c, from, host, s.baseEnv);
  if ('absent' in hc) return { host, mode, absent: hc.absent };
  const config =
    dir !== undefined
      ? writtenConfig(from, host, movePaths(src.files, src.project, dir), dir)
      : mode === 'as-is'
        ? asIsConfig(from, host, src.files, src.project)
        : transcriptAsGiven(bridgedConfig(from, host, src.files, runner, src.project), runner);
  const at = dir ?? src.project;
  return { host, mode, hc, config, sel: selectEntries(host, config.entries, hc), notes, dir: at };
}

/** Runs one prepared column's hooks on its host and decides its row. */
async function runColumn(s: CallState, p: Prepared): Promise<SimulateRow> {
  const { host, mode } = p;
  if ('absent' in p)
    return {
      host,
      mode,
      decision: 'none',
      reason: null,
      context: [],
      hooks: [],
      notRun: [],
      notes: [p.absent],
      differs: [],
    };
  const { hc, config, sel, dir } = p;
  const { call, meant, baseEnv } = s;
  const r = await runOnHost(host, sel.run, hc, { projectDir: dir, env: hostEnv(host, baseEnv, dir) });
  const o = decide(host, r.answer, call.event, s.session, r.mode);
  const left = config.left
    .filter((x) => x.event === call.nativeEvent && meant.has(x.command))
    .map((x) => ({ where: x.where, ...(x.command !== undefined ? { command: x.command } : {}), why: x.why }));
  const notRun = [
    ...config.ignored.map((x) => ({ where: x.file, why: x.why })),
    ...left,
    ...sel.notRun.filter((x) => meant.has(x.command)).map(({ entry: _, ...x }) => x),
  ];
  return {
    host,
    mode,
    decision: o.decision,
    reason: o.reason ?? null,
    context: o.context,
    ...(o.systemMessage !== undefined ? { systemMessage: o.systemMessage } : {}),
    ...(o.updatedInput ? { updatedInput: o.updatedInput } : {}),
    hooks: r.runs.map(report),
    notRun,
    notes: [...p.notes, ...hc.notes, ...r.notes, ...o.notes],
    differs: [],
  };
}

async function simulateInCopy(o: SimulateOptions, src: Sources): Promise<SimulateResult> {
  const from = src.from;
  const hosts = hostsOf(from, o.to);
  const baseEnv = o.env ?? process.env;
  const headless = o.headless === true;
  const nativeMode = checkPermissionMode(from, o.permissionMode ?? defaultPermissionMode(from));
  const session = { headless, permissionMode: mappings.dialects[from].payload?.permissionModes[nativeMode] };
  const modes: Mode[] = o.modes ?? ['as-is', 'bridged'];
  const written = (host: DialectId, mode: Mode) => (mode === 'bridged' ? o.converted?.[host] : undefined);
  // Converted entries start the runner given, or this install's; entries as written start what they name.
  const inMemory = hosts.some((h) => modes.includes('bridged') && written(h, 'bridged') === undefined);
  const runner = o.runner ?? (inMemory ? defaultRunner() : 'hook-bridge');
  const tmp = mkdtempSync(join(tmpdir(), 'hook-bridge-test-'));
  try {
    const given = o.transcript === undefined ? undefined : resolve(o.transcript);
    if (given !== undefined && !existsSync(given))
      throw new HookBridgeError('no such file (--transcript)', o.transcript);
    const transcript = given ?? join(tmp, 'transcript.jsonl');
    const empty = join(tmp, 'other-agent-transcript.jsonl');
    writeFileSync(empty, '');
    if (given === undefined) writeFileSync(transcript, '');
    const call = checkCall(from, o.call, {
      cwd: src.project,
      transcriptPath: transcript,
      sessionId: randomUUID(),
      permissionMode: nativeMode,
    });
    // A hook a host does not run is worth saying only where the source agent runs it for this call.
    const refCall = hostCall(call, from, from, baseEnv);
    const meant = new Set(
      'absent' in refCall
        ? []
        : selectEntries(from, asIsConfig(from, from, src.files, src.project).entries, refCall).matched.map(
            (e) => e.hook.command,
          ),
    );
    const s: CallState = { from, src, call, baseEnv, session, given, empty, runner, meant, written };
    const prepare = (host: DialectId, mode: Mode) => prepareColumn(s, host, mode);
    const prepared = [prepare(from, 'as-is'), ...hosts.flatMap((h) => modes.map((m) => prepare(h, m)))];
    // Every hook running at once listens for the signals that must take its process group down (run's runScript):
    // more than Node's default of 10 listeners is expected here, not a leak. Raised and lowered by this call's share
    // (not reset), so that calls running at once (a library user's, a test suite's) keep each other's.
    const running = prepared.reduce((n, p) => n + ('sel' in p ? p.sel.run.length : 0), 0);
    process.setMaxListeners(process.getMaxListeners() + running);
    let rows: SimulateRow[];
    try {
      rows = await Promise.all(prepared.map((p) => runColumn(s, p)));
    } finally {
      process.setMaxListeners(process.getMaxListeners() - running);
    }
    const ref = rows[0]!;
    for (const row of rows.slice(1)) row.differs = differences(row, ref);
    return {
      from,
      project: src.project,
      event: call.nativeEvent,
      ...(typeof call.payload.tool_name === 'string' ? { tool: call.payload.tool_name } : {}),
      ...(call.payload.tool_input && typeof call.payload.tool_input === 'object'
        ? { input: call.payload.tool_input as Record<string, unknown> }
        : {}),
      headless,
      sources: src.files.map((f) => f.file),
      results: rows,
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** 1 when a host decides otherwise through hook-bridge than the source agent does (for CI), else 0. */
export const simulateExitCode = (r: SimulateResult): 0 | 1 =>
  r.results.some((x) => x.mode === 'bridged' && decidesOtherwise(x)) ? 1 : 0;
