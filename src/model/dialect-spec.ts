// The facts of one dialect (mappings/dialects/<id>.yaml) as the code and the library's users read them. Written out
// here, not inferred from the zod schema, so that the published declarations (dist/types) do not need zod, which is
// a build-time tool: src/model/mapping-schema.ts validates the files, and test/model/dialect-spec.test.ts fails to
// type-check when the schema and this type differ by one field.
import type { DialectId } from './dialect-ids.js';
import type { ConfigFormat, ResultFormatName, TranscriptReadFormat, TranscriptWriteFormat } from './formats.js';

/** A fact not established yet (code treats it explicitly, never as a default). */
type Unknown = 'unknown';
/** canonical event id -> what the agent does with an answer form there. */
type EventOutcome = Partial<Record<string, string>>;

/** Answer forms observed to void the whole answer on a strict-schema agent. */
export type VoidingAnswer =
  | 'ask'
  | 'allow-without-updated-input'
  | 'updated-input-without-allow'
  | 'approve'
  | 'continue-false-pre-tool-use'
  | 'deny-without-reason'
  | 'unknown-field'
  | 'wrong-enum-value'
  | 'hook-event-name-missing'
  | 'hook-specific-output-on-stop';

export interface DialectConfig {
  /**
   * The file format: settings-json ({"hooks": {"<Event>": [matcher groups]}}, JSON the agent's loader may take
   * with comments), or hooks-yaml-v2 (hooks.yaml v2.0.0: a flat YAML list of hooks, run by `hook-bridge dispatch`).
   */
  format: ConfigFormat;
  /** The file `convert` writes, relative to the project. */
  write: string;
  project?: string[];
  user?: string[];
  plugin?: string[];
  /** A plugin's manifest, relative to its root (Claude Code: .claude-plugin/plugin.json): its `hooks` field names more
   * hook files.
   */
  pluginManifest?: string;
  /** Another dialect whose config files this one reads too: found as that dialect's, this one's when its matchers' tool
   * names are.
   */
  sameFilesAs?: DialectId;
  /** Files people put this agent's hooks in that it does not read, each with its evidence. */
  notRead?: { path: string; source: string }[];
  disableAllHooks?: 'honoured' | 'ignored' | Unknown;
  invalidEntry?: 'file-rejected' | 'entry-skipped' | Unknown;
  /** What comments in a JSON settings file do: accepted, or the whole file silently ignored. */
  jsonComments?: 'accepted' | 'file-ignored' | Unknown;
  /** What a trailing comma in a JSON settings file does. */
  jsonTrailingCommas?: 'accepted' | 'file-ignored' | Unknown;
  folderTrust?: string;
  /** A setting whose `false` turns every hook of the file off (dot path; Gemini CLI: hooksConfig.enabled, default
   * true).
   */
  hooksSwitch?: string;
  /** Files that hold the same hooks as `[hooks]` tables of a TOML config: project ones relative to the project, user
   * ones under ~.
   */
  tomlHooks?: { project: string[]; user: string[] };
  /** A variable that, when set, replaces the `~/.<agent>` folder of the user files (Codex CLI: CODEX_HOME). */
  homeVar?: string;
  /**
   * The user-level file `convert --user` writes (`~/…`, under `homeVar` when set): hooks the agent runs in every
   * project's sessions (an in-process host's: the hook file its `inProcess.userLoader` runs). null: none hook-bridge
   * writes.
   */
  userWrite?: string | null;
  /**
   * The plugins the user enabled, whose hooks run in every session (Claude Code): `enabled` is the key of the user
   * settings file (`{"<plugin>@<marketplace>": true}`), `installed` the registry (`~/…`, under `homeVar`) that names
   * each installed plugin's directory (`plugins["<plugin>@<marketplace>"]`: `[{scope, installPath}]`).
   */
  userPlugins?: { enabled: string; installed: string; source: string };
  /** The keys an action of the action-lists-json format is written with for its command and timeout (default `bash`,
   * `timeoutSec`; Cursor: `command`, `timeout`). Both are read.
   */
  actionKeys?: { command: string; timeout: string };
  /** The keys beside `hooks` a created action-lists-json file starts with (default `{"version": 1}`; Kiro CLI: its
   * agent config's name, description and tools). A file left with only these is taken out again.
   */
  newFile?: Record<string, unknown>;
  /** trusted-hash: a hook runs only when the user config records its current hash as trusted (Codex CLI). */
  hookTrust?: 'trusted-hash';
  /** The user file that records trust (projects and hook hashes), `~/…` (under `homeVar` when set). */
  trustStore?: string;
  /** Hook types the agent skips with a warning (not run, not an error): convert drops them and says so. */
  skippedHookTypes?: string[];
  /** Another agent's hook files this one reads and runs itself (GitHub Copilot CLI: the project's
   * .claude/settings*.json).
   */
  /**
   * An in-process host (Pi, OpenCode: no hook config, extended by code loaded into its process): convert writes the
   * `loader` file beside `write` (a hook file only hook-bridge's engine reads), and the loader runs those hooks through
   * hook-bridge's engine.
   */
  /** `userLoader`: the user-level loader file (`~/…`) that runs `userWrite` in every project. */
  inProcess?: { loader: string; userLoader?: string; projectTrust?: DialectProjectTrust; source: string };
  /**
   * A host whose hooks are one executable per event in a folder (Cline): convert writes `write` (a hook file only
   * hook-bridge reads) and, per event file whose events have hooks there, the event file that runs them through
   * `hook-bridge event-file`.
   */
  eventFiles?: { dir: string; files: Record<string, string[]>; source: string };
  readsForeign?: {
    dialect: DialectId;
    files: string[];
    events: string[];
    documentedEvents?: string[];
    mode: string;
    dedup: boolean;
    switchOff: string | null;
    source: string;
  }[];
}

