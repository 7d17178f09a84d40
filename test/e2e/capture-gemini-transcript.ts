// Captures Gemini CLI's transcript file into test/fixtures/transcripts/gemini/ (README there): one run of
// the real agent, headless against the mock model, with a hook on every event that copies its payload and
// the file behind transcript_path at the moment the hook runs.
// Run: HOOK_BRIDGE_E2E_CACHE=<cache> npx tsx test/e2e/capture-gemini-transcript.ts [outDir]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GEMINI_EVENTS } from './capture-gemini.js';
import { runGemini } from './harness/gemini.js';
import type { ModelStep } from './harness/types.js';
import { makeWorkspace, writeJson } from './harness/util.js';

const STEPS: ModelStep[] = [
  { tool: 'run_shell_command', args: { command: 'echo out-line; echo err-line >&2', description: 'print' } },
  { tool: 'run_shell_command', args: { command: 'echo partial; exit 3' } },
  { tool: 'write_file', args: { file_path: 'w.txt', content: 'line1\nline2\n' } },
  { tool: 'read_file', args: { file_path: 'w.txt' } },
  { tool: 'replace', args: { file_path: 'w.txt', instruction: 'upper', old_string: 'line2', new_string: 'LINE2' } },
];

// Appends {payload, transcript (text or null)} per hook call.
const REC =
  `const fs=require('fs');let d='';process.stdin.on('data',c=>d+=c).on('end',()=>{const p=JSON.parse(d);let ` +
  `t=null;try{t=fs.readFileSync(p.transcript_path,'utf8')}catch{}fs.appendFileSync(process.argv[2],JSON.stringify({` +
  `payload:p,transcript:t})+'\\n')});`;

export async function captureGeminiTranscript(outDir: string): Promise<void> {
  const ws = makeWorkspace('hb-gemini-transcript-');
  const rec = join(ws.homeDir, '..', 'rec.js');
  const log = join(ws.homeDir, '..', 'captured.jsonl');
  writeFileSync(rec, REC);
  const hook = { type: 'command', command: `node ${JSON.stringify(rec)} ${JSON.stringify(log)}` };
  writeJson(join(ws.projectDir, '.gemini/settings.json'), {
    hooks: Object.fromEntries(GEMINI_EVENTS.map((e) => [e, [{ hooks: [hook] }]])),
  });
  const r = await runGemini({ projectDir: ws.projectDir, homeDir: ws.homeDir, steps: STEPS });
  const fix = (s: string) => s.split(ws.projectDir).join('/PROJECT').split(ws.homeDir).join('/HOME');
  const calls = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(fix(l)) as { payload: Record<string, unknown>; transcript: string | null });
  mkdirSync(outDir, { recursive: true });
  const seen = new Map<string, number>();
  const summary: string[] = [];
  calls.forEach((c, i) => {
    const ev = String(c.payload.hook_event_name);
    const name = `${String(i).padStart(3, '0')}-${ev}${c.payload.tool_name ? `-${String(c.payload.tool_name)}` : ''}`;
    seen.set(ev, (seen.get(ev) ?? 0) + 1);
    summary.push(
      `${name}: transcript ` +
        (c.transcript === null
          ? 'absent'
          : `${c.transcript.length} chars, ${c.transcript.trim().split('\n').length} lines`),
    );
    writeFileSync(join(outDir, `${name}.payload.json`), `${JSON.stringify(c.payload, null, 2)}\n`);
    if (c.transcript !== null) writeFileSync(join(outDir, `${name}.transcript.jsonl`), c.transcript);
  });
  const final = String(calls.at(-1)?.payload.transcript_path ?? '');
  console.log(
    `exit ${r.exitCode}\n${summary.join('\n')}\nfinal transcript path: ${final}\nstderr: ${r.stderr.slice(-1500)}`,
  );
  const real = final.replace('/HOME', ws.homeDir).replace('/PROJECT', ws.projectDir);
  if (existsSync(real)) writeFileSync(join(outDir, 'final.transcript.jsonl'), fix(readFileSync(real, 'utf8')));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'capture-gemini-transcript.ts')) {
  await captureGeminiTranscript(resolve(process.argv[2] ?? '/tmp/gemini-transcript-capture'));
}
