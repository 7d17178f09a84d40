// What each installed agent package declares (its hook events, its tools, the text the facts of its dialect rest on)
// against mappings/ (the recipe of each is mappings/dialects/<id>.yaml `declares`, the reading test/e2e/harness/
// package-facts.ts). A new event or a renamed tool fails here with the difference. Runs on this run's versions: the
// pins, or the newest ones in the latest lane (npm run test:latest).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unpackCopilot } from './harness/copilot.js';
import { type AgentId, agentVersion, ensureAgent, PINS } from './harness/install.js';
import { checkAgainstMappings, readDeclared, recipeOf } from './harness/package-facts.js';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';

const root = join(import.meta.dirname, '../..');

/** Installs this run's version; Copilot CLI's JavaScript is unpacked by its first run. */
function install(agent: AgentId): void {
  ensureAgent(agent);
  if (agent === 'copilot') unpackCopilot();
}

for (const agent of Object.keys(PINS) as AgentId[]) {
  describe(`${agent}: what the installed package declares (${agentVersion(agent)})`, () => {
    it('matches mappings/: every declared event and tool is mapped or recorded, every anchor is there', () => {
      install(agent);
      const declared = readDeclared(agent, agentVersion(agent));
      expect(declared.files.length).toBeGreaterThan(0);
      const check = checkAgainstMappings(declared);
      expect(check.problems, check.notes.join('\n')).toEqual([]);
    });
    const bound = recipeOf(agent)?.events?.bound;
    it.skipIf(!bound)("the bound events are the ones its binding's source binds", () => {
      // Its module, and the dialect module whose binding it reuses (Kilo Code CLI: OpenCode's).
      const own = readFileSync(join(root, `src/dialects/${agent}.ts`), 'utf8');
      const reused = [...own.matchAll(/from '\.\/([\w-]+)\.js'/g)]
        .map((m) => m[1]!)
        .filter((m) => (DIALECT_IDS as readonly string[]).includes(m));
      const source = [own, ...reused.map((m) => readFileSync(join(root, `src/dialects/${m}.ts`), 'utf8'))].join('\n');
      for (const name of bound!) expect(source, name).toContain(`'${name}'`);
    });
  });
}
