// One agent as `hook-bridge dialects <agent>` shows it: its files, events, tools with their parameters, what each
// answer form of a hook does there, and where that differs from the reference agent (Claude Code), whose answers
// most scripts are written for. Everything here is read from the mappings: nothing is said of an agent that its
// facts do not say.
import { REFERENCE_DIALECT, type DialectId } from '../model/dialect-ids.js';
import { mappings, type Evidence } from '../model/mappings.js';
import { toolEvidence, toolsOf } from './catalog.js';

export interface DescribedEvent {
  canonical: string;
  /** The agent's name for it. */
  name: string;
  evidence: Evidence;
  /** What a matcher on it is tested against: `tool`, a payload field, null (matchers ignored), `unknown`. */
  matcherOn: string | null;
  /** The values of that field the agent sends, where known (SessionStart's startup, resume …). */
  values?: string[];
}

export interface DescribedTool {
  canonical: string;
  name: string;
  /** Its parameters as the agent names them, in its order. */
  params: string[];
  /** Those its input schema requires. */
  required: string[];
  /** false where only some parameter names are known. */
  paramsComplete: boolean;
  evidence: Evidence;
  /** Other names a matcher may use for it. */
  aliases: string[];
}

/** One fact: what it is about (`what`), and what the agent does (`value`), in words. */
export interface Fact {
  what: string;
  value: string;
}

/** Where the agent does otherwise than the reference agent with a hook's answer, its timeout or its events. */
export interface Limit {
  what: string;
  /** What the reference agent (Claude Code) does. */
  reference: string;
  /** What this agent does. */
  here: string;
}

export interface DialectDescription {
  id: DialectId;
  agent: string;
  /** The version its facts were observed on; null: known from documents only. */
  observedVersion: string | null;
  /** Files, timeouts, matchers, variables, shell, trust. */
  config: Fact[];
  events: DescribedEvent[];
  tools: DescribedTool[];
  /** What each form of a hook's answer does on the agent. */
  answers: Fact[];
  /** Where it differs from the reference agent (none for the reference itself). */
  limits: Limit[];
}

const list = (xs: readonly string[] | undefined, none = 'none') => (xs?.length ? xs.join(', ') : none);
const eventName = (d: DialectId, canonical: string) => mappings.events[canonical]?.names[d] ?? canonical;
const perEvent = (d: DialectId, o: Partial<Record<string, string>>) =>
  list(Object.entries(o).map(([e, v]) => `${eventName(d, e)} ${v}`));

/** The project directory variables, or how a hook finds the project where there is none (Codex CLI). */
function projectDir(d: DialectId): string {
  const env = mappings.dialects[d].env;
  if (!env) return 'unknown';
  if (env.projectDir.length) return env.projectDir.join(', ');
  return env.projectRoot === 'git-toplevel-of-cwd'
    ? 'none: hooks run in the cwd; the root is its git top level'
    : 'none';
}

/** What must be trusted before the agent runs a project's hooks. */
export function trustNeeded(d: DialectId): string {
  const c = mappings.dialects[d].config;
  if (c.hookTrust === 'trusted-hash') return "the project trusted, and each hook's hash";
  const plugin = c.inProcess?.projectTrust;
  if (plugin) return `the project trusted (${plugin.store}; since ${plugin.since})`;
  return c.folderTrust ? 'the folder trusted' : 'always';
}

const ON_TIMEOUT: Record<string, string> = {
  proceed: 'the call proceeds',
  block: 'the call is blocked',
  unknown: 'unknown',
};

