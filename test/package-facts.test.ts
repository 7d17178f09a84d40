// The package check's reader (test/e2e/harness/package-facts.ts) on made-up installs of Gemini CLI in a scratch e2e
// cache: a new event, a lost tool and a lost anchor are each a difference; what moved between two versions is named.
// The real packages are read by test/e2e/package-facts.test.ts and npm run test:latest.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAgainstMappings, diffDeclared, readDeclared } from './e2e/harness/package-facts.js';
import { writeFileEnsured } from './e2e/harness/util.js';
import { mappings } from '../src/model/mappings.js';

let cache: string;
const previous = process.env.HOOK_BRIDGE_E2E_CACHE;
beforeAll(() => {
  cache = mkdtempSync(join(tmpdir(), 'hook-bridge-package-facts-'));
  process.env.HOOK_BRIDGE_E2E_CACHE = cache;
});
afterAll(() => {
  rmSync(cache, { recursive: true, force: true });
  if (previous === undefined) delete process.env.HOOK_BRIDGE_E2E_CACHE;
  else process.env.HOOK_BRIDGE_E2E_CACHE = previous;
});

const events = Object.keys(mappings.index.eventByName.gemini);
const tools = [
  ...Object.keys(mappings.index.toolByName.gemini),
  ...Object.keys(mappings.dialects.gemini.declares!.tools!.unmapped ?? {}),
];
const anchors = Object.values(mappings.dialects.gemini.declares!.anchors ?? {}).flat();

/** A Gemini CLI bundle as its package check reads it: the enum, the tool constants, the anchor text. */
function install(version: string, o: { events?: string[]; tools?: string[]; anchors?: string[] } = {}): void {
  const chunk = [
    ...(o.events ?? events).map((e) => `  HookEventName2["${e}"] = "${e}";`),
    ...(o.tools ?? tools).map((t) => `var SOME_TOOL_NAME = "${t}";`),
    `// ${(o.anchors ?? anchors).join(' ')}`,
  ].join('\n');
  writeFileEnsured(join(cache, `gemini-${version}/node_modules/@google/gemini-cli/bundle/chunk-A.js`), chunk);
}

describe('the package check on a made-up Gemini CLI', () => {
  it('reads what mappings/ has: no difference', () => {
    install('1.0.0');
    const d = readDeclared('gemini', '1.0.0');
    expect(d.events).toEqual([...events].sort());
    expect(checkAgainstMappings(d).problems).toEqual([]);
  });
  it('a new event, a renamed tool and a lost anchor are each a problem naming the difference', () => {
    const renamed = tools.map((t) => (t === 'run_shell_command' ? 'run_shell' : t));
    install('2.0.0', { events: [...events, 'AfterCompress'], tools: renamed, anchors: ['.gemini'] });
    const d = readDeclared('gemini', '2.0.0');
    expect(checkAgainstMappings(d).problems).toEqual([
      'declares events events.yaml does not map: AfterCompress',
      'declares tools tools.yaml does not map: run_shell',
      'tools.yaml maps observed tools the package does not declare: run_shell_command',
      'config.folderTrust: the package no longer contains "folderTrust"',
      'env.projectDir: the package no longer contains "GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"',
    ]);
    expect(diffDeclared(readDeclared('gemini', '1.0.0'), d)).toEqual([
      'events added: AfterCompress',
      'tools added: run_shell',
      'tools removed: run_shell_command',
      'config.folderTrust: no longer contains "folderTrust"',
      'env.projectDir: no longer contains "GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"',
    ]);
  });
  it('a recipe that finds nothing, or no installed file, is an error naming the recipe', () => {
    install('3.0.0', { events: [] });
    expect(() => readDeclared('gemini', '3.0.0')).toThrow(/the events pattern .* found nothing/);
    expect(() => readDeclared('gemini', '4.0.0')).toThrow(/gemini@4\.0\.0: no file in .* matches/);
  });
});
