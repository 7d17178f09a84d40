// Hosts that read another agent's hook files themselves (mappings `config.readsForeign`: GitHub Copilot CLI runs the
// project's .claude/settings*.json), and the gate `convert` puts in front of such a file's hooks so that the host's own
// reading of them does nothing — the host runs each of them once, through hook-bridge, from its own file — while
// their
// own agent runs them exactly as before.
//
// The gate is a shell prefix of the command, byte for byte before it:
//   [ -n "${COPILOT_CLI-}" ] && [ "$PPID" != "${CLAUDE_PID-}" ] && exit 0; <the command as it was>
// It ends the hook when the host's marker variable is set (`env.marker`: set in every hook the host runs) AND the
// shell was not started by the source's agent itself (`env.agentPid`: Claude Code starts each hook's /bin/sh itself
// and gives it its own pid; docs/observations.md). A marker alone would switch the hook off under its own agent when
// that agent was started from the host (COPILOT_CLI=1 is inherited by a `claude -p` run from Copilot's bash tool):
// the pid test is what its own agent always passes, so under it the command always runs. Reading a config gives the
// command without its gate (handler-reader.ts), and `convert --remove` takes the gate away again.
import type { DialectId } from '../model/dialect-ids.js';
import { DIALECT_IDS } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import type { DialectSpec } from '../model/mappings.js';

export type ForeignRead = NonNullable<DialectSpec['config']['readsForeign']>[number];

/** The host's reading of a source dialect's project file (relative path), when it reads that file itself. */
export function readsNatively(host: DialectId, source: DialectId, relFile: string): ForeignRead | undefined {
  return mappings.dialects[host].config.readsForeign?.find(
    (r) => r.dialect === source && r.files.includes(relFile.split('\\').join('/')),
  );
}

/** The events of such a reading that may fire (observed, and those its runtime is documented to know). */
export const readEvents = (r: ForeignRead): string[] => [...r.events, ...(r.documentedEvents ?? [])];

/** The gate for hooks of `source` read by `host`, from their data; undefined where the data cannot make one. */
export function gatePrefix(host: DialectId, source: DialectId): string | undefined {
  const marker = mappings.dialects[host].env?.marker;
  const pid = mappings.dialects[source].env?.agentPid;
  if (!marker || !pid) return undefined;
  return `[ -n "\${${marker}-}" ] && [ "$PPID" != "\${${pid}-}" ] && exit 0; `;
}

/** A command with the gate in front (unchanged when it has one already). */
export function gate(command: string, host: DialectId, source: DialectId): string {
  const prefix = gatePrefix(host, source);
  if (!prefix || ungate(command)) return command;
  return `${prefix}${command}`;
}

/** A gated command: the command as it was, the host whose reading it gates, and the gate. undefined: not gated. */
export function ungate(command: string): { command: string; host: DialectId; prefix: string } | undefined {
  if (!command.startsWith('[ -n "${')) return undefined;
  for (const host of DIALECT_IDS) {
    for (const r of mappings.dialects[host].config.readsForeign ?? []) {
      const prefix = gatePrefix(host, r.dialect);
      if (prefix && command.startsWith(prefix)) return { command: command.slice(prefix.length), host, prefix };
    }
  }
  return undefined;
}
