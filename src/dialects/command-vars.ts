// Variables an agent substitutes in a hook's command TEXT before its shell runs it (mappings
// `env.commandSubstitutes`; Gemini CLI: `$GEMINI_PROJECT_DIR` …, replaced by a shell-quoted value): written
// as `${VAR}` so a quoted value cannot break the command's quoting, and read back as the author wrote them.
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';

/**
 * On an agent that substitutes `$VAR` in the command text (mappings `env.commandSubstitutes`), write
 * `${VAR}` instead: the shell reads the same variable, and a quoted value cannot break the command's quoting.
 */
export function braceSubstitutedVars(command: string, host: DialectId): string {
  let out = command;
  for (const v of mappings.dialects[host].env?.commandSubstitutes ?? [])
    out = out.replace(new RegExp(`\\$${v}(?![A-Za-z0-9_])`, 'g'), `\${${v}}`);
  return out;
}

/** The inverse, for a wrapped command read back from such an agent's config (so a round trip is exact). */
export function unbraceSubstitutedVars(command: string, host: DialectId): string {
  let out = command;
  for (const v of mappings.dialects[host].env?.commandSubstitutes ?? [])
    out = out.replace(new RegExp(`\\$\\{${v}\\}(?![A-Za-z0-9_])`, 'g'), `$${v}`);
  return out;
}
