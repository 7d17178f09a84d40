// Detection from the mappings alone (src/dialects/detect.ts): every dialect's own files are found as its, a file
// elsewhere is told by the tool names its matchers use, and convert, audit and dispatch decide alike.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS, type DialectId } from '../../src/model/dialect-ids.js';
import { mappings } from '../../src/model/mappings.js';
import { decideFileDialect, decideSharedFile, detectFileDialect } from '../../src/dialects/detect.js';
import { lookedFor } from '../../src/dialects/project-files.js';
import { loadHookSet } from '../../src/run/hook-set.js';

const settings = (matcher: string | undefined, command = './guard.sh') =>
  JSON.stringify({
    hooks: { PreToolUse: [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command }] }] },
  });
const spec = (d: DialectId) => mappings.dialects[d].config;
/** The dialects whose files are their own (not another dialect's that they read too). */
const owners = DIALECT_IDS.filter((d) => spec(d).sameFilesAs === undefined);
const toolNames = (d: DialectId) => Object.keys(mappings.index.toolByName[d]);
const takes = (d: DialectId, n: string) => n in mappings.index.toolByName[d] || n in mappings.index.toolByAlias[d];

describe(
  "every dialect's own config files are detected as its (mappings " + 'config.project, user, plugin, tomlHooks)',
  () => {
    const cases = owners.flatMap((d) => {
      const c = spec(d);
      const paths = [
        ...(c.project ?? []),
        ...(c.plugin ?? []),
        ...(c.tomlHooks?.project ?? []),
        ...(c.user ?? []).map((u) => u.replace(/^~\//, 'home/')),
      ];
      return paths.map((p) => [d, p] as const);
    });
    it.each(cases)('%s: %s', (d, p) => {
      const text = spec(d).format === 'settings-json' ? settings('Bash') : 'version: "2.0.0"\nhooks: []\n';
      expect(decideFileDialect(join('/placeholder/project', p), text)).toEqual({ dialect: d });
    });
    it("a dialect that reads another one's files is detected there by its own tool names", () => {
      for (const d of DIALECT_IDS.filter((x) => spec(x).sameFilesAs !== undefined)) {
        const owner = spec(d).sameFilesAs!;
        const own = toolNames(d).find((n) => !takes(owner, n))!;
        for (const p of spec(owner).project ?? [])
          expect(detectFileDialect(join('/placeholder/project', p), settings(own)), p).toBe(d);
        expect(decideSharedFile(owner, settings(own))).toBe(d);
        expect(decideSharedFile(owner, settings(toolNames(owner)[0]))).toBe(owner);
      }
    });
  },
);

describe("a settings file elsewhere: its matchers' tool names", () => {
  const settingsDialects = owners
    .filter((d) => spec(d).format === 'settings-json')
    .concat(DIALECT_IDS.filter((d) => spec(d).sameFilesAs !== undefined));
  it.each(settingsDialects)('%s: a tool name no other dialect takes (or a fork and its origin: either)', (d) => {
    const unique = toolNames(d).find((n) => settingsDialects.every((o) => o === d || !takes(o, n)));
    // A fork with its origin's tool names (Kilo Code of OpenCode): a file elsewhere is either's, never a guess.
    const origin = (x: DialectId) => mappings.dialects[x].inherits;
    const twin = settingsDialects.find((o) => o !== d && (origin(o) === d || origin(d) === o));
    if (!unique && twin) {
      const name = toolNames(d).find((n) => settingsDialects.every((o) => o === d || o === twin || !takes(o, n)))!;
      expect(detectFileDialect('/placeholder/team/config.json', settings(name))).toEqual({
        ambiguous: expect.arrayContaining([d, twin]),
      });
      return;
    }
    expect(unique, `${d} has a tool name of its own`).toBeDefined();
    expect(decideFileDialect('/placeholder/team/config.json', settings(unique))).toEqual({ dialect: d });
  });
  it(
    "names several dialects take leave them to the evidence around the file; a settings.json is not Codex CLI's " +
      '(hooks.json)',
    () => {
      expect(detectFileDialect('/placeholder/team/settings.json', settings('Bash|Write'))).toEqual({
        ambiguous: ['claude', 'codebuddy'],
      });
      expect(detectFileDialect('/placeholder/team/hooks.json', settings('Bash'))).toEqual({
        ambiguous: ['claude', 'codebuddy', 'codex'],
      });
      expect(
        decideFileDialect('/placeholder/team/settings.json', settings('Bash', '"$CODEBUDDY_PROJECT_DIR"/guard.sh')),
      ).toEqual({ dialect: 'codebuddy' });
      expect(
        decideFileDialect(
          '/placeholder/team/settings.json',
          settings('run_shell_command', '"$QWEN_PROJECT_DIR"/guard.sh'),
        ),
      ).toEqual({ dialect: 'qwen' });
    },
  );
  it('MCP tools and words of commands are not evidence', () => {
    expect(
      detectFileDialect(
        '/placeholder/.codebuddy/settings.json',
        settings('mcp__srv__execute_command', 'echo execute_command'),
      ),
    ).toBe('codebuddy');
  });
});

describe(
  'where it is: the innermost config folder decides (fixed: any ' + 'folder up the path did, first in a fixed order)',
  () => {
    it("a project inside another agent's folder (Codex worktrees live under ~/.codex/worktrees)", () => {
      expect(decideFileDialect('/HOME/.codex/worktrees/a1/repo/.codebuddy/settings.json', settings('Bash'))).toEqual({
        dialect: 'codebuddy',
      });
      expect(decideFileDialect('/HOME/.claude/scratch/repo/.qwen/settings.json', settings('Bash'))).toEqual({
        dialect: 'qwen',
      });
    });
    it("a plugin's hooks file is the plugin dialect's, unless it names another dialect's plugin root", () => {
      expect(decideFileDialect('/placeholder/p/hooks/hooks.json', settings('execute_command'))).toEqual({
        dialect: 'claude',
      });
      expect(
        decideFileDialect('/placeholder/p/hooks/hooks.json', settings('Bash', '${CODEBUDDY_PLUGIN_ROOT}/guard.sh')),
      ).toEqual({ dialect: 'codebuddy' });
    });
  },
);

describe("dispatch decides a hook set file as convert does (fixed: it read every undecided file as Claude's)", () => {
  it("a CodeBuddy hook set outside .codebuddy/ runs with CodeBuddy's matcher semantics", () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-detect-'));
    mkdirSync(join(dir, 'team'));
    const file = join(dir, 'team/hooks.json');
    writeFileSync(file, settings('Ba', '"$CODEBUDDY_PROJECT_DIR"/guard.sh'));
    expect(decideFileDialect(file, settings('Ba', '"$CODEBUDDY_PROJECT_DIR"/guard.sh')).dialect).toBe('codebuddy');
    expect(loadHookSet('team/hooks.json', undefined, dir).dialect).toBe('codebuddy');
  });
});

it('the "no hook config found" message names every place looked in, from the mappings', () => {
  const places = lookedFor();
  for (const d of owners)
    for (const p of spec(d).project ?? [])
      expect(
        places.some((x) => p === x || p.startsWith(x)),
        p,
      ).toBe(true);
  expect(places).toContain('hooks/hooks.json');
});
