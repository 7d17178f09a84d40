// Factory Droid: Claude-style matcher groups in the hooks key of .factory/settings.json, its own tool names.
// https://docs.factory.ai/reference/hooks-reference
import { defineDialect } from './define.js';
import { settingsJson } from './settings-json.js';

export const droid = defineDialect({ id: 'droid', codec: settingsJson });
