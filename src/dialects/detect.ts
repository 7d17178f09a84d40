// Which dialect a hook config file is, decided from the mappings alone, in the order of the evidence's strength:
//  1. its file name: an extension only some dialects' configs have (.yaml: hooks.yaml; .toml: Codex CLI);
//  2. where it is: a plugin's hook file (`config.plugin`: hooks/hooks.json) unless it names another dialect's
//     plugin-root variable, else the innermost folder a dialect keeps its configs in (.claude, .qwen, .codebuddy …);
//     elsewhere, its name: a settings.json is not Codex CLI's (its files are hooks.json), unless any plugin's hooks
//     file has that name (hooks.json: CodeBuddy Code reads Claude Code's plugin format too);
//  3. the event names it lists (events.yaml): the dialects that name them all (PreToolUse, not GitHub Copilot CLI's
//     preToolUse); then the tool names its matchers use (tools.yaml): the dialects that take every name, and of those
//     the ones whose own names they are (CodeBuddy IDE's execute_command, Qwen Code's run_shell_command);
//  4. a dialect that reads another's files (`config.sameFilesAs`) only when its tools said so;
//  5. what is around it: a project-dir or plugin-root variable only one of the candidates sets, a plugin
//     manifest, a candidate named in its path; else the first candidate, with a note saying how to choose.
// convert, audit and dispatch all decide with decideFileDialect. Nothing here parses the file (dispatch's hot path).
import { basename, resolve, sep } from 'node:path';
import { DIALECT_IDS, type DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { MCP_PREFIX } from './catalog.js';
import { configExtensions, configFolders, configNames, extensionOf } from './config-files.js';
import { hasPluginManifest, pluginRootOf } from './plugin.js';

export interface Decision {
  dialect: DialectId;
  /** Set when nothing told the candidates apart: which one was assumed, and how to choose another. */
  note?: string;
}

/** The variables a command names (`$VAR`, `${VAR}`). */
const variablesIn = (text: string): Set<string> =>
  new Set([...text.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!));

/** A dialect's own variables: where its project and its plugin are. */
function ownVariables(d: DialectId): string[] {
  const env = mappings.dialects[d].env;
  return [...(env?.projectDir ?? []), ...(env?.pluginRoot ? [env.pluginRoot] : [])];
}

/** The names in a file's tool matchers (`"matcher": "Bash|Write"`, `"matcher": ["Bash"]`), MCP tools left out; a name
 * may hold `-` (Auggie's launch-process).
 */
function matcherNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/"matcher"\s*:\s*("(?:[^"\\]|\\.)*"|\[[^\]]*\])/g)) {
    for (const n of m[1]!.matchAll(/[A-Za-z_][A-Za-z0-9_-]*/g)) if (!n[0].startsWith(MCP_PREFIX)) names.add(n[0]);
  }
  return names;
}

const isName = (d: DialectId, n: string) => Object.hasOwn(mappings.index.toolByName[d], n);
const takes = (d: DialectId, n: string) => isName(d, n) || Object.hasOwn(mappings.index.toolByAlias[d], n);

/** Step 1: the dialects whose config files have this file's extension (another extension: read as the settings files
 * are).
 */
function byExtension(file: string): DialectId[] {
  const ext = extensionOf(file);
  const have = DIALECT_IDS.filter((d) => configExtensions(d).has(ext));
  return have.length ? have : DIALECT_IDS.filter((d) => configExtensions(d).has('json'));
}

/** Step 2: a plugin's hook file, or the innermost config folder on its path; undefined where neither says. */
function byLocation(file: string, text: string, candidates: DialectId[]): DialectId[] | undefined {
  const path = resolve(file).split(sep).join('/');
  const used = variablesIn(text);
  const plugin = candidates.filter((d) =>
    (mappings.dialects[d].config.plugin ?? []).some((p) => path.endsWith(`/${p}`)),
  );
  // …unless it uses the plugin root of another dialect that reads the same format (CodeBuddy's
  // ${CODEBUDDY_PLUGIN_ROOT}).
  const roots = (ds: DialectId[]) => new Set(ds.flatMap((d) => mappings.dialects[d].env?.pluginRoot ?? []));
  const own = roots(plugin);
  const foreignRoot = [...roots(candidates)].some((v) => used.has(v) && !own.has(v));
  if (plugin.length && !foreignRoot) return plugin;
  for (const dir of path.split('/').slice(0, -1).reverse()) {
    const here = candidates.filter((d) => configFolders(d).has(dir));
    if (here.length) return here;
  }
  return undefined;
}

/** Step 2, where no location says: the candidates with a config file of its name, unless a plugin's hooks file has that
 * name.
 */
function byName(file: string, candidates: DialectId[]): DialectId[] {
  const name = basename(file).toLowerCase();
  if (
    DIALECT_IDS.some((d) => (mappings.dialects[d].config.plugin ?? []).some((p) => basename(p).toLowerCase() === name))
  )
    return candidates;
  const named = candidates.filter((d) => configNames(d).has(name));
  return named.length ? named : candidates;
}

