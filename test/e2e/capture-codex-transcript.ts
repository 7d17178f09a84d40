// Captures Codex CLI's transcript (rollout) file into test/fixtures/transcripts/codex/ (README there): one run of
// the real agent, headless against the Responses-API mock, with a hook on every event that copies its payload and
// the file behind transcript_path at the moment the hook runs.
// Run: HOOK_BRIDGE_E2E_CACHE=<cache> npx tsx test/e2e/capture-codex-transcript.ts [outDir] [session|patch]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CODEX_EVENTS } from './capture-codex.js';
import { runCodex } from './harness/codex.js';
import type { ModelStep } from './harness/types.js';
import { makeWorkspace, writeJson } from './harness/util.js';

const patch = (...body: string[]) => ['*** Begin Patch', ...body, '*** End Patch'].join('\n');
const STEPS: ModelStep[] = [
  { tool: 'exec_command', args: { cmd: 'echo out-line; echo err-line >&2' } },
  { tool: 'exec_command', args: { cmd: 'echo partial; exit 3' } },
  { tool: 'apply_patch', args: { input: patch('*** Add File: w.txt', '+line1', '+line2') } },
  { tool: 'apply_patch', args: { input: patch('*** Update File: w.txt', '@@', ' line1', '-line2', '+LINE2') } },
];
/** `patch`: one apply_patch call that adds, updates (two chunks), moves and deletes files the project holds. */
const PATCH_FILES: Record<string, string> = {
  'u.txt': 'one\ntwo\nthree\nfour\nfive\n',
  'm.txt': 'a\nb\n',
  'gone.txt': 'bye\n',
};
const PATCH_STEPS: ModelStep[] = [
  {
    tool: 'apply_patch',
    args: {
      input: patch(
        '*** Add File: n.txt',
        '+new1',
        '+new2',
        '*** Update File: u.txt',
        '@@',
        '-two',
        '+TWO',
        '@@',
        ' four',
        '-five',
        '+FIVE',
        '*** Update File: m.txt',
        '*** Move to: moved.txt',
        '@@',
        ' a',
        '-b',
        '+B',
        '*** Delete File: gone.txt',
      ),
    },
  },
  { tool: 'exec_command', args: { cmd: 'cat n.txt u.txt moved.txt' } },
];

// Appends {payload, transcript (text or null)} per hook call.
const REC =
  `const fs=require('fs');let d='';process.stdin.on('data',c=>d+=c).on('end',()=>{const p=JSON.parse(d);let ` +
  `t=null;try{t=fs.readFileSync(p.transcript_path,'utf8')}catch{}fs.appendFileSync(process.argv[2],JSON.stringify({` +
  `payload:p,transcript:t})+'\\n')});`;

/** Long instruction texts Codex writes into every rollout (tens of KB) are cut: no reader uses them. */
function shorten(line: string): string {
  const r = JSON.parse(line) as { payload?: Record<string, any> };
  const p = r.payload;
  if (p?.base_instructions?.text)
    p.base_instructions.text = `${String(p.base_instructions.text).slice(0, 200)}…[cut for the fixture]`;
  if (p?.type === 'message' && p.role === 'developer')
    for (const c of p.content ?? [])
      if (typeof c.text === 'string' && c.text.length > 300) c.text = `${c.text.slice(0, 300)}…[cut for the fixture]`;
  return JSON.stringify(r);
}

export async function captureCodexTranscript(outDir: string, scenario: 'session' | 'patch' = 'session'): Promise<void> {
  const ws = makeWorkspace('hb-codex-transcript-');
  if (scenario === 'patch')
    for (const [f, text] of Object.entries(PATCH_FILES)) writeFileSync(join(ws.projectDir, f), text);
  const rec = join(ws.root, 'rec.js');
  const log = join(ws.root, 'captured.jsonl');
  writeFileSync(rec, REC);
  const hook = { type: 'command', command: `node ${JSON.stringify(rec)} ${JSON.stringify(log)}` };
  writeJson(join(ws.projectDir, '.codex/hooks.json'), {
    hooks: Object.fromEntries(CODEX_EVENTS.map((e) => [e, [{ hooks: [hook] }]])),
  });
  try {
    const r = await runCodex({
      projectDir: ws.projectDir,
      homeDir: ws.homeDir,
      steps: scenario === 'patch' ? PATCH_STEPS : STEPS,
    });
    const fix = (s: string) => s.split(ws.projectDir).join('/PROJECT').split(ws.homeDir).join('/HOME');
    const calls = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(fix(l)) as { payload: Record<string, unknown>; transcript: string | null });
    mkdirSync(outDir, { recursive: true });
    const summary: string[] = [];
    calls.forEach((c, i) => {
      const name =
        `${String(i).padStart(3, '0')}-` +
        String(c.payload.hook_event_name) +
        (c.payload.tool_name ? `-${String(c.payload.tool_name)}` : '');
      const lines = c.transcript === null ? [] : c.transcript.trim().split('\n');
      summary.push(
        `${name}: transcript ${
          c.transcript === null
            ? 'absent'
            : `${lines.length} lines, types ${[
                ...new Set(
                  lines.map((l) => {
                    const x = JSON.parse(l);
                    return x.type === 'response_item' ? `${x.type}:${x.payload.type}` : x.type;
                  }),
                ),
              ].join(',')}`
        }`,
      );
      writeFileSync(join(outDir, `${name}.payload.json`), `${JSON.stringify(c.payload, null, 2)}\n`);
      if (c.transcript !== null)
        writeFileSync(join(outDir, `${name}.transcript.jsonl`), `${lines.map(shorten).join('\n')}\n`);
    });
    console.log(`exit ${r.exitCode}\n${summary.join('\n')}\nstderr: ${r.stderr.slice(-1500)}`);
  } finally {
    ws.cleanup();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'capture-codex-transcript.ts')) {
  await captureCodexTranscript(
    resolve(process.argv[2] ?? '/tmp/codex-transcript-capture'),
    process.argv[3] === 'patch' ? 'patch' : 'session',
  );
}
