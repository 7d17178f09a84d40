// convert's step for a target file that the source's own agent reads itself (mappings `config.readsForeign`: GitHub
// Copilot CLI runs the project's .claude/settings*.json): converting Copilot's own hooks `--to claude` puts them where
// Copilot reads them a second time, so each would run twice there (rysweet/azlin, issue 29). The entries convert
// writes into such a file get the gate (dialects/foreign-gate.ts): under that agent they end at once — it runs the
// hooks from its own files, once — and under the file's own agent (Claude Code) they run as written. Reading the
// file gives the entries without the gate (handler-reader.ts), so a re-run, --check and --remove know them.
import { relative } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import type { Diagnostic } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { gate, gatePrefix, readsNatively } from '../dialects/foreign-gate.js';
import type { NativeHook } from '../dialects/define.js';
import { rewriteCommands } from './rewrite-commands.js';
import type { ReportRow } from './convert.js';

/** The gate of a `to` file that `from`'s agent reads itself, when the data can make one. */
export function readerGate(from: DialectId, to: DialectId, file: string, project: string): DialectId | undefined {
  const rel = relative(project, file);
  return from !== to && readsNatively(from, to, rel) && gatePrefix(from, to) ? from : undefined;
}

/** Each entry of `result` gated against `reader`'s own reading of the file; what cannot be gated is said. */
export function gateForReader<T extends { hooks: NativeHook[]; report: ReportRow[]; diagnostics: Diagnostic[] }>(
  result: T,
  reader: DialectId,
  to: DialectId,
  rel: string,
): T {
  const agent = mappings.dialects[reader].agent;
  const lost: string[] = [];
  const out = rewriteCommands(result, (command, _event, handler) => {
    // No POSIX shell to test in: an exec-form entry, or one run by PowerShell.
    if (Array.isArray(handler.args) || (typeof handler.shell === 'string' && handler.shell !== 'bash')) {
      lost.push(command);
      return undefined;
    }
    return gate(command, reader, to);
  });
  for (const row of out.report) {
    if (!row.target?.command) continue;
    if (lost.includes(row.target.command))
      row.notes.push(`not gated (no POSIX shell to test in): ${agent} reads ${rel} itself and runs it twice there`);
    else
      row.notes.push(
        `gated: ${agent} reads ${rel} itself and runs this hook from its own file, so the entry does nothing there ` +
          `(${mappings.dialects[to].agent} runs it)`,
      );
    row.reason = row.notes.join('; ');
  }
  return out;
}
