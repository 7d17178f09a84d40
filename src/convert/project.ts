// convert at the file level: find the sources, detect their dialect, convert, and merge into each
// target's conventional file — atomically, with a backup, idempotently — or print / diff instead.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { DIALECT_IDS, type DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic, Hook } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { dialects, getDialect } from '../dialects/index.js';
import { assertConvertible, convertHooks, dispatchEntries, type ConvertResult } from './convert.js';
import { yaml } from '../lazy.js';
import { claudeOrCodebuddy, pluginHookFiles, pluginRootOf } from '../dialects/plugin.js';

export interface ConvertProjectOptions {
  /** Files or directories; `-` = stdin (see `stdin`). Empty = the project directory. */
  inputs?: string[];
  from?: DialectId;
  to: DialectId[];
  /** The project whose conventional target files are written (default cwd). */
  project?: string;
  /** Write here instead of the target's conventional file (one target only). */
  out?: string;
  /** Don't write: return the would-be file text (`--stdout`). */
  stdout?: boolean;
  /** Don't write: return a unified diff (`--dry-run`). */
  dryRun?: boolean;
  wrap?: boolean;
  runner?: string;
  /** Keep `<file>.bak` of a file before changing it (default true). */
  backup?: boolean;
  /** Text of stdin when an input is `-`. */
  stdin?: string;
  /** Register `hook-bridge dispatch` once per event instead of converting each hook (one source file). */
  dispatch?: boolean;
}

export interface Source {
  file: string;
  dialect: DialectId;
  /** For plugin hook files: the plugin's root (`${CLAUDE_PLUGIN_ROOT}`). */
  pluginRoot?: string;
}

export interface TargetOutcome {
  to: DialectId;
  file: string;
  before: string | undefined;
  after: string;
  changed: boolean;
  written: boolean;
  backup?: string;
  diff?: string;
  result: ConvertResult;
}

export interface ConvertProjectResult {
  sources: Source[];
  targets: TargetOutcome[];
  diagnostics: Diagnostic[];
}

