// `hook-bridge transcript`: its flags and help; the work is transcript-command.ts, loaded when it runs
import type { Command } from 'commander';
import { dialect } from './dialect-arg.js';

/** Adds `transcript` to the program: its arguments, options, help and action. */
export function registerTranscript(p: Command): void {
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
}
