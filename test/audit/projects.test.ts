// Several projects in one `audit`: each is audited as itself, and every finding's `file` opens from where
// the user stands, in every format (issue 16).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.js';
import { projectsOf } from '../../src/audit/discover.js';
import { cmd, project, qwen } from './rule-tester.js';

const bin = resolve(import.meta.dirname, '../../bin/hook-bridge.cjs');
const cli = (args: string[], cwd: string) => spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8' });

// Two Qwen projects registering the same command. Only proj-a has the script, and it compares Claude's
// tool name: alone, proj-a gets foreign-tool-literal and proj-b script-missing; neither has a duplicate.
const guard = '#!/usr/bin/env bash\ntool=$(jq -r .tool_name)\nif [ "$tool" = "Bash" ]; then exit 2; fi\n';
const hooks = { PreToolUse: [{ matcher: 'run_shell_command', hooks: [cmd('$CLAUDE_PROJECT_DIR/.hooks/guard.sh')] }] };
const root = project({
  name: 'three projects and a directory outside them',
  files: {
    ...Object.fromEntries(Object.entries(qwen(hooks)).map(([k, v]) => [`proj-a/${k}`, v])),
    'proj-a/.hooks/guard.sh': guard,
    ...Object.fromEntries(Object.entries(qwen(hooks)).map(([k, v]) => [`proj-b/${k}`, v])),
    // proj-c: a Claude project whose timeout finding comes from a whole file and a path
    'proj-c/.claude/settings.json': { hooks: { Stop: [{ hooks: [cmd('true', { timeout: 30000 })] }] } },
    'proj-c/.qwen/settings.local.json': qwen(hooks)['.qwen/settings.json'],
    'elsewhere/.keep': '',
  },
});
const [a, b, c] = ['proj-a', 'proj-b', 'proj-c'].map((p) => join(root, p)) as [string, string, string];
const elsewhere = join(root, 'elsewhere');
const ids = (paths: string[]) => audit({ paths }).findings.map((f) => `${f.file.slice(root.length + 1)} ${f.ruleId}`);

describe('several projects in one audit', () => {
  it('each project alone: its own findings', () => {
    expect(ids([a])).toEqual(['proj-a/.qwen/settings.json foreign-tool-literal']);
    expect(ids([b])).toEqual(['proj-b/.qwen/settings.json script-missing']);
  });
  it('together: exactly the findings of each audited alone (no cross-project duplicate, no missing script)', () => {
    for (const order of [
      [a, b, c],
      [c, b, a],
      [b, a],
    ]) {
      const together = audit({ paths: order }).findings;
      const alone = order.flatMap((p) => audit({ paths: [p] }).findings);
      expect(together).toEqual(expect.arrayContaining(alone));
      expect(together).toHaveLength(alone.length);
    }
  });
  it('a config file given alone belongs to the project of its conventional location', () => {
    expect(
      projectsOf([join(a, '.qwen/settings.json'), b, join(c, '.qwen/settings.local.json')]).map((p) => p.project),
    ).toEqual([a, b, c]);
    expect(projectsOf([join(a, '.hooks/guard.sh')])[0]!.project).toBe(join(a, '.hooks'));
    // $CLAUDE_PROJECT_DIR resolves against proj-a, not proj-a/.qwen: the script is found and read
    expect(ids([join(a, '.qwen/settings.json')])).toEqual(['proj-a/.qwen/settings.json foreign-tool-literal']);
  });
  it('a project’s .hook-bridge.json applies to that project only', () => {
    const dir = project({
      name: 'x turns a rule off, y does not',
      files: {
        'x/.hook-bridge.json': { audit: { rules: { 'script-missing': 'off' } } },
        ...Object.fromEntries(Object.entries(qwen(hooks)).map(([k, v]) => [`x/${k}`, v])),
        ...Object.fromEntries(Object.entries(qwen(hooks)).map(([k, v]) => [`y/${k}`, v])),
      },
    });
    const r = cli(['audit', 'x', 'y', '--format', 'json'], dir);
    expect(JSON.parse(r.stdout).map((f: { file: string; ruleId: string }) => `${f.file} ${f.ruleId}`)).toEqual([
      'y/.qwen/settings.json script-missing',
    ]);
  });
  it('a path that does not exist among several: exit 2, one clear line', () => {
    const r = cli(['audit', '../proj-a', '../nope'], elsewhere);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('hook-bridge: ../nope: no such file or directory\n');
  });
  it('--user: a home config audited with each project is reported once', () => {
    const home = project({
      name: 'home',
      files: { '.claude/settings.json': { hooks: { Stop: [{ hooks: [cmd('true', { timeout: 30000 })] }] } } },
    });
    const r = audit({ paths: [a, b], user: true, home });
    expect(r.findings.filter((f) => f.file.startsWith(home)).map((f) => f.ruleId)).toEqual(['timeout-unit-mismatch']);
    expect(r.configs.filter((x) => x.file.startsWith(home))).toHaveLength(1);
  });
});