/**
 * An in-process host that loads the project's plugins only in a trusted project, headless skipping them without a word
 * (Pi 1.x): where the user's trust is recorded and what else decides it.
 */
export interface DialectProjectTrust {
  /** The user's store, `~/…`: folder (real path) → true, false or null; the nearest one up with true/false decides.
   */
  store: string;
  /** A variable that, when set, is the folder of the store instead of the one `store` names. */
  dirVar?: string;
  /** A user setting that decides a project the store says nothing of: `trusts` trusts every project. */
  setting?: { file: string; key: string; trusts: string };
  /** The agent's flag that trusts the project for one run. */
  runFlag: string;
  /** The agent's first version that asks for the trust (earlier ones load the plugins in any project). */
  since: string;
  source: string;
}

export interface DialectTimeout {
  /** Required in every dialect: no default unit (STYLE.md). */
  unit: 's' | 'ms';
  unitSource?: string;
  /** Values at or above this are read as milliseconds (Qwen's legacy rule). */
  legacyMsFrom?: number;
  /** Default timeout in `unit`; null = not known (convert then always writes an explicit timeout). */
  default: number | null;
  defaultSource?: string;
  /** What a timed-out blocking hook does to the tool call. */
  onTimeout: 'proceed' | 'block' | Unknown;
}

export interface DialectMatcher {
  /**
   * How a tool matcher is read. exact-list-or-regex (Claude Code): a matcher made only of `exactChars` is an exact
   * |,-list of names, anything else an unanchored regex; exact-part-or-regex (Qwen Code): a |-part equal to a name
   * or alias matches, else the whole string is an unanchored regex on the native name; regex: always an unanchored
   * regex; anchored-regex: a regex on the whole name; glob (Kiro CLI): one glob on the whole name (`fs_*`), no `|`.
   */
  semantics: 'exact-list-or-regex' | 'exact-part-or-regex' | 'regex' | 'anchored-regex' | 'glob';
  /** exact-list-or-regex: the characters (a regex class body) an exact |-list is made of; default Claude Code's
   * `A-Za-z0-9_|, -`.
   */
  exactChars?: string;
  /** true: a regex matcher is tested against the tool's matcher aliases too, not only its name (Codex CLI). */
  aliasesInRegex?: boolean;
  semanticsSource?: string;
  caseSensitive?: boolean;
  /** never-matches; exact-compare: an invalid regex is compared to the tool name as a string (Gemini CLI). */
  invalidRegex?: 'never-matches' | 'exact-compare' | Unknown;
  arrays?: 'unsupported' | 'never-fire' | 'any-of' | Unknown;
  /** true: a matcher on a non-tool event (source, reason, trigger) is ONE exact string: no |-lists (Gemini CLI). */
  valuesExact?: boolean;
  /** true: a matcher on a non-tool event is ignored: the hook runs for every value (GitHub Copilot CLI's sessionStart).
   */
  valuesIgnored?: boolean;
}

