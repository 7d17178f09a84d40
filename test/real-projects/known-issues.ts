// Known bugs the real-project suite shows, each named with what it is and who is fixing it. The suite runs each listed
// check as an expected failure (`it.fails`): while the bug is there it passes; once fixed, it fails with "expected to
// fail" — then take the entry out (that is the flip). A difference no entry names fails the suite.
import type { DialectId } from '../../src/model/dialect-ids.js';

export type Check = 'decision' | 'side effects' | 'remove' | 'starts';

export interface KnownIssue {
  id: string;
  /** The projects it shows on. */
  projects: string[];
  check: Check;
  /** The agents it shows on (all: every agent the project is converted to). */
  hosts: DialectId[] | 'all';
  /** For `decision`: the calls it shows on (all: every call of the battery). */
  calls?: string[] | 'all';
  /** What goes wrong, and where it is being fixed (issue 29). */
  what: string;
}

const ECC = 'affaan-m__everything-claude-code';

export const KNOWN_ISSUES: KnownIssue[] = [
  {
    id: 'plugin-root-inline',
    projects: [ECC],
    check: 'decision',
    hosts: 'all',
    calls: ['rm -rf /', 'ls', 'write .env', 'write source', 'edit', 'git commit --no-verify'],
    what:
      'a plugin hook whose command reads CLAUDE_PLUGIN_ROOT inside `node -e` gets no plugin root on the host: the ' +
      'bootstrap cannot find its scripts, exits 1, and the deny is lost (issue 29; branch h-run)',
  },
  {
    id: 'test-writes-into-project',
    projects: [
      'disler__claude-code-hooks-mastery',
      '5uck1ess__devkit',
      'Arthur1511__agentspec-copilot',
      'HemSoft__hs-buddy',
    ],
    check: 'side effects',
    hosts: 'all',
    what:
      '`hook-bridge test` runs the hooks inside the project, and they write there: claude-code-hooks-mastery its ' +
      'logs/*.json and .claude/data/, devkit .devkit/ and a line in .gitignore, agentspec-copilot .github/agents/ ' +
      'and .github/sdd/, hs-buddy logs/session/ (issue 29; branch h-run)',
  },
];

/** The known issue a check of a project (on an agent, for a call) is listed under, if any. */
export function knownIssue(project: string, check: Check, host?: DialectId, call?: string): KnownIssue | undefined {
  return KNOWN_ISSUES.find(
    (k) =>
      k.projects.includes(project) &&
      k.check === check &&
      (host === undefined || k.hosts === 'all' || k.hosts.includes(host)) &&
      (call === undefined || k.calls === undefined || k.calls === 'all' || k.calls.includes(call)),
  );
}
