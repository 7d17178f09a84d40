// convert's step for Claude Code's session environment on a host that can only get it through a PreToolUse rewrite
// (dialects/session-env.ts `pre-tool-use`): when a SessionStart hook of the source may append exports to its agent's
// session environment file ($CLAUDE_ENV_FILE), each later shell call must run `hook-bridge dispatch --session-env`.
// The hook-bridge entry that already fires for every shell call before it runs gets the option (its hooks' own
// rewrites are then run after the file: composed, not overwritten, and no process is added); else one entry on the
// shell tool runs only that. No such SessionStart hook: nothing changes (a shell call starts nothing more).
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import type { Hook } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { lexShell } from '../model/shell-lexer.js';
import { nativeEvent, toolEntry } from '../dialects/catalog.js';
import type { NativeHook } from '../dialects/define.js';
import { matcherFires } from '../dialects/matcher-fires.js';
import { SHELL_TOOL, sessionEnvLever } from '../dialects/session-env.js';
import { dispatchConfigs, parseGroup, parseWrapper, policyOf, SESSION_ENV, withPolicy } from '../dialects/wrapper.js';
import { rewriteCommands, type LandedRow } from './rewrite-commands.js';

/** The session environment file variable a hook's own agent gives its SessionStart hooks (env.envFile). */
function envFileVar(h: Hook): string | undefined {
  const f = mappings.dialects[h.scriptDialect].env?.envFile;
  return h.type === 'command' && h.command && h.event && f?.providedByAgent && f.events.includes(h.event)
    ? f.var
    : undefined;
}

const MAX_FILES = 24;
const MAX_BYTES = 256 * 1024;

/**
 * May a SessionStart hook append to its agent's session environment file? Read statically, without running
 * anything: yes when its command, or a local file it names (a script, the files those name beside them, the
 * command's own arguments beside each, up to 24 files), mentions the variable. A script that cannot be read (a path
 * through a variable convert cannot resolve, a missing file, a program on PATH) is taken not to: the step costs a
 * hook-bridge start on every shell call, which a call no hook watches must not pay on a guess (issue 35: every real
 * project with a SessionStart launcher paid it); such a hook needs the option added by hand
 * (docs/decided-behaviours.md).
 */
