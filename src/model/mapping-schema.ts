// zod schemas of the files in mappings/. Used at build and test time only: the run path imports the
// compiled JSON and never loads zod or yaml. The type of a dialect file is written out in dialect-spec.ts (the
// published declarations must not need zod); test/model/dialect-spec.test.ts holds the two equal.
import { z } from 'zod';
import { DIALECT_IDS } from './dialect-ids.js';
import { CONFIG_FORMATS, RESULT_FORMATS, TRANSCRIPT_READ_FORMATS, TRANSCRIPT_WRITE_FORMATS } from './formats.js';

const dialectId = z.enum(DIALECT_IDS);
const canonicalToolId = z
  .string()
  .regex(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/, 'a lowercase dotted id like file.write');
const canonicalEventId = z.string().regex(/^[a-z][a-z-]*$/, 'a lowercase kebab-case id like pre-tool-use');

/** A parameter: the native name, or `{ native: canonical }` where it is renamed. */
const param = z.union([
  z.string().min(1),
  z
    .record(z.string().min(1), z.string().min(1))
    .refine((o) => Object.keys(o).length === 1, 'exactly one native: canonical pair'),
]);

const toolEntrySchema = z.strictObject({
  /** The native tool_name hooks see and matchers test. */
  name: z.string().min(1),
  /** Native parameter names in the agent's order. */
  params: z.array(param),
  /** Other names a matcher may use for this tool (legacy names, Qwen's matcher aliases). */
  aliases: z.array(z.string().min(1)).optional(),
  status: z.enum(['observed', 'historical', 'registered', 'bundled', 'conditional', 'docs']).optional(),
  /** false where only some parameter names are known. */
  params_complete: z.boolean().optional(),
  /** For status `conditional`: what makes the agent offer the tool. */
  enabled_by: z.string().min(1).optional(),
  /** Parameters the agent's input schema requires (native names). */
  required: z.array(z.string().min(1)).optional(),
  /** The PostToolUse tool_response seen: an object's keys, or text / lines / llm-text (Qwen's {llmContent,
   * returnDisplay}).
   */
  response: z.union([z.enum(['text', 'lines', 'llm-text']), z.array(z.string().min(1)).min(1)]).optional(),
  /**
   * Canonical parameters the tool has no field for but carries inside another parameter's text: canonical -> the
   * canonical parameter holding it (Gemini CLI's web_fetch: url -> prompt, the URLs written in the prompt).
   */
  embeds: z.record(z.string().min(1), z.string().min(1)).optional(),
  /**
   * Canonical parameters the tool takes as one value or a list of them (GitHub Copilot CLI's grep and glob `paths`: a
   * directory or an array of directories), where another agent's tool takes one.
   */
  lists: z.array(z.string().min(1)).min(1).optional(),
  /** Canonical tools this one tool does on the agent, which has no tool of their own (Codex CLI: apply_patch = Write,
   * Edit, MultiEdit).
   */
  covers: z.array(canonicalToolId).min(1).optional(),
  /**
   * For a covering tool that takes parameters rather than a patch: a covered tool's canonical parameter -> this tool's
   * canonical parameter it is given as (Cline's editor creates a file from Write's content as its new_string).
   */
  covered_as: z.record(z.string().min(1), z.string().min(1)).optional(),
  /**
   * Array parameters whose items are what another agent's tool takes as parameters of one call: native array name ->
   * item field -> canonical parameter (Pi's edit {path, edits: [{oldText, newText}]} is Claude Code's Edit {file_path,
   * old_string, new_string} once per item). One item is read as that one call, and written back into one item.
   */
  items: z.record(z.string().min(1), z.record(z.string().min(1), z.string().min(1))).optional(),
});

/** tools.yaml: canonical id -> dialect -> entry, or null for "verified absent". */
export const toolsFileSchema = z.record(canonicalToolId, z.partialRecord(dialectId, toolEntrySchema.nullable()));

const eventRowShape = Object.fromEntries(
  DIALECT_IDS.map((d) => [d, z.string().min(1).nullable().optional()]),
) as Record<(typeof DIALECT_IDS)[number], z.ZodOptional<z.ZodNullable<z.ZodString>>>;

/** Where an event only one format has is placed on a target that lacks it (hooks.yaml's own events). */
const nearestSchema = z.strictObject({
  /** The canonical event it runs as. */
  event: canonicalEventId,
  /** The values of that event's matcher field it stands for (AppStartup = SessionStart "startup"). */
  values: z.array(z.string().min(1)).optional(),
  /** Whether the meaning holds there (false: the report calls the hook degraded). */
  holds: z.boolean(),
  /** `ignored`: the format defines the event's answers as having no effect (AfterResponse: logging only). */
  answers: z.literal('ignored').optional(),
  why: z.string().min(1),
});

