// hook-bridge's per-user directory for what it keeps between calls (translated transcripts, session environments).
import { homedir } from 'node:os';
import { join } from 'node:path';

/** $HOOK_BRIDGE_CACHE_DIR, else $XDG_CACHE_HOME/hook-bridge, else ~/.cache/hook-bridge. */
export function cacheRoot(env: NodeJS.ProcessEnv): string {
  if (env.HOOK_BRIDGE_CACHE_DIR) return env.HOOK_BRIDGE_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'hook-bridge');
}

/** A session id or file name as one safe path segment. */
export const pathSegment = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_') || '_';
