import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { mappings } from '../../model/mappings.js';
import { HookBridgeError } from '../../model/errors.js';
import { readStore, trustEntries, trustStorePath, type StoreState } from '../../convert/hook-trust.js';
import { defineRule } from '../types.js';

export default defineRule({
  id: 'hook-untrusted',
  severity: 'warning',
  description: 'A hook of an agent that runs only trusted hooks is not trusted, so it is skipped silently',
  docs: `Codex CLI runs a project's \`.codex/hooks.json\` only in a trusted project (\`[projects."<path>"] trust_level =
"trusted"\` in the user's \`~/.codex/config.toml\`, or \`$CODEX_HOME/config.toml\`), and then each user
or project hook only when that file records its current hash: \`[hooks.state."<hooks.json
path>:<event>:<group>:<handler>"]
trusted_hash = "sha256:…"\`. Otherwise the hook is **skipped without a word**: a guard copied there
guards nothing. The hash covers the event, the matcher, the command, the timeout and the status message, so editing a
hook makes it untrusted again. An interactive \`codex\` session asks to trust new or changed hooks; a headless run
(\`codex exec\`) never asks (\`codex exec --trust\` trusts the project, not its hooks).
Fix: start \`codex\` in the project and trust the hooks when it asks, or let \`hook-bridge convert --to codex
--trust-codex-hooks\` record the hashes of the hooks it writes (an edit of the user's config.toml that keeps every
other line).`,
  messages: {
    projectUntrusted:
      '{{agent}} loads {{file}} only in a trusted project, and this one ' +
      'is not trusted in {{store}}: none of its hooks run',
    untrusted: '{{agent}} skips this {{event}} hook silently: {{store}} records no trusted hash for it',
    stale:
      '{{agent}} skips this {{event}} hook silently: the hash trusted in {{store}} is for an earlier version of it',
    storeUnreadable: '{{agent}} runs only trusted hooks, and {{store}} cannot be read to tell which are: {{why}}',
  },
  sources: [
    'ground-truth codex c02 c03 c04 c10 c11a-d',
    'test/fixtures/observed/codex/hook-trust.json',
    'mappings/dialects/*.yaml config.hookTrust, trustStore',
  ],
  check(ctx) {
    for (const config of ctx.configs) {
      const d = config.dialect;
      const spec = mappings.dialects[d];
      if (
        spec.config.hookTrust !== 'trusted-hash' ||
        config.text === undefined ||
        config.unusable ||
        !/\.json$/i.test(config.file)
      )
        continue;
      const storeFile = trustStorePath(d, ctx.home, ctx.env);
      if (!storeFile) continue;
      const store = storeFile.startsWith(`${ctx.home}/`) ? `~/${storeFile.slice(ctx.home.length + 1)}` : storeFile;
      const data = { agent: spec.agent, store };
      const project = config.scope === 'user' ? undefined : dirname(dirname(config.file));
      let state: StoreState;
      try {
        state = readStore(storeFile, project ? [project, real(project)] : []);
      } catch (e) {
        if (!HookBridgeError.is(e)) throw e;
        ctx.report({ messageId: 'storeUnreadable', file: config.file, path: '', data: { ...data, why: e.describe() } });
        continue;
      }
      if (project && !state.projectTrusted) {
        ctx.report({
          messageId: 'projectUntrusted',
          file: config.file,
          path: '',
          data: { ...data, file: spec.config.write },
        });
        continue;
      }
      for (const e of trustEntries(d, config.file, config.text)) {
        const recorded = state.hashes.get(e.key);
        if (recorded === e.hash) continue;
        const path = `hooks.${e.event}[${e.key.split(':').at(-2)}].hooks[${e.key.split(':').at(-1)}]`;
        ctx.report({
          messageId: recorded === undefined ? 'untrusted' : 'stale',
          file: config.file,
          path,
          data: { ...data, event: e.event },
        });
      }
    }
  },
});

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}