export interface DialectEnv {
  /** Variables holding the project dir, preferred first. */
  projectDir: string[];
  pluginRoot?: string;
  provided: string[];
  /** Variables hooks are written to read that the agent does not set (the call comes as JSON on stdin): a hook reading
   * one never sees the call (audit's env-var-unset). Evidence: the agent's observed hook environment.
   */
  notSet?: string[];
  perHookEnv?: boolean;
  /** A file hooks append `export NAME=value` lines to: its variable, the events it is given on, and whether the agent
   * provides it.
   */
  envFile?: { var: string; events: string[]; providedByAgent: boolean; source: string };
  /** Variables the agent replaces in the command TEXT with a shell-quoted value before the shell runs it (Gemini CLI).
   */
  commandSubstitutes?: string[];
  /** Where the agent sets no project-dir variable, how a command finds the project (Codex CLI: git-toplevel-of-cwd). */
  projectRoot?: 'git-toplevel-of-cwd';
  /** A variable the agent sets to its own process id for every hook, whose shell it starts itself (Claude Code:
   * CLAUDE_PID).
   */
  agentPid?: string;
  /** A variable the agent sets in the environment of every hook it runs (inherited by whatever the agent starts). */
  marker?: string;
  /**
   * Variables that tell a hook which agent runs it (scripts written for several agents read them to pick their
   * answer's shape): a wrapped script of another agent does not see them, and a script of this agent run by another
   * gets them — with the value, where it is always the same (null: it varies, and is not set).
   */
  identity?: Record<string, string | null>;
}

export interface DialectRun {
  parallel?: boolean;
  sequentialField?: boolean;
  dedupIdenticalCommands?: boolean;
  aggregation?: 'deny-ask-allow' | 'last-writer-wins' | 'merge' | Unknown;
  asyncField?: boolean;
}

export interface DialectPayload {
  stdin: 'compact-json-line';
  /** The shapes of its tool_response values (a module in src/results/), or unknown (results pass as they are). */
  toolResults?: ResultFormatName | Unknown;
  /** native permission_mode value -> canonical. */
  permissionModes: Record<string, 'default' | 'accept-edits' | 'plan' | 'bypass' | 'dont-ask' | 'auto'>;
  alwaysSent: string[];
  /** true: UserPromptSubmit fires again with prompt "" after every tool batch (Qwen Code). */
  emptyPromptRefire?: boolean;
  /** Payload fields this agent names differently: canonical (Claude Code's) name -> this agent's name. */
  fieldNames?: Record<string, string>;
  /** Where one event's payload names a field otherwise again (canonical event -> canonical field -> this agent's name).
   */
  eventFieldNames?: Partial<Record<string, Record<string, string>>>;
  /** false: the payload does not say which event it is for (GitHub Copilot CLI's own files): `run --event` says it. */
  eventNamed?: boolean;
  /** The file behind transcript_path: its format (a reader/writer in src/transcript/), or unknown. */
  transcript?: TranscriptWriteFormat | TranscriptReadFormat | Unknown;
  /** The record `type` of the model's messages, where the transcript names them after the agent (Claude's: assistant).
   */
  transcriptAssistantType?: string;
  /** The transcript is written after the hook starts (Copilot CLI's events.jsonl): run waits up to this many ms for it
   * to settle.
   */
  transcriptDelayMs?: number;
}

