// hook-bridge as a library: the public API docs/library.md documents (test/library.test.ts pins it). Every function
// checks what it is given (model/arg-checks.ts): a bad argument or option is a HookBridgeError that names the
// function, the option and what was expected — not a TypeError from deep inside. The checks are here, at the
// library's door, so that the hot path (run's own bundle) never pays for them.
import { resolve } from 'node:path';
import {
  any,
  boolean,
  checkArgs,
  dialect,
  either,
  expected,
  fields,
  func,
  listOf,
  number,
  object,
  oneOf,
  optional,
  recordOf,
  string,
  type Check,
} from './model/arg-checks.js';
import { convert as convertText, type ConvertOptions, type ConvertTextOptions } from './convert/convert.js';
import { convertProject as convertFiles, type ConvertProjectOptions } from './convert/project.js';
import { detectFileDialect as detectFile } from './dialects/detect.js';
import { audit as auditProjects, auditExitCode as exitCodeOf, type AuditOptions } from './audit/audit.js';
import { applyFixes as fix } from './audit/fix.js';
import { formatText } from './audit/format/text.js';
import { formatJson } from './audit/format/json.js';
import { formatMarkdown } from './audit/format/markdown.js';
import { formatSarif } from './audit/format/sarif.js';
import { run as runOnce } from './run/main.js';
import type { RunArgs } from './run/args.js';
import { translatePayload as translateHostPayload } from './run/payload.js';
import { translateTranscript as translateJsonl } from './transcript/translate.js';
import {
  simulate as simulateCall,
  simulateExitCode as exitOfSimulation,
  type SimulateOptions,
} from './simulate/simulate.js';
import { readCases as readCaseFile, runCases as runCaseList, casesExitCode as exitOfCases } from './simulate/cases.js';
import { doctor as doctorRun, doctorExitCode as exitOfDoctor, type DoctorOptions } from './doctor/doctor.js';
import { describeDialect as describeOne } from './dialects/describe.js';

export type { ConvertOptions, ConvertTextOptions, ReportRow, Status } from './convert/convert.js';
export type { ConvertProjectOptions, ConvertProjectResult } from './convert/project.js';
export { DIALECT_IDS, isDialectId, type DialectId } from './model/dialect-ids.js';
export { HookBridgeError } from './model/errors.js';
export type { Diagnostic, Hook, Matcher } from './model/hook.js';
export type { AuditOptions, AuditResult, RuleSetting } from './audit/audit.js';
export { RULES } from './audit/rules/index.js';
export type { Finding, Rule } from './audit/types.js';
export type { RunArgs } from './run/args.js';
export type { HostReply } from './run/emit.js';
export type { SimulateOptions, SimulateResult, SimulateRow } from './simulate/simulate.js';
export type { Case, CaseResult } from './simulate/cases.js';
export type { Call } from './simulate/call.js';
export type { Decision } from './run/host-decision.js';
export type { CheckKind, CheckStatus, DoctorCheck, DoctorOptions, DoctorResult } from './doctor/doctor.js';
export type { DialectDescription, DescribedEvent, DescribedTool, Fact, Limit } from './dialects/describe.js';

/** `f`, after its arguments pass their checks. */
function checked<A extends unknown[], R>(name: string, f: (...a: A) => R, checks: [string, Check][]): (...a: A) => R {
  return (...a: A) => {
    checkArgs(name, checks, a);
    return f(...a);
  };
}

/** An async `f`, after its arguments pass their checks: a bad argument rejects the promise, as every other failure
 * does.
 */
function checkedAsync<A extends unknown[], R>(
  name: string,
  f: (...a: A) => Promise<R>,
  checks: [string, Check][],
): (...a: A) => Promise<R> {
  return async (...a: A) => {
    checkArgs(name, checks, a);
    return f(...a);
  };
}

