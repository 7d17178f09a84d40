// Where a dialect keeps hook configs (mappings/dialects/<id>.yaml `config`): the project's files, the user's
// files (under `config.homeVar` when it is set: Codex CLI's $CODEX_HOME), and the TOML files whose `[hooks]`
// tables hold hooks in the same shape (Codex CLI's config.toml), read as that JSON.
import { join } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { toml } from '../lazy.js';

/** A `~/…` path of the mappings as a path on this machine: `~/.<folder>` is `$<homeVar>` when that is set. */
export function userPath(d: DialectId, rel: string, home: string, env: NodeJS.ProcessEnv = process.env): string {
  const homeVar = mappings.dialects[d].config.homeVar;
  const over = homeVar ? env[homeVar] : undefined;
  const m = /^~\/[^/]+\/(.*)$/.exec(rel);
  if (over && m) return join(over, m[1]!);
  return join(home, rel.replace(/^~\//, ''));
}

/** The user-level hook files of a dialect on this machine: JSON configs, then TOML ones. */
export function userConfigFiles(d: DialectId, home: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const c = mappings.dialects[d].config;
  return [...(c.user ?? []), ...(c.tomlHooks?.user ?? [])].map((rel) => userPath(d, rel, home, env));
}

/** Project-relative TOML configs of a dialect that may hold `[hooks]` tables. */
export const projectTomlFiles = (d: DialectId): string[] => mappings.dialects[d].config.tomlHooks?.project ?? [];

export const isToml = (file: string): boolean => /\.toml$/i.test(file);

/** Does a TOML text define `[hooks…]` tables (or a `hooks` key), cheaply, without parsing it? */
export const mentionsTomlHooks = (text: string): boolean => /^\s*(?:\[\[?\s*hooks\s*[.\]]|hooks\s*[.=])/m.test(text);

/** A TOML text as an object; invalid TOML: a HookBridgeError with the file, line and column. */
export function parseToml(text: string, file: string): Record<string, unknown> {
  try {
    return toml().parse(text);
  } catch (e) {
    const err = e as { message?: string; line?: number; column?: number };
    const first = (err.message ?? String(e)).split('\n')[0]!.replace(/^Invalid TOML document: /, '');
    throw new HookBridgeError(`invalid TOML: ${first}`, file, err.line !== undefined ? `${err.line}:${err.column ?? 1}` : undefined);
  }
}

/**
 * The `[hooks]` tables of a TOML config as the text of the equivalent hooks.json. Codex CLI keeps its hook
 * trust in the same table (`[hooks.state."<key>"] trusted_hash`): that is state, not an event, and is left out.
 * Invalid TOML: a HookBridgeError with the file, line and column.
 */
export function tomlHooksAsJson(text: string, file: string): string {
  const doc = parseToml(text, file);
  const hooks = isObject(doc.hooks) ? { ...doc.hooks } : {};
  delete hooks.state;
  return JSON.stringify({ hooks }, null, 2);
}
