import { agents, gateFix, nativeReads } from '../foreign-reads.js';
import { hookTexts } from '../script-text.js';
import { defineRule, paths } from '../types.js';

const TOOL_PERMISSION = new Set(['pre-tool-use', 'permission-request']);
/** A script that blocks with exit 2 (shell, Python, Node). */
const EXIT2 = /(?:^|[\s;&|(])exit\s+2\b|sys\.exit\(\s*2\s*\)|process\.exit(?:Code\s*=\s*|\(\s*)2\b/m;

export default defineRule({
  id: 'foreign-read-fails-closed',
  severity: 'warning',
  description:
    "A PreToolUse hook the target runs from another agent's file denies when it fails, and loses its exit-2 reason",
  docs: `Run from \`.claude/settings.json\` by GitHub Copilot CLI itself, a PreToolUse hook follows Copilot's rules,
not Claude
Code's: a hook that fails — exit 1 from a crash, 127 when its
interpreter is missing — **denies** the tool call ("hook errored"), where Claude Code lets it run; and an exit 2
denies with "hook exited with code 2", its stderr — the reason the script gave — reaching neither the model nor the
user. Fix: \`hook-bridge convert --to copilot\`: through \`hook-bridge run\` a crash is Claude's non-blocking error
again and an exit-2 reason becomes the deny reason the model reads; the Claude file's entry is gated so Copilot's
own reading of it does nothing.`,
  messages: {
    failsClosed:
      '{{agent}} runs this hook from {{file}} itself: if it fails (exit 1, a missing ' +
      'interpreter) the tool call is denied there, where {{own}} lets it run',
    reasonLost:
      '{{agent}} runs this hook from {{file}} itself: its exit 2 denies there with "hook exited with ' +
      'code 2", the reason it prints on stderr reaching neither the model nor the user',
  },
  sources: ['test/fixtures/observed/copilot/decisions.json claude-pre-exit1-stderr, claude-pre-exit2-stderr'],
  check(ctx) {
    for (const r of nativeReads(ctx)) {
      const { hook: h, config } = r;
      const out = r.spec.output;
      if (!TOOL_PERMISSION.has(h.event!) || h.type !== 'command' || !h.command || !out) continue;
      const data = agents(r);
      if (out.otherExit === 'denies')
        ctx.report({ messageId: 'failsClosed', file: config.file, path: paths.command(h), data, fix: gateFix(ctx, r) });
      if (out.exit2Reason === 'ignored' && hookTexts(ctx, h, config).some((t) => EXIT2.test(t.text)))
        ctx.report({ messageId: 'reasonLost', file: config.file, path: paths.command(h), data, fix: gateFix(ctx, r) });
    }
  },
});
