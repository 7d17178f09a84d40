// The help of the host-facing commands. Their fast paths (dist/run.cjs, dist/dispatch.cjs) print it for
// `--help` without loading commander; src/cli/main.ts registers the same options with commander for
// `hook-bridge help run|dispatch`. One text, so both say the same (test/cli/cli.test.ts checks).
export interface HostHelp {
  name: 'run' | 'dispatch';
  usage: string;
  /** One line, for the command list of `hook-bridge --help`. */
  summary: string;
  description: string;
  /** flags, what the flag does, default value */
  options: [flags: string, description: string, defaultValue?: string][];
}

const ON_ERROR: HostHelp['options'][number] = [
  '--on-error <deny|allow>',
  "what hook-bridge's own failures (unreadable payload, a bad argument, its own crash) mean on events that can " +
    'block: deny fails closed, allow lets the work proceed',
  'deny',
];
const ON_MISSING: HostHelp['options'][number] = [
  '--on-missing <deny|allow>',
  'what a hook command that cannot run means (exit 126/127: a program not installed or not executable). Default: ' +
    "what the script's agent does with that exit (Claude Code: a non-blocking error, so the call proceeds and " +
    'stderr names the program); deny blocks on events that can block; allow never blocks',
];
// The hosts it is relayed on are the data's (help-lists.ts), appended where the help is printed.
const ASK: HostHelp['options'][number] = [
  '--ask <ask|deny|allow>',
  'what a hook\'s "ask" becomes (default: relayed where the host asks a person ' +
    'and denies when it cannot, a deny with the reason elsewhere)',
];
const REWRITE: HostHelp['options'][number] = [
  '--rewrite <deny|ignore>',
  'what a rewrite of the tool input (updatedInput) becomes on a host that ignores ' +
    'rewrites: deny the call, or ignore the rewrite and run the original input',
  'deny',
];

const EVENT: HostHelp['options'][number] = [
  '--event <name>',
  "the host's event the hook runs for, where the host's payload does not say it (GitHub Copilot CLI's own hook " +
    'files); convert writes it',
];

const TRANSCRIPT: HostHelp['options'][number] = [
  '--transcript <when>',
  "always, auto or never: when to give the script a translation of the host's transcript (where their formats " +
    'differ). auto: unless a static check of the command and the local scripts it runs finds that it cannot read ' +
    'the transcript or the todo list (neither is mentioned, every program is inspectable); any doubt translates',
  'auto',
];

const SESSION_ENV: HostHelp['options'][number] = [
  '--session-env',
  'on a shell call of a session whose SessionStart hooks appended exports to $CLAUDE_ENV_FILE (kept in a 0600 file ' +
    "per session under the cache directory): rewrite the command to run after them, the hooks' own rewrite " +
    'included; no export, no change. convert writes it where the host has no such file but lets a PreToolUse ' +
    'answer rewrite a call',
];

export const RUN_HELP: HostHelp = {
  name: 'run',
  usage: "--from <script-dialect> --to <host-dialect>[,…] [options] (-c '<shell command>' | -- <command> [args...])",
  summary: 'wrapper put in a converted config: run a hook script written for one agent under another',
  description:
    "The host agent runs this in place of a hook's command, with its payload on stdin: it translates the payload " +
    'for the script, runs the script unchanged, and translates its answer back so the host reaches the same ' +
    "decision. transcript_path (and agent_transcript_path) point at a translation of the host's transcript into " +
    "the script agent's format, kept up to date in a per-session cache ($HOOK_BRIDGE_CACHE_DIR, else " +
    '$XDG_CACHE_HOME/hook-bridge or ~/.cache/hook-bridge).',
  options: [
    ['--from <dialect>', 'the dialect the script was written for: its payload, tool names, env and answers (required)'],
    [
      '--to <dialect[,dialect]>',
      'the dialect of the host agent running this hook (required); several hosts that share one config file ' +
        "(codebuddy,codebuddy-ide): the payload's tool name tells which one called",
    ],
    EVENT,
    [
      '--timeout <s>',
      "the script's timeout in seconds; on expiry its process group is killed (default: the script agent's default)",
    ],
    ['--on-timeout <allow|deny>', 'what a timed-out script means (default: what its agent does)'],
    ON_MISSING,
    ON_ERROR,
    ASK,
    REWRITE,
    [
      '--plugin-root <dir>',
      "the plugin the hook comes from: sets the script agent's plugin root variable (CLAUDE_PLUGIN_ROOT) for the " +
        "script; a relative path is the project directory's (the host's project-dir variable), ~/ is $HOME",
    ],
    [
      '--emulate-todos',
      "also write the host's todo list where the script's agent keeps it " +
        '(~/.claude/todos/<session>-agent-<session>.json for Claude ' +
        "scripts): opt-in, it writes under the user's home",
    ],
    [
      '--calls <tools>',
      "where the host makes one call that the script's agent makes as several (Codex CLI's apply_patch: a Write " +
        'or Edit per file, rm and mv as Bash), run the script only for the calls to these tools (the script ' +
        "agent's names, comma-separated), as its agent would have called it; convert writes it from the hook's " +
        'matcher (default: every call)',
    ],
    TRANSCRIPT,
    SESSION_ENV,
    [
      '--pre-tool-notes',
      'no command: on a PostToolUse call, give the model the notes (additionalContext) the PreToolUse hooks of the ' +
        'same call left where the host drops them there (Qwen Code, CodeBuddy Code, Gemini CLI); convert adds this ' +
        'entry',
    ],
    ['-c <command>', "the hook's command as one shell string, run with the script agent's shell"],
  ],
};

