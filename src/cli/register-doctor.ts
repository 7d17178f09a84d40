// `hook-bridge doctor`: its flags and help; the work is doctor-command.ts, loaded when it runs
import { type Command, Option } from 'commander';

/** Adds `doctor` to the program: its arguments, options, help and action. */
export function registerDoctor(p: Command): void {
  p.command('doctor')
    .summary("will this project's hooks run here as converted? each problem with its fix")
    .description(
      "will this project's hooks run here as converted: hook-bridge on the PATH (which one, its version), the " +
        'agents installed, hooks Codex CLI will skip as untrusted, a project whose hook-bridge extension Pi ' +
        'skips as untrusted, gates in files Copilot CLI reads itself, converted files out of date, hooks ' +
        'whose program is missing — each with its fix',
    )
    .addHelpText(
      'after',
      `
Exit 0 when all is well, 1 when something would not run (or not as
converted), 2 on bad usage or a directory with no hook config. Nothing is
written. This machine's PATH stands in for the agents' (an agent started from a
desktop launcher may have another).
Each problem comes with its fix: a command to run (hook-bridge convert --to
codex --trust-codex-hooks, hook-bridge convert --to pi --trust-pi-project,
npm install -g hook-bridge …) or a step to take.`,
    )
    .argument('[project]', 'the project directory (default: .)')
    .option(
      '--recursive',
      "also check the nested projects below the directory (a marketplace's plugins are checked without it)",
    )
    .option(
      '--user',
      'the hooks every session runs instead: the user-level files of each agent (~/.claude/settings.json, ' +
        '~/.qwen/settings.json …) and the plugins enabled there; their conversions checked as convert --user --check',
    )
    .addOption(new Option('--format <format>', 'report format, on stdout').choices(['text', 'json']).default('text'))
    .action(
      async (project: string | undefined, o: { format: 'text' | 'json'; recursive?: boolean; user?: boolean }) => {
        const { doctorCommand } = await import('./doctor-command.js');
        await doctorCommand(project, o);
      },
    );
}
