// Project trust of an in-process host (mappings `config.inProcess.projectTrust`; Pi 1.x): the agent loads the project's
// plugins — hook-bridge's loader file, and so every hook of the hook file — only in a project the user trusts, and
// headless it skips them without a word. The user's store is a JSON object of folder (real path) → true, false or
// null (no decision); the nearest folder from the project up with true or false decides, else a user setting (Pi's
// defaultProjectTrust: "always" trusts every project; "ask", the default, asks an interactive session and skips
// headless). convert says so, `doctor` reads the store, and only `convert --trust-<id>-project` records the trust:
// one key added, atomically, every other byte kept; what it added is noted in `<store>.hook-bridge.json` beside the
// store (on this machine: the committed record would take back a teammate's own trust), and `--remove` takes back only
// that — the store's bytes as they were when nothing changed it since.
import { existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import type { DialectId } from '../model/dialect-ids.js';
import type { DialectProjectTrust } from '../model/dialect-spec.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic } from '../model/hook.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { layoutOf } from '../dialects/jsonc-edit.js';
import { deleteCreatedFile, missingDirectories } from './created.js';
import { writeAtomic } from './write-atomic.js';

/** The project trust facts of a dialect, where it has them. */
const projectTrustOf = (d: DialectId): DialectProjectTrust | undefined =>
  mappings.dialects[d].config.inProcess?.projectTrust;

/** The convert flag that records a dialect's project trust (src/cli/main.ts declares it). */
const trustProjectFlag = (d: DialectId): string => `--trust-${d}-project`;

export interface ProjectTrustState {
  dialect: DialectId;
  /** The store on this machine (absolute). */
  store: string;
  /** The project as the agent names it in the store: its real path. */
  key: string;
  /** The nearest entry from the project up that decides (true or false), if any. */
  entry?: { path: string; trusted: boolean };
  /** The user setting's value, when the store decides nothing and the setting is set. */
  setting?: string;
  /** Does the agent run the project's plugins headless? */
  trusted: boolean;
  /** The store (or the setting's file) cannot be read: what it says is unknown. */
  error?: HookBridgeError;
}

const real = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
};

