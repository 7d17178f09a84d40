// convert's step for hosts that read the source's own files (mappings `config.readsForeign`: GitHub Copilot CLI runs
// the
// project's .claude/settings*.json itself): each source hook convert wrote into the host's file is gated in the source
// file (dialects/foreign-gate.ts), so the host runs it once — through hook-bridge, from its own file — and its own
// agent
// runs it exactly as before. A gated hook whose entry is gone is ungated (the host's own reading of it is all there is
// then); `--remove` ungates them all. Only the `command` strings change, in place: every other byte of the file stays.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { DialectId } from '../model/dialect-ids.js';
import type { Diagnostic, Hook } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { dialects } from '../dialects/index.js';
import { gate, gatePrefix, readEvents } from '../dialects/foreign-gate.js';
import { applyTextEdits, type TextEdit } from '../dialects/jsonc-edit.js';
import type { ReportRow } from './convert.js';
import { readText } from './read-text.js';

export interface GateOutcome {
  /** The source file the host reads itself. */
  file: string;
  host: DialectId;
  before: string;
  after: string;
  changed: boolean;
  written: boolean;
  backup?: string;
  diff?: string;
  /** Hooks gated by this run, and ungated (their entry is gone, or --remove). */
  gated: number;
  ungated: number;
  /** The paths of the file's hooks that are gated after this run (newly or already). */
  paths: string[];
  /** `--remove`: the file's `.bak` holds nothing but the file as it is given back (gates aside): a copy convert made,
   * to delete.
   */
  staleBackup?: boolean;
}

/** `hooks.PreToolUse[0].hooks[1]` -> ['hooks', 'PreToolUse', 0, 'hooks', 1]. */
const segments = (path: string): (string | number)[] =>
  [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));

/**
 * The gate edits of one target host: for each file of the source dialect it reads itself, the hooks whose rows
 * (`rows`: this run's report for that host's file) wrote an entry there are gated, the others ungated.
 */
export function planGates(
  host: DialectId,
  from: DialectId | undefined,
  project: string,
  rows: ReportRow[],
  remove: boolean,
): { outcomes: GateOutcome[]; diagnostics: Diagnostic[] } {
  const outcomes: GateOutcome[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const read of mappings.dialects[host].config.readsForeign ?? []) {
    // --remove takes every gate away (its run has no source dialect); a conversion gates its own source's files.
    if ((from !== undefined && read.dialect !== from) || !gatePrefix(host, read.dialect)) continue;
    const d = dialects[read.dialect];
    if (d.spec.config.format !== 'settings-json') continue;
    const events = new Set(readEvents(read));
    for (const rel of read.files) {
      const file = join(project, rel);
      if (!existsSync(file)) continue;
      const before = readText(file);
      let hooks: Hook[];
      try {
        hooks = d.codec.read(before, file, d).hooks;
      } catch {
        continue; // unreadable: the conversion reports it
      }
      const written = new Set(
        rows.filter((r) => r.target && resolve(r.source.file) === file).map((r) => r.source.path),
      );
      const root = parseTree(before, [], { allowTrailingComma: true, disallowComments: false });
      const edits: TextEdit[] = [];
      let gated = 0;
      let ungated = 0;
      const paths: string[] = [];
      for (const h of hooks) {
        if (h.type !== 'command' || h.command === undefined || !h.event || !events.has(h.event)) continue;
        // hook-bridge's own entries there (another agent's hooks converted into the file: reader-gates.ts) keep theirs.
        if (h.written !== undefined) continue;
        const want = !remove && written.has(h.origin.path);
        const node = root && findNodeAtLocation(root, [...segments(h.origin.path), 'command']);
        if (want && h.gatedFor === host) paths.push(h.origin.path);
        if (!node || typeof node.value !== 'string' || (h.gatedFor === host) === want) continue;
        if (
          want &&
          (Array.isArray(h.fields.args) || (typeof h.fields.shell === 'string' && h.fields.shell !== 'bash'))
        ) {
          diagnostics.push({
            severity: 'warning',
            code: 'gateImpossible',
            message:
              `not gated (` +
              (Array.isArray(h.fields.args) ? 'exec form: no shell to test in' : `shell ${String(h.fields.shell)}`) +
              `): ${mappings.dialects[host].agent} runs it here itself as well as from its own file`,
            file,
            path: h.origin.path,
          });
          continue;
        }
        const command = want ? gate(node.value, host, read.dialect) : h.command;
        edits.push({ offset: node.offset, length: node.length, content: JSON.stringify(command) });
        if (want) {
          gated++;
          paths.push(h.origin.path);
        } else ungated++;
      }
      const after = applyTextEdits(before, edits);
      const staleBackup = remove && backupOnlyGates(`${file}.bak`, after, gatePrefix(host, read.dialect)!);
      outcomes.push({
        file,
        host,
        before,
        after,
        changed: after !== before,
        written: false,
        gated,
        ungated,
        paths,
        ...(staleBackup ? { staleBackup } : {}),
      });
    }
  }
  return { outcomes, diagnostics };
}

/** Does the backup differ from `text` only by gates in front of commands (a JSON string starting with the prefix)? */
function backupOnlyGates(bak: string, text: string, prefix: string): boolean {
  if (!existsSync(bak)) return false;
  const inJson = JSON.stringify(prefix).slice(1, -1);
  return readText(bak).split(`"${inJson}`).join('"') === text;
}
