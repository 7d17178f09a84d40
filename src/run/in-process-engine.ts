// The in-process host: hook-bridge's engine inside an agent that has no hook config, only in-process plugins (mappings
// `config.inProcess`: Pi, OpenCode). The loader file convert wrote loads this module once (dist/in-process-engine.cjs)
// and
// hands it the agent's plugin API; the dialect's binding (src/dialects/<id>.ts) turns the agent's events into hook
// calls, and each call is what `hook-bridge dispatch --to <host> --config <its hook file>` does for a host that runs
// hooks itself — matching, Claude Code's timeouts, parallel runs, aggregation, the payload and transcript translated
// for each script — in this process: no hook-bridge process per call, only the hooks' own.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalEvent, nativeEvent } from '../dialects/catalog.js';
import type { EngineAnswer, EngineCall, EngineSession } from '../dialects/define.js';
import { getDialect } from '../dialects/index.js';
import type { DialectId } from '../model/dialect-ids.js';
import { HookBridgeError } from '../model/errors.js';
import { isObject } from '../model/is-object.js';
import { VERSION } from '../version.js';
import { readAnswer } from './answer.js';
import { dispatched } from './dispatch.js';
import { type EmitContext, type EmitOptions, type HostAnswer, hostAnswer, reasonOrDefault } from './emit.js';
import { failsClosed } from './own-failure.js';
import { variableOf } from './script-env.js';
import { keptInProcess } from './session-env.js';

/** How the engine answers for the host: an ask as the host's facts say (relayed or denied), a rewrite it cannot
 * apply denied (never the original input run instead). */
const ANSWERS: EmitOptions = { rewrite: 'deny' };

export interface StartOptions {
  /** The project the loader file is in (its hook file is there); a package's loader: the session's directory. */
  project: string;
  /** The hook file, where it is not the project's (a package's: its own). */
  hookFile?: string;
  /**
   * The root of the package the loader file is in: given to the hooks as the variable of the host's `package.rootVar`
   * (their plugin root).
   */
  packageRoot?: string;
  /**
   * A loader that is not a project's (a package's, the user level's): its folder, and the command that writes it again
   * (`<root>`: that folder), said when another hook-bridge runs it.
   */
  root?: string;
  update?: string;
  /** The hook-bridge version the loader file was written by (`plugin`: the name loaders of 0.1.0 give it). */
  loader?: string;
  plugin?: string;
  /** The environment the hooks get (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Where hook-bridge's text for the user goes (default: stderr). */
  say?: (text: string) => void;
}

/**
 * The hooks' answer as the binding acts on it: the aggregated answer with the host's output facts applied (emit's
 * hostAnswer: an ask the host cannot show is a deny, a rewrite it cannot apply …), never its text form.
 */
export function pluginAnswer(h: HostAnswer, notes: (string | undefined)[]): EngineAnswer {
  const out: EngineAnswer = {
    // Several hooks' context as Claude Code gives it: one text.
    context: h.context.length ? [h.context.join('\n')] : [],
    notes: [...notes, ...h.notes].filter(Boolean).join('\n'),
  };
  if (h.decision === 'deny' || h.block) out.block = reasonOrDefault(h.reason);
  else if (h.decision === 'ask') out.ask = h.reason ?? '';
  if (h.input && out.block === undefined) out.input = h.input;
  if (h.continueFalse) out.stop = h.stopReason ?? '';
  if (h.systemMessage !== undefined) out.message = h.systemMessage;
  return out;
}

/** The hook file's events with hooks, read again only when the file changes. */
function eventsOf(file: string): (event: string) => boolean {
  let stamp = '';
  let events = new Set<string>();
  return (event) => {
    let now = '';
    try {
      const st = statSync(file);
      now = `${st.mtimeMs}:${st.size}:${st.ino}`;
    } catch {
      now = 'none';
    }
    if (now !== stamp) {
      stamp = now;
      try {
        const v: unknown = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
        const hooks = isObject(v) && isObject(v.hooks) ? v.hooks : {};
        events = new Set(Object.keys(hooks).filter((e) => Array.isArray(hooks[e]) && hooks[e].length > 0));
      } catch {
        // A file that cannot be read as plain JSON (comments): every event is tried, the codec says what is wrong.
        events = new Set(['*']);
      }
    }
    return events.has(event) || events.has('*');
  };
}

/**
 * The environment the hooks get, read at each call (the agent's may change): a package's root under the name of its
 * `rootVar` (`${HOOK_BRIDGE_PACKAGE_ROOT}`), the plugin root its converted hooks name.
 */
function hooksEnv(rootVar: string | undefined, o: StartOptions): () => NodeJS.ProcessEnv {
  const name = rootVar && variableOf(rootVar);
  if (o.packageRoot === undefined || !name) return () => o.env ?? process.env;
  return () => ({ ...(o.env ?? process.env), [name]: o.packageRoot });
}

