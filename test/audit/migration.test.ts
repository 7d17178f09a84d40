// Realistic Claude hooks (the end-to-end scenarios' config and scripts) converted to each agent:
// with --no-wrap, the audit names every hook that would not fire, would lose its effect or would fail
// open there; converted with wrapping (the default), the same project gives no such findings.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.js';
import { convertProject } from '../../src/convert/project.js';
import { SCENARIOS } from '../e2e/scenarios/scenarios.js';

const root = resolve(import.meta.dirname, '../..');
/** Rules about behaviour on the host (not style): these must name every hazard, and vanish when wrapped. */
const BEHAVIOUR = [
  'foreign-tool-literal',
  'output-field-ignored',
  'ask-headless',
  'deny-dropped',
  'timeout-blocks-tool',
  'matcher-dead',
  'config-file-ignored',
  'env-var-unset',
  'event-unsupported',
  'response-shape-differs',
];

async function converted(to: 'qwen' | 'codebuddy', wrap: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'hb-migration-'));
  cpSync(join(root, 'test/e2e/scenarios/scripts'), join(dir, '.hooks'), { recursive: true });
  for (const f of ['block-rm.sh', 'protect-env.py'])
    cpSync(join(root, 'examples/claude-project/.claude/hooks', f), join(dir, '.hooks', f));
  const hooks: Record<string, unknown[]> = {};
  const seen = new Set<string>();
  for (const s of SCENARIOS) {
    for (const [event, groups] of Object.entries(s.hooks)) {
      for (const g of groups)
        if (!seen.has(JSON.stringify([event, g]))) {
          seen.add(JSON.stringify([event, g]));
          (hooks[event] ??= []).push(g);
        }
    }
  }
  mkdirSync(join(dir, '.claude'));
  writeFileSync(join(dir, '.claude/settings.json'), JSON.stringify({ hooks }, null, 2));
  await convertProject({ project: dir, from: 'claude', to: [to], wrap });
  return audit({ paths: [dir] }).findings.filter((f) => !f.file.includes('/.claude/') && BEHAVIOUR.includes(f.ruleId));
}

const summary = (fs: { ruleId: string; messageId: string; message: string }[]) =>
  fs.map((f) => `${f.ruleId}/${f.messageId}: ${f.message.split(' ')[0]}`).sort();

describe('audit of a realistic Claude project converted --no-wrap', () => {
  it('Qwen Code: the ignored rewrite, its allow, and the script comparing "Bash" are named', async () => {
    expect(summary(await converted('qwen', false))).toEqual([
      'ask-headless/deniedHeadless: $CLAUDE_PROJECT_DIR/.hooks/ask.sh', // info: as on Claude Code itself
      'foreign-tool-literal/foreign: $CLAUDE_PROJECT_DIR/.hooks/grep-files.js',
      'foreign-tool-literal/foreign: $CLAUDE_PROJECT_DIR/.hooks/post-context.sh',
      'foreign-tool-literal/foreign: $CLAUDE_PROJECT_DIR/.hooks/pre-note.sh',
      'output-field-ignored/allowIgnored: $CLAUDE_PROJECT_DIR/.hooks/rewrite.js',
      // the PreToolUse note, which Qwen Code drops (d17): through hook-bridge it comes after the tool result
      'output-field-ignored/contextDropped: $CLAUDE_PROJECT_DIR/.hooks/pre-note.sh',
      'output-field-ignored/updatedInputIgnored: $CLAUDE_PROJECT_DIR/.hooks/rewrite.js',
      'response-shape-differs/missing: $CLAUDE_PROJECT_DIR/.hooks/grep-files.js',
    ]);
  });
  it('CodeBuddy Code: blocking timeouts, the hanging ask and the ignored Stop block are named', async () => {
    const s = summary(await converted('codebuddy', false));
    expect(s).toContain('ask-headless/hangs: $CLAUDE_PROJECT_DIR/.hooks/ask.sh');
    expect(s).toContain('deny-dropped/stopBlockIgnored: $CLAUDE_PROJECT_DIR/.hooks/stop-once.sh');
    expect(s).toContain('response-shape-differs/missing: $CLAUDE_PROJECT_DIR/.hooks/grep-files.js');
    // every PreToolUse and UserPromptSubmit hook
    expect(s.filter((x) => x.startsWith('timeout-blocks-tool/')).length).toBeGreaterThanOrEqual(7);
  });
});

describe('the same project converted with wrapping', () => {
  for (const to of ['qwen', 'codebuddy'] as const) {
    it(`${to}: no behaviour findings`, async () => expect(summary(await converted(to, true))).toEqual([]));
  }
});
