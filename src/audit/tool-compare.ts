// Which tool names a script compares with the payload's tool name, read from its text: a literal counts only where it
// is compared with that field, directly or through a variable assigned from it — `==`, `!=`, `===`, shell `=` and
// `case … in`, Python `in (…)` / `in NAMES` / `match`, JS `switch`, `.includes()` / `.has()`, jq `IN(…)`, and a
// regex tested against it (`=~`, `re.match`, `/…/.test`). A word elsewhere (a regex of shell commands, a parser's
// keyword, a comment) is not a comparison. Shell, Python, JavaScript and jq, which is what hook scripts are written
// in.

const ID = '[A-Za-z_$][\\w$]*';
const LIT = `["'\`]([A-Za-z_][\\w.-]*)["'\`]`;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A read of the field from the payload: `.tool_name` (JS, jq), `["tool_name"]`, `.get("tool_name", …)`. */
const access = (field: string) =>
  `(?:\\??\\.${esc(field)}\\b|\\[\\s*["']${esc(field)}["']\\s*\\]|\\.get\\(\\s*["']${esc(field)}["'][^)]*\\))`;

/**
 * The variables holding the field's value: assigned from a read of it (`t = data.get("tool_name")`,
 * `TOOL=$(jq -r .tool_name)`, `const { tool_name: t } = input`), or from such a variable as it is (`name = t.lower()`,
 * `String(t || '')`) — not from what a function makes of it (`action = classify(t)`) or a test of it.
 */
function holders(text: string, field: string): Set<string> {
  const names = new Set([field]);
  // `x = …`, `x := …`, `local x=…`, `const x = …`, `export X=$(…)`; not `==`, `!=`, `<=`, `=>`.
  const assign = new RegExp(
    `(?:^|[\\s;({])(?:export\\s+|local\\s+|readonly\\s+|declare\\s+(?:-\\w+\\s+)?|const\\s+|let\\s+|var\\s+)?` +
      `(${ID})\\s*:?=(?![=>~])(.*)$`,
    'gm',
  );
  const read = new RegExp(access(field));
  const comparison = /===?|!==?|\s(?:in|not)\s|\?[^?.]/;
  // `const { tool_name: name } = …`
  for (const m of text.matchAll(new RegExp(`\\{[^}]*\\b${esc(field)}\\s*:\\s*(${ID})[^}]*\\}\\s*=`, 'g')))
    names.add(m[1]!);
  for (const m of text.matchAll(assign)) if (read.test(m[2]!) && !comparison.test(m[2]!)) names.add(m[1]!);
  for (let pass = 0; pass < 2; pass++) {
    const h = `(?:${[...names].map(esc).join('|')})`;
    const same = new RegExp(
      `^\\s*(?:String\\(|str\\()?\\s*["']?\\$?\\{?${h}\\}?["']?(?:\\.\\w+\\(\\))*\\s*` +
        `(?:(?:\\|\\||\\?\\?|\\bor\\b)\\s*(?:''|""|None|null|undefined))?\\s*\\)?\\s*;?\\s*$`,
    );
    for (const m of text.matchAll(assign)) if (same.test(m[2]!)) names.add(m[1]!);
  }
  return names;
}

/** An expression holding the tool name: the field read from the payload, or a holder (`$t`, `"${t}"`, `t`). */
function expression(text: string, field: string): string {
  const vars = [...holders(text, field)].map(esc).join('|');
  const ref = `(?:["']?\\$\\{?(?:${vars})\\}?["']?|(?<![\\w$.])(?:${vars})(?![\\w$]))`;
  // a payload variable before the access (`input.tool_name`, `data["tool_name"]`, `$input.tool_name`), and a call or
  // two after it (`.lower()`, `.toLowerCase()`, `.strip()`).
  return `(?:(?:\\$?${ID})?${access(field)}|${ref})(?:\\.\\w+\\(\\))*`;
}

/** String literals in a piece of text. */
const literals = (s: string) => [...s.matchAll(new RegExp(LIT, 'g'))].map((m) => m[1]!);

/** The names of a collection constant's definition (`NAMES = ("Bash", "Write")`, a dict's keys, `new Set([…])`). */
function collection(text: string, name: string): string[] {
  const def = new RegExp(
    `(?<![\\w$.])${esc(name)}\\s*(?::[^=\\n]*)?=\\s*(?:new\\s+Set\\(\\s*|frozenset\\(\\s*)?([[({])`,
  );
  const m = def.exec(text);
  if (!m) return [];
  const open = m.index + m[0].length - 1;
  const close = closing(text, open);
  const body = text.slice(open + 1, close);
  // A dict or object: its keys; a list, tuple or set: every literal.
  const keys = [...body.matchAll(new RegExp(`${LIT}\\s*:`, 'g'))].map((k) => k[1]!);
  return keys.length ? keys : literals(body);
}

/** The index of the bracket closing the one at `open` (or the end of the text). */
function closing(text: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c in pairs) depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return text.length;
}

/** The words of a regex tested against the tool name (`^(Bash|Write)$` → Bash, Write). */
const regexWords = (pattern: string) => [...pattern.matchAll(/[A-Za-z_][\w-]*/g)].map((m) => m[0]);

