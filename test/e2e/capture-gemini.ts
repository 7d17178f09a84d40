// Captures Gemini CLI's hook payloads into test/fixtures/observed/gemini/ (README there): one run of the
// real agent, headless against the mock model, with a recording hook on every event it declares.
// Run: HOOK_BRIDGE_E2E_CACHE=<cache> npx tsx test/e2e/capture-gemini.ts [outDir]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runGemini } from './harness/gemini.js';
import type { ModelStep } from './harness/types.js';
import { makeWorkspace, writeJson } from './harness/util.js';

export const GEMINI_EVENTS = [
  'BeforeTool',
  'AfterTool',
  'BeforeAgent',
  'AfterAgent',
  'Notification',
  'SessionStart',
  'SessionEnd',
  'PreCompress',
  'BeforeModel',
  'AfterModel',
  'BeforeToolSelection',
];

/** The model's calls, one per turn; file names of the tool captures are `<Event>-<label>.json`. */
export const CAPTURE_STEPS: { label: string; step: ModelStep }[] = [
  {
    label: 'run_shell_command',
    step: { tool: 'run_shell_command', args: { command: 'echo out; echo err >&2', description: 'print' } },
  },
  { label: 'write_file', step: { tool: 'write_file', args: { file_path: 'new.txt', content: 'hello\nworld\n' } } },
  {
    label: 'replace',
    step: {
      tool: 'replace',
      args: { file_path: 'new.txt', instruction: 'greet less', old_string: 'hello', new_string: 'bye' },
    },
  },
  { label: 'read_file', step: { tool: 'read_file', args: { file_path: 'new.txt' } } },
  { label: 'glob', step: { tool: 'glob', args: { pattern: '**/*.txt' } } },
  { label: 'grep_search', step: { tool: 'grep_search', args: { pattern: 'LINE' } } },
  { label: 'list_directory', step: { tool: 'list_directory', args: { dir_path: '.' } } },
  { label: 'read_file-missing', step: { tool: 'read_file', args: { file_path: 'missing.txt' } } },
  { label: 'run_shell_command-exit1', step: { tool: 'run_shell_command', args: { command: 'echo failing; exit 3' } } },
];

const REC =
  `const fs=require('fs');let d='';process.stdin.on('data',c=>d+=c).on('end',()=>{const e={};for(const k of ` +
  `Object.keys(process.env).sort())if(/^(GEMINI|CLAUDE)_/.test(k))e[k]=process.env[k];fs.appendFileSync(process.arg` +
  `v[2],JSON.stringify({stdin:d,env:e,argv0:process.argv0})+'\\n')});`;

export async function captureGemini(outDir: string): Promise<void> {
  const ws = makeWorkspace('hb-gemini-capture-');
  const dir = ws.projectDir;
  const rec = join(ws.homeDir, '..', 'rec.js');
  const log = join(ws.homeDir, '..', 'captured.jsonl');
  writeFileSync(rec, REC);
  writeFileSync(join(dir, 'a.txt'), 'line1\nLINE2\nline3\n');
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub/b.txt'), 'LINE2 again\nx\n');
  const hook = { type: 'command', command: `node ${JSON.stringify(rec)} ${JSON.stringify(log)}` };
  writeJson(join(dir, '.gemini/settings.json'), {
    hooks: Object.fromEntries(GEMINI_EVENTS.map((e) => [e, [{ hooks: [hook] }]])),
  });
  try {
    const r = await runGemini({ projectDir: dir, homeDir: ws.homeDir, steps: CAPTURE_STEPS.map((s) => s.step) });
    const tools = r.requests[0]?.body?.tools?.flatMap((t: any) => t.functionDeclarations ?? []) ?? [];
    const fix = (s: string) => s.split(ws.projectDir).join('/PROJECT').split(ws.homeDir).join('/HOME');
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(fix(l)));
    mkdirSync(join(outDir, 'payloads'), { recursive: true });
    const toolCall = { before: 0, after: 0 };
    const seen = new Map<string, number>();
    for (const l of lines) {
      const p = JSON.parse(l.stdin);
      const ev: string = p.hook_event_name;
      let name = ev;
      if (ev === 'BeforeTool') name = `${ev}-${CAPTURE_STEPS[toolCall.before++]?.label ?? p.tool_name}`;
      else if (ev === 'AfterTool') name = `${ev}-${CAPTURE_STEPS[toolCall.after++]?.label ?? p.tool_name}`;
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      if (n > 1) continue; // the first of each (BeforeModel, PreCompress … fire every turn)
      writeFileSync(join(outDir, 'payloads', `${name}.json`), `${JSON.stringify(p, null, 2)}\n`);
    }
    writeFileSync(
      join(outDir, '_hook-env.json'),
      `${JSON.stringify({ env: lines[0]?.env, argv0: lines[0]?.argv0 }, null, 2)}\n`,
    );
    writeFileSync(
      join(outDir, '_event-order.json'),
      `${JSON.stringify(lines.map((l) => JSON.parse(l.stdin).hook_event_name))}\n`,
    );
    writeFileSync(join(outDir, 'tools-sent-to-model.json'), `${fix(JSON.stringify(tools, null, 2))}\n`);
    console.log(
      `exit ${r.exitCode}, ${lines.length} payloads, ${tools.length} tools, tool results:\n` +
        `${r.toolResults.join('\n---\n')}\nstderr: ${r.stderr.slice(-2000)}`,
    );
  } finally {
    ws.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  await captureGemini(resolve(process.argv[2] ?? 'test/fixtures/observed/gemini'));
