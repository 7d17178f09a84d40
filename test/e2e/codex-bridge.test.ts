// What hook-bridge adds on Codex CLI beyond the differential scenarios, in the real agent: Claude scripts see an
// apply_patch update as the Edit it amounts to, a Claude rewrite of that Edit goes back as a patch Codex applies,
// and a Claude Stop hook that always blocks cannot loop forever (Codex has no loop guard; Claude ends the turn
// at the 9th consecutive block). Each case runs the same Claude hook through `convert --to codex` (bridged) and
// as a native Codex hook with the project path written out (what a careful user would copy), for comparison.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codexStep, runCodex } from './harness/codex.js';
import { ensureAgent } from './harness/install.js';
import type { AgentRunResult, ModelStep } from './harness/types.js';
import { makeWorkspace, writeJson, type TempWorkspace } from './harness/util.js';
import { HOSTS, installConfig } from './scenarios/hosts.js';

const workspaces: TempWorkspace[] = [];
beforeAll(() => void ensureAgent('codex'));
afterAll(() =>
  workspaces.forEach((w) => {
    w.cleanup();
  }),
);

const explain = (r: AgentRunResult) =>
  `exit=${r.exitCode} ${r.durationMs} ms, ${r.requests.length} request(s), toolResults=` +
  `${JSON.stringify(r.toolResults)}\n${r.stderr.slice(-1500)}`;
const told = (r: AgentRunResult, token: string) => r.requests.some((q) => JSON.stringify(q.body).includes(token));

/** A project with one Claude hook script (node) in .claude/settings.json; bridged: converted, else copied with the path
 * written out.
 */
function project(
  mode: 'bridged' | 'native',
  event: string,
  matcher: string | undefined,
  script: string,
  files: Record<string, string> = {},
) {
  const ws = makeWorkspace(`hb-e2e-codex-${mode}-`);
  workspaces.push(ws);
  const dir = ws.projectDir;
  mkdirSync(join(dir, '.claude/hooks'), { recursive: true });
  writeFileSync(
    join(dir, '.claude/hooks/hook.js'),
    `let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{const p=JSON.parse(s);\n${script}\n});\n`,
  );
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
  const hooks = (command: string) => ({
    hooks: { [event]: [{ ...(matcher ? { matcher } : {}), hooks: [{ type: 'command', command }] }] },
  });
  writeJson(join(dir, '.claude/settings.json'), hooks('node "$CLAUDE_PROJECT_DIR/.claude/hooks/hook.js"'));
  if (mode === 'bridged') installConfig(dir, HOSTS.codex, 'bridged');
  else writeJson(join(dir, '.codex/hooks.json'), hooks(`node ${JSON.stringify(join(dir, '.claude/hooks/hook.js'))}`));
  return { ws, dir };
}

const edit = (dir: string): ModelStep =>
  codexStep(
    { tool: 'Edit', args: { file_path: 'config.txt', old_string: 'mode=dev', new_string: 'mode=SECRET' } },
    dir,
  );
const CONFIG = { 'config.txt': 'name=app\nmode=dev\n' };

