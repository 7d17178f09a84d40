// run's transcript check for shell: the programs a command line or a shell script runs, followed into the local
// scripts they run, source or interpret. Words come from the shared lexer (src/model/shell-lexer.ts).
import { basename, dirname } from 'node:path';
import { DIALECT_IDS } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { isShellNameChar, lexShell, type Expansions, type Token, type Word } from '../model/shell-lexer.js';
import { CODE_RUNNING_BUILTINS, SHELL_BUILTINS } from '../model/shell-builtins.js';
import { js, jsFile } from './scan-js.js';
import { python, pythonFile } from './scan-python.js';
import { MAX_DEPTH, mentions, read, resolvePath, unsure, type Scan } from './script-scan.js';

/** Shell builtins and utilities that read only what they are given (files named on their command line, stdin). */
const PLAIN = new Set([
  ...[...SHELL_BUILTINS].filter((b) => !CODE_RUNNING_BUILTINS.has(b)),
  ...(
    'which ' +
    ('cat jq grep egrep fgrep sed awk gawk mawk head tail cut tr sort uniq ' +
      'wc tee basename dirname date sleep mkdir touch rm rmdir ') +
    ('ls cp mv ln chmod seq expr base64 sha1sum sha256sum md5sum realpath ' +
      'readlink stat whoami id hostname uname mktemp diff cmp comm paste ') +
    'fold fmt nl od rev tac column logger printenv yes'
  ).split(' '),
]);
/** Prefix commands: the program they run is the next word that is not an option or assignment. */
const PREFIX = new Set(['exec', 'command', 'env', 'nohup', 'nice', 'time', 'timeout', 'xargs', 'stdbuf', 'setsid']);
/** Options of prefix commands that take a value (so the value is not the program). */
const PREFIX_VALUE_OPTS = new Set([
  '-I',
  '-i',
  '-n',
  '-L',
  '-P',
  '-d',
  '-E',
  '-s',
  '-a',
  '-u',
  '-k',
  '-o',
  '-e',
  '-C',
  '-S',
]);
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh']);
const PYTHON = /^python(\d+(\.\d+)?)?$/;
const RESERVED = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'while',
  'until',
  '!',
  '{',
  '}',
  'esac',
  'in',
]);

/** Check a shell program (a command string or a script file's text). `script`: the file, for `$0`. */
export function shell(text: string, s: Scan, depth: number, script: string | undefined): void {
  if (mentions(text)) unsure();
  if (depth > MAX_DEPTH) unsure();
  const { tokens, unterminated } = lexShell(text, expansions(text, s, depth, script));
  if (unterminated) unsure();
  // Functions defined anywhere in this text: `name() {…}` or `function name`.
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if ('word' in t && t.word.value === 'function' && tokens[i + 1] && 'word' in tokens[i + 1]!)
      s.functions.add((tokens[i + 1] as { word: Word }).word.value);
    if ('word' in t && isOp(tokens[i + 1], '(') && isOp(tokens[i + 2], ')')) s.functions.add(t.word.value);
  }
  let cmd: Word[] = [];
  let caseDepth = 0;
  let patterns = false; // inside `case … in`, before a pattern's `)`
  let skipRest = false;
  let redirTarget = false;
  let inTest = false;
  const flush = () => {
    if (cmd.length && !skipRest) simple(cmd, s, depth);
    cmd = [];
    skipRest = false;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if ('op' in t) {
      if (t.op === 'heredoc') continue; // its delimiter was read with it
      if (t.op === 'redir') {
        redirTarget = true;
        continue;
      }
      if (patterns) {
        if (t.op === ')') patterns = false;
        continue;
      }
      if (t.op === ';;' || t.op === ';&' || t.op === ';;&') {
        flush();
        patterns = caseDepth > 0;
        continue;
      }
      // `name ( )`: a function definition, not a call
      if (t.op === '(' && isOp(tokens[i + 1], ')') && cmd.length === 1) {
        cmd = [];
        i++;
        continue;
      }
      flush();
      continue;
    }
    const w = t.word;
    if (redirTarget) {
      redirTarget = false;
      continue;
    }
    if (patterns) {
      if (w.value === 'esac') {
        caseDepth--;
        patterns = false;
      }
      continue;
    }
    if (skipRest) continue;
    if (inTest) {
      if (w.value === ']]') inTest = false;
      continue;
    }
    if (!cmd.length) {
      if (w.value === 'case') {
        // `case WORD in`: then patterns
        while (
          i + 1 < tokens.length &&
          !(isWord(tokens[i + 1]) && (tokens[i + 1] as { word: Word }).word.value === 'in')
        )
          i++;
        i++;
        caseDepth++;
        patterns = true;
        continue;
      }
      if (w.value === 'esac') {
        caseDepth = Math.max(0, caseDepth - 1);
        continue;
      }
      if (RESERVED.has(w.value) && !w.dynamic) continue;
      if (w.value === '[[') {
        inTest = true; // a conditional expression: its words and operators are not commands
        continue;
      }
      if (w.value === 'for' || w.value === 'select' || w.value === 'function') {
        skipRest = true;
        continue;
      }
      if (/^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(w.value)) continue; // an assignment
    }
    cmd.push(w);
  }
  flush();
}

