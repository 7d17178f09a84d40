// One hook for one host call: the payload translated for the script's agent, the script given the environment
// and the transcript its agent gives it, run once (or once per call the host's call amounts to), its answer read.
import { embeddedValues } from './embedded-calls.js';
import type { FanOut } from './fan-out.js';
import type { RunArgs } from './args.js';
import type { ParsedPayload } from './host-payload.js';
import { hostProjectDir, translatePayload } from './payload.js';
import { scriptRunner, type HookRun } from './script-run.js';
import { carryEnvFile, scriptEnv, sessionEnvFile } from './script-env.js';
import { coveredCalls, coveredRewrite } from './split-calls.js';
import { itemCalls } from './split-items.js';
import { syncTranscripts } from './transcripts.js';

type HookArgs = Pick<
  RunArgs,
  | 'from'
  | 'to'
  | 'command'
  | 'timeoutS'
  | 'onTimeout'
  | 'onMissing'
  | 'pluginRoot'
  | 'emulateTodos'
  | 'calls'
  | 'transcript'
> & {
  /** dispatch: which of the calls a host call is split into the hook's matcher fires for (canonical tool ids). */
  callFilter?: (tool: string) => boolean;
  /** dispatch: an `async` hook, started in the background and not waited for. */
  background?: boolean;
};

/** The ways a host call is several calls to the script's agent, in the order they are tried (fan-out.ts). */
const FAN_OUTS: FanOut[] = [coveredCalls, embeddedValues, itemCalls];

/** Run one hook script for a host payload: translate, run under its agent's rules, read its answer. */
export async function runHook(args: HookArgs, p: ParsedPayload, env: NodeJS.ProcessEnv): Promise<HookRun> {
  const t = translatePayload(p.payload, args.to, args.from, env, p.toolInputText);
  const projectDir = hostProjectDir(args.to, env, p.payload);
  const sEnv = scriptEnv(args.from, args.to, args.pluginRoot, projectDir, env);
  const transcriptNote = await syncTranscripts(t.payload, args, env, projectDir, sEnv);
  const envFile = sessionEnvFile(args.from, args.to, t.event, env);
  if (envFile) sEnv[envFile.var] = envFile.path;
  const once = scriptRunner(args, t.event, sEnv, projectDir);
  const cwd = typeof p.payload.cwd === 'string' ? p.payload.cwd : projectDir;
  const filter = args.callFilter ?? (args.calls ? (tool: string) => args.calls!.includes(tool) : undefined);
  const call = { args, p, t, env, cwd, ...(filter ? { filter } : {}) };
  const fanned = FAN_OUTS.reduce<ReturnType<FanOut>>((found, f) => found ?? f(call), undefined);
  const h = fanned ? await fanned(once) : await once(t.payload, t.tool);
  if (t.covering && h.answer.updatedInput) coveredRewrite(h.answer, t.tool!, cwd);
  const envNote = envFile ? carryEnvFile(envFile, args.to, env, p.payload) : undefined;
  const note = [transcriptNote, h.note].filter(Boolean).join('\n');
  const out: HookRun = { ...h, stderr: [h.stderr, envNote].filter(Boolean).join('\n') };
  if (note) out.note = note;
  else delete out.note;
  return out;
}