export interface DialectOutput {
  exit2Reason: 'stderr' | 'stdout-then-stderr' | 'ignored';
  /** true: exit 2 with an empty stderr has no effect at all (Codex CLI). */
  exit2NeedsStderr?: boolean;
  exit2OnNonBlockingEvents: 'shown-to-model' | 'not-shown' | Unknown;
  /**
   * The only events on which exit 2 does anything (blocks, or passes its reason on); on the others it changes nothing
   * (GitHub Copilot CLI: pre-tool-use alone). Absent: every event that can block.
   */
  exit2Events?: string[];
  /** Exit codes other than 0 and 2; blocks-from-2: exit 1 is a warning, every code from 2 up blocks (Gemini CLI). */
  otherExit: 'non-blocking' | 'warning' | 'blocks-from-2' | 'denies';
  jsonOnNonZeroExit: 'honoured' | 'ignored' | Unknown;
  requiresHookEventName: boolean;
  permissionDecision: ('allow' | 'deny' | 'ask')[];
  /** Top-level `decision` values honoured (Gemini CLI reads only these: block/deny block, ask asks). */
  legacyDecision: ('block' | 'approve' | 'deny' | 'ask')[];
  updatedInput: 'replace' | 'merge' | 'ignored';
  /** The hookSpecificOutput field an input rewrite is read from (default updatedInput; Gemini CLI: tool_input). */
  rewriteField?: string;
  /** Where the event-specific answer fields go: in hookSpecificOutput (default), or flat at the top level (GitHub
   * Copilot CLI's own files).
   */
  answerShape?: 'hook-specific' | 'flat';
  /** Top-level answer keys this agent names otherwise, after `answerShape`: Claude Code's key -> this agent's key, or
   * several (written to each; read from the first there). Cursor: permissionDecision -> permission.
   */
  answerFieldNames?: Record<string, string | string[]>;
  /** true: a rewrite is sent with permissionDecision allow, the only form seen to work (Copilot CLI's Claude-compatible
   * mode).
   */
  rewriteWithAllow?: boolean;
  modifiedInput: 'replace' | 'merge' | 'ignored';
  /** void: the agent rejects the answer as a whole (Codex CLI), so the tool runs as after `allow`. */
  askHeadless: 'deny' | 'hang' | 'allow' | 'void' | 'never-headless' | Unknown;
  /** `ask` in a headless run that skips permission prompts (CodeBuddy Code's -p -y): the tool runs (t12b). */
  askHeadlessBypass?: 'deny' | 'hang' | 'allow' | 'void';
  /** `ask` in an interactive session: a confirmation prompt (as on Claude Code), or not known. */
  askInteractive: 'prompt' | Unknown;
  /**
   * How a hook tells that the agent runs interactively, where `ask` is relayed only then (Gemini CLI: headless it
   * hangs): the agent's own rule, evaluated on its process (run/interactive-session.ts; any doubt: headless).
   */
  interactiveSession?: InteractiveSessionRule;
  /** When the agent reads a hook's stderr as its JSON answer (Qwen: whenever stdout is empty, any exit code). */
  stderrAnswer: 'exit-2' | 'when-stdout-empty' | 'never' | Unknown;
  /** The only top-level / hookSpecificOutput fields the agent documents (absent: not restricted by us). */
  fields?: string[];
  hookSpecificFields?: string[];
  /** strict: anything outside the documented fields and enums voids the WHOLE answer (Codex CLI). */
  answerSchema?: 'strict';
  voids?: VoidingAnswer[];
  allowBypassesPermissions: boolean | Unknown;
  continueFalse: EventOutcome;
  additionalContext: EventOutcome;
  plainStdoutContext: string[];
  postToolUseBlock: 'to-model' | 'dropped' | Unknown;
  /**
   * Where hook-bridge gives a PreToolUse hook's additionalContext on an agent that drops it there
   * (`additionalContext.pre-tool-use: dropped`): `post-tool`, handed by `run` to the PostToolUse run of the same call
   * (an entry convert adds) and given as that event's context, after the tool result, where Claude Code puts it (d16).
   * Absent: not carried (convert and audit say it is dropped).
   */
  preToolContext?: 'post-tool';
  stopBlock: string;
  /** Per canonical event, the answer keys a strict-schema agent accepts there (top-level, and
   * `hookSpecificOutput.<key>`).
   */
  answers?: Partial<Record<string, string[]>>;
  /** Canonical events whose hooks the agent runs but whose answers it honours in no form (exit 2, a block,
   * continue:false, context): observe-only (Codex CLI's PreModelRequest / PostModelRequest).
   */
  observeOnly?: string[];
}

