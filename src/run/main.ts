// `hook-bridge run`: the hot path. Bundled alone into dist/run.cjs: hand-parsed arguments, compiled
// mappings as a plain object, child_process directly — no commander, zod, yaml or execa here.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { aggregate, readAnswer, type Answer, type ScriptResult } from './answer.js';
import { emit, withStderr, type HostReply } from './emit.js';
import { hostProjectDir, translatePayload, translateResponse, type Payload } from './payload.js';
import { callOfPatch, joinPatch, partId, splitPatch, type FileCall } from './patch-calls.js';
import { PatchError } from './apply-patch.js';
import { embeddedIn, runEach } from './embedded.js';
import { canonicalEvent, canonicalTool, renameParams, toolEntry } from '../dialects/catalog.js';
import { DIALECT_IDS, isDialectId, type DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { preloadTranscripts, syncTranscripts } from './transcripts.js';
import { TRANSCRIPT_MODES, type TranscriptMode } from './reads-transcript.js';
import { isObject } from '../model/is-object.js';
import { formatHostHelp, RUN_HELP, usageLine } from './help.js';

export const MAX_PAYLOAD = 10 * 1024 * 1024;
/** How long output may still arrive after the script exited while something else holds its pipes. */
const EXIT_GRACE_MS = 100;
/** Events where a hook can stop something: hook-bridge's own failures fail closed here. */
const BLOCKING = new Set(['pre-tool-use', 'user-prompt-submit', 'permission-request']);
export const isBlocking = (event: string | undefined): boolean => event !== undefined && BLOCKING.has(event);

/** The host's event name in a payload that could not be parsed (or was too large to keep). */
const guessHostEvent = (text: string) => /"hook_event_name"\s*:\s*"([^"]+)"/.exec(text)?.[1];

export interface RunArgs {
  from: DialectId;
  to: DialectId;
  timeoutS?: number;
  onError: 'deny' | 'allow';
  onTimeout?: 'allow' | 'deny';
  /** Unset: relay `ask` where that fails closed on the host, else deny (emit.ts askRelaysSafely). */
  ask?: 'ask' | 'deny' | 'allow';
  rewrite: 'deny' | 'ignore';
  /** The plugin the hook comes from: the script agent's plugin-root variable is set to it. */
  pluginRoot?: string;
  /** Hosts that share one config file (`--to codebuddy,codebuddy-ide`); `to` is the first. */
  hosts?: DialectId[];
  /** Write the host's todo list where the script's agent keeps it (~/.claude/todos/…): opt-in, it writes under the user's home. */
  emulateTodos?: boolean;
  /**
   * Where the host makes one call that the script's agent makes as several (Codex CLI's apply_patch: a Write or
   * Edit per file, rm and mv as Bash): run the script only for the calls to these tools (canonical ids; given
   * by the script agent's names). convert writes it from the hook's matcher, which the host cannot express.
   */
  calls?: string[];
  /** Translate the host's transcript for the script: always, never, or (unset = auto) when the script may read it. */
  transcript?: TranscriptMode;
  /** -c string, or argv after -- */
  command: string | string[];
}

export class UsageError extends Error {}

function badCall(name: string, from: DialectId): never {
  throw new UsageError(`--calls takes ${mappings.dialects[from].agent} tool names, comma-separated; "${name}" is none`);
}

