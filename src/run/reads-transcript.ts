// `run --transcript auto`: can the wrapped command read the transcript (or the todo list)? Translating the
// host's transcript costs every call 2–5 ms, so it is skipped for a script that provably cannot read it. The
// check is static, cheap and conservative: any doubt answers "it may" (translate), because a wrong "no" is a
// silent failure (a Stop hook that finds no assistant message ends the loop it exists to keep going).
//
// "May read" when the command text, or any script file it runs, mentions `transcript` or `todo` (the payload
// field, the todo directory); or when a program cannot be inspected: a program on PATH outside a short list of
// shell builtins and standard text utilities (a binary can parse the payload and open any path in it), `npx`,
// `python -m`, `uv run` without a script file, a non-local non-stdlib import, an unresolvable `source`/import/
// script path, `$(…)` or a variable as the program, `eval`, a program read from stdin, spawning or network
// modules (they may hand the payload to something uninspectable); or when the scan goes past its bounds.
// Local files a script runs, sources, imports or requires are scanned too.
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

/** Cheaper than a case-insensitive regex, which costs its compilation on every call of a fresh process. */
const mentions = (text: string) => {
  const t = text.toLowerCase();
  return t.includes('transcript') || t.includes('todo');
};
const MAX_FILES = 24;
const MAX_BYTES = 256 * 1024;
const MAX_DEPTH = 6;

/** Thrown for any doubt: the answer is then "may read". */
const UNSURE = Symbol('unsure');
const unsure = (): never => {
  throw UNSURE;
};

interface Scan {
  cwd: string;
  env: NodeJS.ProcessEnv;
  files: number;
  seen: Set<string>;
  /** Shell functions defined so far (calls to them are not programs). */
  functions: Set<string>;
}

/** Shell builtins and utilities that read only what they are given (files named on their command line, stdin). */
const PLAIN = new Set(
  ('echo printf exit return true false : test [ read set unset export local declare typeset readonly shift cd pwd pushd popd trap wait break continue let ' +
    'getopts type hash umask shopt alias unalias mapfile readarray which ' +
    'cat jq grep egrep fgrep sed awk gawk mawk head tail cut tr sort uniq wc tee basename dirname date sleep mkdir touch rm rmdir ' +
    'ls cp mv ln chmod seq expr base64 sha1sum sha256sum md5sum realpath readlink stat whoami id hostname uname mktemp diff cmp comm paste ' +
    'fold fmt nl od rev tac column logger printenv yes').split(' '),
);
/** Prefix commands: the program they run is the next word that is not an option or assignment. */
const PREFIX = new Set(['exec', 'command', 'env', 'nohup', 'nice', 'time', 'timeout', 'xargs', 'stdbuf', 'setsid']);
/** Options of prefix commands that take a value (so the value is not the program). */
const PREFIX_VALUE_OPTS = new Set(['-I', '-i', '-n', '-L', '-P', '-d', '-E', '-s', '-a', '-u', '-k', '-o', '-e', '-C', '-S']);
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh']);
const PYTHON = /^python(\d+(\.\d+)?)?$/;
const RESERVED = new Set(['if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', '!', '{', '}', 'esac', 'in']);

/** Does the command (a shell string, or an exec-form argv) possibly read the transcript or the todo list? */
export function mayReadTranscript(command: string | string[], cwd: string, env: NodeJS.ProcessEnv): boolean {
  const s: Scan = { cwd, env, files: 0, seen: new Set(), functions: new Set() };
  try {
    if (typeof command === 'string') shell(command, s, 0, undefined);
    else {
      if (command.some((a) => mentions(a))) return true;
      program(command.map((value) => ({ value, dynamic: false })), s, 0);
    }
    return false;
  } catch {
    return true; // unsure, or a failure of the check itself: translate
  }
}

// ---------- shell ----------

interface Word {
  /** The word after quote removal and the expansions that could be resolved. */
  value: string;
  /** It holds an expansion whose value is not known statically. */
  dynamic: boolean;
}
type Token = { word: Word } | { op: string };

/** Check a shell program (a command string or a script file's text). `script`: the file, for `$0`. */
function shell(text: string, s: Scan, depth: number, script: string | undefined): void {
  if (mentions(text)) unsure();
  if (depth > MAX_DEPTH) unsure();
  const tokens = lex(text, s, depth, script);
  // Functions defined anywhere in this text: `name() {…}` or `function name`.
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if ('word' in t && t.word.value === 'function' && tokens[i + 1] && 'word' in tokens[i + 1]!) s.functions.add((tokens[i + 1] as { word: Word }).word.value);
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
        while (i + 1 < tokens.length && !(isWord(tokens[i + 1]) && (tokens[i + 1] as { word: Word }).word.value === 'in')) i++;
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
function program(words: Word[], s: Scan, depth: number): void {
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
      if (name === 'env' || name === 'xargs' || name === 'command' || name === 'exec') return; // prints the environment / runs echo / nothing
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
      if (/^--(with|python|project|directory|env-file|extra|group|index)$/.test(a.value) || /^-[pw]$/.test(a.value)) unsure();
      if (!a.value.startsWith('-')) return /\.py$/.test(a.value) ? pythonFile(resolvePath(a.value, s), s, depth + 1) : unsure();
    }
  }
  return unsure(); // npx, ruby, perl, a binary on PATH …
}

