// The real-project suite's harness (issue 29): for each copied project (test/real-projects/<owner>__<repo>/) and each
// agent hook-bridge converts to, `convert` writes the project for that agent in a temp copy, and a battery of calls is
// decided twice by `hook-bridge test`'s engine (src/simulate): by the original hooks under their own agent (the
// reference), and by that agent reading what convert wrote (SimulateOptions.converted). Also measured: whether the
// runs left the project as it was, whether `convert --remove` gives it back byte for byte, and how many times the
// agent starts hook-bridge for each call.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { convertUnits } from '../../src/convert/units.js';
import { findUnits, unitLabel } from '../../src/dialects/marketplace.js';
import { nativeEvent, renameParams, toolEntry } from '../../src/dialects/catalog.js';
import { DIALECT_IDS, REFERENCE_DIALECT, type DialectId } from '../../src/model/dialect-ids.js';
import { mappings } from '../../src/model/mappings.js';
import { askRelaysSafely } from '../../src/run/emit.js';
import type { Call } from '../../src/simulate/call.js';
import { simulate, type SimulateOptions, type SimulateResult, type SimulateRow } from '../../src/simulate/simulate.js';
import { BATTERY, setupOf, type BatteryCall, type ProjectSetup } from './projects.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const FIXTURES = resolve(import.meta.dirname);

/** Set: only the projects whose name this regular expression matches are run (the docs table needs them all). */
export const ONLY = process.env.HOOK_BRIDGE_REAL_PROJECTS_ONLY;

/** The copied projects: every `<owner>__<repo>` folder here, with its ORIGIN.json (those ONLY matches, when set). */
export function projectNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((d) => d.includes('__') && existsSync(join(FIXTURES, d, 'ORIGIN.json')))
    .filter((d) => ONLY === undefined || new RegExp(ONLY).test(d))
    .sort();
}

export interface Origin {
  repo: string;
  url: string;
  commit: string;
  license: string;
  copied: string[];
  changes: string;
  notes?: string;
}

export const origin = (name: string): Origin =>
  JSON.parse(readFileSync(join(FIXTURES, name, 'ORIGIN.json'), 'utf8')) as Origin;

/** The agents a project's hooks are converted to: every agent but its own (a format with no runner is no agent). */
export const hostsFor = (from: DialectId): DialectId[] =>
  DIALECT_IDS.filter((d) => d !== from && mappings.dialects[d].payloadDialect === undefined);

/** A decision and whether context reached the model: what is compared. */
export type Outcome = string;
const outcomeOf = (r: SimulateRow): Outcome => (r.context.join('').trim() ? `${r.decision}+context` : r.decision);

/** A hook a column ran: where (its file and path in the project, as `hook-bridge test` names it) and its exit. */
export interface Ran {
  where: string;
  exit: number | null;
}

export interface CallResult {
  call: string;
  /** In a marketplace: the plugin whose hooks the call was tried on (`plugin foo (plugins/foo)`). */
  unit?: string;
  reference: Outcome;
  bridged: Outcome;
  /** The agent reading the project as it is (its own files, or another agent's copied into its own): `test`'s as-is
   * column, what `audit --target <agent>` speaks of.
   */
  asIs: Outcome;
  /** The hooks each column ran (the reference's, the agent's as is, the agent's through hook-bridge). */
  ran: { reference: Ran[]; asIs: Ran[]; bridged: Ran[] };
  /** hook-bridge starts by the host for the call (entries it runs whose command starts hook-bridge). */
  starts: number;
  /** Hooks the source agent runs for the call (none: no hook watches it, and the host should start nothing). */
  watched: number;
  /** Why the host decides otherwise by its own documented rules (its data), where it does. */
  limit?: string;
  /** The reference's and the host's notes, for a difference's report. */
  detail?: string;
}

export interface HostResult {
  host: DialectId;
  /** Why convert would not write the project for this agent (then nothing else is tried). */
  convertError?: string;
  /** Paths `convert` then `convert --remove` did not give back as they were. */
  removeDiff: string[];
  calls: CallResult[];
}

