// Static resolution of the script a hook command runs: no execution, just the command text.
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { lexShell } from '../model/shell-lexer.js';
import { DIALECT_IDS } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import type { ScriptInfo } from './types.js';

const INTERPRETERS = /^(python3?|python\d\.\d+|node|bash|sh|zsh|dash|ruby|perl|deno|bun|tsx|ts-node|pwsh|php|uv)$/;
/** Every agent's project-dir and plugin-root variables (mappings `env.projectDir`, `env.pluginRoot`). */
const PROJECT_VARS = [...new Set(DIALECT_IDS.flatMap((d) => mappings.dialects[d].env?.projectDir ?? []))];
const PLUGIN_VARS = [...new Set(DIALECT_IDS.flatMap((d) => mappings.dialects[d].env?.pluginRoot ?? []))];

/**
 * The words of a command's first simple command, quotes removed and expansions kept as written
 * (`$CLAUDE_PROJECT_DIR/x.sh`), without its redirections: enough to tell which program runs which file.
 */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let target = false;
  for (const t of lexShell(command).tokens) {
    if ('word' in t) {
      if (!target) words.push(t.word.value);
      target = false;
    } else if (t.op === 'redir') target = true;
    else if (t.op !== 'heredoc' && words.length) break;
  }
  return words;
}

export function expandVars(word: string, projectDir: string, pluginRoot?: string): string {
  let out = word;
  for (const v of PROJECT_VARS) out = out.replace(new RegExp(`\\$\\{${v}\\}|\\$${v}(?![A-Za-z0-9_])`, 'g'), projectDir);
  if (pluginRoot)
    for (const v of PLUGIN_VARS)
      out = out.replace(new RegExp(`\\$\\{${v}\\}|\\$${v}(?![A-Za-z0-9_])`, 'g'), pluginRoot);
  if (out === '~' || out.startsWith('~/')) out = homedir() + out.slice(1);
  return out;
}

/** The script a command runs, or undefined for inline commands (`echo …`, `jq …`, `npx prettier`). */
export function resolveScript(command: string, projectDir: string, pluginRoot?: string): ScriptInfo | undefined {
  const words = shellWords(command);
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!)) i++; // FOO=bar cmd
  if (words[i] === 'exec' || words[i] === 'env') i++;
  const first = words[i];
  if (!first) return undefined;
  let raw: string | undefined;
  let interpreter: string | undefined;
  const base = first.split('/').pop()!;
  if (INTERPRETERS.test(base)) {
    interpreter = base;
    let j = i + 1;
    if (base === 'uv' && words[j] === 'run') j++;
    while (j < words.length && words[j]!.startsWith('-')) j++;
    raw = words[j];
    if (!raw || raw.startsWith('<')) return undefined;
  } else if (first.includes('/') || /\.(sh|py|js|mjs|cjs|ts|rb|pl)$/.test(first)) raw = first;
  else return undefined;
  const expanded = expandVars(raw, projectDir, pluginRoot);
  if (expanded.includes('$')) return undefined; // a variable we cannot resolve statically
  const path = isAbsolute(expanded) ? expanded : resolve(projectDir, expanded);
  const exists = existsSync(path) && statSync(path).isFile();
  let executable = false;
  let text: string | undefined;
  if (exists) {
    try {
      accessSync(path, constants.X_OK);
      executable = true;
    } catch {
      executable = false;
    }
    text = readFileSync(path, 'utf8').slice(0, 256 * 1024);
  }
  return {
    raw,
    path,
    ...(interpreter ? { interpreter } : {}),
    exists,
    executable,
    ...(text !== undefined ? { text } : {}),
  };
}