function configFacts(d: DialectId): Fact[] {
  const s = mappings.dialects[d];
  const c = s.config;
  const t = s.timeout;
  const facts: Fact[] = [
    { what: 'convert writes', value: c.write },
    { what: 'reads (project)', value: list(c.project) },
    { what: 'reads (user)', value: list(c.user) },
    { what: 'convert --user writes', value: c.userWrite ?? 'nothing (no user-level file hook-bridge writes)' },
  ];
  if (c.plugin?.length) facts.push({ what: 'reads (plugins)', value: list(c.plugin) });
  if (c.notRead?.length) facts.push({ what: 'does not read', value: list(c.notRead.map((n) => n.path)) });
  for (const r of c.readsForeign ?? [])
    facts.push({
      what: `runs ${mappings.dialects[r.dialect].agent}'s`,
      value: `${list(r.files)} itself (${r.mode}; ${r.dedup ? 'a command in two files once' : 'once per file'})`,
    });
  facts.push(
    { what: 'runs project hooks when', value: trustNeeded(d) },
    {
      what: 'timeout',
      value:
        `in ${t.unit === 's' ? 'seconds' : 'milliseconds'}, default ${t.default ?? 'unknown'}` +
        (t.legacyMsFrom ? `; values from ${t.legacyMsFrom} up read as ms` : '') +
        `; a timed-out hook: ${ON_TIMEOUT[t.onTimeout]}`,
    },
    {
      what: 'matchers',
      value:
        s.matcher.semantics +
        (s.matcher.caseSensitive === false ? ', case-insensitive' : s.matcher.caseSensitive ? ', case-sensitive' : ''),
    },
    { what: 'project dir variable', value: projectDir(d) },
    { what: 'shell', value: s.shell ? s.shell.join(' ') : 'unknown' },
    { what: 'hook types', value: list(s.hookTypes, 'unknown') },
    { what: 'handler fields', value: list(s.handlerFields, 'unknown') },
  );
  return facts;
}

const EXIT2: Record<string, string> = {
  stderr: 'blocks; stderr is the reason',
  'stdout-then-stderr': 'blocks; the reason is stdout, else stderr',
  ignored: 'blocks; the reason reaches nobody',
};
const OTHER_EXIT: Record<string, string> = {
  'non-blocking': 'a non-blocking error: the call proceeds',
  warning: 'a warning: the call proceeds',
  'blocks-from-2': 'every exit from 2 up blocks',
  denies: 'the call is denied',
};

/** What each form of a hook's answer does on the agent. */
function answerFacts(d: DialectId): Fact[] {
  const o = mappings.dialects[d].output;
  if (!o) return [];
  const rewrite = o.rewriteField ?? 'updatedInput';
  const facts: Fact[] = [
    { what: 'exit 2', value: `${EXIT2[o.exit2Reason]}${o.exit2NeedsStderr ? ' (with an empty stderr: nothing)' : ''}` },
    { what: 'other exit codes', value: OTHER_EXIT[o.otherExit]! },
    { what: 'JSON with a non-zero exit', value: o.jsonOnNonZeroExit },
    { what: 'permissionDecision', value: list(o.permissionDecision) },
    { what: 'top-level decision', value: list(o.legacyDecision) },
    { what: `rewrite (${rewrite})`, value: o.updatedInput },
    { what: 'modifiedInput', value: o.modifiedInput },
    {
      what: 'ask',
      value:
        `interactive: ${o.askInteractive}; headless: ${o.askHeadless}` +
        (o.askHeadlessBypass ? ` (bypassing permissions: ${o.askHeadlessBypass})` : ''),
    },
    { what: 'JSON answer on stderr', value: o.stderrAnswer },
    {
      what: 'answer shape',
      value:
        `${o.answerShape ?? 'hook-specific'}` +
        (o.requiresHookEventName ? '; hookSpecificOutput needs hookEventName' : '') +
        (o.answerSchema === 'strict' ? '; strict: an answer outside the schema is void as a whole' : ''),
    },
  ];
  if (o.fields) facts.push({ what: 'answer fields', value: list(o.fields) });
  if (o.hookSpecificFields) facts.push({ what: 'hookSpecificOutput fields', value: list(o.hookSpecificFields) });
  if (o.voids?.length) facts.push({ what: 'void answers', value: list(o.voids) });
  facts.push(
    { what: 'additionalContext', value: perEvent(d, o.additionalContext) },
    { what: 'plain stdout as context', value: list(o.plainStdoutContext.map((e) => eventName(d, e))) },
    { what: 'continue: false', value: perEvent(d, o.continueFalse) },
    { what: 'Stop block', value: o.stopBlock },
    { what: 'PostToolUse block', value: o.postToolUseBlock },
  );
  return facts;
}