export function parseArgs(argv: string[]): RunArgs | 'help' {
  const o: Partial<RunArgs> & Record<string, unknown> = { onError: 'deny', rewrite: 'deny' };
  const choice = <T extends string>(flag: string, v: string | undefined, allowed: readonly T[]): T => {
    if (v === undefined || !allowed.includes(v as T)) throw new UsageError(`${flag} takes ${allowed.join('|')}${v === undefined ? '' : `, got "${v}"`}`);
    return v as T;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = argv[i + 1];
    const take = () => {
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      i++;
      return v;
    };
    if (a === '-h' || a === '--help') return 'help';
    else if (a === '--from' || a === '--to') {
      const list = take().split(',');
      for (const d of list) if (!isDialectId(d)) throw new UsageError(`unknown dialect "${d}" for ${a}`);
      if (a === '--from' && list.length > 1) throw new UsageError('--from takes one dialect');
      o[a.slice(2)] = list[0];
      if (list.length > 1) o.hosts = list as DialectId[];
    } else if (a === '--timeout') {
      const n = Number(take());
      if (!(n > 0)) throw new UsageError(`--timeout takes a positive number of seconds, got "${v}"`);
      o.timeoutS = n;
    } else if (a === '--on-error') o.onError = choice(a, take(), ['deny', 'allow'] as const);
    else if (a === '--on-timeout') o.onTimeout = choice(a, take(), ['allow', 'deny'] as const);
    else if (a === '--ask') o.ask = choice(a, take(), ['ask', 'deny', 'allow'] as const);
    else if (a === '--rewrite') o.rewrite = choice(a, take(), ['deny', 'ignore'] as const);
    else if (a === '--plugin-root') o.pluginRoot = take();
    else if (a === '--emulate-todos') o.emulateTodos = true;
    else if (a === '--calls') o.calls = take().split(',');
    else if (a === '--transcript') o.transcript = choice(a, take(), TRANSCRIPT_MODES);
    else if (a === '-c') o.command = take();
    else if (a === '--') {
      o.command = argv.slice(i + 1);
      break;
    } else throw new UsageError(`unknown option "${a}"`);
  }
  if (!o.from || !o.to) throw new UsageError('--from and --to are required');
  if (o.calls) o.calls = o.calls.map((n) => canonicalTool(o.from!, n) ?? badCall(n, o.from!));
  if (o.command === undefined || (Array.isArray(o.command) && !o.command.length)) throw new UsageError("a command is required: -c '<command>' or -- <command> [args...]");
  return o as RunArgs;
}

/** A payload over MAX_PAYLOAD: only its head is kept, to tell which event it was. */
export interface TooLarge {
  tooLarge: true;
  head: string;
}

export function readStdin(): Promise<Buffer | TooLarge> {
  // Read synchronously (no stdin stream to set up on every tool call); a non-blocking stdin (EAGAIN) falls back to the stream.
  const chunks: Buffer[] = [];
  let size = 0;
  const take = (c: Buffer): TooLarge | undefined => {
    size += c.length;
    // Over the limit: answer now, but keep draining (and discarding) stdin, so the host's write does not fail with EPIPE.
    if (size <= MAX_PAYLOAD) chunks.push(c);
    else if (chunks.length || size === c.length) {
      const head = { tooLarge: true as const, head: Buffer.concat([...chunks, c]).subarray(0, 65536).toString('utf8') };
      chunks.length = 0;
      return head;
    }
    return undefined;
  };
  let tooLarge: TooLarge | undefined;
  try {
    for (;;) {
      const buf = Buffer.allocUnsafe(65536);
      const n = readSync(0, buf, 0, buf.length, null);
      if (n === 0) return Promise.resolve(tooLarge ?? Buffer.concat(chunks));
      tooLarge = take(buf.subarray(0, n)) ?? tooLarge;
    }
  } catch {
    /* EAGAIN (a non-blocking stdin) or another error: the stream takes over where the reads stopped */
  }
  return new Promise((resolve, reject) => {
    if (tooLarge) resolve(tooLarge);
    process.stdin.on('data', (c: Buffer) => {
      const t = take(c);
      if (t) resolve(t);
    });
    process.stdin.on('end', () => resolve(Buffer.concat(chunks)));
    process.stdin.on('error', reject);
  });
}

/**
 * Exec form (Claude's `command` + `args`, no shell): the agent substitutes its path placeholders
 * (`${CLAUDE_PROJECT_DIR}`, `${CLAUDE_PLUGIN_ROOT}`) in each element as plain strings; nothing else is expanded.
 */
export function execPlaceholders(arg: string, from: RunArgs['from'], env: NodeJS.ProcessEnv): string {
  const e = mappings.dialects[from].env;
  const names = new Set([...(e?.projectDir ?? []), ...(e?.pluginRoot ? [e.pluginRoot] : [])]);
  return arg.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (m, v: string) => (names.has(v) && env[v] !== undefined ? env[v]! : m));
}

