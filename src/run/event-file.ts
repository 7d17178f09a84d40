// `hook-bridge event-file --to <host> --file <name> --project <dir>`: what an event file convert wrote runs (mappings
// `config.eventFiles`: Cline). The agent's call, read from stdin by the dialect's binding, is one hook call of the
// project's hook file, run by the engine the in-process hosts use (src/run/in-process-engine.ts: what
// `dispatch --config` does, Claude Code's semantics, the host's output facts applied), and the binding prints the
// answer in the agent's form.
// It always exits 0: the agent reads only stdout, and an answer it cannot parse is ignored. hook-bridge's own failure
// (an unreadable payload, a broken hook file) is a block where the hooks could block, as the engine's are.
import { isAbsolute, resolve } from 'node:path';
import type { EngineAnswer } from '../dialects/define.js';
import { getDialect } from '../dialects/index.js';
import { HookBridgeError } from '../model/errors.js';
import { isObject } from '../model/is-object.js';
import { engineSession } from './in-process-engine.js';
import { readStdin } from './stdin.js';

export interface EventFileArgs {
  to: string;
  file: string;
  project: string;
}

/** The arguments, or a one-line error. */
export function eventFileArgs(argv: readonly string[]): EventFileArgs {
  const got: Partial<Record<'to' | 'file' | 'project', string>> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i]?.replace(/^--/, '');
    const v = argv[i + 1];
    if ((k !== 'to' && k !== 'file' && k !== 'project') || v === undefined)
      throw new HookBridgeError(`event-file: unexpected argument "${argv[i]}" (expected --to, --file, --project)`);
    got[k] = v;
  }
  if (!got.to || !got.file || !got.project)
    throw new HookBridgeError('event-file: --to <host>, --file <event file> and --project <folder> are required');
  return { to: got.to, file: got.file, project: got.project };
}

/** One run of an event file: the agent's payload → the text the event file prints, and hook-bridge's notes. */
export async function eventFileRun(
  a: EventFileArgs,
  payload: string,
  env: NodeJS.ProcessEnv,
): Promise<{ stdout: string; stderr: string }> {
  const d = getDialect(a.to);
  const binding = d.eventFiles;
  if (!binding || !d.spec.config.eventFiles)
    throw new HookBridgeError(`${d.spec.agent} has no event files (event-file is for hosts that run one per event)`);
  const answer = (x: EngineAnswer) => ({ stdout: binding.reply(a.file, x), stderr: x.notes });
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    parsed = undefined;
  }
  const project = isAbsolute(a.project) ? resolve(a.project) : resolve(process.cwd(), a.project);
  if (!isObject(parsed))
    return answer({
      block: `hook-bridge: ${d.spec.agent}'s ${a.file} call is not a JSON object, so its hooks did not run`,
      context: [],
      notes: '',
    });
  const call = binding.call(a.file, parsed);
  if (!call) return { stdout: '', stderr: '' };
  const session = engineSession(d.id, { project, env });
  if (!session.watches(call.event)) return { stdout: '', stderr: '' };
  return answer(await session.call({ ...call, cwd: call.cwd || process.cwd() }));
}

/** The process: arguments, stdin, the reply; exit 0, or 1 with a one-line error for bad arguments. */
export async function eventFileMain(argv: readonly string[]): Promise<void> {
  try {
    const a = eventFileArgs(argv);
    const input = await readStdin();
    const r = await eventFileRun(a, Buffer.isBuffer(input) ? input.toString('utf8') : '', process.env);
    if (r.stderr) process.stderr.write(`${r.stderr}\n`);
    if (r.stdout) process.stdout.write(`${r.stdout}\n`);
  } catch (e) {
    process.stderr.write(`hook-bridge: ${HookBridgeError.is(e) ? e.describe() : (e as Error).message}\n`);
    process.exitCode = 1;
  }
}
