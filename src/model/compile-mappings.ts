// Reads mappings/*.yaml, validates them with zod and compiles the lookup tables.
// Build/test time only (it loads yaml and zod); the runtime imports the generated JSON.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import { DIALECT_IDS, type DialectId, isDialectId } from './dialect-ids.js';
import { HookBridgeError } from './errors.js';
import type { DialectFile } from './dialect-spec.js';
import { dialectFileSchema, eventsFileSchema, toolsFileSchema } from './mapping-schema.js';
import type { CompiledMappings, EventRow, ToolEntry } from './mappings.js';

function formatPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') || '(root)';
}

/** A YAML file as written (unique keys), or a one-line error naming it and the line. */
function loadYaml(file: string, shown: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new HookBridgeError(`cannot read mapping file (${(e as NodeJS.ErrnoException).code ?? e})`, shown);
  }
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length) {
    const err = doc.errors[0]!;
    const pos = err.linePos?.[0];
    throw new HookBridgeError(err.message.split('\n')[0]!, shown, pos ? `${pos.line}:${pos.col}` : undefined);
  }
  const v: unknown = doc.toJS();
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Facts held to their schema, or a one-line error naming the file and the key. */
function parseFacts<T>(value: unknown, schema: z.ZodType<T>, shown: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new HookBridgeError(issue.message, shown, formatPath(issue.path));
  }
  return result.data;
}

const load = <T>(file: string, schema: z.ZodType<T>, shown: string): T =>
  parseFacts(loadYaml(file, shown), schema, shown);

function deepMerge<T>(base: T, over: Partial<T>): T {
  if (Array.isArray(over) || typeof over !== 'object' || over === null) return (over ?? base) as T;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] =
      b && typeof b === 'object' && !Array.isArray(b) && v && typeof v === 'object' && !Array.isArray(v)
        ? deepMerge(b, v)
        : v;
  }
  return out as T;
}

/** Resolves a name inside mappings/ as the user is shown it. */
type Show = (f: string) => string;
type ToolsFile = z.infer<typeof toolsFileSchema>;
type EventsFile = z.infer<typeof eventsFileSchema>;
type ToolFacts = NonNullable<ToolsFile[string][DialectId]>;
type Dialects = Record<DialectId, DialectFile>;

/** Every dialect file of mappings/dialects, with what it inherits merged in, held to its schema and checked. */
function compileDialects(dir: string, show: Show): Dialects {
  // Each file's YAML as written: `<id>.yaml` a dialect, `_<name>.yaml` a base of facts dialects inherit.
  const files = new Map<string, Record<string, unknown>>();
  for (const f of readdirSync(join(dir, 'dialects'))
    .filter((n) => n.endsWith('.yaml'))
    .sort())
    files.set(f.slice(0, -'.yaml'.length), loadYaml(join(dir, 'dialects', f), show(`dialects/${f}`)));
  /** A file's facts with what it inherits merged in (its own win), and the files they came from. */
  const inherited = (name: string, seen: string[]): { facts: Record<string, unknown>; from: string[] } => {
    const own = files.get(name)!;
    const base = own.inherits;
    if (base === undefined) return { facts: own, from: [name] };
    const where = show(`dialects/${name}.yaml`);
    if (typeof base !== 'string' || !files.has(base) || (!base.startsWith('_') && !isDialectId(base)))
      throw new HookBridgeError(
        `inherits "${String(base)}": no mappings/dialects/${String(base)}.yaml (a dialect id, or a base _<name>)`,
        where,
        'inherits',
      );
    if (seen.includes(base))
      throw new HookBridgeError(`inherits in a circle: ${[...seen, base].join(' → ')}`, where, 'inherits');
    const b = inherited(base, [...seen, base]);
    // What an agent's package declares is that package's recipe, and its package format is installed by its own
    // commands: a dialect inheriting another agent's facts has a package of its own (Kilo's is not OpenCode's), so
    // neither is inherited.
    const { declares: _, package: _package, ...facts } = b.facts;
    return { facts: deepMerge(base.startsWith('_') ? b.facts : facts, own), from: [name, ...b.from] };
  };
  const dialects = {} as Dialects;
  for (const name of files.keys()) {
    if (name.startsWith('_')) continue;
    const { facts, from } = inherited(name, [name]);
    // The merged facts are what the schema holds; an error names every file they came from.
    const spec = parseFacts(facts, dialectFileSchema, from.map((f) => show(`dialects/${f}.yaml`)).join(' + '));
    if (spec.id !== name)
      throw new HookBridgeError(`id "${spec.id}" does not match the file name`, show(`dialects/${name}.yaml`), 'id');
    dialects[spec.id] = spec;
  }
  for (const id of DIALECT_IDS) {
    if (!dialects[id]) throw new HookBridgeError(`missing dialect file for "${id}"`, show(`dialects/${id}.yaml`));
  }
  for (const id of DIALECT_IDS) {
    // Files are found as their owner's and then told apart: the owner must be a dialect with files of its own.
    const owner = dialects[id].config.sameFilesAs;
    if (owner !== undefined && (owner === id || dialects[owner].config.sameFilesAs !== undefined))
      throw new HookBridgeError(
        `sameFilesAs must name a dialect whose files are its own, not "${owner}"`,
        show(`dialects/${id}.yaml`),
        'config.sameFilesAs',
      );
  }
  return dialects;
}

