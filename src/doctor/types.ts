// What `hook-bridge doctor` reports: one check per thing that decides whether a project's hooks run on this machine.

/** problem: something would not run (or not as converted); note: worth knowing, runs as it is; ok: checked, fine. */
export type CheckStatus = 'ok' | 'note' | 'problem';

/** What a check is about, in the order the report shows them. */
export type CheckKind = 'hook-bridge' | 'agent' | 'trust' | 'gates' | 'conversion' | 'program';

export interface DoctorCheck {
  kind: CheckKind;
  status: CheckStatus;
  /** What was found, in one sentence. */
  message: string;
  /** The file it is about (absolute), where there is one. */
  file?: string;
  /** What is behind it, one line each: the hooks, the entries. */
  items?: string[];
  /** What to run, or do, to fix it. */
  fix?: string;
}

export interface DoctorOptions {
  /** The project (default: cwd). */
  project?: string;
  /** Where the user stands: the project is found from here, and paths in messages and fixes are shown from here
   * (default: process.cwd()). */
  cwd?: string;
  /** The environment the agents run hooks with (PATH, CODEX_HOME …; default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** The home directory user files are found in (default: the user's). */
  home?: string;
  /** The user-level hook files instead of a project's (`doctor --user`): each agent's, and the enabled plugins'. */
  user?: boolean;
  /** This hook-bridge: its version and the program it was started as, to compare with the one on PATH. */
  self?: { version: string; program?: string };
  /** Ask each agent's program its version (default true; each is a process start). */
  agentVersions?: boolean;
}

export interface DoctorResult {
  project: string;
  checks: DoctorCheck[];
  /** The hook configs found in the project (absolute paths). */
  configs: string[];
}
