// Qwen Code: Claude-shaped settings.json hooks. https://github.com/QwenLM/qwen-code
import { defineDialect } from './define.js';
import { settingsJson } from './settings-json.js';

export const qwen = defineDialect({
  id: 'qwen',
  codec: settingsJson,
  // Qwen counts seconds but reads values >= 1000 as ms (ground truth to02: 2000 -> killed after 2 s).
  readTimeout: (raw, spec) => (raw >= (spec.timeout.legacyMsFrom ?? Infinity) ? raw : raw * 1000),
  // So a timeout of 1000 s or more must be written in ms, or it would be read as ms.
  writeTimeout: (ms, spec) => {
    const s = Math.ceil(ms / 1000);
    return s >= (spec.timeout.legacyMsFrom ?? Infinity) ? s * 1000 : s;
  },
});
