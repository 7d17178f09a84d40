// The hook entries a host reads from a config file, as it reads them: its event names, its matcher rules, its
// timeout unit — and the command exactly as written (a hook-bridge wrapper is run as the wrapper, not unwrapped).
// Two configs per host: the project as it is, and the same project converted by hook-bridge (in memory). A host that
// reads the source agent's files itself (mappings `config.readsForeign`: GitHub Copilot CLI runs the project's
// .claude/settings*.json) reads them that way in both — as they are, and gated by the conversion (convert's gates, so
// that they do nothing there) after its own converted file; any other source file is read as if copied into the host's.
import { relative } from 'node:path';
import { readText } from './read-text.js';
import type { DialectId } from '../model/dialect-ids.js';
import type { Hook } from '../model/hook.js';
import { CONFIG_SYNTAX } from '../model/formats.js';
import { isObject } from '../model/is-object.js';
import { valueAt } from '../dialects/json-path.js';
import { mappings } from '../model/mappings.js';
import {
  convertHooks,
  dialects,
  discover,
  groupEntries,
  guardEntries,
  mayGiveContext,
  parseGroup,
  preToolNoteEntries,
  planGates,
  readEvents,
  readMatcher,
  readsNatively,
  WRAPPER_GRACE_MS,
  type ForeignRead,
} from './engine.js';

/** A source config file's text; a plugin's hooks file with its plugin's root (absolute, and as convert writes it). */
export interface SourceText {
  file: string;
  text: string;
  plugin?: { root: string; written: string };
  /** A user-level file (`test --user`): outside the project, read by no host as one of the project's files. */
  user?: boolean;
}

export interface Entry {
  /** The hook as the host reads it (a wrapper's `command` is the command it wraps: `run` says what to run). */
  hook: Hook;
  /** What the host runs: the command as written (or the exec form's argv). */
  run: string | string[];
  /** The host's timeout for it, ms (undefined: the host's default). */
  timeoutMs: number | undefined;
  /** Where it is: the source file and the entry's path in it. */
  where: string;
  /** The plugin it comes from (its root): the host sets its plugin-root variable to it. */
  pluginRoot?: string;
  /** A `hook-bridge dispatch` entry that carries several hooks: their own commands (`hook` is the entry's). */
  dispatches?: string[];
  /** The way the host runs it, where it has several (mappings `modes`); undefined: its own. */
  mode?: string;
}

/** A hook of the source that is not in the host's config (convert dropped it), with why. */
interface Left {
  where: string;
  event: string;
  command?: string;
  why: string;
}

export interface HostConfig {
  entries: Entry[];
  left: Left[];
  /** Files the host ignores as a whole (a comment in the JSON …), with why. */
  ignored: { file: string; why: string }[];
}

/** A file read by `reader`'s reader (the host's own, or the source's where the host reads that file itself): its
 * entries with the raw command and timeout of each.
 */