export interface ProjectResult {
  name: string;
  from: DialectId;
  /** Paths the runs of the original hooks (as `hook-bridge test` runs them) changed in the project. */
  sideEffects: string[];
  hosts: HostResult[];
  ms: number;
}

/** Every file, symlink and directory under `dir` (but .git) with its content hash and mode. */
export function treeHash(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = join(d, f);
      const rel = relative(dir, p);
      if (rel === '.git') continue;
      const st = lstatSync(p);
      if (st.isSymbolicLink()) out.set(rel, `link ${readlinkSync(p)}`);
      else if (st.isDirectory()) {
        out.set(`${rel}/`, 'dir');
        walk(p);
      } else
        out.set(rel, `${(st.mode & 0o777).toString(8)} ${createHash('sha256').update(readFileSync(p)).digest('hex')}`);
    }
  };
  walk(dir);
  return out;
}

/** The paths whose entry differs between two tree hashes. */
export function treeDiff(a: Map<string, string>, b: Map<string, string>): string[] {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].filter((k) => a.get(k) !== b.get(k)).sort();
}

/** A call of the battery in the source agent's own terms (undefined: the source agent has no such event or tool). */
export function callIn(from: DialectId, c: BatteryCall, project: string): Call | undefined {
  const event = nativeEvent(from, c.event);
  if (!event) return undefined;
  const at = (v: unknown): unknown =>
    typeof v === 'string' && v.startsWith('<project>/') ? join(project, v.slice('<project>/'.length)) : v;
  const out: Call = { event };
  if (c.tool) {
    const entry = toolEntry(from, c.tool);
    if (!entry) return undefined;
    out.tool = entry.name;
    const input = Object.fromEntries(Object.entries(c.input ?? {}).map(([k, v]) => [k, at(v)]));
    out.input = renameParams(input, undefined, entry);
    // A parameter the agent always sends (Copilot CLI's bash `description`) is there in the real call too.
    for (const k of entry.required ?? []) out.input[k] ??= `${c.id} (the real-project suite)`;
  }
  if (c.prompt !== undefined) out.prompt = c.prompt;
  if (c.event === 'post-tool-use' && c.tool) out.response = responseIn(from, c.tool, out.input ?? {});
  return out;
}

/** A tool's successful result in the shape the source agent sends its hooks (tools.yaml `response`). */
function responseIn(from: DialectId, tool: string, input: Record<string, unknown>): unknown {
  const shape = toolEntry(from, tool)?.response;
  const text = tool === 'shell' ? 'README.md\nsrc\n' : `File created successfully at: ${String(input.file_path)}`;
  if (shape === 'llm-text') return { llmContent: text, returnDisplay: text };
  if (!Array.isArray(shape)) return text;
  const known: Record<string, unknown> = {
    stdout: text,
    stderr: '',
    interrupted: false,
    isImage: false,
    noOutputExpected: false,
    type: 'create',
    filePath: input.file_path,
    content: input.content,
    structuredPatch: [],
    originalFile: null,
    userModified: false,
  };
  return Object.fromEntries(shape.filter((k) => k in known).map((k) => [k, known[k]]));
}

