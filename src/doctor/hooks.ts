// What the project's hooks need besides hook-bridge: the hooks an agent that runs only trusted hooks will skip (Codex
// CLI: its trust store, read as the hook-untrusted rule reads it), and the hooks whose program or script cannot run
// (audit's script-* rules). Each becomes one check per file and problem, with its hooks and the fix.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { relative } from 'node:path';
import { HookBridgeError } from '../model/errors.js';
import { isObject } from '../model/is-object.js';
import { valueAt } from '../dialects/json-path.js';
import { mappings } from '../model/mappings.js';
import { plural } from '../model/plural.js';
import { entrySummary } from '../dialects/entry-summary.js';
import { handlerId } from '../dialects/handler-id.js';
import { readRecord } from '../convert/provenance.js';
import { readStore, tomlString, trustEntries, trustStorePath, type StoreState } from '../convert/hook-trust.js';
import { audit, type AuditResult } from '../audit/audit.js';
import { configSyntax, type ConfigFile, type Finding } from '../audit/types.js';
import type { DoctorCheck } from './types.js';

/** The rules whose findings are a hook that cannot run: its program, interpreter or script is not there. */
const PROGRAM_RULES = ['script-missing', 'script-interpreter-missing', 'script-not-executable'];
/** Findings of those rules that are not about a hook failing to start (a script without #! still runs, under sh). */
const RUNS_ANYWAY = new Set(['noShebang']);

/** The audit of what doctor asks of the hooks: trust and programs. */
export function auditHooks(
  project: string,
  o: { env: NodeJS.ProcessEnv; home?: string; cwd: string },
  paths: string[] = [project],
): AuditResult {
  return audit({
    paths,
    // The project alone: the CLI checks a marketplace's plugins one by one (cli/unit-runs.ts).
    units: false,
    only: PROGRAM_RULES,
    env: o.env,
    ...(o.home ? { home: o.home } : {}),
    cwd: o.cwd,
  });
}

/** A hook a finding is about, as a line: its event, what it runs, and where. */
function hookLine(f: Finding, config: ConfigFile | undefined): string {
  // The finding names a field of the handler (`command`, Copilot's `bash` or `linux`, `args[0]`): the handler holds it.
  const at = (p: string) => (config ? valueAt(config.text, p, configSyntax(config)) : undefined);
  const path = isObject(at(f.path)) ? f.path : f.path.replace(/\.[^.[\]]+(?:\[\d+\])?$/, '');
  const handler = at(path);
  const hook = config?.hooks.find((h) => h.origin.path === path);
  const event = hook?.nativeEvent ?? /^hooks\.([^.[]+)/.exec(path)?.[1] ?? '';
  // What it runs here: the command its codec read (Copilot's `linux` on Linux, not the Windows `command` beside it).
  const command = hook?.written ?? hook?.command;
  const summary = isObject(handler) ? entrySummary(command === undefined ? handler : { ...handler, command }) : path;
  return `${event}  ${summary}  (${path})`;
}

const real = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
};

/**
 * An agent that runs only trusted hooks (mappings `config.hookTrust`: Codex CLI): per file, whether it trusts the
 * project, the hooks it will skip (no trusted hash, or one of an earlier version of the hook), and how to trust
 * them —
 * the hooks convert wrote by `convertCommand(file) --trust-codex-hooks`, the others in the agent itself. The same
 * store and hashes as the hook-untrusted rule (src/convert/hook-trust.ts).
 */
