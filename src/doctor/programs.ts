// The programs a project's hooks need on this machine: hook-bridge, where the converted entries call it (which one is
// found, and its version against this one's), and each agent's own program (installed? which version, against the one
// hook-bridge's facts were observed on). This machine's PATH stands in for the agents': an agent started from a
// desktop launcher may have another.
import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { DIALECT_IDS } from '../model/dialect-ids.js';
import { mappings } from '../model/mappings.js';
import { plural } from '../model/plural.js';
import { findProgram, missingWhat, runnerEffects, runnerNotFound } from '../convert/runner-found.js';
import type { DialectId } from '../model/dialect-ids.js';
import type { DoctorCheck } from './types.js';

/** The first version number a program prints (`codex-cli 0.169.0`, `2.1.330 (Claude Code)`). */
const versionIn = (text: string): string | undefined => /\b(\d+\.\d+\.\d+(?:[-+][\w.]+)?)\b/.exec(text)?.[1];

/** What a program prints for its version (stdout, else stderr); undefined when it does not start or answer in time. */
function askVersion(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((done) => {
    const child = execFile(file, args, { env, encoding: 'utf8', timeout: 15_000 }, (error, stdout, stderr) =>
      done(error && !stdout ? undefined : (versionIn(stdout) ?? versionIn(stderr))),
    );
    child.stdin?.end();
  });
}

/** -1, 0, 1: a before, equal to, after b (numeric x.y.z; a pre-release part is ignored). */
function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split(/[-+]/)[0]!.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return (x![i] ?? 0) < (y![i] ?? 0) ? -1 : 1;
  return 0;
}

const real = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
};

/** A runner the project's converted entries call, with the files and hosts of those entries. */
export interface RunnerUse {
  runner: string;
  hosts: DialectId[];
  files: string[];
  /** How many entries call it. */
  entries: number;
  /** Hosts where every entry calling it carries the runner guard (its absence blocks nothing there). */
  guarded: DialectId[];
}

/**
 * hook-bridge as the converted entries start it: for each runner they call, whether the agents find it from the
 * project; for the plain `hook-bridge`, which one PATH gives and its version against this one's.
 */
export async function hookBridgeChecks(
  uses: RunnerUse[],
  project: string,
  env: NodeJS.ProcessEnv,
  self: { version: string; program?: string },
): Promise<DoctorCheck[]> {
  const out: DoctorCheck[] = [];
  const all = uses.some((u) => u.runner === 'hook-bridge') ? uses : [...uses, undefined];
  for (const u of all) {
    const runner = u?.runner ?? 'hook-bridge';
    const missing = runnerNotFound(runner, project, env);
    if (missing !== undefined) {
      out.push(
        u
          ? {
              kind: 'hook-bridge',
              status: 'problem',
              message:
                `${missingWhat(missing)}: ` +
                `${u.entries === 1 ? 'the entry that calls' : `the ${u.entries} entries that call`} ` +
                `\`${runner}\` ${u.entries === 1 ? 'fails' : 'fail'} to start (exit 127): ` +
                runnerEffects(u.hosts, u.guarded),
              items: u.files,
              fix:
                runner === 'hook-bridge'
                  ? 'npm install -g hook-bridge (from a clone: npm install -g .), where the agents run hooks; or ' +
                    "convert again with --runner 'node ./node_modules/hook-bridge/bin/hook-bridge.cjs' (a " +
                    'devDependency of the project)'
                  : `make \`${missing}\` available where the agents run hooks, or convert again with another --runner`,
            }
          : {
              kind: 'hook-bridge',
              status: 'note',
              message:
                'hook-bridge is not on PATH: no converted entry here calls it yet, but a conversion written with the ' +
                'default runner would',
              fix: 'npm install -g hook-bridge (from a clone: npm install -g .)',
            },
      );
      continue;
    }
    if (runner !== 'hook-bridge') {
      out.push({
        kind: 'hook-bridge',
        status: 'ok',
        message: `${plural(u!.entries, 'entry', 'entries')} start hook-bridge as \`${runner}\`, which is there`,
        items: u!.files,
      });
      continue;
    }
    const file = findProgram('hook-bridge', project, env)!;
    const version = await askVersion(file, ['--version'], env);
    const same = self.program !== undefined && real(self.program) === real(file);
    const calls = u ? `${plural(u.entries, 'converted entry', 'converted entries')} call it; ` : '';
    if (version === undefined)
      out.push({
        kind: 'hook-bridge',
        status: 'problem',
        message: `${calls}the hook-bridge on PATH (${file}) does not say its version: it may not start`,
        fix: `run ${file} --version to see why; reinstall it (npm install -g hook-bridge)`,
      });
    else if (version !== self.version)
      out.push({
        kind: 'hook-bridge',
        status: 'note',
        message:
          `${calls}the hook-bridge on PATH (${file}) is ${version}, this one is ${self.version}: the entries run ` +
          `${version}` +
          (compareVersions(version, self.version) < 0 ? ', older than the one that may have written them' : ''),
        fix: `npm install -g hook-bridge@${self.version} (or convert again with the one on PATH)`,
      });
    else
      out.push({
        kind: 'hook-bridge',
        status: 'ok',
        message:
          `${calls}hook-bridge ${version} on PATH (${file})` + (same ? ', this one' : ', the same version as this one'),
      });
  }
  return out;
}

/** Each agent with a program of its own (mappings `cli`): installed here or not, and its version (all asked at once).
 */
export function agentChecks(project: string, env: NodeJS.ProcessEnv, askVersions: boolean): Promise<DoctorCheck[]> {
  return Promise.all(
    DIALECT_IDS.map(async (d): Promise<DoctorCheck[]> => {
      const spec = mappings.dialects[d];
      if (!spec.cli) return [];
      const file = spec.cli.commands.map((c) => findProgram(c, project, env)).find((f) => f !== undefined);
      if (!file)
        return [
          {
            kind: 'agent',
            status: 'note',
            message: `${spec.agent}: not installed (no ${spec.cli.commands.join(' or ')} on PATH)`,
          },
        ];
      const version = askVersions ? await askVersion(file, spec.cli.versionArgs, env) : undefined;
      const observed = spec.observedVersion;
      const order = version === undefined || observed === null ? undefined : compareVersions(version, observed);
      const against =
        order === undefined
          ? ''
          : order === 0
            ? ', the version hook-bridge observed'
            : `, ${order > 0 ? 'newer' : 'older'} than ${observed}, the version hook-bridge observed`;
      const differs = order !== undefined && order !== 0;
      return [
        {
          kind: 'agent',
          status: differs ? 'note' : 'ok',
          message: `${spec.agent} ${version ?? '(version not known)'} (${file})${against}`,
          ...(differs
            ? {
                fix:
                  `hook-bridge test --to ${d} … tries your hooks the way ${spec.agent} ${observed} runs them; ` +
                  '`npm run test:e2e` in a clone checks hook-bridge against the agents it installs',
              }
            : {}),
        },
      ];
    }),
  ).then((all) => all.flat());
}
