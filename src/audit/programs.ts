// What a hook command starts, statically: the program of each of its simple commands (the first word after
// assignments and `exec`, `env`, `timeout` …: an interpreter, a runner such as `uv`, `npx` or `bunx`, or a tool
// such as `cc-tools`), and whether that program failing to start ends the whole command with the shell's 127 — on
// every call, since nothing in the command changes from one call to the next. The command's status is followed as the
// shell follows it (`;`, `&&`, `||`, a pipeline's last command, `sh -c '…'`), each program taken to succeed when it
// starts; a command with a shell construct the reading does not follow (`if`, a loop, a function, a subshell) gives
// no program that decides, so nothing is claimed about it.
import { lexShell, type Token } from '../model/shell-lexer.js';
import { SHELL_BUILTINS } from '../model/shell-builtins.js';

export interface Started {
  /** The program as written (quotes removed): `cc-tools`, `uv`, `/opt/venv/bin/python3`. */
  program: string;
  /** When it cannot start, the whole command exits 127 (the shell's "not found") on every call. */
  decides: boolean;
}

/** Reserved words and constructs whose status this reading does not follow. */
const CONSTRUCTS = new Set(['if', 'then', 'else', 'elif', 'fi', 'for', 'while', 'until', 'do', 'done', 'case']);
const CONSTRUCTS_MORE = ['esac', 'select', 'function', '{', '}', '!', '[[', ']]', 'coproc'];
for (const w of CONSTRUCTS_MORE) CONSTRUCTS.add(w);

/** Operators a command list is made of; any other (`(`, `;;` …) is a construct. */
const LIST_OPS = new Set([';', '&&', '||', '|', '|&', '&']);

/** Programs that start the rest of their words as a command (after their own options). */
const PREFIXES: Record<string, { valued?: string[]; operands?: number }> = {
  exec: {},
  command: {},
  nohup: {},
  time: {},
  env: { valued: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'] },
  nice: { valued: ['-n', '--adjustment'] },
  timeout: { valued: ['-s', '--signal', '-k', '--kill-after'], operands: 1 },
};
/** The prefixes that are programs themselves (looked up on PATH); the others are shell builtins or keywords. */
const PREFIX_PROGRAMS = new Set(['env', 'nice', 'timeout', 'nohup']);
const SHELLS = /^(sh|bash|dash|zsh|ksh)$/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

interface Simple {
  words: string[];
}

/** The command's pipelines, each with the operator before it; undefined when it has a construct not followed here. */
function pipelines(tokens: Token[]): { op: string; commands: Simple[] }[] | undefined {
  const out: { op: string; commands: Simple[] }[] = [];
  let op = ';';
  let commands: Simple[] = [];
  let words: string[] = [];
  let target = false;
  const endCommand = () => {
    if (words.length) commands.push({ words });
    words = [];
  };
  const endPipeline = (next: string) => {
    endCommand();
    if (commands.length) out.push({ op, commands });
    commands = [];
    op = next;
  };
  for (const t of tokens) {
    if ('word' in t) {
      if (target) target = false;
      else {
        if (!words.length && CONSTRUCTS.has(t.word.value)) return undefined;
        words.push(t.word.value);
      }
      continue;
    }
    if (t.op === 'redir') {
      target = true;
      continue;
    }
    if (t.op === 'heredoc') continue;
    if (!LIST_OPS.has(t.op)) return undefined;
    if (t.op === '|' || t.op === '|&') endCommand();
    // A background job's status is 0, and the list goes on as after `;`.
    else endPipeline(t.op === '&' ? ';' : t.op);
  }
  endPipeline(';');
  return out;
}

/** The program a simple command starts (after assignments and prefixes), the prefixes that are programs, and the
 * arguments after it.
 */
function programOf(words: string[]): { program?: string; prefixes: string[]; args: string[] } {
  let i = 0;
  const prefixes: string[] = [];
  while (i < words.length && ASSIGNMENT.test(words[i]!)) i++;
  for (;;) {
    const w = words[i];
    const p = w === undefined ? undefined : PREFIXES[w];
    if (!p || w === undefined) break;
    if (PREFIX_PROGRAMS.has(w)) prefixes.push(w);
    i++;
    // `command -v x` looks x up and runs nothing.
    if (w === 'command' && /^-[vV]/.test(words[i] ?? '')) return { prefixes, args: [] };
    while (i < words.length && (words[i]!.startsWith('-') || (w === 'env' && ASSIGNMENT.test(words[i]!)))) {
      if (p.valued?.includes(words[i]!)) i++;
      i++;
    }
    i += p.operands ?? 0;
  }
  const program = words[i];
  return program === undefined ? { prefixes, args: [] } : { program, prefixes, args: words.slice(i + 1) };
}

/** The code a shell is given with `-c`, when it is. */
function shellCode(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-') && !a.startsWith('+')) return undefined;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(a)) return args[i + 1];
    if (a === '-o' || a === '+o' || a === '-O' || a === '+O') i++;
  }
  return undefined;
}

