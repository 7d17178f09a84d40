// Static resolution of the script a hook command runs: no execution, just the command text.
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { lexShell } from '../model/shell-lexer.js';
import { DIALECT_IDS } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { INTERPRETERS } from './programs.js';
import type { ScriptInfo } from './types.js';

/**
 * The options with which an interpreter runs code given on the command line, a module or stdin, not a file: `node -e
 * "<code>"`, `python3 -c`, `python3 -m pkg`, `bash -c`, `ruby -e`, `php -r`, `deno eval` … The code is code, never a
 * path (it is read as the command's own text).
 */
const INLINE: Record<string, RegExp> = {
  node: /^(-e|--eval|-p|--print)(=|$)/,
  bun: /^(-e|--eval|-p|--print)(=|$)/,
  tsx: /^(-e|--eval|-p|--print)(=|$)/,
  'ts-node': /^(-e|--eval|-p|--print)(=|$)/,
  deno: /^(eval|repl)$/,
  python: /^-[A-Za-z]*[cm]/,
  ruby: /^-[A-Za-z]*e/,
  perl: /^-[A-Za-z]*[eE]/,
  php: /^-[A-Za-z]*r/,
  pwsh: /^-(c|command|encodedcommand|e|ec)$/i,
  shell: /^-[A-Za-z]*c[A-Za-z]*$/,
};
/** Options that take the next word as their value (`node --require x guard.js`, `uv run --with rich g.py`). */
const VALUED: Record<string, Set<string>> = {
  node: new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions']),
  python: new Set(['-W', '-X']),
  uv: new Set([
    '--with',
    '--with-requirements',
    '--with-editable',
    '--python',
    '-p',
    '--project',
    '--directory',
    '--package',
    '--extra',
    '--group',
    '--env-file',
    '--index',
    '--index-url',
    '--extra-index-url',
    '--find-links',
    '-f',
  ]),
  shell: new Set(['-o', '+o', '-O', '+O']),
};
/** The family an interpreter's options follow. */
const family = (base: string) => (/^python/.test(base) ? 'python' : /^(bash|sh|zsh|dash)$/.test(base) ? 'shell' : base);
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

/** The script a command runs; undefined for inline commands (`echo …`, `jq …`, `npx prettier`, `node -e "…"`). */
export function resolveScript(command: string, projectDir: string, pluginRoot?: string): ScriptInfo | undefined {
  const words = shellWords(command);
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!)) i++; // FOO=bar cmd
  if (words[i] === 'exec' || words[i] === 'env') i++;
  const found = scriptWord(words, i);
  return found && fileInfo(found.raw, found.interpreter, projectDir, pluginRoot);
}

/** The word naming the script the program at words[i] runs, and the interpreter it is given to. */
function scriptWord(words: string[], i: number): { raw: string; interpreter?: string } | undefined {
  const first = words[i];
  if (!first) return undefined;
  const base = first.split('/').pop()!;
  if (!INTERPRETERS.test(base))
    return first.includes('/') || /\.(sh|py|js|mjs|cjs|ts|rb|pl)$/.test(first) ? { raw: first } : undefined;
  let j = i + 1;
  if ((base === 'uv' || base === 'deno') && words[j] === 'run') j++;
  const f = family(base);
  const inline = INLINE[f];
  if (f === 'deno' && inline?.test(words[j] ?? '')) return undefined;
  while (j < words.length && words[j]!.startsWith('-')) {
    if (f !== 'deno' && inline?.test(words[j]!)) return undefined; // inline code, a module or stdin: no script file
    if (VALUED[f]?.has(words[j]!)) j++;
    j++;
  }
  const raw = words[j];
  if (!raw || raw.startsWith('<')) return undefined;
  // `uv run python3 g.py`: uv starts an interpreter, which runs the script (uv is what must be on PATH).
  if (base === 'uv' && INTERPRETERS.test(raw.split('/').pop()!) && raw.split('/').pop() !== 'uv') {
    const inner = scriptWord(words, j);
    return inner && { raw: inner.raw, interpreter: base };
  }
  return { raw, interpreter: base };
}

function fileInfo(raw: string, interpreter: string | undefined, projectDir: string, pluginRoot?: string) {
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
  const info: ScriptInfo = {
    raw,
    path,
    ...(interpreter ? { interpreter } : {}),
    exists,
    executable,
    ...(text !== undefined ? { text } : {}),
  };
  return info;
}
