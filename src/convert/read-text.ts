// Reading a file convert needs (a source, a target, a record): its text, or an error that names the file.
import { readFileSync } from 'node:fs';
import { HookBridgeError } from '../model/errors.js';

/** A file's text; a HookBridgeError naming the file when it cannot be read. */
export function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new HookBridgeError(
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot read (${code ?? String(e)})`,
      file,
    );
  }
}
