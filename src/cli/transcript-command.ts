// `hook-bridge transcript --from <host> --to <script> <file>`: print a host transcript the way the
// script's agent would have written it (what `run` gives a wrapped script as transcript_path).
import { readFileSync } from 'node:fs';
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { checkTranscriptPair, translatable, translateTranscript } from '../transcript/translate.js';

/** The dialects `transcript` reads transcripts of (--from) and writes them for (--to), for its help. */
export const transcriptDialects = translatable;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function transcriptCommand(file: string, f: { from: DialectId; to: DialectId }): Promise<void> {
  checkTranscriptPair(f.from, f.to);
  let text: string;
  try {
    text = file === '-' ? await readStdin() : readFileSync(file, 'utf8');
  } catch (e) {
    throw new HookBridgeError(
      `cannot read the transcript (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      file,
    );
  }
  let out: string;
  try {
    out = translateTranscript(f.from, f.to, text);
  } catch (e) {
    if (HookBridgeError.is(e)) throw new HookBridgeError(e.message, file === '-' ? '<stdin>' : file, e.location);
    throw e;
  }
  process.stdout.write(out);
}
