import { mappings } from '../../model/mappings.js';
import { hookTexts, usesKey, emits, unwrapped } from '../script-text.js';
import { defineRule, paths } from '../types.js';

export default defineRule({
  id: 'output-field-ignored',
  severity: 'warning',
  description: 'An unwrapped script answers with an output field the agent that runs it ignores',
  docs: `Agents read different parts of a hook's JSON answer, and ignore the rest without a word:
- \`modifiedInput\` is ignored by CodeBuddy Code and Claude Code: the rewrite is lost, the ORIGINAL input runs.
- \`updatedInput\` is ignored by Qwen Code and Gemini CLI (it reads \`hookSpecificOutput.tool_input\`): the original
input runs.
- \`additionalContext\` from PreToolUse is dropped by Qwen Code and CodeBuddy Code: the model never sees it.
- permissionDecision \`"allow"\` does not bypass Qwen Code's permission check, and since Qwen lets the last
  hook to answer win, an allow can override another hook's deny.
- the legacy \`"decision": "approve"\` is honoured by Claude Code only.

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
      if (h.type !== 'command' || !h.command || !unwrapped(h, host)) continue; // wrapped scripts are translated
      const spec = mappings.dialects[host];
      const out = spec.output;
      if (!out) continue;
      const agent = spec.agent;
      const at = { file: config.file, path: paths.command(h) };
      const all = hookTexts(ctx, h, config);
      const find = (test: (text: string) => boolean) => all.find((t) => test(t.text))?.where;
      let where: string | undefined;
      if (out.modifiedInput === 'ignored' && (where = find((t) => usesKey(t, 'modifiedInput'))))
        ctx.report({ messageId: 'modifiedInputIgnored', ...at, data: { where, agent } });
      const rewriteField = out.rewriteField ?? 'updatedInput';
      if (
        (out.updatedInput === 'ignored' || rewriteField !== 'updatedInput') &&
        (where = find((t) => usesKey(t, 'updatedInput')))
      )
        ctx.report({ messageId: 'updatedInputIgnored', ...at, data: { where, agent } });
      if (
        h.event &&
        out.additionalContext[h.event] === 'dropped' &&
        (where = find((t) => usesKey(t, 'additionalContext')))
      ) {
        ctx.report({ messageId: 'contextDropped', ...at, data: { where, agent, event: h.nativeEvent } });
      }
      if (!out.permissionDecision.includes('allow') && (where = find((t) => emits(t, 'permissionDecision', 'allow')))) {
        const extra =
          spec.run?.aggregation === 'last-writer-wins'
            ? `, and as ${agent} lets the last hook to answer win, it can override another hook's deny`
            : '';
        ctx.report({ messageId: 'allowIgnored', ...at, data: { where, agent, extra } });
      }
      // Where approve voids the whole answer (Codex CLI), answer-void says so.
      if (
        !out.legacyDecision.includes('approve') &&
        !out.voids?.includes('approve') &&
        (where = find((t) => emits(t, 'decision', 'approve')))
      ) {
        ctx.report({
          messageId: 'approveIgnored',
          ...at,
          data: { where, agent, known: out.legacyDecision.map((d) => `"${d}"`).join(', ') },
        });
      }
    }
  },
});
