// Transcript translation: a host agent's transcript (one JSON record per line) into the format the
// script's agent writes. Which format a dialect writes is data (mappings/dialects/<id>.yaml
// payload.transcript); the readers are per host format, the writer is Claude Code's JSONL (the format
// Claude scripts and hooks.yaml scripts parse).
import type { DialectId } from '../model/dialect-ids.js';
import { DIALECT_IDS } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { TRANSCRIPT_WRITE_FORMATS, type TranscriptReadFormat } from '../model/formats.js';
import { ClaudeWriter, freshState, type Json, type TranslatorState } from './claude.js';
import { readCodebuddy } from './codebuddy.js';
import { readCodex } from './codex.js';
import { readCopilot } from './copilot.js';
import { readGemini } from './gemini.js';
import { readPi } from './pi.js';
import { readQwen } from './qwen.js';

type Reader = (r: Json, line: number, w: ClaudeWriter) => Json[] | undefined;
/** One reader per format of src/model/formats.ts (the run hot path checks that list, not this one). */
const READERS: Record<TranscriptReadFormat, Reader> = {
  'qwen-jsonl': readQwen,
  'codebuddy-jsonl': readCodebuddy,
  'gemini-jsonl': readGemini,
  'codex-jsonl': readCodex,
  'copilot-events-jsonl': readCopilot,
  'pi-jsonl': readPi,
};
const readerOf = (format: string): Reader | undefined => (READERS as Record<string, Reader | undefined>)[format];
const WRITERS = new Set<string>(TRANSCRIPT_WRITE_FORMATS);

const transcriptFormat = (d: DialectId): string => mappings.dialects[d].payload?.transcript ?? 'unknown';

/** What can be translated: host dialects with a reader, script dialects with a writer. */
export function translatable(): { from: DialectId[]; to: DialectId[] } {
  return {
    from: DIALECT_IDS.filter((d) => readerOf(transcriptFormat(d))),
    to: DIALECT_IDS.filter((d) => WRITERS.has(transcriptFormat(d))),
  };
}

/** Throws HookBridgeError unless a transcript of `from` can be given to a script of `to`. */
export function checkTranscriptPair(from: DialectId, to: DialectId): void {
  const f = transcriptFormat(from);
  const t = transcriptFormat(to);
  if (f === t || (readerOf(f) && WRITERS.has(t))) return;
  const can = translatable();
  throw new HookBridgeError(
    `no transcript translation from ${from} (${f}) to ${to} (${t}); supported: --from ${can.from.join('|')} ` +
      `--to ${can.to.join('|')}`,
  );
}

/** Translates records line by line, keeping what it must remember between calls in `state`. */
export class Translator {
  private readonly read: Reader | undefined;
  private readonly w: ClaudeWriter;
  /** Same format on both sides: lines pass through. */
  private readonly identity: boolean;
  /** Bad lines throw (the CLI) instead of being skipped (run: a hook must not fail on one). */
  private readonly strict: boolean;
  /** Host records recognised so far (the CLI reports input that has none). */
  recognised = 0;

  constructor(
    readonly from: DialectId,
    readonly to: DialectId,
    readonly state: TranslatorState = freshState(),
    opts: { sidechain?: boolean; strict?: boolean } = {},
  ) {
    checkTranscriptPair(from, to);
    this.identity = transcriptFormat(from) === transcriptFormat(to);
    this.read = readerOf(transcriptFormat(from));
    this.w = new ClaudeWriter(from, to, this.state, opts.sidechain);
    this.strict = opts.strict === true;
  }

  /** One host line (without its newline) -> the script-format lines it becomes (each without newline). */
  line(text: string, lineNo: number): string[] {
    if (this.identity) return [text];
    if (!text.trim()) return [];
    let r: unknown;
    try {
      r = JSON.parse(text);
    } catch {
      if (this.strict)
        throw new HookBridgeError(
          `not a JSON record (expected one JSON object per line of a ${mappings.dialects[this.from].agent} transcript)`,
          undefined,
          `line ${lineNo}`,
        );
      return [];
    }
    if (!isObject(r)) {
      if (this.strict) throw new HookBridgeError('not a JSON object', undefined, `line ${lineNo}`);
      return [];
    }
    const out = this.read!(r, lineNo, this.w);
    if (!out?.length) return [];
    this.recognised++;
    return out.map((x) => JSON.stringify(x));
  }
}

/**
 * The whole transcript `text` of agent `from` in the format agent `to` writes (JSONL, one record per
 * line). Throws HookBridgeError (with the line) for a line that is not a JSON object, or for text in
 * which no record of `from`'s format is found.
 */
export function translateTranscript(from: DialectId, to: DialectId, text: string): string {
  const t = new Translator(from, to, freshState(), { strict: true });
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const out = lines.flatMap((l, i) => t.line(l.replace(/\r$/, ''), i + 1));
  if (transcriptFormat(from) !== transcriptFormat(to) && lines.some((l) => l.trim()) && t.recognised === 0) {
    throw new HookBridgeError(
      `no ${mappings.dialects[from].agent} transcript record found (is it a ${from} transcript?)`,
    );
  }
  return out.map((l) => `${l}\n`).join('');
}