/** Expand `~`, relative to the command's cwd (the project directory: run starts the command there). */
function resolvePath(p: string, s: Scan): string {
  if (p === '~' || p.startsWith('~/')) return join(s.env.HOME ?? unsure(), p.slice(1));
  return isAbsolute(p) ? p : resolve(s.cwd, p);
}

/** Read a file to scan (each once; bounded in number and size; unreadable = unsure). */
function read(file: string, s: Scan, depth: number): string | undefined {
  if (depth > MAX_DEPTH) unsure();
  if (s.seen.has(file)) return undefined;
  s.seen.add(file);
  if (++s.files > MAX_FILES) unsure();
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch {
    return unsure();
  }
  if (buf.length > MAX_BYTES || buf.subarray(0, 4096).includes(0)) unsure(); // too large, or a binary
  const text = buf.toString('utf8');
  if (mentions(text)) unsure();
  return text;
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

/** A script run as its own process: the shell functions of its caller are not defined there (a sourced file shares them). */
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
 * Split shell text into words and control operators. Command substitutions (`$(…)`, backquotes, `<(…)`) are
 * checked as shell programs where they occur, and make their word dynamic; heredoc bodies are data (but an
 * unquoted one's substitutions run).
 */
function lex(src: string, s: Scan, depth: number, script: string | undefined): Token[] {
  const out: Token[] = [];
  let value = '';
  let dynamic = false;
  let inWord = false;
  const heredocs: { delim: string; strip: boolean; expand: boolean }[] = [];
  const end = () => {
    if (inWord) out.push({ word: { value, dynamic } });
    value = '';
    dynamic = false;
    inWord = false;
  };
  const sub = (inner: string) => {
    const d = dirnameIdiom(inner, script);
    if (d !== undefined) {
      value += d;
      return;
    }
    shell(inner, s, depth + 1, undefined);
    dynamic = true;
  };
  /** `$…` at src[i] (i at the `$`): returns the index after it. */
  const dollar = (i: number): number => {
    const c = src[i + 1];
    if (c === '(' && src[i + 2] === '(') {
      const j = matching(src, i + 1);
      dynamic = true;
      return j + 1;
    }
    if (c === '(') {
      const j = matching(src, i + 1);
      sub(src.slice(i + 2, j));
      return j + 1;
    }
    if (c === '{') {
      const j = src.indexOf('}', i);
      if (j < 0) unsure();
      expand(src.slice(i + 2, j));
      return j + 1;
    }
    if (c === "'") {
      const j = src.indexOf("'", i + 2);
      if (j < 0) unsure();
      value += src.slice(i + 2, j);
      return j + 1;
    }
    let j = i + 1;
    while (j < src.length && isNameChar(src.charCodeAt(j), j === i + 1)) j++;
    if (j === i + 1 && j < src.length && '0123456789@*#?$!-'.includes(src[j]!)) j++;
    if (j === i + 1) {
      value += '$';
      return j;
    }
    expand(src.slice(i + 1, j));
    return j;
  };
  const expand = (name: string) => {
    if (name === '0' || name === 'BASH_SOURCE' || name === 'BASH_SOURCE[0]') {
      if (script) value += script;
      else dynamic = true;
      return;
    }
    // Only the agent's path variables and HOME resolve, from the script's environment, unless this text sets them.
    const v = RESOLVED.test(name) && !assigns(src, name) ? s.env[name] : undefined;
    if (v === undefined) dynamic = true;
    else value += v;
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\n') {
      end();
      out.push({ op: ';' });
      i++;
      // heredoc bodies start on the next line
      for (const h of heredocs.splice(0)) {
        for (;;) {
          const nl = src.indexOf('\n', i);
          const line = src.slice(i, nl < 0 ? src.length : nl);
          i = nl < 0 ? src.length : nl + 1;
          if ((h.strip ? line.replace(/^\t+/, '') : line) === h.delim) break;
          if (h.expand && (line.includes('$(') || line.includes('`'))) lex(line, s, depth, script);
          if (nl < 0) break;
        }
      }
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      end();
      i++;
      continue;
    }
    if (c === '#' && !inWord) {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '\\') {
      if (src[i + 1] !== '\n') {
        value += src[i + 1] ?? '';
        inWord = true;
      }
      i += 2;
      continue;
    }
    if (c === "'") {
      const j = src.indexOf("'", i + 1);
      if (j < 0) unsure();
      value += src.slice(i + 1, j);
      inWord = true;
      i = j + 1;
      continue;
    }
    if (c === '"') {
      inWord = true;
      i++;
      while (i < src.length && src[i] !== '"') {
        const d = src[i]!;
        if (d === '\\' && '"\\$`\n'.includes(src[i + 1] ?? '')) {
          value += src[i + 1] === '\n' ? '' : src[i + 1];
          i += 2;
        } else if (d === '$') i = dollar(i);
        else if (d === '`') i = backquote(i);
        else {
          value += d;
          i++;
        }
      }
      if (i >= src.length) unsure();
      i++;
      continue;
    }
    if (c === '$') {
      inWord = true;
      i = dollar(i);
      continue;
    }
    if (c === '`') {
      inWord = true;
      i = backquote(i);
      continue;
    }
    if ((c === '<' || c === '>') && src[i + 1] === '(') {
      const j = matching(src, i + 1);
      sub(src.slice(i + 2, j));
      inWord = true;
      i = j + 1;
      continue;
    }
    if (c === '<' || c === '>' || (c === '&' && src[i + 1] === '>')) {
      if (inWord && /^\d+$/.test(value) && !dynamic) {
        value = '';
        inWord = false;
      }
      end();
      const m = REDIRS.find((r) => src.startsWith(r, i))!;
      i += m.length;
      if (m === '<<' || m === '<<-') {
        while (src[i] === ' ' || src[i] === '\t') i++;
        const d = /^(['"]?)([^\s'";&|<>()]+)\1/.exec(src.slice(i));
        if (!d) unsure();
        heredocs.push({ delim: d![2]!, strip: m === '<<-', expand: !d![1] });
        i += d![0].length;
        out.push({ op: 'heredoc' });
        continue;
      }
      // `>&2`, `2>&1`: the fd is the target
      out.push({ op: 'redir' });
      continue;
    }
    const op = ';|&()'.includes(c) ? OPS.find((o) => src.startsWith(o, i)) : undefined;
    if (op) {
      end();
      out.push({ op });
      i += op.length;
      continue;
    }
    value += c;
    inWord = true;
    i++;
  }
  end();
  return out;

  function backquote(at: number): number {
    const j = src.indexOf('`', at + 1);
    if (j < 0) unsure();
    sub(src.slice(at + 1, j));
    return j + 1;
  }
}

const REDIRS = ['<<-', '<<<', '&>>', '<<', '<>', '<&', '>&', '>>', '>|', '&>', '<', '>'];
const OPS = [';;&', ';;', ';&', '||', '&&', '|&', '|', '&', ';', '(', ')'];
/** Variables resolved from the script's environment: the agents' project and plugin directories, HOME. */
const RESOLVED = /^(HOME|[A-Z]+_PROJECT_DIR|[A-Z]+_PLUGIN_ROOT|extensionPath)$/;
const isNameChar = (c: number, first: boolean) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || (!first && c >= 48 && c <= 57);

/** Does the text set `name` (any occurrence that is not an expansion `$name` / `${name…`)? Conservative: then it is not resolved. */
function assigns(text: string, name: string): boolean {
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    const expansion = text[i - 1] === '$' || (text[i - 1] === '{' && text[i - 2] === '$');
    if (!expansion && !isNameChar(text.charCodeAt(i - 1), false) && !isNameChar(text.charCodeAt(i + name.length) || 0, false)) return true;
  }
  return false;
}

/** The index of the `)` matching the `(` at src[open] (quotes and nesting respected). */
function matching(src: string, open: number): number {
  let n = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === "'") {
      i = src.indexOf("'", i + 1);
      if (i < 0) break;
    } else if (c === '"') {
      for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === '\\') i++;
    } else if (c === '(') n++;
    else if (c === ')' && --n === 0) return i;
  }
  return unsure();
}

