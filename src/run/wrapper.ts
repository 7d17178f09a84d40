// The command string `convert` writes in place of a hook's command, and its inverse.
// `<runner> run --from <script> --to <host> [--timeout <s>] -c '<original>'`: the original command is
// single-quoted for a POSIX shell (every host runs hooks through sh/bash), byte for byte.
import type { DialectId } from '../model/dialect-ids.js';
import { isDialectId } from '../model/dialect-ids.js';

export interface Wrapper {
  runner: string;
  from: DialectId;
  to: DialectId;
  /** The script's own timeout in seconds, when the original hook set one. */
  timeoutS?: number;
  /** The plugin the hook came from: `run` sets the script agent's plugin-root variable to it. */
  pluginRoot?: string;
  /** `run --emulate-todos`: write the host's todo list where the script's agent keeps it. */
  emulateTodos?: boolean;
  command: string;
}

/** Quote a string as one POSIX shell word. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function wrapCommand(w: Wrapper): string {
  const t = w.timeoutS !== undefined ? ` --timeout ${w.timeoutS}` : '';
  const p = w.pluginRoot !== undefined ? ` --plugin-root ${shellQuote(w.pluginRoot)}` : '';
  const e = w.emulateTodos ? ' --emulate-todos' : '';
  return `${w.runner} run --from ${w.from} --to ${w.to}${t}${p}${e} -c ${shellQuote(w.command)}`;
}

// A quoted word as shellQuote writes it: '...' pieces joined by \' (an escaped quote).
const QUOTED = `'(?:[^']*)'(?:\\\\''(?:[^']*)')*`;
const WRAPPER = new RegExp(`^(.*?hook-bridge\\S*(?:\\s+\\S*hook-bridge\\S*)?) run --from (\\S+) --to (\\S+)(?: --timeout (\\d+(?:\\.\\d+)?))?(?: --plugin-root (${QUOTED}))?( --emulate-todos)? -c (${QUOTED})$`, 's');
const unquote = (q: string) => q.slice(1, -1).replace(/'\\''/g, `'`);

/** Recognise a command written by wrapCommand (the runner must mention hook-bridge). */
export function parseWrapper(command: string): Wrapper | undefined {
  const m = WRAPPER.exec(command);
  if (!m) return undefined;
  const [, runner, from, to, timeout, pluginRoot, emulateTodos, quoted] = m;
  if (!isDialectId(from) || !isDialectId(to)) return undefined;
  return { runner: runner!, from, to, ...(timeout !== undefined ? { timeoutS: Number(timeout) } : {}), ...(pluginRoot !== undefined ? { pluginRoot: unquote(pluginRoot) } : {}), ...(emulateTodos ? { emulateTodos: true } : {}), command: unquote(quoted!) };
}