function eventsOf(d: DialectId): DescribedEvent[] {
  return Object.entries(mappings.events).flatMap(([canonical, row]) => {
    const name = row.names[d];
    if (!name) return [];
    const values = row.values[d];
    return [
      {
        canonical,
        name,
        evidence: row.evidence[d] ?? 'observed',
        matcherOn: row.matcherOn,
        ...(values?.length ? { values } : {}),
      },
    ];
  });
}

function toolList(d: DialectId): DescribedTool[] {
  return toolsOf(d).map(({ canonical, entry }) => ({
    canonical,
    name: entry.name,
    params: entry.params.map(([n]) => n),
    required: entry.required ?? [],
    paramsComplete: entry.paramsComplete,
    evidence: toolEvidence(entry),
    aliases: entry.aliases,
  }));
}

/** Answer facts compared one by one with the reference agent's: [what, the field]. */
const SCALARS: [string, keyof NonNullable<DialectSpecOutput>][] = [
  ['exit 2', 'exit2Reason'],
  ['other exit codes', 'otherExit'],
  ['JSON with a non-zero exit', 'jsonOnNonZeroExit'],
  ['rewrite (updatedInput)', 'updatedInput'],
  ['ask, headless', 'askHeadless'],
  ['ask, interactive', 'askInteractive'],
  ['JSON answer on stderr', 'stderrAnswer'],
  ['Stop block', 'stopBlock'],
  ['PostToolUse block', 'postToolUseBlock'],
];
type DialectSpecOutput = (typeof mappings.dialects)[DialectId]['output'];

/** Where this agent does otherwise than the reference agent: answers, per event where they are per event, timeouts, and
 * the reference's events it verifiably lacks. */
function limitsOf(d: DialectId): Limit[] {
  const ref = REFERENCE_DIALECT;
  const [rs, s] = [mappings.dialects[ref], mappings.dialects[d]];
  if (d === ref || s.payloadDialect === ref || !rs.output || !s.output) return [];
  const [ro, o] = [rs.output, s.output];
  const out: Limit[] = [];
  const add = (what: string, reference: string, here: string) => {
    if (reference !== here) out.push({ what, reference, here });
  };
  for (const [what, k] of SCALARS) add(what, String(ro[k]), String(o[k]));
  for (const k of ['permissionDecision', 'legacyDecision'] as const) {
    const lacks = ro[k].filter((v) => !(o[k] as string[]).includes(v));
    if (lacks.length) add(k === 'legacyDecision' ? 'top-level decision' : k, list(ro[k]), list(o[k]));
  }
  for (const k of ['additionalContext', 'continueFalse'] as const)
    for (const [e, v] of Object.entries(ro[k]))
      if (v && mappings.events[e]?.names[d])
        add(`${k === 'continueFalse' ? 'continue: false' : k} on ${eventName(d, e)}`, v, o[k][e] ?? 'not known');
  add('a timed-out hook', rs.timeout.onTimeout, s.timeout.onTimeout);
  const complete = s.eventsComplete === true;
  const absent = Object.values(mappings.events)
    .filter((row) => row.names[ref] && (row.names[d] === null || (complete && row.names[d] === undefined)))
    .map((row) => row.names[ref]!);
  if (absent.length) add('events it does not have', 'has them', list(absent));
  return out;
}

/** Everything hook-bridge knows of one agent (`hook-bridge dialects <agent>`). */
export function describeDialect(d: DialectId): DialectDescription {
  const s = mappings.dialects[d];
  return {
    id: d,
    agent: s.agent,
    observedVersion: s.observedVersion,
    config: configFacts(d),
    events: eventsOf(d),
    tools: toolList(d),
    answers: answerFacts(d),
    limits: limitsOf(d),
  };
}
