// The host's payload on stdin, read at once (no stdin stream to set up on every tool call).
import { constants } from 'node:buffer';
import { readSync } from 'node:fs';

/**
 * The longest payload hook-bridge reads: the longest string V8 holds (2^29 − 24 characters, about 512 MiB). A call
 * a host can make, hook-bridge carries: a host built on Node (Claude Code, Qwen Code, Gemini CLI, Copilot CLI) cannot
 * build a longer JSON text, and nothing near it fits a model's turn (a Write of 11 MB is carried like one of 11 KB;
 * issue 29 took out the 10 MiB cap that denied it). Only a payload beyond it is hook-bridge's own failure.
 */
export const MAX_PAYLOAD = constants.MAX_STRING_LENGTH;

/** A payload over MAX_PAYLOAD: only its head is kept, to tell which event it was. */
export interface TooLarge {
  tooLarge: true;
  head: string;
}

export function readStdin(): Promise<Buffer | TooLarge> {
  // Read synchronously (no stdin stream to set up on every tool call); a non-blocking stdin (EAGAIN) falls back to the
  // stream.
  const chunks: Buffer[] = [];
  let size = 0;
  const take = (c: Buffer): TooLarge | undefined => {
    size += c.length;
    // Over the limit: answer now, but keep draining (and discarding) stdin, so the host's write does not fail with
    // EPIPE.
    if (size <= MAX_PAYLOAD) chunks.push(c);
    else if (chunks.length || size === c.length) {
      const head = {
        tooLarge: true as const,
        head: Buffer.concat([...chunks, c])
          .subarray(0, 65536)
          .toString('utf8'),
      };
      chunks.length = 0;
      return head;
    }
    return undefined;
  };
  /** The whole payload in one buffer; the pieces are let go at once (a large payload is held once, not twice). */
  const whole = () => {
    const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, Math.min(size, MAX_PAYLOAD));
    chunks.length = 0;
    return all;
  };
  let tooLarge: TooLarge | undefined;
  try {
    // Reads of 64 KiB, a pipe's capacity: a read rarely returns more, and a short read's piece keeps its whole buffer.
    for (;;) {
      const buf = Buffer.allocUnsafe(65536);
      const n = readSync(0, buf, 0, buf.length, null);
      if (n === 0) return Promise.resolve(tooLarge ?? whole());
      tooLarge = take(buf.subarray(0, n)) ?? tooLarge;
    }
  } catch {
    /* EAGAIN (a non-blocking stdin) or another error: the stream takes over where the reads stopped */
  }
  return new Promise((resolve, reject) => {
    if (tooLarge) resolve(tooLarge);
    process.stdin.on('data', (c: Buffer) => {
      const t = take(c);
      if (t) resolve(t);
    });
    process.stdin.on('end', () => resolve(whole()));
    process.stdin.on('error', reject);
  });
}
