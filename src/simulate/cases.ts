// `hook-bridge test --cases <file>`: a hook author's regression tests — a YAML or JSON list of calls, each with the
// decision expected on the source agent (Claude Code), run through `simulate` one after another.
//   - name: rm -rf is denied
//     event: PreToolUse
//     tool: Bash
//     input: { command: "rm -rf build" }
//     expect: deny                    # or { decision: deny, reason: "rm -rf" } (a part of the reason)
//   - name: read-only calls are approved
//     event: PreToolUse
//     tool: Read
//     input: { file_path: README.md }
//     expect: allow
//     limits: { qwen: none, gemini: none }   # a host's documented limit: through hook-bridge it decides this instead
// A limit is accepted only where it is the host's documented one (what `run` gives the host for the expected decision,
// by the data in mappings/): a case naming another is an error (exit 2); a host that decides otherwise than both the
// reference and its limit fails the case.
import { isDialectId, type DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { yaml } from '../lazy.js';
import type { Call } from './call.js';
import { bridgedDecision, canonicalEvent, nativeEvent, type Decision } from './engine.js';
import { readText } from './read-text.js';
import { removeScratch, type Scratch, scratchCopy } from './scratch.js';
import { decidesOtherwise, simulateIn, sourcesOf, type SimulateOptions, type SimulateResult } from './simulate.js';

const DECISIONS: readonly Decision[] = ['allow', 'deny', 'ask', 'block', 'none'];
const FIELDS = [
  'name',
  'event',
  'tool',
  'input',
  'response',
  'prompt',
  'payload',
  'headless',
  'permissionMode',
  'expect',
  'limits',
];

export interface Case {
  name: string;
  call: Call;
  headless?: boolean;
  permissionMode?: string;
  expected: { decision: Decision; reason?: string };
  /** Per host, its documented limit: the decision it reaches through hook-bridge instead of the expected one. */
  limits?: Partial<Record<DialectId, Decision>>;
}

export interface CaseResult {
  name: string;
  expected: Case['expected'];
  /** The source agent decided as expected. */
  pass: boolean;
  /** The hosts whose decision through hook-bridge differs from the reference's by their documented limit. */
  withinLimits: DialectId[];
  result: SimulateResult;
}

/** Read and check a cases file; every mistake names the file, the case and what was expected. */
export function readCases(file: string): Case[] {
  const text = readText(file, 'cases');
  let doc: unknown;
  const json = /\.json$/i.test(file);
  try {
    doc = json ? JSON.parse(text) : yaml().parse(text);
  } catch (e) {
    throw new HookBridgeError(`not valid ${json ? 'JSON' : 'YAML'}: ${(e as Error).message.split('\n')[0]}`, file);
  }
  const list = isObject(doc) && Array.isArray(doc.cases) ? doc.cases : doc;
  if (!Array.isArray(list) || !list.length)
    throw new HookBridgeError('expected a list of cases (each: event, tool/input or prompt, expect)', file);
  return list.map((c, i) => readCase(c, file, `[${i}]`));
}

function readCase(c: unknown, file: string, at: string): Case {
  const bad = (what: string, key?: string) => new HookBridgeError(what, file, key ? `${at}.${key}` : at);
  if (!isObject(c)) throw bad('expected a case object { event, tool, input, expect … }');
  for (const k of Object.keys(c))
    if (!FIELDS.includes(k)) throw bad(`unknown field "${k}"; a case has ${FIELDS.join(', ')}`, k);
  const str = (k: string): string | undefined => {
    if (c[k] === undefined) return undefined;
    if (typeof c[k] !== 'string') throw bad('expected a string', k);
    return c[k] as string;
  };
  const obj = (k: string): Record<string, unknown> | undefined => {
    if (c[k] === undefined) return undefined;
    if (!isObject(c[k])) throw bad('expected an object', k);
    return c[k] as Record<string, unknown>;
  };
  const e = c.expect;
  let expected: Case['expected'];
  if (typeof e === 'string' && DECISIONS.includes(e as Decision)) expected = { decision: e as Decision };
  else if (
    isObject(e) &&
    DECISIONS.includes(e.decision as Decision) &&
    (e.reason === undefined || typeof e.reason === 'string') &&
    Object.keys(e).every((k) => k === 'decision' || k === 'reason')
  ) {
    expected = { decision: e.decision as Decision, ...(typeof e.reason === 'string' ? { reason: e.reason } : {}) };
  } else throw bad(`expected ${DECISIONS.join(' | ')}, or { decision, reason } (a part of the reason)`, 'expect');
  if (c.headless !== undefined && typeof c.headless !== 'boolean') throw bad('expected true or false', 'headless');
  let limits: Case['limits'];
  if (c.limits !== undefined) {
    if (!isObject(c.limits)) throw bad('expected an object { <agent>: <decision> }', 'limits');
    limits = {};
    for (const [k, v] of Object.entries(c.limits)) {
      if (!isDialectId(k)) throw bad(`unknown agent "${k}"`, `limits.${k}`);
      if (!DECISIONS.includes(v as Decision)) throw bad(`expected ${DECISIONS.join(' | ')}`, `limits.${k}`);
      limits[k] = v as Decision;
    }
  }
  const event = str('event');
  const tool = str('tool');
  const prompt = str('prompt');
  const input = obj('input');
  const payload = obj('payload');
  const permissionMode = str('permissionMode');
  const call: Call = {
    ...(event !== undefined ? { event } : {}),
    ...(tool !== undefined ? { tool } : {}),
    ...(input ? { input } : {}),
    ...(c.response !== undefined ? { response: c.response } : {}),
    ...(prompt !== undefined ? { prompt } : {}),
    ...(payload ? { payload } : {}),
  };
  const name =
    str('name') ??
    String(event ?? payload?.hook_event_name ?? 'case') +
      `${tool ? ` ${tool}` : ''}` +
      (input ? ` ${JSON.stringify(input)}` : prompt !== undefined ? ` ${JSON.stringify(prompt)}` : '');
  return {
    name,
    call,
    ...(c.headless !== undefined ? { headless: c.headless as boolean } : {}),
    ...(permissionMode !== undefined ? { permissionMode } : {}),
    expected,
    ...(limits ? { limits } : {}),
  };
}

/**
 * Run every case, one after another, in one scratch copy of the project (the hooks may share state between calls, as
 * in a session; the project itself is never written).
 */
export async function runCases(cases: Case[], o: Omit<SimulateOptions, 'call'>, file: string): Promise<CaseResult[]> {
  const scratch = scratchCopy(sourcesOf(o).project);
  try {
    return await runEach(cases, o, file, scratch);
  } finally {
    removeScratch(scratch);
  }
}

async function runEach(
  cases: Case[],
  o: Omit<SimulateOptions, 'call'>,
  file: string,
  scratch: Scratch,
): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  for (const [i, c] of cases.entries()) {
    let result: SimulateResult;
    try {
      result = await simulateIn(
        {
          ...o,
          call: c.call,
          ...(c.headless !== undefined ? { headless: c.headless } : {}),
          ...(c.permissionMode !== undefined ? { permissionMode: c.permissionMode } : {}),
        },
        scratch,
      );
    } catch (e) {
      // A case the source agent's tables reject (an unknown tool …): named by its place in the file.
      if (HookBridgeError.is(e) && !e.file) throw new HookBridgeError(e.message, file, `[${i}]`);
      throw e;
    }
    const ref = result.results[0]!;
    const pass =
      ref.decision === c.expected.decision &&
      (c.expected.reason === undefined || (ref.reason ?? '').includes(c.expected.reason));
    const event = canonicalEvent(result.from, result.event) ?? '';
    for (const [host, limit] of Object.entries(c.limits ?? {}) as [DialectId, Decision][]) {
      const hostEvent = nativeEvent(host, event);
      const session = { headless: c.headless ?? o.headless === true, permissionMode: 'default' };
      const documented = hostEvent
        ? bridgedDecision(result.from, host, event, hostEvent, c.expected.decision, session)
        : c.expected.decision;
      if (limit !== documented)
        throw new HookBridgeError(
          `not a documented limit of ${mappings.dialects[host].agent}: through hook-bridge it decides ${documented} ` +
            `where ${mappings.dialects[result.from].agent} decides ${c.expected.decision}` +
            (documented === c.expected.decision ? ' (no limit there)' : ''),
          file,
          `[${i}].limits.${host}`,
        );
    }
    const withinLimits = result.results
      .filter((x) => x.mode === 'bridged' && decidesOtherwise(x) && c.limits?.[x.host] === x.decision)
      .map((x) => x.host);
    out.push({ name: c.name, expected: c.expected, pass, withinLimits, result });
  }
  return out;
}

/** The hosts that decide otherwise through hook-bridge than the reference, beyond their documented limit. */
export const beyondLimits = (c: CaseResult) =>
  c.result.results.filter((x) => x.mode === 'bridged' && decidesOtherwise(x) && !c.withinLimits.includes(x.host));

/** 1 when a case is not decided as expected, or a host decides otherwise through hook-bridge (beyond a limit the case
 * names); else 0.
 */
export const casesExitCode = (cases: CaseResult[]): 0 | 1 =>
  cases.some((c) => !c.pass || beyondLimits(c).length) ? 1 : 0;
