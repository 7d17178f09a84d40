// `hook-bridge dialects`: its flags and help; the work is dialects-command.ts, loaded when it runs
import { type Command, Option } from 'commander';
import { DIALECT_IDS } from '../model/dialect-ids.js';
import { dialect } from './dialect-arg.js';

/** Adds `dialects` to the program: its arguments, options, help and action. */
export function registerDialects(p: Command): void {
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
}