export function mayWriteSessionEnv(h: Hook, projectDir: string | undefined, pluginRoot?: string): boolean {
  const v = envFileVar(h);
  if (!v) return false;
  const names = (text: string) => text.includes(v);
  if (names(h.command!)) return true;
  if (projectDir === undefined) return false; // no files to read: only the command says so
  const vars: Record<string, string> = {};
  for (const d of mappings.dialects[h.scriptDialect].env?.projectDir ?? []) vars[d] = projectDir;
  const root = mappings.dialects[h.scriptDialect].env?.pluginRoot;
  if (root && pluginRoot !== undefined)
    vars[root] = isAbsolute(pluginRoot) ? pluginRoot : resolve(projectDir, pluginRoot);
  const named = scriptsNamed(h.command!, vars);
  // The command's bare arguments, looked for beside each file it runs (a launcher `run-hook.cmd session-start`).
  const args = named.filter((w) => /^[\w.-]+$/.test(w));
  const seen = new Set<string>();
  const queue = named.map((w) => ({ word: w, dir: projectDir }));
  for (let item = queue.shift(); item && seen.size < MAX_FILES; item = queue.shift()) {
    if (item.word.includes('$')) continue; // a variable convert cannot resolve
    const file = resolve(item.dir, item.word.replace(/^~(?=\/|$)/, process.env.HOME ?? '~'));
    const text = seen.has(file) ? undefined : readSmall(file);
    seen.add(file);
    if (text === undefined) continue;
    if (names(text)) return true;
    // The files a script runs beside it (`source ./lib.sh`), and the command's arguments there.
    for (const w of [
      ...(text.match(/[\w.~/${}-]+/g) ?? []).filter((w) => /[./]/.test(w) || looksLikeScript(w)),
      ...args,
    ])
      queue.push({ word: w.replace(/^\$\{?\w*DIR\}?\//, './'), dir: dirname(file) });
  }
  return false;
}

/** A regular file's text, when it is small enough to read; undefined otherwise (missing, a folder, too large). */
function readSmall(file: string): string | undefined {
  try {
    const st = statSync(file, { throwIfNoEntry: false });
    return st?.isFile() && st.size <= MAX_BYTES ? readFileSync(file, 'utf8') : undefined;
  } catch {
    return undefined; // not a path (too long, a loop), or unreadable
  }
}

/** A word that names a file a hook runs: path characters only, with a directory or a script's extension. */
const looksLikeScript = (w: string) =>
  w.length <= 1024 &&
  /^[\w.~/${}@+-]+$/.test(w) &&
  (/\.(?:sh|bash|py|js|mjs|cjs|ts|rb|pl|cmd)$/.test(w) || w.includes('/'));

/** The words of a command that may name a local file (a script, its arguments), variables expanded where known. */
function scriptsNamed(command: string, vars: Record<string, string> = {}): string[] {
  const out: string[] = [];
  for (const t of lexShell(command).tokens) {
    if (!('word' in t)) continue;
    const w = t.word.value.replace(/\$\{(\w+)\}|\$(\w+)/g, (m, a, b) => vars[a ?? b] ?? m);
    if (looksLikeScript(w) || (out.length > 0 && /^[\w.-]+$/.test(w))) out.push(w);
  }
  return out;
}

/** The report's note on the SessionStart hook whose exports the step carries. */
export const SESSION_ENV_NOTE =
  'its $CLAUDE_ENV_FILE exports reach the later shell calls: a PreToolUse entry runs each one after them ' +
  '(--session-env)';

/** The entry of `hosts` that runs only the session environment step for each shell call. */
const sessionEnvCommand = (runner: string, hosts: readonly DialectId[], event: string) =>
  `${runner} dispatch --to ${hosts.join(',')}` +
  // A host whose payloads do not say which event they are for is told (Copilot CLI's own files).
  (mappings.dialects[hosts[0]!].payload?.eventNamed === false ? ` --event ${event}` : '') +
  ` ${SESSION_ENV}`;

/**
 * The step: `needed` when a SessionStart hook of the source may write the file (mayWriteSessionEnv), for a file whose
 * hosts all carry the session environment only through a PreToolUse rewrite. `key`: the record key of the entry
 * added (the SessionStart hook's: it goes with that hook, and --remove takes it out with it).
 */
export function sessionEnvEntries<T extends { hooks: NativeHook[]; report: LandedRow[] }>(
  result: T,
  o: { hosts: readonly DialectId[]; runner: string; needed: boolean; key?: string; runners?: readonly string[] },
): T {
  if (!o.needed || !o.hosts.every((h) => sessionEnvLever(h) === 'pre-tool-use' && !ownFileSet(h))) return result;
  const host = o.hosts[0]!;
  const event = nativeEvent(host, 'pre-tool-use');
  const shell = toolEntry(host, SHELL_TOOL)?.name;
  if (!event || !shell) return result;
  const runners = [o.runner, ...(o.runners ?? [])];
  const carrier = result.hooks.find(
    (h) =>
      h.event === event &&
      typeof h.handler.command === 'string' &&
      h.handler.if === undefined &&
      isHookBridgeEntry(h.handler.command, runners) &&
      matcherFires(host, h.matcher ?? '', shell),
  );
  if (carrier) {
    const command = carrier.handler.command as string;
    if (policyOf(command).includes(SESSION_ENV)) return result;
    return rewriteCommands(result, (c, ev, handler) =>
      handler === carrier.handler && ev === event ? withPolicy(c, [SESSION_ENV]) : undefined,
    );
  }
  const entry: NativeHook = {
    event,
    matcher: shell,
    handler: { type: 'command', command: sessionEnvCommand(o.runner, o.hosts, event) },
    groupFields: {},
    ...(o.key !== undefined ? { key: o.key } : {}),
  };
  return { ...result, hooks: [...result.hooks, entry] };
}

/** A host whose own session environment file the agent provides itself (none today: CodeBuddy's must be set). */
const ownFileSet = (h: DialectId) => mappings.dialects[h].env?.envFile?.providedByAgent === true;

const isHookBridgeEntry = (command: string, runners: readonly string[]) =>
  !!parseGroup(command, runners) || !!parseWrapper(command, runners) || !!dispatchConfigs(command);
