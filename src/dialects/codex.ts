// OpenAI Codex CLI: Claude Code's hooks.json format and event names, its own tools (apply_patch, spawn_agent), a strict
// answer schema and hook trust (mappings/dialects/codex.yaml). https://github.com/openai/codex
import { defineDialect } from './define.js';
import { settingsJson } from './settings-json.js';

export const codex = defineDialect({ id: 'codex', codec: settingsJson });
