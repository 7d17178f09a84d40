// Drives Cline CLI 3.x (headless: a prompt argument runs in act mode with every tool auto-approved; `--json` prints
// its events as JSON lines) against the OpenAI-compatible mock model server.
//
// Auth that works offline: `cline auth -p openai-compatible -k <key> -m <model> -b <mock>/v1` once per HOME, then
// `-P openai-compatible -m <model>` on the run. Hooks are the project's event files in .clinerules/hooks/ (the caller
// writes them, or `convert --to cline` does). A run starts Cline's hub daemon (`--cline-hub-daemon`), which outlives
// it: the driver ends the daemons whose HOME is the run's, and only those.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { ensureAgent } from './install.js';
import { runWithOpenAIMock } from './openai-mock.js';
import type { AgentRun, AgentRunResult } from './types.js';
import { baseEnv } from './util.js';

/** The hub daemons this run's HOME started (their environment names it), by process id. */
function daemonsOf(home: string): number[] {
  const pids: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (!readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('--cline-hub-daemon')) continue;
      if (readFileSync(`/proc/${d}/environ`, 'utf8').split('\0').includes(`HOME=${home}`)) pids.push(Number(d));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

export async function runCline(run: AgentRun): Promise<AgentRunResult> {
  const entry = ensureAgent('cline');
  // CLINE_DIR would move Cline's folder out of the run's HOME.
  const { CLINE_DIR: _, ...base } = baseEnv();
  const env: Record<string, string> = { ...base, HOME: run.homeDir, USERPROFILE: run.homeDir, ...(run.env ?? {}) };
  try {
    return await runWithOpenAIMock(run, (mock) => {
      execFileSync(entry, ['auth', '-p', 'openai-compatible', '-k', 'sk-mock', '-m', mock.model, '-b', mock.baseUrl], {
        env,
        cwd: run.projectDir,
        stdio: 'ignore',
        timeout: 60_000,
      });
      return {
        command: entry,
        // A one-word prompt is read as a command name.
        args: ['--json', '-P', 'openai-compatible', '-m', mock.model, ...(run.args ?? []), run.prompt ?? 'do the task'],
        env,
      };
    });
  } finally {
    for (const pid of daemonsOf(run.homeDir)) {
      try {
        process.kill(pid);
      } catch {
        // already gone
      }
    }
  }
}
