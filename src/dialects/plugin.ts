// Plugins: a Claude Code plugin is a directory with `.claude-plugin/plugin.json`; its hooks live in
// `hooks/hooks.json` or in the file(s) its manifest's `hooks` field names (a path, a list of paths, or the
// hooks inline). CodeBuddy Code reads the same hooks.json format (`${CODEBUDDY_PLUGIN_ROOT}`), so a hooks
// file alone does not say whose it is: the evidence around it does.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { DialectId } from '../model/dialect-ids.js';
import { isObject } from '../model/is-object.js';

const MANIFEST = join('.claude-plugin', 'plugin.json');
/** How far up from a hooks file its plugin's manifest is looked for. */
const MAX_UP = 4;

function manifestHooks(root: string): string[] {
  let m: unknown;
  try {
    m = JSON.parse(readFileSync(join(root, MANIFEST), 'utf8'));
  } catch {
    return [];
  }
  const h = isObject(m) ? m.hooks : undefined;
  const list = typeof h === 'string' ? [h] : Array.isArray(h) ? h.filter((x): x is string => typeof x === 'string') : [];
  return list.map((p) => resolve(root, p));
}

/** The hook files of the plugin rooted at `root`: `hooks/hooks.json` and what its manifest names. */
export function pluginHookFiles(root: string): string[] {
  const files = [join(root, 'hooks', 'hooks.json'), ...manifestHooks(root)];
  return [...new Set(files)].filter((f) => existsSync(f));
}

/** The plugin root a hooks file belongs to: the directory with `.claude-plugin/plugin.json` above it, or `…/hooks/hooks.json`'s parent. */
export function pluginRootOf(file: string): string | undefined {
  let dir = dirname(resolve(file));
  for (let i = 0; i <= MAX_UP; i++) {
    if (existsSync(join(dir, MANIFEST))) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  const abs = resolve(file);
  return basename(abs) === 'hooks.json' && basename(dirname(abs)) === 'hooks' ? dirname(dirname(abs)) : undefined;
}

/**
 * Whose hooks a settings-shaped file with Claude tool names is, from the evidence around it: the plugin-root
 * variable it uses, a Claude plugin manifest beside or above it, the agent named in its path. Without any,
 * Claude's (the two formats convert almost identically), with a note saying so.
 */
export function claudeOrCodebuddy(file: string, text: string): { dialect: DialectId; note?: string } {
  if (/\$\{?CODEBUDDY_(PLUGIN_ROOT|PROJECT_DIR)\b/.test(text)) return { dialect: 'codebuddy' };
  if (/\$\{?CLAUDE_PLUGIN_ROOT\b/.test(text)) return { dialect: 'claude' };
  const root = pluginRootOf(file);
  if (root && existsSync(join(root, MANIFEST))) return { dialect: 'claude' };
  // The agent named near the file (its own directories), not anywhere up the machine's path.
  const parts = resolve(file).toLowerCase().split(sep).slice(-3);
  if (parts.some((p) => p.includes('codebuddy'))) return { dialect: 'codebuddy' };
  if (parts.some((p) => p.includes('claude'))) return { dialect: 'claude' };
  return { dialect: 'claude', note: 'nothing tells Claude Code hooks from CodeBuddy Code hooks here (same format): read as Claude Code\'s; pass --from codebuddy if they are CodeBuddy\'s' };
}
