// Audit and test agree on the real projects (issue 30): `hook-bridge audit` reads a project's files, `hook-bridge
// test` runs its hooks; on every project of the suite and every agent, each error audit gives is one the runs show
// (the hook's program fails to start, the hook does not run there, or the agent decides otherwise than the original
// agent), and each call the suite finds decided otherwise by a documented limit of the agent is one audit speaks of.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { audit } from '../../src/audit/audit.js';
import type { Finding } from '../../src/audit/types.js';
import type { DialectId } from '../../src/model/dialect-ids.js';
import { binDir, FIXTURES, type CallResult, type ProjectResult, type Ran } from './harness.js';
import { setupOf } from './projects.js';

/** The findings of `audit` on a project (for `target`, or each file's own agent), with the suite's PATH and HOME. */
export function auditProject(name: string, target?: DialectId): Finding[] {
  const setup = setupOf(name);
  const dir = join(FIXTURES, name);
  const work = mkdtempSync(join(tmpdir(), 'hb-real-audit-'));
  try {
    const env = { ...process.env, ...setup.env, HOME: work, PATH: `${binDir(work, setup, dir)}:${process.env.PATH}` };
    return audit({ paths: [dir], cwd: dir, env, home: work, ...(target ? { target } : {}) }).findings;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A program that cannot start: the hook never runs (the shell's 127 for a missing program, 126 for one it cannot
 * execute).
 */
const FAILED_START = new Set([126, 127]);
/** Rules whose error is a program or script that cannot start. */
const START = new Set(['script-interpreter-missing', 'script-missing', 'script-not-executable']);
/** Rules whose error is a hook the agent never runs as it is (its event or matcher). */
const NEVER = new Set(['event-unsupported', 'matcher-dead', 'matcher-invalid']);
/** Rules that say what the agent does with a hook's answer, or that the call never reaches it there. */
const ANSWERS = new Set([
  'answer-not-carried',
  'answer-void',
  'ask-headless',
  'deny-dropped',
  'output-field-ignored',
  'foreign-read-fails-closed',
  'foreign-read-output-lost',
  'event-unsupported',
  'matcher-dead',
]);

/** Whether a hook run is one a finding is about: the finding's file and the hook at (or under) its path. */
function about(f: Finding, r: Ran): boolean {
  const file = relative(join(FIXTURES, ''), f.file).split('/').slice(1).join('/');
  // the hook a command, a matcher or an event names: its group, its event, or (path '') the whole file
  const at = f.path.replace(/\.(command|bash|linux|matcher|type|timeout|timeoutSec)$/, '');
  if (!r.where.startsWith(`${file} `)) return false;
  const where = r.where.slice(file.length + 1);
  return at === '' || where === at || where.startsWith(`${at}.`) || where.startsWith(`${at}[`);
}

export type Backing = 'backed' | 'unexercised' | 'unbacked';

/**
 * Whether the suite's runs show an error of `audit` (for `target`, or the project's own agent): a hook it is about
 * fails to start; never runs on the target as it is, where it runs on the original agent; or the target decides the
 * call otherwise (as it is, or through hook-bridge). A file the target does not read (config-not-read): its hooks run
 * on the original agent, and on the target once converted, as the finding's fix says (`test`'s as-is column copies
 * the file into the target's own, so it cannot show where the target looks). `unexercised`: no call of the battery
 * runs the hook, or none where it gives an answer (a rule about answers: the hook answered nothing there).
 */
export function backing(p: ProjectResult, f: Finding, target?: DialectId): Backing {
  if (f.ruleId === 'config-invalid')
    return p.hosts.length > 0 && p.hosts.every((h) => h.convertError !== undefined) ? 'backed' : 'unbacked';
  const host = target ? p.hosts.find((h) => h.host === target) : p.hosts.find((h) => h.calls.length);
  const calls: CallResult[] = host?.calls ?? [];
  const mine = (rs: Ran[]) => rs.filter((r) => about(f, r));
  // An answer the hook did not give in any call of the battery (a Stop gate that let the run end) cannot be shown.
  const gave = (c: CallResult) => !ANSWERS.has(f.ruleId) || NEVER.has(f.ruleId) || c.reference !== 'none';
  const exercised = calls.filter((c) => mine(c.ran.reference).length && gave(c));
  // A script's comparison with a name its own agent no longer sends (Claude Code's former Task): the runs on that agent
  // alone have nothing to compare it with.
  if (!exercised.length || (f.ruleId === 'foreign-tool-literal' && !target)) return 'unexercised';
  const shown = exercised.some((c) => {
    if (START.has(f.ruleId))
      return [...mine(c.ran.reference), ...(target ? mine(c.ran.asIs) : [])].some((r) => FAILED_START.has(r.exit!));
    if (!target) return false;
    if (f.ruleId === 'config-not-read') return c.ran.bridged.length > 0;
    if (NEVER.has(f.ruleId)) return mine(c.ran.asIs).length === 0;
    return c.asIs !== c.reference || c.bridged !== c.reference;
  });
  return shown ? 'backed' : 'unbacked';
}

/**
 * The calls on `target` decided otherwise by a documented limit about which audit (for it) says nothing: no finding
 * of a rule about answers (or about the call not reaching the hook there) on a hook the original agent ran for it.
 */
export function unsaid(p: ProjectResult, target: DialectId, findings: Finding[]): string[] {
  const host = p.hosts.find((h) => h.host === target);
  const said = findings.filter((f) => f.path !== '' && ANSWERS.has(f.ruleId));
  return (host?.calls ?? [])
    .filter((c) => c.limit && c.reference !== c.bridged)
    .filter((c) => !said.some((f) => c.ran.reference.some((r) => about(f, r))))
    .map((c) => `${c.call}: ${c.reference} → ${c.bridged} (${c.limit})`);
}
