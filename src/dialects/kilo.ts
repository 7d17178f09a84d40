// Kilo Code CLI (@kilocode/cli): an OpenCode fork and an in-process host (mappings/dialects/kilo.yaml, inheriting
// opencode.yaml). Its hooks live in .kilo/hooks.json (Claude Code's settings format, its tool names: OpenCode's);
// .kilo/plugins/hook-bridge.js runs them through the OpenCode binding: Kilo 7.7.7 triggers OpenCode's plugin hooks with
// OpenCode's inputs (test/fixtures/observed/kilo/README.md). One thing differs: a Stop block's one more turn is a
// follow-up prompt (its loop does not go on for a message sent with noReply, as OpenCode's does).
import { defineDialect } from './define.js';
import { opencodeBinding } from './opencode.js';
import { settingsJson } from './settings-json.js';

export const kilo = defineDialect({
  id: 'kilo',
  codec: settingsJson,
  inProcess: opencodeBinding(
    'kilo',
    'Kilo Code CLI loads every .kilo/plugins/*.js of the project (each exported function is a plugin), as ' +
      'OpenCode does.',
    // Its loop ends after a finished reply even when a message came since: a Stop block continues as a follow-up.
    'follow-up',
  ),
});
