// Captures Gemini CLI's Notification payload into
// test/fixtures/observed/gemini/payloads/Notification-ToolPermission.json
// (README there). Notification fires only when a tool waits for a person's confirmation, which a headless run never
// does: one INTERACTIVE session (harness/gemini-interactive.ts), --approval-mode default, the mock model calls
// run_shell_command, a recording hook on Notification; the confirmation is never answered.
// Run: HOOK_BRIDGE_E2E_CACHE=<cache> npx tsx test/e2e/capture-gemini-notification.ts [outDir]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runGeminiInteractive } from './harness/gemini-interactive.js';
import { makeWorkspace, writeJson } from './harness/util.js';

const REC =
  `let ` +
  `d='';process.stdin.on('data',c=>d+=c).on('end',()=>require('fs').a` +
  `ppendFileSync(process.argv[2],d+'\\n'))`;

export async function captureGeminiNotification(outDir: string): Promise<void> {
  const ws = makeWorkspace('hb-gemini-notification-');
  const rec = join(ws.root, 'rec.js');
  const log = join(ws.root, 'captured.jsonl');
  writeFileSync(rec, REC);
  writeJson(join(ws.projectDir, '.gemini/settings.json'), {
    hooks: {
      Notification: [{ hooks: [{ type: 'command', command: `node ${JSON.stringify(rec)} ${JSON.stringify(log)}` }] }],
    },
  });
  try {
    const r = await runGeminiInteractive({
      projectDir: ws.projectDir,
      homeDir: ws.homeDir,
      steps: [{ tool: 'run_shell_command', args: { command: 'touch ran.marker' } }],
    });
    if (!existsSync(log)) throw new Error(`Notification did not fire\n${r.stderr.slice(-1500)}`);
    const fix = (s: string) => s.split(ws.projectDir).join('/PROJECT').split(ws.homeDir).join('/HOME');
    const p = JSON.parse(fix(readFileSync(log, 'utf8').trim().split('\n')[0]!));
    mkdirSync(join(outDir, 'payloads'), { recursive: true });
    writeFileSync(
      join(outDir, 'payloads', `Notification-${p.notification_type}.json`),
      `${JSON.stringify(p, null, 2)}\n`,
    );
    console.log(
      `ran: ` +
        String(existsSync(join(ws.projectDir, 'ran.marker'))) +
        ` (the confirmation was never answered)\n${JSON.stringify(p, null, 2)}`,
    );
  } finally {
    ws.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  await captureGeminiNotification(resolve(process.argv[2] ?? 'test/fixtures/observed/gemini'));