describe('--user with Codex CLI: $CODEX_HOME holds the user files (hooks.json, [hooks] in config.toml)', () => {
  it('both are read from CODEX_HOME, not ~/.codex, and their hooks audited (untrusted: no trusted hash)', () => {
    const home = project({
      name: 'home',
      files: { '.codex/hooks.json': { hooks: { Stop: [{ hooks: [cmd('from-home-dot-codex')] }] } } },
    });
    const codexHome = project({
      name: 'codex home',
      files: {
        'hooks.json': { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./guard.sh')] }] } },
        'config.toml': '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "./stop.sh"\n',
      },
    });
    const r = audit({ paths: [a], user: true, home, env: { ...process.env, CODEX_HOME: codexHome } });
    const mine = r.configs.filter((x) => x.file.startsWith(codexHome) || x.file.startsWith(home));
    expect(
      mine.map((x) => [x.file.slice(codexHome.length), x.dialect, x.scope, x.hooks.map((h) => h.command)]),
    ).toEqual([
      ['/hooks.json', 'codex', 'user', ['./guard.sh']],
      ['/config.toml', 'codex', 'user', ['./stop.sh']],
    ]);
    expect(
      r.findings.filter((f) => f.ruleId === 'hook-untrusted' && f.file.startsWith(codexHome)).map((f) => f.path),
    ).toEqual(['hooks.PreToolUse[0].hooks[0]']);
  });
});

describe('every finding’s file opens from the current directory, in every format', () => {
  const args = ['audit', '../proj-a', '../proj-b', '../proj-c', '--fail-on', 'never'];
  const all = ids([a, b, c]);
  it('the example has findings in every project, with and without a path', () => {
    expect(all).toEqual(
      expect.arrayContaining([
        'proj-a/.qwen/settings.json foreign-tool-literal',
        'proj-b/.qwen/settings.json script-missing',
        'proj-c/.claude/settings.json timeout-unit-mismatch',
        'proj-c/.qwen/settings.local.json config-not-read',
      ]),
    );
  });
  const formats: Record<string, (out: string) => string[]> = {
    // file headers: the lines that are not indented, empty or the summary
    text: (out) => out.split('\n').filter((l) => l && !/^\s/.test(l) && !/finding\(s\)|no findings/.test(l)),
    json: (out) => JSON.parse(out).map((f: { file: string }) => f.file),
    markdown: (out) => [...out.matchAll(/^\| `([^`]+?)(?::\d+)?` /gm)].map((m) => m[1]!),
    sarif: (out) => {
      const run = JSON.parse(out).runs[0];
      const base = run.originalUriBaseIds['%SRCROOT%'].uri as string;
      return run.results.map(
        (x: { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string } } }[] }) => {
          const loc = x.locations[0]!.physicalLocation.artifactLocation;
          expect(loc.uriBaseId).toBe('%SRCROOT%');
          return fileURLToPath(new URL(loc.uri, base));
        },
      );
    },
  };
  for (const [format, files] of Object.entries(formats)) {
    it(format, () => {
      const r = cli([...args, '--format', format], elsewhere);
      expect(r.status, r.stderr).toBe(0);
      const got = files(r.stdout);
      expect(got.length).toBeGreaterThanOrEqual(format === 'text' ? 4 : all.length);
      for (const f of got) expect(existsSync(resolve(elsewhere, f)), `${format}: ${f}`).toBe(true);
      if (format !== 'sarif') expect(got.some((f) => f.startsWith('../proj-a/'))).toBe(true);
    });
  }
  it('json: every finding has file and path (path "" for a whole-file finding)', () => {
    const out = JSON.parse(cli([...args, '--format', 'json'], elsewhere).stdout) as {
      file: string;
      path: string;
      ruleId: string;
    }[];
    for (const f of out) expect(typeof f.path, f.ruleId).toBe('string');
    expect(out.find((f) => f.ruleId === 'config-not-read')).toMatchObject({
      file: '../proj-c/.qwen/settings.local.json',
      path: '',
    });
    expect(out.find((f) => f.ruleId === 'timeout-unit-mismatch')).toMatchObject({
      file: '../proj-c/.claude/settings.json',
      path: 'hooks.Stop[0].hooks[0].timeout',
    });
  });
  it('a sibling project audited alone from outside says ../proj-a/.qwen/settings.json, not .qwen/settings.json', () => {
    const r = cli(['audit', '../proj-a', '--format', 'json', '--fail-on', 'never'], elsewhere);
    expect(JSON.parse(r.stdout)[0].file).toBe('../proj-a/.qwen/settings.json');
  });
  it('from inside the project, paths are the short ones', () => {
    mkdirSync(join(a, 'sub'), { recursive: true });
    writeFileSync(join(a, 'sub/.keep'), '');
    expect(JSON.parse(cli(['audit', '--format', 'json', '--fail-on', 'never'], a).stdout)[0].file).toBe(
      '.qwen/settings.json',
    );
    expect(
      JSON.parse(cli(['audit', '..', '--format', 'json', '--fail-on', 'never'], join(a, 'sub')).stdout)[0].file,
    ).toBe('../.qwen/settings.json');
  });
});
