// convert at a directory that holds several units (issue 36): a plugin marketplace's plugins, the plugins under
// `plugins/`, and with --recursive the nested projects (dialects/marketplace.ts finds them). Each unit is converted
// as `convert <its directory>` converts it — its targets in its own directory, its record beside them — so a
// plugin's hooks become each agent's files in the plugin, and `--remove` there gives it back. Nothing is written
// until every unit was converted and checked: a bad unit stops the run with its error, and no unit is half-written.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic } from '../model/hook.js';
import { findUnits, type Unit } from '../dialects/marketplace.js';
import { convertProject, type ConvertProjectOptions, type ConvertProjectResult } from './project.js';

export interface ConvertUnitsOptions extends ConvertProjectOptions {
  /** Also the nested projects below the directory (`--recursive`). */
  recursive?: boolean;
}

/** One unit's conversion. */
export interface UnitResult {
  unit: Unit;
  result: ConvertProjectResult;
}

export interface ConvertUnitsResult extends ConvertProjectResult {
  /** Each unit converted (one, the project itself, where the directory holds no plugin or nested project). */
  units: UnitResult[];
}

/** The directory a run converts as units: the one directory given (or the project), when it is one. */
function unitRoot(o: ConvertUnitsOptions): string | undefined {
  const inputs = o.inputs ?? [];
  if (inputs.length > 1 || inputs[0] === '-') return undefined;
  const dir = inputs[0] ?? o.project ?? '.';
  try {
    return statSync(dir).isDirectory() ? resolve(dir) : undefined;
  } catch {
    return undefined;
  }
}

/** Does a unit's conversion refuse only because the unit has no hooks of its own (nothing to convert there)? */
const nothingHere = (e: unknown): boolean =>
  HookBridgeError.is(e) && /^no (?:\S+ )?hook config found|^the hooks here are already/.test(e.message);

/** The results of every unit as one (sources, targets, gates and diagnostics in unit order). */
function joined(units: UnitResult[], notes: Diagnostic[]): ConvertUnitsResult {
  return {
    sources: units.flatMap((u) => u.result.sources),
    targets: units.flatMap((u) => u.result.targets),
    gates: units.flatMap((u) => u.result.gates),
    diagnostics: [...notes, ...units.flatMap((u) => u.result.diagnostics)],
    units,
  };
}

/**
 * convert, unit by unit where the directory holds plugins or (with --recursive) nested projects; else exactly
 * convertProject. A unit with no hooks of its own is left out (the directory itself too, when its plugins have hooks);
 * none at all is the project's own "no hook config found".
 */
export async function convertUnits(o: ConvertUnitsOptions): Promise<ConvertUnitsResult> {
  const root = unitRoot(o);
  // --user converts the user's files: no unit of the current directory.
  const found = root === undefined || o.project !== undefined || o.user ? undefined : findUnits(root, o);
  if (!found || found.units.length <= 1) {
    const result = await convertProject(o);
    const dir = root ?? resolve(o.project ?? '.');
    return {
      ...result,
      diagnostics: [...(found?.notes ?? []), ...result.diagnostics],
      units: [{ unit: { dir, via: 'root' }, result }],
    };
  }
  if (o.out)
    throw new HookBridgeError(
      '--out writes one file; this directory holds several plugins or projects: convert one of them',
      root,
    );
  const writes = !o.stdout && !o.dryRun && !o.check;
  const run = async (extra: Partial<ConvertProjectOptions>): Promise<UnitResult[]> => {
    const out: UnitResult[] = [];
    let firstError: unknown;
    for (const unit of found.units) {
      try {
        out.push({ unit, result: await convertProject({ ...o, ...extra, inputs: [unit.dir], project: unit.dir }) });
      } catch (e) {
        if (!nothingHere(e)) throw e;
        firstError ??= e;
      }
    }
    if (!out.length) throw firstError;
    return out;
  };
  // Every unit converted and checked before the first write: a bad one stops the run with nothing written.
  if (writes) await run({ check: true, trustHooks: false, trustProject: false });
  return joined(await run({}), found.notes);
}
