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

export const KNOWN_ISSUES: KnownIssue[] = [];

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
