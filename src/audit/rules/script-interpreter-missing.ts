import { programFound } from '../../convert/runner-found.js';
import { entryCanBlock, entryFailureOutcome } from '../failure-outcome.js';
import { INTERPRETERS, programsOf } from '../programs.js';
import { expandVars } from '../scripts.js';
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
  programNotFound: 'error',
  partNotFound: 'warning',
  shebangNotFound: 'error',
  shebangCrlf: 'error',
  noShebang: 'warning',
};

export default defineRule({
  id: 'script-interpreter-missing',
  severity: 'error',
  messageSeverity,
  description:
    'A program a hook command starts (its interpreter, a runner, a tool) cannot be found, or a directly run ' +
    'script has no shebang',
  docs: `Every program a hook command starts — its first word (\`cc-tools hook\`), an interpreter
(\`python3 guard.py\`, \`/opt/venv/bin/python guard.py\`), a runner (\`uv run guard.py\`, \`npx\`, \`bunx\`), the
programs of \`sh -c '…'\` — and the interpreter in the script's shebang (\`#!/usr/bin/env python3\`,
\`#!/usr/bin/python3\`) must exist on the machine that runs the agent.
When one does not, every call fails with exit 127 ("not found" / "bad interpreter") and the hook never runs. On Claude
Code, Qwen Code, CodeBuddy Code and Codex CLI that is a non-blocking error: the call proceeds, so a guard lets
everything through; GitHub Copilot CLI denies every call the hook fires for, and Gemini CLI reads every exit from 2 up
as a block, so there every call the hook fires for is blocked. A program whose failure the command's status does not
show (\`mytool check || true\`, the first command of a pipeline) is a warning: that part of the hook never runs.
On a hook that cannot block anything where it runs (exit 2 stops nothing on its event: Notification, SessionStart …),
a missing program is a warning too: a macOS \`osascript\` notification on a Linux CI runner lets nothing through.
A hook wrapped by \`hook-bridge run\` fails the way its own agent does (a Claude hook: the call proceeds, and
stderr names the missing program; \`run --on-missing deny\` blocks instead). A shebang saved with Windows line
endings names \`bash\\r\`, which never exists. A script run directly without any \`#!\` line is handed to whatever the
shell falls back to (usually \`sh\`), so a bash or Python script fails in odd ways. Fix: install the interpreter or
name one that exists (PATH is the agent's, checked here against this machine's), convert the script to LF line
endings, and start directly run scripts with a shebang (\`#!/usr/bin/env bash\`).`,
  messages: {
    interpreterNotFound: '{{interpreter}} (named in the command) is not {{lookup}}: {{outcome}}',
    programNotFound: '{{program}} (the program the command starts) is not {{lookup}}: {{outcome}}',
    partNotFound:
      '{{program}} (named in the command) is not {{lookup}}: that part of the hook never runs, and the ' +
      "command's status does not show it",
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
    for (const e of ctx.hooks()) {
      const { hook: h, config } = e;
      if (h.type !== 'command' || !h.command) continue;
      // A program this machine lacks (osascript on a Linux CI runner) on a hook that cannot block anything lets nothing
      // through that should have been stopped: a warning, and the text says why.
      const blocks = entryCanBlock(ctx, e);
      const at = { file: config.file, path: paths.command(h), ...(blocks ? {} : { severity: 'warning' as const }) };
      const outcome =
        entryFailureOutcome(ctx, e, 127) + (blocks ? '' : ' (a warning: the hook cannot block anything on its event)');
      const root = ctx.pluginRoot(h, config);
      const expand = (w: string) => expandVars(w, ctx.project, root);
      // The word as the shell finds it; a variable we cannot resolve statically is taken to be there.
      const found = (w: string) => expand(w).includes('$') || programFound(expand(w), ctx.project, ctx.env);
      for (const p of programsOf(h.command, found)) {
        const lookup = p.program.includes('/') ? 'an existing executable' : 'on PATH';
        const interpreter = INTERPRETERS.test(p.program.split('/').pop()!);
        if (!p.decides) ctx.report({ messageId: 'partNotFound', ...at, data: { program: p.program, lookup } });
        else if (interpreter)
          ctx.report({ messageId: 'interpreterNotFound', ...at, data: { interpreter: p.program, lookup, outcome } });
        else ctx.report({ messageId: 'programNotFound', ...at, data: { program: p.program, lookup, outcome } });
      }
      const s = ctx.script(h, config);
      if (!s || s.interpreter !== undefined) continue;
      if (!s.exists || s.text === undefined || s.text.includes('\0')) continue; // missing (script-missing) or a binary
      if (!s.text.startsWith('#!')) {
        // Run from bash (the hook's `"shell": "bash"`), a file without #! is read by bash itself: obra/superpowers'
        // run-hook.cmd, a polyglot written for that.
        if (h.fields.shell !== 'bash') ctx.report({ messageId: 'noShebang', ...at, data: { script: s.raw } });
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
