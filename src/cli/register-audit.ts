// `hook-bridge audit`: its flags and help; the work is audit-command.ts, loaded when it runs
import { type Command, Option } from 'commander';
import { dialect } from './dialect-arg.js';

/** Adds `audit` to the program: its arguments, options, help and action. */
export function registerAudit(p: Command): void {
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
      '--recursive',
      "also audit the nested projects below each directory (a marketplace's plugins are audited without it)",
    )
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
}