/** `$(dirname "$0")`, `$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)`: the script's directory. */
function dirnameIdiom(inner: string, script: string | undefined): string | undefined {
  if (!script || !inner.includes('dirname')) return undefined;
  const m = /^\s*(?:cd\s+(?:--\s+)?"?)?\$\(\s*dirname\s+(?:--\s+)?"?\$\{?(?:0|BASH_SOURCE(?:\[0\])?)\}?"?\s*\)"?\s*(?:(&&|;)\s*pwd(?:\s+-P)?)?\s*$/.exec(inner);
  const plain = /^\s*dirname\s+(?:--\s+)?"?\$\{?(?:0|BASH_SOURCE(?:\[0\])?)\}?"?\s*$/.test(inner);
  return m || plain ? dirname(script) : undefined;
}

// ---------- Python ----------

/** Standard-library modules a hook script commonly imports that cannot hand the payload to another program. */
const PY_STDLIB = new Set(
  ('__future__ abc argparse array ast base64 binascii bisect calendar cmath codecs collections colorsys contextlib copy csv dataclasses ' +
    'datetime decimal difflib enum errno fnmatch fractions functools gettext glob gzip hashlib heapq hmac html io ipaddress itertools ' +
    'json keyword linecache locale logging math mimetypes numbers operator os pathlib platform pprint random re secrets shlex shutil ' +
    'signal stat statistics string struct sys tempfile textwrap time timeit tomllib traceback types typing unicodedata uuid warnings zlib ' +
    'zoneinfo getpass pwd grp select fcntl termios tty configparser').split(' '),
);
/** Code that runs other programs or talks to the network: the payload may reach something uninspectable. */
const PY_UNSURE = /\b(subprocess|os\s*\.\s*(system|popen|exec\w*|spawn\w*|fork\w*|posix_spawn\w*)|__import__|importlib|runpy|exec\s*\(|eval\s*\(|socket|urllib|http|requests|ctypes|multiprocessing|pty)\b/;

function pythonFile(file: string, s: Scan, depth: number): void {
  const text = read(file, s, depth);
  if (text !== undefined) python(text, dirname(file), s, depth);
}

function python(text: string, dir: string, s: Scan, depth: number): void {
  if (mentions(text) || PY_UNSURE.test(text)) unsure();
  for (const m of text.matchAll(/^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import\b|import[ \t]+([^\n#;]+))/gm)) {
    const mods = m[1] !== undefined ? [m[1]] : m[2]!.replace(/[()\\]/g, '').split(',').map((x) => x.trim().split(/\s+/)[0]!);
    for (const mod of mods) pyModule(mod, dir, s, depth);
  }
}

function pyModule(mod: string, dir: string, s: Scan, depth: number): void {
  const dots = /^\.*/.exec(mod)![0].length;
  let base = dir;
  for (let i = 1; i < dots; i++) base = dirname(base);
  const parts = mod.slice(dots).split('.').filter(Boolean);
  if (!parts.length) unsure(); // `from . import x`: any module of the package
  const path = join(base, ...parts);
  for (const f of [`${path}.py`, join(path, '__init__.py')]) {
    if (exists(f)) return pythonFile(f, s, depth + 1);
  }
  if (dots || !PY_STDLIB.has(parts[0]!)) unsure();
}


// ---------- JavaScript / TypeScript ----------

const JS_SAFE_BUILTINS = new Set(['fs', 'fs/promises', 'path', 'path/posix', 'os', 'util', 'events', 'stream', 'stream/promises', 'string_decoder', 'readline', 'readline/promises', 'url', 'querystring', 'buffer', 'assert', 'assert/strict', 'zlib', 'crypto', 'timers', 'timers/promises', 'process', 'console', 'perf_hooks', 'util/types', 'tty']);
const JS_UNSURE = /\beval\s*\(|\bnew\s+Function\b|\bfetch\s*\(|\bBun\s*\.|\bDeno\s*\.|\brequire\s*\(\s*[^'"\s)]|\bimport\s*\(\s*[^'"\s)]|\brequire\s*\(\s*`/;

function jsFile(file: string, s: Scan, depth: number): void {
  const text = read(file, s, depth);
  if (text !== undefined) js(text, dirname(file), s, depth);
}

function js(text: string, dir: string, s: Scan, depth: number): void {
  if (mentions(text) || JS_UNSURE.test(text)) unsure();
  for (const m of text.matchAll(/\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)|\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g)) {
    const spec = (m[1] ?? m[2] ?? m[3])!;
    if (spec.startsWith('.') || spec.startsWith('/')) jsLocal(isAbsolute(spec) ? spec : resolve(dir, spec), s, depth + 1);
    else if (!JS_SAFE_BUILTINS.has(spec.replace(/^node:/, ''))) unsure();
  }
}

function jsLocal(path: string, s: Scan, depth: number): void {
  for (const f of [path, ...['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'].map((e) => path + e), ...['index.js', 'index.mjs', 'index.cjs', 'index.ts'].map((e) => join(path, e))]) {
    if (exists(f)) return /\.json$/.test(f) ? undefined : jsFile(f, s, depth);
  }
  unsure();
}

const exists = (f: string) => statSync(f, { throwIfNoEntry: false })?.isFile() === true;