/** Run the script in its own process group; kill the whole group on timeout. */
export function runScript(args: Pick<RunArgs, 'from' | 'command'>, input: string, env: NodeJS.ProcessEnv, cwd: string, timeoutMs: number): Promise<ScriptResult & { spawnError?: string }> {
  return new Promise((resolve) => {
    let file: string;
    let argv: string[];
    if (typeof args.command === 'string') {
      const shell = mappings.dialects[args.from].shell ?? ['/bin/sh', '-c'];
      file = shell[0] === '$SHELL' ? env.SHELL || '/bin/sh' : shell[0]!;
      argv = [...shell.slice(1), args.command];
    } else [file, ...argv] = (args.command as [string, ...string[]]).map((a) => execPlaceholders(a, args.from, env)) as [string, ...string[]];
    // The script runs in its own process group (so a timeout can kill all of it): when the host stops
    // hook-bridge (its own timeout, an interrupt), take the script's whole group down too. The handlers go
    // in before the spawn, so that no signal can arrive while the script runs and nobody is listening.
    let pid: number | undefined;
    const killGroup = (sig: NodeJS.Signals) => {
      try {
        if (pid) process.kill(-pid, sig);
      } catch {
        /* already gone */
      }
    };
    const onSignal = (sig: NodeJS.Signals) => {
      killGroup('SIGKILL');
      process.exit(sig === 'SIGINT' ? 130 : sig === 'SIGHUP' ? 129 : 143);
    };
    const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];
    for (const sig of signals) process.once(sig, onSignal);
    const child = spawn(file, argv, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    pid = child.pid;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    let settled = false;
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), 1000).unref();
    }, timeoutMs);
    const finish = (exitCode: number | null, spawnError?: string) => {
      if (settled) return;
      settled = true;
      for (const sig of signals) process.removeListener(sig, onSignal);
      clearTimeout(timer);
      if (timedOut) killGroup('SIGKILL');
      resolve({ exitCode: timedOut ? null : exitCode, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), timedOut, ...(spawnError ? { spawnError } : {}) });
    };
    child.on('error', (e: NodeJS.ErrnoException) => finish(null, `cannot start ${file} in ${cwd}: ${e.code ?? e.message}`));
    child.on('close', (code) => finish(code));
    // The answer is read when the script exits, as Claude Code does — not when its pipes close: a background
    // process it started may hold stdout open long past the host's timeout. After a short grace for output
    // still in the pipe, the rest of its process group goes down and the answer is read as it is.
    child.on('exit', (code) => {
      setTimeout(() => {
        if (settled) return;
        killGroup('SIGKILL');
        setTimeout(() => {
          child.stdout.destroy();
          child.stderr.destroy();
          finish(code);
        }, EXIT_GRACE_MS).unref();
      }, EXIT_GRACE_MS).unref();
    });
    // Scripts that never read stdin must not fail us (EPIPE) or hang.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

export function ownFailure(event: string | undefined, hostEvent: string, args: Pick<RunArgs, 'to' | 'onError'>, message: string): HostReply {
  const msg = `hook-bridge: ${message}`;
  if (!isBlocking(event) || args.onError === 'allow') return withStderr({ stdout: '', stderr: '', exitCode: 0 }, args.to, [msg]);
  // Fail closed, with the reason: the host blocks, the model and the user learn why.
  return emit(
    event === 'user-prompt-submit' ? { block: true, reason: msg, context: [] } : { decision: 'deny', reason: msg, context: [] },
    { host: args.to, script: args.to, event, hostEvent, tool: undefined, hostTool: undefined },
    { ask: 'deny', rewrite: 'deny' },
  );
}


/** A host payload, parsed and checked; or the reply for hook-bridge's own failure. */
export type ParsedPayload = { payload: Payload; event: string | undefined; hostEvent: string };