const eventRowSchema = z.strictObject({
  /**
   * What a matcher on this event is tested against: `tool` (tool_name), a payload field, null (the
   * event ignores matchers) or `unknown` (a declared event whose matcher field is not known yet).
   */
  matcherOn: z.string().min(1).nullable(),
  values: z.partialRecord(dialectId, z.array(z.string())).optional(),
  /** Per dialect, its values that mean a canonical (Claude Code's) value under another word: native -> canonical. */
  valueNames: z.partialRecord(dialectId, z.record(z.string().min(1), z.string().min(1))).optional(),
  /** Dialects whose name for the event is documented (docs, seeds, the agent's bundle) but not observed. */
  documented: z.array(dialectId).optional(),
  nearest: nearestSchema.optional(),
  ...eventRowShape,
});
export const eventsFileSchema = z.record(canonicalEventId, eventRowSchema);

const unknown = z.literal('unknown');
const eventOutcome = z.partialRecord(canonicalEventId, z.string().min(1));

const payloadSchema = z.strictObject({
  stdin: z.literal('compact-json-line'),
  /** The shapes of its tool_response values (a module in src/results/), or unknown (results pass as they are). */
  toolResults: z.enum(RESULT_FORMATS).or(unknown).optional(),
  /** native permission_mode value -> canonical (default, accept-edits, plan, bypass, dont-ask, auto). */
  permissionModes: z.record(z.string(), z.enum(['default', 'accept-edits', 'plan', 'bypass', 'dont-ask', 'auto'])),
  alwaysSent: z.array(z.string()),
  /**
   * true: UserPromptSubmit fires again with prompt "" after every tool batch (Qwen Code). run and dispatch answer
   * that re-fire without running a script whose own agent does not send it.
   */
  emptyPromptRefire: z.boolean().optional(),
  /** Payload fields this agent names differently: canonical (Claude Code's) name -> this agent's name. */
  fieldNames: z.record(z.string(), z.string()).optional(),
  /** Where one event's payload names a field otherwise again (canonical event -> canonical field -> this agent's name).
   */
  eventFieldNames: z.partialRecord(canonicalEventId, z.record(z.string(), z.string())).optional(),
  /**
   * false: the payload does not say which event it is for (GitHub Copilot CLI's own hook files): `run --event <name>`
   * says it (convert writes it), or `eventFieldNames` name the field of an event that does say it. Absent: it does
   * (`hook_event_name`, or what `fieldNames` call it).
   */
  eventNamed: z.boolean().optional(),
  /** The file behind transcript_path: its format (a reader/writer in src/transcript/), or unknown. */
  transcript: z
    .enum([...TRANSCRIPT_WRITE_FORMATS, ...TRANSCRIPT_READ_FORMATS])
    .or(unknown)
    .optional(),
  /** The record `type` of the model's messages, where the transcript names them after the agent (Claude's: assistant).
   */
  transcriptAssistantType: z.string().min(1).optional(),
  /**
   * The agent writes its transcript in the background, just after the event that names it fires (GitHub Copilot CLI:
   * events.jsonl appears ~100 ms after agentStop): run waits up to this many ms for the file to exist and stop growing
   * before translating it.
   */
  transcriptDelayMs: z.number().int().positive().optional(),
});

