// POSIX shell text → words and control operators, statically (nothing runs): quotes removed, backslashes,
// comments, redirections and here-documents read as the shell reads them. What an expansion (`$NAME`, `$(…)`)
// stands for is the caller's to say; without a say it stays as written. One lexer for every reader of hook
// commands: run's transcript check (src/run/scan-shell.ts) and audit's script resolution (src/audit/scripts.ts).

export interface Word {
  /** The word after quote removal and the expansions that could be resolved. */
  value: string;
  /** It holds an expansion whose value is not known statically. */
  dynamic: boolean;
}

/**
 * A word, or an operator: a control operator as written (`;`, `|`, `&&`, `(`, `;;` …; a newline is `;`), or
 * `redir` (a redirection: the next word is its target) or `heredoc` (a here-document: its body is consumed).
 */
export type Token = { word: Word } | { op: string };

/** What the expansions in a word stand for. */
export interface Expansions {
  /** `$NAME`, `$1`, `${…}` (`name`: the name, or the text between the braces): its value, or undefined when not
   * known.
   */
  parameter(name: string): string | undefined;
  /**
   * `$(…)`, backquotes, `<(…)`, `>(…)` (`program`: the text inside): its output where known statically, else
   * undefined. Also called for the substitutions in the lines of an unquoted here-document (they run).
   */
  command(program: string): string | undefined;
}

export interface Lexed {
  tokens: Token[];
  /** A quote, a substitution or a `${` was not closed, or a here-document has no delimiter: the rest was read as its
   * content.
   */
  unterminated: boolean;
}

const REDIRS = ['<<-', '<<<', '&>>', '<<', '<>', '<&', '>&', '>>', '>|', '&>', '<', '>'];
const OPS = [';;&', ';;', ';&', '||', '&&', '|&', '|', '&', ';', '(', ')'];

/** A character of a shell variable name (`first`: at its start, where digits are not allowed). */
export const isShellNameChar = (c: number, first: boolean) =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || (!first && c >= 48 && c <= 57);

/**
 * Split shell text into words and operators. With `x`, a word with an expansion takes the value `x` gives it,
 * or is dynamic; `$((…))` is always dynamic. Without `x`, every expansion is kept as written and no word is dynamic.
 */
export function lexShell(src: string, x?: Expansions): Lexed {
  const out: Token[] = [];
  let unterminated = false;
  let value = '';
  let dynamic = false;
  let inWord = false;
  const heredocs: { delim: string; strip: boolean; expand: boolean }[] = [];
  /** Where a construct closes (its index), or the end of the text when it does not. */
  const close = (j: number) => {
    if (j >= 0) return j;
    unterminated = true;
    return src.length;
  };
  const end = () => {
    if (inWord) out.push({ word: { value, dynamic } });
    value = '';
    dynamic = false;
    inWord = false;
  };
  /** An expansion: its value from `x`, else dynamic; without `x`, its text as written. */
  const expansion = (v: string | undefined, written: string) => {
    if (!x) value += written;
    else if (v === undefined) dynamic = true;
    else value += v;
  };
  /** `$…` at src[i] (i at the `$`): returns the index after it. */
  const dollar = (i: number): number => {
    const c = src[i + 1];
    if (c === '(' && src[i + 2] === '(') {
      const j = close(matching(src, i + 1));
      expansion(undefined, src.slice(i, j + 1));
      return j + 1;
    }
    if (c === '(') {
      const j = close(matching(src, i + 1));
      expansion(x?.command(src.slice(i + 2, j)), src.slice(i, j + 1));
      return j + 1;
    }
    if (c === '{') {
      const j = close(src.indexOf('}', i));
      expansion(x?.parameter(src.slice(i + 2, j)), src.slice(i, j + 1));
      return j + 1;
    }
    if (c === "'") {
      const j = close(src.indexOf("'", i + 2));
      value += src.slice(i + 2, j);
      return j + 1;
    }
    let j = i + 1;
    while (j < src.length && isShellNameChar(src.charCodeAt(j), j === i + 1)) j++;
    if (j === i + 1 && j < src.length && '0123456789@*#?$!-'.includes(src[j]!)) j++;
    if (j === i + 1) {
      value += '$';
      return j;
    }
    expansion(x?.parameter(src.slice(i + 1, j)), src.slice(i, j));
    return j;
  };
  const backquote = (at: number): number => {
    const j = close(src.indexOf('`', at + 1));
    expansion(x?.command(src.slice(at + 1, j)), src.slice(at, j + 1));
    return j + 1;
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
          if (x && h.expand && (line.includes('$(') || line.includes('`')) && lexShell(line, x).unterminated)
            unterminated = true;
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
      const j = close(src.indexOf("'", i + 1));
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
      if (i >= src.length) unterminated = true;
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
      const j = close(matching(src, i + 1));
      expansion(x?.command(src.slice(i + 2, j)), src.slice(i, j + 1));
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
        if (!d) {
          unterminated = true;
          continue;
        }
        heredocs.push({ delim: d[2]!, strip: m === '<<-', expand: !d[1] });
        i += d[0].length;
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
  return { tokens: out, unterminated };
}

/** The index of the `)` matching the `(` at src[open] (quotes and nesting respected), or -1. */
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
  return -1;
}