export function parseHostPayload(args: Pick<RunArgs, 'to' | 'onError'>, raw: Buffer | TooLarge): ParsedPayload | { failed: HostReply } {
  if (!Buffer.isBuffer(raw)) {
    // A huge PostToolUse (a big tool_response) must not turn into a deny: fail by the event the head names.
    const hostEvent = guessHostEvent(raw.head) ?? 'PreToolUse';
    return { failed: ownFailure(canonicalEvent(args.to, hostEvent) ?? 'pre-tool-use', hostEvent, args, `payload larger than ${MAX_PAYLOAD} bytes`) };
  }
  const text = raw.toString('utf8');
  let payload: Payload;
  try {
    const v: unknown = JSON.parse(text);
    if (!isObject(v)) throw new Error('not an object');
    payload = v;
  } catch {
    const hostEvent = guessHostEvent(text) ?? 'PreToolUse';
    return { failed: ownFailure(canonicalEvent(args.to, hostEvent) ?? 'pre-tool-use', hostEvent, args, `the ${args.to} payload on stdin is not a JSON object`) };
  }
  const hostEvent = typeof payload.hook_event_name === 'string' ? payload.hook_event_name : undefined;
  const event = hostEvent ? canonicalEvent(args.to, hostEvent) : undefined;
  const fail = (m: string) => ({ failed: ownFailure(event ?? 'pre-tool-use', hostEvent ?? 'PreToolUse', args, m) });
  if (!hostEvent) return fail('the payload has no hook_event_name string');
  if (payload.tool_name !== undefined && typeof payload.tool_name !== 'string') return fail('tool_name is not a string');
  if (payload.tool_input !== undefined && !isObject(payload.tool_input)) return fail('tool_input is not an object');
  return { payload, event, hostEvent };
}

/** Qwen re-fires UserPromptSubmit with prompt "" after every tool batch; no other agent's script expects it. */
export const isQwenRefire = (host: DialectId, script: DialectId, p: ParsedPayload) => host === 'qwen' && script !== 'qwen' && p.event === 'user-prompt-submit' && p.payload.prompt === '';

export interface HookRun {
  answer: Answer;
  /** The script's stderr, to pass through. */
  stderr: string;
  /** hook-bridge's own note about the run (a timeout). */
  note?: string;
  /** hook-bridge could not run the script (not startable): the caller fails by --on-error. */
  failure?: string;
  /** The script dialect's tool id of the call, for emit. */
  tool: string | undefined;
}

/**
 * The session-environment file the script's agent gives this event's hooks (Claude Code: CLAUDE_ENV_FILE on
 * SessionStart), made by hook-bridge where the host does not give that same file. `set -u` scripts that append
 * `export` lines to it would otherwise die with "unbound variable".
 */
function sessionEnvFile(script: DialectId, host: DialectId, event: string | undefined, env: NodeJS.ProcessEnv): { var: string; path: string } | undefined {
  const f = mappings.dialects[script].env?.envFile;
  if (!f?.providedByAgent || !event || !f.events.includes(event) || (host === script && env[f.var])) return undefined;
  const path = join(mkdtempSync(join(tmpdir(), 'hook-bridge-env-')), 'env.sh');
  writeFileSync(path, '', { mode: 0o600 });
  return { var: f.var, path };
}

/**
 * What the script exported goes where the host keeps the session's environment (CodeBuddy Code: the file named
 * by CODEBUDDY_ENV_FILE, read before every Bash command); where it has none, a note says which variables are lost.
 */
function carryEnvFile(f: { var: string; path: string }, host: DialectId, env: NodeJS.ProcessEnv): string | undefined {
  let text = '';
  try {
    text = readFileSync(f.path, 'utf8');
  } catch {
    /* the script removed it */
  }
  rmSync(join(f.path, '..'), { recursive: true, force: true });
  if (!text.trim()) return undefined;
  const target = mappings.dialects[host].env?.envFile;
  const hostFile = target ? env[target.var] : undefined;
  if (hostFile) {
    try {
      appendFileSync(hostFile, text.endsWith('\n') ? text : `${text}\n`);
      return undefined;
    } catch (e) {
      return `hook-bridge: cannot append the hook's ${f.var} exports to ${target!.var} (${(e as NodeJS.ErrnoException).code ?? e})`;
    }
  }
  const names = [...text.matchAll(/^\s*export\s+([A-Za-z_][A-Za-z0-9_]*)/gm)].map((m) => m[1]).join(', ') || 'its lines';
  const agent = mappings.dialects[host].agent;
  const how = target ? `: start ${agent} with ${target.var} set to a file to carry them` : '';
  return `hook-bridge: the hook wrote ${names} to ${f.var}, but ${agent} has no session environment file${target ? ' here' : ''}; they are not set for later commands${how}`;
}

