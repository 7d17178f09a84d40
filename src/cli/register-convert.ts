// `hook-bridge convert`: its flags and help; the work is convert-command.ts, loaded when it runs
import { type Command, Option } from 'commander';
import { DIALECT_IDS } from '../model/dialect-ids.js';
import { dialect, dialectList } from './dialect-arg.js';

/** convert's help after the options: the sync, --user, the agents that trust hooks first, packages. */
const CONVERT_HELP = `
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

--user does the same for the hooks every session runs: Claude Code's
~/.claude/settings.json and the plugins its enabledPlugins names (found through
~/.claude/plugins/installed_plugins.json) go into each agent's user-level file
(~/.qwen/settings.json, ~/.gemini/settings.json, ~/.codex/hooks.json,
~/.copilot/hooks/hook-bridge.json, ~/.codebuddy/settings.json), the record
beside it; --from qwen --user --to claude converts back. The entries name no
project: a hook runs in whichever project the session is in.

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
Pi will skip it.

--package <dir> writes the Claude Code plugin given as input as the agent's
own package (a Gemini CLI or Qwen Code extension, a Codex CLI plugin in a
marketplace of its own, a Copilot CLI plugin, a Factory Droid plugin in a
marketplace of its own, a Pi package or an OpenCode or Kilo plugin carrying
hook-bridge's loader: its manifest, its hooks file converted, the plugin's
other files carried; the plugin's root is the variable the agent, or the
loader, gives the installed package's directory in). A re-run syncs it by
its record (<dir>/.hook-bridge-package.json); --check exits 1 when it is
stale. Codex CLI skips an installed plugin's hooks until their hashes are
trusted: --trust-codex-hooks records them. Other agents: convert the plugin's
hooks into a project.`;

const RECURSIVE =
  "also convert the nested projects below the directory, each in its own; a marketplace's plugins are found without it";

/** convert's options that write beyond the target files: the agents' trust stores, a plugin's package. */
function withTrustAndPackage(c: Command): Command {
  return c
    .option(
      '--trust-codex-hooks',
      'Codex CLI runs a hook only when its hash is trusted: record the hashes of the hooks written to ' +
        '.codex/hooks.json (with --package: of the plugin once installed) in $CODEX_HOME/config.toml (default ' +
        '~/.codex/config.toml; only those keys change)',
    )
    .option(
      '--trust-pi-project',
      'Pi runs .pi/extensions/hook-bridge.ts only in a trusted project: record this project as trusted in ' +
        '$PI_CODING_AGENT_DIR/trust.json (default ~/.pi/agent/trust.json; only its key is added; --remove takes ' +
        'it back)',
    )
    .option(
      '--package <dir>',
      "write the agent's own package (Gemini CLI or Qwen Code extension, Codex CLI or Copilot CLI plugin) of the " +
        "Claude Code plugin given as input into <dir>, its hooks converted, the plugin's files carried; a sync " +
        '(--check, --dry-run, --remove)',
    );
}

/** Adds `convert` to the program: its arguments, options, help and action. */
export function registerConvert(p: Command): void {
  const c = p
    .command('convert')
    .description(
      "convert hook configs from one dialect to others, syncing what hook-bridge wrote into each target's " +
        'settings file',
    )
    .addHelpText('after', CONVERT_HELP)
    .argument('[input...]', 'config files or project directories; - for stdin (default: --project)')
    .requiredOption(
      '--to <dialects>',
      `target dialect(s), comma-separated: ${DIALECT_IDS.join(', ')}; or all: every agent observed by ` +
        `hook-bridge (a version in \`hook-bridge dialects\`) but the source`,
    )
    .option('--from <dialect>', 'source dialect (detected from file locations and content when omitted)')
    .option(
      '--project <dir>',
      'project whose target files are written (default: the project directory given as input, else .)',
    )
    .option('--recursive', RECURSIVE)
    .option('--out <file>', "write this file instead of the target's conventional one")
    .option(
      '--user',
      "the user's hooks (~/.claude/settings.json and the plugins enabled there, or --from's user files) into each " +
        "agent's user-level file (~/.qwen/settings.json …), the record beside it; they run in every project",
    )
    .option('--stdout', 'print the converted config instead of writing it')
    .option('--dry-run', 'print a unified diff of what would change; write nothing')
    .option(
      '--check',
      'write nothing; exit 1 when a target file or its record is not what convert would write now, naming the ' +
        'entries to add, update or remove, or a source file another agent reads itself (Copilot CLI: ' +
        '.claude/settings*.json) whose hooks are not gated (for CI and pre-commit)',
    )
    .option(
      '--wrap',
      'one `hook-bridge run` wrapper entry per hook (default: the wrappers of an event that fire for the same ' +
        'calls share one `hook-bridge dispatch` entry, so a call starts hook-bridge once)',
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
      'take every entry hook-bridge wrote out of the --to targets, giving back each file as it was (one it ' +
        'created is deleted, with its record and .bak); reads no source, but for a file another target shares: ' +
        'the entries written for both are written again for that one alone',
    )
    .option(
      '--emulate-todos',
      "wrappers write the host's todo list where Claude scripts read it (run --emulate-todos; writes under HOME)",
    );
  withTrustAndPackage(c)
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
}
