import { hostDecides, type SessionMode } from '../../run/host-decision.js';
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
      '{{agent}} runs this hook {{how}}: if it fails (exit 1, a missing ' +
      'interpreter) the tool call is denied there, where {{own}} lets it run',
    reasonLost:
      '{{agent}} runs this hook {{how}}: its exit 2 denies there with "hook exited with ' +
      'code 2", the reason it prints on stderr reaching neither the model nor the user',
  },
  sources: ['test/fixtures/observed/copilot/decisions.json claude-pre-exit1-stderr, claude-pre-exit2-stderr'],
  check(ctx) {
    const session: SessionMode = { headless: false, permissionMode: 'default' };
    for (const r of nativeReads(ctx)) {
      const { hook: h, config } = r;
      const ev = h.event!;
      if (!TOOL_PERMISSION.has(ev) || h.type !== 'command' || !h.command) continue;
      const data = agents(r);
      // The same failure read by the file's own agent and by the target in the mode it runs the file in: the model
      // `hook-bridge test` decides with.
      const on = (agent: typeof r.reader, mode: string | undefined, exitCode: number, stderr: string) =>
        hostDecides(agent, ev, { exitCode, stdout: '', stderr, timedOut: false }, session, mode).outcome;
      if (
        on(r.reader, r.read.mode, 1, '').decision === 'deny' &&
        on(r.read.dialect, undefined, 1, '').decision !== 'deny'
      )
        ctx.report({
          messageId: 'failsClosed',
          file: config.file,
          path: paths.command(h),
          data,
          fix: gateFix(ctx, r),
          decides: { agent: r.reader, event: ev, decision: 'deny', headless: false },
        });
      const there = on(r.reader, r.read.mode, 2, 'EXIT-2-REASON');
      if (
        there.decision === 'deny' &&
        !(there.reason ?? '').includes('EXIT-2-REASON') &&
        hookTexts(ctx, h, config).some((t) => EXIT2.test(t.text))
      )
        ctx.report({ messageId: 'reasonLost', file: config.file, path: paths.command(h), data, fix: gateFix(ctx, r) });
    }
  },
});
