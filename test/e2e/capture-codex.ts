// Captures Codex CLI's hook payloads into test/fixtures/observed/codex/ (README there): one run of the
// real agent, headless against the Responses-API mock, with a recording hook on every event it declares.
// Run: HOOK_BRIDGE_E2E_CACHE=<cache> npx tsx test/e2e/capture-codex.ts [outDir]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runCodex } from './harness/codex.js';
import { cacheRoot } from './harness/install.js';
import type { ModelStep } from './harness/types.js';
import { makeWorkspace, writeJson } from './harness/util.js';

/** Codex 0.169.0's hook events (codex-rs/hooks); PermissionRequest never fires under `codex exec`. */
export const CODEX_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'Stop',
  'SessionEnd',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
];

const patch = (...body: string[]) => ['*** Begin Patch', ...body, '*** End Patch'].join('\n');

/** The model's calls, one per turn; file names of the tool captures are `<Event>-<label>.json`. */
export const CAPTURE_STEPS: { label: string; step: ModelStep }[] = [
  { label: 'Bash', step: { tool: 'exec_command', args: { cmd: 'echo out; echo err >&2' } } },
  { label: 'Bash-exit3', step: { tool: 'exec_command', args: { cmd: 'echo failing; exit 3' } } },
  {
    label: 'apply_patch-add',
    step: { tool: 'apply_patch', args: { input: patch('*** Add File: notes.txt', '+hello', '+world') } },
  },
  {
    label: 'apply_patch-update',
    step: {
      tool: 'apply_patch',
      args: { input: patch('*** Update File: notes.txt', '@@', ' hello', '-world', '+there') },
    },
  },
  {
    label: 'apply_patch-two-files-move-delete',
    step: {
      tool: 'apply_patch',
      args: {
        input: patch(
          '*** Add File: b.txt',
          '+b',
          '*** Update File: notes.txt',
          '*** Move to: moved.txt',
          '@@',
          '-hello',
          '+bye',
          '*** Delete File: a.txt',
        ),
      },
    },
  },
  {
    label: 'apply_patch-failing',
    step: { tool: 'apply_patch', args: { input: patch('*** Update File: missing.txt', '@@', '-x', '+y') } },
  },
];

const REC =
  `const fs=require('fs');let d='';process.stdin.on('data',c=>d+=c).on('end',()=>{const e={};for(const k of ` +
  `Object.keys(process.env).sort())if(/^(CODEX|CLAUDE|OPENAI)|PROJECT_DIR/.test(k))e[k]=process.env[k];fs.appendFil` +
  `eSync(process.argv[2],JSON.stringify({stdin:d,env:e,cwd:process.cwd(),pathHead:(process.env.PATH||'').split(':')` +
  `[0]})+'\\n')});`;

export async function captureCodex(outDir: string): Promise<void> {
  const ws = makeWorkspace('hb-codex-capture-');
  const dir = ws.projectDir;
  const rec = join(ws.root, 'rec.js');
  const log = join(ws.root, 'captured.jsonl');
  writeFileSync(rec, REC);
  writeFileSync(join(dir, 'a.txt'), 'to be deleted\n');
  const hook = { type: 'command', command: `node ${JSON.stringify(rec)} ${JSON.stringify(log)}` };
  writeJson(join(dir, '.codex/hooks.json'), {
    hooks: Object.fromEntries(CODEX_EVENTS.map((e) => [e, [{ hooks: [hook] }]])),
  });
  try {
    const r = await runCodex({ projectDir: dir, homeDir: ws.homeDir, steps: CAPTURE_STEPS.map((s) => s.step) });
    const tools = (r.requests[0]?.body?.tools ?? []).map((t: any) => ({
      type: t.type,
      name: t.name ?? null,
      ...(t.format ? { format: t.format.type ?? null } : {}),
      ...(t.parameters ? { parameters: Object.keys(t.parameters.properties ?? {}) } : {}),
    }));
    const fix = (s: string) =>
      s
        .split(ws.projectDir)
        .join('/PROJECT')
        .split(ws.homeDir)
        .join('/HOME')
        .split(ws.root)
        .join('/SCRATCH')
        .split(cacheRoot())
        .join('/E2E_CACHE');
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(fix(l)));
    mkdirSync(join(outDir, 'payloads'), { recursive: true });
    // tool events carry tool_use_id = the mock's call id `call_e2e_<n>`; n-1 = the step's index
    const label = (p: any) =>
      CAPTURE_STEPS[Number(String(p.tool_use_id).replace(/^call_e2e_/, '')) - 1]?.label ?? p.tool_name;
    const seen = new Set<string>();
    for (const l of lines) {
      const p = JSON.parse(l.stdin);
      const ev: string = p.hook_event_name;
      const name = p.tool_use_id ? `${ev}-${label(p)}` : ev;
      if (seen.has(name)) continue;
      seen.add(name);
      writeFileSync(join(outDir, 'payloads', `${name}.json`), `${JSON.stringify(p, null, 2)}\n`);
    }
    const first = lines[0];
    writeFileSync(
      join(outDir, '_hook-env.json'),
      `${JSON.stringify(
        {
          env: first?.env,
          cwd: first?.cwd,
          pathHead: first?.pathHead,
          stdinEndsWithNewline: first?.stdin.endsWith('\n'),
        },
        null,
        2,
      )}\n`,
    );
    writeFileSync(
      join(outDir, '_event-order.json'),
      `${JSON.stringify(
        lines.map((l) => {
          const p = JSON.parse(l.stdin);
          return p.tool_use_id ? `${p.hook_event_name}:${label(p)}` : p.hook_event_name;
        }),
      )}\n`,
    );
    writeFileSync(join(outDir, 'tools-sent-to-model.json'), `${fix(JSON.stringify(tools, null, 2))}\n`);
    writeFileSync(
      join(outDir, 'tool-results-sent-to-model.json'),
      `${fix(
        JSON.stringify(
          r.toolResults.map((t, i) => ({
            call: CAPTURE_STEPS[i]?.label,
            output: t.replace(/^Chunk ID: \w+/m, 'Chunk ID: <id>'),
          })),
          null,
          2,
        ),
      )}\n`,
    );
    console.log(
      `exit ${r.exitCode}, ${lines.length} payloads, ${tools.length} tools, ${r.requests.length} model ` +
        `requests\nstderr: ${r.stderr.slice(-2000)}`,
    );
  } finally {
    ws.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  await captureCodex(resolve(process.argv[2] ?? 'test/fixtures/observed/codex'));
