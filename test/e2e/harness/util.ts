// Small generic helpers shared by the end-to-end agent drivers: temp dirs, running a CLI in its
// own process group with a hard timeout, a sanitized environment, and flattening of chat
// message content to plain text.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AgentRun, AgentRunResult, RecordedRequest, ScriptedMock, ScriptedRequest } from './types.js';

/** Creates a fresh directory under the OS temp dir (`<tmp>/<prefix>XXXXXX`). */
function makeTempDir(prefix = 'hook-bridge-e2e-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Removes a directory tree, never throwing. */
function removeDir(dir: string | undefined): void {
  if (!dir) return;
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
  } catch {
    /* best effort */
  }
}

/** A temp project dir plus a temp HOME, removed together by `cleanup()`. */
export interface TempWorkspace {
  root: string;
  projectDir: string;
  homeDir: string;
  cleanup(): void;
}

export function makeWorkspace(prefix = 'hook-bridge-e2e-'): TempWorkspace {
  const root = makeTempDir(prefix);
  const projectDir = join(root, 'project');
  const homeDir = join(root, 'home');
  mkdirSync(projectDir);
  mkdirSync(homeDir);
  return { root, projectDir, homeDir, cleanup: () => removeDir(root) };
}

/** Writes a file (creating parent dirs); `mode` e.g. 0o755 for scripts. Returns the path. */
export function writeFileEnsured(path: string, content: string, mode?: number): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content, mode === undefined ? undefined : { mode });
  return path;
}

/** Writes pretty JSON (creating parent dirs). Returns the path. */
export function writeJson(path: string, value: unknown): string {
  return writeFileEnsured(path, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * `process.env` without variables that could leak a developer's real agent credentials or
 * configuration into a test run, route the agents' localhost traffic through a proxy, or make
 * them think they run under a test runner (vitest sets NODE_ENV/TEST/VITEST*). XDG base dirs are
 * dropped so that every agent keeps its state under the run's HOME.
 */
export function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  const drop =
    /^(OPENAI_|CODEX_|ANTHROPIC_|CLAUDE_|CLAUDECODE|QWEN_|GEMINI_|GOOGLE_|CODEBUDDY_|DASHSCOPE_|TENCENT_|HTTPS?_PROXY$|ALL_PROXY$|NO_PROXY$|NODE_OPTIONS$|NODE_ENV$|XDG_(CONFIG|CACHE|DATA|STATE)_HOME$|VITEST|TEST$|npm_)/i;
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || drop.test(k)) continue;
    env[k] = v;
  }
  env.NO_PROXY = env.no_proxy = '127.0.0.1,localhost';
  return env;
}

export interface SpawnResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  timedOut: boolean;
}

export interface SpawnOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Written to stdin, then stdin is closed (default: stdin closed immediately); `null`: stdin is /dev/null. */
  input?: string | null;
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    /* group already gone */
  }
}

/**
 * Runs `command args` in a new process group. On timeout the whole group is killed (SIGTERM, then
 * SIGKILL). After the main process exits, anything it left behind in its group is killed too, so a
 * stray grandchild holding stdout open can never hang the caller.
 */
export function runProcess(command: string, args: string[], opts: SpawnOptions): Promise<SpawnResult> {
  const started = Date.now();
  return new Promise<SpawnResult>((resolvePromise) => {
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env: opts.env,
      detached: true, // own process group: -pid addresses the agent and everything it spawned
      stdio: [opts.input === null ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on('data', (c: Buffer) => out.push(c));
    child.stderr!.on('data', (c: Buffer) => err.push(c));
    child.stdin?.on('error', () => {});
    child.stdin?.end(opts.input ?? '');

    let timedOut = false;
    let exitCode: number | null = null;
    let signal: NodeJS.Signals | null = null;
    let done = false;
    let spawnError: Error | undefined;
    const timers: NodeJS.Timeout[] = [];

    const finish = () => {
      if (done) return;
      done = true;
      for (const t of timers) clearTimeout(t);
      killGroup(child.pid, 'SIGKILL');
      let stderr = Buffer.concat(err).toString('utf8');
      if (spawnError) stderr += `\n[harness] spawn error: ${spawnError.message}`;
      if (timedOut) stderr += `\n[harness] killed after ${opts.timeoutMs} ms timeout`;
      resolvePromise({
        exitCode,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr,
        durationMs: Date.now() - started,
        timedOut,
      });
    };

    timers.push(
      setTimeout(() => {
        timedOut = true;
        killGroup(child.pid, 'SIGTERM');
        timers.push(setTimeout(() => killGroup(child.pid, 'SIGKILL'), 2000));
        // If even SIGKILL does not make the streams close, give up waiting.
        timers.push(setTimeout(finish, 5000));
      }, opts.timeoutMs),
    );

    child.on('error', (e) => {
      spawnError = e;
      finish();
    });
    child.on('exit', (code, sig) => {
      exitCode = code;
      signal = sig;
      // Leftovers in the group (background jobs of a tool/hook) must not keep the pipes open.
      killGroup(child.pid, 'SIGKILL');
      timers.push(setTimeout(finish, 2000));
    });
    child.on('close', finish);
  });
}

/** Flattens OpenAI/Anthropic-style message content (string, parts array, objects) to text. */
export function flattenContent(content: unknown): string {
  if (content == null) return '';
  if (typeof content === 'string') return content;
  if (typeof content === 'number' || typeof content === 'boolean') return String(content);
  if (Array.isArray(content))
    return content
      .map(flattenContent)
      .filter((s) => s !== '')
      .join('\n');
  if (typeof content === 'object') {
    const o = content as Record<string, unknown>;
    if (typeof o.text === 'string') return o.text;
    if ('content' in o) return flattenContent(o.content);
    return JSON.stringify(o);
  }
  return '';
}

/** Flattens one chat message (content plus tool calls) to text. */
export function flattenMessage(m: any): string {
  const parts: string[] = [];
  const c = flattenContent(m?.content);
  if (c) parts.push(c);
  for (const tc of Array.isArray(m?.tool_calls) ? m.tool_calls : []) {
    parts.push(`${tc?.function?.name ?? ''}(${tc?.function?.arguments ?? ''})`);
  }
  return parts.join('\n');
}

/** The JSON lines a hook logged to `file`, one payload a line; none when it wrote no file (or a line is not JSON). */
export function readJsonLog(file: string): Record<string, unknown>[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  } catch {
    return [];
  }
}

