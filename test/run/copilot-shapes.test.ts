// Issue 32: the places where a Claude script wrapped for GitHub Copilot CLI still reached another decision than on
// Claude Code, each as a table run through the wrapper the way Copilot runs it (bash --norc --noprofile -c, `--event`,
// its reply read by its decision table: flat fields only, any non-zero preToolUse exit denies), on Copilot's own-file
// payloads (observed, 1.0.102) in both forms of `toolArgs`: the object Copilot 1.0.102 sends and the JSON text its
// hook docs show.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/dialects/wrapper.js';
import { translatePayload } from '../../src/run/payload.js';
import { BIN } from './cli.js';
import { copilotDoes, copilotRuns, hostRuns, PAYLOADS, type Obj } from './copilot-host.js';

const proj = mkdtempSync(join(tmpdir(), 'hb-copilot-shapes-'));
const log = join(proj, 'seen.jsonl');
const own = (name: string): Obj =>
  JSON.parse(readFileSync(join(PAYLOADS, 'own', `${name}.json`), 'utf8').replaceAll('/PROJECT', proj));
/** What the Claude scripts saw, one payload per run (and the log emptied for the next case). */
const seen = (): Obj[] => {
  let text = '';
  try {
    text = readFileSync(log, 'utf8');
  } catch {
    // no run
  }
  rmSync(log, { force: true });
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
};

/** A Claude hook script (node), given its payload as `p`; it logs what it saw. */
const script = (body: string) =>
  `node -e ${shellQuote(
    `let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{const p=JSON.parse(s);` +
      `require('fs').appendFileSync(${JSON.stringify(log)},JSON.stringify(p)+'\\n');${body}})`,
  )}`;

/** Copilot's two forms of toolArgs: the object 1.0.102 sends, the JSON text its hook docs show. */
const FORMS = {
  object: (args: unknown) => args,
  'JSON text': (args: unknown) => JSON.stringify(args),
};
const withArgs = (p: Obj, args: unknown, form: keyof typeof FORMS): Obj => ({ ...p, toolArgs: FORMS[form](args) });

describe('grep and glob: Copilot’s paths reach a Claude Grep/Glob guard as its path, one run per path', () => {
  // A guard that refuses a search of node_modules, the way Claude Code's Grep guards read the call.
  const guard = script(
    `const path=String(p.tool_input.path??'');if(/node_modules/.test(path)){` +
      `console.error('NO-NODE-MODULES '+path);process.exit(2)}`,
  );
  const rows: ['grep' | 'glob', unknown, { denied: boolean; paths: unknown[] }][] = [
    ['grep', 'node_modules', { denied: true, paths: ['node_modules'] }],
    ['grep', ['src', 'node_modules/pkg'], { denied: true, paths: ['src', 'node_modules/pkg'] }],
    ['grep', ['src', 'lib'], { denied: false, paths: ['src', 'lib'] }],
    ['grep', undefined, { denied: false, paths: [undefined] }],
    ['grep', [], { denied: false, paths: [undefined] }],
    ['glob', ['node_modules'], { denied: true, paths: ['node_modules'] }],
    ['glob', 'src', { denied: false, paths: ['src'] }],
  ];
  for (const form of Object.keys(FORMS) as (keyof typeof FORMS)[])
    it.each(rows)(`%s paths %j (toolArgs as ${form})`, async (tool, paths, want) => {
      const p = own(`preToolUse-${tool}`);
      const args = { ...p.toolArgs, ...(paths !== undefined ? { paths } : {}) };
      const r = await copilotRuns(proj, guard, withArgs(p, args, form), 'preToolUse');
      const e = copilotDoes('own', 'pre-tool-use', r);
      const runs = seen();
      expect(runs.map((x) => x.tool_input.path)).toEqual(want.paths);
      expect(runs.every((x) => !('paths' in x.tool_input) && x.tool_name === (tool === 'grep' ? 'Grep' : 'Glob'))).toBe(
        true,
      );
      expect(e.denied).toEqual(
        want.denied ? expect.stringMatching(/^Denied by preToolUse hook: NO-NODE-MODULES /) : undefined,
      );
    });
  it('a rewrite of each path goes back as the list, in Copilot’s name for it', async () => {
    const rewrite = script(
      `console.log(JSON.stringify({hookSpecificOutput:{hookEventName:'PreToolUse',permissionDecision:'allow',` +
        `updatedInput:{...p.tool_input,path:p.tool_input.path+'/only-here'}}}))`,
    );
    const p = own('preToolUse-grep');
    const r = await copilotRuns(
      proj,
      rewrite,
      withArgs(p, { pattern: 'x', paths: ['src', 'lib'] }, 'JSON text'),
      'preToolUse',
    );
    seen();
    expect(copilotDoes('own', 'pre-tool-use', r).rewrite).toEqual({
      pattern: 'x',
      paths: ['src/only-here', 'lib/only-here'],
    });
  });
});

