// A dialect id, or a comma-separated list of them, from the command line: checked here, since the dialect modules
// load only with a command.
import { isDialectId, type DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { unknownDialectMessage } from '../model/suggest.js';

/** A dialect id from the command line. */
export function dialect(v: string): DialectId {
  if (!isDialectId(v)) throw new HookBridgeError(unknownDialectMessage(v));
  return v;
}
export const dialectList = (v: string): DialectId[] => v.split(',').map((s) => dialect(s.trim()));