const IDE_TOOL = /\b(execute_command|write_to_file|replace_in_file|delete_files|search_files|list_files|read_file)\b/;
const QWEN_TOOL = /\b(run_shell_command|write_file|read_file|grep_search|list_directory|web_fetch|todo_write)\b/;

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new HookBridgeError(code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot read (${code ?? String(e)})`, file);
  }
}

/** Tell codebuddy from codebuddy-ide (same files) by the tool names their matchers use. */
export function codebuddyFlavour(text: string): DialectId {
  return IDE_TOOL.test(text) && !/"matcher"\s*:\s*"[^"]*\b(Bash|Write|Edit|Read)\b/.test(text) ? 'codebuddy-ide' : 'codebuddy';
}

/** Detect the dialect of one file from its location, then its content. */
export function detectFileDialect(file: string, text: string): DialectId | { ambiguous: DialectId[] } {
  const p = resolve(file).split(sep).join('/');
  if (/\.ya?ml$/i.test(p)) return 'hooks-yaml';
  if (p.includes('/.claude/') || p.includes('/.claude-plugin/') || (/\/hooks\/hooks\.json$/.test(p) && !/\$\{?CODEBUDDY_PLUGIN_ROOT\b/.test(text))) return 'claude';
  if (p.includes('/.qwen/')) return 'qwen';
  if (p.includes('/.gemini/')) return 'gemini';
  if (p.includes('/.codebuddy/')) return codebuddyFlavour(text);
  if (IDE_TOOL.test(text) && !QWEN_TOOL.test(text.replace(/\bread_file\b/g, ''))) return 'codebuddy-ide';
  if (QWEN_TOOL.test(text)) return 'qwen';
  return { ambiguous: ['claude', 'codebuddy'] };
}

/** Detect, and where the file alone cannot tell Claude from CodeBuddy, decide from the evidence around it. */
export function decideFileDialect(file: string, text: string): { dialect: DialectId; note?: string } {
  const d = detectFileDialect(file, text);
  return typeof d === 'string' ? { dialect: d } : claudeOrCodebuddy(file, text);
}

/** The source files of a dialect in a project directory (settings, local settings, plugin hooks). */
export function discover(dir: string, d: DialectId): Source[] {
  const spec = mappings.dialects[d].config;
  const out: Source[] = [];
  for (const rel of spec.project ?? []) {
    const f = join(dir, rel);
    if (existsSync(f)) out.push({ file: f, dialect: d });
  }
  // A plugin's hooks: hooks/hooks.json, and the files its .claude-plugin/plugin.json names.
  if (spec.plugin?.length) for (const f of pluginHookFiles(dir)) out.push({ file: f, dialect: d, pluginRoot: dir });
  return out;
}

function resolveSources(o: ConvertProjectOptions, project: string, notes: Diagnostic[]): Source[] {
  const inputs = o.inputs?.length ? o.inputs : [project];
  const sources: Source[] = [];
  for (const input of inputs) {
    if (input === '-') {
      if (!o.from) throw new HookBridgeError('reading stdin needs --from <dialect>', '-');
      sources.push({ file: '-', dialect: o.from });
      continue;
    }
    let isDir = false;
    try {
      isDir = statSync(input).isDirectory();
    } catch {
      throw new HookBridgeError('no such file or directory', input);
    }
    if (!isDir) {
      const root = pluginRootOf(input);
      const plugin = root ? { pluginRoot: root } : {};
      if (o.from) {
        sources.push({ file: input, dialect: o.from, ...plugin });
        continue;
      }
      const d = decideFileDialect(input, readText(input));
      if (d.note) notes.push({ severity: 'info', code: 'dialectAssumed', message: d.note, file: input });
      sources.push({ file: input, dialect: d.dialect, ...plugin });
      continue;
    }
    if (o.from) {
      const found = discover(input, o.from);
      if (!found.length) throw new HookBridgeError(`no ${o.from} hook config found (looked for ${[...(mappings.dialects[o.from].config.project ?? []), ...(mappings.dialects[o.from].config.plugin ?? [])].join(', ')})`, input);
      sources.push(...found);
      continue;
    }
    // Detect: every dialect with files here, except the targets themselves.
    const byDialect = new Map<DialectId, Source[]>();
    for (const d of DIALECT_IDS) {
      if (o.to.includes(d) || d === 'codebuddy-ide') continue;
      const found = discover(input, d);
      if (found.length) byDialect.set(d, found);
    }
    const cb = byDialect.get('codebuddy');
    if (cb && cb.some((s) => codebuddyFlavour(readText(s.file)) === 'codebuddy-ide')) {
      byDialect.delete('codebuddy');
      if (!o.to.includes('codebuddy-ide')) byDialect.set('codebuddy-ide', cb.map((s) => ({ ...s, dialect: 'codebuddy-ide' })));
    }
    if (byDialect.size === 0) throw new HookBridgeError('no hook config found (.claude/, .qwen/, .codebuddy/, hooks.yaml, hooks/hooks.json): pass files or --from', input);
    if (byDialect.size > 1) {
      const list = [...byDialect].map(([d, s]) => `${d} (${s.map((x) => relative(input, x.file)).join(', ')})`).join(', ');
      throw new HookBridgeError(`found hooks of several dialects: ${list}; pass --from`, input);
    }
    sources.push(...[...byDialect.values()][0]!);
  }
  const dialectsSeen = new Set(sources.map((s) => s.dialect));
  if (dialectsSeen.size > 1) throw new HookBridgeError(`inputs are of several dialects (${[...dialectsSeen].join(', ')}); convert one dialect at a time or pass --from`);
  return sources;
}

/** Fill in where each converted hook landed in the target file: its file and JSON/YAML path. */
function locateTargets(result: ConvertResult, text: string, file: string, to: DialectId): void {
  let doc: unknown;
  try {
    doc = to === 'hooks-yaml' ? yaml().parse(text) : JSON.parse(text);
  } catch {
    return; // lenient JSON kept from the existing file: the rows keep their event only
  }
  const hooksOf = (doc as { hooks?: unknown })?.hooks;
  for (const row of result.report) {
    const t = row.target;
    if (!t) continue;
    t.file = file;
    if (t.command === undefined) continue;
    if (Array.isArray(hooksOf)) {
      const i = hooksOf.findIndex((h) => h?.event === t.event && h?.command === t.command);
      if (i >= 0) t.path = `hooks[${i}]`;
    } else if (hooksOf && typeof hooksOf === 'object') {
      const groups = (hooksOf as Record<string, unknown>)[t.event];
      if (!Array.isArray(groups)) continue;
      groups.some((g, gi) => {
        const hi = Array.isArray(g?.hooks) ? g.hooks.findIndex((h: { command?: unknown }) => h?.command === t.command) : -1;
        if (hi >= 0) t.path = `hooks.${t.event}[${gi}].hooks[${hi}]`;
        return hi >= 0;
      });
    }
  }
}

/** Write a file atomically (temp file + rename in the same directory), keeping a backup of the old one. */
export function writeAtomic(file: string, text: string, backup: boolean): string | undefined {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    mkdirSync(dirname(file), { recursive: true });
    let bak: string | undefined;
    if (backup && existsSync(file)) {
      bak = `${file}.bak`;
      copyFileSync(file, bak);
    }
    writeFileSync(tmp, text);
    renameSync(tmp, file);
    return bak;
  } catch (e) {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // the temp file was never created
    }
    throw new HookBridgeError(`cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)}); the file is unchanged`, file);
  }
}

export async function convertProject(o: ConvertProjectOptions): Promise<ConvertProjectResult> {
  if (!o.to.length) throw new HookBridgeError('--to needs at least one dialect');
  o.to.forEach(getDialect);
  if (o.out && o.to.length > 1) throw new HookBridgeError('--out takes one --to dialect');
  const project = resolve(o.project ?? '.');
  const diagnostics: Diagnostic[] = [];
  const sources = resolveSources(o, project, diagnostics);
  const hooks: Hook[] = [];
  const from = sources[0]!.dialect;
  for (const s of sources) {
    const text = s.file === '-' ? (o.stdin ?? '') : readText(s.file);
    const r = dialects[s.dialect].codec.read(text, s.file === '-' ? '<stdin>' : s.file, dialects[s.dialect]);
    hooks.push(...r.hooks);
    diagnostics.push(...r.diagnostics);
  }
  assertConvertible(diagnostics);
  const pluginRoot = sources.find((s) => s.pluginRoot)?.pluginRoot;
  if (o.dispatch && (sources.length !== 1 || sources[0]!.file === '-')) throw new HookBridgeError(`--dispatch runs one hook set file; got ${sources.length === 1 ? 'stdin' : `${sources.length} files`}`);

  const targets: TargetOutcome[] = [];
  for (const to of o.to) {
    const result = o.dispatch
      ? dispatchEntries(hooks, from, to, relative(project, resolve(sources[0]!.file)), o.runner ?? 'hook-bridge')
      : convertHooks(hooks, from, { to, ...(o.wrap !== undefined ? { wrap: o.wrap } : {}), ...(o.runner !== undefined ? { runner: o.runner } : {}), ...(pluginRoot ? { pluginRoot } : {}) });
    const file = resolve(o.out ?? join(project, mappings.dialects[to].config.write));
    if (!o.stdout && sources.some((s) => s.file !== '-' && resolve(s.file) === file)) throw new HookBridgeError(`the target file is also a source; pass --out or --stdout`, file);
    const before = o.stdout ? undefined : existsSync(file) ? readText(file) : undefined;
    const { text: after, diagnostics: writeDiagnostics } = dialects[to].codec.write(result.hooks, before, file, dialects[to]);
    diagnostics.push(...writeDiagnostics);
    locateTargets(result, after, file, to);
    const changed = after !== before;
    const outcome: TargetOutcome = { to, file, before, after, changed, written: false, result };
    if (o.dryRun) {
      const { createTwoFilesPatch } = await import('diff');
      const rel = relative(project, file) || file;
      outcome.diff = changed ? createTwoFilesPatch(`a/${rel}`, `b/${rel}`, before ?? '', after) : '';
    } else if (!o.stdout && changed) {
      const bak = writeAtomic(file, after, o.backup ?? true);
      outcome.written = true;
      if (bak) outcome.backup = bak;
    }
    targets.push(outcome);
    diagnostics.push(...result.diagnostics);
  }
  return { sources, targets, diagnostics };
}
