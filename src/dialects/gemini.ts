// Gemini CLI: settings.json hooks with its own event and tool names; timeouts in ms (mappings/dialects/gemini.yaml).
// https://github.com/google-gemini/gemini-cli
import { defineDialect } from './define.js';
import { settingsJson } from './settings-json.js';

export const gemini = defineDialect({ id: 'gemini', codec: settingsJson });
