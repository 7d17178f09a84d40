// Hook trust (mappings/dialects/<id>.yaml `config.hookTrust: trusted-hash`; Codex CLI 0.169.0): a user or project
// command hook runs only when the user config records its current hash as trusted, under the key
// `<hooks.json path>:<event_snake_case>:<group index>:<handler index>`:
//   [hooks.state."<key>"]
//   trusted_hash = "sha256:<hex>"
// The hash is sha256 of canonical JSON (keys sorted, no spaces) of the hook's normalised identity:
//   {"event_name": "<event_snake_case>", "matcher": "<matcher>" (omitted when absent, and on events that ignore
//    matchers), "hooks": [{"type": "command", "command": …, "timeout": <seconds, default 600>, "async": false,
//    "statusMessage": … (when set)}]}
// (test/fixtures/ground-truth/codex/README.md "Hook trust", observed c11a-d; statusMessage and the matcher rule read in
// the source, not observed). Async hooks are not trusted this way (the source normalises only non-async command hooks).
// convert reads the store to say what Codex will skip, and with --trust-codex-hooks records the hashes of the hooks it
// wrote — an edit of the user's config.toml that keeps every other byte.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic } from '../model/hook.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { plural } from '../model/plural.js';
import { canonicalEvent } from '../dialects/catalog.js';
import { parseToml, userPath } from '../dialects/config-files.js';
import { toml } from '../lazy.js';
import { writeAtomic } from './write-atomic.js';

/** PreToolUse -> pre_tool_use: the event name in Codex CLI's trust keys and hashes. */
const snakeEvent = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** JSON with object keys sorted and no spaces (serde_json of a canonicalised value). */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export interface TrustedHook {
  /** `<file>:<event_snake>:<group>:<handler>` */
  key: string;
  /** `sha256:<hex>` of the hook's normalised identity */
  hash: string;
  /** Native event name, and the handler as written (to tell which entries hook-bridge wrote). */
  event: string;
  handler: Record<string, unknown>;
}

/** The trust identity of one command handler of a group (what is hashed). */
export function hookIdentity(
  d: DialectId,
  event: string,
  matcher: unknown,
  handler: Record<string, unknown>,
): Record<string, unknown> {
  const canonical = canonicalEvent(d, event);
  const usesMatcher = canonical === undefined || mappings.events[canonical]?.matcherOn !== null;
  const timeout = typeof handler.timeout === 'number' ? handler.timeout : (mappings.dialects[d].timeout.default ?? 600);
  return {
    event_name: snakeEvent(event),
    ...(usesMatcher && typeof matcher === 'string' ? { matcher } : {}),
    hooks: [
      {
        type: 'command',
        command: handler.command,
        timeout: Math.max(1, timeout),
        async: false,
        ...(typeof handler.statusMessage === 'string' ? { statusMessage: handler.statusMessage } : {}),
      },
    ],
  };
}

/** `sha256:<hex>` of a hook's trust identity in canonical JSON. */
export function hookHash(d: DialectId, event: string, matcher: unknown, handler: Record<string, unknown>): string {
  return `sha256:${createHash('sha256')
    .update(canonicalJson(hookIdentity(d, event, matcher, handler)))
    .digest('hex')}`;
}

/** Every command hook of a hooks.json text that needs trust, with its key (`file` as the agent finds it) and hash. */
export function trustEntries(d: DialectId, file: string, text: string): TrustedHook[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return [];
  }
  const all = isObject(doc) && isObject(doc.hooks) ? doc.hooks : {};
  const out: TrustedHook[] = [];
  for (const [event, groups] of Object.entries(all)) {
    if (!canonicalEvent(d, event) || !Array.isArray(groups)) continue; // unknown events are ignored by the agent
    groups.forEach((g, gi) => {
      if (!isObject(g) || !Array.isArray(g.hooks)) return;
      g.hooks.forEach((h, hi) => {
        if (!isObject(h) || h.type !== 'command' || typeof h.command !== 'string' || h.async === true) return;
        out.push({
          key: `${file}:${snakeEvent(event)}:${gi}:${hi}`,
          hash: hookHash(d, event, g.matcher, h),
          event,
          handler: h,
        });
      });
    });
  }
  return out;
}

/** The store file on this machine: `config.trustStore` under `config.homeVar` when set. */
export function trustStorePath(
  d: DialectId,
  home = homedir(),
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const rel = mappings.dialects[d].config.trustStore;
  return rel ? userPath(d, rel, home, env) : undefined;
}

export interface StoreState {
  /** key -> trusted_hash recorded */
  hashes: Map<string, string>;
  /** Is the project (any of the given spellings of its path) trusted? */
  projectTrusted: boolean;
}