describe('SessionStart and SessionEnd: Copilot’s values in Claude’s words (events.yaml valueNames)', () => {
  // A Claude SessionStart script that acts on how the session started, as Claude Code says it.
  const onStart = script(
    `const ctx={startup:'FRESH-SESSION-RULES',resume:'WELCOME-BACK'}[p.source];if(ctx)` +
      `console.log(JSON.stringify({hookSpecificOutput:{hookEventName:'SessionStart',additionalContext:ctx}}))`,
  );
  it.each([
    ['new', 'startup', ['FRESH-SESSION-RULES']],
    ['startup', 'startup', ['FRESH-SESSION-RULES']],
    ['resume', 'resume', ['WELCOME-BACK']],
  ])('source %s: the script sees %s and its context reaches the model', async (source, claude, toModel) => {
    const r = await copilotRuns(proj, onStart, { ...own('sessionStart'), source }, 'sessionStart');
    expect(seen().map((x) => x.source)).toEqual([claude]);
    expect(copilotDoes('own', 'session-start', r).toModel).toEqual(toModel);
  });
  it.each([
    ['complete', 'other'],
    ['user_exit', 'prompt_input_exit'],
    ['error', 'other'],
  ])('SessionEnd reason %s: the script sees %s', async (reason, claude) => {
    await copilotRuns(proj, script(''), { ...own('sessionEnd'), reason }, 'sessionEnd');
    expect(seen().map((x) => x.reason)).toEqual([claude]);
  });
});

describe('the same values the other way, and in a grouped entry', () => {
  it("a Copilot script under Claude Code gets Copilot's words (startup -> new, other -> complete)", () => {
    const claude = { session_id: 's', transcript_path: '', cwd: proj };
    expect(
      translatePayload({ ...claude, hook_event_name: 'SessionStart', source: 'startup' }, 'claude', 'copilot', {})
        .payload.source,
    ).toBe('new');
    expect(
      translatePayload({ ...claude, hook_event_name: 'SessionEnd', reason: 'other' }, 'claude', 'copilot', {}).payload
        .reason,
    ).toBe('complete');
  });
  it("a grouped dispatch entry holds a hook to its matcher in Claude's words: `startup` fires for `new`", async () => {
    const group = (matcher: string) =>
      hostRuns(
        proj,
        process.execPath,
        [
          BIN,
          'dispatch',
          '--to',
          'copilot',
          '--event',
          'sessionStart',
          'run',
          '--from',
          'claude',
          '--matcher',
          matcher,
          '-c',
          script(''),
        ],
        own('sessionStart'),
      );
    await group('startup');
    expect(seen().map((x) => x.source)).toEqual(['startup']);
    await group('resume|compact');
    expect(seen()).toEqual([]);
  });
});