/** The directory of stub programs on PATH (`hook-bridge` itself: this build's bin; a project's own stubs). */
export function binDir(work: string, setup: ProjectSetup, project: string): string {
  const bin = join(work, 'bin');
  mkdirSync(bin, { recursive: true });
  const write = (name: string, text: string) => {
    writeFileSync(join(bin, name), text);
    chmodSync(join(bin, name), 0o755);
  };
  write(
    'hook-bridge',
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, 'bin/hook-bridge.cjs'))} "$@"\n`,
  );
  for (const s of setup.stubs ?? []) write(s.name, s.script.replaceAll('<fixture>', project));
  return bin;
}

/**
 * A copy of the project: a git repository of its own (some hooks and agents find the project by its top level). A
 * marketplace's copy is not one: each plugin is tried in its own directory (`hook-bridge test` copies that alone), and
 * a hook that asks git about it must get the same answer in every column.
 */
function copyProject(src: string, dest: string): void {
  cpSync(src, dest, { recursive: true, preserveTimestamps: true });
  rmSync(join(dest, 'ORIGIN.json'), { force: true });
  if (findUnits(dest).units.length === 1) execFileSync('git', ['init', '-q', dest]);
}

/**
 * Why the host decides otherwise than the reference by a documented rule of its own (mappings/dialects/<host>.yaml),
 * where it does: the call never happens there (no such event or tool), an ask it does not relay, an allow that cannot
 * bypass its permission check, a block it drops, context it does not pass on for the event. undefined: no rule of the
 * host explains it (a bug, or a limit nobody documented).
 */
export function limitOf(row: SimulateRow, ref: SimulateRow, event: string): string | undefined {
  const spec = mappings.dialects[row.host];
  const out = spec.output;
  const absent = row.notes.find((n) => /never fires there|never happens there/.test(n));
  if (absent && row.hooks.length === 0) return absent;
  if (ref.decision !== row.decision) {
    if (ref.decision === 'ask') {
      const said = row.notes.find((n) => /\bask\b/.test(n));
      if (said) return said;
      // hook-bridge's decided behaviour where the host may not ask the user: the wrapper denies (never lets it run).
      // The suite runs the host headless: where the host asks only in its terminal UI (Gemini CLI), that is a deny.
      if (row.decision === 'deny' && out?.interactiveSession)
        return (
          `${spec.agent} asks on a hook's ask only in its terminal UI and hangs headless: hook-bridge relays it ` +
          `only in an interactive session (output.interactiveSession), and this run is headless`
        );
      if (row.decision === 'deny' && out?.askInteractive === 'prompt' && !askRelaysSafely(row.host))
        return (
          `what ${spec.agent} does with a hook's ask when nobody is there is not known (output.askHeadless: ` +
          `${String(out.askHeadless)}): hook-bridge denies rather than risk a hang`
        );
      if (row.decision === 'deny' && out && out.askInteractive !== 'prompt')
        return (
          `whether ${spec.agent} asks the user on a hook's ask is not known (output.askInteractive: ` +
          `${String(out.askInteractive)}): hook-bridge denies instead`
        );
      return undefined;
    }
    if (ref.decision === 'allow' && row.decision === 'none' && out && out.allowBypassesPermissions !== true)
      return (
        `${spec.agent} does not let a hook's allow bypass its permission check ` +
        `(output.allowBypassesPermissions: ${String(out.allowBypassesPermissions)})`
      );
    if (ref.decision === 'block') return row.notes.find((n) => /does not pass a .* block|ignores Stop blocks/.test(n));
    return undefined;
  }
  const context = (r: SimulateRow) => r.context.join('').trim() !== '';
  const carried = out?.additionalContext?.[event];
  if (context(ref) && !context(row) && carried !== 'to-model')
    return carried === undefined || carried === 'unknown'
      ? `whether ${spec.agent} passes a hook's context to the model on this event is not known ` +
          `(output.additionalContext: ${carried ?? 'not stated'}): hook-bridge gives none`
      : `${spec.agent} does not pass a hook's context to the model on this event ` +
          `(output.additionalContext: ${carried})`;
  return undefined;
}

// An in-process host (Pi, OpenCode) runs its entries in its own process through hook-bridge's engine, loaded once: none
// starts hook-bridge (bench/in-process.mjs counts them). An event-file host (Cline) runs the event's file on every call
// of the event, which starts hook-bridge once (`hook-bridge event-file`), whether a hook's matcher takes the call or
// not.
const countStarts = (row: SimulateRow, converted: string, event: string): number => {
  const { inProcess, eventFiles } = mappings.dialects[row.host as DialectId].config;
  if (inProcess) return 0;
  if (eventFiles) return eventFilesOf(row.host as DialectId, event).some((f) => existsSync(join(converted, f))) ? 1 : 0;
  return row.hooks.filter((h) => /^hook-bridge (run|dispatch)\b/.test(h.command)).length;
};

