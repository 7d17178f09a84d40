// An in-process host that runs its plugins only in a trusted project (mappings `config.inProcess.projectTrust`: Pi
// 1.x):
// per converted hook file, whether this machine's store trusts the project — the agent then runs hook-bridge's loader
// file — or the agent will skip it without a word headless, and how to trust it (src/convert/project-trust.ts).
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { mappings } from '../model/mappings.js';
import { projectTrustFix, projectTrustMessage, projectTrustState } from '../convert/project-trust.js';
import type { AuditResult } from '../audit/audit.js';
import type { DoctorCheck } from './types.js';

export function projectTrustChecks(
  a: AuditResult,
  project: string,
  o: { env: NodeJS.ProcessEnv; home?: string; cwd: string; convertCommand: (file: string) => string | undefined },
): DoctorCheck[] {
  const out: DoctorCheck[] = [];
  for (const c of a.configs) {
    if (c.scope === 'user') continue;
    const host = mappings.dialects[c.dialect].config.inProcess;
    // The trust decides only where the loader file is there to be loaded (without it nothing runs the hook file).
    if (!host?.projectTrust || !existsSync(join(project, host.loader))) continue;
    const s = projectTrustState(c.dialect, project, { env: o.env, ...(o.home ? { home: o.home } : {}) })!;
    const plugin = relative(o.cwd, join(project, host.loader)) || host.loader;
    if (s.error) {
      out.push({
        kind: 'trust',
        status: 'problem',
        message:
          `${mappings.dialects[c.dialect].agent} runs ${plugin} only in a trusted project, and its store cannot be ` +
          `read to tell: ${s.error.describe()}`,
        file: c.file,
        fix: `repair ${s.store}`,
      });
      continue;
    }
    out.push({
      kind: 'trust',
      status: s.trusted ? 'ok' : 'problem',
      message: projectTrustMessage(s, plugin, o.home),
      file: c.file,
      ...(s.trusted
        ? {}
        : { fix: projectTrustFix(s, o.convertCommand(c.file) ?? `hook-bridge convert --to ${c.dialect}`) }),
    });
  }
  return out;
}