const dialects_ = (what: string) => listOf(dialect, what, { nonEmpty: true });
const strings = listOf(string, 'an array of strings');
const env = recordOf(string, 'an object of strings (an environment)');
/** The options every conversion takes (ConvertOptions); `satisfies` keeps this list equal to the interface's keys. */
const CONVERT: { [K in keyof Required<ConvertOptions>]: Check } = {
  to: dialect,
  wrap: boolean,
  runner: string,
  pluginRoot: string,
  loader: string,
  pluginRootOf: func,
  keyOf: func,
  emulateTodos: boolean,
};
/** One dialect where convert() writes one text; a list is convertProject()'s. */
const oneTarget: Check = (v) =>
  Array.isArray(v)
    ? {
        at: '',
        what:
          `expected one dialect id: convert() writes one text (convertProject() takes a list of targets), ` +
          `got an array (${JSON.stringify(v)})`,
      }
    : dialect(v);
const CONVERT_TEXT: { [K in keyof Required<ConvertTextOptions>]: Check } = {
  ...CONVERT,
  to: oneTarget,
  from: dialect,
  existing: string,
  file: string,
  readFrom: string,
};
const CONVERT_PROJECT: { [K in keyof Required<ConvertProjectOptions>]: Check } = {
  inputs: strings,
  from: dialect,
  to: (v) => (v === 'all' ? undefined : dialects_('an array of dialect ids, one per target, or "all"')(v)),
  stdin: string,
  project: string,
  out: string,
  stdout: boolean,
  dryRun: boolean,
  check: boolean,
  wrap: boolean,
  runner: string,
  backup: boolean,
  dispatch: boolean,
  remove: boolean,
  emulateTodos: boolean,
  trustHooks: boolean,
  trustProject: boolean,
  user: boolean,
  home: string,
  env,
};
const AUDIT: { [K in keyof Required<AuditOptions>]: Check } = {
  paths: strings,
  target: dialect,
  user: boolean,
  recursive: boolean,
  units: boolean,
  home: string,
  env,
  rules: recordOf(oneOf(['off', 'error', 'warning', 'info']), 'an object of rule settings ({ "<rule id>": "off" })'),
  projectRules: func,
  only: strings,
  ruleSet: listOf(object, 'an array of rules'),
  cwd: string,
};
const RUN_ARGS: { [K in keyof Required<RunArgs>]: Check } = {
  from: dialect,
  to: dialect,
  timeoutS: number,
  onError: oneOf(['deny', 'allow']),
  onTimeout: oneOf(['allow', 'deny']),
  onMissing: oneOf(['deny', 'allow']),
  event: string,
  ask: oneOf(['ask', 'deny', 'allow']),
  rewrite: oneOf(['deny', 'ignore']),
  pluginRoot: string,
  hosts: dialects_('an array of dialect ids'),
  emulateTodos: boolean,
  sessionEnv: boolean,
  calls: strings,
  transcript: oneOf(['always', 'auto', 'never']),
  preToolNotes: boolean,
  command: either(
    'a shell command (a string) or an argv (an array of strings)',
    string,
    listOf(string, 'an array of strings', { nonEmpty: true }),
  ),
};
const findings = listOf(fields({ file: string }, { required: ['file'] }), 'an array of findings (audit().findings)');
const raw = either(
  'the payload as a Buffer (or { tooLarge: true, head })',
  expected('a Buffer', Buffer.isBuffer),
  fields({ tooLarge: boolean, head: string }, { required: ['tooLarge', 'head'] }),
);

export const convert = checked('convert', convertText, [
  ['text', string],
  ['options', fields(CONVERT_TEXT, { required: ['from', 'to'], closed: true })],
]);
export const convertProject = checkedAsync('convertProject', convertFiles, [
  ['options', fields(CONVERT_PROJECT, { required: ['to'], closed: true })],
]);
/** A config file's name and its text. */
const fileText: [string, Check][] = [
  ['file', string],
  ['text', string],
];
export const detectFileDialect = checked('detectFileDialect', detectFile, fileText);

/** audit, with `cwd` honoured: the paths (default `.`) are the caller's, relative to its `cwd`, not to this process's.
 */