describe('continue:false: the nearest outcome Copilot can give, as on Qwen Code, CodeBuddy Code and Codex CLI', () => {
  const stop = script(`console.log(JSON.stringify({continue:false,stopReason:'STOP-IT'}))`);
  for (const form of Object.keys(FORMS) as (keyof typeof FORMS)[])
    it(`preToolUse (toolArgs as ${form}): the call is denied with the stop reason`, async () => {
      const p = own('preToolUse-bash');
      const r = await copilotRuns(proj, stop, withArgs(p, p.toolArgs, form), 'preToolUse');
      seen();
      expect(copilotDoes('own', 'pre-tool-use', r).denied).toBe('Denied by preToolUse hook: STOP-IT');
    });
  it("userPromptSubmitted: blocked with Copilot's own decision block (the run ends, Claude's outcome)", async () => {
    const r = await copilotRuns(proj, stop, own('userPromptSubmitted'), 'userPromptSubmitted');
    seen();
    expect(JSON.parse(r.stdout)).toEqual({ decision: 'block', reason: 'STOP-IT' });
    expect(copilotDoes('own', 'user-prompt-submit', r).blocked).toBe(true);
  });
  it('agentStop: not a block (a Stop that does not block ends the turn: Claude’s “end now”)', async () => {
    const r = await copilotRuns(proj, stop, own('agentStop'), 'agentStop');
    seen();
    expect(copilotDoes('own', 'stop', r).blocked).toBeUndefined();
  });
});

describe('toolArgs as JSON text, for every event and tool: the hook gets the object, never a deny for it', () => {
  const allow = script('');
  const named = readdirSync(join(PAYLOADS, 'own'))
    .map((f) => f.replace(/\.json$/, ''))
    .filter((n) => !n.startsWith('_') && ('toolArgs' in own(n) || 'toolInput' in own(n)));
  it('(every captured payload that carries tool arguments)', () => expect(named.length).toBeGreaterThanOrEqual(17));
  it.each(named)('%s', async (name) => {
    const p = own(name);
    const key = 'toolArgs' in p ? 'toolArgs' : 'toolInput';
    const event = name === 'permissionRequest' ? undefined : name.split('-')[0]!;
    const asObject = await copilotRuns(proj, allow, p, event);
    const asObjectSaw = seen();
    const asText = await copilotRuns(proj, allow, { ...p, [key]: JSON.stringify(p[key]) }, event);
    const asTextSaw = seen();
    // The same payload for the script either way, and the same (empty) reply: the call goes on.
    expect(asTextSaw).toHaveLength(1);
    expect({ ...asTextSaw[0], timestamp: 0 }).toEqual({ ...asObjectSaw[0], timestamp: 0 });
    expect(typeof asTextSaw[0]!.tool_input).toBe('object');
    expect([asText.exitCode, asText.stdout]).toEqual([asObject.exitCode, asObject.stdout]);
    expect([asText.exitCode, asText.stdout]).toEqual([0, '']);
  });
  it.each([
    ['text that is not JSON', 'rm -rf build'],
    ['JSON of something else', '["rm","-rf"]'],
    ['an array', ['rm', '-rf']],
    ['null', null],
  ])('%s: the hook gets it as it is, and its allow stands; its deny too', async (_n, toolArgs) => {
    const p = { ...own('preToolUse-bash'), toolArgs };
    const allowed = await copilotRuns(proj, allow, p, 'preToolUse');
    expect(seen().map((x) => x.tool_input)).toEqual([toolArgs]);
    expect(copilotDoes('own', 'pre-tool-use', allowed)).toEqual({ toModel: [] });
    const guard = script(
      `const i=p.tool_input;if(!i||typeof i!=='object'||Array.isArray(i)){console.error('ODD');process.exit(2)}`,
    );
    const denied = await copilotRuns(proj, guard, p, 'preToolUse');
    seen();
    expect(copilotDoes('own', 'pre-tool-use', denied).denied).toBe('Denied by preToolUse hook: ODD');
  });
  it('a .env guard reading file_path denies a create whose toolArgs is JSON text', async () => {
    const guard = script(
      `if(String(p.tool_input.file_path).endsWith('.env')){console.error('ENV-GUARD');process.exit(2)}`,
    );
    const p = own('preToolUse-create');
    const r = await copilotRuns(
      proj,
      guard,
      withArgs(p, { path: join(proj, '.env'), file_text: 'SECRET=1\n' }, 'JSON text'),
      'preToolUse',
    );
    expect(seen().map((x) => x.tool_input)).toEqual([{ file_path: join(proj, '.env'), content: 'SECRET=1\n' }]);
    expect(copilotDoes('own', 'pre-tool-use', r).denied).toBe('Denied by preToolUse hook: ENV-GUARD');
  });
});
