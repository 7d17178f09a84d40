import { shellWords } from '../scripts.js';
import { defineRule, paths } from '../types.js';

/**
 * The shell text with everything that is not code blanked out (same length, so offsets map back): quoted strings
 * (but not the `$(…)` inside double quotes), comments and here-document bodies. A guard that *looks for*
 * `rm -rf /` in a quoted pattern or a `case` label is not running it.
 */
function codeOnly(src: string): string {
  const out = src.split('');
  const stack: ('sq' | 'dq' | 'sub' | 'bt')[] = [];
  const depth: number[] = [];
  let heredocs: string[] = [];
  const blank = (k: number) => {
    if (out[k] !== '\n') out[k] = '_';
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    const ctx = stack[stack.length - 1];
    if (ctx === 'sq') {
      if (c === "'") stack.pop();
      else blank(i);
      i++;
      continue;
    }
    if (ctx === 'dq') {
      if (c === '\\') {
        blank(i);
        if (i + 1 < src.length) blank(i + 1);
        i += 2;
      } else if (c === '"') {
        stack.pop();
        i++;
      } else if (c === '$' && src[i + 1] === '(') {
        stack.push('sub');
        depth.push(0);
        i += 2;
      } else if (c === '`') {
        stack.push('bt');
        i++;
      } else {
        blank(i);
        i++;
      }
      continue;
    }
    // code: top level, $(…) or `…`
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === "'" || c === '"') {
      stack.push(c === "'" ? 'sq' : 'dq');
      i++;
      continue;
    }
    if (c === '`') {
      if (ctx === 'bt') stack.pop();
      else stack.push('bt');
      i++;
      continue;
    }
    if (c === '$' && src[i + 1] === '(') {
      stack.push('sub');
      depth.push(0);
      i += 2;
      continue;
    }
    if (ctx === 'sub' && (c === '(' || c === ')')) {
      const d = depth.length - 1;
      if (c === '(') depth[d]!++;
      else if (depth[d] === 0) {
        stack.pop();
        depth.pop();
      } else depth[d]!--;
      i++;
      continue;
    }
    if (c === '#' && (i === 0 || /[\s;&|(]/.test(src[i - 1]!))) {
      while (i < src.length && src[i] !== '\n') blank(i++);
      continue;
    }
    if (c === '<' && src[i + 1] === '<' && src[i + 2] !== '<') {
      const m = /^<<-?[ \t]*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1/.exec(src.slice(i));
      if (m) {
        heredocs.push(m[2]!);
        i += m[0].length;
        continue;
      }
    }
    if (c === '\n' && heredocs.length) {
      i++;
      for (const delim of heredocs) {
        while (i < src.length) {
          const nl = src.indexOf('\n', i);
          const end = nl === -1 ? src.length : nl;
          const stop = src.slice(i, end).trim() === delim;
          if (!stop) for (let k = i; k < end; k++) blank(k);
          i = end + 1;
          if (stop) break;
        }
      }
      heredocs = [];
      continue;
    }
    i++;
  }
  return out.join('');
}

/** Where a command word can start: line start, after a separator, or after a prefix command. */
const AT = String.raw`(?:^|[;&|({\x60]|\b(?:then|do|else|sudo|exec|xargs|nohup|command|time|env)\b)[ \t]*`;
/** The rest of a simple command (in code-only text, quoted separators are blanked). */
const REST = String.raw`[^;&|\n)\x60]*`;

/** rm -r targets that take the whole system or home directory: /, /*, ~, $HOME, /usr … (not $HOME/x, /tmp/x,
 * "$TMPDIR/x").
 */
const SYSTEM_DIRS = 'bin|boot|dev|etc|home|lib|lib64|opt|root|sbin|srv|usr|var|Users|System|Library|Applications';
const ROOTS = new RegExp(String.raw`^(?:\/+\.?|\/\*|~\/?\*?|\$\{?HOME\}?\/?\*?|\/(?:${SYSTEM_DIRS})\/?\*?)$`);
const DEVICE = String.raw`\/dev\/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d+n\d+|mmcblk\d+|disk\d+)\b`;
const SHELL = '(?:ba|z|da|k)?sh';
/** A program reading its code from the pipe: a shell (`sh`, `bash -s --`, not `sh -c …`), or `python3 -`, `node` …
 * with no script.
 */
const RUNNER =
  String.raw`(?:${SHELL}(?=[ \t]*(?:$|[;&|)\n]|-(?!c\b)))|` +
  String.raw`(?:python[0-9.]*|perl|ruby|node)(?=[ \t]*(?:$|[;&|)\n]|-(?:[ \t]|$))))`;

interface Hit {
  messageId: string;
  start: number;
  end: number;
}

