import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { dispatchConfigs } from '../../dialects/wrapper.js';
import { defineRule, paths } from '../types.js';

export { dispatchConfigs };

export default defineRule({
  id: 'dispatch-config-missing',
  severity: 'error',
  description: 'A `hook-bridge dispatch` registration names a hook set that does not exist',
  docs: `\`hook-bridge dispatch --config <file>\` runs the hooks of that file; a relative path is the project
directory's. When the file is missing (renamed, not committed, converted with an older hook-bridge that wrote a
path relative to another directory), dispatch cannot do its job and fails closed: every call the registration
matches is denied on a blocking event. Restore the file, or convert again: \`hook-bridge convert --to <agent>
--dispatch\`.`,
  messages: {
    missing:
      'the hook set {{config}} does not exist (resolved to {{path}}): dispatch denies every call this entry matches',
  },
  sources: ['src/run/dispatch.ts (own failures fail closed)'],
  check(ctx) {
    for (const { hook: h, config } of ctx.hooks()) {
      const command = h.written ?? h.command;
      const configs = command === undefined ? undefined : dispatchConfigs(command);
      for (const c of configs ?? []) {
        const path =
          c === '~' || c.startsWith('~/') ? join(homedir(), c.slice(1)) : isAbsolute(c) ? c : join(ctx.project, c);
        if (!existsSync(path))
          ctx.report({
            messageId: 'missing',
            file: config.file,
            path: paths.command(h),
            data: { config: c, path: ctx.shown(path) },
          });
      }
    }
  },
});
