// Codex CLI's tool_response: every one is a string (codex README "tool_response"; payloads/PostToolUse-*.json):
//   Bash          stdout and stderr merged, no exit code (b01, b02)
//   apply_patch   "Exit code: 0\nWall time: …\nOutput:\nSuccess. Updated the following files:\nA path\n…"
//   spawn_agent   '{"agent_id":…,"nickname":…}' (g01)
import { isObject } from '../model/is-object.js';
import { claudeBash } from './claude-objects.js';
import type { ResultFormat } from './format.js';
import { patchPath, patchResult } from './patch-calls.js';

export const codexText: ResultFormat = {
  /** Claude Code's shapes where the text carries them (a shell's merged output, a sub-agent's id). */
  read(resp, { tool, input }) {
    if (typeof resp !== 'string') return { value: resp };
    // Claude's Bash stdout comes without the final newline (claude/payloads/PostToolUse-Bash.json).
    if (tool === 'shell') return { value: claudeBash(resp.replace(/\n$/, '')) };
    if (tool === 'agent') {
      try {
        const v: unknown = JSON.parse(resp);
        if (isObject(v) && typeof v.agent_id === 'string')
          return {
            value: { status: 'async_launched', agentId: v.agent_id, prompt: input?.prompt ?? input?.message ?? '' },
          };
      } catch {
        /* not the observed JSON: left as it is */
      }
    }
    return { value: resp };
  },
  /** Codex's text: a shell's stdout and stderr merged, a file change as apply_patch's summary, anything else as JSON.
   */
  write({ value }, { tool, input, cwd }) {
    if (typeof value === 'string') return value;
    if (tool === 'shell' && isObject(value)) {
      const out = [value.stdout, value.stderr].filter((x): x is string => typeof x === 'string' && x !== '').join('\n');
      return out ? `${out}\n` : '';
    }
    if ((tool === 'file.write' || tool === 'file.edit') && typeof input?.file_path === 'string') {
      return patchResult([
        [
          tool === 'file.write' && !(isObject(value) && value.type === 'update') ? 'A' : 'M',
          patchPath(cwd, input.file_path),
        ],
      ]);
    }
    if (tool === 'agent' && isObject(value)) return JSON.stringify({ agent_id: value.agentId ?? null, nickname: null });
    return JSON.stringify(value);
  },
};
