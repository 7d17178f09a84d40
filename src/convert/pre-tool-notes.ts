// A convert step, after grouping: where a host drops a PreToolUse hook's additionalContext (a note on a call the hook
// lets through), hook-bridge carries it to the PostToolUse of the same call (mappings `output.preToolContext`), which
// needs a hook-bridge entry that fires there for that call. A PostToolUse entry of the conversion that fires for every
// call the PreToolUse hook does gives the note with its own answer; else one entry is added (`run --pre-tool-notes`:
// no script) with the hook's matcher. Only for hooks that may answer with context (`givesContext`: the script's text
// says additionalContext), so a guard that only denies costs no process after its calls. The report says where the
// note goes, or that the host drops it where nothing can carry it.
import type { DialectId } from '../model/dialect-ids.js';
import type { Hook } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { nativeEvent, toolsOf } from '../dialects/catalog.js';
import type { NativeHook } from '../dialects/define.js';
import { matcherFires } from '../dialects/matcher-fires.js';
import { dispatchConfigs, notesCommand, parseGroup, parseNotesEntry, parseWrapper } from '../dialects/wrapper.js';

/** A report row (convert's ReportRow): its source hook, where it landed, what is said about it. */
interface NotedRow {
  source: { file: string; path: string };
  target?: { event: string; matcher?: unknown };
  status: 'exact' | 'translated' | 'degraded' | 'dropped';
  notes: string[];
  reason: string;
}

export interface NoteOptions {
  hosts: readonly DialectId[];
  runner: string;
  /** The source's dialect (a `dispatch --config` registration's hooks are its). */
  from: DialectId;
  /** May this PreToolUse hook answer additionalContext (its script's text says so: gives-context.ts)? */
  givesContext: (h: Hook) => boolean;
  /** Which source hook an entry is written for (its record key). */
  keyOf?: (h: Hook) => string;
}

/** What a host does with a PreToolUse hook's context: gives it, carries it to PostToolUse, drops it, or not known. */
export function preToolContextFate(host: DialectId): 'to-model' | 'carried' | 'dropped' | 'unknown' {
  const out = mappings.dialects[host].output;
  const own = out?.additionalContext['pre-tool-use'];
  if (own === 'to-model') return 'to-model';
  if (own !== 'dropped') return 'unknown';
  return out?.preToolContext === 'post-tool' && out.additionalContext['post-tool-use'] === 'to-model'
    ? 'carried'
    : 'dropped';
}

/** Is this entry one of hook-bridge's (a wrapper, a grouped entry, a registration, a notes entry)? */
const ownEntry = (command: unknown, runners: readonly string[]) =>
  typeof command === 'string' &&
  (!!parseWrapper(command, runners) ||
    !!parseGroup(command, runners) ||
    !!parseNotesEntry(command, runners) ||
    !!dispatchConfigs(command));

/** Does `outer` fire for every tool call `inner` fires for, on this host? */
function covers(host: DialectId, outer: unknown, inner: unknown): boolean {
  if (outer === undefined || outer === '' || outer === '*') return true;
  // The host's tools, and the names the inner matcher spells (an MCP tool's).
  const spelled = [inner].flat().flatMap((m) => String(m).match(/[A-Za-z_][\w.-]*/g) ?? []);
  const names = [...toolsOf(host).map((t) => t.entry.name), ...spelled];
  return names.every((n) => !matcherFires(host, inner, n) || matcherFires(host, outer, n));
}

const sameRow = (row: NotedRow, h: Hook) => row.source.file === h.origin.file && row.source.path === h.origin.path;

export function preToolNoteEntries<T extends { hooks: NativeHook[]; report: NotedRow[] }>(
  result: T,
  input: Hook[],
  o: NoteOptions,
): T {
  const host = o.hosts.find((h) => preToolContextFate(h) === 'carried') ?? o.hosts[0]!;
  const fate = preToolContextFate(host);
  if (fate !== 'carried' && fate !== 'dropped') return result;
  const agent = mappings.dialects[host].agent;
  const preEvent = nativeEvent(host, 'pre-tool-use');
  const postEvent = nativeEvent(host, 'post-tool-use');
  const runners = [o.runner];
  const hooks = [...result.hooks];
  for (const h of input) {
    // An async hook's answer is not read at all (Claude Code's async): it gives no note.
    if (h.event !== 'pre-tool-use' || h.type !== 'command' || h.scriptDialect === host || h.fields.async === true)
      continue;
    if (!o.givesContext(h)) continue;
    const row = result.report.find((r) => sameRow(r, h) && r.status !== 'dropped' && r.target?.event === preEvent);
    if (!row) continue;
    if (fate === 'dropped' || !postEvent) {
      row.notes.push(
        `${agent} drops additionalContext on ${preEvent}: a note this hook gives on a call it lets through never ` +
          `reaches the model (Claude Code gives it after the tool result)`,
      );
      row.status = 'degraded';
    } else {
      const matcher = row.target!.matcher;
      const post = hooks.find(
        (e) => e.event === postEvent && ownEntry(e.handler.command, runners) && covers(host, e.matcher, matcher),
      );
      if (!post)
        hooks.push({
          event: postEvent,
          matcher: matcher as NativeHook['matcher'],
          handler: {
            type: 'command',
            command: notesCommand({ runner: o.runner, from: h.scriptDialect, to: o.hosts[0]!, hosts: [...o.hosts] }),
          },
          groupFields: {},
          ...(o.keyOf ? { key: o.keyOf(h) } : {}),
        });
      row.notes.push(
        `its additionalContext on a call it lets through, which ${agent} drops on ${preEvent}, is given after the ` +
          `tool result with the ${postEvent} context of the same call, where Claude Code gives it` +
          (post ? '' : ` (an entry added: run --pre-tool-notes)`),
      );
    }
    row.reason = row.notes.join('; ');
  }
  return { ...result, hooks };
}
