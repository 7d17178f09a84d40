// The shell lexer shared by run's transcript check and audit's script resolution: words after quote removal,
// operators, redirections and here-documents as the shell reads them; expansions as the caller says, else as written.
import { describe, expect, it } from 'vitest';
import { lexShell, type Expansions, type Token } from '../../src/model/shell-lexer.js';

/** Tokens as strings: a word as its value (`~` marks a dynamic one), an operator in brackets. */
const show = (tokens: Token[]) =>
  tokens.map((t) => ('op' in t ? `[${t.op}]` : `${t.word.value}${t.word.dynamic ? '~' : ''}`));

describe('lexShell: words and operators (expansions kept as written)', () => {
  const TABLE: [string, string[]][] = [
    ['python3 "$CLAUDE_PROJECT_DIR/hooks/x.py"', ['python3', '$CLAUDE_PROJECT_DIR/hooks/x.py']],
    ['echo \'a b\' "c d" e\\ f', ['echo', 'a b', 'c d', 'e f']],
    ['echo "a\\"b\\$c\\x"', ['echo', 'a"b$c\\x']],
    ['echo \'\' ""', ['echo', '', '']],
    ['a && b || c; d | e & f', ['a', '[&&]', 'b', '[||]', 'c', '[;]', 'd', '[|]', 'e', '[&]', 'f']],
    ['a\nb # a comment\nc#d', ['a', '[;]', 'b', '[;]', 'c#d']],
    ['cmd 2>&1 >/dev/null <in', ['cmd', '[redir]', '1', '[redir]', '/dev/null', '[redir]', 'in']],
    ['cat <<EOF\nbody $(x) "\nEOF\nnext', ['cat', '[heredoc]', '[;]', 'next']],
    ["cat <<-'EOF'\n\tbody\n\tEOF\nnext", ['cat', '[heredoc]', '[;]', 'next']],
    ['f() { x; }', ['f', '[(]', '[)]', '{', 'x', '[;]', '}']],
    ['case $a in x) y ;; esac', ['case', '$a', 'in', 'x', '[)]', 'y', '[;;]', 'esac']],
    [
      'echo $(dirname "$0")/x `pwd` <(ls) $((1 + 2)) ${HOME:-/} $\'q\' $',
      ['echo', '$(dirname "$0")/x', '`pwd`', '<(ls)', '$((1 + 2))', '${HOME:-/}', 'q', '$'],
    ],
    ['a \\\n b', ['a', 'b']],
  ];
  for (const [src, words] of TABLE) {
    it(JSON.stringify(src), () => {
      const r = lexShell(src);
      expect(show(r.tokens)).toEqual(words);
      expect(r.unterminated).toBe(false);
    });
  }
});

describe('lexShell: expansions as the caller says', () => {
  const seen: string[] = [];
  const x: Expansions = {
    parameter: (name) => (name === 'HOME' ? '/HOME' : undefined),
    command: (program) => {
      seen.push(program);
      return program === 'pwd' ? '/p' : undefined;
    },
  };
  it('a known value joins the word; an unknown one makes it dynamic; $((…)) is always dynamic', () => {
    expect(show(lexShell('ls "$HOME"/x ${HOME} $OTHER $(pwd)/y `date` $((1+1))', x).tokens)).toEqual([
      'ls',
      '/HOME/x',
      '/HOME',
      '~',
      '/p/y',
      '~',
      '~',
    ]);
  });
  it(
    "command substitutions are handed over where they occur, also inside double quotes and an unquoted heredoc's " +
      'lines',
    () => {
      seen.length = 0;
      lexShell('echo "a $(jq -r .x) b" <(sort f)\ncat <<EOF\nat $(date +%s)\nEOF\ncat <<\'EOF\'\n$(quoted)\nEOF\n', x);
      expect(seen).toEqual(['jq -r .x', 'sort f', 'date +%s']);
    },
  );
});

describe('lexShell: unterminated text is read to its end and said so', () => {
  for (const src of ["echo 'a", 'echo "a', 'echo $(a', 'echo ${a', 'echo `a', 'cat <(a', 'cat << ', "echo $'a"]) {
    it(JSON.stringify(src), () => expect(lexShell(src).unterminated).toBe(true));
  }
  it('the open quote holds the rest of the text', () => {
    expect(show(lexShell('python3 "guard.py').tokens)).toEqual(['python3', 'guard.py']);
    expect(show(lexShell('rm -rf /tmp/$(date').tokens)).toEqual(['rm', '-rf', '/tmp/$(date']);
  });
});
