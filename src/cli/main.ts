// The CLI: commander wiring only. Each command parses flags, calls the library, prints, and sets
// process.exitCode. Heavy modules are imported inside the action that needs them.
import { Command, CommanderError, Option } from 'commander';
import { DIALECT_IDS, isDialectId, type DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { unknownDialectMessage } from '../model/suggest.js';
import { VERSION } from '../version.js';
import { DISPATCH_HELP, RUN_HELP, withList, type HelpLists, type HostHelp } from '../run/help.js';

/** A dialect id from the command line (checked here: the dialect modules load only with a command). */
function dialect(v: string): DialectId {
  if (!isDialectId(v)) throw new HookBridgeError(unknownDialectMessage(v));
  return v;
}
const dialectList = (v: string): DialectId[] => v.split(',').map((s) => dialect(s.trim()));

function program(): Command {
  const p = new Command('hook-bridge')
    .description(
      'Run one set of AI-coding-agent hooks on every agent: convert configs, wrap scripts, audit migrations.',
    )
    .version(VERSION, '-v, --version', 'print the version')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  p.command('convert')
    .description(
      "convert hook configs from one dialect to others, syncing what hook-bridge wrote into each target's " +
        'settings file',
    )
    .addHelpText(
      'after',
      `
Re-running convert is a sync: the entries hook-bridge wrote (recorded beside
each target, e.g. .qwen/settings.hook-bridge.json for .qwen/settings.json;
one folder up where an agent reads every file of the folder, as Copilot does
.github/hooks/: .github/hook-bridge.hook-bridge.json. Commit it with the
settings) are updated, removed when their source hook is gone, never
duplicated; entries a person wrote are never touched. A file two targets write
(.codebuddy/settings.json: codebuddy and codebuddy-ide) is one sync: converting
for one keeps the entries written for the other, written for both.
\`hook-bridge convert --to <dialect> --remove\` takes everything hook-bridge
wrote out again.

Codex CLI runs a project's hooks only in a trusted project, and each hook only
when its hash is recorded as trusted in ~/.codex/config.toml
($CODEX_HOME/config.toml); otherwise it skips them silently. An interactive
\`codex\` asks; headless nothing asks: --trust-codex-hooks records the hashes of
the hooks convert wrote. \`hook-bridge doctor\` says which it will skip.

Pi (0.79.0 on) loads .pi/extensions/hook-bridge.ts, and so runs any hook of
.pi/hooks.json, only in a trusted project (~/.pi/agent/trust.json); in
print, JSON and RPC modes it skips the extension without a word. An
interactive \`pi\` asks; \`pi --approve\` trusts for one run;
--trust-pi-project records the trust (the project's real path: true), and
--remove takes back only what it recorded. \`hook-bridge doctor\` says whether
Pi will skip it.`,
    )
    .argument('[input...]', 'config files or project directories; - for stdin (default: --project)')
    .requiredOption(
      '--to <dialects>',
      `target dialect(s), comma-separated: ${DIALECT_IDS.join(', ')}; or all: every agent observed by hook-bridge ` +
        '(a version in `hook-bridge dialects`) but the source',
    )
    .option('--from <dialect>', 'source dialect (detected from file locations and content when omitted)')
    .option(
      '--project <dir>',
      'project whose target files are written (default: the project directory given as input, else .)',
    )
    .option('--out <file>', "write this file instead of the target's conventional one")
    .option('--stdout', 'print the converted config instead of writing it')
    .option('--dry-run', 'print a unified diff of what would change; write nothing')
    .option(
      '--check',
      'write nothing; exit 1 when a target file or its record is not what convert would write now, ' +
        'naming the entries to add, update or remove, or a source file another agent reads itself (Copilot ' +
        'CLI: .claude/settings*.json) whose hooks are not gated (for CI and pre-commit)',
    )
    .option(
      '--wrap',
      'one `hook-bridge run` wrapper entry per hook (default: the wrappers of an event that fire for the ' +
        'same calls share one `hook-bridge dispatch` entry, so a call starts hook-bridge once)',
    )
    .option('--no-wrap', 'write commands as they are (env vars rewritten; the report warns)')
    .option('--runner <cmd>', 'the command the converted config starts hook-bridge with (not empty)', 'hook-bridge')
    .option('--no-backup', 'do not keep <file>.bak when changing a file')
    .option(
      '--dispatch',
      'register `hook-bridge dispatch` once per event for the whole hook set, instead of one entry per hook',
    )
    .option(
      '--remove',
      'take every entry hook-bridge wrote out of the --to targets, giving back each file as it ' +
        'was (one it created is deleted, with its record and .bak); reads no source, but for a file another ' +
        'target shares: the entries written for both are written again for that one alone',
    )
    .option(
      '--emulate-todos',
      "wrappers write the host's todo list where Claude scripts read it (run --emulate-todos; writes under HOME)",
    )
    .option(
      '--trust-codex-hooks',
      'Codex CLI runs a hook only when its hash is trusted: record the hashes of the hooks written to ' +
        '.codex/hooks.json in $CODEX_HOME/config.toml (default ~/.codex/config.toml; only those keys change)',
    )
    .option(
      '--trust-pi-project',
      'Pi runs .pi/extensions/hook-bridge.ts only in a trusted project: record this project as trusted in ' +
        '$PI_CODING_AGENT_DIR/trust.json (default ~/.pi/agent/trust.json; only its key is added; --remove takes ' +
        'it back)',
    )
    .addOption(new Option('--format <format>', 'report format').choices(['text', 'json']).default('text'))
    .addOption(
      new Option('--fail-on <status>', 'exit 1 when a hook is converted with this loss or worse')
        .choices(['degraded', 'dropped', 'never'])
        .default('never'),
    )
    .option('--strict', 'exit 1 when anything was degraded or dropped (= --fail-on degraded)')
    .action(async (inputs: string[], o) => {
      const { convertCommand } = await import('./convert-command.js');
      await convertCommand(inputs, {
        ...o,
        ...(o.strict ? { failOn: 'degraded' } : {}),
        to: o.to.trim() === 'all' ? 'all' : dialectList(o.to),
        ...(o.from ? { from: dialect(o.from) } : {}),
      });
    });

  // run and dispatch: the same help text their fast paths print (src/run/help.ts).
  const host = (h: HostHelp, reached: string) => {
    const c = p.command(h.name).summary(h.summary).description(h.description).usage(h.usage);
    for (const [flags, what, def] of h.options) c.option(flags, what, def);
    // Reached only when the command is not argv[2] (bin/hook-bridge.cjs sends that straight to its bundle).
    c.action(() => {
      throw new HookBridgeError(reached);
    });
  };
  host(RUN_HELP, "`run` must be the first argument: hook-bridge run --from <d> --to <d> -c '<command>'");

  p.command('audit')
    .description('migration audit: find every hook config in a project and report what will not behave the same')
    .argument('[path...]', 'project directories or config files; each project is audited as itself (default: .)')
    .option('--target <dialect>', "audit what happens on this agent instead of each config's own")
    .addOption(
      new Option('--format <format>', 'report (and --list-rules) format, on stdout')
        .choices(['text', 'json', 'markdown', 'sarif'])
        .default('text'),
    )
    .addOption(
      new Option('--fail-on <level>', 'exit 1 when a finding of this severity or worse is found')
        .choices(['error', 'warning', 'never'])
        .default('error'),
    )
    .option('--user', 'also audit the user-level configs in the home directory')
    .option(
      '--rule <id=level>',
      'turn a rule off or change its severity (off|error|warning|info); repeatable',
      (v: string, prev: string[]) => [...prev, v],
      [] as string[],
    )
    .option('--config <file>', "rule settings file for every project (default: each project's .hook-bridge.json)")
    .option('--list-rules', 'list the rules in --format and exit')
    .option('--fix', 'apply mechanical fixes (e.g. anchor over-matching matchers) in place, with a backup')
    .option('--no-backup', 'with --fix: do not keep <file>.bak')
    .action(async (paths: string[], o) => {
      const { auditCommand } = await import('./audit-command.js');
      await auditCommand(paths, { ...o, ...(o.target ? { target: dialect(o.target) } : {}) });
    });

  host(DISPATCH_HELP, '`dispatch` must be the first argument: hook-bridge dispatch --to <d> --config <file>');

  p.command('test')
    .description(
      "run a project's hooks for one call the way each agent would, as they are and through " +
        "hook-bridge, and compare what each decides with the source agent's own decision",
    )
    .addHelpText(
      'after',
      `
The hooks really run: the project's own scripts, with each agent's payload,
environment and timeouts, in a scratch copy of the project (every file, .git
included; removed afterwards). Their cwd and each agent's project-dir variables
(CLAUDE_PROJECT_DIR …) are the copy's, and a path of the project in --input is
the copy's, so what the hooks write (logs, state, a formatter's edit) never
reaches the project: it stays byte for byte as it was. Paths of the copy are
shown as the project's; --cases runs all its calls in one copy. Exit 1 when an
agent decides otherwise through hook-bridge than the source agent (or, with
--cases, when a case is not decided as expected).

Examples:
  hook-bridge test --event PreToolUse --tool Bash --input '{"command":"rm -r"}'
  hook-bridge test --to qwen,codex --event UserPromptSubmit --prompt 'deploy'
  hook-bridge test --cases hooks-cases.yaml --headless`,
    )
    .argument('[input...]', 'project directories or config files of the source agent (default: .)')
    .option('--to <dialects>', 'the agents to try the hooks on, comma-separated (default: every agent but the source)')
    .option(
      '--from <dialect>',
      'the agent the hooks are written for: the reference (default: detected as convert does — the one agent ' +
        "whose hooks a person wrote here, never hook-bridge's own output)",
    )
    .option(
      '--event <event>',
      'the event, as the source agent names it (PreToolUse, PostToolUse, UserPromptSubmit, Stop …)',
    )
    .option('--tool <name>', 'the tool of a tool event, as the source agent names it (Bash, Write …)')
    .option('--input <json>', "the tool's input: a JSON object of its parameters")
    .option('--response <json>', "the tool's result (PostToolUse), as JSON")
    .option('--prompt <text>', 'the prompt (UserPromptSubmit)')
    .option(
      '--payload <file>',
      'a whole hook payload of the source agent (JSON): the other options are filled in over it',
    )
    .option(
      '--transcript <file>',
      "the session's transcript so far, in the source agent's format (default: an empty one)",
    )
    .option('--headless', 'a -p run: nobody answers a prompt (default: an interactive session)')
    .option(
      '--permission-mode <mode>',
      "the session's permission mode, as the source agent names it (default, acceptEdits, plan, bypassPermissions …)",
    )
    .option(
      '--cases <file>',
      'run the calls of a YAML/JSON list, each with the decision expected on the source agent (and, in `limits`, a ' +
        "host's documented limit to accept)",
    )
    .addOption(new Option('--format <format>', 'report format, on stdout').choices(['text', 'json']).default('text'))
    .action(async (inputs: string[], o) => {
      const { testCommand } = await import('./test-command.js');
      await testCommand(inputs, {
        ...o,
        ...(o.to ? { to: dialectList(o.to) } : {}),
        ...(o.from ? { from: dialect(o.from) } : {}),
      });
    });

  p.command('doctor')
    .summary("will this project's hooks run here as converted? each problem with its fix")
    .description(
      "will this project's hooks run here as converted: hook-bridge on the PATH (which one, its version), the " +
        'agents installed, hooks Codex CLI will skip as untrusted, a project whose hook-bridge extension Pi skips ' +
        'as untrusted, gates in files Copilot CLI reads itself, ' +
        'converted files out of date, hooks whose program is missing — each with its fix',
    )
    .addHelpText(
      'after',
      `
Exit 0 when all is well, 1 when something would not run (or not as
converted), 2 on bad usage or a directory with no hook config. Nothing is
written. This machine's PATH stands in
for the agents' (an agent started from a desktop launcher may have another).
Each problem comes with its fix: a command to run (hook-bridge convert --to
codex --trust-codex-hooks, hook-bridge convert --to pi --trust-pi-project,
npm install -g hook-bridge …) or a step to take.`,
    )
    .argument('[project]', 'the project directory (default: .)')
    .addOption(new Option('--format <format>', 'report format, on stdout').choices(['text', 'json']).default('text'))
    .action(async (project: string | undefined, o: { format: 'text' | 'json' }) => {
      const { doctorCommand } = await import('./doctor-command.js');
      await doctorCommand(project, o);
    });

  p.command('transcript')
    .description(
      "print a host agent's transcript in the format a script's agent writes (what `run` gives wrapped scripts " +
        'as transcript_path)',
    )
    .argument('<file>', 'the host transcript (JSONL); - for stdin')
    .requiredOption('--from <dialect>', 'the agent that wrote the transcript')
    .option('--to <dialect>', "the script's agent", 'claude')
    .action(async (file: string, o: { from: string; to: string }) => {
      const { transcriptCommand } = await import('./transcript-command.js');
      await transcriptCommand(file, { from: dialect(o.from), to: dialect(o.to) });
    });

  p.command('dialects')
    .summary('what hook-bridge knows of every agent, or of one (dialects qwen)')
    .description(
      'what hook-bridge knows: every dialect, its events and tools and their names; with an id, that one agent: ' +
        'its events, tools with their parameters, what each answer does there, and where it differs from Claude Code',
    )
    .argument('[dialect]', `one dialect: ${DIALECT_IDS.join(', ')}`)
    .addOption(new Option('--format <format>', 'listing format, on stdout').choices(['text', 'json']).default('text'))
    .action(async (id: string | undefined, o: { format: 'text' | 'json' }) => {
      const { dialectsCommand } = await import('./dialects-command.js');
      dialectsCommand(o.format, id === undefined ? undefined : dialect(id));
    });
  // Help that needs a command's own module (its dialect lists come from the mappings): completed just before the
  // command parses, so no other command pays for loading it.
  p.hook('preSubcommand', (_p, sub) => completeHelp(sub));
  return p;
}

/** run and dispatch: what their fast paths add to the help from the data (src/run/help-lists.ts). */
async function hostHelp(c: Command): Promise<void> {
  const { hostHelpLists } = await import('./dialects-command.js');
  const lists: HelpLists = hostHelpLists();
  for (const o of c.options) if (o.long) o.description = withList(o.description, lists[o.long]);
}

/** Help texts completed from the command's module (kept out of this small entry bundle). */
const HELP_FROM_MODULE: Record<string, (c: Command) => Promise<void>> = {
  async transcript(c) {
    const { transcriptDialects } = await import('./transcript-command.js');
    const d = transcriptDialects();
    const list = { '--from': d.from, '--to': d.to };
    for (const o of c.options)
      if (o.long === '--from' || o.long === '--to') o.description = `${o.description}: ${list[o.long].join(', ')}`;
  },
  run: hostHelp,
  dispatch: hostHelp,
};

async function completeHelp(c: Command): Promise<void> {
  await HELP_FROM_MODULE[c.name()]?.(c);
}

export async function main(argv: string[]): Promise<void> {
  try {
    // -V, commander's own spelling, stays a way to ask for the version (-v and --version are the documented ones).
    if (argv.length === 1 && argv[0] === '-V') argv = ['--version'];
    const p = program();
    // `hook-bridge help <command>`: commander prints the command's help without the preSubcommand hook.
    const helpOf = argv[0] === 'help' && argv[1] ? p.commands.find((c) => c.name() === argv[1]) : undefined;
    if (helpOf) await completeHelp(helpOf);
    await p.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help and version exit 0; every usage error exits 2 (commander already printed it).
      process.exitCode = e.exitCode === 0 ? 0 : 2;
      return;
    }
    if (HookBridgeError.is(e)) {
      process.stderr.write(`hook-bridge: ${e.describe()}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(
      `hook-bridge: internal error — please report it at https://github.com/hook-bridge/hook-bridge/issues\n` +
        ((e as Error)?.stack ?? String(e)) +
        `\n`,
    );
    process.exitCode = 2;
  }
}

void main(process.argv.slice(2));
