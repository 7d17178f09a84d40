// convert's sources: the files named as inputs or found in a project, each with its dialect (named by --from,
// else decided by dialects/detect.ts), and the hooks read from them — never hook-bridge's own output.
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { mappings } from '../model/mappings.js';
import type { Diagnostic, Hook } from '../model/hook.js';
import { decideFileDialect, decideSharedFile } from '../dialects/detect.js';
import { projectPaths } from '../dialects/config-files.js';
import { dialects } from '../dialects/index.js';
import { pluginOfHookFile } from '../dialects/plugin.js';
import { discoveredDialects, lookedFor, projectFiles } from '../dialects/project-files.js';
import { isOwnForm, ownHooks } from './ownership.js';
import { readText } from './read-text.js';

export interface Source {
  file: string;
  dialect: DialectId;
  /** For plugin hook files: the plugin's root (`${CLAUDE_PLUGIN_ROOT}`). */
  pluginRoot?: string;
  /** Named as an input (not discovered in a project): read whole, hook-bridge's own entries too (converting back). */
  explicit?: boolean;
}

export interface SourceOptions {
  /** Files or directories; `-` = stdin (see `stdin`). Empty = the project directory. */
  inputs?: string[];
  from?: DialectId;
  to: DialectId[];
  /** Text of stdin when an input is `-`. */
  stdin?: string;
}

/** The source files of a dialect in a project directory (settings, local settings, TOML configs with hooks, plugin
 * hooks).
 */
export function discover(dir: string, d: DialectId): Source[] {
  return projectFiles(dir, d, readText).map((f) => ({
    file: f.file,
    dialect: f.dialect,
    ...(f.pluginRoot ? { pluginRoot: f.pluginRoot } : {}),
  }));
}

/** Does a file hold hooks a person wrote (anything but hook-bridge's own output)? For detection only. */
function hasOwnSourceHooks(s: Source, runners: readonly string[]): boolean {
  try {
    const r = dialects[s.dialect].codec.read(readText(s.file), s.file, dialects[s.dialect], { runners });
    if (r.diagnostics.some((d) => d.severity === 'error')) return true; // broken: let the conversion report it
    const mine = ownHooks(s.file, r.hooks);
    return r.hooks.some(
      (h) =>
        !mine.has(h) &&
        !(h.written !== undefined || (h.command !== undefined && isOwnForm({ command: h.command }, runners))),
    );
  } catch {
    return true; // unreadable: let the conversion report it
  }
}

/**
 * The sources of a run: each input file with its dialect (--from, else decided from the file), stdin as --from's,
 * and in a directory every dialect's files with hooks a person wrote there (not the targets' own): one dialect only.
 */
export function resolveSources(
  o: SourceOptions,
  project: string,
  runners: readonly string[],
  notes: Diagnostic[],
): Source[] {
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
      const root = pluginOfHookFile(input);
      const plugin = root ? { pluginRoot: root } : {};
      if (o.from) {
        sources.push({ file: input, dialect: o.from, explicit: true, ...plugin });
        continue;
      }
      const d = decideFileDialect(input, readText(input));
      if (d.note) notes.push({ severity: 'info', code: 'dialectAssumed', message: d.note, file: input });
      sources.push({ file: input, dialect: d.dialect, explicit: true, ...plugin });
      continue;
    }
    if (o.from) {
      const found = discover(input, o.from);
      if (!found.length)
        throw new HookBridgeError(
          `no ${o.from} hook config found (looked for ${projectPaths(o.from).join(', ')})`,
          input,
        );
      sources.push(...found);
      continue;
    }
    // Detect: every dialect with hooks a person wrote here (not hook-bridge's output), except the targets themselves.
    const byDialect = new Map<DialectId, Source[]>();
    for (const d of discoveredDialects()) {
      if (o.to.includes(d)) continue;
      const found = discover(input, d).filter((s) => hasOwnSourceHooks(s, runners));
      // Files another dialect reads too (CodeBuddy Code's, read by the CodeBuddy IDE plugin): its, when their tool
      // names say so.
      const as = found.map((s) => decideSharedFile(d, readText(s.file))).find((x) => x !== d) ?? d;
      if (found.length && !(as !== d && o.to.includes(as)))
        byDialect.set(as, as === d ? found : found.map((s) => ({ ...s, dialect: as })));
    }
    if (byDialect.size === 0) {
      // The only hooks here are a target's own (`convert --to claude` in a Claude project): say so.
      const own = o.to.flatMap((d) => {
        const files = discover(input, d).filter((s) => hasOwnSourceHooks(s, runners));
        return files.length ? [{ d, files }] : [];
      });
      if (own.length)
        throw new HookBridgeError(
          own
            .map(
              ({ d, files }) =>
                `the hooks here are already ${mappings.dialects[d].agent}'s (` +
                `${files.map((f) => relative(input, f.file)).join(', ')})`,
            )
            .join('; ') +
            `: nothing to convert into ${o.to.map((d) => mappings.dialects[d].agent).join(', ')}. To run them on ` +
            `another agent, pass that one: --to <dialect>`,
          input,
        );
      throw new HookBridgeError(`no hook config found (${lookedFor().join(', ')}): pass files or --from`, input);
    }
    if (byDialect.size > 1) {
      const list = [...byDialect]
        .map(([d, s]) => `${d} (${s.map((x) => relative(input, x.file)).join(', ')})`)
        .join(', ');
      throw new HookBridgeError(`found hooks of several dialects: ${list}; pass --from`, input);
    }
    sources.push(...[...byDialect.values()][0]!);
  }
  const dialectsSeen = new Set(sources.map((s) => s.dialect));
  if (dialectsSeen.size > 1)
    throw new HookBridgeError(
      `inputs are of several dialects (${[...dialectsSeen].join(', ')}); convert one dialect at a time or pass --from`,
    );
  return sources;
}

/** The hooks of the sources (stdin's text is `stdin`), without what hook-bridge recorded writing into a discovered
 * file.
 */
export function readSourceHooks(
  sources: Source[],
  stdin: string | undefined,
  runners: readonly string[],
): { hooks: Hook[]; diagnostics: Diagnostic[] } {
  const hooks: Hook[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const s of sources) {
    const text = s.file === '-' ? (stdin ?? '') : readText(s.file);
    const r = dialects[s.dialect].codec.read(text, s.file === '-' ? '<stdin>' : s.file, dialects[s.dialect], {
      runners,
    });
    // Its own output is never a source: what hook-bridge recorded writing into a discovered file is skipped.
    const mine = s.explicit || s.file === '-' ? new Set<Hook>() : ownHooks(s.file, r.hooks);
    hooks.push(...r.hooks.filter((h) => !mine.has(h)));
    diagnostics.push(...r.diagnostics);
  }
  return { hooks, diagnostics };
}