/** Every tool name the text compares with the payload's tool-name field (`tool_name`, or the agent's name for it). */
export function comparedToolNames(text: string, field: string): Set<string> {
  const out = new Set<string>();
  if (!new RegExp(`(?<![\\w$])${esc(field)}(?![\\w$])`).test(text)) return out;
  const e = expression(text, field);
  const add = (xs: string[]) => {
    for (const x of xs) out.add(x);
  };
  // e == "Bash", "Bash" === e; in a shell test also `=` and a bare word: [ "$t" = Bash ], [[ $t == Bash ]]
  const op = '(?:===|!==|==|!=)';
  for (const m of text.matchAll(new RegExp(`${e}\\s*${op}\\s*${LIT}`, 'g'))) add([m[1]!]);
  for (const m of text.matchAll(new RegExp(`${LIT}\\s*${op}\\s*${e}`, 'g'))) add([m[1]!]);
  // (a read inside a command substitution too: [ "$(jq -r .tool_name)" = "Bash" ])
  const test = `(?:\\[\\[?|\\btest)\\s[^\\]\\n]*?${e}[)"'\\s]*(?:==|!=|=)\\s*(?:${LIT}|([A-Za-z_][\\w.-]*))`;
  for (const m of text.matchAll(new RegExp(test, 'g'))) add([m[1] ?? m[2]!]);
  // e in ("Bash", "Write") / e not in [...] / e in NAMES
  for (const m of text.matchAll(new RegExp(`${e}\\s+(?:not\\s+)?in\\s+(?:([[({])|(${ID}))`, 'g'))) {
    if (m[2]) add(collection(text, m[2]));
    else {
      const open = m.index + m[0].length - 1;
      add(literals(text.slice(open, closing(text, open) + 1)));
    }
  }
  // ["Bash", "Write"].includes(e), NAMES.includes(e), NAMES.has(e), NAMES.indexOf(e)
  for (const m of text.matchAll(new RegExp(`(\\]|${ID})\\s*\\.\\s*(?:includes|has|indexOf)\\(\\s*${e}\\s*\\)`, 'g'))) {
    if (m[1] !== ']') add(collection(text, m[1]!));
    else {
      const end = m.index;
      let depth = 0;
      let i = end;
      for (; i >= 0; i--) {
        if (text[i] === ']') depth++;
        else if (text[i] === '[' && --depth === 0) break;
      }
      add(literals(text.slice(Math.max(i, 0), end + 1)));
    }
  }
  // jq: e | IN("Bash", "Write")
  for (const m of text.matchAll(new RegExp(`${e}\\s*\\|\\s*IN\\(([^)]*)\\)`, 'g'))) add(literals(m[1]!));
  // switch (e) { case "Bash": … }  /  match e:  case "Bash" | "Write":
  for (const m of text.matchAll(new RegExp(`switch\\s*\\(\\s*${e}\\s*\\)\\s*\\{`, 'g'))) {
    const open = m.index + m[0].length - 1;
    const body = text.slice(open, closing(text, open));
    for (const c of body.matchAll(new RegExp(`\\bcase\\s+${LIT}\\s*:`, 'g'))) add([c[1]!]);
  }
  for (const m of text.matchAll(new RegExp(`^([ \\t]*)match\\s+${e}\\s*:[ \\t]*$`, 'gm'))) {
    const indent = m[1]!.length;
    for (const line of text
      .slice(m.index + m[0].length)
      .split('\n')
      .slice(1)) {
      if (line.trim() && line.length - line.trimStart().length <= indent) break;
      const c = /^\s*case\s+(.*):\s*$/.exec(line);
      if (c) add(literals(c[1]!));
    }
  }
  // case "$t" in  Bash|Write) … ;; esac
  for (const m of text.matchAll(new RegExp(`\\bcase\\s+${e}\\s+in\\b`, 'g'))) {
    const rest = text.slice(m.index + m[0].length);
    const body = rest.slice(0, Math.max(rest.search(/\besac\b/), 0));
    for (const arm of body.matchAll(/(?:^|;;&?|;&|\bin\b)\s*\(?([^()\n;]+)\)/g))
      for (const p of arm[1]!.split('|')) {
        const w = p.trim().replace(/^["']|["']$/g, '');
        if (/^[A-Za-z_][\w.-]*$/.test(w)) add([w]);
      }
  }
  // a regex tested against it: [[ $t =~ ^(Bash|Write)$ ]], re.match(r"…", t), /…/.test(t)
  for (const m of text.matchAll(new RegExp(`${e}\\s*=~\\s*["']?([^\\s\\]"']+)`, 'g'))) add(regexWords(m[1]!));
  const pattern = LIT.replace('([A-Za-z_][\\w.-]*)', '([^"\'`]+)');
  const reCall = `re\\.(?:match|search|fullmatch)\\(\\s*r?${pattern}\\s*,\\s*${e}`;
  for (const m of text.matchAll(new RegExp(reCall, 'g'))) add(regexWords(m[1]!));
  for (const m of text.matchAll(new RegExp(`/((?:[^/\\\\\\n]|\\\\.)+)/[a-z]*\\.test\\(\\s*${e}\\s*\\)`, 'g')))
    add(regexWords(m[1]!));
  return out;
}
