// What an installed agent package declares (its hook events, its tools, the text the facts of its dialect rest on),
// read with the recipe of mappings/dialects/<id>.yaml `declares`, and compared with mappings/: a new event or a renamed
// tool is a difference a person reads, not a user's surprise. One place for every agent: the recipes are data.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { toolEvidence } from '../../../src/dialects/catalog.js';
import type { DeclaredList, DialectDeclares } from '../../../src/model/dialect-spec.js';
import { mappings } from '../../../src/model/mappings.js';
import { type AgentId, agentDir } from './install.js';

/** What one version of an agent's package declares. */
export interface Declared {
  agent: AgentId;
  version: string;
  /** the files read, relative to the install folder */
  files: string[];
  events?: string[];
  tools?: string[];
  /** per fact key of the dialect file, the anchor strings not found in the package */
  missingAnchors: Record<string, string[]>;
}

/** The differences between a package and mappings/: problems fail the check, notes are read. */
export interface FactsCheck {
  problems: string[];
  notes: string[];
}

/** The dialect's recipe (mappings/dialects/<id>.yaml `declares`). */
export function recipeOf(agent: AgentId): DialectDeclares | undefined {
  return mappings.dialects[agent].declares;
}

/** The files a glob names under root (`*` within one segment, `{version}` the version). */
function globFiles(root: string, pattern: string, version: string): string[] {
  const parts = pattern.replaceAll('{version}', version).split('/');
  let found = [root];
  for (const part of parts) {
    const next: string[] = [];
    for (const dir of found) {
      if (!part.includes('*')) {
        const p = join(dir, part);
        if (existsSync(p)) next.push(p);
        continue;
      }
      if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
      const re = new RegExp(`^${part.split('*').map(escapeRegExp).join('[^/]*')}$`);
      for (const name of readdirSync(dir).sort()) if (re.test(name)) next.push(join(dir, name));
    }
    found = next;
  }
  return found.filter((f) => statSync(f).isFile());
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const texts = new Map<string, string>();
/** A file's text, bytes as latin1 (a native executable's embedded strings survive), read once per process. */
function textOf(file: string): string {
  let t = texts.get(file);
  if (t === undefined) {
    t = readFileSync(file).toString('latin1');
    texts.set(file, t);
  }
  return t;
}

/** The names a list's pattern finds in files (sorted, unique). */
function namesIn(files: string[], list: Pick<DeclaredList, 'pattern'>): string[] {
  const names = new Set<string>();
  const re = new RegExp(list.pattern, 'g');
  for (const file of files) {
    for (const m of textOf(file).matchAll(re)) {
      const text = m[1] ?? m[0];
      const quoted = [...text.matchAll(/"([A-Za-z_][\w.-]*)"/g)].map((q) => q[1]!);
      for (const n of quoted.length ? quoted : /^[\w.-]+$/.test(text) ? [text] : []) names.add(n);
    }
  }
  return [...names].sort();
}

/** Reads what the installed version declares; throws when a recipe finds nothing (the recipe needs updating). */
export function readDeclared(agent: AgentId, version: string): Declared {
  const recipe = recipeOf(agent);
  if (!recipe) throw new Error(`mappings/dialects/${agent}.yaml has no \`declares\` recipe`);
  const root = agentDir(agent, version);
  const filesOf = (globs: string[]) => [...new Set(globs.flatMap((g) => globFiles(root, g, version)))];
  const files = filesOf(recipe.files);
  if (!files.length) throw new Error(`${agent}@${version}: no file in ${root} matches ${recipe.files.join(', ')}`);
  const list = (l: DeclaredList | undefined, what: string) => {
    if (!l) return undefined;
    const names = namesIn(l.files ? filesOf(l.files) : files, l);
    if (!names.length) throw new Error(`${agent}@${version}: the ${what} pattern ${l.pattern} found nothing`);
    return names;
  };
  const missingAnchors: Record<string, string[]> = {};
  for (const [fact, strings] of Object.entries(recipe.anchors ?? {})) {
    const missing = strings.filter((s) => !files.some((f) => textOf(f).includes(s)));
    if (missing.length) missingAnchors[fact] = missing;
  }
  return {
    agent,
    version,
    files: files.map((f) => f.slice(root.length + 1)),
    events: list(recipe.events, 'events'),
    tools: list(recipe.tools, 'tools'),
    missingAnchors,
  };
}

/** The event names events.yaml gives the agent, with their evidence. */
function mappedEvents(agent: AgentId): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, id] of Object.entries(mappings.index.eventByName[agent]))
    out.set(name, mappings.events[id]!.evidence[agent] ?? 'observed');
  return out;
}