export const DISPATCH_HELP: HostHelp = {
  name: 'dispatch',
  usage:
    '--to <host-dialect>[,<host-dialect>] --config <hooks.yaml|settings.json> [--config <file> …] [options] ' +
    '[run …]',
  summary:
    "one engine for several hooks: runs a hook set, or the hooks an entry names, with Claude Code's semantics, " +
    'answers once',
  description:
    'The host runs this in place of the hooks themselves, with its payload on stdin: it runs every hook that ' +
    'matches — of the hook set (--config), or of the hooks the entry names after its options (`run …` blocks: ' +
    'what convert writes for hooks that fire for the same calls) — in priority order (lower first; equal ' +
    "priorities together; a deny or block stops the later ones), with Claude Code's semantics, and answers once. " +
    'A named hook takes the options of its `run` wrapper (--from, required; --timeout, --plugin-root, ' +
    '--emulate-todos, --calls), --matcher <host matcher> (tested as the host tests a matcher; default: every ' +
    'call the entry gets), --priority <n>, --async (started in the background, not waited for, its answer not ' +
    "read), --fields '<json>' and --group-fields '<json>' (its other fields, carried; not acted on), then " +
    "-c '<command>' or --argv <n> <command> <args…>.",
  options: [
    [
      '--to <dialect[,dialect]>',
      'the dialect of the host agent running it (required); several hosts that share one config file: the ' +
        "payload's tool name tells which one called",
    ],
    [
      '--config <file>',
      'the hook set: hooks.yaml or a settings file of any dialect. Repeated: several files of one dialect are ' +
        'one set, highest precedence first (settings.local.json, settings.json). A relative path is the project ' +
        "directory's (the host's project-dir variable; else the nearest directory up from the hook's cwd that has it)",
    ],
    ['--from <dialect>', "the hook set's dialect (default: detected from the file)"],
    EVENT,
    TRANSCRIPT,
    ON_MISSING,
    ON_ERROR,
    ASK,
    REWRITE,
    SESSION_ENV,
  ],
};

/** Greedy word wrap to `width` columns. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** What the help of a flag (its long name) adds from the data: run/help-lists.ts, which loads the mappings. */
export type HelpLists = Partial<Record<string, string>>;

/** A flag's description with what the data adds to it (commander's help gets the same through src/cli/main.ts). */
export const withList = (what: string, list: string | undefined) => (list ? `${what}; ${list}` : what);

/** `hook-bridge run --help`: the text commander prints for `hook-bridge help run` (80 columns), without commander. */
export function formatHostHelp(h: HostHelp, lists: HelpLists = {}): string {
  const rows = [
    ...h.options.map(([flags, what, def]) => {
      const text = withList(what, lists[flags.split(' ')[0]!]);
      return [flags, def === undefined ? text : `${text} (default: "${def}")`] as const;
    }),
    ['-h, --help', 'display help for command'] as const,
  ];
  const width = Math.max(...rows.map(([flags]) => flags.length));
  const options = rows.flatMap(([flags, what]) =>
    wrap(what, 80 - width - 4).map((l, i) => `  ${(i ? '' : flags).padEnd(width)}  ${l}`),
  );
  return [`Usage: hook-bridge ${h.name} ${h.usage}`, '', ...wrap(h.description, 80), '', 'Options:', ...options].join(
    '\n',
  );
}

/** The line usage errors end with. */
export const usageLine = (h: HostHelp) =>
  `usage: hook-bridge ${h.name} ${h.usage}\n(hook-bridge ${h.name} --help says what each option does)`;
