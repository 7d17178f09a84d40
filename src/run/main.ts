// `hook-bridge run`: the hot path. Bundled alone into dist/run.cjs: hand-parsed arguments, compiled
// mappings as a plain object, child_process directly — no commander, zod, yaml or execa here.
// One host call → one hook run (run-hook.ts) → the reply the host honours (emit.ts).
import { parseArgs, type RunArgs } from './args.js';
import { emit, withStderr, type HostReply } from './emit.js';
import { formatHostHelp, RUN_HELP, usageLine } from './help.js';
import { hostHelpLists } from './help-lists.js';
import { hostMain } from './host-main.js';
import { hostIsInteractive } from './interactive-session.js';
import { callingHost, isPromptRefire, parseHostPayload, type ParsedPayload } from './host-payload.js';
import { ownFailure } from './own-failure.js';
import { leavePreToolNote, takePreToolNotes } from './pre-tool-notes.js';
import { runHook } from './run-hook.js';
import { withSessionEnv } from './session-env.js';
import type { TooLarge } from './stdin.js';
import { stopGuard } from './stop-guard.js';
import { preloadTranscripts } from './transcripts.js';

export async function run(runArgs: RunArgs, raw: Buffer | TooLarge, env: NodeJS.ProcessEnv): Promise<HostReply> {
  const p = parseHostPayload(runArgs, raw);
  if ('failed' in p) return p.failed;
  const args = callingHost(runArgs, p);
  if (isPromptRefire(args.to, args.from, p)) return { stdout: '', stderr: '', exitCode: 0 };
  if (args.preToolNotes) return notesReply(takePreToolNotes(args.to, p, env), args, p);
  const h = await runHook(args, p, env);
  if (h.failure) return ownFailure(p.event ?? 'pre-tool-use', p.hostEvent, args, h.failure, p.mode);
  const notes = takePreToolNotes(args.to, p, env);
  // The notes of the call's PreToolUse hooks come first, as on Claude Code (the note, then the PostToolUse hook's).
  h.answer.context = [...notes, ...h.answer.context];
  const left = leavePreToolNote(args.to, args.from, p, h.answer, h.tool, env);
  if (left) h.note = [h.note, left].filter(Boolean).join('\n');
  const guard = stopGuard(
    h.answer,
    args,
    p,
    typeof args.command === 'string' ? args.command : args.command.join(' '),
    env,
  );
  if (guard) h.note = [h.note, guard].filter(Boolean).join('\n');
  const script = args.sessionEnv ? withSessionEnv(h.answer, p, args.to, args.from, env) : args.from;
  const reply = emit(
    h.answer,
    {
      host: args.to,
      script,
      event: p.event,
      hostEvent: p.hostEvent,
      tool: h.tool,
      hostTool: typeof p.payload.tool_name === 'string' ? p.payload.tool_name : undefined,
      ...(p.mode ? { mode: p.mode } : {}),
    },
    { ...args, interactive: () => hostIsInteractive(args.to) },
  );
  // The script's stderr passes through, unless the reply itself blocks through stderr.
  return withStderr(reply, args.to, [reply.exitCode === 2 ? '' : h.stderr, h.note, reply.stderr]);
}

/** `run --pre-tool-notes`: only the notes the call's PreToolUse hooks left, as the host's context after the tool. */
function notesReply(notes: string[], args: RunArgs, p: ParsedPayload): HostReply {
  if (!notes.length) return { stdout: '', stderr: '', exitCode: 0 };
  return emit(
    { context: notes },
    {
      host: args.to,
      script: args.from,
      event: p.event,
      hostEvent: p.hostEvent,
      tool: undefined,
      hostTool: typeof p.payload.tool_name === 'string' ? p.payload.tool_name : undefined,
      ...(p.mode ? { mode: p.mode } : {}),
    },
    args,
  );
}

/** parseArgs, then (--transcript always) the translator starts loading while the host writes stdin. */
function parseAndPreload(argv: string[]): RunArgs | 'help' {
  const a = parseArgs(argv);
  if (a !== 'help' && a.transcript === 'always') preloadTranscripts(a.to, a.from);
  return a;
}

// usage and help are formatted only when printed (formatting them cost every call ~0.5 ms)
export const main = (argv: string[]) =>
  hostMain(argv, {
    name: 'run',
    get usage() {
      return usageLine(RUN_HELP);
    },
    get help() {
      return formatHostHelp(RUN_HELP, hostHelpLists());
    },
    parse: parseAndPreload,
    handle: run,
  });
