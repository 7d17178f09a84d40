// One hook for one host call: the payload translated for the script's agent, the script given the environment
// and the transcript its agent gives it, run once (or once per call the host's call amounts to), its answer read.
import { embeddedIn, runEach } from './embedded.js';
import type { RunArgs } from './args.js';
import type { ParsedPayload } from './host-payload.js';
import { hostProjectDir, translatePayload } from './payload.js';
import { scriptRunner, type HookRun } from './script-run.js';
import { carryEnvFile, scriptEnv, sessionEnvFile } from './script-env.js';
import { coveredRewrite, runSplit, splitHostCall } from './split-calls.js';
import { runItems, splitItems } from './split-items.js';
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
  const split = splitHostCall(args, p, t, cwd);
  const filter = args.callFilter ?? (args.calls ? (tool: string) => args.calls!.includes(tool) : undefined);
  // A host call whose tool carries a parameter in another one's text (Gemini's web_fetch URLs): one run per value.
  const embedded = split ? undefined : embeddedIn(args.to, args.from, t.tool, p.payload.tool_input);
  // A host call with a list of what is one call each to the script's agent (Pi's edits): one run per item.
  const items = split || embedded ? undefined : splitItems(args, p, t, env);
  const h = split
    ? await runSplit(split, once, args.from, cwd, filter)
    : embedded?.values.length
      ? await runEach(embedded, t.payload, t.tool, once)
      : items
        ? await runItems(items, once, t.tool)
        : await once(t.payload, t.tool);
  if (t.covering && h.answer.updatedInput) coveredRewrite(h.answer, t.tool!, cwd);
  const envNote = envFile ? carryEnvFile(envFile, args.to, env, p.payload) : undefined;
  const note = [transcriptNote, h.note].filter(Boolean).join('\n');
  const out: HookRun = { ...h, stderr: [h.stderr, envNote].filter(Boolean).join('\n') };
  if (note) out.note = note;
  else delete out.note;
  return out;
}
