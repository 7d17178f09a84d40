// Kiro CLI (`kiro-cli`): the `hooks` of an agent configuration (.kiro/agents/<name>.json), one flat list of actions
// per camelCase event (the action-lists-json codec, its `command`/`timeout_ms` keys), a glob matcher on the tool
// name, exit 2 to block (mappings/dialects/kiro.yaml). https://kiro.dev/docs/cli/hooks
import { actionListsJson } from './action-lists-json.js';
import { defineDialect } from './define.js';

export const kiro = defineDialect({ id: 'kiro', codec: actionListsJson });