/** A tools.yaml entry of one agent as compiled: params as [native, canonical] pairs, defaults filled in. */
function toolEntryOf(entry: ToolFacts): ToolEntry {
  return {
    name: entry.name,
    params: entry.params.map((p) => (typeof p === 'string' ? [p, p] : (Object.entries(p)[0] as [string, string]))),
    aliases: entry.aliases ?? [],
    status: entry.status ?? 'observed',
    paramsComplete: entry.params_complete ?? true,
    ...(entry.enabled_by ? { enabledBy: entry.enabled_by } : {}),
    ...(entry.response ? { response: entry.response } : {}),
    ...(entry.required ? { required: entry.required } : {}),
    ...(entry.covers ? { covers: entry.covers } : {}),
    ...(entry.covered_as ? { coveredAs: entry.covered_as } : {}),
    ...(entry.embeds ? { embeds: entry.embeds } : {}),
    ...(entry.lists ? { lists: entry.lists } : {}),
    ...(entry.items ? { items: entry.items } : {}),
  };
}

/** A compiled tool entry's lists and embeds name parameters of its own. */
function checkToolParams(e: ToolEntry, canonical: string, d: DialectId, show: Show): void {
  for (const c of e.lists ?? []) {
    if (!e.params.some(([, x]) => x === c))
      throw new HookBridgeError(
        `lists "${c}", which is not one of its parameters`,
        show('tools.yaml'),
        `${canonical}.${d}.lists`,
      );
  }
  for (const [c, holder] of Object.entries(e.embeds ?? {})) {
    if (!e.params.some(([, x]) => x === holder))
      throw new HookBridgeError(
        `embeds "${c}" in "${holder}", which is not one of its parameters`,
        show('tools.yaml'),
        `${canonical}.${d}.embeds`,
      );
  }
}

/** tools.yaml compiled: each canonical tool's entry per agent, and the per-agent indexes (name, alias, covering). */
function compileTools(toolsFile: ToolsFile, dialects: Dialects, show: Show) {
  const tools: CompiledMappings['tools'] = {};
  const toolByName = Object.fromEntries(DIALECT_IDS.map((d) => [d, {}])) as Record<DialectId, Record<string, string>>;
  const toolByAlias = Object.fromEntries(DIALECT_IDS.map((d) => [d, {}])) as Record<
    DialectId,
    Record<string, string[]>
  >;
  const toolCovering = Object.fromEntries(DIALECT_IDS.map((d) => [d, {}])) as Record<DialectId, Record<string, string>>;
  for (const [canonical, row] of Object.entries(toolsFile)) {
    const out: Partial<Record<DialectId, ToolEntry | null>> = {};
    for (const d of DIALECT_IDS) {
      const base = dialects[d].payloadDialect;
      const entry = row[d] !== undefined ? row[d] : base !== undefined ? row[base] : undefined;
      if (entry === undefined) continue;
      if (entry === null) {
        out[d] = null;
        continue;
      }
      const compiledEntry = toolEntryOf(entry);
      checkToolParams(compiledEntry, canonical, d, show);
      for (const c of entry.covers ?? []) {
        // A covered tool is one the agent has no entry of its own for (verified absent).
        if (!toolsFile[c] || toolsFile[c]![d] !== null)
          throw new HookBridgeError(
            `covers "${c}", which must be a canonical tool marked absent (~) on ${d}`,
            show('tools.yaml'),
            `${canonical}.${d}.covers`,
          );
        toolCovering[d][c] = canonical;
      }
      const other = toolByName[d][entry.name];
      if (other) {
        throw new HookBridgeError(
          `${d} tool name "${entry.name}" is mapped by both "${other}" and "${canonical}"`,
          show('tools.yaml'),
          `${canonical}.${d}.name`,
        );
      }
      toolByName[d][entry.name] = canonical;
      for (const a of compiledEntry.aliases) (toolByAlias[d][a] ??= []).push(canonical);
      const seen = new Set<string>();
      for (const [, c] of compiledEntry.params) {
        if (seen.has(c))
          throw new HookBridgeError(
            `two ${d} parameters map to canonical "${c}"`,
            show('tools.yaml'),
            `${canonical}.${d}.params`,
          );
        seen.add(c);
      }
      out[d] = compiledEntry;
    }
    tools[canonical] = out;
  }
  return { tools, toolByName, toolByAlias, toolCovering };
}

