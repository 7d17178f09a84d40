// CodeBuddy IDE plugin hooks (execute_command, write_to_file, filePath, modifiedInput). DESIGN.md seed 003.
import { defineDialect } from './define.js';
import { settingsJson } from './settings-json.js';

export const codebuddyIde = defineDialect({ id: 'codebuddy-ide', codec: settingsJson });
