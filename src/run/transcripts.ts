// The run hot path's only contact with transcript translation: a lookup in the compiled mappings.
// The translator itself (src/transcript/sync.ts, its own bundle dist/transcript.cjs) is loaded only
// when the script's agent writes another transcript format than the host and hook-bridge can
// translate it (Claude JSONL from Qwen Code's, CodeBuddy Code's, Gemini CLI's or Codex CLI's JSONL).
import type { DialectId } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';

const READABLE = new Set(['qwen-jsonl', 'codebuddy-jsonl', 'gemini-jsonl', 'codex-jsonl']);
const format = (d: DialectId) => mappings.dialects[d].payload?.transcript ?? 'unknown';

export function needsTranscript(host: DialectId, script: DialectId): boolean {
  const h = format(host);
  return h !== format(script) && READABLE.has(h) && format(script) === 'claude-jsonl';
}

type SyncModule = typeof import('../transcript/sync.js');
let loading: Promise<SyncModule> | undefined;

/** Start loading the translator (run calls this before reading stdin, so loading overlaps the host's write). */
export function preloadTranscripts(host: DialectId, script: DialectId): void {
  if (!needsTranscript(host, script) || loading) return;
  // The translator's bundle takes these mappings instead of parsing its own copy (scripts/build.ts).
  (globalThis as Record<symbol, unknown>)[Symbol.for('hook-bridge.mappings')] = mappings;
  loading = import('../transcript/sync.js');
  loading.catch(() => {}); // reported by syncTranscripts
}

/**
 * Rewrite the script's payload to point at up-to-date translations of the host's transcripts.
 * Returns a note when that failed (the script then sees the host's own file).
 */
export async function syncTranscripts(payload: Record<string, unknown>, host: DialectId, script: DialectId, env: NodeJS.ProcessEnv, emulateTodos: boolean): Promise<string | undefined> {
  if (!needsTranscript(host, script)) return undefined;
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