export const audit = checked(
  'audit',
  (o: AuditOptions = {}) =>
    auditProjects(
      o.cwd === undefined ? o : { ...o, paths: (o.paths?.length ? o.paths : ['.']).map((p) => resolve(o.cwd!, p)) },
    ),
  [['options', optional(fields(AUDIT, { closed: true }))]],
);
export const auditExitCode = checked('auditExitCode', exitCodeOf, [
  ['findings', findings],
  ['failOn', oneOf(['error', 'warning', 'never'])],
]);
export const applyFixes = checked('applyFixes', fix, [
  ['findings', findings],
  ['backup', optional(boolean)],
]);
/** A formatter's arguments: an audit result (with its rules where `rules`), and the directory paths are shown from. */
const formatArgs = (o: { rules?: boolean } = {}): [string, Check][] => [
  [
    'result',
    fields(
      { findings: listOf(object, 'an array of findings'), rules: listOf(object, 'an array of rules') },
      { required: o.rules ? ['findings', 'rules'] : ['findings'] },
    ),
  ],
  ['cwd', optional(string)],
];
export const formatAuditText = checked('formatAuditText', formatText, [...formatArgs(), ['colors', optional(object)]]);
export const formatAuditJson = checked('formatAuditJson', formatJson, formatArgs());
export const formatAuditMarkdown = checked('formatAuditMarkdown', formatMarkdown, formatArgs());
export const formatAuditSarif = checked('formatAuditSarif', formatSarif, formatArgs({ rules: true }));

export const run = checkedAsync('run', runOnce, [
  ['args', fields(RUN_ARGS, { required: ['from', 'to', 'command'], closed: true })],
  ['payload', raw],
  ['env', env],
]);
export const translatePayload = checked('translatePayload', translateHostPayload, [
  ['payload', object],
  ['host', dialect],
  ['script', dialect],
  ['env', env],
]);
export const translateTranscript = checked('translateTranscript', translateJsonl, [
  ['from', dialect],
  ['to', dialect],
  ['text', string],
]);

/** The one call `simulate` tries (SimulateOptions.call). */
const CALL = fields(
  { event: string, tool: string, input: object, response: any, prompt: string, payload: object },
  { closed: true },
);
const SIMULATE: { [K in keyof Required<SimulateOptions>]: Check } = {
  inputs: strings,
  from: dialect,
  to: dialects_('an array of dialect ids, the hosts to try'),
  call: CALL,
  headless: boolean,
  permissionMode: string,
  transcript: string,
  env,
  runner: string,
  converted: recordOf(
    string,
    'an object of directories by dialect id ({ "<dialect id>": "<a copy of the project, converted>" })',
  ),
  modes: listOf(oneOf(['as-is', 'bridged']), 'an array of columns ("as-is", "bridged")', { nonEmpty: true }),
  user: boolean,
  home: string,
};
const simulateResult = fields({ results: listOf(object, 'an array of rows') }, { required: ['results'] });
export const simulate = checkedAsync('simulate', simulateCall, [
  ['options', fields(SIMULATE, { required: ['call'], closed: true })],
]);
export const simulateExitCode = checked('simulateExitCode', exitOfSimulation, [['result', simulateResult]]);
export const readCases = checked('readCases', readCaseFile, [['file', string]]);
export const runCases = checkedAsync('runCases', runCaseList, [
  [
    'cases',
    listOf(
      fields({ name: string, call: CALL, expected: object }, { required: ['name', 'call', 'expected'] }),
      'an array of cases (readCases())',
    ),
  ],
  ['options', fields(Object.fromEntries(Object.entries(SIMULATE).filter(([k]) => k !== 'call')), { closed: true })],
  ['file', string],
]);
export const casesExitCode = checked('casesExitCode', exitOfCases, [
  [
    'cases',
    listOf(
      fields({ pass: boolean, result: simulateResult }, { required: ['pass', 'result'] }),
      'an array of case results (runCases())',
    ),
  ],
]);

const DOCTOR: { [K in keyof Required<DoctorOptions>]: Check } = {
  project: string,
  cwd: string,
  env,
  home: string,
  self: fields({ version: string, program: string }, { required: ['version'], closed: true }),
  agentVersions: boolean,
  user: boolean,
};
export const doctor = checkedAsync('doctor', doctorRun, [['options', optional(fields(DOCTOR, { closed: true }))]]);
export const doctorExitCode = checked('doctorExitCode', exitOfDoctor, [
  [
    'result',
    fields(
      { checks: listOf(fields({ status: string }, { required: ['status'] }), 'an array of checks (doctor().checks)') },
      { required: ['checks'] },
    ),
  ],
]);
/** One agent as `hook-bridge dialects <id>` shows it. */
export const describeDialect = checked('describeDialect', describeOne, [['id', dialect]]);
