// `hook-bridge test`: its flags and help; the work is test-command.ts, loaded when it runs
import { type Command, Option } from 'commander';
import { dialect, dialectList } from './dialect-arg.js';

/** Adds `test` to the program: its arguments, options, help and action. */
export function registerTest(p: Command): void {
  p.command('test')
    .description(
      "run a project's hooks for one call the way each agent would, as they are and through hook-bridge, and " +
        "compare what each decides with the source agent's own decision",
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
  hook-bridge test --cases hooks-cases.yaml --headless
  hook-bridge test --user --event Stop`,
    )
    .argument('[input...]', 'project directories or config files of the source agent (default: .)')
    .option(
      '--user',
      "the user's hooks (~/.claude/settings.json and its enabled plugins, or --from's user files), run in the " +
        'current directory as the project (a scratch copy of it)',
    )
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
    .option(
      '--recursive',
      "also try the nested projects below the directory (a marketplace's plugins are tried without it)",
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
}