/** One list a package declares (hook events, tool names): where it is and how to read it. */
export interface DeclaredList {
  /** Glob(s) of the files holding it, as for `DialectDeclares.files`; default: those. */
  files?: string[];
  /**
   * A regular expression (global): each match's first group, or the whole match when it has none, holds names: every
   * double-quoted name in it, or the group itself when it quotes none.
   */
  pattern: string;
  /** Names the package declares that hook-bridge does not map, each with why (a finding recorded, not a failure). */
  unmapped?: Record<string, string>;
  /** Names mappings/ has from observation that the pattern cannot find in the package, each with why. */
  undeclared?: Record<string, string>;
  /**
   * An in-process host's API events (Pi's extension events, OpenCode's hooks) its binding (src/dialects/<id>.ts)
   * binds: the declared events are compared with these, not with events.yaml (whose names there are hook-bridge's own).
   */
  bound?: string[];
}

/**
 * What the agent's installed package declares, and where: the e2e suite's package check (npm run test:latest) reads it
 * from the pinned and the newest versions and compares it with mappings/.
 */
export interface DialectDeclares {
  /**
   * Globs of the package's files, relative to its install folder (`<e2e cache>/<id>-<version>`): `*` matches within
   * one path segment, `{version}` is the version installed.
   */
  files: string[];
  /** The hook events the package declares (its enum): each must be an event name of this dialect in events.yaml. */
  events?: DeclaredList;
  /** The tools the package declares (its registry): each must be a tool name or alias of this dialect in tools.yaml. */
  tools?: DeclaredList;
  /** Text a fact of this file rests on, by the fact's key: each string must be in the package's files. */
  anchors?: Record<string, string[]>;
}

/** An agent's package format: what `convert --package` writes for it. */
export interface DialectPackage {
  /** The manifest its installer reads, relative to the package's root. */
  manifest: string;
  /** The fields of the plugin's manifest the package's manifest carries (same key); `name` is required. */
  fields: string[];
  /** Values the installer requires that a plugin's manifest may lack (Gemini CLI: `version`). */
  defaults?: Record<string, string>;
  /**
   * Keys its manifest always has, whatever the plugin's (the key naming the package's extension where one is
   * needed).
   */
  manifestKeys?: Record<string, unknown>;
  /** The manifest is a file the plugin may have of its own (package.json): the package's starts from it. */
  manifestMerged?: boolean;
  /** The names its installer accepts: a regular expression's source, whole-name. */
  namePattern: string;
  /** An in-process host's package: where hook-bridge's loader file goes in it, relative to the root. */
  loader?: string;
  /**
   * The file the converted hooks go in, relative to the root, in the dialect's `config.format`; null: its packages
   * carry no hooks (`hooksWhy` says why).
   */
  hooks: string | null;
  hooksWhy?: string;
  /** The text the agent replaces with the installed package's directory in a hook's command before running it. */
  rootVar?: string;
  /**
   * Where the plugin goes inside the package when the installer takes it only from a marketplace around it (`<name>`:
   * its name; Codex CLI: plugins/<name>): `manifest` and `hooks` are then relative to it. Absent: the root is the
   * plugin.
   */
  pluginDir?: string;
  /** The marketplace file written at the package's root listing the plugin: its path, its JSON (`<name>` replaced). */
  marketplace?: { file: string; json: Record<string, unknown> };
  /**
   * Where the agent trusts hooks by hash (`config.hookTrust`): the file part of the trust key of an installed package's
   * hook (`<name>`: its name; Codex CLI: <plugin>@<marketplace>:hooks/hooks.json).
   */
  trustKey?: string;
  /** Where it is installed for the user, `~/…` (`<name>`: the package's name), and how to uninstall it there. */
  installed?: string;
  uninstall?: string;
  /** Where the agent lists the plugins it runs (`<name>@<marketplace>`): one of the name from elsewhere runs too. */
  enabled?: { file: string; key: string };
  /**
   * How a person installs it from a local directory (`<dir>`: the package, `<dirname>`: its folder's name, `<name>`:
   * its name).
   */
  install: string;
  source: string;
}