function read(
  reader: DialectId,
  file: string,
  text: string,
  where: string,
  pluginRoot?: string,
): { entries: Entry[]; ignored?: string } {
  const d = dialects[reader];
  const r = d.codec.read(text, file, d);
  const errors = r.diagnostics.filter((x) => x.severity === 'error');
  const fatal =
    errors.find((x) => x.code === 'jsonSyntaxIgnoresFile') ??
    (d.spec.config.invalidEntry === 'file-rejected' ? errors[0] : undefined);
  if (fatal)
    return {
      entries: [],
      ignored:
        (fatal.path ? `${fatal.path}: ` : '') +
        `${fatal.message}` +
        (fatal.code === 'jsonSyntaxIgnoresFile' ? '' : `; ${d.spec.agent} then ignores every hook of the file`),
    };
  const syntax = CONFIG_SYNTAX[d.spec.config.format];
  const at = (path: string) => valueAt(text, path, syntax);
  // A grouped entry reads as the hooks it carries, each at the entry's path: the host sees one entry, fired by the
  // entry's own matcher (its matcher group's, or the handler's where the format puts it there: Copilot CLI's).
  const carried = new Map<string, Hook[]>();
  for (const h of r.hooks) carried.set(h.origin.path, [...(carried.get(h.origin.path) ?? []), h]);
  const hooks = [...carried.values()].map((hs) => {
    const first = hs[0]!;
    if (first.written === undefined || !parseGroup(first.written)) return { hook: first };
    const raw = at(first.origin.path);
    const group = at(first.origin.path.replace(/\.hooks\[\d+\]$/, ''));
    const nativeMatcher = isObject(group) && group !== raw ? group.matcher : isObject(raw) ? raw.matcher : undefined;
    const hook = { ...first, nativeMatcher, matcher: readMatcher(d, first.event, nativeMatcher).matcher };
    return { hook, dispatches: hs.map((x) => x.command ?? '') };
  });
  const entries = hooks.map(({ hook, dispatches }): Entry => {
    const raw = at(hook.origin.path);
    const handler = isObject(raw) ? raw : {};
    // The command as written (a gate in front, a wrapper as it is), as the reader found it: the field the agent runs
    // (Copilot's `bash`, or its `linux` on Linux), whatever the format calls it.
    const command = (hook.gate ?? '') + (hook.written ?? hook.command ?? '');
    const args =
      Array.isArray(handler.args) &&
      handler.args.every((a) => typeof a === 'string') &&
      (d.spec.handlerFields ?? []).includes('args')
        ? (handler.args as string[])
        : undefined;
    const timeout = handler.timeout;
    return {
      hook,
      run: args ? [command, ...args] : command,
      timeoutMs: typeof timeout === 'number' && timeout > 0 ? d.readTimeout(timeout) : hook.timeoutMs,
      where: `${where} ${hook.origin.path}`,
      ...(pluginRoot !== undefined ? { pluginRoot } : {}),
      ...(dispatches ? { dispatches } : {}),
      ...(hook.mode !== undefined ? { mode: hook.mode } : {}),
    };
  });
  return { entries };
}

/** The host's own reading of a source file (its `config.readsForeign` entry), where it reads that file itself. */
const foreignRead = (from: DialectId, host: DialectId, s: SourceText, project: string): ForeignRead | undefined =>
  s.plugin || s.user ? undefined : readsNatively(host, from, relative(project, s.file));

/**
 * A source file as the host reads it itself: the source's reader, in the host's mode for it; a hook on an event the
 * host does not fire from that file is no hook there (its event null: never runs).
 */
function readForeign(
  from: DialectId,
  r: ForeignRead,
  file: string,
  text: string,
  where: string,
): { entries: Entry[]; ignored?: string } {
  const events = new Set(readEvents(r));
  const got = read(from, file, text, where);
  return {
    ...got,
    entries: got.entries.map((e) => ({
      ...e,
      hook: e.hook.event && events.has(e.hook.event) ? e.hook : { ...e.hook, event: null },
      mode: r.mode,
    })),
  };
}

/**
 * The project as it is, as the host reads it: a file it reads itself (config.readsForeign) that way, any other copied
 * into its config location. A plugin's hooks load only on the agent whose plugin it is (`from`).
 */
export function asIsConfig(from: DialectId, host: DialectId, sources: SourceText[], project: string): HostConfig {
  const out: HostConfig = { entries: [], left: [], ignored: [] };
  const inProcess = mappings.dialects[host].config.inProcess;
  for (const s of sources) {
    // An in-process host reads no hook file at all: the hooks copied where hook-bridge would write its own never run.
    if (inProcess && host !== from) {
      out.ignored.push({
        file: s.file,
        why:
          `${mappings.dialects[host].agent} reads no hook config: nothing runs (it runs hooks only through ` +
          `hook-bridge's loader, ${inProcess.loader}, which \`hook-bridge convert --to ${host}\` writes)`,
      });
      continue;
    }
    if (s.plugin && host !== from) {
      out.ignored.push({
        file: s.file,
        why: `${mappings.dialects[host].agent} does not load ${mappings.dialects[from].agent} plugins`,
      });
      continue;
    }
    const foreign = foreignRead(from, host, s, project);
    const r = foreign
      ? readForeign(from, foreign, s.file, s.text, s.file)
      : read(host, s.file, s.text, s.file, s.plugin?.root);
    out.entries.push(...r.entries);
    if (r.ignored) out.ignored.push({ file: s.file, why: r.ignored });
  }
  return out;
}