/** The event files an event-file host runs on a call of the (canonical) event, relative to the project. */
function eventFilesOf(host: DialectId, event: string): string[] {
  const ef = mappings.dialects[host].config.eventFiles;
  const native = nativeEvent(REFERENCE_DIALECT, event);
  if (!ef || !native) return [];
  return Object.entries(ef.files)
    .filter(([, events]) => events.includes(native))
    .map(([file]) => join(ef.dir, file));
}

/** Run the suite on one project. */
/** A hook killed by its timeout, run by the host itself or inside a `dispatch` entry (which says so on stderr). */
export const hookTimedOut = (r: SimulateResult): boolean =>
  r.results.some((x) => x.hooks.some((h) => h.timedOut || h.stderr?.includes('hook-bridge: the hook timed out after')));

/**
 * `simulate`, tried again (twice at most) while a hook timed out. A hook killed by its timeout answered nothing: with
 * the rest of the test suite running beside it on 2 cores, a real hook with a timeout of a few seconds can be, which
 * says nothing about hook-bridge (a decision test must not hinge on a real hook's timeout racing the suite's load).
 * `beforeEach` runs before each try (a test that counts what a try starts starts counting again).
 */
export async function simulateSettled(o: SimulateOptions, beforeEach?: () => void): Promise<SimulateResult> {
  beforeEach?.();
  let r = await simulate(o);
  for (let retry = 0; retry < 2 && hookTimedOut(r); retry++) {
    beforeEach?.();
    r = await simulate(o);
  }
  return r;
}