/** The tool names tools.yaml gives the agent (aliases too), with their evidence (aliases: alias). */
function mappedTools(agent: AgentId): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, id] of Object.entries(mappings.index.toolByName[agent])) {
    const entry = mappings.tools[id]![agent]!;
    out.set(name, entry.status === 'historical' ? 'historical' : toolEvidence(entry));
  }
  for (const name of Object.keys(mappings.index.toolByAlias[agent])) if (!out.has(name)) out.set(name, 'alias');
  return out;
}

/** One list against its mapped names: new names are problems, observed names the package lost are problems. */
function compareList(
  what: 'events' | 'tools',
  declared: string[],
  mapped: Map<string, string>,
  list: DeclaredList,
  out: FactsCheck,
): void {
  const file = list.bound ? 'the binding' : what === 'events' ? 'events.yaml' : 'tools.yaml';
  const unmapped = list.unmapped ?? {};
  for (const n of Object.keys(list.undeclared ?? {})) mapped.delete(n);
  const fresh = declared.filter((n) => !mapped.has(n) && !(n in unmapped));
  if (fresh.length) out.problems.push(`declares ${what} ${file} does not map: ${fresh.join(', ')}`);
  const recorded = declared.filter((n) => n in unmapped);
  if (recorded.length) out.notes.push(`declares ${what} recorded as unmapped: ${recorded.join(', ')}`);
  const stale = Object.keys(unmapped).filter((n) => !declared.includes(n));
  if (stale.length) out.problems.push(`\`unmapped\` ${what} the package no longer declares: ${stale.join(', ')}`);
  const lost = [...mapped].filter(([n, ev]) => ev === 'observed' && !declared.includes(n)).map(([n]) => n);
  if (lost.length) out.problems.push(`${file} maps observed ${what} the package does not declare: ${lost.join(', ')}`);
  const other = [...mapped].filter(([n, ev]) => ev === 'documented' && !declared.includes(n)).map(([n]) => n);
  if (other.length)
    out.notes.push(`${file} ${what} documented elsewhere, not declared by this version: ${other.join(', ')}`);
}

/** A package's declarations against mappings/. */
export function checkAgainstMappings(d: Declared): FactsCheck {
  const recipe = recipeOf(d.agent)!;
  const out: FactsCheck = { problems: [], notes: [] };
  const bound = (l: DeclaredList) => (l.bound ? new Map(l.bound.map((n) => [n, 'observed'])) : undefined);
  if (d.events && recipe.events)
    compareList('events', d.events, bound(recipe.events) ?? mappedEvents(d.agent), recipe.events, out);
  if (d.tools && recipe.tools)
    compareList('tools', d.tools, bound(recipe.tools) ?? mappedTools(d.agent), recipe.tools, out);
  for (const [fact, missing] of Object.entries(d.missingAnchors))
    out.problems.push(`${fact}: the package no longer contains ${missing.map((s) => JSON.stringify(s)).join(', ')}`);
  return out;
}

/** What changed between two versions' declarations, one line per kind (empty: nothing). */
export function diffDeclared(from: Declared, to: Declared): string[] {
  const lines: string[] = [];
  const delta = (what: string, a: string[] | undefined, b: string[] | undefined) => {
    if (!a || !b) return;
    const added = b.filter((n) => !a.includes(n));
    const removed = a.filter((n) => !b.includes(n));
    if (added.length) lines.push(`${what} added: ${added.join(', ')}`);
    if (removed.length) lines.push(`${what} removed: ${removed.join(', ')}`);
  };
  delta('events', from.events, to.events);
  delta('tools', from.tools, to.tools);
  for (const [fact, missing] of Object.entries(to.missingAnchors)) {
    const before = from.missingAnchors[fact] ?? [];
    const lost = missing.filter((s) => !before.includes(s));
    if (lost.length) lines.push(`${fact}: no longer contains ${lost.map((s) => JSON.stringify(s)).join(', ')}`);
  }
  return lines;
}
