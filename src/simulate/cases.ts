// `hook-bridge test --cases <file>`: a hook author's regression tests — a YAML or JSON list of calls, each with the
// decision expected on the source agent (Claude Code), run through `simulate` one after another.
//   - name: rm -rf is denied
//     event: PreToolUse
//     tool: Bash
//     input: { command: "rm -rf build" }
//     expect: deny                    # or { decision: deny, reason: "rm -rf" } (a part of the reason)
import { HookBridgeError } from '../model/errors.js';
import { isObject } from '../model/is-object.js';
import { yaml } from '../lazy.js';
import type { Call } from './call.js';
import type { Decision } from './engine.js';
import { readText } from './read-text.js';
import { decidesOtherwise, simulate, type SimulateOptions, type SimulateResult } from './simulate.js';

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
];

export interface Case {
  name: string;
  call: Call;
  headless?: boolean;
  permissionMode?: string;
  expected: { decision: Decision; reason?: string };
}

export interface CaseResult {
  name: string;
  expected: Case['expected'];
  /** The source agent decided as expected. */
  pass: boolean;
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
  };
}

/** Run every case (one after another: the hooks are the project's, and may share state). */
export async function runCases(cases: Case[], o: Omit<SimulateOptions, 'call'>, file: string): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  for (const [i, c] of cases.entries()) {
    let result: SimulateResult;
    try {
      result = await simulate({
        ...o,
        call: c.call,
        ...(c.headless !== undefined ? { headless: c.headless } : {}),
        ...(c.permissionMode !== undefined ? { permissionMode: c.permissionMode } : {}),
      });
    } catch (e) {
      // A case the source agent's tables reject (an unknown tool …): named by its place in the file.
      if (HookBridgeError.is(e) && !e.file) throw new HookBridgeError(e.message, file, `[${i}]`);
      throw e;
    }
    const ref = result.results[0]!;
    const pass =
      ref.decision === c.expected.decision &&
      (c.expected.reason === undefined || (ref.reason ?? '').includes(c.expected.reason));
    out.push({ name: c.name, expected: c.expected, pass, result });
  }
  return out;
}

/** 1 when a case is not decided as expected, or a host decides otherwise through hook-bridge; else 0. */
export const casesExitCode = (cases: CaseResult[]): 0 | 1 =>
  cases.some((c) => !c.pass || c.result.results.some((x) => x.mode === 'bridged' && decidesOtherwise(x))) ? 1 : 0;
