// The trust an installed package's hooks need where the agent trusts hooks by hash (`package.trustKey` in
// mappings/dialects/<id>.yaml; Codex CLI: `[hooks.state."<plugin>@<marketplace>:hooks/hooks.json:<event>:<g>:<h>"]`
// in the user's config.toml, the hash a project hook's would be — docs/observations.md "Plugins"). What convert
// --package says of it, and with --trust-codex-hooks records.
import type { DialectId } from '../model/dialect-ids.js';
import type { DialectPackage } from '../model/dialect-spec.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { plural } from '../model/plural.js';
import { applyTrust, readStore, trustEntries, trustStorePath } from './hook-trust.js';

export interface PackageTrustOptions {
  /** Record the hashes (--trust-codex-hooks); false: only say what the agent will skip. */
  record: boolean;
  /** Take a backup of the store before the first change. */
  backup?: boolean;
}

/**
 * What the agent will skip of the package's hooks once installed, and (`record`) the hashes recorded in its store.
 * Nothing where the agent does not trust hooks by hash. An unreadable store: an error when asked to record, else said.
 */
export function packageTrust(
  to: DialectId,
  spec: DialectPackage,
  name: string,
  hooksText: string | undefined,
  o: PackageTrustOptions,
): Diagnostic[] {
  if (!spec.trustKey || hooksText === undefined) return [];
  const agent = mappings.dialects[to].agent;
  const own = trustEntries(to, spec.trustKey.replaceAll('<name>', name), hooksText);
  const store = trustStorePath(to)!;
  let state: ReturnType<typeof readStore>;
  try {
    state = readStore(store, []);
  } catch (e) {
    if (!HookBridgeError.is(e) || o.record) throw e;
    return [{ severity: 'warning', code: 'trustStoreUnreadable', file: store, message: e.describe() }];
  }
  const t = applyTrust({ dialect: to, store, own, others: [], state, project: '' }, o.record, o.backup ?? true);
  if (t.recorded.length)
    return [
      {
        severity: 'info',
        code: 'hooksTrusted',
        file: store,
        message:
          `recorded the trusted hash of the package's ${plural(t.recorded.length, 'hook')} (for ${agent} once ` +
          `installed)${t.backup ? ` (backup ${t.backup})` : ''}`,
      },
    ];
  if (!t.untrusted.length) return [];
  return [
    {
      severity: 'warning',
      code: 'hooksUntrusted',
      file: store,
      message:
        `${agent} skips the package's ${plural(t.untrusted.length, 'hook')} silently until trusted (an interactive ` +
        'session asks; headless, nothing does): run again with --trust-codex-hooks to record the hashes',
    },
  ];
}
