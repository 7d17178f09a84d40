// Claude Code: the reference dialect. https://code.claude.com/docs/en/hooks
import { defineDialect } from './define.js';
import { settingsJson } from './settings-json.js';

export const claude = defineDialect({ id: 'claude', codec: settingsJson });