const isOp = (t: Token | undefined, op: string) => !!t && 'op' in t && t.op === op;
const isWord = (t: Token | undefined) => !!t && 'word' in t;

/** One simple command: its program, and the files that program runs. */
function simple(words: Word[], s: Scan, depth: number): void {
  const first = words[0]!;
  if (!first.dynamic && s.functions.has(first.value)) return;
  if (!first.dynamic && (first.value === 'source' || first.value === '.')) {
    const f = words[1];
    if (!f || f.dynamic) unsure();
    shellFile(resolvePath(f!.value, s), s, depth + 1);
    return;
  }
  program(words, s, depth);
}

/** A command's program (words[0]) and its arguments, whatever the syntax that produced them. */
export function program(words: Word[], s: Scan, depth: number): void {
  const first = words[0]!;
  if (first.dynamic || !first.value) unsure();
  const name = first.value;
  if (name.includes('/')) return ownProcess(s, () => executable(resolvePath(name, s), s, depth + 1));
  if (name === 'eval') unsure();
  if (name === 'trap') {
    const code = words[1];
    if (code && (code.dynamic || /^-/.test(code.value))) return;
    if (code) shell(code.value, s, depth + 1, undefined);
    return;
  }
  if (PREFIX.has(name)) {
    let i = 1;
    if (name === 'command' && /^-[vV]$/.test(words[1]?.value ?? '')) return; // a lookup, runs nothing
    if (name === 'timeout') {
      while (i < words.length && words[i]!.value.startsWith('-')) i++;
      i++; // the duration
    }
    for (; i < words.length; i++) {
      const v = words[i]!.value;
      if (words[i]!.dynamic) unsure();
      if (v === '--') {
        i++;
        break;
      }
      if (PREFIX_VALUE_OPTS.has(v)) i++;
      else if (!v.startsWith('-') && !(name === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(v))) break;
    }
    if (i >= words.length) {
      // prints the environment / runs echo / nothing
      if (name === 'env' || name === 'xargs' || name === 'command' || name === 'exec') return;
      unsure();
    }
    return program(words.slice(i), s, depth);
  }
  if (PLAIN.has(name)) return;
  return interpreter(basename(name), words.slice(1), s, depth);
}

/** An interpreter and its arguments: the program it runs must be a local file or inline code. */
function interpreter(name: string, args: Word[], s: Scan, depth: number): void {
  const code = (i: number) => (args[i] && !args[i]!.dynamic ? args[i]!.value : unsure());
  if (SHELLS.has(name)) {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a.dynamic) unsure();
      if (a.value === '-c') return shell(code(i + 1), s, depth + 1, undefined);
      if (a.value === '-s' || a.value === '-i') unsure();
      if (a.value === '-o' || a.value === '+o' || a.value === '-O' || a.value === '+O') i++;
      else if (a.value === '--') return ownProcess(s, () => shellFile(resolvePath(code(i + 1), s), s, depth + 1));
      else if (!/^[-+]/.test(a.value)) return ownProcess(s, () => shellFile(resolvePath(a.value, s), s, depth + 1));
    }
    return unsure(); // the program comes from stdin
  }
  if (PYTHON.test(name)) {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a.dynamic) unsure();
      if (a.value === '-c') return python(code(i + 1), s.cwd, s, depth + 1);
      if (a.value === '-X' || a.value === '-W') i++;
      else if (a.value === '-m' || a.value === '-' || a.value.startsWith('-m')) unsure();
      else if (!a.value.startsWith('-')) return pythonFile(resolvePath(a.value, s), s, depth + 1);
    }
    return unsure();
  }
  if (name === 'node' || name === 'nodejs' || name === 'bun') {
    let i = 0;
    if (name === 'bun' && args[0]?.value === 'run') i = 1;
    for (; i < args.length; i++) {
      const a = args[i]!;
      if (a.dynamic) unsure();
      if (['-e', '--eval', '-p', '--print'].includes(a.value)) return js(code(i + 1), s.cwd, s, depth + 1);
      if (['-r', '--require', '--import', '--loader', '--experimental-loader', '-'].includes(a.value)) unsure();
      if (!a.value.startsWith('-')) return jsFile(resolvePath(a.value, s), s, depth + 1);
    }
    return unsure();
  }
  if (name === 'uv' && args[0]?.value === 'run') {
    // `uv run [options] file.py`: a Python script (its imports are checked like any other)
    for (let i = 1; i < args.length; i++) {
      const a = args[i]!;
      if (a.dynamic) unsure();
      if (/^--(with|python|project|directory|env-file|extra|group|index)$/.test(a.value) || /^-[pw]$/.test(a.value))
        unsure();
      if (!a.value.startsWith('-'))
        return /\.py$/.test(a.value) ? pythonFile(resolvePath(a.value, s), s, depth + 1) : unsure();
    }
  }
  return unsure(); // npx, ruby, perl, a binary on PATH …
}

