// A sandboxed home for the user-scope tests (issue 36): HOME a temp dir, the variables that move an agent's user folder
// unset, so the real home is never read or written; the CLI run under it.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { shimDir } from './host.js';

export { snapshot } from './helpers.js';

const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
/** Variables that would move a user folder away from the sandboxed HOME. */
export const MOVED = [
  'CLAUDE_CONFIG_DIR',
  'CODEX_HOME',
  'COPILOT_HOME',
  'CODEBUDDY_CONFIG_DIR',
  'PI_CODING_AGENT_DIR',
  'XDG_CONFIG_HOME',
];

/** The CLI with HOME = home (and nothing else pointing at a user folder); cwd a project of its own. */
export function hb(home: string, args: string[], cwd = mkdtempSync(join(tmpdir(), 'hb-us-cwd-'))) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    COLUMNS: '1000',
    PATH: `${shimDir}:${process.env.PATH}`,
  };
  for (const v of MOVED) delete env[v];
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, env, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export const write = (file: string, text: string | object) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, typeof text === 'string' ? text : `${JSON.stringify(text, null, 2)}\n`);
};

const GUARD = `#!/bin/sh
input=$(cat)
case "$input" in *"push --force"*) echo "no force push (user guard)" >&2; exit 2;; esac
exit 0
`;

/**
 * A sandboxed home: ~/.claude/settings.json with a guard by its ~ path, an enabled plugin (installed at user scope,
 * with a hook by ${CLAUDE_PLUGIN_ROOT}) and a disabled one.
 */
export function sandbox(settings: object = {}): string {
  const home = mkdtempSync(join(tmpdir(), 'hb-us-home-'));
  write(join(home, '.claude/hooks/no-force.sh'), GUARD);
  chmodSync(join(home, '.claude/hooks/no-force.sh'), 0o755);
  const cache = (name: string) => join(home, '.claude/plugins/cache/mk', name, '1.0.0');
  write(join(cache('guard'), '.claude-plugin/plugin.json'), { name: 'guard', version: '1.0.0' });
  write(join(cache('guard'), 'hooks/hooks.json'), {
    hooks: {
      PreToolUse: [
        { matcher: 'Write|Edit', hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/hooks/check.sh' }] },
      ],
    },
  });
  write(join(cache('off'), '.claude-plugin/plugin.json'), { name: 'off', version: '1.0.0' });
  write(join(cache('off'), 'hooks/hooks.json'), {
    hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo disabled-plugin' }] }] },
  });
  write(join(home, '.claude/plugins/installed_plugins.json'), {
    version: 2,
    plugins: {
      'guard@mk': [{ scope: 'user', installPath: cache('guard'), version: '1.0.0' }],
      'off@mk': [{ scope: 'user', installPath: cache('off'), version: '1.0.0' }],
    },
  });
  write(join(home, '.claude/settings.json'), {
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '~/.claude/hooks/no-force.sh' }] }],
    },
    enabledPlugins: { 'guard@mk': true, 'off@mk': false },
    ...settings,
  });
  return home;
}