/** The keys of a file that hold a list (`"PreToolUse": [`): its events, in the formats that key events to lists. */
const listKeys = (text: string): string[] =>
  [...text.matchAll(/"([A-Za-z][A-Za-z0-9_]*)"\s*:\s*\[/g)].map((m) => m[1]!);

/**
 * Step 3: a file format's events tell it from another format's: the candidates of a format some candidate names every
 * listed event in (a settings.json with PreToolUse is not GitHub Copilot CLI's, whose own files say preToolUse).
 */
function byEvents(text: string, candidates: DialectId[]): DialectId[] {
  const events = listKeys(text).filter((k) => DIALECT_IDS.some((d) => Object.hasOwn(mappings.index.eventByName[d], k)));
  if (!events.length) return candidates;
  const formats = new Set(
    candidates
      .filter((d) => events.every((e) => Object.hasOwn(mappings.index.eventByName[d], e)))
      .map((d) => mappings.dialects[d].config.format),
  );
  const kept = candidates.filter((d) => formats.has(mappings.dialects[d].config.format));
  return kept.length ? kept : candidates;
}

/** Step 3: the candidates that take every tool name of its matchers, and of those the ones whose own names most of them
 * are.
 */
function byTools(text: string, candidates: DialectId[]): DialectId[] {
  const known = [...matcherNames(text)].filter((n) => candidates.some((d) => takes(d, n)));
  if (!known.length) return candidates;
  const taking = candidates.filter((d) => known.every((n) => takes(d, n)));
  const pool = taking.length ? taking : candidates;
  const own = (d: DialectId) => known.filter((n) => isName(d, n)).length;
  const most = Math.max(...pool.map(own));
  return pool.filter((d) => own(d) === most);
}

/** Step 4: a dialect that reads another's files is a candidate only where that one no longer is. */
const withoutSharers = (candidates: DialectId[]): DialectId[] =>
  candidates.filter((d) => {
    const owner = mappings.dialects[d].config.sameFilesAs;
    return owner === undefined || !candidates.includes(owner);
  });

/**
 * Detect the dialect of one file from its name, its location and its matchers' tool names. Several candidates
 * (`ambiguous`) where they cannot tell them apart: decideFileDialect then weighs the evidence around the file.
 */
export function detectFileDialect(file: string, text: string): DialectId | { ambiguous: DialectId[] } {
  let c = byExtension(file);
  if (c.length > 1) c = byLocation(file, text, c) ?? byName(file, c);
  if (c.length > 1) c = byEvents(text, c);
  if (c.length > 1) c = byTools(text, c);
  c = withoutSharers(c);
  return c.length === 1 ? c[0]! : { ambiguous: c };
}

/** Step 5: the one candidate something around the file names, else the first, with a note. */
function byEvidence(file: string, text: string, candidates: DialectId[]): Decision {
  const one = (list: DialectId[]) => (list.length === 1 ? list[0] : undefined);
  // A project-dir or plugin-root variable only one candidate sets (${CODEBUDDY_PROJECT_DIR}, ${CLAUDE_PLUGIN_ROOT}).
  const used = variablesIn(text);
  const byVariable = one(
    candidates.filter((d) =>
      ownVariables(d).some((v) => used.has(v) && !candidates.some((o) => o !== d && ownVariables(o).includes(v))),
    ),
  );
  if (byVariable) return { dialect: byVariable };
  // A plugin manifest of one candidate beside or above it.
  const root = pluginRootOf(file);
  const byManifest = root === undefined ? undefined : one(candidates.filter((d) => hasPluginManifest(root, d)));
  if (byManifest) return { dialect: byManifest };
  // A candidate named near the file (its own directories), not anywhere up the machine's path.
  const parts = resolve(file).toLowerCase().split(sep).slice(-3);
  const named = candidates.filter((d) => parts.some((p) => p.includes(d)));
  const byName = one(named.filter((d) => !named.some((o) => o !== d && o.includes(d))));
  if (byName) return { dialect: byName };
  const [first, ...others] = candidates as [DialectId, ...DialectId[]];
  const agent = (d: DialectId) => mappings.dialects[d].agent;
  const list = (items: string[]) =>
    items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : items[0]!;
  const whose = others.length === 1 ? `${agent(others[0]!)}'s` : "another agent's";
  return {
    dialect: first,
    note:
      `nothing tells ${agent(first)} hooks from ${list(others.map(agent))} hooks here (same format): read as ` +
      `${agent(first)}'s; pass ` +
      list(others.map((d) => `--from ${d}`)) +
      ` if they are ${whose}`,
  };
}

/** Detect, and where the file alone cannot tell its candidates apart, decide from the evidence around it. */
export function decideFileDialect(file: string, text: string): Decision {
  const d = detectFileDialect(file, text);
  return typeof d === 'string' ? { dialect: d } : byEvidence(file, text, d.ambiguous);
}

/**
 * A file found where dialect `d` keeps its configs, read by dialects that share d's files too (CodeBuddy Code's
 * .codebuddy/settings.json, read by the CodeBuddy IDE plugin): whose it is, by its matchers' tool names; d's
 * unless they say otherwise.
 */
export function decideSharedFile(d: DialectId, text: string): DialectId {
  const family = [d, ...DIALECT_IDS.filter((x) => mappings.dialects[x].config.sameFilesAs === d)];
  if (family.length === 1) return d;
  const c = withoutSharers(byTools(text, family));
  return c.length === 1 ? c[0]! : d;
}
