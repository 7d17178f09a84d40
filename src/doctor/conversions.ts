// The files convert wrote into the project (each with its record beside it): are they what convert would write from
// the sources now (`convert --check`, run with the options the files were written with, read back from the entries),
// and are the gates in the source files another agent reads itself (GitHub Copilot CLI and .claude/settings*.json)
// what they must be?
import { join, relative } from 'node:path';
import { DIALECT_IDS, isDialectId, type DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { mappings } from '../model/mappings.js';
import { plural } from '../model/plural.js';
import { entrySummary } from '../dialects/entry-summary.js';
import { dispatchConfigs, parseGroup, parseWrapper } from '../dialects/wrapper.js';
import {
  convertProject,
  type ConvertProjectOptions,
  type ConvertProjectResult,
  type TargetOutcome,
} from '../convert/project.js';
import { existingRecord, readRecord, type OwnedEntry } from '../convert/provenance.js';
import { userScopeOf } from '../convert/user-scope.js';
import { userWriteFile } from '../dialects/user-files.js';
import type { DoctorCheck } from './types.js';

/** The options of convert that decide what it writes, as a converted file's entries show them. */
type WrittenWith = Pick<ConvertProjectOptions, 'runner' | 'wrap' | 'dispatch' | 'emulateTodos'>;

/** A converted file: its hosts, source dialect, and the options it may have been written with (most likely first). */
export interface ConvertedFile {
  file: string;
  hosts: DialectId[];
  from: DialectId;
  candidates: WrittenWith[];
  /** The runner its entries start hook-bridge with, when not the default. */
  runner?: string;
  /** How many entries convert recorded writing there. */
  entries: number;
}

/** The runner an entry starts hook-bridge with, as written (everything before ` run --from` / ` dispatch --to`). */
const runnerIn = (id: string): string[] => {
  const at = id.search(/ (?:dispatch --to|run --from) /);
  return at > 0 ? [id.slice(0, at)] : [];
};
const wrapperIn = (id: string) => parseWrapper(id, runnerIn(id));
const groupIn = (id: string) => parseGroup(id, runnerIn(id));

/** The `--to` hosts a recorded entry was written for (`run --to a,b`, `dispatch --to a,b`). */
function hostsOf(id: string): DialectId[] {
  const w = wrapperIn(id) ?? groupIn(id);
  if (w) return w.hosts ?? [w.to];
  const m = /\bdispatch --to (\S+)/.exec(id);
  return m ? m[1]!.split(',').filter(isDialectId) : [];
}

/** What the recorded entries of a file say about how it was converted. */
function readConverted(file: string, writers: DialectId[], entries: OwnedEntry[]): ConvertedFile {
  const hosts = [...new Set(entries.flatMap((e) => hostsOf(e.id)))].filter((h) => writers.includes(h));
  const froms = entries.map((e) => e.from);
  const from = froms.sort((a, b) => froms.filter((x) => x === b).length - froms.filter((x) => x === a).length)[0]!;
  const parsed = entries.map((e) => ({ id: e.id, w: wrapperIn(e.id), g: groupIn(e.id) }));
  const runner = parsed.map((p) => p.w?.runner ?? p.g?.runner).find((r) => r !== undefined);
  const emulateTodos = parsed.some((p) => p.w?.emulateTodos || p.g?.hooks.some((h) => h.emulateTodos));
  const base: WrittenWith = {
    ...(runner && runner !== 'hook-bridge' ? { runner } : {}),
    ...(emulateTodos ? { emulateTodos: true } : {}),
  };
  const registrations = parsed.some((p) => dispatchConfigs(p.id) !== undefined && !p.g);
  const ours = parsed.filter((p) => p.w || p.g || dispatchConfigs(p.id)).length;
  const candidates: WrittenWith[] = registrations
    ? [{ ...base, dispatch: true }]
    : ours === 0
      ? [{ ...base, wrap: false }]
      : ours === parsed.length
        ? [base, { ...base, wrap: true }]
        : [base, { ...base, wrap: true }, { ...base, wrap: false }];
  return {
    file,
    // No entry names its hosts (--no-wrap): the dialect the file is written for (not one that reads another's files).
    hosts: hosts.length ? hosts : [writers.find((d) => !mappings.dialects[d].config.sameFilesAs) ?? writers[0]!],
    from,
    candidates,
    ...(runner && runner !== 'hook-bridge' ? { runner } : {}),
    entries: entries.length,
  };
}

/** Every file of the project (`user`: the user-level files) convert wrote into and recorded. */
function convertedFiles(project: string, user: Where['user']): ConvertedFile[] | HookBridgeError {
  const byFile = new Map<string, DialectId[]>();
  for (const d of DIALECT_IDS) {
    const file = user ? userWriteFile(d, userScopeOf(user)) : join(project, mappings.dialects[d].config.write);
    if (file === undefined) continue;
    // Where the record is, or where an earlier version kept it (convert moves it: provenance.ts).
    if (existingRecord(file) !== undefined) byFile.set(file, [...(byFile.get(file) ?? []), d]);
  }
  const out: ConvertedFile[] = [];
  for (const [file, writers] of byFile) {
    let entries: OwnedEntry[];
    try {
      entries = readRecord(file).entries;
    } catch (e) {
      if (HookBridgeError.is(e)) return e;
      throw e;
    }
    if (entries.length) out.push(readConverted(file, writers, entries));
  }
  return out;
}

/** The command that brings a converted file up to date, as it is typed in `cwd`. */
function convertCommand(c: ConvertedFile, o: WrittenWith, project: string, cwd: string, user: boolean): string {
  const where = user ? ' --user' : project === cwd ? '' : ` ${relative(cwd, project) || '.'}`;
  return (
    `hook-bridge convert${where} --to ${c.hosts.join(',')}` +
    (o.dispatch ? ' --dispatch' : '') +
    (o.wrap === true ? ' --wrap' : o.wrap === false ? ' --no-wrap' : '') +
    (o.runner ? ` --runner '${o.runner.replace(/'/g, `'\\''`)}'` : '') +
    (o.emulateTodos ? ' --emulate-todos' : '')
  );
}

const isUpToDate = (r: ConvertProjectResult) => r.targets.every((t) => !t.changed && !t.recordChanged);

/** The problem a converted file out of date with its sources is: what convert would add, update or remove. */
function outOfDate(
  c: ConvertedFile,
  t: TargetOutcome,
  sources: string,
  rel: (f: string) => string,
  fix: string,
): DoctorCheck {
  const ch = t.changes;
  return {
    kind: 'conversion',
    status: 'problem',
    message:
      `${rel(c.file)} is out of date with ${sources}: ` +
      (t.changed
        ? `${ch.added.length} to add, ${ch.updated.length} to update, ${ch.removed.length} to remove; ` +
          `${c.hosts.map((h) => mappings.dialects[h].agent).join(', ')} ${c.hosts.length > 1 ? 'run' : 'runs'} ` +
          'the hooks as they were when it was written'
        : t.staleRecord
          ? `its record is ${rel(t.staleRecord)}, where an agent reads it as a hook file (Copilot CLI logs it ` +
            `as an invalid hook configuration on every run); convert moves it to ${rel(t.record)}`
          : 'its record is not what convert would write'),
    file: c.file,
    items: [
      ...ch.added.map((h) => `to add: ${h.event}  ${entrySummary(h.handler)}`),
      ...ch.updated.map((h) => `to update: ${h.event}  ${entrySummary(h.handler)}`),
      ...ch.removed.map((h) => `to remove: ${h.event}  ${entrySummary(h.handler)}`),
    ],
    fix: `${fix} (then commit the result)`,
  };
}

/** Where doctor looks: the project, or (`user`: doctor --user) the user-level files of this home. */
interface Where {
  env: NodeJS.ProcessEnv;
  home?: string;
  cwd: string;
  user?: { home?: string; env: NodeJS.ProcessEnv };
}

/** The converted files, each checked as `convert --check` would with the options it was written with. */
export async function conversionChecks(
  project: string,
  o: Where,
): Promise<{ checks: DoctorCheck[]; commands: Map<string, string>; files: ConvertedFile[] }> {
  const commands = new Map<string, string>();
  const files = convertedFiles(project, o.user);
  if (HookBridgeError.is(files))
    return {
      checks: [
        { kind: 'conversion', status: 'problem', message: files.describe(), fix: 'restore it from version control' },
      ],
      commands,
      files: [],
    };
  const out: DoctorCheck[] = [];
  const rel = (f: string) => relative(o.cwd, f) || f;
  for (const c of files) {
    let first: ConvertProjectResult | undefined;
    let chosen: { r: ConvertProjectResult; with: WrittenWith } | undefined;
    try {
      for (const w of c.candidates) {
        const r = await convertProject({
          ...(o.user ? { user: true } : { project }),
          to: c.hosts,
          from: c.from,
          check: true,
          ...w,
          env: o.env,
          ...(o.home ? { home: o.home } : {}),
        });
        first ??= r;
        if (isUpToDate(r)) {
          chosen = { r, with: w };
          break;
        }
      }
    } catch (e) {
      if (!HookBridgeError.is(e)) throw e;
      out.push({
        kind: 'conversion',
        status: 'problem',
        message:
          `${rel(c.file)} cannot be checked against its ${mappings.dialects[c.from].agent} sources: ` + e.describe(),
        file: c.file,
        fix:
          'restore the sources, or take the conversion out: ' +
          `hook-bridge convert${o.user ? ' --user' : ''} --to ${c.hosts.join(',')} --remove`,
      });
      continue;
    }
    const r = chosen?.r ?? first!;
    const sources = r.sources.map((s) => rel(s.file)).join(', ');
    const agents = c.hosts.map((h) => mappings.dialects[h].agent).join(', ');
    const fix = convertCommand(c, chosen?.with ?? c.candidates[0]!, project, o.cwd, o.user !== undefined);
    commands.set(c.file, fix);
    if (chosen)
      out.push({
        kind: 'conversion',
        status: 'ok',
        message: `${rel(c.file)} is what convert writes from ${sources} (for ${agents})`,
        file: c.file,
      });
    else out.push(outOfDate(c, r.targets[0]!, sources, rel, fix));
    for (const g of r.gates) {
      const host = mappings.dialects[g.host].agent;
      out.push(
        g.changed
          ? {
              kind: 'gates',
              status: 'problem',
              message:
                `${host} reads ${rel(g.file)} itself, and its gates are not what convert writes: ` +
                [
                  ...(g.gated ? [`${plural(g.gated, 'hook')} without a gate run twice there`] : []),
                  ...(g.ungated ? [`${plural(g.ungated, 'hook')} gated for an entry that is gone run not at all`] : []),
                ].join(', '),
              file: g.file,
              fix,
            }
          : {
              kind: 'gates',
              status: 'ok',
              message:
                `${host} reads ${rel(g.file)} itself: its ${plural(g.paths.length, 'converted hook')} there ` +
                `${g.paths.length === 1 ? 'is' : 'are'} gated, so each runs once`,
              file: g.file,
            },
      );
    }
  }
  return { checks: out, commands, files };
}