/**
 * Returns a NODE_OPTIONS fragment (`--require "<file>"`) that applies V8 flags at startup of every
 * node process that inherits it (V8 flags themselves are not allowed in NODE_OPTIONS). The preload
 * file is written once into `dir`.
 */
export function v8FlagsPreload(dir: string, flags: string[]): string {
  const name = `v8-flags-${flags.join('_').replace(/[^A-Za-z0-9_=-]/g, '')}.cjs`;
  const file = join(dir, name);
  const content =
    `// generated by the hook-bridge e2e harness\nrequire('node:v8').setFlagsFromString(` +
    JSON.stringify(flags.join(' ')) +
    `);\n`;
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== content) {
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, content);
    renameSync(tmp, file);
  }
  return `--require ${JSON.stringify(file)}`;
}

/** Joins NODE_OPTIONS fragments, skipping empty ones. */
export function joinNodeOptions(...parts: Array<string | undefined>): string {
  return parts.filter((p): p is string => !!p && p.trim() !== '').join(' ');
}

/** An agent run's result from the finished process and the main requests the mock recorded. */
export function runResult(
  p: { exitCode: number | null; stdout: string; stderr: string; durationMs: number },
  requests: RecordedRequest[],
  toolResults: string[],
  textOf: (body: unknown) => string,
): AgentRunResult {
  const last = requests[requests.length - 1];
  return {
    exitCode: p.exitCode,
    stdout: p.stdout,
    stderr: p.stderr,
    durationMs: p.durationMs,
    requests,
    toolResults,
    lastRequestText: last ? textOf(last.body) : '',
  };
}

/** The whole body of a mock server's request (what arrived, also when the client aborts). */
export function readRequestBody(req: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const done = () => resolve(Buffer.concat(chunks).toString('utf8'));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', done);
    req.on('error', done);
    req.on('aborted', done);
  });
}

/** Reads a request to a scripted mock (body parsed as JSON, null when it is not) and appends it to `log`. */
export async function recordRequest(
  req: import('node:http').IncomingMessage,
  log: ScriptedRequest[],
): Promise<ScriptedRequest> {
  const raw = await readRequestBody(req);
  let body: any = null;
  try {
    body = raw ? JSON.parse(raw) : null;
  } catch {
    body = null;
  }
  const rec: ScriptedRequest = {
    path: (req.url ?? '/').split('?')[0] ?? '/',
    method: req.method ?? 'GET',
    body,
    main: false,
  };
  log.push(rec);
  return rec;
}

/** Listen on a free 127.0.0.1 port; `close` ends every open connection too (idempotent). */
export async function listenOnLoopback(
  server: import('node:http').Server,
): Promise<{ port: number; close: () => Promise<void> }> {
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as import('node:net').AddressInfo).port;
  let closed: Promise<void> | undefined;
  return {
    port,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}

/**
 * The common flow of a driver with a scripted mock: launch the agent (cwd = run.projectDir) with a hard
 * timeout, always close the mock, and derive the result from its main requests.
 */
export async function runAgainstMock(
  run: AgentRun,
  mock: ScriptedMock,
  launch: (mock: ScriptedMock) => { command: string; args: string[]; env: Record<string, string> },
  toolResults: (requests: RecordedRequest[]) => string[],
  textOf: (body: unknown) => string,
  input?: string | null,
): Promise<AgentRunResult & { allRequests: ScriptedRequest[] }> {
  try {
    const l = launch(mock);
    const p = await runProcess(l.command, l.args, {
      cwd: run.projectDir,
      env: l.env,
      timeoutMs: run.timeoutMs ?? 120_000,
      ...(input !== undefined ? { input } : {}),
    });
    const main = mock.mainRequests().map((r): RecordedRequest => ({ path: r.path, body: r.body }));
    return { ...runResult(p, main, toolResults(main), textOf), allRequests: mock.requests };
  } finally {
    await mock.close();
  }
}
