import { programFound } from '../../convert/runner-found.js';
import { failureOutcome } from '../failure-outcome.js';
import { expandVars, shellWords } from '../scripts.js';
import type { Severity } from '../../model/hook.js';
import { defineRule, paths } from '../types.js';

/** The interpreter a shebang line names: `#!/usr/bin/env [-S] [VAR=x] python3` -> [/usr/bin/env, python3]; `#!/bin/sh
 * -e` -> [/bin/sh].
 */
function shebang(line: string): { program: string; via?: string } | undefined {
  const words = line
    .slice(2)
    .trim()
    .split(/[ \t]+/)
    .filter(Boolean);
  const program = words[0];
  if (!program) return undefined;
  if (program.split('/').pop() !== 'env') return { program };
  const name = words.slice(1).find((w) => !w.startsWith('-') && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
  return name ? { program: name, via: program } : { program };
}

/** The severity each message deserves; Rule has one severity per rule, so this waits for a per-report severity in the
 * audit core.
 */
const messageSeverity: Record<string, Severity> = {
  interpreterNotFound: 'error',
  shebangNotFound: 'error',
  shebangCrlf: 'error',
  noShebang: 'warning',
};

export default defineRule({
  id: 'script-interpreter-missing',
  severity: 'error',
  messageSeverity,
  description: "A hook script's interpreter cannot be found, or a directly run script has no shebang",
  docs: `The interpreter a hook names — in the command (\`python3 guard.py\`, \`uv run guard.py\`,
\`/opt/venv/bin/python guard.py\`) or in
the script's shebang (\`#!/usr/bin/env python3\`, \`#!/usr/bin/python3\`) — must exist on the machine that runs the
agent.
When it does not, every call fails with exit 127 ("not found" / "bad interpreter") and the hook never runs. On Claude
Code, Qwen Code, CodeBuddy Code and Codex CLI that is a non-blocking error: the call proceeds, so a guard lets
everything through; Gemini CLI reads every exit from 2 up as a block, so there every call the hook fires for is
blocked. A hook wrapped by \`hook-bridge run\` fails the way its own agent does (a Claude hook: the call proceeds, and
stderr names the missing program; \`run --on-missing deny\` blocks instead). A shebang saved with Windows line
endings names \`bash\\r\`, which never exists. A script run directly without any \`#!\` line is handed to whatever the
shell falls back to (usually \`sh\`), so a bash or Python script fails in odd ways. Fix: install the interpreter or
name one that exists (PATH is the agent's, checked here against this machine's), convert the script to LF line
endings, and start directly run scripts with a shebang (\`#!/usr/bin/env bash\`).`,
  messages: {
    interpreterNotFound: '{{interpreter}} (named in the command) is not {{lookup}}: {{outcome}}',
    shebangNotFound: '{{script}} starts with #!{{line}}, but {{interpreter}} is not {{lookup}}: {{outcome}}',
    shebangCrlf:
      '{{script}} has a Windows line ending on its #! line: the system looks for "{{interpreter}}\\r", so {{outcome}}',
    noShebang:
      '{{script}} is run directly but has no #! line: the shell runs it with its own ' +
      'fallback (usually sh), not the interpreter it was written for',
  },
  sources: [
    'ground-truth claude shell: [/bin/sh, -c]',
    'ground-truth claude d04/d05 (exit != 2 is non-blocking)',
    'mappings/dialects/*.yaml output.otherExit',
    'src/run/not-run.ts (what run does with exit 126/127)',
  ],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      const s = ctx.script(h, config);
      if (!s || !h.command) continue;
      const at = { file: config.file, path: paths.command(h) };
      const outcome = failureOutcome(h, host, 127);
      if (s.interpreter !== undefined) {
        // The word as written (`/opt/venv/bin/python3`, `python3`), after FOO=bar and exec/env.
        const words = shellWords(h.command);
        const written = words.find((w) => w.split('/').pop() === s.interpreter) ?? s.interpreter;
        const word = expandVars(written, ctx.project, ctx.pluginRoot(h, config));
        if (word.includes('$')) continue; // a variable we cannot resolve statically
        if (!programFound(word, ctx.project, ctx.env)) {
          ctx.report({
            messageId: 'interpreterNotFound',
            ...at,
            data: { interpreter: written, lookup: word.includes('/') ? 'an existing executable' : 'on PATH', outcome },
          });
        }
        continue;
      }
      if (!s.exists || s.text === undefined || s.text.includes('\0')) continue; // missing (script-missing) or a binary
      if (!s.text.startsWith('#!')) {
        ctx.report({ messageId: 'noShebang', ...at, data: { script: s.raw } });
        continue;
      }
      const line = s.text.split('\n', 1)[0]!;
      if (line.endsWith('\r')) {
        ctx.report({
          messageId: 'shebangCrlf',
          ...at,
          data: { script: s.raw, interpreter: shebang(line.slice(0, -1))?.program ?? '', outcome },
        });
        continue;
      }
      const sb = shebang(line);
      if (!sb) continue;
      // The kernel does not search PATH for the #! program: it must be an absolute path; env then searches PATH.
      const direct = sb.via ?? sb.program;
      const data = { script: s.raw, line: line.slice(2).trim(), outcome };
      if (!direct.startsWith('/'))
        ctx.report({
          messageId: 'shebangNotFound',
          ...at,
          data: { ...data, interpreter: direct, lookup: 'an absolute path (the system does not search PATH for it)' },
        });
      else if (!programFound(direct, '/', ctx.env))
        ctx.report({
          messageId: 'shebangNotFound',
          ...at,
          data: { ...data, interpreter: direct, lookup: 'an existing executable' },
        });
      else if (sb.via && !programFound(sb.program, ctx.project, ctx.env))
        ctx.report({
          messageId: 'shebangNotFound',
          ...at,
          data: { ...data, interpreter: sb.program, lookup: 'on PATH' },
        });
    }
  },
});
