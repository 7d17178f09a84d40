import { readFileSync } from 'node:fs';
import { HookBridgeError } from '../model/errors.js';

/** A file's text, or an error naming the file (and what it was read as). */
export function readText(file: string, what?: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? String(e);
    throw new HookBridgeError(`cannot read${what ? ` the ${what}` : ''} (${code})`, file);
  }
}
