// The CLI: commander wiring only. Each command's flags and help are registered by its register-<command>.ts; its
// action parses them, calls the command's module (imported inside the action), prints, and sets process.exitCode.
import { Command, CommanderError } from 'commander';
import { HookBridgeError } from '../model/errors.js';
import { VERSION } from '../version.js';
import { DISPATCH_HELP, RUN_HELP, withList, type HelpLists } from '../run/help.js';
import { registerAudit } from './register-audit.js';
import { registerConvert } from './register-convert.js';
import { registerDialects } from './register-dialects.js';
import { registerDoctor } from './register-doctor.js';
import { registerHost } from './register-hosts.js';
import { registerTest } from './register-test.js';
import { registerTranscript } from './register-transcript.js';

function program(): Command {
  const p = new Command('hook-bridge')
    .description(
      'Run one set of AI-coding-agent hooks on every agent: convert configs, wrap scripts, audit migrations.',
    )
    .version(VERSION, '-v, --version', 'print the version')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  registerConvert(p);
  registerHost(p, RUN_HELP, "`run` must be the first argument: hook-bridge run --from <d> --to <d> -c '<command>'");
  registerAudit(p);
  registerHost(
    p,
    DISPATCH_HELP,
    '`dispatch` must be the first argument: hook-bridge dispatch --to <d> --config <file>',
  );
  registerTest(p);
  registerDoctor(p);
  registerTranscript(p);
  registerDialects(p);
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
