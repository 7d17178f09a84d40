// Is the host agent running interactively (a person at its terminal UI)? Its own rule (mappings `output.
// interactiveSession`) evaluated on its process through /proc: the nearest ancestor of this process that lacks the
// variable the agent sets for its hooks. A wrong "interactive" would hang a headless run on an `ask` nobody answers,
// so every doubt — another system, an unreadable file, no such ancestor — is "headless".
import { readFileSync, readlinkSync } from 'node:fs';
import type { DialectId } from '../model/dialect-ids.js';
import type { InteractiveSessionRule } from '../model/dialect-spec.js';
import { mappings } from '../model/mappings.js';

export interface ProcView {
  /** The proc file system's root (tests: a fake tree). */
  procRoot: string;
  /** This process's id: the walk starts at its parent. */
  pid: number;
  platform: NodeJS.Platform;
  /** This process's environment: the hook's value of `hookEnv`. */
  env: NodeJS.ProcessEnv;
}

const LIVE: ProcView = { procRoot: '/proc', pid: process.pid, platform: process.platform, env: process.env };
/** Ancestors looked at before giving up (sh, npx, npm exec … sit between the agent and hook-bridge). */
const MAX_DEPTH = 12;
/** A terminal device, as a descriptor's link names it (isatty is true for these). */
const TTY = /^\/dev\/(pts\/\d+|tty[A-Za-z0-9]*|console)$/;

/** /proc/<pid>/<file> split at NULs (cmdline, environ); undefined when unreadable. */
function nulList(view: ProcView, pid: number, file: string): string[] | undefined {
  try {
    return readFileSync(`${view.procRoot}/${pid}/${file}`, 'latin1').split('\0').filter(Boolean);
  } catch {
    return undefined;
  }
}

function parentOf(view: ProcView, pid: number): number | undefined {
  try {
    // stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses, so read after the last ')'.
    const stat = readFileSync(`${view.procRoot}/${pid}/stat`, 'latin1');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) && ppid > 1 ? ppid : undefined;
  } catch {
    return undefined;
  }
}

function envOf(list: string[]): Map<string, string> {
  return new Map(list.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
}

/** The agent's process: the nearest ancestor whose environment lacks the hook's value of `hookEnv`. */
function agentPid(view: ProcView, rule: InteractiveSessionRule): number | undefined {
  const own = view.env[rule.hookEnv];
  if (!own) return undefined;
  let pid = parentOf(view, view.pid);
  for (let depth = 0; pid !== undefined && depth < MAX_DEPTH; depth++) {
    const environ = nulList(view, pid, 'environ');
    if (!environ) return undefined;
    if (envOf(environ).get(rule.hookEnv) !== own) return pid;
    pid = parentOf(view, pid);
  }
  return undefined;
}

/** `--some-flag` and `--someFlag` alike (yargs reads both). */
const longKey = (arg: string) => arg.replace(/^--/, '').split('=')[0]!.replace(/-/g, '').toLowerCase();

/** Does this argument spell one of the headless flags: exactly, as `--flag=value`, camelCase, or in `-xp` clusters? */
function isHeadlessArg(arg: string, flags: string[]): boolean {
  return flags.some((flag) => {
    if (flag.startsWith('--')) return arg.startsWith('--') && longKey(arg) === longKey(flag);
    // A short flag: anywhere in a cluster of short options (-yp) or with its value attached (-pfoo, -p=foo).
    return /^-[A-Za-z]/.test(arg) && !arg.startsWith('--') && arg.slice(1).split('=')[0]!.includes(flag.slice(1));
  });
}

/** The rule evaluated on the agent's process: true only when every part of it says interactive. */
export function sessionIsInteractive(rule: InteractiveSessionRule | undefined, view: ProcView = LIVE): boolean {
  if (!rule || view.platform !== 'linux') return false;
  const pid = agentPid(view, rule);
  if (pid === undefined) return false;
  const argv = nulList(view, pid, 'cmdline');
  const environ = nulList(view, pid, 'environ');
  if (!argv?.length || !environ) return false;
  if (argv.some((a) => isHeadlessArg(a, rule.headlessArgs))) return false;
  const env = envOf(environ);
  if (Object.entries(rule.headlessEnv ?? {}).some(([k, v]) => env.get(k) === v)) return false;
  return rule.ttyFds.every((fd) => {
    try {
      return TTY.test(readlinkSync(`${view.procRoot}/${pid}/fd/${fd}`));
    } catch {
      return false;
    }
  });
}

/** Does this host agent, the one that ran hook-bridge, run interactively by its own rule? */
export const hostIsInteractive = (host: DialectId): boolean =>
  sessionIsInteractive(mappings.dialects[host].output?.interactiveSession);
