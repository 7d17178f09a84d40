// The host's payload on stdin, read at once (no stdin stream to set up on every tool call).
import { readSync } from 'node:fs';

export const MAX_PAYLOAD = 10 * 1024 * 1024;

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
  let tooLarge: TooLarge | undefined;
  try {
    for (;;) {
      const buf = Buffer.allocUnsafe(65536);
      const n = readSync(0, buf, 0, buf.length, null);
      if (n === 0) return Promise.resolve(tooLarge ?? Buffer.concat(chunks));
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
    process.stdin.on('end', () => resolve(Buffer.concat(chunks)));
    process.stdin.on('error', reject);
  });
}
