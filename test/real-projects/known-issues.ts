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

export const KNOWN_ISSUES: KnownIssue[] = [
  {
    id: 'kiro-one-glob',
    projects: ['E5presso__spakky-framework', 'fcakyon__claude-codex-settings', 'nathanvale__side-quest-marketplace'],
    check: 'starts',
    hosts: ['kiro'],
    what:
      "Kiro CLI's matcher is one glob on one tool name: a hook on several tools (Claude's `Write|Edit|Bash`) is " +
      'written as "*" (a matcherWidened warning), so a call none of its tools makes starts hook-bridge, whose ' +
      '`run --calls` then passes it at once. Its decisions are right; the extra start goes once convert writes one ' +
      'entry per tool name on a glob host (issue 37).',
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