const outputSchema = z.strictObject({
  /** Where the reason of an exit-2 block is read; ignored: nowhere, the block reaches the model without it. */
  exit2Reason: z.enum(['stderr', 'stdout-then-stderr', 'ignored']),
  /** true: exit 2 with an empty stderr has no effect at all (Codex CLI: not even a JSON deny on stdout blocks). */
  exit2NeedsStderr: z.boolean().optional(),
  exit2OnNonBlockingEvents: z.enum(['shown-to-model', 'not-shown']).or(unknown),
  /**
   * The only events on which exit 2 does anything (blocks, or passes its reason on); on the others it changes nothing
   * (GitHub Copilot CLI: pre-tool-use alone). Absent: every event that can block.
   */
  exit2Events: z.array(canonicalEventId).optional(),
  /**
   * Exit codes other than 0 and 2; blocks-from-2: exit 1 is a warning, every code from 2 up blocks (Gemini CLI);
   * denies: a hook that fails (exit 1, 127 …) denies the tool call, whatever it printed (GitHub Copilot CLI).
   */
  otherExit: z.enum(['non-blocking', 'warning', 'blocks-from-2', 'denies']),
  jsonOnNonZeroExit: z.enum(['honoured', 'ignored']).or(unknown),
  requiresHookEventName: z.boolean(),
  permissionDecision: z.array(z.enum(['allow', 'deny', 'ask'])),
  /** Top-level `decision` values honoured (Gemini CLI reads only these: block/deny block, ask asks). */
  legacyDecision: z.array(z.enum(['block', 'approve', 'deny', 'ask'])),
  updatedInput: z.enum(['replace', 'merge', 'ignored']),
  /** The hookSpecificOutput field an input rewrite is read from (default updatedInput; Gemini CLI: tool_input). */
  rewriteField: z.string().min(1).optional(),
  /**
   * Where the event-specific answer fields go: hook-specific (default: in `hookSpecificOutput`, with its
   * hookEventName), or flat (at the top level: permissionDecision, permissionDecisionReason, additionalContext and the
   * rewrite field; a hookSpecificOutput object is ignored — GitHub Copilot CLI's own files).
   */
  answerShape: z.enum(['hook-specific', 'flat']).optional(),
  /**
   * Top-level answer keys this agent names otherwise, after `answerShape`: Claude Code's key -> this agent's key, or
   * several (the value written to each; read from the first there). Cursor: permissionDecision -> permission,
   * permissionDecisionReason -> agent_message and user_message.
   */
  answerFieldNames: z
    .record(z.string().min(1), z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]))
    .optional(),
  /** true: a rewrite is sent with permissionDecision allow, the only form seen to work (Copilot CLI's Claude-compatible
   * mode).
   */
  rewriteWithAllow: z.boolean().optional(),
  modifiedInput: z.enum(['replace', 'merge', 'ignored']),
  /** void: the agent rejects the answer as a whole (Codex CLI), so the tool runs as after `allow`. */
  askHeadless: z.enum(['deny', 'hang', 'allow', 'void', 'never-headless']).or(unknown),
  /** `ask` in a headless run that bypasses permissions (-y, --yolo, bypassPermissions), where it differs from
   * askHeadless (CodeBuddy Code: the tool runs).
   */
  askHeadlessBypass: z.enum(['deny', 'hang', 'allow', 'void']).optional(),
  /** `ask` in an interactive session: a confirmation prompt (as on Claude Code), or not known. */
  askInteractive: z.enum(['prompt']).or(unknown),
  /**
   * How a hook's process tells that the agent runs interactively (a person at its terminal UI), where `ask` is only
   * safe to relay then (askHeadless: hang): the agent's own rule, evaluated on the agent's process (Linux /proc; any
   * doubt, or another system: headless). The agent's process is the nearest ancestor without `hookEnv` set to the
   * hook's own value (a variable the agent sets for its hooks only). Interactive only when every `ttyFds` of it is a
   * terminal, no argument of it is one of `headlessArgs` (`--name=value`, short-option clusters and camelCase
   * spellings included) and no `headlessEnv` variable of it has its value.
   */
  interactiveSession: z
    .strictObject({
      hookEnv: z.string().min(1),
      ttyFds: z.array(z.number().int().min(0)).min(1),
      headlessArgs: z.array(z.string().regex(/^--?[A-Za-z]/)),
      headlessEnv: z.record(z.string(), z.string()).optional(),
      source: z.string().min(1),
    })
    .optional(),
  /** When the agent reads a hook's stderr as its JSON answer (Qwen: whenever stdout is empty, any exit code). */
  stderrAnswer: z.enum(['exit-2', 'when-stdout-empty', 'never']).or(unknown),
  /** The only top-level / hookSpecificOutput fields the agent documents (absent: not restricted by us). */
  fields: z.array(z.string()).optional(),
  hookSpecificFields: z.array(z.string()).optional(),
  /**
   * strict: the answer is parsed against a closed schema (`fields`, `hookSpecificFields`, the decision enums);
   * anything outside it makes the WHOLE answer void — the hook counts as failed and the tool runs (Codex CLI).
   * Absent: unknown fields are ignored.
   */
  answerSchema: z.literal('strict').optional(),
  /** Answer forms observed to void the whole answer on a strict-schema agent. */
  voids: z
    .array(
      z.enum([
        'ask',
        'allow-without-updated-input',
        'updated-input-without-allow',
        'approve',
        'continue-false-pre-tool-use',
        'deny-without-reason',
        'unknown-field',
        'wrong-enum-value',
        'hook-event-name-missing',
        'hook-specific-output-on-stop',
      ]),
    )
    .optional(),
  allowBypassesPermissions: z.boolean().or(unknown),
  continueFalse: eventOutcome,
  additionalContext: eventOutcome,
  plainStdoutContext: z.array(canonicalEventId),
  postToolUseBlock: z.enum(['to-model', 'dropped']).or(unknown),
  /**
   * Where hook-bridge gives a PreToolUse hook's additionalContext on an agent that drops it there
   * (`additionalContext.pre-tool-use: dropped`): `post-tool`, handed by `run` to the PostToolUse run of the same call
   * (an entry convert adds) and given as that event's context, after the tool result, where Claude Code puts it (d16).
   * Absent: not carried (convert and audit say it is dropped).
   */
  preToolContext: z.enum(['post-tool']).optional(),
  stopBlock: z.string(),
  /**
   * Per event, the answer keys an agent that voids a whole answer over one key it does not take (Codex CLI)
   * accepts there: top-level keys, and `hookSpecificOutput.<key>`. An event without a list gets no JSON answer.
   */
  answers: z.partialRecord(canonicalEventId, z.array(z.string().min(1))).optional(),
  /**
   * Events whose hooks the agent runs but whose answers it honours in no form (exit 2, a block, continue:false,
   * context): observe-only (Codex CLI's PreModelRequest / PostModelRequest).
   */
  observeOnly: z.array(canonicalEventId).optional(),
});

