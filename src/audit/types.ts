import type { DialectId } from '../model/dialect-ids.js';
import type { Diagnostic, Hook, Severity } from '../model/hook.js';
import type { Decision } from '../run/host-decision.js';
import { mappings } from '../model/mappings.js';
import { CONFIG_SYNTAX, type ConfigSyntax } from '../model/formats.js';
import { shellQuote } from '../dialects/wrapper.js';

/** One hook config file found in the project (or the user's home). */
export interface ConfigFile {
  file: string;
  dialect: DialectId;
  scope: 'project' | 'local' | 'user' | 'plugin' | 'explicit';
  /** The file text, when it could be read. */
  text?: string;
  hooks: Hook[];
  /** What the reader said (structure problems); a file that could not be parsed has `unusable`. */
  diagnostics: Diagnostic[];
  unusable?: { message: string; location?: string };
  pluginRoot?: string;
}

/** A script a hook command runs, resolved statically (no execution). */
export interface ScriptInfo {
  /** As written in the command. */
  raw: string;
  /** Absolute path after expanding $CLAUDE_PROJECT_DIR, ${CLAUDE_PLUGIN_ROOT}, ~ and relative paths. */
  path: string;
  /** `python3`, `node`, `bash` … when the command names one; undefined when the script is run directly. */
  interpreter?: string;
  exists: boolean;
  executable: boolean;
  /** First 256 KB of the script, when it exists. */
  text?: string;
}

export interface Finding {
  ruleId: string;
  /** Which of the rule's messages (stable; the text may change). */
  messageId: string;
  severity: Severity;
  message: string;
  /** The config file (absolute here; the formats show it relative to the current directory). */
  file: string;
  /** JSON/YAML path of the offending value, e.g. `hooks.PreToolUse[0].matcher`; `''` for the whole file. */
  path: string;
  line?: number;
  column?: number;
  /** The dialect audited for, when auditing for another agent (`--target`). */
  target?: DialectId;
  /** The plugin or nested project the file belongs to, below the directory audited (`plugin foo (plugins/foo)`). */
  unit?: string;
  /** A command that fixes it, when the fix is mechanical (e.g. the `convert` to run). */
  fix?: string;
  /** A mechanical edit of `file` that fixes it: set the value at `path` (applied by `audit --fix`). */
  edit?: { path: string; value: unknown };
  /**
   * For a finding about an answer: what the agent decides with it, by the model `hook-bridge test` decides with
   * (src/run/host-decision.ts) — on the hook's event, in a headless run or an interactive session.
   */
  decides?: Decides;
  /** One of `size` identical findings (same rule, severity and message) elsewhere; `id` numbers the groups of a report.
   */
  group?: { id: number; size: number };
}

interface Decides {
  agent: DialectId;
  event: string;
  decision: Decision;
  headless: boolean;
}

export interface HookEntry {
  hook: Hook;
  config: ConfigFile;
  /** The agent the hook runs on: --target, or the config's own. */
  host: DialectId;
}

interface ReportInput {
  messageId: string;
  data?: Record<string, string | number>;
  file?: string;
  path?: string;
  fix?: string;
  edit?: { path: string; value: unknown };
  decides?: Decides;
  /** This finding's severity, where it follows the hook rather than the message (a `--rule` setting overrides it). */
  severity?: Severity;
}

export interface RuleContext {
  project: string;
  /** A path as the user can open it from where the audit ran: relative to that directory when inside it, else absolute.
   */
  shown(path: string): string;
  configs: ConfigFile[];
  /** The user's home and environment (where user-level files such as Codex CLI's trust store are). */
  home: string;
  env: NodeJS.ProcessEnv;
  target?: DialectId;
  hooks(): HookEntry[];
  /** The plugin root a hook's command sees: its plugin's (a plugin hook file), or the one its wrapper passes (`run
   * --plugin-root`).
   */
  pluginRoot(h: Hook, config: ConfigFile): string | undefined;
  script(h: Hook, config: ConfigFile): ScriptInfo | undefined;
  report(r: ReportInput): void;
}

export interface Rule {
  id: string;
  severity: Severity;
  /** One line: what is wrong. */
  description: string;
  /** Longer explanation with the fix (Markdown), shown by the markdown/SARIF reports. */
  docs: string;
  messages: Record<string, string>;
  /** Severity of particular messages where it differs from the rule's (a `--rule` setting overrides both). */
  messageSeverity?: Record<string, Severity>;
  /** Where the fact behind the rule comes from. */
  sources?: string[];
  check(ctx: RuleContext): void;
}

export function defineRule(r: Rule): Rule {
  return r;
}

/** Paths inside a config, for a hook read by one of the codecs. */
export const paths = {
  handler: (h: Hook) => h.origin.path,
  command: (h: Hook) => `${h.origin.path}.command`,
  timeout: (h: Hook) => `${h.origin.path}.timeout`,
  type: (h: Hook) => `${h.origin.path}.type`,
  matcher: (h: Hook) =>
    /\.hooks\[\d+\]$/.test(h.origin.path)
      ? h.origin.path.replace(/\.hooks\[\d+\]$/, '.matcher')
      : `${h.origin.path}.matcher`,
  event: (h: Hook) =>
    /^hooks\.[^.[]+\[/.test(h.origin.path)
      ? h.origin.path.replace(/\[\d+\]\.hooks\[\d+\]$/, '')
      : `${h.origin.path}.event`,
};

/** The syntax of a config's text (YAML: a hooks.yaml file): its paths are read, located and edited as such. */
export const configSyntax = (c: ConfigFile): ConfigSyntax => CONFIG_SYNTAX[mappings.dialects[c.dialect].config.format];

/** A path as one shell word. */
export const shellArg = (s: string): string => (/^[\w./~-]+$/.test(s) ? s : shellQuote(s));

/** The `hook-bridge convert` command that fixes a finding, runnable from where the audit ran: it names the
 * project (or, with a file, `--project`) when that is not the current directory. */
export function convertFix(ctx: RuleContext, args: string, file?: string): string {
  const project = ctx.shown(ctx.project);
  if (file !== undefined)
    return (
      `hook-bridge convert ${shellArg(ctx.shown(file))} ${args}` +
      (project === '.' ? '' : ` --project ${shellArg(project)}`)
    );
  return `hook-bridge convert${project === '.' ? '' : ` ${shellArg(project)}`} ${args}`;
}
