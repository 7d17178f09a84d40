import { mappings } from '../../model/mappings.js';
import { hookTexts, quoted, emitsRaw, unwrapped } from '../script-text.js';
import { defineRule, paths } from '../types.js';

/** Events whose hooks block with exit 2. */
const BLOCKING = new Set([
  'pre-tool-use',
  'post-tool-use',
  'user-prompt-submit',
  'stop',
  'subagent-stop',
  'permission-request',
]);

/** How a script blocks, statically: `exit 2` (sys.exit(2), process.exit(2), process.exitCode = 2) or `"decision":
 * "block"`.
 */
function blocks(text: string): string | undefined {
  if (/(?<![A-Za-z0-9])_?exit\s*\(?\s*2(?![0-9.])|\bexitCode\s*=\s*2(?![0-9.])/.test(text)) return 'exit 2';
  if (emitsRaw(text, 'decision', quoted('block'))) return 'decision "block"';
  return undefined;
}

/** How a PreToolUse script denies: permissionDecision "deny", or a block as above. */
const denies = (text: string) =>
  emitsRaw(text, 'permissionDecision', quoted('deny')) ? 'permissionDecision "deny"' : blocks(text);

/** `exit 1`, `sys.exit(3)`, `process.exitCode = 1` …: a non-zero exit other than 2 (Claude's "block"). */
const NON_ZERO_EXIT = new RegExp(
  String.raw`(?<![A-Za-z0-9])_?exit\s*\(?\s*([13-9]|[1-9][0-9]+)(?![0-9.])` +
    String.raw`|\bexitCode\s*=\s*([13-9]|[1-9][0-9]+)(?![0-9.])`,
);
/** A JSON deny or block answered with an exit code other than 0 and 2 (exit 1, sys.exit(1), process.exit(3) …). */
function jsonAtOtherExit(text: string): string | undefined {
  const json = emitsRaw(text, 'permissionDecision', quoted('deny'))
    ? 'permissionDecision "deny"'
    : emitsRaw(text, 'decision', quoted('block'))
      ? 'decision "block"'
      : undefined;
  const exit = NON_ZERO_EXIT.exec(text);
  return json && exit ? `${json} with exit ${exit[1] ?? exit[2]}` : undefined;
}

/** Exit 2 with nothing written to stderr (no `>&2`, sys.stderr, console.error, process.stderr, stderr in any form). */
const exit2WithoutStderr = (text: string) =>
  blocks(text) === 'exit 2' && !/>&2|\bstderr\b|console\.error|\bwarn\(/.test(text) ? 'exit 2' : undefined;

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
      const out = spec.output;
      const base = { file: config.file, path: paths.command(h) };
      const all = hookTexts(ctx, h, config);
      const data = { agent: spec.agent, event: h.nativeEvent };
      // The async field belongs to the host config: it matters wrapped or not.
      if (h.event === 'pre-tool-use' && h.fields.async === true && spec.run?.asyncField === true) {
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
      if (!out) continue;
      // Observe-only events: no answer has an effect, wrapped or not (only the agent itself has the event).
      if (out.observeOnly?.includes(h.event)) {
        const hit = first(
          all,
          (t) => denies(t) ?? (emitsRaw(t, 'continue', '(?:false|False)\\b') ? '"continue": false' : undefined),
        );
        if (hit) ctx.report({ messageId: 'observeOnly', ...base, data: { ...data, ...hit } });
        continue;
      }
      if (!unwrapped(h, host)) continue; // wrapped scripts are translated
      if (h.event === 'pre-tool-use' && !out.permissionDecision.includes('deny')) {
        const hit = all.find((t) => emitsRaw(t.text, 'permissionDecision', quoted('deny')));
        if (hit) ctx.report({ messageId: 'permissionDecisionIgnored', ...base, data: { ...data, where: hit.where } });
      }
      if (h.event === 'post-tool-use' && out.postToolUseBlock === 'dropped') {
        const hit = first(all, blocks);
        if (hit) ctx.report({ messageId: 'postToolUseBlockDropped', ...base, data: { ...data, ...hit } });
      }
      if (h.event === 'stop' && out.stopBlock === 'ignored-headless') {
        const hit = first(all, blocks);
        if (hit) ctx.report({ messageId: 'stopBlockIgnored', ...base, data: { ...data, ...hit } });
      }
      if (out.jsonOnNonZeroExit === 'ignored') {
        const hit = first(all, jsonAtOtherExit);
        if (hit) ctx.report({ messageId: 'jsonIgnoredAtExit', ...base, data: { ...data, ...hit } });
      }
      if (out.exit2NeedsStderr && BLOCKING.has(h.event)) {
        const hit = first(all, exit2WithoutStderr);
        if (hit) ctx.report({ messageId: 'exitTwoWithoutStderr', ...base, data: { ...data, ...hit } });
      }
      if (h.event === 'pre-tool-use' && out.continueFalse['pre-tool-use'] === 'tool-runs-then-session-ends') {
        const hit = first(all, (t) =>
          emitsRaw(t, 'continue', '(?:false|False)\\b') ? '"continue": false' : undefined,
        );
        if (hit) ctx.report({ messageId: 'continueFalseToolRuns', ...base, data: { ...data, ...hit } });
      }
    }
  },
});
