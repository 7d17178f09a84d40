// A project for the in-process bindings' tests: the e2e scenarios' hook scripts in .hooks/ (and the example project's
// block-rm.sh), Claude hooks naming them, converted to the host as `convert` does.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { convertProject } from '../../src/convert/project.js';
import type { DialectId } from '../../src/model/dialect-ids.js';

const repo = resolve(import.meta.dirname, '../..');

/** A command hook running the script `f` of .hooks/. */
export const S = (f: string) => ({ type: 'command', command: `"$CLAUDE_PROJECT_DIR"/.hooks/${f}` });

/** The project's folder, its Claude hooks (`hooks`: Claude Code's settings `hooks`) converted to `host`. */
export async function scenarioProject(host: DialectId, hooks: Record<string, unknown>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `hb-${host}-`));
  cpSync(join(repo, 'test/e2e/scenarios/scripts'), join(dir, '.hooks'), { recursive: true });
  cpSync(join(repo, 'examples/claude-project/.claude/hooks/block-rm.sh'), join(dir, '.hooks/block-rm.sh'));
  writeFileSync(join(dir, 'claude.json'), JSON.stringify({ hooks }));
  await convertProject({ inputs: [join(dir, 'claude.json')], from: 'claude', to: [host], project: dir });
  return dir;
}