/** A path written into a committed config: `~/…` is the user's home, a relative path is the project's. */
export function anchorPath(p: string, projectDir: string, env: NodeJS.ProcessEnv): string {
  if (p === '~' || p.startsWith('~/')) return join(env.HOME ?? homedir(), p.slice(1));
  return isAbsolute(p) ? p : join(projectDir, p);
}

type HookArgs = Pick<RunArgs, 'from' | 'to' | 'command' | 'timeoutS' | 'onTimeout' | 'pluginRoot' | 'emulateTodos' | 'calls' | 'transcript'> & {
  /** dispatch: which of the calls a host call is split into the hook's matcher fires for (canonical tool ids). */
  callFilter?: (tool: string) => boolean;
};

/** Run one hook script for a host payload: translate, run under its agent's rules, read its answer. */
export async function runHook(args: HookArgs, p: ParsedPayload, env: NodeJS.ProcessEnv): Promise<HookRun> {
  const t = translatePayload(p.payload, args.to, args.from, env);
  const projectDir = hostProjectDir(args.to, env, p.payload);
  const scriptEnv: NodeJS.ProcessEnv = { ...env };
  for (const v of mappings.dialects[args.from].env?.projectDir ?? []) scriptEnv[v] ??= projectDir;
  const rootVar = mappings.dialects[args.from].env?.pluginRoot;
  if (args.pluginRoot !== undefined && rootVar) scriptEnv[rootVar] = anchorPath(args.pluginRoot, projectDir, env);
  const transcriptNote = await syncTranscripts(t.payload, args, env, projectDir, scriptEnv);
  const envFile = sessionEnvFile(args.from, args.to, t.event, env);
  if (envFile) scriptEnv[envFile.var] = envFile.path;
  const spec = mappings.dialects[args.from].timeout;
  const timeoutMs = (args.timeoutS ?? spec.default ?? 60) * 1000;
  const once = async (payload: Payload, tool: string | undefined): Promise<HookRun> => {
    const scriptInput = isObject(payload.tool_input) ? payload.tool_input : undefined;
    const r = await runScript(args, `${JSON.stringify(payload)}\n`, scriptEnv, projectDir, timeoutMs);
    const empty: Answer = { context: [] };
    if (r.spawnError) return { answer: empty, stderr: '', failure: r.spawnError, tool };
    if (typeof args.command === 'string' && (r.exitCode === 126 || r.exitCode === 127)) {
      return { answer: empty, stderr: '', failure: `the hook command could not be started (exit ${r.exitCode}): ${r.stderr.trim().split('\n').pop() ?? ''}`, tool };
    }
    const answer = readAnswer(args.from, t.event, r, scriptInput, tool, args.to);
    if (r.timedOut && answer.decision !== 'deny' && !answer.block) {
      const deny = args.onTimeout ? args.onTimeout === 'deny' : spec.onTimeout === 'block';
      if (deny && isBlocking(t.event)) {
        if (t.event === 'user-prompt-submit') answer.block = true;
        else answer.decision = 'deny';
        answer.reason = `hook-bridge: the hook timed out after ${timeoutMs / 1000} s`;
      }
    }
    return { answer, stderr: r.stderr.replace(/\n$/, ''), ...(r.timedOut ? { note: `hook-bridge: the hook timed out after ${timeoutMs / 1000} s` } : {}), tool };
  };
  const cwd = typeof p.payload.cwd === 'string' ? p.payload.cwd : projectDir;
  const split = splitHostCall(args, p, t, cwd);
  const filter = args.callFilter ?? (args.calls ? (tool: string) => args.calls!.includes(tool) : undefined);
  // A host call whose tool carries a parameter in another one's text (Gemini's web_fetch URLs): one run per value.
  const embedded = split ? undefined : embeddedIn(args.to, args.from, t.tool, p.payload.tool_input);
  const h = split ? await runSplit(split, once, args.from, cwd, filter) : embedded?.values.length ? await runEach(embedded, t.payload, t.tool, once) : await once(t.payload, t.tool);
  if (t.covering && h.answer.updatedInput) coveredRewrite(h.answer, t.tool!, cwd);
  const envNote = envFile ? carryEnvFile(envFile, args.to, env) : undefined;
  const note = [transcriptNote, h.note].filter(Boolean).join('\n');
  const out: HookRun = { ...h, stderr: [h.stderr, envNote].filter(Boolean).join('\n') };
  if (note) out.note = note;
  else delete out.note;
  return out;
}