/** One mappings/dialects/<id>.yaml: what the agent is known to do, each fact with its source in the file. */
export interface DialectFile {
  id: DialectId;
  agent: string;
  observedVersion: string | null;
  /** What its installed package declares, and where (the e2e suite's package check). Never inherited from another
   * dialect: each agent's package is its own. */
  declares?: DialectDeclares;
  /**
   * The agent's command-line program (`hook-bridge doctor` looks for it on PATH and asks its version): the names it
   * is installed under, the arguments that print its version, and where that was seen. null: it has none (an IDE
   * plugin, a file format).
   */
  cli?: { commands: string[]; versionArgs: string[]; source: string } | null;
  /**
   * The package the agent installs from a local directory (an extension, a plugin), as `convert <plugin> --to <id>
   * --package <dir>` writes it from a Claude Code plugin. Absent: not researched. Never inherited from another
   * dialect (its commands are the agent's own).
   */
  package?: DialectPackage;
  /**
   * Where the facts it does not state come from, deep-merged (its own win): a dialect (hooks-yaml: claude), or a base
   * file of mappings/dialects/, `_<name>.yaml` (`_in-process`: what hook-bridge's engine does on every in-process
   * host).
   */
  inherits?: DialectId | `_${string}`;
  /**
   * A file format whose hooks are another dialect's scripts (hooks-yaml: claude): they get that dialect's payload and
   * answer in its protocol, and the format names tools and events as it does where it names none itself. Such a
   * dialect is no agent: no runner of its own, never a host.
   */
  payloadDialect?: DialectId;
  config: DialectConfig;
  timeout: DialectTimeout;
  matcher: DialectMatcher;
  env?: DialectEnv;
  /** Handler fields (besides type/command/timeout) the agent is known to honour; absent = not researched. */
  handlerFields?: string[];
  /**
   * Handler fields whose value here means what leaving the field out means (Claude Code: `async` false, `once`
   * false, `shell` bash — its DEFAULT_HOOK_SHELL). Carried to an agent that does not know the field, such a value
   * asks for nothing that agent does not do anyway: the hook is not degraded there.
   */
  handlerFieldDefaults?: Record<string, string | number | boolean>;
  /** The type a handler that names none runs as (GitHub Copilot CLI: command); absent: `type` is required. */
  handlerTypeDefault?: string;
  /**
   * Handler fields that replace the command on one operating system (Node's `process.platform`: linux, darwin, win32),
   * where the agent reads them (GitHub Copilot CLI's `linux`, `osx`, `windows`): the command it runs on that system.
   */
  osCommands?: Partial<Record<'linux' | 'darwin' | 'win32', string>>;
  /** Hook types the agent runs (command, prompt, agent, http). */
  hookTypes?: string[];
  /** true: `hookTypes` is every type the format has (hooks.yaml). */
  hookTypesComplete?: boolean;
  /** true: the agent's bundle declares its whole hook-event enum: an event missing from its column is verified absent.
   */
  eventsComplete?: boolean;
  /** argv prefix the agent runs a hook command with. */
  shell?: string[];
  run?: DialectRun;
  payload?: DialectPayload;
  output?: DialectOutput;
  /** Other ways the agent runs a hook, chosen by what the entry says (Copilot CLI's Claude-compatible mode): the facts
   * that differ there.
   */
  modes?: Record<
    string,
    {
      eventNames: DialectId;
      toolNames: DialectId;
      payload?: Partial<DialectPayload>;
      output?: Partial<DialectOutput>;
      source: string;
    }
  >;
}

/** The agent's own rule for an interactive session, seen from a hook (DialectOutput.interactiveSession). */
export interface InteractiveSessionRule {
  /** A variable the agent sets for its hooks only: the nearest ancestor without it (or another value) is the agent. */
  hookEnv: string;
  /** The agent's file descriptors that must all be terminals (0 stdin, 1 stdout). */
  ttyFds: number[];
  /** Arguments of the agent that make it headless (`-p`, `--prompt`, `--acp` …). */
  headlessArgs: string[];
  /** Variables of the agent's environment that make it headless, with the value that does (CI=true). */
  headlessEnv?: Record<string, string>;
  /** Where the rule comes from (the agent's source). */
  source: string;
}
