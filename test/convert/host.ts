// Run a converted config the way its host runs it: the entries whose event and matcher fire, each command
// through the host's shell, cwd = where the host runs hooks, the host's project-dir variables set, a host
// payload on stdin. `hook-bridge` is found on PATH (a shim for this checkout), as a user's install would be.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { matcherFires } from '../../src/dialects/matcher.js';
import { mappings } from '../../src/model/mappings.js';

const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');

/** A directory with a `hook-bridge` executable that runs this checkout. */
export const shimDir = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'hb-shim-'));
  writeFileSync(join(dir, 'hook-bridge'), `#!/bin/sh\nexec '${process.execPath}' '${bin}' "$@"\n`);
  chmodSync(join(dir, 'hook-bridge'), 0o755);
  return dir;
})();

/** The CLI, its report unwrapped (COLUMNS wide): these tests read what it says; test/cli/terminal.test.ts, how. */
export function cli(args: string[], opts: { cwd?: string; input?: string } = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: opts.cwd,
    input: opts.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, COLUMNS: '1000' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export interface HostCall {
  command: string;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The host's shell for hook commands (mappings: Qwen bash -c; CodeBuddy $SHELL -c, here /bin/sh). */
const shellOf = (host: DialectId): string[] => {
  const s = mappings.dialects[host].shell ?? ['/bin/sh', '-c'];
  return s[0] === '$SHELL' ? ['/bin/sh', ...s.slice(1)] : s;
};

/** Fire one event of a settings.json the way `host` does; every matching entry's command runs once. */
export function fire(
  host: DialectId,
  settingsFile: string,
  payload: Record<string, unknown>,
  o: { project: string; cwd?: string },
): HostCall[] {
  const tool = typeof payload.tool_name === 'string' ? payload.tool_name : undefined;
  return fireEvent(host, settingsFile, String(payload.hook_event_name), tool, payload, o);
}

/**
 * Fire one event of a config file the way `host` does: the entries of `event` (its native name) whose matcher fires
 * for `tool`, each command through the host's shell with the host's payload on stdin, cwd the project's, the host's
 * project-dir variables (and only those) set. Settings-shaped files (`{matcher, hooks: [{command}]}`) and GitHub
 * Copilot CLI's own flat lists (`{bash, matcher}`) alike.
 */
export function fireEvent(
  host: DialectId,
  file: string,
  event: string,
  tool: string | undefined,
  payload: Record<string, unknown>,
  o: { project: string; cwd?: string; home?: string; env?: NodeJS.ProcessEnv },
): HostCall[] {
  type Entry = { matcher?: string; command?: string; bash?: string; hooks?: Entry[] };
  const config = JSON.parse(readFileSync(file, 'utf8')) as { hooks?: Record<string, Entry[]> };
  const env: NodeJS.ProcessEnv = {
    PATH: `${shimDir}:${process.env.PATH}`,
    HOME: o.home ?? process.env.HOME,
    ...(mappings.dialects[host].shell?.[0] === '$SHELL' ? { SHELL: '/bin/sh' } : {}),
    ...o.env,
  };
  for (const v of mappings.dialects[host].env?.provided ?? []) if (/PROJECT_DIR$/.test(v)) env[v] = o.project;
  const calls: HostCall[] = [];
  for (const group of config.hooks?.[event] ?? []) {
    if (tool !== undefined && !matcherFires(host, group.matcher, tool)) continue;
    for (const h of group.hooks ?? [group]) {
      const command = h.command ?? h.bash;
      if (typeof command !== 'string') continue;
      const [sh, ...args] = shellOf(host);
      const r = spawnSync(sh!, [...args, command], {
        cwd: o.cwd ?? o.project,
        env,
        input: `${JSON.stringify({ ...payload, cwd: o.cwd ?? o.project })}\n`,
        encoding: 'utf8',
      });
      calls.push({ command, code: r.status, stdout: r.stdout, stderr: r.stderr });
    }
  }
  return calls;
}

/** Did the host block the call? (exit 2, or a deny / block answer on stdout.) */
export function blocked(calls: HostCall[]): boolean {
  return calls.some(
    (c) => c.code === 2 || /"permissionDecision"\s*:\s*"deny"|"decision"\s*:\s*"(block|deny)"/.test(c.stdout),
  );
}

/**
 * Does `host` deny the tool call from these answers, by its own rules (observed): exit 2 or a JSON deny everywhere;
 * GitHub Copilot CLI's own files: any non-zero exit too (exit 1 and 127 "hook errored"); Gemini CLI: any exit from 2.
 */
export function hostDenies(host: DialectId, calls: HostCall[]): boolean {
  // The field its deny is in: permissionDecision, or the name the host gives it (Cursor's flat `permission`).
  const field = mappings.dialects[host].output?.answerFieldNames?.permissionDecision ?? 'permissionDecision';
  const deny = new RegExp(`"${field}"\\s*:\\s*"deny"|"decision"\\s*:\\s*"(block|deny)"`);
  return calls.some(
    (c) =>
      (host === 'copilot' ? c.code !== 0 : host === 'gemini' ? (c.code ?? 0) >= 2 : c.code === 2) ||
      deny.test(c.stdout),
  );
}