/** Dangerous commands in shell text. */
function scan(src: string): Hit[] {
  const text = src.replace(/\\\r?\n/g, (m) => ' '.repeat(m.length)); // line continuations
  const code = codeOnly(text);
  const hits: Hit[] = [];
  const each = (re: RegExp, f: (m: RegExpExecArray, args: string[]) => string | undefined) => {
    for (const m of code.matchAll(new RegExp(re.source, 'gmd'))) {
      const [start, end] = m.indices![1]!;
      const args = m.indices![2] ? shellWords(text.slice(m.indices![2][0], m.indices![2][1])) : [];
      const id = f(m, args);
      if (id) hits.push({ messageId: id, start, end: m.indices![2]?.[1] ?? end });
    }
  };
  const flag = (args: string[], short: string, long: string) =>
    args.some((a) => a === long || new RegExp(`^-[a-zA-Z]*${short}[a-zA-Z]*$`).test(a));
  each(new RegExp(`${AT}(rm)[ \\t]+(${REST})`), (_, args) =>
    args.includes('--no-preserve-root') ||
    (flag(args, '[rR]', '--recursive') && args.some((a) => !a.startsWith('-') && ROOTS.test(a)))
      ? 'destructiveDelete'
      : undefined,
  );
  each(new RegExp(`${AT}(chmod)[ \\t]+(${REST})`), (_, args) =>
    flag(args, 'R', '--recursive') && args.some((a) => /^(?:0?777|(?:a|ugo)[+=]rwx)$/.test(a))
      ? 'worldWritable'
      : undefined,
  );
  each(new RegExp(`${AT}(mkfs(?:\\.[a-z0-9]+)?|wipefs)\\b(${REST})`), () => 'diskWrite');
  each(new RegExp(`((?:\\d?>>?|\\bof=)[ \\t]*${DEVICE})()`), () => 'diskWrite');
  each(new RegExp(`${AT}(git)((?:[ \\t]+-[Cc][ \\t]+\\S+)*[ \\t]+push\\b${REST})`), (_, args) =>
    args.includes('--force') || args.some((a) => /^-[a-zA-Z]*f[a-zA-Z]*$/.test(a) || /^\+\S/.test(a))
      ? 'forcePush'
      : undefined,
  );
  // curl … | sh, wget -qO- … | sudo bash, curl … | python3 -
  each(
    new RegExp(
      `(\\b(?:curl|wget)\\b[^;&\\n]*?(?<!\\|)\\|(?!\\|)[ \\t]*(?:sudo\\b[ \\t]+(?:-\\S+[ \\t]+)*)?(?:env[ \\t]+)?` +
        `${RUNNER})()`,
    ),
    () => 'remoteCode',
  );
  // bash <(curl …), source <(wget …)
  each(
    new RegExp(
      `((?:\\b${SHELL}|\\bsource|(?:^|(?<=[\\s;&|(]))\\.)[ \\t]+(?:-\\S+[ \\t]+)*<\\([ \\t]*(?:curl|wget)\\b${REST})()`,
    ),
    () => 'remoteCode',
  );
  // eval "$(curl …)", sh -c "$(wget -O- …)", source `curl …`
  each(
    new RegExp(
      `((?:\\beval|\\b${SHELL}[ \\t]+-c|\\bsource)[ \\t]+"?(?:\\$\\(|\\x60)[ \\t]*(?:curl|wget)\\b[^;&|\\n]*)()`,
    ),
    () => 'remoteCode',
  );
  return hits.sort((a, b) => a.start - b.start);
}

const snippet = (s: string) => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 57)}...` : one;
};

export default defineRule({
  id: 'dangerous-command',
  severity: 'warning',
  description: 'A hook runs a destructive or remote-code command',
  docs: `Hooks run automatically — on every matching tool call, prompt or session event — with the user's
credentials
and
no confirmation. A destructive command there (\`rm -rf /\` or \`~\`, \`chmod -R 777\`, \`mkfs\`, \`> /dev/sda\`,
\`git push --force\`) fires as often as the event does, and code fetched at run time (\`curl … | sh\`,
\`eval "$(curl …)"\`, \`bash <(wget …)\`) runs whatever the URL serves that day, as you. Fix: delete the command, or
make it specific (a path under the project or \`$TMPDIR\`, \`git push --force-with-lease\` run by hand, a downloaded
script checked into the repository and reviewed). Only the dangerous forms are matched, in the command and in
shell scripts it runs: quoted strings, comments and here-documents (a guard that looks for \`rm -rf /\`) are ignored.`,
  messages: {
    destructiveDelete:
      '{{where}} runs "{{snippet}}": it deletes the system or home directory, automatically, every time the hook fires',
    remoteCode:
      '{{where}} runs code downloaded at run time ("{{snippet}}"): whoever ' +
      'controls that URL runs commands as you on every hook call',
    worldWritable:
      '{{where}} runs "{{snippet}}": it makes every file below ' +
      'world-writable, automatically, every time the hook fires',
    diskWrite:
      '{{where}} runs "{{snippet}}": it overwrites a disk device or formats ' +
      'a filesystem, automatically, every time the hook fires',
    forcePush:
      '{{where}} runs "{{snippet}}": it overwrites the remote branch ' +
      'history with no confirmation, every time the hook fires',
  },
  sources: ["DESIGN.md audit (hooks run with the user's credentials)"],
  check(ctx) {
    for (const { hook: h, config } of ctx.hooks()) {
      if (h.type !== 'command' || !h.command) continue;
      const s = ctx.script(h, config);
      const shellScript =
        s?.text !== undefined &&
        !s.text.includes('\0') &&
        (s.interpreter
          ? /^(?:ba|z|da|k)?sh$/.test(s.interpreter)
          : /^#!.*\b(?:ba|z|da|k)?sh\b/.test(s.text) || (!s.text.startsWith('#!') && /\.sh$/.test(s.path)));
      const texts = [
        { where: 'the command', text: h.command },
        ...(s?.text !== undefined && shellScript ? [{ where: s.raw, text: s.text }] : []),
      ];
      const reported = new Set<string>();
      for (const { where, text } of texts) {
        for (const hit of scan(text)) {
          if (reported.has(hit.messageId)) continue;
          reported.add(hit.messageId);
          ctx.report({
            messageId: hit.messageId,
            file: config.file,
            path: paths.command(h),
            data: { where, snippet: snippet(text.slice(hit.start, hit.end)) },
          });
        }
      }
    }
  },
});
