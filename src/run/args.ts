// `hook-bridge run`'s arguments, parsed by hand (no commander on the hot path).
import { canonicalEvent, canonicalTool } from '../dialects/catalog.js';
import { isDialectId, type DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { unknownDialectMessage } from '../model/suggest.js';

/** When run and dispatch translate the host's transcript for the script (`--transcript`). */
export const TRANSCRIPT_MODES = ['always', 'auto', 'never'] as const;
export type TranscriptMode = (typeof TRANSCRIPT_MODES)[number];

export interface RunArgs {
  from: DialectId;
  to: DialectId;
  timeoutS?: number;
  onError: 'deny' | 'allow';
  onTimeout?: 'allow' | 'deny';
  /**
   * A hook command that could not run (exit 126/127: a program not found or not executable). Unset: what the script's
   * agent does with that exit (Claude Code: a non-blocking error); deny: block on events that can block; allow: never
   * block.
   */
  onMissing?: 'allow' | 'deny';
  /** Unset: relay `ask` where that fails closed on the host, else deny (emit.ts askRelaysSafely). */
  ask?: 'ask' | 'deny' | 'allow';
  rewrite: 'deny' | 'ignore';
  /** The plugin the hook comes from: the script agent's plugin-root variable is set to it. */
  pluginRoot?: string;
  /** Hosts that share one config file (`--to codebuddy,codebuddy-ide`); `to` is the first. */
  hosts?: DialectId[];
  /**
   * The host's event the hook runs for, where its payloads do not name it (mappings `payload.eventNamed: false`:
   * GitHub Copilot CLI's own files). convert writes it.
   */
  event?: string;
  /** Write the host's todo list where the script's agent keeps it (~/.claude/todos/…): opt-in, it writes under the
   * user's home.
   */
  emulateTodos?: boolean;
  /** A shell call runs after its session's environment file, where a SessionStart hook wrote one (session-env.ts). */
  sessionEnv?: boolean;
  /**
   * Where the host makes one call that the script's agent makes as several (Codex CLI's apply_patch: a Write or
   * Edit per file, rm and mv as Bash): run the script only for the calls to these tools (canonical ids; given
   * by the script agent's names). convert writes it from the hook's matcher, which the host cannot express.
   */
  calls?: string[];
  /** Translate the host's transcript for the script: always, never, or (unset = auto) when the script may read it. */
  transcript?: TranscriptMode;
  /**
   * `--pre-tool-notes`: no script; on a PostToolUse call, give the model the notes the PreToolUse hooks of the same
   * call left (src/run/pre-tool-notes.ts): the entry convert adds where the host drops a PreToolUse hook's context.
   */
  preToolNotes?: boolean;
  /** -c string, or argv after -- (none with --pre-tool-notes) */
  command: string | string[];
}

export class UsageError extends Error {}

function badCall(name: string, from: DialectId): never {
  throw new UsageError(`--calls takes ${mappings.dialects[from].agent} tool names, comma-separated; "${name}" is none`);
}

/** The dialects of `--from` / `--to` (a comma list), or a usage error naming the closest id for a typo (`Qwen`: qwen).
 */
export function dialectList(option: string, value: string): DialectId[] {
  const list = value.split(',');
  for (const d of list) if (!isDialectId(d)) throw new UsageError(`${option}: ${unknownDialectMessage(d)}`);
  if (option === '--from' && list.length > 1) throw new UsageError('--from takes one dialect');
  return list as DialectId[];
}

export function parseArgs(argv: string[]): RunArgs | 'help' {
  const o: Partial<RunArgs> & Record<string, unknown> = { onError: 'deny', rewrite: 'deny' };
  const choice = <T extends string>(flag: string, v: string | undefined, allowed: readonly T[]): T => {
    if (v === undefined || !allowed.includes(v as T))
      throw new UsageError(`${flag} takes ${allowed.join('|')}${v === undefined ? '' : `, got "${v}"`}`);
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
      const list = dialectList(a, take());
      o[a.slice(2)] = list[0];
      if (list.length > 1) o.hosts = list as DialectId[];
    } else if (a === '--timeout') {
      const n = Number(take());
      if (!(n > 0)) throw new UsageError(`--timeout takes a positive number of seconds, got "${v}"`);
      o.timeoutS = n;
    } else if (a === '--on-error') o.onError = choice(a, take(), ['deny', 'allow'] as const);
    else if (a === '--on-timeout') o.onTimeout = choice(a, take(), ['allow', 'deny'] as const);
    else if (a === '--on-missing') o.onMissing = choice(a, take(), ['allow', 'deny'] as const);
    else if (a === '--ask') o.ask = choice(a, take(), ['ask', 'deny', 'allow'] as const);
    else if (a === '--rewrite') o.rewrite = choice(a, take(), ['deny', 'ignore'] as const);
    else if (a === '--plugin-root') o.pluginRoot = take();
    else if (a === '--event') o.event = take();
    else if (a === '--emulate-todos') o.emulateTodos = true;
    else if (a === '--session-env') o.sessionEnv = true;
    else if (a === '--pre-tool-notes') o.preToolNotes = true;
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
  if (o.event !== undefined && !canonicalEvent(o.to, o.event))
    throw new UsageError(`--event takes a ${mappings.dialects[o.to].agent} event name; "${o.event}" is none`);
  if (o.preToolNotes && o.command !== undefined)
    throw new UsageError('--pre-tool-notes runs no command: it gives the notes PreToolUse hooks left for this call');
  if (o.preToolNotes) return { ...o, command: [] } as RunArgs;
  if (o.command === undefined || (Array.isArray(o.command) && !o.command.length))
    throw new UsageError("a command is required: -c '<command>' or -- <command> [args...]");
  return o as RunArgs;
}