/**
 * The source files converted by hook-bridge for the host (wrapped commands starting `runner`), never written; and the
 * source files the host reads itself, with the gates convert puts in them, read after its own file (as it does).
 */
export function bridgedConfig(
  from: DialectId,
  host: DialectId,
  sources: SourceText[],
  runner: string,
  project: string,
): HostConfig {
  const out: HostConfig = { entries: [], left: [], ignored: [] };
  const src = dialects[from];
  const target = dialects[host];
  const gated: Entry[] = [];
  for (const s of sources) {
    const { hooks, diagnostics } = src.codec.read(s.text, s.file, src);
    // A file its own agent ignores as a whole is refused by convert (assertConvertible): nothing converted runs.
    const refused = diagnostics.find((x) => x.code === 'jsonSyntaxIgnoresFile');
    if (refused) {
      out.ignored.push({
        file: s.file,
        why: `${refused.path}: ${refused.message}; convert refuses the file until then`,
      });
      continue;
    }
    // What convert writes by default: the hooks that fire for the same calls in one dispatch entry, the runner guard.
    const converted = guardEntries(
      preToolNoteEntries(
        groupEntries(
          convertHooks(hooks, from, {
            to: host,
            runner,
            ...(s.plugin ? { pluginRoot: s.plugin.written } : {}),
          }),
          { hosts: [host], runner, graceMs: WRAPPER_GRACE_MS },
        ),
        hooks,
        { hosts: [host], runner, from, givesContext: (h) => mayGiveContext(h, project, s.plugin?.written) },
      ),
      { hosts: [host], runners: [runner], from },
    );
    for (const row of converted.report)
      if (row.status === 'dropped')
        out.left.push({
          where: `${s.file} ${row.source.path}`,
          event: row.source.event,
          ...(row.source.command !== undefined ? { command: row.source.command } : {}),
          why: row.reason,
        });
    const file = `${s.file} → ${mappings.dialects[host].config.write}`;
    const text = target.codec.write(converted.hooks, undefined, file, target).text;
    out.entries.push(...read(host, file, text, `${s.file} (converted)`).entries);
    const foreign = foreignRead(from, host, s, project);
    if (!foreign) continue;
    const after =
      planGates(host, from, project, converted.report, false).outcomes.find((o) => o.file === s.file)?.after ?? s.text;
    const r = readForeign(from, foreign, s.file, after, `${s.file} (gated)`);
    gated.push(...r.entries);
    if (r.ignored) out.ignored.push({ file: s.file, why: r.ignored });
  }
  out.entries.push(...gated);
  return out;
}

/**
 * The project as `convert` wrote it for the host (`dir`: a copy of the project, converted): the host's own config files
 * there, read by its reader as written, and the source files there that the host reads itself (with the gates convert
 * wrote into them), read its way after its own files.
 */
export function writtenConfig(from: DialectId, host: DialectId, sources: SourceText[], dir: string): HostConfig {
  const out: HostConfig = { entries: [], left: [], ignored: [] };
  const mine = new Set(sources.map((s) => s.file));
  for (const f of discover(dir, host)) {
    // A source file is read below, the host's way (a plugin's hooks load only on the agent whose plugin it is).
    if (mine.has(f.file) || f.pluginRoot !== undefined) continue;
    const r = read(host, f.file, readText(f.file), `${relative(dir, f.file)} (as written)`);
    out.entries.push(...r.entries);
    if (r.ignored) out.ignored.push({ file: f.file, why: r.ignored });
  }
  for (const s of sources) {
    const foreign = foreignRead(from, host, s, dir);
    if (!foreign) continue;
    const r = readForeign(from, foreign, s.file, readText(s.file), `${relative(dir, s.file)} (as written)`);
    out.entries.push(...r.entries);
    if (r.ignored) out.ignored.push({ file: s.file, why: r.ignored });
  }
  return out;
}