/** An events.yaml row's cross-references: documented agents name the event, nearest and valueNames exist. */
function checkEventRow(canonical: string, row: EventsFile[string], eventsFile: EventsFile, show: Show): void {
  for (const d of row.documented ?? []) {
    if (typeof row[d] !== 'string')
      throw new HookBridgeError(
        `"documented" names ${d}, which has no name for this event`,
        show('events.yaml'),
        `${canonical}.documented`,
      );
  }
  if (row.nearest && !eventsFile[row.nearest.event])
    throw new HookBridgeError(
      `nearest event "${row.nearest.event}" is not a canonical event`,
      show('events.yaml'),
      `${canonical}.nearest.event`,
    );
  for (const [d, names] of Object.entries(row.valueNames ?? {})) {
    const listed = row.values?.[d as DialectId];
    for (const v of Object.keys(names))
      if (listed && !listed.includes(v))
        throw new HookBridgeError(
          `valueNames has "${v}", which is not one of ${d}'s values`,
          show('events.yaml'),
          `${canonical}.valueNames.${d}`,
        );
  }
}

/** events.yaml compiled: each canonical event's native names and evidence per agent, and the per-agent name index. */
function compileEvents(eventsFile: EventsFile, dialects: Dialects, show: Show) {
  const events: Record<string, EventRow> = {};
  const eventByName = Object.fromEntries(DIALECT_IDS.map((d) => [d, {}])) as Record<DialectId, Record<string, string>>;
  for (const [canonical, row] of Object.entries(eventsFile)) {
    const names: EventRow['names'] = {};
    const evidence: EventRow['evidence'] = {};
    for (const d of DIALECT_IDS) {
      // A format whose scripts are an agent's (payloadDialect; hooks.yaml: claude) carries the events it does not name
      // itself under that agent's names: hook-bridge's extension of the format.
      const base = dialects[d].payloadDialect;
      const own = row[d];
      const inherited =
        own !== undefined ? own : base !== undefined && typeof row[base] === 'string' ? row[base] : undefined;
      // An agent whose bundle declares its whole event enum verifiably lacks the events it does not name.
      const n = inherited === undefined && dialects[d].eventsComplete ? null : inherited;
      if (n === undefined) continue;
      names[d] = n;
      if (n === null) continue;
      evidence[d] =
        own === undefined
          ? 'extension'
          : row.documented?.includes(d) || dialects[d].observedVersion === null
            ? 'documented'
            : 'observed';
      const other = eventByName[d][n];
      if (other)
        throw new HookBridgeError(
          `${d} event "${n}" is mapped by both "${other}" and "${canonical}"`,
          show('events.yaml'),
          `${canonical}.${d}`,
        );
      eventByName[d][n] = canonical;
    }
    checkEventRow(canonical, row, eventsFile, show);
    events[canonical] = {
      matcherOn: row.matcherOn,
      values: row.values ?? {},
      names,
      evidence,
      ...(row.valueNames ? { valueNames: row.valueNames } : {}),
      ...(row.nearest ? { nearest: row.nearest } : {}),
    };
  }
  return { events, eventByName };
}

/** Load, validate and compile every file of a mappings/ directory. Throws HookBridgeError naming the file and key. */
export function compileMappings(dir: string, shownRoot = dir): CompiledMappings {
  const show = (f: string) => join(relative(shownRoot, dir) || '.', f).replace(/^\.\//, '');
  const toolsFile = load(join(dir, 'tools.yaml'), toolsFileSchema, show('tools.yaml'));
  const eventsFile = load(join(dir, 'events.yaml'), eventsFileSchema, show('events.yaml'));
  const dialects = compileDialects(dir, show);
  const { tools, toolByName, toolByAlias, toolCovering } = compileTools(toolsFile, dialects, show);
  const { events, eventByName } = compileEvents(eventsFile, dialects, show);
  return { dialects, events, tools, index: { toolByName, toolByAlias, toolCovering, eventByName } };
}