/** A file run as a program: its `#!` line says by what (none: /bin/sh, as execve's fallback does). */
function executable(file: string, s: Scan, depth: number): void {
  const text = read(file, s, depth);
  if (text === undefined) return;
  const bang = /^#!\s*(.*)/.exec(text)?.[1]?.trim().split(/\s+/);
  if (!bang) return shell(text, s, depth, file);
  let i = 0;
  if (basename(bang[0]!) === 'env') for (i = 1; i < bang.length && bang[i]!.startsWith('-'); i++);
  const name = basename(bang[i] ?? '');
  const dir = dirname(file);
  if (SHELLS.has(name)) return shell(text, s, depth, file);
  if (PYTHON.test(name)) return python(text, dir, s, depth);
  if (name === 'node' || name === 'nodejs' || name === 'bun') return js(text, dir, s, depth);
  if (name === 'uv' && bang[i + 1] === 'run') return python(text, dir, s, depth);
  return unsure();
}

/** A script run as its own process: the shell functions of its caller are not defined there (a sourced file shares
 * them).
 */
function ownProcess(s: Scan, check: () => void): void {
  const caller = s.functions;
  s.functions = new Set();
  try {
    check();
  } finally {
    s.functions = caller;
  }
}

function shellFile(file: string, s: Scan, depth: number): void {
  const text = read(file, s, depth);
  if (text !== undefined) shell(text, s, depth, file);
}

/**
 * What the expansions in shell text stand for: command substitutions are checked as shell programs where they
 * occur (and their output is not known), except the idioms for the script's own directory; `$0` is the script;
 * HOME and the agents' path variables resolve from the script's environment, unless the text sets them.
 */
function expansions(text: string, s: Scan, depth: number, script: string | undefined): Expansions {
  return {
    parameter(name) {
      if (name === '0' || name === 'BASH_SOURCE' || name === 'BASH_SOURCE[0]') return script;
      const v = s.env[name];
      return v !== undefined && resolvable(name) && !assigns(text, name) ? v : undefined;
    },
    command(inner) {
      const d = dirnameIdiom(inner, script);
      if (d === undefined) shell(inner, s, depth + 1, undefined);
      return d;
    },
  };
}

let pathVars: Set<string> | undefined;
/** HOME and every agent's project-dir and plugin-root variables (mappings/dialects/*.yaml `env`), collected once. */
function resolvable(name: string): boolean {
  if (!pathVars) {
    pathVars = new Set(['HOME']);
    for (const d of DIALECT_IDS) {
      const e = mappings.dialects[d].env;
      for (const v of [...(e?.projectDir ?? []), e?.pluginRoot]) if (v) pathVars.add(v);
    }
  }
  return pathVars.has(name);
}

/** Does the text set `name` (any occurrence that is not an expansion `$name` / `${name…`)? Conservative: then it is
 * not resolved.
 */
function assigns(text: string, name: string): boolean {
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    const expansion = text[i - 1] === '$' || (text[i - 1] === '{' && text[i - 2] === '$');
    if (
      !expansion &&
      !isShellNameChar(text.charCodeAt(i - 1), false) &&
      !isShellNameChar(text.charCodeAt(i + name.length) || 0, false)
    )
      return true;
  }
  return false;
}

/** `$(dirname "$0")`, `cd "$(dirname "${BASH_SOURCE[0]}")" && pwd`: the script's own directory. */
const DIRNAME_OF_SCRIPT = new RegExp(
  String.raw`^\s*(?:cd\s+(?:--\s+)?"?)?\$\(\s*dirname\s+(?:--\s+)?"?\$\{?(?:0|BASH_SOURCE(?:\[0\])?)\}?"?\s*\)"?` +
    String.raw`\s*(?:(&&|;)\s*pwd(?:\s+-P)?)?\s*$`,
);
/** `$(dirname "$0")`, `$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)`: the script's directory. */
function dirnameIdiom(inner: string, script: string | undefined): string | undefined {
  if (!script || !inner.includes('dirname')) return undefined;
  const m = DIRNAME_OF_SCRIPT.exec(inner);
  const plain = /^\s*dirname\s+(?:--\s+)?"?\$\{?(?:0|BASH_SOURCE(?:\[0\])?)\}?"?\s*$/.test(inner);
  return m || plain ? dirname(script) : undefined;
}
