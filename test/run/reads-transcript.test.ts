// `run --transcript auto`: the static check that skips the transcript step for a script that cannot read
// the transcript. Table-driven over real shapes: the transcript- and todo-reading scripts of the test suite
// (and the end-to-end Ralph-loop hook) must be translated; the plain guards must not; every program that
// cannot be inspected must be translated. Then through the CLI: what the script sees, and the override.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mayReadTranscript } from '../../src/run/reads-transcript.js';
import { shellQuote } from '../../src/dialects/wrapper.js';
import { cleanEnv, runCli } from './cli.js';

const SCRIPTS = resolve(import.meta.dirname, 'scripts');
const E2E = resolve(import.meta.dirname, '../e2e/scenarios/scripts');
const REPRO = resolve(import.meta.dirname, '../fixtures/ground-truth/qwen/repro');
const S = (name: string) => shellQuote(join(SCRIPTS, name));

// (a path that said "transcript" would make every command here a reader);
const dir = mkdtempSync(join(tmpdir(), 'hb-reads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const project = join(dir, 'project');
const plugin = join(dir, 'plugin');
/** Write a file under the temp dir (executable when it has a #! line). */
function file(rel: string, text: string): string {
  const p = join(dir, rel);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, text);
  if (text.startsWith('#!')) chmodSync(p, 0o755);
  return p;
}
const env = { ...cleanEnv(), CLAUDE_PROJECT_DIR: project, CLAUDE_PLUGIN_ROOT: plugin, HOME: dir };
const GUARD = `#!/usr/bin/env bash
# the bench's guard: block rm -rf, stay silent otherwise
cmd=$(jq -r '.tool_input.command // empty')
case "$cmd" in
  *"rm -rf"*) echo "blocked: rm -rf is not allowed" >&2; exit 2 ;;
esac
exit 0
`;
file('project/.claude/hooks/guard.sh', GUARD);
file('project/.claude/hooks/lib.sh', 'deny() { jq -cn --arg r "$1" \'{decision: "block", reason: $r}\'; }\n');
file(
  'project/.claude/hooks/lib-reader.sh',
  'last() { grep \'"role":"assistant"\' "$(jq -r .transcript_path)" | tail -1; }\n',
);
file(
  'project/.claude/hooks/uses-lib.sh',
  '#!/bin/bash\nsource "$(dirname "$0")/lib.sh"\n[ "$(jq -r .tool_name)" = Bash ] && deny "no"\nexit 0\n',
);
file('project/.claude/hooks/uses-reader.sh', '#!/bin/bash\nsource "$(dirname "$0")/lib-reader.sh"\nlast\n');
file('project/.claude/hooks/sources-var.sh', '#!/bin/bash\nsource "$LIB_DIR/lib.sh"\n');
file(
  'project/.claude/hooks/json-heredoc.sh',
  '#!/bin/bash\ncat >/dev/null\ncat <<EOF\n{"hookSpecificOutput": ' +
    '{"hookEventName": "PreToolUse", "additionalContext": "at $(date +%s)"}}\nEOF\n',
);
file('project/.claude/hooks/py-heredoc.sh', '#!/bin/bash\npython3 - <<EOF\nimport json, sys\nEOF\n');
file('project/.claude/hooks/runs-git.sh', '#!/bin/bash\ngit diff --stat\n');
file('project/.claude/hooks/calls-mytool.sh', '#!/bin/bash\nmytool --check\n');
file(
  'project/.claude/hooks/defines-mytool.sh',
  `#!/bin/bash\nmytool() { cat >/dev/null; }\nmytool\nbash ${join(dir, 'project/.claude/hooks/calls-mytool.sh')}\n`,
);
file('project/.claude/hooks/helper.py', 'import json\ndef tool(d):\n    return d.get("tool_name")\n');
file(
  'project/.claude/hooks/helper_reader.py',
  'import json\ndef last(d):\n    return open(d["transcript_path"]).read().splitlines()[-1]\n',
);
file(
  'project/.claude/hooks/local-import.py',
  '#!/usr/bin/env python3\nimport json, sys\nfrom helper import ' +
    'tool\nsys.exit(2 if tool(json.load(sys.stdin)) == "Bash" else 0)\n',
);
file(
  'project/.claude/hooks/local-import-reader.py',
  'import json, sys\nimport helper_reader\nprint(helper_reader.last(json.load(sys.stdin)))\n',
);
file('project/.claude/hooks/third-party.py', 'import json, sys\nimport requests\n');
file(
  'project/.claude/hooks/subprocess.py',
  'import json, subprocess, sys\nsubprocess.run(["some-tool"], input=sys.stdin.read(), text=True)\n',
);
file('project/.claude/hooks/lib.js', 'module.exports = (p) => p.tool_name === "Bash";\n');
file(
  'project/.claude/hooks/lib-reader.mjs',
  'import { readFileSync } from "node:fs";\nexport const last = (p) => readFileSync(p.transcript_path, "utf8");\n',
);
file(
  'project/.claude/hooks/local-require.js',
  'const isBash = require("./lib");\nlet s = "";\nprocess.stdin.on("data", (c) => (s ' +
    '+= c)).on("end", () => process.exit(isBash(JSON.parse(s)) ? 2 : 0));\n',
);
file(
  'project/.claude/hooks/local-import-reader.mjs',
  'import { last } from "./lib-reader.mjs";\nimport fs from ' +
    '"node:fs";\nconsole.log(last(JSON.parse(fs.readFileSync(0, "utf8"))));\n',
);
file('project/.claude/hooks/package.js', 'const _ = require("lodash");\n');
file('project/.claude/hooks/dynamic.js', 'const m = require(process.env.HOOK_MODULE);\n');
file(
  'project/.claude/hooks/spawns.js',
  'const { execSync } = ' +
    'require("node:child_process");\nexecSync("some-tool", { input: require("node:fs").readFileSync(0) });\n',
);
file('project/.claude/hooks/ruby.rb', '#!/usr/bin/env ruby\nputs 1\n');
file('project/.claude/hooks/binary', '\u007fELF\u0002\u0001\u0001\u0000\u0000\u0000');
file('project/.claude/hooks/huge.sh', `#!/bin/bash\n${'# padding\n'.repeat(30_000)}exit 0\n`);
file('plugin/hooks/signal.py', '#!/usr/bin/env python3\nimport json, os, sys\nd = json.load(sys.stdin)\n');
// a chain of scripts, each sourcing the next: deeper than the check follows
for (let i = 0; i < 10; i++)
  file(`project/chain/${i}.sh`, i < 9 ? `source ${join(dir, 'project/chain', `${i + 1}.sh`)}\n` : 'exit 0\n');
const H = (name: string) => join(project, '.claude/hooks', name);

/** [what, command, translate?] */
const TABLE: [string, string | string[], boolean][] = [
  // transcript and todo readers (test/run/transcript-scripts.test.ts, the e2e Ralph-loop hook, Qwen's probe hook)
  ['Ralph-loop Stop hook: last assistant text with grep + jq', S('stop-last-text.sh'), true],
  ['Ralph-loop Stop hook run as `bash <file>`', `bash ${S('stop-last-text.sh')}`, true],
  ['Stop gate: greps the transcript for Edit/Write and test runs', S('require-tests.sh'), true],
  ['todo validator reads ~/.claude/todos/<session>-agent-<session>.json', `python3 ${S('todo-gate.py')}`, true],
  ['the end-to-end Ralph-loop Stop hook', `bash ${shellQuote(join(E2E, 'stop-last-message.sh'))}`, true],
  ["Qwen's transcript probe hook (node)", `node ${shellQuote(join(REPRO, 'transcript-probe-hook.js'))}`, true],
  ['inline: jq -r .transcript_path', 'jq -r .transcript_path > seen.txt', true],
  [
    'inline python reading the transcript',
    `python3 -c "import json,sys; d=json.load(sys.stdin); print(open(d['transcript_path']).read())"`,
    true,
  ],
  ['a sourced local library reads the transcript', H('uses-reader.sh'), true],
  ['a local Python module reads the transcript', `python3 ${H('local-import-reader.py')}`, true],
  ['a local ES module reads the transcript', `node ${H('local-import-reader.mjs')}`, true],
  ['exec form, a script that reads the transcript', ['bash', join(SCRIPTS, 'stop-last-text.sh')], true],
  // programs that cannot be inspected
  ['npx <package>', 'npx prettier --check . || true', true],
  ['a binary on PATH', 'git add -N . 2>/dev/null || true', true],
  ['a script that runs a binary on PATH', `bash ${H('runs-git.sh')}`, true],
  [
    "a caller's shell function is not defined in a script it runs (there: a program on PATH)",
    H('defines-mytool.sh'),
    true,
  ],
  ['python -m <module>', 'python3 -m hooks.guard', true],
  ['uv run without a script file', 'uv run guard', true],
  ['a program from $(…)', '$(which guard) --check', true],
  ['a program from an unknown variable', '"$HOOKS_DIR"/guard.sh', true],
  ['eval', 'eval "$(cat)"', true],
  ['bash reading its program from stdin', 'bash -s', true],
  ['a Python program fed by a heredoc', `bash ${H('py-heredoc.sh')}`, true],
  ['source of a path built from a variable', H('sources-var.sh'), true],
  ['source of a missing file', 'source ./missing.sh; exit 0', true],
  ['a script that does not exist', `bash ${shellQuote(join(project, 'nope.sh'))}`, true],
  ['a non-local, non-stdlib Python import', `python3 ${H('third-party.py')}`, true],
  ['Python subprocess (hands the payload on)', `python3 ${H('subprocess.py')}`, true],
  ['a package require', `node ${H('package.js')}`, true],
  ['a dynamic require', `node ${H('dynamic.js')}`, true],
  ['node:child_process (hands the payload on)', `node ${H('spawns.js')}`, true],
  ['a Ruby script', H('ruby.rb'), true],
  ['a binary file run by path', H('binary'), true],
  ['exec form: /usr/bin/env (a binary)', ['/usr/bin/env'], true],
  ['a script larger than the scan reads', H('huge.sh'), true],
  ['a chain of sourced files deeper than the scan follows', `bash ${join(project, 'chain/0.sh')}`, true],
  // plain guards: no transcript step
  ["the bench's bash+jq guard", `bash ${shellQuote(H('guard.sh'))}`, false],
  ['a guard run by path with "$CLAUDE_PROJECT_DIR"', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', false],
  ['a hook that only reads stdin', 'cat >/dev/null', false],
  ['block-rm.sh (jq + grep)', S('block-rm.sh'), false],
  ['web-guard.sh (here-strings, case)', `bash ${S('web-guard.sh')}`, false],
  ['ide-guard.sh (nested $(…), case)', S('ide-guard.sh'), false],
  ['ups-plain.sh (${#prompt})', S('ups-plain.sh'), false],
  ['stop-once.sh', S('stop-once.sh'), false],
  ['session-env.sh (set -u, $CLAUDE_ENV_FILE)', S('session-env.sh'), false],
  ['protect-env.py (json, os, sys)', `python3 ${S('protect-env.py')}`, false],
  ['ups-json.py', `python3 ${S('ups-json.py')}`, false],
  ['agent-guard.js', `node ${S('agent-guard.js')}`, false],
  ['post-context.js', `node ${S('post-context.js')}`, false],
  ['rewrite.js', `node ${S('rewrite.js')}`, false],
  ['node -e with no imports', 'node -e "process.exit(0)"', false],
  ['echo with $(jq …) to stderr', `echo "GitHub tool: $(jq -r '.tool_name')" >&2`, false],
  [
    'an inline program with assignments and command -v',
    `missing=''; command -v jq >/dev/null 2>&1 || missing="$missing ` +
      `jq"; [ -z "$missing" ] || echo "missing:$missing" >&2`,
    false,
  ],
  [
    'uv run --script or python3, by ${CLAUDE_PLUGIN_ROOT}',
    'if command -v uv >/dev/null 2>&1; then exec uv run --quiet --script ' +
      '"${CLAUDE_PLUGIN_ROOT}"/hooks/signal.py; else exec python3 "${CLAUDE_PLUGIN_ROOT}"/hooks/signal.py; fi',
    false,
  ],
  ['a script sourcing a plain local library by $(dirname "$0")', H('uses-lib.sh'), false],
  ['a JSON answer from a heredoc', H('json-heredoc.sh'), false],
  ['a local Python module', `python3 ${H('local-import.py')}`, false],
  ['a local CommonJS module', `node ${H('local-require.js')}`, false],
  ['exec form: node <file>', ['node', join(SCRIPTS, 'agent-guard.js')], false],
];

describe('mayReadTranscript: the static check (any doubt translates)', () => {
  for (const [what, command, expected] of TABLE) {
    it(`${expected ? 'translate' : 'skip     '}: ${what}`, () => {
      expect(mayReadTranscript(command, project, env)).toBe(expected);
    });
  }
  it("resolves every agent's project and plugin variables from the mappings, and no variable they do not name", () => {
    const at = (v: string) => `"$${v}"/.claude/hooks/guard.sh`;
    const envOf = (v: string) => ({ ...cleanEnv(), [v]: project, HOME: dir });
    // PLUGIN_ROOT: Codex CLI's plugin root (mappings/dialects/codex.yaml), not of the <AGENT>_PLUGIN_ROOT shape
    for (const v of [
      'QWEN_PROJECT_DIR',
      'GEMINI_PROJECT_DIR',
      'CODEBUDDY_PROJECT_DIR',
      'CODEBUDDY_PLUGIN_ROOT',
      'PLUGIN_ROOT',
    ])
      expect(mayReadTranscript(at(v), project, envOf(v))).toBe(false);
    // a variable no agent sets may hold anything by the time the command runs
    expect(mayReadTranscript(at('OTHER_PROJECT_DIR'), project, envOf('OTHER_PROJECT_DIR'))).toBe(true);
    // a variable the command itself sets is not the environment's
    expect(
      mayReadTranscript(`QWEN_PROJECT_DIR=/elsewhere; ${at('QWEN_PROJECT_DIR')}`, project, envOf('QWEN_PROJECT_DIR')),
    ).toBe(true);
  });
  it('the table holds every real transcript- or todo-reading script of the test suite', () => {
    const readers = ['stop-last-text.sh', 'require-tests.sh', 'todo-gate.py'];
    for (const f of readers) expect(readFileSync(join(SCRIPTS, f), 'utf8')).toMatch(/transcript|todos/);
    for (const f of readers) expect(TABLE.some(([, c, t]) => t && String(c).includes(f))).toBe(true);
  });
});

describe('run --transcript (through the CLI, Claude script on Qwen Code)', () => {
  const session = 'c0ffee00-0000-4000-8000-000000000001';
  const hostTranscript = join(dir, 'host.jsonl');
  writeFileSync(
    hostTranscript,
    `${JSON.stringify({
      uuid: 'u1',
      parentUuid: null,
      sessionId: session,
      timestamp: '2026-11-25T10:00:00Z',
      type: 'assistant',
      cwd: project,
      version: '0.24.4',
      message: { role: 'model', parts: [{ text: 'hello' }] },
    })}\n`,
  );
  const pre = JSON.stringify({
    session_id: session,
    transcript_path: hostTranscript,
    cwd: project,
    hook_event_name: 'PreToolUse',
    tool_name: 'run_shell_command',
    tool_input: { command: 'ls' },
  });
  const seen = join(dir, 'seen.json');
  const capture = `cat > ${shellQuote(seen)}`; // a script that cannot read the transcript
  const cache = (name: string) => join(dir, `cache-${name}`);
  const run = (name: string, extra: string[], command: string) =>
    runCli(
      ['--from', 'claude', '--to', 'qwen', ...extra, '-c', command],
      pre,
      cleanEnv({ HOME: dir, QWEN_PROJECT_DIR: project, HOOK_BRIDGE_CACHE_DIR: cache(name) }),
    );
  const translated = (name: string) => join(cache(name), 'transcripts', 'qwen', session, 'host.jsonl');

  it('auto (the default): a script that cannot read it gets the host path, and nothing is translated', async () => {
    expect(await run('auto', [], capture)).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse(readFileSync(seen, 'utf8')).transcript_path).toBe(hostTranscript);
    expect(existsSync(join(cache('auto'), 'transcripts'))).toBe(false);
  });
  it('auto: a script that reads it gets the Claude-format translation', async () => {
    const r = await run('auto-reader', [], `jq -r .transcript_path > ${shellQuote(seen)}`);
    expect(r.code).toBe(0);
    expect(readFileSync(seen, 'utf8').trim()).toBe(translated('auto-reader'));
    expect(readFileSync(translated('auto-reader'), 'utf8')).toContain('"type":"assistant"');
  });
  it('always: translated for any script', async () => {
    expect((await run('always', ['--transcript', 'always'], capture)).code).toBe(0);
    expect(JSON.parse(readFileSync(seen, 'utf8')).transcript_path).toBe(translated('always'));
  });
  it('never: the host path even for a reader', async () => {
    expect((await run('never', ['--transcript', 'never'], `jq -r .transcript_path > ${shellQuote(seen)}`)).code).toBe(
      0,
    );
    expect(readFileSync(seen, 'utf8').trim()).toBe(hostTranscript);
    expect(existsSync(join(cache('never'), 'transcripts'))).toBe(false);
  });
  it('a bad value is a usage error that fails closed on PreToolUse', async () => {
    const r = await run('bad', ['--transcript', 'sometimes'], capture);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--transcript takes always\|auto\|never, got "sometimes"/);
  });
});