export function trustChecks(
  a: AuditResult,
  project: string,
  o: {
    env: NodeJS.ProcessEnv;
    home?: string;
    cwd: string;
    convertCommand: (file: string) => string | undefined;
    /** doctor --user: the configs are user-level files, which need the hooks' trust but no trusted project. */
    user?: boolean;
  },
): DoctorCheck[] {
  const out: DoctorCheck[] = [];
  const home = o.home ?? homedir();
  for (const c of a.configs) {
    const d = c.dialect;
    const spec = mappings.dialects[d];
    if (spec.config.hookTrust !== 'trusted-hash' || (c.scope === 'user' && !o.user)) continue;
    if (c.text === undefined || c.unusable) continue;
    if (!/\.json$/i.test(c.file)) continue;
    const storeFile = trustStorePath(d, home, o.env);
    if (!storeFile) continue;
    const store = storeFile.startsWith(`${home}/`) ? `~/${storeFile.slice(home.length + 1)}` : storeFile;
    const rel = relative(o.cwd, c.file) || c.file;
    let state: StoreState;
    try {
      state = readStore(storeFile, [project, real(project)]);
    } catch (e) {
      if (!HookBridgeError.is(e)) throw e;
      out.push({
        kind: 'trust',
        status: 'problem',
        message:
          `${spec.agent} runs only trusted hooks, and ${store} cannot be read to tell which are: ` + e.describe(),
        file: c.file,
        fix: `repair ${store}`,
      });
      continue;
    }
    if (!state.projectTrusted && !o.user)
      out.push({
        kind: 'trust',
        status: 'problem',
        message: `${spec.agent} runs no hook of ${rel}: the project is not trusted in ${store}`,
        file: c.file,
        fix:
          `trust the project when ${spec.agent} asks in an interactive session, or add ` +
          `[projects.${tomlString(project)}] trust_level = "trusted" to ${store}`,
      });
    const own = new Set(readRecord(c.file).entries.map((e) => `${e.event}\0${e.id}`));
    const skipped = trustEntries(d, c.file, c.text).filter((e) => state.hashes.get(e.key) !== e.hash);
    if (!skipped.length) {
      if (state.projectTrusted || o.user)
        out.push({ kind: 'trust', status: 'ok', message: `${spec.agent} trusts every hook of ${rel}`, file: c.file });
      continue;
    }
    const mine = skipped.filter((e) => own.has(`${e.event}\0${handlerId(e.handler)}`));
    const others = skipped.length - mine.length;
    const stale = skipped.filter((e) => state.hashes.has(e.key)).length;
    const command = o.convertCommand(c.file);
    out.push({
      kind: 'trust',
      status: 'problem',
      message:
        `${spec.agent} skips ${plural(skipped.length, 'hook')} of ${rel} silently` +
        (stale ? ` (${stale} trusted in an earlier version)` : '') +
        `: ${store} records no trusted hash of ${skipped.length === 1 ? 'it' : 'them'} as they are`,
      file: c.file,
      items: skipped.map((e) => {
        const [g, h] = e.key.split(':').slice(-2);
        return `${e.event}  ${entrySummary(e.handler)}  (hooks.${e.event}[${g}].hooks[${h}])`;
      }),
      fix: [
        ...(mine.length
          ? [
              `${command ?? `hook-bridge convert --to ${d}`} --trust-codex-hooks ` +
                `(records the ${plural(mine.length, 'hook')} it wrote)`,
            ]
          : []),
        ...(others
          ? [`trust the other ${plural(others, 'hook')} when ${spec.agent} asks in an interactive session`]
          : []),
      ].join('; '),
    });
  }
  return out;
}

/** Hooks whose program or script cannot run: one check per distinct problem, with every hook it hits. */
export function programChecks(a: AuditResult, cwd: string): DoctorCheck[] {
  const findings = a.findings.filter((f) => PROGRAM_RULES.includes(f.ruleId) && !RUNS_ANYWAY.has(f.messageId));
  const byMessage = new Map<string, Finding[]>();
  for (const f of findings) byMessage.set(f.message, [...(byMessage.get(f.message) ?? []), f]);
  return [...byMessage.values()].map((list) => {
    const first = list[0]!;
    return {
      kind: 'program',
      status: 'problem',
      message: first.message,
      file: first.file,
      items: list.map(
        (f) =>
          `${relative(cwd, f.file) || f.file}: ${hookLine(
            f,
            a.configs.find((c) => c.file === f.file),
          )}`,
      ),
      fix:
        first.fix ??
        (first.ruleId === 'script-missing'
          ? 'restore the script, or correct its path in the hook (hooks run in the project directory)'
          : "install the program where the agents run hooks, or change the hook's command"),
    };
  });
}
