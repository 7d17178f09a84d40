import type { DialectId } from './dialect-ids.js';

/**
 * What a hook's matcher selects, in canonical terms.
 * - all:     every tool / every value (`*`, empty or omitted)
 * - tools:   a set of canonical tool ids, plus MCP names/patterns (same scheme on every agent) and
 *            names the source dialect does not know (kept and reported)
 * - values:  non-tool events (SessionStart source, PreCompact trigger …)
 * - pattern: a pattern that could not be understood (invalid regex …): carried verbatim
 */
export type Matcher =
  | { kind: 'all' }
  | { kind: 'tools'; tools: string[]; mcp: string[]; unknown: string[] }
  | { kind: 'values'; values: string[] }
  | { kind: 'pattern'; source: string };

type HookType = 'command' | 'prompt' | 'agent' | 'http' | (string & {});

/** One hook handler in canonical form. */
export interface Hook {
  /** Canonical event id (`pre-tool-use`), or null when the source event is unknown. */
  event: string | null;
  /** The event name as written in the source. */
  nativeEvent: string;
  matcher: Matcher;
  /** The matcher as written in the source (undefined = omitted). */
  nativeMatcher: unknown;
  type: HookType;
  /** The command for `command` hooks, byte for byte. */
  command?: string;
  /** The command as written in the config, when it was a hook-bridge wrapper (`command` is what it wraps). */
  written?: string;
  /**
   * The host whose own reading of this file `convert` gated for this hook (dialects/foreign-gate.ts): in the file the
   * command has the gate in front; `command` is the command without it.
   */
  gatedFor?: DialectId;
  /** That gate as it is written in front of the command (part of the entry's identity in the file). */
  gate?: string;
  /** Timeout in ms; undefined = not set (the agent's default applies). */
  timeoutMs?: number;
  /** The dialect whose payload/protocol the command expects (differs from the config's when wrapped). */
  scriptDialect: DialectId;
  /**
   * The way its agent runs it, where the agent has several (mappings `modes`), chosen by the event's name: GitHub
   * Copilot CLI runs an event of its own files named as Claude Code names it in its Claude-compatible mode. The hook's
   * `scriptDialect` is then the dialect that mode speaks. undefined: the agent's own way.
   */
  mode?: string;
  /** Other handler fields (async, statusMessage, if, once, shell, prompt, url, env …), carried as-is. */
  fields: Record<string, unknown>;
  /** Extra fields of the matcher group (settings.json) or list entry (hooks.yaml) besides matcher/hooks. */
  groupFields: Record<string, unknown>;
  /** hooks.yaml priority (lower runs first). */
  priority?: number;
  /** Where it came from: file and JSON/YAML path of the handler. */
  origin: { file: string; path: string };
}

export type Severity = 'error' | 'warning' | 'info';

/** A finding or a conversion note; never thrown, always returned. */
export interface Diagnostic {
  severity: Severity;
  /** Stable camelCase id (`eventUnsupported`, `matcherToolMissing` …). */
  code: string;
  message: string;
  file?: string;
  path?: string;
}