/**
 * Every program the command starts, each with whether it decides the command's status when it cannot start;
 * `found`: can this program start (a bare name on PATH, a path to an executable; a name it cannot resolve, `$TOOL`,
 * it takes to be there)? Paths to scripts are not programs here (script-missing and script-not-executable read those).
 */
export function programsOf(command: string, found: (program: string) => boolean): Started[] {
  const lexed = lexShell(command);
  if (lexed.unterminated) return [];
  const list = pipelines(lexed.tokens);
  if (!list) return [];
  const started: Started[] = [];
  /** A simple command's status: 127 when its program cannot start, else 0 (what it does when it runs is not known). */
  const run = (c: Simple): { status: number; missing?: Started } => {
    const { program, prefixes, args } = programOf(c.words);
    for (const p of prefixes)
      if (!found(p)) {
        const s: Started = { program: p, decides: false };
        started.push(s);
        return { status: 127, missing: s };
      }
    if (program === undefined || program.includes('`') || SHELL_BUILTINS.has(program)) return { status: 0 };
    if (program.includes('/') && !isInterpreter(program)) return { status: 0 }; // a script: the script rules' part
    if (!found(program)) {
      const s: Started = { program, decides: false };
      started.push(s);
      return { status: 127, missing: s };
    }
    const code = SHELLS.test(program.split('/').pop()!) ? shellCode(args) : undefined;
    if (code === undefined) return { status: 0 };
    // `sh -c '…'`: the shell's status is its code's.
    const inner = programsOf(code, found);
    const copies = inner.map((s) => ({ ...s, decides: false }));
    started.push(...copies);
    const i = inner.findIndex((s) => s.decides);
    return i >= 0 ? { status: 127, missing: copies[i]! } : { status: 0 };
  };
  let status = 0;
  let last: Started | undefined;
  for (const p of list) {
    if ((p.op === '&&' && status !== 0) || (p.op === '||' && status === 0)) continue;
    let r: { status: number; missing?: Started } = { status: 0 };
    for (const c of p.commands) r = run(c);
    status = r.status;
    last = r.missing;
  }
  if (status === 127 && last) last.decides = true;
  return started;
}

/** The value of the first of `flags` among an interpreter's options (before its script or `--`), when it has one. */
function optionValue(args: string[], flags: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (flags.includes(a)) return args[i + 1];
    if (a === '--' || !a.startsWith('-')) return undefined;
  }
  return undefined;
}

/** Code given inline to an interpreter, as the shell hands it over (unquoted). */
export interface InlineCode {
  language: 'shell' | 'python' | 'js';
  code: string;
}

/**
 * The code a command gives interpreters inline: `bash -c '…'` (and the inline code inside that), `python3 -c "…"`,
 * `node -e '…'` (`--eval`, `-p`, `--print`; bun). Read with the same words as programsOf.
 */
export function inlineCode(command: string): InlineCode[] {
  const lexed = lexShell(command);
  const list = lexed.unterminated ? undefined : pipelines(lexed.tokens);
  const out: InlineCode[] = [];
  for (const c of (list ?? []).flatMap((p) => p.commands)) {
    const { program, args } = programOf(c.words);
    const name = program?.split('/').pop() ?? '';
    if (SHELLS.test(name)) {
      const code = shellCode(args);
      if (code !== undefined) out.push({ language: 'shell', code }, ...inlineCode(code));
    } else if (/^python(\d(\.\d+)?)?$/.test(name)) {
      const code = optionValue(args, ['-c']);
      if (code !== undefined) out.push({ language: 'python', code });
    } else if (/^(node|nodejs|bun)$/.test(name)) {
      const code = optionValue(args, ['-e', '--eval', '-p', '--print']);
      if (code !== undefined) out.push({ language: 'js', code });
    }
  }
  return out;
}

/** Interpreters a command may name by path (`/opt/venv/bin/python3 guard.py`): a program, not a script. */
export const INTERPRETERS =
  /^(python3?|python\d\.\d+|node|bash|sh|zsh|dash|ruby|perl|deno|bun|tsx|ts-node|pwsh|php|uv)$/;
const isInterpreter = (word: string) => INTERPRETERS.test(word.split('/').pop()!);