/**
 * A host call the script's agent would have made as several calls of its own (one apply_patch = a Write or
 * Edit per file, an rm, an mv: patch-calls.ts). undefined: the call is one call there too.
 */
function splitHostCall(args: HookArgs, p: ParsedPayload, t: ReturnType<typeof translatePayload>, cwd: string): { calls: FileCall[]; patch: string; t: typeof t } | string | undefined {
  const entry = t.tool ? toolEntry(args.to, t.tool) : undefined;
  if (!entry?.covers || toolEntry(args.from, t.tool!) || !isObject(p.payload.tool_input)) return undefined;
  const patch = renameParams(p.payload.tool_input, entry, undefined).patch;
  try {
    if (typeof patch !== 'string') throw new PatchError('the call has no patch text');
    return { calls: splitPatch(patch, cwd, 'tool_response' in p.payload), patch, t };
  } catch (e) {
    return `hook-bridge: ${(e as Error).message}; the hook did not run (the agent rejects this patch itself)`;
  }
}

/** One script run per file call, sequentially as the calls would have come; the strictest answer wins, rewrites make one patch. */
async function runSplit(split: NonNullable<ReturnType<typeof splitHostCall>>, once: (payload: Payload, tool: string | undefined) => Promise<HookRun>, script: DialectId, cwd: string, filter?: (tool: string) => boolean): Promise<HookRun> {
  if (typeof split === 'string') return { answer: { context: [] }, stderr: '', note: split, tool: undefined };
  const { calls, patch, t } = split;
  const runs: HookRun[] = [];
  for (const [k, c] of calls.entries()) {
    if (filter && !filter(c.tool)) {
      runs.push({ answer: { context: [] }, stderr: '', tool: c.tool });
      continue;
    }
    const payload: Payload = { ...t.payload, tool_name: toolEntry(script, c.tool)?.name ?? t.payload.tool_name, tool_input: renameParams(c.input, toolEntry('claude', c.tool), toolEntry(script, c.tool)) };
    // each call its own id, the one its tool_use has in the translated transcript (src/transcript/codex.ts)
    if (typeof t.payload.tool_use_id === 'string') payload.tool_use_id = partId(t.payload.tool_use_id, k);
    if ('tool_response' in t.payload) payload.tool_response = translateResponse(c.response, c.tool, 'claude', script, c.input, cwd);
    const r = await once(payload, c.tool);
    runs.push(r);
    if (r.failure) return { ...r, tool: t.tool };
  }
  const { answer } = aggregate(runs);
  delete answer.updatedInput;
  const rewrites = runs.map((r, k) => r.answer.updatedInput && renameParams(r.answer.updatedInput, toolEntry(script, calls[k]!.tool), toolEntry('claude', calls[k]!.tool)));
  if (answer.decision !== 'deny' && rewrites.some(Boolean)) {
    try {
      answer.updatedInput = { patch: joinPatch(patch, calls, rewrites, cwd) };
    } catch (e) {
      answer.decision = 'deny';
      answer.reason = `hook-bridge: a hook rewrote a file change of this patch, but ${(e as Error).message}; blocked instead of running the original`;
    }
  }
  const join = (xs: (string | undefined)[]) => xs.filter(Boolean).join('\n');
  return { answer, stderr: join(runs.map((r) => r.stderr)), note: join(runs.map((r) => r.note)), tool: t.tool };
}