/** One list a package declares (hook events, tool names): where it is and how to read it. */
const declaredListSchema = z.strictObject({
  /** Glob(s) of the files holding it, as for `declares.files`; default: those. */
  files: z.array(z.string().min(1)).optional(),
  /**
   * A regular expression (global): each match's first group, or the whole match when it has none, holds names: every
   * double-quoted name in it, or the group itself when it quotes none (`HookEventName2\[("\w+")\]`, a JSON array).
   */
  pattern: z.string().min(1),
  /** Names the package declares that hook-bridge does not map, each with why (a finding recorded, not a failure). */
  unmapped: z.record(z.string().min(1), z.string().min(1)).optional(),
  /** Names mappings/ has from observation that the pattern cannot find in the package, each with why. */
  undeclared: z.record(z.string().min(1), z.string().min(1)).optional(),
  /**
   * An in-process host's API events (Pi's extension events, OpenCode's hooks) its binding (src/dialects/<id>.ts)
   * binds: the declared events are compared with these, not with events.yaml (whose names there are hook-bridge's own).
   */
  bound: z.array(z.string().min(1)).optional(),
});

/**
 * What the agent's installed package declares, and where: the e2e suite's package check
 * (test/e2e/package-facts.test.ts, npm run test:latest) reads it from the pinned and the newest versions and
 * compares it with mappings/.
 */
const declaresSchema = z.strictObject({
  /**
   * Globs of the package's files, relative to its install folder (`<e2e cache>/<id>-<version>`): `*` matches within
   * one path segment, `{version}` is the version installed.
   */
  files: z.array(z.string().min(1)).min(1),
  /** The hook events the package declares (its enum): each must be an event name of this dialect in events.yaml. */
  events: declaredListSchema.optional(),
  /** The tools the package declares (its registry): each must be a tool name or alias of this dialect in tools.yaml. */
  tools: declaredListSchema.optional(),
  /**
   * Text a fact of this file rests on, by the fact's key (`config.project`, `config.inProcess.projectTrust`): each
   * string must be in the package's files, else the fact may have moved.
   */
  anchors: z.record(z.string().min(1), z.array(z.string().min(1)).min(1)).optional(),
});

