import { DIALECT_IDS, isDialectId, type DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { auggie } from './auggie.js';
import { claude } from './claude.js';
import { cline } from './cline.js';
import { codex } from './codex.js';
import { codebuddyIde } from './codebuddy-ide.js';
import { codebuddy } from './codebuddy.js';
import { copilot } from './copilot.js';
import { cursor } from './cursor.js';
import type { Dialect } from './define.js';
import { droid } from './droid.js';
import { gemini } from './gemini.js';
import { hooksYaml } from './hooks-yaml.js';
import { kilo } from './kilo.js';
import { kiro } from './kiro.js';
import { opencode } from './opencode.js';
import { pi } from './pi.js';
import { qwen } from './qwen.js';

export const dialects: Record<DialectId, Dialect> = {
  claude,
  qwen,
  codebuddy,
  'codebuddy-ide': codebuddyIde,
  'hooks-yaml': hooksYaml,
  gemini,
  codex,
  copilot,
  pi,
  opencode,
  cline,
  droid,
  auggie,
  cursor,
  kilo,
  kiro,
};

/** The dialect for a user-given id; a clear error listing the known ones otherwise. */
export function getDialect(id: string): Dialect {
  if (!isDialectId(id)) throw new HookBridgeError(`unknown dialect "${id}" (known: ${DIALECT_IDS.join(', ')})`);
  return dialects[id];
}
