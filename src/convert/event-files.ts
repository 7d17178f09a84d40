// convert's step for event-file hosts (mappings `config.eventFiles`: Cline): beside the hook file, one executable per
// event file of the agent whose events have hooks there (src/dialects/event-file.ts). The loader file's rules
// (loader-files.ts), per file: written while its events have entries, made what this hook-bridge writes (another
// version's is out of date), deleted with `--remove` or once its events have none. A file a person wrote or changed
// is never overwritten nor deleted silently: it is left as it is, and the report says so where hook-bridge needs
// that name (`--check` counts it out of date); the agent's own hook files hook-bridge does not need are not its
// business and go unmentioned.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import type { Diagnostic } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { eventFileText, eventFileVersion } from '../dialects/event-file.js';
import { dialects } from '../dialects/index.js';
import { VERSION } from '../version.js';
import { type LoaderOutcome, runnerFileNote } from './loader-files.js';
import { readText } from './read-text.js';

const hashOf = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** The text of event file `name` as hook-bridge `version` writes it. */
const textOf = (host: DialectId, name: string, version: string) =>
  eventFileText(host, name, version, dialects[host].eventFiles!);

/** Did hook-bridge write this text, unchanged since (its record's hash, or what the version it names writes)? */
function unedited(host: DialectId, name: string, text: string, recorded: string | undefined): boolean {
  if (recorded === hashOf(text)) return true;
  const v = eventFileVersion(text);
  return v !== undefined && textOf(host, name, v) === text;
}

/** One event file as this run leaves it; undefined where there is none and none is wanted. */
function planOne(
  host: DialectId,
  project: string,
  name: string,
  wanted: boolean,
  recorded: string | undefined,
): { outcome: LoaderOutcome; hash?: string; diagnostic?: Diagnostic } | undefined {
  const file = join(project, mappings.dialects[host].config.eventFiles!.dir, name);
  const before = existsSync(file) ? readText(file) : undefined;
  if (before === undefined && !wanted) return undefined;
  const want = textOf(host, name, VERSION);
  const version = before === undefined ? undefined : eventFileVersion(before);
  const base = { file, host, before, written: false, ...(version ? { version } : {}) };
  if (before !== undefined && before !== want && !unedited(host, name, before, recorded)) {
    // A person's own hook for an event hook-bridge does not need: theirs, not mentioned.
    if (version === undefined && recorded === undefined && !wanted) return undefined;
    const keep = { outcome: { ...base, action: 'keep-edited' as const, after: before, changed: false } };
    const why = version ? `changed by hand since hook-bridge ${version} wrote it` : `not hook-bridge's event file`;
    const what = wanted
      ? `so the ${name} hooks of ${mappings.dialects[host].config.write} do not run from it. To run them, move ` +
        `your hook to another name the agent runs for this event (a supported extension) and convert again`
      : 'Delete it yourself if it is no longer wanted';
    return {
      ...keep,
      ...(recorded ? { hash: recorded } : {}),
      diagnostic: { severity: 'warning', code: 'eventFileEdited', message: `${why}: left as it is, ${what}`, file },
    };
  }
  if (!wanted) return { outcome: { ...base, action: 'delete', after: undefined, changed: true } };
  const action = before === want ? ('none' as const) : ('write' as const);
  return { outcome: { ...base, action, after: want, changed: before !== want }, hash: hashOf(want) };
}

/**
 * The event files of one target host, as this run leaves them: `events`, the hook file's events with entries after
 * the write (none with --remove). Returns their outcomes, what the record keeps of them, and the warnings.
 */
export function planEventFiles(
  host: DialectId,
  project: string,
  events: ReadonlySet<string>,
  recorded: { [name: string]: string } | undefined,
): { outcomes: LoaderOutcome[]; created: { [name: string]: string } | undefined; diagnostics: Diagnostic[] } {
  const outcomes: LoaderOutcome[] = [];
  const created: { [name: string]: string } = {};
  const diagnostics: Diagnostic[] = [];
  for (const [name, of] of Object.entries(mappings.dialects[host].config.eventFiles!.files)) {
    const p = planOne(
      host,
      project,
      name,
      of.some((e) => events.has(e)),
      recorded?.[name],
    );
    if (!p) continue;
    outcomes.push(p.outcome);
    if (p.hash) created[name] = p.hash;
    if (p.diagnostic) diagnostics.push(p.diagnostic);
  }
  return { outcomes, created: Object.keys(created).length ? created : undefined, diagnostics };
}

/** The report's line for an event file. */
export const eventFileNote = (o: LoaderOutcome, project: string): string =>
  runnerFileNote(o, project, 'event file', "not hook-bridge's or changed by hand");
