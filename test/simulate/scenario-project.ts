// An end-to-end scenario's project (test/e2e/scenarios/), set up as the differential suite sets it up: the
// scenario scripts and the example project's guards under .hooks/, a victim directory, the scenario's files and its
// Claude config. Used by the recorder of the real agents' outcomes and by the test of test's predictions.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Scenario } from '../e2e/scenarios/scenarios.js';

const repo = resolve(import.meta.dirname, '../..');

export function scenarioProject(s: Scenario, dir: string): void {
  cpSync(join(repo, 'test/e2e/scenarios/scripts'), join(dir, '.hooks'), { recursive: true });
  for (const f of ['block-rm.sh', 'protect-env.py'])
    cpSync(join(repo, 'examples/claude-project/.claude/hooks', f), join(dir, '.hooks', f));
  mkdirSync(join(dir, 'victim'), { recursive: true });
  writeFileSync(join(dir, 'victim/keep.txt'), 'keep');
  for (const [f, text] of Object.entries(s.files ?? {})) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  mkdirSync(join(dir, '.claude'), { recursive: true });
  writeFileSync(join(dir, '.claude/settings.json'), `${JSON.stringify({ hooks: s.hooks }, null, 2)}\n`);
}
