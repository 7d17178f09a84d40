// A handler's identity in a config file: what the sync plan matches existing entries by, and what
// convert's record of its own entries names them by.
import { stableJson } from '../model/stable-json.js';

/** A handler's identity in a config: its command; for other hook types the handler without its timeout. */
export function handlerId(handler: { [k: string]: unknown }): string {
  if (typeof handler.command === 'string') return handler.command;
  const { timeout: _timeout, ...rest } = handler;
  return stableJson(rest);
}
