// The README says what the code does: its generated tables are the mappings' own (the agents in the README, the
// events by agent in docs/agents.md), it starts with the commands that set everything up, it stays a page, and
// every option it names is one of its command.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentTable, eventTable } from '../scripts/event-table.js';

const root = resolve(import.meta.dirname, '..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');

describe('generated tables (regenerate: npx tsx scripts/event-table.ts)', () => {
  const generated = (file: string, marker: string) =>
    new RegExp(`<!-- ${marker}:[^\\n]*-->\\n([\\s\\S]*?)\\n<!-- /${marker} -->`).exec(
      readFileSync(resolve(root, file), 'utf8'),
    );
  it("the README's table of agents is the one mappings/ gives", () => {
    const m = generated('README.md', 'agent-table');
    expect(m, 'the README has the generated table between its markers').not.toBeNull();
    expect(m![1]).toBe(agentTable());
  });
  it("docs/agents.md's event table is the one mappings/ gives", () => {
    const m = generated('docs/agents.md', 'event-table');
    expect(m, 'docs/agents.md has the generated table between its markers').not.toBeNull();
    expect(m![1]).toBe(eventTable());
  });
});

describe('the README fits a newcomer', () => {
  it(
    'starts with the two commands that set everything up on a fresh ' +
      'machine: the main job on a bundled example, and the tests',
    () => {
      const first = /^```sh\n([\s\S]*?)\n```$/m.exec(readme)!;
      expect(readme.indexOf(first[0])).toBeLessThan(readme.indexOf('\n## '));
      expect(first[1]!.split('\n').map((l) => l.replace(/\s+#.*$/, ''))).toEqual([
        'npm ci && npm run build && node bin/hook-bridge.cjs convert examples/claude-project --to qwen --stdout',
        'npm test',
      ]);
      // test/cli/cli.test.ts runs the first command's conversion ("the README main command works")
    },
  );
  it(
    'is a page (about 250 lines at most), with an Install section ' +
      'naming the three ways and the three tasks people come for',
    () => {
      expect(readme.split('\n').length).toBeLessThanOrEqual(250);
      const sections = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
      expect(sections).toEqual(expect.arrayContaining(['Install', 'Convert a project', 'Check it in CI', 'Audit']));
      const install = readme.slice(
        readme.indexOf('## Install'),
        readme.indexOf('\n## ', readme.indexOf('## Install') + 1),
      );
      // test/cli/package.test.ts runs these (into a temp prefix): the clone, the packed tarball
      const lines = install.split('\n').map((l) => l.replace(/\s+#.*$/, ''));
      expect(lines).toEqual(
        expect.arrayContaining(['npm install -g .', 'npm pack', 'npm install -g ./hook-bridge-*.tgz']),
      );
      expect(install).toMatch(/registry.*not published yet/);
    },
  );
});

describe('every option the README names is an option of its command', () => {
  const COMMANDS = ['convert', 'run', 'transcript', 'dialects', 'audit', 'dispatch', 'test', 'doctor'];
  // hook-bridge commands in code: each line of a code block, and each code span (which may wrap), up to a comment
  const code = [...readme.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)].flatMap((m) => m[1]!.split('\n'));
  const spans = [...readme.replace(/^```[a-z]*\n[\s\S]*?^```$/gm, '').matchAll(/`([^`]+)`/g)].map((m) =>
    m[1]!.replace(/\s+/g, ' '),
  );
  const uses = [...code, ...spans]
    .flatMap((snippet) => [
      ...snippet
        .replace(/#.*$/, '')
        .matchAll(new RegExp(`hook-bridge(?:\\.cjs)? (${COMMANDS.join('|')})\\b([^|;&]*)`, 'g')),
    ])
    .map((m) => ({ command: m[1]!, options: [...m[2]!.matchAll(/(?<=\s)--[a-z][a-z-]*/g)].map((o) => o[0]) }));
  const bin = resolve(root, 'bin/hook-bridge.cjs');
  const helps = new Map<string, string>();
  const help = (command: string) =>
    helps.get(command) ??
    helps
      .set(command, spawnSync(process.execPath, [bin, command, '--help'], { encoding: 'utf8' }).stdout)
      .get(command)!;
  // Options the README may name before their command has them (none: `convert --check` is in its --help).
  const NOT_YET: string[] = [];

  it('finds the commands (the scan is not vacuous)', () => {
    expect(uses).toEqual(
      expect.arrayContaining([
        { command: 'convert', options: ['--to', '--dry-run'] },
        { command: 'audit', options: ['--list-rules'] },
      ]),
    );
  });
  it("each is in the command's --help", () => {
    const unknown = uses.flatMap((u) =>
      u.options
        .filter(
          (o) =>
            !NOT_YET.includes(`${u.command} ${o}`) && !new RegExp(`(^|\\s|,)${o}(?![a-z-])`, 'm').test(help(u.command)),
        )
        .map((o) => `${u.command} ${o}`),
    );
    expect(unknown).toEqual([]);
  });
});
