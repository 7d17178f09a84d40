// The command strings `convert` writes in place of hooks' commands, and their inverses.
// `<runner> run --from <script> --to <host> [--event <name>] [--timeout <s>] -c '<original>'`: one hook; the original
// command is
// single-quoted for a POSIX shell (every host runs hooks through sh/bash), byte for byte.
// `<runner> dispatch --to <host> run --from <script> … -c '<original>' run …`: several hooks that fire for the
// same calls, in one process (groupCommand, parseGroup; dispatch reads the same words with parseGroupedHooks).
import type { DialectId } from '../model/dialect-ids.js';
import { isDialectId } from '../model/dialect-ids.js';
import { unguarded } from './runner-guard.js';

export interface Wrapper {
  runner: string;
  from: DialectId;
  to: DialectId;
  /** Hosts that share one config file (`--to codebuddy,codebuddy-ide`): `run` tells from the payload which one called.
   */
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
const TAIL =
  `run --from (\\S+) --to (\\S+)(?: --event ([A-Za-z][\\w-]*))?(?: --timeout (\\d+(?:\\.\\d+)?))?(?: --plugin-root ` +
  `(${QUOTED}))?( --emulate-todos)?(?: --calls ([\\w,]+))? (?:-c (${QUOTED})|-- (${QUOTED}(?: ${QUOTED})*))$`;
const WRAPPER = new RegExp(`^(.*?hook-bridge\\S*(?:\\s+\\S*hook-bridge\\S*)?) ${TAIL}`, 's');
const ANY_RUNNER = new RegExp(`^(.+?) ${TAIL}`, 's');
const QUOTED_WORD = new RegExp(QUOTED, 'gs');
const unquote = (q: string) => q.slice(1, -1).replace(/'\\''/g, `'`);

/**
 * Options of `run` and `dispatch` a person may add to an entry convert wrote — what to do when a hook cannot start,
 * fails or times out, `ask`, rewrites, transcripts (`--on-missing deny`) — as words. They are not part of which hook
 * the entry runs: convert recognises the entry with them and keeps them when it writes the entry again.
 */
const POLICY = / --(?:(?:on-error|on-timeout|on-missing|ask|rewrite|transcript) [a-z-]+|session-env)(?= |$)/g;

/**
 * The option of `run` and `dispatch` that runs a shell call after its session's environment file (convert writes it
 * where a SessionStart hook may append exports: convert/session-env-entries.ts). An entry option like those above:
 * the entry is still recognised for its hooks, and a person may add it.
 */
export const SESSION_ENV = '--session-env';

/** An entry that runs only that step (no hook of its own): hook-bridge's, not a hook a reader gives back. */
export function isSessionEnvOnly(written: string, runners: readonly string[] = []): boolean {
  const m = /^(.+?) dispatch --to (\S+)(?: --event [A-Za-z][\w-]*)?$/.exec(withoutPolicy(unguarded(written)).trim());
  return (
    !!m &&
    (/hook-bridge/.test(m[1]!) || runners.includes(m[1]!)) &&
    m[2]!.split(',').every(isDialectId) &&
    policyOf(unguarded(written)).includes(SESSION_ENV)
  );
}

/** Can a config text hold an entry with such options (a quick test before reading it for them)? */
export const mayHavePolicy = (text: string): boolean => new RegExp(POLICY.source).test(text);

/** Where an entry's own options end: its first hook (`dispatch … run --from`), or its command (`run … -c` / `-- `).
 */
function headEnd(command: string): number {
  const dispatch = command.indexOf(' dispatch ');
  const run = command.indexOf(' run ');
  if (dispatch >= 0 && (run < 0 || dispatch < run)) {
    const hooks = command.indexOf(' run --from ', dispatch);
    return hooks >= 0 ? hooks : command.length;
  }
  const c = [command.indexOf(" -c '"), command.indexOf(" -- '")].filter((i) => i >= 0);
  return c.length ? Math.min(...c) : command.length;
}

/** The options a person added to an entry (words: `--on-missing`, `deny`, …), in their order. */
export function policyOf(command: string): string[] {
  return (command.slice(0, headEnd(command)).match(POLICY) ?? []).flatMap((m) => m.trim().split(' '));
}

/** The entry without the options a person added (what convert wrote). */
export function withoutPolicy(command: string): string {
  const end = headEnd(command);
  return command.slice(0, end).replace(POLICY, '') + command.slice(end);
}

/** The entry with `policy` after `run` (a wrapper) or `dispatch` (a grouped entry or a registration). */
export function withPolicy(command: string, policy: readonly string[]): string {
  if (!policy.length) return command;
  const end = headEnd(withoutPolicy(command));
  const m = / (run|dispatch) /.exec(command);
  if (!m || m.index >= end) return command;
  const at = m.index + m[0].length - 1;
  return `${command.slice(0, at)} ${policy.join(' ')}${command.slice(at)}`;
}

/**
 * Recognise a command written by wrapCommand: its runner mentions hook-bridge (`hook-bridge`,
 * `npx hook-bridge`, `node …/hook-bridge.cjs`) or is one of `runners` (what `--runner` named).
 * A shell command comes back as `command`; an exec-form one (`-- <argv>`) as `command` + `args`.
 */
export function parseWrapper(written: string, runners: readonly string[] = []): Wrapper | undefined {
  const command = withoutPolicy(unguarded(written));
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

/**
 * The entry convert adds on a host's PostToolUse where the host drops a PreToolUse hook's context but hook-bridge
 * carries it there (mappings `output.preToolContext`): `<runner> run --from <script> --to <host> --pre-tool-notes`.
 * It runs no script: it gives the notes the call's PreToolUse runs left (src/run/pre-tool-notes.ts).
 */
export interface NotesEntry {
  runner: string;
  from: DialectId;
  to: DialectId;
  hosts?: DialectId[];
}

export const notesCommand = (n: NotesEntry): string =>
  `${n.runner} run --from ${n.from} --to ${(n.hosts ?? [n.to]).join(',')} --pre-tool-notes`;

const NOTES = /^(.+?) run --from (\S+) --to (\S+) --pre-tool-notes$/s;

/** Recognise an entry notesCommand wrote (its runner mentions hook-bridge or is one of `runners`); else undefined. */
export function parseNotesEntry(written: string, runners: readonly string[] = []): NotesEntry | undefined {
  const m = NOTES.exec(withoutPolicy(unguarded(written)));
  if (!m || (!/hook-bridge/.test(m[1]!) && !runners.includes(m[1]!))) return undefined;
  const hosts = m[3]!.split(',');
  if (!isDialectId(m[2]) || !hosts.every(isDialectId)) return undefined;
  return { runner: m[1]!, from: m[2], to: hosts[0]!, ...(hosts.length > 1 ? { hosts } : {}) };
}

/** The `--config` files of a `hook-bridge dispatch` registration, unquoted; undefined for any other command. */
export function dispatchConfigs(command: string): string[] | undefined {
  if (!/(?:^|\s|\/)(?:hook-bridge\S*|\S+\.c?js)\s+dispatch\s/.test(command)) return undefined;
  const out: string[] = [];
  // Its own options come first; a grouped entry's hooks (`run --from …`) may mention --config in their commands.
  const head = command.split(' run --from ')[0]!;
  for (const m of head.matchAll(/--config\s+('(?:[^']|'\\'')*'|"[^"]*"|\S+)/g)) {
    const v = m[1]!;
    out.push(v.startsWith("'") ? v.slice(1, -1).replace(/'\\''/g, "'") : v.startsWith('"') ? v.slice(1, -1) : v);
  }
  return out;
}

/**
 * One hook of a grouped entry (`<runner> dispatch --to <host> run … run …`): what its own `run` wrapper would
 * carry, and the host matcher it fires for (tested by dispatch under the host's semantics, as the host would test
 * a wrapper entry's matcher). `matcher` undefined: every call the entry's own matcher fires for.
 */
export interface GroupedHook
  extends Pick<Wrapper, 'from' | 'timeoutS' | 'pluginRoot' | 'emulateTodos' | 'calls' | 'command' | 'args'> {
  matcher?: string;
  /** hooks.yaml priority (lower first): dispatch runs equal priorities together and stops after a deny. */
  priority?: number;
  /** `async: true`: dispatch starts it in the background and does not wait for it or read its answer (Claude Code). */
  async?: boolean;
  /** The hook's other handler fields that the entry does not carry for all its hooks (`statusMessage`, `once` …):
   * carried for converting back; dispatch does not act on them.
   */
  fields?: Record<string, unknown>;
  /** Its matcher group's fields that the entry does not carry for all its hooks (`description`, `id` …). */
  groupFields?: Record<string, unknown>;
}

/** A grouped entry: several hooks that fire for the same calls, run by one `hook-bridge dispatch` process. */
export interface HookGroup {
  runner: string;
  to: DialectId;
  /** Hosts that share one config file: dispatch tells from the payload which one called. */
  hosts?: DialectId[];
  /** The host's event the entry sits under, where its payloads do not say (mappings `payload.eventNamed: false`). */
  event?: string;
  hooks: GroupedHook[];
}

/**
 * The command of a grouped entry: `<runner> dispatch --to <host>` and, per hook, `run --from <script>
 * [--matcher '<host matcher>'] [--priority <n>] [--timeout <s>] [--plugin-root '<dir>'] [--emulate-todos]
 * [--calls <tools>] [--async] [--fields '<json>'] [--group-fields '<json>'] (-c '<command>' | --argv <n> '<word>'…)`
 * — each hook's options as its `run` wrapper writes them, plus what its own entry carried, so a person reads which
 * hooks run for which calls, and dispatch (parseGroupedHooks) reads them back.
 */
export function groupCommand(g: HookGroup): string {
  const hooks = g.hooks.map((h) => {
    const m = h.matcher !== undefined ? ` --matcher ${shellQuote(h.matcher)}` : '';
    const p = h.priority !== undefined ? ` --priority ${h.priority}` : '';
    const t = h.timeoutS !== undefined ? ` --timeout ${h.timeoutS}` : '';
    const r = h.pluginRoot !== undefined ? ` --plugin-root ${shellQuote(h.pluginRoot)}` : '';
    const e = h.emulateTodos ? ' --emulate-todos' : '';
    const c = h.calls?.length ? ` --calls ${h.calls.join(',')}` : '';
    const a = h.async ? ' --async' : '';
    const f = h.fields ? ` --fields ${shellQuote(JSON.stringify(h.fields))}` : '';
    const g = h.groupFields ? ` --group-fields ${shellQuote(JSON.stringify(h.groupFields))}` : '';
    const body = h.args
      ? `--argv ${h.args.length + 1} ${[h.command, ...h.args].map(shellQuote).join(' ')}`
      : `-c ${shellQuote(h.command)}`;
    return ` run --from ${h.from}${m}${p}${t}${r}${e}${c}${a}${f}${g} ${body}`;
  });
  return (
    `${g.runner} dispatch --to ${(g.hosts ?? [g.to]).join(',')}` +
    (g.event !== undefined ? ` --event ${g.event}` : '') +
    `${hooks.join('')}`
  );
}

const NUMBER = /^\d+(?:\.\d+)?$/;

/** A JSON object's text as an object; undefined for anything else. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The hooks of a grouped entry from its arguments as the shell hands them over (`run …` blocks to the end),
 * the grammar groupCommand writes. A string: what is wrong, for a usage error.
 */
export function parseGroupedHooks(argv: readonly string[]): GroupedHook[] | string {
  const hooks: GroupedHook[] = [];
  let i = 0;
  while (i < argv.length) {
    if (argv[i] !== 'run') return `expected "run" to start a hook, got "${argv[i]}"`;
    const h: Partial<GroupedHook> = {};
    const n = hooks.length + 1;
    for (i++; ; i++) {
      const a = argv[i];
      if (a === undefined) return `hook ${n}: a command is required (-c '<command>' or --argv <n> <word>…)`;
      const v = argv[i + 1];
      if (a === '--emulate-todos' || a === '--async') {
        h[a === '--async' ? 'async' : 'emulateTodos'] = true;
        continue;
      }
      if (v === undefined) return `hook ${n}: ${a} needs a value`;
      i++;
      if (a === '--from') {
        if (!isDialectId(v)) return `hook ${n}: unknown dialect "${v}" for --from`;
        h.from = v;
      } else if (a === '--matcher') h.matcher = v;
      else if (a === '--priority' || a === '--timeout') {
        if (!NUMBER.test(v) || (a === '--timeout' && !(Number(v) > 0)))
          return `hook ${n}: ${a} takes a ${a === '--timeout' ? 'positive number of seconds' : 'number'}, got "${v}"`;
        if (a === '--priority') h.priority = Number(v);
        else h.timeoutS = Number(v);
      } else if (a === '--plugin-root') h.pluginRoot = v;
      else if (a === '--calls') h.calls = v.split(',');
      else if (a === '--fields' || a === '--group-fields') {
        const o = jsonObject(v);
        if (!o) return `hook ${n}: ${a} takes a JSON object, got ${JSON.stringify(v)}`;
        h[a === '--fields' ? 'fields' : 'groupFields'] = o;
      } else if (a === '-c') {
        h.command = v;
        break;
      } else if (a === '--argv') {
        const count = Number(v);
        const words = argv.slice(i + 1, i + 1 + count);
        if (!Number.isInteger(count) || count < 1 || words.length < count)
          return `hook ${n}: --argv takes the number of words that follow (the command and its arguments), got "${v}"`;
        h.command = words[0]!;
        h.args = words.slice(1);
        i += count;
        break;
      } else return `hook ${n}: unknown option "${a}"`;
    }
    if (!h.from) return `hook ${n}: --from <dialect> is required (the dialect its script was written for)`;
    hooks.push(h as GroupedHook);
    i++;
  }
  return hooks.length ? hooks : "no hooks: run --from <dialect> … -c '<command>'";
}

/** A config's command as the words its shell would see: bare words and '…' quoted pieces only (what shellQuote
 * writes).
 */
function shellWords(text: string): string[] | undefined {
  const word = /(?:[A-Za-z0-9_.,:/@%+=-]+|'[^']*'|\\')+/y;
  const words: string[] = [];
  for (let at = 0; at < text.length; ) {
    word.lastIndex = at;
    const m = word.exec(text);
    if (!m) return undefined;
    words.push(m[0].replace(/'([^']*)'|\\(')/g, (_m, q: string | undefined, esc: string | undefined) => q ?? esc!));
    at = word.lastIndex;
    if (at < text.length && text[at++] !== ' ') return undefined;
  }
  return words;
}

const GROUP = /^(.+?) dispatch --to (\S+)(?: --event ([A-Za-z][\w-]*))? (run .*)$/s;

/**
 * Recognise a grouped entry written by groupCommand (its runner mentions hook-bridge or is one of `runners`).
 * undefined for any other command, a `dispatch --config` registration included.
 */
export function parseGroup(written: string, runners: readonly string[] = []): HookGroup | undefined {
  const m = GROUP.exec(withoutPolicy(unguarded(written)));
  if (!m || (!/hook-bridge/.test(m[1]!) && !runners.includes(m[1]!))) return undefined;
  const hosts = m[2]!.split(',');
  const words = shellWords(m[4]!);
  if (!hosts.every(isDialectId) || !words) return undefined;
  const hooks = parseGroupedHooks(words);
  if (typeof hooks === 'string') return undefined;
  return {
    runner: m[1]!,
    to: hosts[0] as DialectId,
    ...(hosts.length > 1 ? { hosts: hosts as DialectId[] } : {}),
    ...(m[3] !== undefined ? { event: m[3] } : {}),
    hooks,
  };
}

/** A hook read from a hook-bridge entry: the entry as written, and the command it runs (handler-reader.ts). */
interface WrittenHook {
  written?: string;
  command?: string;
}

/**
 * The runner of an entry as written (everything before ` run --from`, or before ` dispatch --to` where the entry runs
 * several hooks): the reader recognised it already.
 */
export const runnerOfWritten = (written: string) => written.slice(0, written.search(/ (?:dispatch --to|run --from) /));

/**
 * What the entry a hook was read from hands `run` for it besides its command — its own wrapper's options, or its
 * part of a grouped entry's — where a reader of the config runs the hook itself (an in-process host's engine, audit);
 * and
 * the options a person added to the entry (`--on-missing deny` …, as words). undefined for a hook not wrapped.
 */
export function wrapperOptions(
  h: WrittenHook,
): (Pick<GroupedHook, 'pluginRoot' | 'emulateTodos' | 'calls'> & { policy: string[] }) | undefined {
  if (h.written === undefined) return undefined;
  const runners = [runnerOfWritten(h.written)];
  const policy = policyOf(h.written);
  const pick = (o: Pick<GroupedHook, 'pluginRoot' | 'emulateTodos' | 'calls'>) => ({
    ...(o.pluginRoot !== undefined ? { pluginRoot: o.pluginRoot } : {}),
    ...(o.emulateTodos ? { emulateTodos: true } : {}),
    ...(o.calls ? { calls: o.calls } : {}),
    policy,
  });
  const w = parseWrapper(h.written, runners);
  if (w) return pick(w);
  const hooks = parseGroup(h.written, runners)?.hooks ?? [];
  // Its command as the reader gave it; a host that substitutes variables in the text reads them back braced, so
  // where no command is equal, the hooks' common options stand for it.
  const own = hooks.find((g) => g.command === h.command);
  if (own) return pick(own);
  const roots = new Set(hooks.map((g) => g.pluginRoot));
  return roots.size === 1 && hooks[0] ? pick(hooks[0]) : undefined;
}
