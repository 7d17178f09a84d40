// The event files convert writes for an event-file host (mappings `config.eventFiles`: Cline), one per event file of
// the agent whose events have hooks in the hook file: a POSIX shell script, the same for every such agent but for its
// names and the answer it prints when hook-bridge is missing. It names no path of this machine (it is committed): it
// hands the agent's call to the `hook-bridge` on PATH (`hook-bridge event-file`, src/run/event-file.ts), which runs
// the hooks of the hook file with hook-bridge's engine and prints the answer in the agent's form. Without hook-bridge,
// it prints what the binding answers to a block with the reason (a call the hooks could block is blocked), so a
// missing install never lets a guarded call through unseen.
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import type { EventFileBinding } from './define.js';

/** The first two lines of every event file hook-bridge writes: how convert recognises its own (and its version). */
const STAMP = '#!/bin/sh\n# hook-bridge event file';

/** The version stamped in an event file, or undefined where the file is not hook-bridge's. */
export function eventFileVersion(text: string): string | undefined {
  return text.startsWith(STAMP) ? /^([^\s]+) /.exec(text.slice(STAMP.length + 1))?.[1] : undefined;
}

/** A word for the shell: single-quoted. */
const quoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The event file `name`'s text, as hook-bridge `version` writes it for `host`. */
export function eventFileText(host: DialectId, name: string, version: string, binding: EventFileBinding): string {
  const spec = mappings.dialects[host];
  const { dir } = spec.config.eventFiles!;
  const hookFile = spec.config.write;
  const up = dir.split('/').length;
  const missing =
    `hook-bridge: hook-bridge is not installed (no hook-bridge on PATH), so the hooks of ${hookFile} cannot run and ` +
    `this call is blocked. Install hook-bridge (npm install -g hook-bridge), or take the hooks out: hook-bridge ` +
    `convert --to ${host} --remove`;
  const blocked = binding.reply(name, { block: missing, context: [], notes: '' });
  return `${STAMP} ${version} for ${spec.agent}: runs the ${name} hooks of
# ${hookFile} through hook-bridge. Written by \`hook-bridge convert --to ${host}\`: commit it with that file.
# A re-run updates it, \`--check\` says when it is out of date, \`--remove\` deletes it. An edit of yours is kept:
# convert reports it and leaves it as it is.
here=$(dirname -- "$0")
if command -v hook-bridge >/dev/null 2>&1; then
  exec hook-bridge event-file --to ${host} --file ${quoted(name)} --project "$here${'/..'.repeat(up)}"
fi
cat >/dev/null
${blocked ? `printf '%s\\n' ${quoted(blocked)}\n` : ''}`;
}
