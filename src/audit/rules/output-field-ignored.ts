import { mappings } from '../../model/mappings.js';
import { answerForms, reading } from '../answer-forms.js';
import { hookTexts, unwrapped } from '../script-text.js';
import type { Decision } from '../../run/host-decision.js';
import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'output-field-ignored',
  severity: 'warning',
  description: 'An unwrapped script answers with an output field the agent that runs it ignores',
  docs: `Agents read different parts of a hook's JSON answer, and ignore the rest without a word:
- \`modifiedInput\` is ignored by CodeBuddy Code and Claude Code: the rewrite is lost, the ORIGINAL input runs.
- \`updatedInput\` is ignored by Qwen Code and Gemini CLI (it reads \`hookSpecificOutput.tool_input\`): the original
input runs.
- \`additionalContext\` from PreToolUse is dropped by Qwen Code, CodeBuddy Code and Gemini CLI: the model never sees
  it (through \`hook-bridge run\` it is given after the tool result, as Claude Code gives it).
- permissionDecision \`"allow"\` does not bypass Qwen Code's permission check, and since Qwen lets the last
  hook to answer win, an allow can override another hook's deny.
- the legacy \`"decision": "approve"\` is honoured by Claude Code only.
- \`"decision": "ask"\` is read by Gemini CLI only; Claude Code ignores it (it knows \`"block"\` and
  \`"approve"\`): nobody is asked, and the tool goes through its usual permission check
  (\`permissionDecision: "ask"\` is Claude's form).

Whether an agent honours a field is decided by the same model \`hook-bridge test\` reads real answers with
(\`src/run/answer.ts\`, \`src/run/host-decision.ts\`).

The facts come from \`mappings/dialects/<agent>.yaml\` (\`output.*\`). Fix: answer with the field the agent reads
(\`updatedInput\` on CodeBuddy Code, \`modifiedInput\` on the CodeBuddy IDE plugin; context through PostToolUse or
UserPromptSubmit), or keep the script as written for its agent and wrap it (\`hook-bridge convert\` writes
\`hook-bridge run --from <script's agent> --to <host>\`, which translates the answer or denies what it cannot
express).`,
  messages: {
    modifiedInputIgnored:
      '{{where}} answers modifiedInput, which {{agent}} ignores: the ' +
      'rewrite is silently lost and the original input runs',
    updatedInputIgnored:
      '{{where}} answers updatedInput, which {{agent}} ignores: the ' +
      'rewrite is silently lost and the original input runs',
    contextDropped:
      '{{where}} answers additionalContext from {{event}}, which {{agent}} drops: the model never sees it',
    allowIgnored:
      '{{where}} answers permissionDecision "allow", which {{agent}} does not ' +
      'honour: the tool still goes through its permission check{{extra}}',
    askIgnored:
      '{{where}} answers {{field}} "ask", which {{agent}} does not read: nobody is asked, and the tool goes ' +
      'through its usual permission check',
    approveIgnored:
      '{{where}} answers decision "approve", which {{agent}} does not honour (it knows ' +
      'only {{known}}): the tool still goes through its permission check',
  },
  sources: [
    'ground-truth codebuddy t04 x01',
    'ground-truth qwen d09 d13 d14 d17 d22 ag01',
    'mappings/dialects/*.yaml output',
  ],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      if (h.type !== 'command' || !h.command || !h.event || !unwrapped(h, host)) continue; // wrapped: translated
      const spec = mappings.dialects[host];
      const out = spec.output;
      if (!out) continue;
      const ev = h.event;
      const agent = spec.agent;
      const at = { file: config.file, path: paths.command(h) };
      const found = new Map<string, { data: Record<string, string>; decision?: Decision }>();
      const report = (messageId: string, data: Record<string, string>, decision?: Decision) => {
        if (!found.has(messageId)) found.set(messageId, { data, ...(decision ? { decision } : {}) });
      };
      const tool = ev === 'pre-tool-use' || ev === 'permission-request';
      for (const f of answerForms(hookTexts(ctx, h, config), h)) {
        const r = reading(host, ev, f);
        if (f.kind === 'rewrite' && tool && !r.rewrite) {
          if (f.what === 'modifiedInput') report('modifiedInputIgnored', { where: f.where });
          else if (f.what === 'updatedInput') report('updatedInputIgnored', { where: f.where });
        }
        // Context the agent's table says nothing about on this event (not researched) is not claimed lost.
        const known = out.additionalContext[ev] !== undefined && out.additionalContext[ev] !== 'unknown';
        if (f.kind === 'context' && known && !r.outcome.context.length && !r.void)
          report('contextDropped', { where: f.where, event: h.nativeEvent });
        // An answer the agent rejects as a whole is answer-void's.
        if (r.void || f.exitCode !== 0 || ev !== 'pre-tool-use') continue;
        if (f.kind === 'permission' && f.value === 'allow' && r.outcome.decision !== 'allow') {
          const extra =
            spec.run?.aggregation === 'last-writer-wins'
              ? `, and as ${agent} lets the last hook to answer win, it can override another hook's deny`
              : '';
          report('allowIgnored', { where: f.where, extra }, r.outcome.decision);
        }
        if (f.kind === 'decision' && f.value === 'approve' && r.outcome.decision !== 'allow')
          report(
            'approveIgnored',
            { where: f.where, known: out.legacyDecision.map((d) => `"${d}"`).join(', ') },
            r.outcome.decision,
          );
        // An ask the agent does not read at all, headless or not (sethdf/lifemaestro's `{"decision": "ask"}` on
        // Claude Code: `test` shows "none").
        if (f.value === 'ask' && r.outcome.decision === 'none' && !reading(host, ev, f, true).void)
          report(
            'askIgnored',
            { where: f.where, field: f.kind === 'permission' ? 'permissionDecision' : 'decision' },
            r.outcome.decision,
          );
      }
      for (const messageId of Object.keys(this.messages)) {
        const x = found.get(messageId);
        if (!x) continue;
        ctx.report({
          messageId,
          ...at,
          data: { agent, ...x.data },
          ...(x.decision ? { decides: { agent: host, event: ev, decision: x.decision, headless: false } } : {}),
        });
      }
    }
  },
});