/** A session of one in-process host in one project: what a binding calls. */
export function engineSession(host: DialectId, o: StartOptions): EngineSession {
  const d = getDialect(host);
  const file = o.hookFile ?? join(o.project, d.spec.config.write);
  const inFile = eventsOf(file);
  const envOf = hooksEnv(d.spec.package?.rootVar, o);
  // A shell call of a session whose SessionStart hooks wrote exports runs after them (session-env.ts), hooks or not.
  const preToolUse = nativeEvent(host, 'pre-tool-use');
  const watches = (event: string) => inFile(event) || (event === preToolUse && keptInProcess());
  const say = o.say ?? ((t: string) => process.stderr.write(`${t}\n`));
  const payloadOf = (c: EngineCall) => ({
    session_id: c.sessionId,
    transcript_path: c.transcriptPath ?? '',
    cwd: c.cwd,
    hook_event_name: c.event,
    ...c.fields,
  });
  const ctxOf = (c: EngineCall): EmitContext => ({
    host,
    script: host,
    event: canonicalEvent(host, c.event),
    hostEvent: c.event,
    tool: undefined,
    hostTool: typeof c.fields.tool_name === 'string' ? c.fields.tool_name : undefined,
  });
  /** hook-bridge's own failure: closed where a hook could have blocked (a Stop: once), a note elsewhere. */
  const failed = (c: EngineCall, why: string): EngineAnswer =>
    failsClosed(canonicalEvent(host, c.event), c.fields)
      ? { block: why, context: [], notes: '' }
      : { context: [], notes: why };
  return {
    projectDir: o.project,
    watches,
    say,
    callSync(c: EngineCall): EngineAnswer {
      // bin/hook-bridge.cjs beside this bundle (dist/in-process-engine.cjs; src/run/ in a checkout), run by Node (the
      // agent
      // may run on Bun).
      const bin = [join(__dirname, '..', 'bin'), join(__dirname, '..', '..', 'bin')]
        .map((d) => join(d, 'hook-bridge.cjs'))
        .find((f) => existsSync(f));
      if (!bin)
        return failed(
          c,
          `hook-bridge: cannot run the ${c.event} hooks: bin/hook-bridge.cjs is missing beside its engine ` +
            `(${__dirname}); reinstall hook-bridge (npm install -g hook-bridge)`,
        );
      const r = spawnSync(
        process.versions.bun ? 'node' : process.execPath,
        [bin, 'dispatch', '--to', host, '--from', host, '--config', file],
        { input: JSON.stringify(payloadOf(c)), encoding: 'utf8', cwd: c.cwd, env: envOf() },
      );
      const stderr = r.stderr?.replace(/\n$/, '') ?? '';
      // dispatch answers with 0 or 2: anything else is its own failure (a crash, a broken install).
      if (r.error || r.status === null || (r.status !== 0 && r.status !== 2)) {
        const why = r.error?.message ?? (r.status === null ? `killed by ${r.signal}` : `exit ${r.status}`);
        return failed(c, `hook-bridge: cannot run ${bin} (${why})${stderr ? `: ${stderr}` : ''}`);
      }
      // The reply in the host's form, read back by the one reader of answers (the host's output facts).
      const ctx = ctxOf(c);
      const reply = { stdout: r.stdout, stderr, exitCode: r.status, timedOut: false };
      const answer = readAnswer(host, ctx.event, reply, undefined, undefined, host);
      return pluginAnswer(hostAnswer(answer, ctx, ANSWERS), [r.status === 2 ? '' : stderr]);
    },
    async call(c: EngineCall): Promise<EngineAnswer> {
      try {
        const d = await dispatched(
          { to: host, config: [file], from: host, onError: 'deny', sessionEnv: true, ...ANSWERS },
          Buffer.from(JSON.stringify(payloadOf(c))),
          envOf(),
        );
        if ('failed' in d) return failed(c, d.message);
        return pluginAnswer(hostAnswer(d.answer, d.ctx, ANSWERS), [...d.stderr, d.guard]);
      } catch (e) {
        return failed(
          c,
          `hook-bridge: ${HookBridgeError.is(e) ? e.describe() : `internal error: ${(e as Error).message}`}`,
        );
      }
    },
  };
}

/** The loader file's call: binds the agent's plugin API for this host and project. */
export function start(host: string, api: unknown, o: StartOptions): unknown {
  const d = getDialect(host);
  if (!d.inProcess) throw new HookBridgeError(`${d.spec.agent} is not an in-process host`);
  const session = engineSession(d.id, o);
  const written = o.loader ?? o.plugin;
  if (written && written !== VERSION) {
    const loader = o.root === undefined ? d.spec.config.inProcess!.loader : `the loader in ${o.root}`;
    const update = o.update?.replaceAll('<root>', o.root ?? '') ?? `hook-bridge convert --to ${d.id}`;
    session.say(
      `hook-bridge: ${loader} was written by hook-bridge ${written}, and ${VERSION} is installed: run \`${update}\` ` +
        'to bring it up to date',
    );
  }
  return d.inProcess.bind(api, session);
}

export const version = VERSION;
