// The command string `convert` writes in place of a hook's command, and its inverse.
// `<runner> run --from <script> --to <host> [--event <name>] [--timeout <s>] -c '<original>'`: the original command is
// single-quoted for a POSIX shell (every host runs hooks through sh/bash), byte for byte.
import type { DialectId } from '../model/dialect-ids.js';
import { isDialectId } from '../model/dialect-ids.js';

export interface Wrapper {
  runner: string;
  from: DialectId;
  to: DialectId;
  /** Hosts that share one config file (`--to codebuddy,codebuddy-ide`): `run` tells from the payload which one called. */
  hosts?: DialectId[];
  /** The host's event the entry sits under, where its payloads do not say (mappings `payload.eventNamed: false`). */
  event?: string;
  /** The script's own timeout in seconds, when the original hook set one. */
  timeoutS?: number;
  /** The plugin the hook came from: `run` sets the script agent's plugin-root variable to it. */
  pluginRoot?: string;
  /** `run --emulate-todos`: write the host's todo list where the script's agent keeps it. */
  emulateTodos?: boolean;
  /** `run --calls`: the script agent's tool names the script runs for, of a host call it would have made as several. */
  calls?: readonly string[];
  command: string;
  /** Exec form (Claude's `args`): `command` is the executable, run with these arguments and no shell. */
  args?: string[];
}

/** Quote a string as one POSIX shell word. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function wrapCommand(w: Wrapper): string {
  const ev = w.event !== undefined ? ` --event ${w.event}` : '';
  const t = w.timeoutS !== undefined ? ` --timeout ${w.timeoutS}` : '';
  const p = w.pluginRoot !== undefined ? ` --plugin-root ${shellQuote(w.pluginRoot)}` : '';
  const e = w.emulateTodos ? ' --emulate-todos' : '';
  const c = w.calls?.length ? ` --calls ${w.calls.join(',')}` : '';
  const body = w.args ? `-- ${[w.command, ...w.args].map(shellQuote).join(' ')}` : `-c ${shellQuote(w.command)}`;
  return `${w.runner} run --from ${w.from} --to ${(w.hosts ?? [w.to]).join(',')}${ev}${t}${p}${e}${c} ${body}`;
}

// A quoted word as shellQuote writes it: '...' pieces joined by \' (an escaped quote).
const QUOTED = `'(?:[^']*)'(?:\\\\''(?:[^']*)')*`;
const TAIL = `run --from (\\S+) --to (\\S+)(?: --event ([A-Za-z][\\w-]*))?(?: --timeout (\\d+(?:\\.\\d+)?))?(?: --plugin-root (${QUOTED}))?( --emulate-todos)?(?: --calls ([\\w,]+))? (?:-c (${QUOTED})|-- (${QUOTED}(?: ${QUOTED})*))$`;
const WRAPPER = new RegExp(`^(.*?hook-bridge\\S*(?:\\s+\\S*hook-bridge\\S*)?) ${TAIL}`, 's');
const ANY_RUNNER = new RegExp(`^(.+?) ${TAIL}`, 's');
const QUOTED_WORD = new RegExp(QUOTED, 'gs');
const unquote = (q: string) => q.slice(1, -1).replace(/'\\''/g, `'`);

/**
 * Recognise a command written by wrapCommand: its runner mentions hook-bridge (`hook-bridge`,
 * `npx hook-bridge`, `node …/hook-bridge.cjs`) or is one of `runners` (what `--runner` named).
 * A shell command comes back as `command`; an exec-form one (`-- <argv>`) as `command` + `args`.
 */
export function parseWrapper(command: string, runners: readonly string[] = []): Wrapper | undefined {
  const m = WRAPPER.exec(command) ?? ANY_RUNNER.exec(command);
  if (!m || (!/hook-bridge/.test(m[1]!) && !runners.includes(m[1]!))) return undefined;
  const [, runner, from, to, event, timeout, pluginRoot, emulateTodos, calls, quoted, words] = m;
  const hosts = to!.split(',');
  if (!isDialectId(from) || !hosts.every(isDialectId)) return undefined;
  const argv = words === undefined ? undefined : [...words.matchAll(QUOTED_WORD)].map((x) => unquote(x[0]));
  return {
    runner: runner!,
    from,
    to: hosts[0]!,
    ...(hosts.length > 1 ? { hosts } : {}),
    ...(event !== undefined ? { event } : {}),
    ...(timeout !== undefined ? { timeoutS: Number(timeout) } : {}),
    ...(pluginRoot !== undefined ? { pluginRoot: unquote(pluginRoot) } : {}),
    ...(emulateTodos ? { emulateTodos: true } : {}),
    ...(calls !== undefined ? { calls: calls.split(',') } : {}),
    ...(argv ? { command: argv[0]!, args: argv.slice(1) } : { command: unquote(quoted!) }),
  };
}

/** The `--config` files of a `hook-bridge dispatch` registration, unquoted; undefined for any other command. */
export function dispatchConfigs(command: string): string[] | undefined {
  if (!/(?:^|\s|\/)(?:hook-bridge\S*|\S+\.c?js)\s+dispatch\s/.test(command)) return undefined;
  const out: string[] = [];
  for (const m of command.matchAll(/--config\s+('(?:[^']|'\\'')*'|"[^"]*"|\S+)/g)) {
    const v = m[1]!;
    out.push(v.startsWith("'") ? v.slice(1, -1).replace(/'\\''/g, "'") : v.startsWith('"') ? v.slice(1, -1) : v);
  }
  return out;
}
