// GitHub Copilot CLI: its own hook files (.github/hooks/*.json: camelCase events, flat action lists, payloads that name
// no event) and its Claude-compatible reading of the project's Claude Code settings (mappings/dialects/copilot.yaml:
// `modes`, `config.readsForeign`). https://docs.github.com/en/copilot/reference/hooks-configuration
import { actionListsJson } from './action-lists-json.js';
import { defineDialect } from './define.js';

export const copilot = defineDialect({ id: 'copilot', codec: actionListsJson });
