// test and doctor at a directory that holds several units (a marketplace's plugins; with --recursive, nested
// projects): the command once per unit, each result under the unit's name. A unit with no hooks of its own is left
// out; none at all is the directory's own error.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { HookBridgeError } from '../model/errors.js';
import { findUnits, unitLabel, type Unit } from '../dialects/marketplace.js';

export interface UnitRun<T> {
  unit: Unit;
  /** `plugin foo (plugins/foo)`, as the reports name it. */
  label: string;
  value: T;
}

/** The units of the one directory a command was given (default .), or undefined where it is one project. */
export function unitsOf(inputs: string[], recursive = false): { units: Unit[]; notes: string[] } | undefined {
  if (inputs.length > 1 || inputs[0] === '-') return undefined;
  const dir = resolve(inputs[0] ?? '.');
  try {
    if (!statSync(dir).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  const found = findUnits(dir, recursive ? { recursive: true } : {});
  if (found.units.length <= 1) return undefined;
  return { units: found.units, notes: found.notes.map((n) => `${n.path ? `${n.path}: ` : ''}${n.message}`) };
}

/** Does the command refuse a unit only because it holds no hooks (nothing to test or check there)? */
const nothingHere = (e: unknown): boolean =>
  HookBridgeError.is(e) && /^no hook config found|^no .* hook config here/.test(e.message);

/** The command run for each unit, in order; a unit with no hooks is skipped, unless none has any. */
export async function perUnit<T>(units: Unit[], run: (dir: string) => Promise<T>): Promise<UnitRun<T>[]> {
  const out: UnitRun<T>[] = [];
  let first: unknown;
  for (const unit of units) {
    try {
      out.push({ unit, label: unitLabel(unit, process.cwd()), value: await run(unit.dir) });
    } catch (e) {
      if (!nothingHere(e)) throw e;
      first ??= e;
    }
  }
  if (!out.length) throw first;
  return out;
}