/** A `~/…` path of the facts on this machine: under `dirVar` when it is set (it replaces the store's folder). */
function userFile(rel: string, t: DialectProjectTrust, home: string, env: NodeJS.ProcessEnv): string {
  const over = t.dirVar ? env[t.dirVar] : undefined;
  if (over && dirname(rel) === dirname(t.store)) return join(over.replace(/^~(?=\/|$)/, home), basename(rel));
  return join(home, rel.replace(/^~\//, ''));
}

/** The store's object: folder -> true | false | null. Anything else: a HookBridgeError naming the file. */
function readTrustStore(file: string, text: string): Record<string, boolean | null> {
  let v: unknown;
  try {
    v = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new HookBridgeError(
      `not valid JSON (${(e as Error).message}); expected an object of folder: true|false`,
      file,
    );
  }
  if (!isObject(v)) throw new HookBridgeError('expected a JSON object of folder: true|false|null', file);
  for (const [k, x] of Object.entries(v))
    if (x !== true && x !== false && x !== null)
      throw new HookBridgeError(`the value of ${JSON.stringify(k)} must be true, false or null`, file);
  return v as Record<string, boolean | null>;
}

/** The nearest entry from `key` up that says true or false. */
function nearest(data: Record<string, boolean | null>, key: string): { path: string; trusted: boolean } | undefined {
  for (let dir = key; ; dir = dirname(dir)) {
    const v = data[dir];
    if (v === true || v === false) return { path: dir, trusted: v };
    if (dirname(dir) === dir) return undefined;
  }
}

/** What this machine's store (and setting) say of the project, for a dialect with project trust. */
export function projectTrustState(
  d: DialectId,
  project: string,
  o: { home?: string; env?: NodeJS.ProcessEnv } = {},
): ProjectTrustState | undefined {
  const t = projectTrustOf(d);
  if (!t) return undefined;
  const home = o.home ?? homedir();
  const env = o.env ?? process.env;
  const store = userFile(t.store, t, home, env);
  const base = { dialect: d, store, key: real(project) };
  try {
    const data = existsSync(store) ? readTrustStore(store, readFileSync(store, 'utf8')) : {};
    const entry = nearest(data, base.key);
    if (entry) return { ...base, entry, trusted: entry.trusted };
    const setting = t.setting ? readSetting(userFile(t.setting.file, t, home, env), t.setting.key) : undefined;
    return { ...base, ...(setting !== undefined ? { setting } : {}), trusted: setting === t.setting?.trusts };
  } catch (e) {
    if (!HookBridgeError.is(e)) throw e;
    return { ...base, trusted: false, error: e };
  }
}

/** A string setting of a user settings file (absent file or key: undefined). */
function readSetting(file: string, key: string): string | undefined {
  if (!existsSync(file)) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new HookBridgeError(`not valid JSON (${(e as Error).message})`, file);
  }
  const x = isObject(v) ? v[key] : undefined;
  return typeof x === 'string' ? x : undefined;
}

/** What hook-bridge added to a store, per key: the store's text before and after its write, the folders it made. */
type Added = Record<string, { before: string | null; after: string; directories?: number }>;

/** Where hook-bridge notes what it added to a store: beside it, on this machine. */
export const addedPath = (store: string): string =>
  join(dirname(store), `${basename(store).replace(/\.json$/, '')}.hook-bridge.json`);

const ADDED_NOTE =
  'hook-bridge convert --trust-<agent>-project added these folders to the trust store beside this file; ' +
  '`hook-bridge convert --to <agent> --remove` in the project takes back only these.';

function readAdded(store: string): Added {
  const file = addedPath(store);
  if (!existsSync(file)) return {};
  try {
    const v: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const added = isObject(v) && isObject(v.added) ? v.added : {};
    return Object.fromEntries(
      Object.entries(added).filter(
        ([, x]) =>
          isObject(x) &&
          typeof x.after === 'string' &&
          (x.before === null || typeof x.before === 'string') &&
          (x.directories === undefined || typeof x.directories === 'number'),
      ),
    ) as Added;
  } catch {
    throw new HookBridgeError('not valid JSON: cannot tell what hook-bridge added to the trust store', file);
  }
}

function writeAdded(store: string, added: Added): void {
  const file = addedPath(store);
  if (!Object.keys(added).length) rmSync(file, { force: true });
  else writeAtomic(file, `${JSON.stringify({ note: ADDED_NOTE, added }, null, 2)}\n`, false);
}

/** The store text with `key` set to true (layout, order and every other byte kept; a new store as the agent writes). */
export function withTrustedKey(text: string | undefined, key: string): string {
  if (text === undefined || text.trim() === '') return `${JSON.stringify({ [key]: true }, null, 2)}\n`;
  const fo = layoutOf(text);
  return applyEdits(text, modify(text, [key], true, { formattingOptions: fo }));
}

/**
 * Record the project as trusted (`convert --trust-<id>-project`). Nothing is written when it is trusted already;
 * a project the user marked untrusted (its own entry false) is theirs to change: an error, nothing written.
 */
export function recordProjectTrust(s: ProjectTrustState): boolean {
  if (s.error) throw s.error;
  if (s.entry?.trusted) return false;
  if (s.entry && s.entry.path === s.key)
    throw new HookBridgeError(
      `${s.key} is marked not trusted (false): that is your decision to change (trust it when the agent asks, or ` +
        `edit the file); nothing was written`,
      s.store,
    );
  const before = existsSync(s.store) ? readFileSync(s.store, 'utf8') : null;
  const after = withTrustedKey(before ?? undefined, s.key);
  const added = readAdded(s.store);
  const directories = before === null ? missingDirectories(s.store) : 0;
  writeAtomic(s.store, after, false);
  writeAdded(s.store, { ...added, [s.key]: { before, after, ...(directories ? { directories } : {}) } });
  return true;
}

/**
 * Take back the trust hook-bridge added for the project (`--remove`): the store as it was when nothing changed it
 * since, else only its key taken out (when it is still true). Returns whether the store changed.
 */
export function removeProjectTrust(d: DialectId, project: string, o: { home?: string; env?: NodeJS.ProcessEnv }) {
  const s = projectTrustState(d, project, o);
  if (!s) return false;
  const added = readAdded(s.store);
  const mine = added[s.key];
  if (!mine) return false;
  const { [s.key]: _, ...rest } = added;
  const now = existsSync(s.store) ? readFileSync(s.store, 'utf8') : undefined;
  let changed = false;
  writeAdded(s.store, rest);
  if (now === mine.after) {
    // The folders it made go too, while empty (the note beside the store is gone by now).
    if (mine.before === null) deleteCreatedFile(s.store, mine.directories ?? 0);
    else writeAtomic(s.store, mine.before, false);
    changed = true;
  } else if (now !== undefined && readTrustStore(s.store, now)[s.key] === true) {
    writeAtomic(s.store, applyEdits(now, modify(now, [s.key], undefined, { formattingOptions: layoutOf(now) })), false);
    changed = true;
  }
  return changed;
}

/** `~/…` for a path under the home directory (what the messages show). */
export const shownStore = (f: string, home = homedir()): string =>
  f.startsWith(`${home}/`) ? `~/${f.slice(home.length + 1)}` : f;

/** One sentence: whether the agent runs the loader file here, and if not, the ways to trust the project. */
export function projectTrustMessage(s: ProjectTrustState, file: string, home?: string): string {
  const spec = mappings.dialects[s.dialect];
  const t = projectTrustOf(s.dialect)!;
  const store = shownStore(s.store, home);
  if (s.trusted)
    return s.entry
      ? `${spec.agent} runs ${file} here: ${store} trusts ${s.entry.path}`
      : `${spec.agent} runs ${file} here: ${shownStore(userFile(t.setting!.file, t, home ?? homedir(), {}), home)} ` +
          `sets ${t.setting!.key} to ${t.setting!.trusts}`;
  const why = s.entry
    ? `${store} marks ${s.entry.path} as not trusted`
    : `${store} does not trust it${s.setting ? ` and ${t.setting!.key} is ${s.setting}` : ''}`;
  return (
    `${spec.agent} (since ${t.since}) loads ${file} — and so runs no hook of ${spec.config.write} — only in a ` +
    `trusted project, and ` +
    `this one is not (${why}): in print, JSON and RPC modes it skips the file without a word`
  );
}

/** The ways to trust the project, for the user. */
export function projectTrustFix(s: ProjectTrustState, convertCommand: string): string {
  const t = projectTrustOf(s.dialect)!;
  const agent = mappings.dialects[s.dialect].agent;
  return (
    `${convertCommand} ${trustProjectFlag(s.dialect)} (records it in ${shownStore(s.store)}), trust it when ${agent} ` +
    `asks in an interactive session, or run ${agent} with ${t.runFlag}`
  );
}

/** convert's words on the project trust of a target (after recording it, when asked). */
export function projectTrustDiagnostics(s: ProjectTrustState, recorded: boolean, file: string): Diagnostic[] {
  const plugin = mappings.dialects[s.dialect].config.inProcess!.loader;
  if (s.error)
    return [
      {
        severity: 'warning',
        code: 'trustStoreUnreadable',
        file: s.store,
        message: `cannot tell whether ${mappings.dialects[s.dialect].agent} trusts this project: ${s.error.describe()}`,
      },
    ];
  if (recorded)
    return [
      {
        severity: 'info',
        code: 'projectTrusted',
        file,
        message: `recorded ${s.key} as trusted in ${shownStore(s.store)} (\`--remove\` takes it back)`,
      },
    ];
  if (s.trusted) return [];
  return [
    {
      severity: 'warning',
      code: 'projectUntrusted',
      file,
      message:
        `${projectTrustMessage(s, plugin)}. Trust it: ` + projectTrustFix(s, `hook-bridge convert --to ${s.dialect}`),
    },
  ];
}
