// Augment's Auggie CLI: Claude-like matcher groups in .augment/settings.json, its own payload and tool names.
// https://docs.augmentcode.com/cli/hooks
import { defineDialect } from './define.js';
import { settingsJson } from './settings-json.js';

export const auggie = defineDialect({ id: 'auggie', codec: settingsJson });