/** What a store records (an absent store records nothing). Invalid TOML: a HookBridgeError with line and column. */
export function readStore(file: string, projectPaths: string[]): StoreState {
  const doc = existsSync(file) ? parseToml(readFileSync(file, 'utf8'), file) : {};
  const state = isObject(doc.hooks) && isObject(doc.hooks.state) ? doc.hooks.state : {};
  const hashes = new Map<string, string>();
  for (const [k, v] of Object.entries(state))
    if (isObject(v) && typeof v.trusted_hash === 'string') hashes.set(k, v.trusted_hash);
  const projects = isObject(doc.projects) ? doc.projects : {};
  const projectTrusted = projectPaths.some((p) => isObject(projects[p]) && projects[p].trust_level === 'trusted');
  return { hashes, projectTrusted };
}

/** A TOML basic string. */
export function tomlString(s: string): string {
  return (
    `"` +
    s.replace(/[\\"\u0000-\u001f\u007f]/g, (c) =>
      c === '\\' ? '\\\\' : c === '"' ? '\\"' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    ) +
    `"`
  );
}

const HEADER = /^[ \t]*\[(?!\[)(.*?)\][ \t]*(?:#.*)?$/;
const HASH_LINE = /^([ \t]*trusted_hash[ \t]*=[ \t]*)("(?:[^"\\\n]|\\.)*"|'[^'\n]*')/;

/** The dotted key of a `[table]` header line, or undefined. */
function headerPath(line: string): string[] | undefined {
  const m = HEADER.exec(line);
  if (!m) return undefined;
  try {
    const path: string[] = [];
    let v: unknown = toml().parse(`${m[1]} = 0`);
    while (isObject(v)) {
      const [k] = Object.keys(v);
      if (k === undefined) return undefined;
      path.push(k);
      v = v[k];
    }
    return path;
  } catch {
    return undefined;
  }
}

/**
 * The store text with `entries` recorded: a `trusted_hash` that differs is replaced in its line, a missing one
 * added (in its `[hooks.state."<key>"]` table when there is one, else as a new table at the end). Every other
 * byte stays. Throws when the result would not record them (hooks.state written in a form this does not edit).
 */
export function withTrust(text: string, file: string, entries: { key: string; hash: string }[]): string {
  const before = readStoreText(text, file);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  const appended: string[] = [];
  for (const { key, hash } of entries) {
    if (before.get(key) === hash) continue;
    const header = lines.findIndex((l) => {
      const p = headerPath(l);
      return p?.length === 3 && p[0] === 'hooks' && p[1] === 'state' && p[2] === key;
    });
    if (header < 0) {
      appended.push(`[hooks.state.${tomlString(key)}]`, `trusted_hash = ${tomlString(hash)}`, '');
      continue;
    }
    let end = lines.findIndex((l, i) => i > header && /^[ \t]*\[/.test(l));
    if (end < 0) end = lines.length;
    const at = lines.findIndex((l, i) => i > header && i < end && HASH_LINE.test(l));
    if (at >= 0) lines[at] = lines[at]!.replace(HASH_LINE, (_, lead: string) => `${lead}${tomlString(hash)}`);
    else lines.splice(header + 1, 0, `trusted_hash = ${tomlString(hash)}`);
  }
  let out = lines.join(eol);
  if (appended.length)
    out = `${out}${out === '' || out.endsWith(eol) ? '' : eol}${out.trim() === '' ? '' : eol}${appended.join(eol)}`;
  const after = readStoreText(out, file);
  const missed = entries.filter((e) => after.get(e.key) !== e.hash);
  if (missed.length)
    throw new HookBridgeError(
      `cannot record the trust of ${missed[0]!.key}: hooks.state is written in a form hook-bridge does not edit; ` +
        `nothing was changed`,
      file,
    );
  return out;
}

function readStoreText(text: string, file: string): Map<string, string> {
  const doc = parseToml(text, file);
  const state = isObject(doc.hooks) && isObject(doc.hooks.state) ? doc.hooks.state : {};
  return new Map(
    Object.entries(state).flatMap(([k, v]) =>
      isObject(v) && typeof v.trusted_hash === 'string' ? [[k, v.trusted_hash] as [string, string]] : [],
    ),
  );
}

/** Record the hashes in the store file: atomic, mode and symlink kept; nothing written when all are there. */
function recordTrust(
  file: string,
  entries: { key: string; hash: string }[],
  backup: boolean,
): { changed: boolean; backup?: string } {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const next = withTrust(text, file, entries);
  if (next === text) return { changed: false };
  const bak = writeAtomic(file, next, backup && text !== '');
  return { changed: true, ...(bak ? { backup: bak } : {}) };
}

export interface TrustPlan {
  dialect: DialectId;
  store: string;
  /** The command hooks hook-bridge manages in the file, with their keys and hashes. */
  own: TrustedHook[];
  /** Other command hooks of the file (a person's): never trusted by hook-bridge. */
  others: TrustedHook[];
  state: StoreState;
  /** The store could not be read (invalid TOML): what it says is unknown. */
  storeError?: HookBridgeError;
  project: string;
}

export interface TrustOutcome {
  /** The user's trust store (e.g. ~/.codex/config.toml). */
  store: string;
  /** The project directory whose trust the agent checks. */
  project: string;
  projectTrusted: boolean;
  /** Keys of hook-bridge's hooks whose current hash the store records (after this run). */
  trusted: string[];
  /** Keys recorded by this run. */
  recorded: string[];
  /** Keys of hook-bridge's hooks the agent will skip: no (or a stale) trusted hash. */
  untrusted: string[];
  /** How many other (hand-written) hooks of the file have no trusted hash. */
  othersUntrusted: number;
  backup?: string;
  /** Why the store could not be read. */
  storeError?: string;
}

/** What the trust store says of a target file's hooks (`managedHooks`: the entries hook-bridge wrote there). */
export function planTrust(
  d: DialectId,
  file: string,
  text: string,
  managedHooks: { event: string; handler: Record<string, unknown> }[],
  project: string,
  o: { home?: string; env?: NodeJS.ProcessEnv },
): TrustPlan {
  const store = trustStorePath(d, o.home, o.env)!;
  const mine = new Set(managedHooks.map((h) => `${h.event}\0${canonicalJson(h.handler)}`));
  const all = trustEntries(d, file, text);
  const own = all.filter((e) => mine.has(`${e.event}\0${canonicalJson(e.handler)}`));
  let real = project;
  try {
    real = realpathSync(project);
  } catch {
    // a project directory that does not exist yet: its path as given
  }
  const base = { dialect: d, store, own, others: all.filter((e) => !own.includes(e)), project };
  try {
    return { ...base, state: readStore(store, [...new Set([project, real])]) };
  } catch (e) {
    if (!HookBridgeError.is(e)) throw e;
    return { ...base, state: { hashes: new Map(), projectTrusted: false }, storeError: e };
  }
}

/** Record the hashes of hook-bridge's hooks when asked (`record`), and say what is trusted after that. */
export function applyTrust(p: TrustPlan, record: boolean, backup: boolean): TrustOutcome {
  if (record && p.storeError) throw p.storeError;
  const stale = p.own.filter((e) => p.state.hashes.get(e.key) !== e.hash);
  const written = record && stale.length ? recordTrust(p.store, stale, backup) : undefined;
  const recorded = written ? stale.map((e) => e.key) : [];
  return {
    store: p.store,
    project: p.project,
    projectTrusted: p.state.projectTrusted,
    trusted: p.own.filter((e) => !stale.includes(e) || recorded.includes(e.key)).map((e) => e.key),
    recorded,
    untrusted: record ? [] : stale.map((e) => e.key),
    othersUntrusted: p.others.filter((e) => p.state.hashes.get(e.key) !== e.hash).length,
    ...(written?.backup ? { backup: written.backup } : {}),
    ...(p.storeError ? { storeError: p.storeError.describe() } : {}),
  };
}

const shown = (f: string) => {
  const home = homedir();
  return f.startsWith(`${home}/`) ? `~/${f.slice(home.length + 1)}` : f;
};

/** Plain words on what the agent will skip and how to trust it. */
export function trustDiagnostics(d: DialectId, t: TrustOutcome, recorded: boolean, file: string): Diagnostic[] {
  const agent = mappings.dialects[d].agent;
  const store = shown(t.store);
  const out: Diagnostic[] = [];
  if (t.storeError)
    out.push({
      severity: 'warning',
      code: 'trustStoreUnreadable',
      file: t.store,
      message: `cannot tell which hooks ${agent} trusts: ${t.storeError}`,
    });
  if (!t.projectTrusted) {
    out.push({
      severity: 'warning',
      code: 'projectUntrusted',
      file,
      message:
        `${agent} runs a project's hooks only in a trusted project, and this one is not: trust it when ${agent} ` +
        `asks in an interactive session, or add [projects.${tomlString(t.project)}] trust_level = "trusted" to ` +
        `${store} (\`codex exec --trust\` writes that entry; it does not trust hooks)`,
    });
  }
  if (t.untrusted.length) {
    const n = t.untrusted.length;
    out.push({
      severity: 'warning',
      code: 'hooksUntrusted',
      file,
      message:
        `${agent} skips ${plural(n, 'hook')} of this file silently until ${
          n === 1 ? 'its hash is' : 'their hashes ' + 'are'
        } trusted (an interactive session asks; headless, nothing does): run convert again with ` +
        `--trust-codex-hooks to record ${n === 1 ? 'it' : 'them'} in ${store}`,
    });
  }
  if (recorded && t.recorded.length)
    out.push({
      severity: 'info',
      code: 'hooksTrusted',
      file,
      message:
        `recorded the trusted hash of ${plural(t.recorded.length, 'hook')} hook-bridge wrote in ${store}` +
        (t.backup ? ` (backup ${shown(t.backup)})` : ''),
    });
  if (t.othersUntrusted)
    out.push({
      severity: 'info',
      code: 'otherHooksUntrusted',
      file,
      message:
        `${plural(t.othersUntrusted, 'other hook')} of this file (not written by hook-bridge) ` +
        `${t.othersUntrusted === 1 ? 'has' : 'have'} no trusted hash: ${agent} skips ` +
        `${t.othersUntrusted === 1 ? 'it' : 'them'} until you trust ${t.othersUntrusted === 1 ? 'it' : 'them'}`,
    });
  return out;
}
