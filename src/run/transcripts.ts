// The run hot path's only contact with transcript translation: a lookup in the compiled mappings.
// The translator itself (src/transcript/sync.ts, its own bundle dist/transcript.cjs) is loaded only
// when the script's agent writes another transcript format than the host and hook-bridge can
// translate it (Claude JSONL from Qwen Code's, CodeBuddy Code's, Gemini CLI's or Codex CLI's JSONL).
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { TRANSCRIPT_READ_FORMATS, TRANSCRIPT_WRITE_FORMATS } from '../model/formats.js';
import type { RunArgs } from './args.js';
import { mayReadTranscript } from './reads-transcript.js';

const READABLE = new Set<string>(TRANSCRIPT_READ_FORMATS);
const WRITABLE = new Set<string>(TRANSCRIPT_WRITE_FORMATS);
const format = (d: DialectId) => mappings.dialects[d].payload?.transcript ?? 'unknown';

export function needsTranscript(host: DialectId, script: DialectId): boolean {
  const h = format(host);
  return h !== format(script) && READABLE.has(h) && WRITABLE.has(format(script));
}

type SyncModule = typeof import('../transcript/sync.js');
let loading: Promise<SyncModule> | undefined;

type TranscriptArgs = Pick<RunArgs, 'to' | 'from' | 'command' | 'emulateTodos' | 'transcript'>;

/** Start loading the translator (run --transcript always calls this before reading stdin, so loading overlaps the
 * host's write).
 */
export function preloadTranscripts(host: DialectId, script: DialectId): void {
  if (!needsTranscript(host, script) || loading) return;
  // The translator's bundle takes these mappings instead of parsing its own copy (scripts/build.ts).
  (globalThis as Record<symbol, unknown>)[Symbol.for('hook-bridge.mappings')] = mappings;
  loading = import('../transcript/sync.js');
  loading.catch(() => {}); // reported by syncTranscripts
}

/**
 * Does this call translate? Only where the formats differ, and (`--transcript auto`, the default) only for a
 * command that may read the transcript or the todo list: src/run/reads-transcript.ts, run from the script's cwd
 * with the script's environment (its project-dir and plugin-root variables resolve its paths).
 */
function wantsTranscript(args: TranscriptArgs, cwd: string, scriptEnv: NodeJS.ProcessEnv): boolean {
  if (!needsTranscript(args.to, args.from) || args.transcript === 'never') return false;
  return args.transcript === 'always' || mayReadTranscript(args.command, cwd, scriptEnv);
}

/**
 * Rewrite the script's payload to point at up-to-date translations of the host's transcripts, when it wants them.
 * Returns a note when that failed (the script then sees the host's own file).
 */
export async function syncTranscripts(
  payload: Record<string, unknown>,
  args: TranscriptArgs,
  env: NodeJS.ProcessEnv,
  cwd: string,
  scriptEnv: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  if (!wantsTranscript(args, cwd, scriptEnv)) return undefined;
  const [host, script, emulateTodos] = [args.to, args.from, args.emulateTodos === true];
  const before = { transcript_path: payload.transcript_path, agent_transcript_path: payload.agent_transcript_path };
  try {
    preloadTranscripts(host, script);
    const { prepareTranscripts } = await loading!;
    prepareTranscripts(payload, host, script, env, emulateTodos);
    return undefined;
  } catch (e) {
    Object.assign(payload, before);
    if (before.agent_transcript_path === undefined) delete payload.agent_transcript_path;
    return `hook-bridge: the ${host} transcript was not translated for the script: ${(e as Error).message}`;
  }
}