export const dialectFileSchema = z.strictObject({
  id: dialectId,
  agent: z.string().min(1),
  observedVersion: z.string().nullable(),
  /** What its installed package declares, and where (the e2e suite's package check). Never inherited from another
   * dialect: each agent's package is its own. */
  declares: declaresSchema.optional(),
  /**
   * The agent's command-line program (`hook-bridge doctor` looks for it on PATH and asks its version): the names it
   * is installed under, the arguments that print its version, and where that was seen. null: it has none (an IDE
   * plugin, a file format).
   */
  cli: z
    .strictObject({
      commands: z.array(z.string().min(1)).min(1),
      versionArgs: z.array(z.string().min(1)),
      source: z.string().min(1),
    })
    .nullable()
    .optional(),
  /**
   * The package the agent installs from a local directory (an extension, a plugin), as `convert <plugin> --to <id>
   * --package <dir>` writes it from a Claude Code plugin (src/convert/package.ts). Absent: not researched.
   */
  package: z
    .strictObject({
      /** The manifest its installer reads, relative to the package's root. */
      manifest: z.string().min(1),
      /** The fields of the plugin's manifest the package's manifest carries (same key); `name` is required. */
      fields: z.array(z.string().min(1)).min(1),
      /** Values the installer requires that a plugin's manifest may lack (Gemini CLI: `version`). */
      defaults: z.record(z.string().min(1), z.string().min(1)).optional(),
      /**
       * Keys its manifest always has, whatever the plugin's (the key naming the package's extension where one is
       * needed).
       */
      manifestKeys: z.record(z.string().min(1), z.unknown()).optional(),
      /**
       * The manifest is a file the plugin may have of its own (an npm package.json, which also says how the plugin's
       * .js scripts load and what they need): the package's starts from it, the fields and `manifestKeys` set over it.
       */
      manifestMerged: z.boolean().optional(),
      /** The names its installer accepts: a regular expression's source, whole-name. */
      namePattern: z.string().min(1),
      /**
       * An in-process host's package (`config.inProcess`): where hook-bridge's loader file goes in it, relative to the
       * root; the loader runs the package's hook file in whichever project the session is in.
       */
      loader: z.string().min(1).optional(),
      /**
       * The file the converted hooks go in, relative to the root, in the dialect's `config.format`; null: its
       * packages carry no hooks (`hooksWhy` says why, and convert points at the project conversion).
       */
      hooks: z.string().min(1).nullable(),
      hooksWhy: z.string().min(1).optional(),
      /**
       * The text the agent replaces with the installed package's directory in a hook's command before running it:
       * the converted hooks' plugin root (`run --plugin-root`).
       */
      rootVar: z.string().min(1).optional(),
      /**
       * Where the plugin goes inside the package when the installer takes it only from a marketplace around it
       * (`<name>`: its name; Codex CLI: plugins/<name>): `manifest` and `hooks` are then relative to it. Absent: the
       * package's root is the plugin.
       */
      pluginDir: z.string().min(1).optional(),
      /**
       * The marketplace file written at the package's root that lists the plugin (`pluginDir` set): its path, and its
       * JSON with `<name>` in any string replaced by the plugin's name.
       */
      marketplace: z.strictObject({ file: z.string().min(1), json: z.record(z.string(), z.unknown()) }).optional(),
      /**
       * Where the agent trusts hooks by hash (`config.hookTrust`): the file part of the trust key of an installed
       * package's hook (`<name>`: its name; Codex CLI: <plugin>@<marketplace>:hooks/hooks.json).
       */
      trustKey: z.string().min(1).optional(),
      /** Where it is installed for the user, `~/…` (`<name>`: the package's name), and how to uninstall it there. */
      installed: z.string().regex(/^~\//).optional(),
      /**
       * Where the agent lists the plugins it runs, keyed `<name>@<marketplace>` (a JSON file `~/…` and its key): it
       * runs one of the package's name from another marketplace beside it, so convert names that one.
       */
      enabled: z.strictObject({ file: z.string().regex(/^~\//), key: z.string().min(1) }).optional(),
      uninstall: z.string().min(1).optional(),
      /**
       * How a person installs it from a local directory (`<dir>`: the package, `<dirname>`: its folder's name,
       * `<name>`: its name).
       */
      install: z.string().min(1),
      source: z.string().min(1),
    })
    .optional(),
  /**
   * Where the facts it does not state come from, deep-merged (its own win): a dialect (hooks-yaml: claude), or a base
   * file of mappings/dialects/, `_<name>.yaml` (`_in-process`: what hook-bridge's engine does on every in-process
   * host).
   */
  inherits: z.union([dialectId, z.templateLiteral(['_', z.string().regex(/^[a-z0-9-]+$/)])]).optional(),
  /**
   * A file format whose hooks are another dialect's scripts (hooks-yaml: claude): they get that dialect's payload and
   * answer in its protocol, and the format names tools and events as it does where it names none itself. Such a
   * dialect is no agent: no runner of its own, never a host.
   */
  payloadDialect: dialectId.optional(),
  config: z
    .strictObject({
      /**
       * The file format: settings-json ({"hooks": {"<Event>": [matcher groups]}}, JSON the agent's loader may take
       * with comments), hooks-yaml-v2 (hooks.yaml v2.0.0: a flat YAML list of hooks, run by `hook-bridge dispatch`), or
       * action-lists-json ({"version": 1, "hooks": {"<event>": [{type, bash, timeoutSec, matcher?}]}}: one flat list of
       * actions per event, each with its own matcher; matcher groups are read too).
       */
      format: z.enum(CONFIG_FORMATS),
      /** The file `convert` writes, relative to the project. */
      write: z.string().min(1),
      project: z.array(z.string()),
      user: z.array(z.string()),
      plugin: z.array(z.string()),
      /** A plugin's manifest, relative to its root (Claude Code: .claude-plugin/plugin.json): its `hooks` field names
       * more hook files.
       */
      pluginManifest: z.string().optional(),
      /**
       * Another dialect whose config files this one reads too (the CodeBuddy IDE plugin reads CodeBuddy Code's
       * .codebuddy/settings.json): such a file is found as that dialect's, and is this one's when the tool names of
       * its matchers are (src/dialects/detect.ts).
       */
      sameFilesAs: dialectId.optional(),
      /** Files people put this agent's hooks in that it does not read, each with its evidence: audited so a rule can
       * say so.
       */
      notRead: z.array(z.strictObject({ path: z.string().min(1), source: z.string().min(1) })).optional(),
      disableAllHooks: z.enum(['honoured', 'ignored', 'unknown']),
      invalidEntry: z.enum(['file-rejected', 'entry-skipped', 'unknown']),
      /** What comments in a JSON settings file do: accepted, or the whole file silently ignored. */
      jsonComments: z.enum(['accepted', 'file-ignored', 'unknown']),
      /** What a trailing comma in a JSON settings file does. */
      jsonTrailingCommas: z.enum(['accepted', 'file-ignored', 'unknown']),
      folderTrust: z.string().optional(),
      /** A setting whose `false` turns every hook of the file off (dot path; Gemini CLI: hooksConfig.enabled, default
       * true).
       */
      hooksSwitch: z.string().optional(),
      /**
       * Files that hold the same hooks as `[hooks]` tables of a TOML config (Codex CLI's config.toml), read besides
       * the JSON files: project ones relative to the project, user ones under ~.
       */
      tomlHooks: z.strictObject({ project: z.array(z.string()), user: z.array(z.string()) }).optional(),
      /** A variable that, when set, replaces the `~/.<agent>` folder of the user files (Codex CLI: CODEX_HOME). */
      homeVar: z.string().optional(),
      /**
       * The user-level file `convert --user` writes (`~/…`, under `homeVar` when set): hooks the agent runs in every
       * project's sessions (an in-process host's: the hook file its `inProcess.userLoader` runs). null: none
       * hook-bridge writes (the reason beside it).
       */
      userWrite: z.string().regex(/^~\//).nullable(),
      /**
       * The plugins the user enabled, whose hooks run in every session (Claude Code): `enabled` is the key of the user
       * settings file (`{"<plugin>@<marketplace>": true}`), `installed` the registry (`~/…`, under `homeVar`) that
       * names each installed plugin's directory (`plugins["<plugin>@<marketplace>"]`: `[{scope, installPath}]`).
       */
      userPlugins: z
        .strictObject({ enabled: z.string().min(1), installed: z.string().regex(/^~\//), source: z.string().min(1) })
        .optional(),
      /**
       * The keys an action of the action-lists-json format is written with, for its command and its timeout (default
       * GitHub Copilot CLI's `bash` and `timeoutSec`; Cursor's hooks.json: `command` and `timeout`). Both are read.
       */
      actionKeys: z.strictObject({ command: z.string().min(1), timeout: z.string().min(1) }).optional(),
      /**
       * The keys beside `hooks` a file of the action-lists-json format that convert creates starts with (default
       * `{"version": 1}`; Kiro CLI's agent config: its name and tools, and no key its schema does not know). A file
       * left with only these (and an empty `hooks`) is taken out again.
       */
      newFile: z.record(z.string(), z.unknown()).optional(),
      /**
       * trusted-hash: a user or project hook runs only when the user config records its current hash as trusted;
       * otherwise it is skipped silently (Codex CLI: [hooks.state."<file>:<event>:<group>:<handler>"] trusted_hash).
       */
      hookTrust: z.enum(['trusted-hash']).optional(),
      /** The user file that records trust (projects and hook hashes), `~/…` (under `homeVar` when set). */
      trustStore: z.string().optional(),
      /** Hook types the agent skips with a warning (not run, not an error): convert drops them and says so. */
      skippedHookTypes: z.array(z.string()).optional(),
      /**
       * Another agent's hook files this one reads and runs itself (GitHub Copilot CLI runs the hooks of the project's
       * .claude/settings*.json): which files (project-relative), which of their events it fires (canonical ids), in
       * which of its `modes` (how it sends the payload and reads the answer there), and whether it runs a command
       * found in several of its files once or each time. audit says what this reading does differently; convert makes
       * each such hook run once there, with its own agent's decision (docs/decided-behaviours.md).
       */
      /**
       * An in-process host: no hook config of its own, extended by code it loads into its process (Pi's extensions,
       * OpenCode's plugins). convert writes `write` (a hook file only hook-bridge's engine reads) and `loader`, which
       * loads the engine once and runs the hooks of that file in the agent's process (src/run/in-process-engine.ts,
       * docs/architecture.md).
       */
      inProcess: z
        .strictObject({
          /** The loader file, relative to the project (the agent loads it from there by itself). */
          loader: z.string().min(1),
          /**
           * The user-level loader file, `~/…`, which the agent loads in every project: `convert --user` writes it to
           * run the user-level hook file (`userWrite`) beside it. Absent: no user level is written.
           */
          userLoader: z.string().regex(/^~\//).optional(),
          /**
           * The agent loads the project's extensions only in a project the user trusts, and headless skips them without
           * a
           * word (Pi 1.x): where it records that trust, and what else decides it. convert says so, `doctor` reads the
           * store, and convert records the trust only when asked (src/convert/project-trust.ts).
           */
          projectTrust: z
            .strictObject({
              /**
               * The user's store, `~/…`: a JSON object of folder (its real path) → true (trusted), false (not) or
               * null (no decision); the nearest folder from the project up with true or false decides.
               */
              store: z.string().regex(/^~\//),
              /** A variable that, when set, is the folder of the store instead of the one `store` names. */
              dirVar: z.string().min(1).optional(),
              /** A user setting that decides a project the store says nothing of: `trusts` trusts every project. */
              setting: z
                .strictObject({ file: z.string().regex(/^~\//), key: z.string().min(1), trusts: z.string().min(1) })
                .optional(),
              /** The agent's flag that trusts the project for one run. */
              runFlag: z.string().min(1),
              /** The agent's first version that asks for the trust (earlier ones load the plugins in any project). */
              since: z.string().min(1),
              source: z.string().min(1),
            })
            .optional(),
          source: z.string().min(1),
        })
        .optional(),
      /**
       * A host whose hooks are one executable per event in a folder (Cline: .clinerules/hooks/PreToolUse): convert
       * writes `write` (a hook file only hook-bridge reads, run by its engine) and, for each event file whose events
       * have hooks there, that event file: a small executable that hands the agent's call to `hook-bridge event-file`
       * (src/dialects/event-file.ts, src/run/event-file.ts, docs/architecture.md "Event-file hosts").
       */
      eventFiles: z
        .strictObject({
          /** The folder the agent runs the event files of, relative to the project. */
          dir: z.string().min(1),
          /** Each event file's name → the events of the hook file whose hooks it runs (the agent's names). */
          files: z.record(z.string().min(1), z.array(z.string().min(1)).min(1)),
          source: z.string().min(1),
        })
        .optional(),
      readsForeign: z
        .array(
          z.strictObject({
            dialect: dialectId,
            files: z.array(z.string().min(1)).min(1),
            events: z.array(canonicalEventId).min(1),
            /** Events it is documented to fire from those files but that were not seen firing. */
            documentedEvents: z.array(canonicalEventId).optional(),
            mode: z.string().min(1),
            dedup: z.boolean(),
            /** A setting in those files that turns their hooks off for this agent alone; null = verified none. */
            switchOff: z.string().nullable(),
            source: z.string().min(1),
          }),
        )
        .optional(),
    })
    .partial()
    .required({ format: true, write: true }),
  timeout: z.strictObject({
    /** Required in every dialect: no default unit (STYLE.md). */
    unit: z.enum(['s', 'ms']),
    unitSource: z.string().optional(),
    /** Values at or above this are read as milliseconds (Qwen's legacy rule). */
    legacyMsFrom: z.number().optional(),
    /** Default timeout in `unit`; null = not known (convert then always writes an explicit timeout). */
    default: z.number().positive().nullable(),
    defaultSource: z.string().optional(),
    /** What a timed-out blocking hook does to the tool call. */
    onTimeout: z.enum(['proceed', 'block']).or(unknown),
  }),
  matcher: z
    .strictObject({
      /**
       * How a tool matcher is read. exact-list-or-regex (Claude Code): a matcher made only of `exactChars` is an exact
       * |,-list of names, anything else an unanchored regex; exact-part-or-regex (Qwen Code): a |-part equal to a name
       * or alias matches, else the whole string is an unanchored regex on the native name; regex: always an
       * unanchored regex; anchored-regex: always a regex that must match the whole tool name (GitHub Copilot CLI).
       */
      semantics: z.enum(['exact-list-or-regex', 'exact-part-or-regex', 'regex', 'anchored-regex', 'glob']),
      /**
       * semantics exact-list-or-regex: the characters (a regex character class body) a matcher made only of is an exact
       * |-list;
       * default Claude Code's `A-Za-z0-9_|, -` (Codex CLI: `A-Za-z0-9_|`, so `Write, Edit` is a regex there).
       */
      exactChars: z.string().min(1).optional(),
      /** true: a regex matcher is tested against the tool's matcher aliases too, not only its name (Codex CLI:
       * `^(Write|Edit)$` fires for apply_patch).
       */
      aliasesInRegex: z.boolean().optional(),
      semanticsSource: z.string().optional(),
      caseSensitive: z.boolean(),
      /** never-matches; exact-compare: an invalid regex is compared to the tool name as a string (Gemini CLI). */
      invalidRegex: z.enum(['never-matches', 'exact-compare']).or(unknown),
      arrays: z.enum(['unsupported', 'never-fire', 'any-of']).or(unknown),
      /** true: a matcher on a non-tool event (source, reason, trigger) is compared as ONE exact string: no |-lists
       * (Gemini CLI).
       */
      valuesExact: z.boolean().optional(),
      /** true: a matcher on a non-tool event is ignored: the hook runs for every value (GitHub Copilot CLI's
       * sessionStart).
       */
      valuesIgnored: z.boolean().optional(),
    })
    .partial()
    .required({ semantics: true }),
  env: z
    .strictObject({
      /** Variables holding the project dir, preferred first. */
      projectDir: z.array(z.string()),
      pluginRoot: z.string().optional(),
      provided: z.array(z.string()),
      /**
       * Variables hooks are written to read that the agent does not set (the call comes as JSON on stdin): a hook
       * reading one never sees the call (audit's env-var-unset). Evidence: the agent's observed hook environment.
       */
      notSet: z.array(z.string()).optional(),
      perHookEnv: z.boolean().optional(),
      /**
       * A file hooks append `export NAME=value` lines to, for the session's later commands: the variable that
       * names it, the events it is given on, and whether the agent itself provides it (else only when the
       * user set it before starting the agent, which hooks then inherit).
       */
      envFile: z
        .strictObject({
          var: z.string(),
          events: z.array(canonicalEventId),
          providedByAgent: z.boolean(),
          source: z.string(),
        })
        .optional(),
      /**
       * Variables the agent replaces in the command TEXT with a shell-quoted value before the shell runs it
       * (Gemini CLI: `$GEMINI_PROJECT_DIR` …, not `${…}`): inside quotes a path with a space breaks the command.
       */
      commandSubstitutes: z.array(z.string()).optional(),
      /**
       * Where the agent sets no project-dir variable (`projectDir: []`), how a command can find the project:
       * git-toplevel-of-cwd = hooks run in the session cwd, inside the project whose root holds .git (Codex CLI).
       */
      projectRoot: z.enum(['git-toplevel-of-cwd']).optional(),
      /**
       * A variable the agent sets, for every hook it runs, to its own process id, and it starts the hook's shell itself
       * (Claude Code: CLAUDE_PID; the shell's $PPID equals it). A shell can tell from it that this agent started it,
       * which an inherited variable cannot tell.
       */
      agentPid: z.string().optional(),
      /** A variable the agent sets in the environment of every hook it runs (inherited by whatever the agent starts).
       */
      marker: z.string().optional(),
      /**
       * Variables that tell a hook which agent runs it (scripts written for several agents read them to pick their
       * answer's shape): a wrapped script of another agent does not see them, and a script of this agent run by
       * another gets them — with the value, where it is always the same (null: it varies, and is not set).
       */
      identity: z.record(z.string().min(1), z.string().nullable()).optional(),
    })
    .optional(),
  /** Handler fields (besides type/command/timeout) the agent is known to honour; absent = not researched. */
  handlerFields: z.array(z.string()).optional(),
  /**
   * Handler fields whose value here means what leaving the field out means (Claude Code: `async` false, `once`
   * false, `shell` bash — its DEFAULT_HOOK_SHELL). Carried to an agent that does not know the field, such a value
   * asks for nothing that agent does not do anyway: the hook is not degraded there.
   */
  handlerFieldDefaults: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  /** The type a handler that names none runs as (GitHub Copilot CLI: command); absent: `type` is required. */
  handlerTypeDefault: z.string().optional(),
  /**
   * Handler fields that replace the command on one operating system (Node's `process.platform`: linux, darwin, win32),
   * where the agent reads them (GitHub Copilot CLI's `linux`, `osx`, `windows`): the command it runs on that system.
   */
  osCommands: z.partialRecord(z.enum(['linux', 'darwin', 'win32']), z.string()).optional(),
  /** Hook types the agent runs (command, prompt, agent, http). */
  hookTypes: z.array(z.string()).optional(),
  /** true: `hookTypes` is every type the format has, so a hook of another type cannot be written there (hooks.yaml). */
  hookTypesComplete: z.boolean().optional(),
  /**
   * true: the agent's own bundle declares its whole hook-event enum, so an event missing from events.yaml's
   * column is verified absent on it (not merely not researched).
   */
  eventsComplete: z.boolean().optional(),
  /** argv prefix the agent runs a hook command with. */
  shell: z.array(z.string()).optional(),
  run: z
    .strictObject({
      parallel: z.boolean(),
      sequentialField: z.boolean(),
      dedupIdenticalCommands: z.boolean(),
      aggregation: z.enum(['deny-ask-allow', 'last-writer-wins', 'merge']).or(unknown),
      asyncField: z.boolean(),
    })
    .partial()
    .optional(),
  payload: payloadSchema.optional(),
  output: outputSchema.optional(),
  /**
   * Other ways the agent runs a hook, chosen by something the hook's entry says (GitHub Copilot CLI: an event named as
   * Claude Code names it runs in its Claude-compatible mode, in any of its files): the payload and answer facts that
   * differ there (each replaces the field of `payload` / `output` it names), the dialect whose event names select the
   * mode, and the dialect whose tool names its payloads use.
   */
  modes: z
    .record(
      z.string().min(1),
      z.strictObject({
        eventNames: dialectId,
        toolNames: dialectId,
        payload: payloadSchema.partial().optional(),
        output: outputSchema.partial().optional(),
        source: z.string().min(1),
      }),
    )
    .optional(),
});
