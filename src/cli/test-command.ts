import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { isObject } from '../model/is-object.js';
import { parseJsonOption, type Call } from '../simulate/call.js';
import { casesExitCode, readCases, runCases } from '../simulate/cases.js';
import { readText } from '../simulate/read-text.js';
import { formatCasesJson, formatCasesText, formatJson, formatText } from '../simulate/format.js';
import { simulate, simulateExitCode, type SimulateOptions } from '../simulate/simulate.js';
import { colors, useColor } from '../audit/format/colors.js';
import { perUnit, unitsOf } from './unit-runs.js';

export interface TestFlags {
  to?: DialectId[];
  from?: DialectId;
  event?: string;
  tool?: string;
  input?: string;
  response?: string;
  prompt?: string;
  payload?: string;
  transcript?: string;
  headless?: boolean;
  permissionMode?: string;
  cases?: string;
  recursive?: boolean;
  user?: boolean;
  format: 'text' | 'json';
}

function readPayload(file: string): Record<string, unknown> {
  const text = readText(file, 'payload');
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new HookBridgeError(
      `not valid JSON (${(e as Error).message}); expected the hook payload the agent sends on stdin`,
      file,
    );
  }
  if (!isObject(v))
    throw new HookBridgeError('expected a JSON object: the hook payload the agent sends on stdin', file);
  return v;
}

/** The call the flags describe. */
function callOf(f: TestFlags): Call {
  const input =
    f.input === undefined
      ? undefined
      : parseJsonOption(
          '--input',
          f.input,
          `a JSON object of the tool's parameters, e.g. '{"command":"rm -rf build"}'`,
        );
  if (input !== undefined && !isObject(input))
    throw new HookBridgeError(
      `--input must be a JSON object of the tool's parameters, e.g. '{"command":"rm -rf build"}'`,
    );
  return {
    ...(f.event !== undefined ? { event: f.event } : {}),
    ...(f.tool !== undefined ? { tool: f.tool } : {}),
    ...(input !== undefined ? { input } : {}),
    ...(f.response !== undefined
      ? { response: parseJsonOption('--response', f.response, 'the tool\'s result as JSON (an object, or a "string")') }
      : {}),
    ...(f.prompt !== undefined ? { prompt: f.prompt } : {}),
    ...(f.payload !== undefined ? { payload: readPayload(f.payload) } : {}),
  };
}

export async function testCommand(inputs: string[], f: TestFlags): Promise<void> {
  const options: Omit<SimulateOptions, 'call'> = {
    inputs,
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.headless ? { headless: true } : {}),
    ...(f.permissionMode !== undefined ? { permissionMode: f.permissionMode } : {}),
    ...(f.transcript !== undefined ? { transcript: f.transcript } : {}),
    ...(f.user ? { user: true } : {}),
  };
  const pc = colors(useColor(process.stdout));
  if (f.cases !== undefined) {
    const given = (['event', 'tool', 'input', 'response', 'prompt', 'payload'] as const).filter(
      (k) => f[k] !== undefined,
    );
    if (given.length)
      throw new HookBridgeError(
        `--cases runs the calls of the file: ${given.map((k) => `--${k}`).join(', ')} belong in each case`,
      );
    const results = await runCases(readCases(f.cases), options, f.cases);
    process.stdout.write(
      f.format === 'json' ? formatCasesJson(results) : `${formatCasesText(results, process.cwd(), pc)}\n`,
    );
    process.exitCode = casesExitCode(results);
    return;
  }
  const call = callOf(f);
  // --user: the user's hooks alone (no plugins of the current directory as units).
  const units = f.user ? undefined : unitsOf(inputs, f.recursive);
  if (units) {
    // One result per plugin (or nested project), each under its name.
    const runs = await perUnit(units.units, (dir) => simulate({ ...options, inputs: [dir], call }));
    for (const n of units.notes) process.stderr.write(`note: ${n}\n`);
    process.stdout.write(
      f.format === 'json'
        ? `${JSON.stringify(
            runs.map((r) => ({ unit: r.label, ...r.value })),
            null,
            2,
          )}\n`
        : `${runs.map((r) => `== ${r.label} ==\n${formatText(r.value, process.cwd(), pc)}`).join('\n\n')}\n`,
    );
    process.exitCode = Math.max(...runs.map((r) => simulateExitCode(r.value)));
    return;
  }
  const result = await simulate({ ...options, call });
  process.stdout.write(f.format === 'json' ? formatJson(result) : `${formatText(result, process.cwd(), pc)}\n`);
  process.exitCode = simulateExitCode(result);
}