export async function runProject(name: string, setup: ProjectSetup): Promise<ProjectResult> {
  const started = Date.now();
  const fixture = join(FIXTURES, name);
  const work = mkdtempSync(join(tmpdir(), 'hb-real-'));
  try {
    const home = join(work, 'home');
    mkdirSync(home);
    const orig = join(work, 'project');
    copyProject(fixture, orig);
    const before = treeHash(orig);
    const from = setup.from ?? 'claude';
    const bin = binDir(work, setup, orig);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...setup.env,
      HOME: home,
      PATH: `${bin}:${process.env.PATH ?? ''}`,
    };
    const hosts: HostResult[] = [];
    const converted: Partial<Record<DialectId, string>> = {};
    for (const host of hostsFor(from)) {
      const dir = join(work, host);
      copyProject(fixture, dir);
      const result: HostResult = { host, removeDiff: [], calls: [] };
      hosts.push(result);
      try {
        // As `hook-bridge convert <dir>` does: a marketplace's plugins each in its own directory (convert/units.ts).
        await convertUnits({ inputs: [dir], from, to: [host], env, home });
      } catch (e) {
        result.convertError = (e as Error).message;
        continue;
      }
      converted[host] = dir;
      const removed = join(work, `${host}-removed`);
      cpSync(dir, removed, { recursive: true, preserveTimestamps: true });
      await convertUnits({ inputs: [removed], from, to: [host], remove: true, env, home });
      result.removeDiff = treeDiff(before, treeHash(removed));
    }
    const to = hosts.filter((h) => !h.convertError).map((h) => h.host);
    // A marketplace: each plugin with hooks is tried as `hook-bridge test` tries it, in its own directory.
    const units = findUnits(orig).units;
    const tried = units.length > 1 ? units.filter((u) => u.via !== 'root') : units;
    for (const unit of tried) {
      const rel = relative(orig, unit.dir);
      const label = units.length > 1 ? unitLabel(unit, orig) : undefined;
      const at = Object.fromEntries(Object.entries(converted).map(([h, d]) => [h, join(d, rel)]));
      await tryBattery(join(orig, rel), at, label);
    }
    return { name, from, sideEffects: treeDiff(before, treeHash(orig)), hosts, ms: Date.now() - started };
    async function tryBattery(projectDir: string, convertedAt: typeof converted, label: string | undefined) {
      for (const c of [...BATTERY, ...(setup.calls ?? [])]) {
        const call = callIn(from, c, projectDir);
        if (!call || !to.length) continue;
        const r = await simulateSettled({
          inputs: [projectDir],
          from,
          to,
          call,
          converted: convertedAt,
          modes: ['as-is', 'bridged'],
          env,
        });
        const ref = r.results[0]!;
        // Where a hook is, relative to its copy of the project (the copies are temp directories).
        const ran = (x: SimulateRow): Ran[] =>
          x.hooks.map((h) => ({
            where: h.where.startsWith(`${work}/`) ? h.where.slice(work.length + 1).replace(/^[^/]+\//, '') : h.where,
            exit: h.exitCode,
          }));
        for (const row of r.results.slice(1).filter((x) => x.mode === 'bridged')) {
          const asIs = r.results.slice(1).find((x) => x.mode === 'as-is' && x.host === row.host)!;
          const reference = outcomeOf(ref);
          const bridged = outcomeOf(row);
          const limit = reference === bridged ? undefined : limitOf(row, ref, c.event);
          const out: CallResult = {
            call: c.id,
            ...(label ? { unit: label } : {}),
            reference,
            bridged,
            asIs: outcomeOf(asIs),
            ran: { reference: ran(ref), asIs: ran(asIs), bridged: ran(row) },
            starts: countStarts(row, convertedAt[row.host]!, c.event),
            watched: ref.hooks.length,
          };
          if (limit) out.limit = limit;
          if (reference !== bridged)
            out.detail =
              `reference: ${ref.reason ?? ''} ${ref.notes.join('; ')} | ${row.host}: ${row.reason ?? ''} ` +
              `${row.notes.join('; ')} ${row.hooks.map((h) => `[exit ${h.exitCode}] ${h.stderr ?? ''}`).join(' ')}`;
          hosts.find((h) => h.host === row.host)!.calls.push(out);
        }
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** What the results depend on besides a project's files: hook-bridge's code and data, this suite, Node's version. */
function codeKey(): string {
  const h = createHash('sha256').update(process.version);
  const add = (dir: string) => {
    const abs = join(ROOT, dir);
    if (!existsSync(abs)) return;
    for (const [k, v] of treeHash(abs)) h.update(`${dir}/${k} ${v}\n`);
  };
  for (const d of ['src', 'mappings', 'dist', 'bin']) add(d);
  // This suite's code that makes the results (not the table, nor the list of known issues, which only read them; a
  // project's setup and the battery are in each project's key).
  for (const f of ['harness.ts'])
    h.update(
      `${f} ${createHash('sha256')
        .update(readFileSync(join(FIXTURES, f)))
        .digest('hex')}\n`,
    );
  return h.digest('hex');
}

/** Where results are kept between runs on this machine (a fresh clone, as CI's, has none: everything runs). */
const CACHE = join(ROOT, 'node_modules/.cache/hook-bridge-real-projects');

/**
 * Every project's results: from the cache where neither the project's files nor hook-bridge's code, data or this suite
 * changed since they were made (HOOK_BRIDGE_REAL_PROJECTS_CACHE=off: none), else run, a few projects at a time.
 */
export async function runAll(names: string[], concurrency = 2): Promise<ProjectResult[]> {
  if (!existsSync(join(ROOT, 'dist/run.cjs'))) throw new Error('hook-bridge is not built: npm run build');
  const useCache = process.env.HOOK_BRIDGE_REAL_PROJECTS_CACHE !== 'off';
  const code = codeKey();
  const keyOf = (name: string) => {
    const h = createHash('sha256')
      .update(code)
      .update(JSON.stringify([BATTERY, setupOf(name)]));
    for (const [k, v] of treeHash(join(FIXTURES, name))) h.update(`${k} ${v}\n`);
    return h.digest('hex').slice(0, 32);
  };
  const out: ProjectResult[] = new Array(names.length);
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const i = next++;
      const name = names[i]!;
      const file = join(CACHE, `${name}.${keyOf(name)}.json`);
      if (useCache && existsSync(file)) {
        out[i] = JSON.parse(readFileSync(file, 'utf8')) as ProjectResult;
        continue;
      }
      out[i] = await runProject(name, setupOf(name));
      mkdirSync(CACHE, { recursive: true });
      for (const old of readdirSync(CACHE).filter((f) => f.startsWith(`${name}.`))) rmSync(join(CACHE, old));
      writeFileSync(file, JSON.stringify(out[i]));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}
