import type { DialectId } from '../../model/dialect-ids.js';
import { mappings } from '../../model/mappings.js';
import { answerForms, intentOf, reading, type AnswerForm } from '../answer-forms.js';
import { hookTexts, quoted, emitsRaw, unwrapped } from '../script-text.js';
import { defineRule, paths } from '../types.js';

/** How a PreToolUse script denies, for an async hook: permissionDecision "deny", `exit 2` or `"decision": "block"`. */
const denies = (text: string) =>
  emitsRaw(text, 'permissionDecision', quoted('deny'))
    ? 'permissionDecision "deny"'
    : /(?<![A-Za-z0-9])_?exit\s*\(?\s*2(?![0-9.])|\bexitCode\s*=\s*2(?![0-9.])/.test(text)
      ? 'exit 2'
      : emitsRaw(text, 'decision', quoted('block'))
        ? 'decision "block"'
        : undefined;

function first(
  all: { where: string; text: string }[],
  test: (text: string) => string | undefined,
): { where: string; how: string } | undefined {
  for (const t of all) {
    const how = test(t.text);
    if (how) return { where: t.where, how };
  }
  return undefined;
}

/** Why the agent does not honour a deny or block the script gives, found by asking the same model what would change
 * it: its exit code, a reason on stderr, the hookEventName it lacks, the field itself, the event, the run.
 */
function why(host: DialectId, ev: string, f: AnswerForm, headless: boolean): string | undefined {
  const honoured = (g: AnswerForm, run = headless) => reading(host, ev, g, run).outcome.decision === intentOf(g, ev);
  if (f.json && f.exitCode !== 0 && honoured({ ...f, exitCode: 0 })) return 'jsonIgnoredAtExit';
  if (f.kind === 'exit2' && !f.stderr && honoured({ ...f, stderr: true })) return 'exitTwoWithoutStderr';
  const hso = f.json?.hookSpecificOutput as Record<string, unknown> | undefined;
  if (
    hso &&
    hso.hookEventName === undefined &&
    honoured({ ...f, json: { hookSpecificOutput: { ...hso, hookEventName: 'x' } } })
  )
    return 'hookEventNameMissing';
  if (ev === 'post-tool-use') return 'postToolUseBlockDropped';
  if (ev === 'stop' || ev === 'subagent-stop') return honoured(f, false) ? 'stopBlockIgnored' : undefined;
  if (ev === 'pre-tool-use' && f.kind === 'permission') return 'permissionDecisionIgnored';
  return undefined;
}

/** Whether the script's own agent honours the block `how` (a form answerForms found) on the event. */
function ownBlocks(script: DialectId, ev: string, forms: AnswerForm[], how: string): boolean {
  const f = forms.find((x) => x.what === how || (how === 'exit 2' && x.kind === 'exit2'));
  return f === undefined || reading(script, ev, f).outcome.decision === intentOf(f, ev);
}

export default defineRule({
  id: 'deny-dropped',
  severity: 'error',
  description: 'A hook blocks through a mechanism the agent that runs it drops (fail-open)',
  docs: `Some ways of blocking are accepted by one agent and silently dropped by another, so the guard fails open:
- PostToolUse \`"decision": "block"\` or exit 2: Claude Code shows the reason to the model; Qwen Code
  and CodeBuddy Code drop it — the model never learns that the result was rejected.
- Stop \`"decision": "block"\` or exit 2 ("keep working until the tests pass"): CodeBuddy Code ignores it in headless
  runs and the session ends anyway.
- \`"continue": false\` in PreToolUse: Claude Code STILL runs the tool and only then ends the session.
- an \`"async": true\` PreToolUse hook on Qwen Code: its deny comes too late and is ignored.
- PreToolUse \`permissionDecision: "deny"\` on Gemini CLI, which reads only a top-level \`"decision"\`: the tool runs.
- a JSON deny with exit 1 on Codex CLI, which reads JSON only at exit 0; exit 2 with an empty stderr, which
  Codex ignores even with a JSON deny on stdout.
- any block on an event whose answers the agent does not read at all (Codex CLI's PreModelRequest and
  PostModelRequest: observe-only, the model request is made whatever the hook answers).

The facts come from \`mappings/dialects/<agent>.yaml\` (\`output.postToolUseBlock\`, \`output.stopBlock\`,
\`output.continueFalse\`, \`output.jsonOnNonZeroExit\`, \`output.exit2NeedsStderr\`, \`output.observeOnly\`,
\`run.asyncField\`). Fix: deny in
PreToolUse with \`permissionDecision: "deny"\` (or exit 2),
which every agent honours, instead of relying on a PostToolUse or Stop block; drop \`async\` from a hook that must be
able to deny; or keep the script as written for its agent and wrap it (\`hook-bridge convert\`), which translates
the answer into what the host honours.`,
  messages: {
    postToolUseBlockDropped:
      '{{where}} blocks {{event}} ({{how}}), but {{agent}} drops that: the model never learns the result was rejected',
    stopBlockIgnored:
      '{{where}} blocks {{event}} ({{how}}) to keep the agent working, but ' +
      '{{agent}} ignores that in headless runs (-p): the session ends anyway',
    continueFalseToolRuns:
      '{{where}} answers "continue": false in {{event}}, but {{agent}} still runs the ' +
      'tool (then ends the session); deny it with permissionDecision "deny"',
    permissionDecisionIgnored:
      '{{where}} denies {{event}} with permissionDecision "deny", which {{agent}} does ' +
      'not read: the tool runs; answer with a top-level "decision": "deny"',
    jsonIgnoredAtExit:
      '{{where}} answers {{how}}: {{agent}} reads a JSON answer only at exit 0, so the ' +
      'tool runs; exit 0 with the JSON, or exit 2 with the reason on stderr',
    exitTwoWithoutStderr:
      '{{where}} blocks {{event}} with exit 2 but writes no reason to stderr: {{agent}} ignores an ' +
      'exit 2 with an empty stderr (even with a JSON deny on stdout), so the tool runs',
    observeOnly:
      '{{where}} blocks {{event}} ({{how}}), but {{agent}} reads no answer there (it only runs the hook): ' +
      'nothing is blocked',
    hookEventNameMissing:
      '{{where}} answers {{how}} in hookSpecificOutput without "hookEventName", so {{agent}} ignores it: the ' +
      'tool runs; add "hookEventName": "{{event}}"',
    asyncDenyIgnored:
      'async {{event}} hook: {{agent}} ignores the deny of an async hook ' +
      '({{how}} in {{where}}), so the tool runs; remove "async": true',
  },
  sources: [
    'ground-truth codex d03 d14 d15',
    'ground-truth codex README "0.171.0" mr01-mr16',
    'e2e gemini-facts (permissionDecision not read, test/e2e/gemini-facts.test.ts)',
    'ground-truth qwen p02 p03 c14',
    'ground-truth codebuddy u02 u03 u11 u12 u13',
    'ground-truth claude d13',
    'mappings/dialects/*.yaml output, run.asyncField',
  ],
  check(ctx) {
    for (const { hook: h, config, host } of ctx.hooks()) {
      if (h.type !== 'command' || !h.command || !h.event) continue;
      const spec = mappings.dialects[host];
      const ev = h.event;
      const base = { file: config.file, path: paths.command(h) };
      const all = hookTexts(ctx, h, config);
      const data = { agent: spec.agent, event: h.nativeEvent };
      // The async field belongs to the host config: it matters wrapped or not.
      if (ev === 'pre-tool-use' && h.fields.async === true && spec.run?.asyncField === true) {
        const hit = first(all, denies);
        if (hit)
          ctx.report({
            messageId: 'asyncDenyIgnored',
            file: config.file,
            path: `${paths.handler(h)}.async`,
            edit: { path: `${paths.handler(h)}.async`, value: false },
            data: { ...data, ...hit },
          });
      }
      if (!spec.output) continue;
      // Observe-only events: no answer has an effect, wrapped or not (only the agent itself has the event).
      // Another agent's script: a block its own agent does not honour there either (Claude Code's SessionStart exit 2)
      // is no guard.
      if (spec.output.observeOnly?.includes(h.event)) {
        const forms = h.scriptDialect === host ? [] : answerForms(all, h);
        const own = (how: string) => h.scriptDialect === host || ownBlocks(h.scriptDialect, ev, forms, how);
        const hit = first(all, (t) => {
          const how = denies(t);
          if (how && own(how)) return how;
          return emitsRaw(t, 'continue', '(?:false|False)\\b') ? '"continue": false' : undefined;
        });
        if (hit) ctx.report({ messageId: 'observeOnly', ...base, data: { ...data, ...hit } });
        continue;
      }
      if (!unwrapped(h, host)) continue; // wrapped scripts are translated
      const reported = new Set<string>();
      for (const f of answerForms(all, h)) {
        const intent = intentOf(f, ev);
        const isContinue = f.kind === 'continue' && ev === 'pre-tool-use';
        if (intent !== 'deny' && intent !== 'block' && !isContinue) continue;
        // Stop blocks: an agent that ignores them headless (CodeBuddy Code) honours them interactively.
        const headless = ev === 'stop' || ev === 'subagent-stop';
        const r = reading(host, ev, f, headless);
        // A form the agent rejects as a whole is answer-void's; a deny that is honoured, nobody's.
        if (r.void || r.outcome.decision === (isContinue ? 'deny' : intent)) continue;
        const messageId = isContinue ? 'continueFalseToolRuns' : why(host, ev, f, headless);
        if (!messageId || reported.has(messageId)) continue;
        reported.add(messageId);
        const how = f.exitCode !== 0 && f.kind !== 'exit2' ? `${f.what} with exit ${f.exitCode}` : f.what;
        ctx.report({
          messageId,
          ...base,
          data: { ...data, where: f.where, how },
          decides: { agent: host, event: ev, decision: r.outcome.decision, headless },
        });
      }
    }
  },
});
