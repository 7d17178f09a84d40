// A host call that is several calls to the script's agent: one interface for the three ways it happens, each in its
// own module, tried in order by run-hook.ts —
//   split-calls.ts     a call the script's agent would have made as several (Codex's apply_patch: an Edit per file);
//   embedded-calls.ts  a parameter carried inside another one's text (Gemini's web_fetch URLs in its prompt);
//   split-items.ts     a list of what is one call each there (Pi's edit with several replacements).
// Each runs the script once per call and gives back one run: the strictest answer, rewrites put back in place.
import type { DialectId } from '../model/dialect-ids.js';
import type { ParsedPayload } from './host-payload.js';
import type { Translated } from './payload.js';
import type { HookRun, RunOnce } from './script-run.js';

/** The host call, as run-hook.ts has it when it decides how often the script runs. */
export interface HostCall {
  args: { from: DialectId; to: DialectId };
  /** The host's payload as it came. */
  p: ParsedPayload;
  /** That payload translated for the script's agent. */
  t: Translated;
  env: NodeJS.ProcessEnv;
  /** The call's working directory (the payload's cwd, else the project). */
  cwd: string;
  /** dispatch: which of the calls the hook's matcher fires for (canonical tool ids); none = all. */
  filter?: (tool: string) => boolean;
}

/** How to run the script over the calls a host call amounts to, or undefined when it is one call there too. */
export type FanOut = (c: HostCall) => ((once: RunOnce) => Promise<HookRun>) | undefined;