/** A rewrite the script made of its covering tool's call (a Codex script's new patch) as the host call's input. */
function coveredRewrite(a: Answer, tool: string, cwd: string): void {
  const patch = Object.values(a.updatedInput!).find((v) => typeof v === 'string');
  const input = typeof patch === 'string' ? callOfPatch(patch, tool, cwd) : 'the rewrite has no patch text';
  if (typeof input === 'string') {
    delete a.updatedInput;
    a.decision = 'deny';
    a.reason = `hook-bridge: a hook rewrote this call as a patch, but ${input}; blocked instead of running the original`;
  } else a.updatedInput = input;
}

/** Claude Code ends a turn its Stop hooks blocked this many consecutive times (claude decision-tests st03). */
const STOP_BLOCK_CAP = 9;

/**
 * Claude Code's loop guard, on a host that has none (output.stopBlock continues-no-guard; Codex CLI ran 680 turns in
 * 40 s, st05): the blocks of one hook in a row of Stops (stop_hook_active true after the first) are counted in a
 * file under the temp dir, and the one that reaches Claude's cap (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP, default 9) lets
 * the turn end. Returns the note to show when it did.
 */
export function stopGuard(a: Answer, args: Pick<RunArgs, 'to'>, p: ParsedPayload, hook: string, env: NodeJS.ProcessEnv): string | undefined {
  if ((p.event !== 'stop' && p.event !== 'subagent-stop') || mappings.dialects[args.to].output?.stopBlock !== 'continues-no-guard') return undefined;
  const cap = Number(env.CLAUDE_CODE_STOP_HOOK_BLOCK_CAP) > 0 ? Number(env.CLAUDE_CODE_STOP_HOOK_BLOCK_CAP) : STOP_BLOCK_CAP;
  let h = 0x811c9dc5;
  for (const c of `${String(p.payload.session_id)}\0${String(p.payload.agent_id ?? '')}\0${hook}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  const file = join(tmpdir(), `hook-bridge-stop-${h.toString(16)}`);
  let count = 0;
  if (p.payload.stop_hook_active === true) {
    try {
      count = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      /* the first block of this row */
    }
  }
  count = a.block ? count + 1 : 0;
  const capped = count >= cap;
  try {
    if (a.block || p.payload.stop_hook_active === true) writeFileSync(file, String(capped ? 0 : count));
  } catch {
    /* no state: the host's own behaviour */
  }
  if (!capped) return undefined;
  a.block = false;
  delete a.reason;
  return `hook-bridge: a hook blocked the turn from ending ${count} consecutive times; letting it end as Claude Code does (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP raises the limit)`;
}

/** Which of the hosts sharing a config file called: the one whose vocabulary names the payload's tool (else the first). */
export function callingHost<A extends Pick<RunArgs, 'to' | 'hosts'>>(args: A, p: ParsedPayload): A {
  const tool = p.payload.tool_name;
  if (!args.hosts || typeof tool !== 'string') return args;
  const to = args.hosts.find((h) => canonicalTool(h, tool) !== undefined);
  return to ? { ...args, to } : args;
}

export async function run(runArgs: RunArgs, raw: Buffer | TooLarge, env: NodeJS.ProcessEnv): Promise<HostReply> {
  const p = parseHostPayload(runArgs, raw);
  if ('failed' in p) return p.failed;
  const args = callingHost(runArgs, p);
  if (isQwenRefire(args.to, args.from, p)) return { stdout: '', stderr: '', exitCode: 0 };
  const h = await runHook(args, p, env);
  if (h.failure) return ownFailure(p.event ?? 'pre-tool-use', p.hostEvent, args, h.failure);
  const guard = stopGuard(h.answer, args, p, typeof args.command === 'string' ? args.command : args.command.join(' '), env);
  if (guard) h.note = [h.note, guard].filter(Boolean).join('\n');
  const reply = emit(h.answer, { host: args.to, script: args.from, event: p.event, hostEvent: p.hostEvent, tool: h.tool, hostTool: typeof p.payload.tool_name === 'string' ? p.payload.tool_name : undefined }, args);
  // The script's stderr passes through, unless the reply itself blocks through stderr.
  return withStderr(reply, args.to, [reply.exitCode === 2 ? '' : h.stderr, h.note, reply.stderr]);
}

/** How a host-facing command (run, dispatch) reads its arguments and answers one payload. */
export interface HostCommand<A extends Pick<RunArgs, 'to' | 'onError'>> {
  name: string;
  /** Printed after a usage error (stderr). */
  usage: string;
  /** Printed for --help (stdout). */
  help: string;
  parse(argv: string[]): A | 'help';
  handle(args: A, raw: Buffer | TooLarge, env: NodeJS.ProcessEnv): Promise<HostReply>;
}

/** The process side of run and dispatch: arguments, stdin, the reply, and failing closed on usage errors. */
export async function hostMain<A extends Pick<RunArgs, 'to' | 'onError'>>(argv: string[], c: HostCommand<A>): Promise<void> {
  let args: A | 'help';
  try {
    args = c.parse(argv);
  } catch (e) {
    const raw = await readStdin().catch(() => Buffer.alloc(0));
    const hostEvent = guessHostEvent(Buffer.isBuffer(raw) ? raw.toString('utf8') : raw.head);
    write(process.stderr, `hook-bridge ${c.name}: ${(e as Error).message}\n${c.usage}\n`);
    // A broken wrapper line must not let a guarded tool run: block on events where a block means "stop".
    // The host is not known here (its argument may be what is broken): any dialect's name will do.
    const blocking = hostEvent !== undefined && DIALECT_IDS.some((d) => isBlocking(canonicalEvent(d, hostEvent)));
    // Only `--on-error allow` opts out (not `--ask allow` or `--on-timeout allow`); arguments after `--` are the command's.
    const own = argv.indexOf('--') < 0 ? argv : argv.slice(0, argv.indexOf('--'));
    const onErrorAllow = own.some((a, i) => a === '--on-error' && own[i + 1] === 'allow');
    process.exitCode = blocking && !onErrorAllow ? 2 : 0;
    return;
  }
  if (args === 'help') {
    write(process.stdout, `${c.help}\n`);
    return;
  }
  let reply: HostReply;
  try {
    reply = await c.handle(args, await readStdin(), process.env);
  } catch (e) {
    reply = ownFailure('pre-tool-use', 'PreToolUse', args, `internal error: ${(e as Error).message}`);
  }
  if (reply.stderr) write(process.stderr, `${reply.stderr}\n`);
  // Nothing to say (most calls): stdout is not even set up.
  if (!reply.stdout) process.exitCode = reply.exitCode;
  else {
    write(process.stdout, reply.stdout, () => {
      process.exitCode = reply.exitCode;
    });
  }
}

/**
 * Write to stdout or stderr, which run and dispatch touch only when they have something to write (setting up
 * a stdio stream costs every tool call). A closed pipe ends the process quietly, with the exit code set so far,
 * as bin/hook-bridge.cjs arranges for the other commands.
 */
function write(stream: NodeJS.WriteStream, text: string, done?: () => void): void {
  if (!stream.listenerCount('error')) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      process.exit();
    });
  }
  stream.write(text, done);
}

/** parseArgs, then (--transcript always) the translator starts loading while the host writes stdin. */
function parseAndPreload(argv: string[]): RunArgs | 'help' {
  const a = parseArgs(argv);
  if (a !== 'help' && a.transcript === 'always') preloadTranscripts(a.to, a.from);
  return a;
}

// usage and help are formatted only when printed (formatting them cost every call ~0.5 ms)
export const main = (argv: string[]) => hostMain(argv, { name: 'run', get usage() { return usageLine(RUN_HELP); }, get help() { return formatHostHelp(RUN_HELP); }, parse: parseAndPreload, handle: run });

