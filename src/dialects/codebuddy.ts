// CodeBuddy Code (CLI): Claude tool names, its own semantics. https://cloud.tencent.com/document/product/1831/137022
import { defineDialect } from './define.js';
import { settingsJson } from './settings-json.js';

export const codebuddy = defineDialect({ id: 'codebuddy', codec: settingsJson });
