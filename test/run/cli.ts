// Runs `hook-bridge run …` (the built CLI) the way a host agent does: payload on stdin, then collects
// stdout, stderr and the exit code.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const BIN = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** runCli, with how long it took (for tests that bound a timeout's effect). */
export async function runCliTimed(
  args: string[],
  input: string,
  env: NodeJS.ProcessEnv,
): Promise<CliResult & { ms: number }> {
  const t0 = Date.now();
  const r = await runCli(args, input, env);
  return { ...r, ms: Date.now() - t0 };
}

export function runCli(args: string[], input: string, env: NodeJS.ProcessEnv): Promise<CliResult> {
  return spawnCollect(process.execPath, [BIN, 'run', ...args], { env }, input);
}

/** Start a process as a host starts a hook: `input` on its stdin; its stdout, stderr and exit code collected. */
export function spawnCollect(
  file: string,
  args: string[],
  o: { cwd?: string; env: NodeJS.ProcessEnv },
  input: string,
): Promise<CliResult> {
  return new Promise((res, rej) => {
    const c = spawn(file, args, { ...o, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    c.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    c.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    c.on('error', rej);
    c.on('close', (code) => res({ code, stdout, stderr }));
    c.stdin.on('error', rej);
    c.stdin.end(input);
  });
}

/** The test process's environment without any agent's variables, plus `extra`. */
export const cleanEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(CLAUDE|QWEN|CODEBUDDY|GEMINI|COPILOT)_|^CLAUDECODE$|^COPILOT_CLI$/.test(k),
    ),
  ),
  ...extra,
});