describe('Codex CLI: apply_patch as Claude Edit calls (through hook-bridge)', () => {
  // A Claude guard on Edit that reads old_string/new_string, as Claude scripts do.
  const guard =
    `if(p.tool_name==='Edit'&&String(p.tool_input.new_string).includes('SECRET')){console.error('NO-SECRETS ` +
    `in '+p.tool_input.file_path);process.exit(2)}`;
  for (const mode of ['bridged', 'native'] as const) {
    it(
      `an Edit guard reading new_string ` +
        (mode === 'bridged'
          ? 'blocks the update patch with its reason'
          : 'sees tool_name apply_patch and no new_string: the patch applies (native hook, recorded)'),
      async () => {
        const { ws, dir } = project(mode, 'PreToolUse', 'Edit', guard, CONFIG);
        const r = await runCodex({ projectDir: dir, homeDir: ws.homeDir, steps: [edit(dir)] });
        const applied = readFileSync(join(dir, 'config.txt'), 'utf8').includes('SECRET');
        expect({ applied, told: told(r, 'NO-SECRETS in') }, explain(r)).toEqual(
          mode === 'bridged' ? { applied: false, told: true } : { applied: true, told: false },
        );
      },
    );
  }

  it('a Claude rewrite of the Edit (updatedInput new_string) goes back as a patch Codex applies', async () => {
    const rewrite =
      `if(p.tool_name==='Edit'){process.stdout.write(JSON.stringify({hookSpecificOutput:{hookEventName:'PreToolUse'` +
      `,permissionDecision:'allow',updatedInput:{...p.tool_input,new_string:p.tool_input.new_string.replace('SECRET` +
      `','public')}}}))}`;
    const { ws, dir } = project('bridged', 'PreToolUse', 'Edit', rewrite, CONFIG);
    const r = await runCodex({ projectDir: dir, homeDir: ws.homeDir, steps: [edit(dir)] });
    expect(readFileSync(join(dir, 'config.txt'), 'utf8'), explain(r)).toBe('name=app\nmode=public\n');
  });
});

describe('Codex CLI: a Claude Stop gate that looks for Edit/Write in the transcript', () => {
  // The quality-gate pattern: files were edited in this session -> block once with the edited paths.
  const gate =
    `if(p.stop_hook_active)return;const ` +
    `recs=require('fs').readFileSync(p.transcript_path,'utf8').trim().split('\\n').map((l)=>JSON.parse(l));const ` +
    `edits=recs.filter((r)=>r.type==='assistant'&&Array.isArray(r.message&&r.message.content)).flatMap((r)=>r.messa` +
    `ge.content).filter((b)=>b.type==='tool_use'&&(b.name==='Edit'||b.name==='Write'));if(edits.length)console.log(` +
    `JSON.stringify({decision:'block',reason:'EDITED ` +
    `'+edits.map((b)=>b.name+':'+require('path').basename(b.input.file_path)).join(',')}))`;
  for (const mode of ['bridged', 'native'] as const) {
    it(`${
      mode === 'bridged'
        ? 'finds the apply_patch update as an Edit and blocks once'
        : 'finds no Edit in the rollout file and lets the turn end (native hook, recorded)'
    }`, async () => {
      const { ws, dir } = project(mode, 'Stop', undefined, gate, CONFIG);
      const r = await runCodex({ projectDir: dir, homeDir: ws.homeDir, steps: [edit(dir)] });
      expect(told(r, 'EDITED Edit:config.txt'), explain(r)).toBe(mode === 'bridged');
    });
  }
});

describe('Codex CLI: a Claude Stop hook that always blocks', () => {
  // Ignores stop_hook_active: on Claude Code the turn ends at the 9th consecutive block; Codex has no guard.
  const always = `process.stdout.write(JSON.stringify({decision:'block',reason:'AGAIN-'+Date.now()}))`;
  it("through hook-bridge: the run ends by itself (Claude's cap: the 9th block is let through)", async () => {
    const { ws, dir } = project('bridged', 'Stop', undefined, always);
    const r = await runCodex({ projectDir: dir, homeDir: ws.homeDir, steps: [], timeoutMs: 60_000 });
    expect(
      { exit: r.exitCode, killed: r.stderr.includes('[harness] killed after'), requests: r.requests.length },
      explain(r),
    ).toEqual({ exit: 0, killed: false, requests: 9 });
  });
  it('as a native Codex hook: it loops until killed (recorded: dozens of turns in 4 s)', async () => {
    const { ws, dir } = project('native', 'Stop', undefined, always);
    const r = await runCodex({ projectDir: dir, homeDir: ws.homeDir, steps: [], timeoutMs: 4_000 });
    expect(r.stderr.includes('[harness] killed after'), explain(r)).toBe(true);
    expect(r.requests.length).toBeGreaterThan(9);
    expect(existsSync(join(dir, '.codex/hooks.json'))).toBe(true);
  });
});
