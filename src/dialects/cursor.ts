// Cursor: .cursor/hooks.json, one flat list of actions per camelCase event (the action-lists-json codec, its
// `command`/`timeout` keys), a flat `permission` answer; it also runs the project's Claude Code hooks itself
// (mappings/dialects/cursor.yaml `config.readsForeign`). https://cursor.com/docs/agent/hooks
import { actionListsJson } from './action-lists-json.js';
import { defineDialect } from './define.js';

export const cursor = defineDialect({ id: 'cursor', codec: actionListsJson });
