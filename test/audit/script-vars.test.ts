// The variables a hook command finds its scripts with are every agent's, from the mappings (env.projectDir,
// env.pluginRoot): a new agent's are resolved without a list in audit/scripts.ts to update.
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS } from '../../src/model/dialect-ids.js';
import { mappings } from '../../src/model/mappings.js';
import { expandVars } from '../../src/audit/scripts.js';

describe("expandVars resolves every agent's project-dir and plugin-root variables", () => {
  const projectVars = [...new Set(DIALECT_IDS.flatMap((d) => mappings.dialects[d].env?.projectDir ?? []))];
  const pluginVars = [...new Set(DIALECT_IDS.flatMap((d) => mappings.dialects[d].env?.pluginRoot ?? []))];
  it.each(projectVars)('$%s', (v) => {
    expect(expandVars(`$${v}/hooks/guard.sh`, '/placeholder/proj')).toBe('/placeholder/proj/hooks/guard.sh');
    expect(expandVars(`\${${v}}/guard.sh`, '/placeholder/proj')).toBe('/placeholder/proj/guard.sh');
  });
  it.each(pluginVars)('$%s (with a plugin root)', (v) => {
    expect(expandVars(`\${${v}}/guard.sh`, '/placeholder/proj', '/placeholder/plugin')).toBe(
      '/placeholder/plugin/guard.sh',
    );
    expect(expandVars(`\${${v}}/guard.sh`, '/placeholder/proj')).toBe(`\${${v}}/guard.sh`);
  });
  it('the lists are not empty', () => {
    expect(projectVars.length).toBeGreaterThan(3);
    expect(pluginVars).toContain('CLAUDE_PLUGIN_ROOT');
  });
});
