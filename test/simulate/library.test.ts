// `import { simulate } from 'hook-bridge'`: the built library finds this install's bin for the converted entries.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { claudeProject, sh } from './helpers.js';

it('simulate from dist/index.js runs the hooks as they are and through hook-bridge', async () => {
  const lib = (await import(
    pathToFileURL(resolve(import.meta.dirname, '../../dist/index.js')).href
  )) as typeof import('../../src/index.js');
  const dir = claudeProject(
    { PreToolUse: [{ matcher: 'Bash', hooks: [sh('no.sh')] }] },
    { 'no.sh': 'cat >/dev/null; echo NO >&2; exit 2\n' },
  );
  const r = await lib.simulate({
    inputs: [dir],
    to: ['gemini'],
    call: { event: 'PreToolUse', tool: 'Bash', input: { command: 'ls' } },
  });
  expect(r.results.map((x) => `${x.host} ${x.mode} ${x.decision}`)).toEqual([
    'claude as-is deny',
    'gemini as-is none',
    'gemini bridged deny',
  ]);
  expect(lib.simulateExitCode(r)).toBe(0);
});
