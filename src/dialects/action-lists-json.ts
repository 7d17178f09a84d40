// The action-lists-json codec (mappings `config.format`; GitHub Copilot CLI's .github/hooks/*.json and the `hooks` key
// of its settings files): one flat list of actions per event, each action with its own matcher —
//   { "version": 1, "hooks": { "preToolUse": [ { "type": "command", "bash": "./guard.sh", "timeoutSec": 30, "matcher":
// "bash" } ] } }
// `command` is read as `bash` and `timeout` as `timeoutSec` (both observed to run: docs/observations.md). Claude Code's
// nested matcher groups ({matcher, hooks: [...]}) are read too: the agent runs them (test/fixtures/observed/copilot/
// payloads/own-pascal/). Actions are canonical handlers inside hook-bridge ({type, command, timeout}), so identity,
// ownership and the sync plan are the settings codec's; only this file knows the native key names. Writing edits the
// text in place (jsonc-edit.ts): other keys, other actions, key order and layout stay as they were.
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic, Hook } from '../model/hook.js';
import { isObject } from '../model/is-object.js';
import { stableJson } from '../model/stable-json.js';
import { canonicalEvent, modeEvent } from './catalog.js';
import type { Codec, Dialect, NativeHook, ReadResult } from './define.js';
import { readHandler, unknownEvent } from './handler-reader.js';
import { parseJsoncChecked } from './jsonc.js';
import {
  appendChildren,
  applyTextEdits,
  dropEmptyKey,
  jsonAt,
  layoutOf,
  removeChildren,
  setValue,
  type TextEdit,
} from './jsonc-edit.js';
import { planSync, type ExistingEntry } from './sync-plan.js';

/** The version this format's files carry (a file without one is read as it: observed, docs/observations.md). */
const ACTION_LISTS_VERSION = 1;

/** The key of an action a canonical handler field is read from: the command from this system's own field where the
 * action has one (Copilot CLI's `linux`), else `bash`, else `command`; the timeout from `timeoutSec`, else `timeout`.
 */
function nativeField(action: Record<string, unknown>, field: string, d?: Dialect): string {
  if (field === 'command') {
    const os = d?.spec.osCommands?.[process.platform as 'linux' | 'darwin' | 'win32'];
    if (os !== undefined && typeof action[os] === 'string') return os;
    return (action.bash ?? undefined) !== undefined ? 'bash' : 'command';
  }
  if (field === 'timeout') {
    // This system's own key first (Kiro CLI's timeout_ms), then Copilot CLI's and Cursor's.
    const own = d?.spec.config.actionKeys?.timeout;
    if (own !== undefined && action[own] !== undefined) return own;
    return (action.timeoutSec ?? undefined) !== undefined ? 'timeoutSec' : 'timeout';
  }
  return field;
}

/** A native action as a canonical handler: `bash` (or `command`) is its command, `timeoutSec` (or `timeout`) its
 * timeout.
 */
function canonicalHandler(
  action: Record<string, unknown>,
  d?: Dialect,
): { handler: Record<string, unknown>; matcher: unknown } {
  const timeoutKey = nativeField(action, 'timeout', d);
  const { bash, command, timeoutSec, timeout, matcher, [timeoutKey]: _t, ...rest } = action;
  const cmd = action[nativeField(action, 'command', d)];
  const t = action[timeoutKey];
  return {
    handler: { ...rest, ...(cmd !== undefined ? { command: cmd } : {}), ...(t !== undefined ? { timeout: t } : {}) },
    matcher,
  };
}

/** A canonical handler (and its matcher) as the native action: type, the command, matcher, the timeout, then the other
 * fields; the command and timeout under the dialect's `config.actionKeys` (default `bash`, `timeoutSec`).
 */
const nativeAction =
  (d: Dialect) =>
  (h: Pick<NativeHook, 'handler' | 'matcher'>): Record<string, unknown> => {
    const { type, command, timeout, ...rest } = h.handler;
    const keys = d.spec.config.actionKeys ?? { command: 'bash', timeout: 'timeoutSec' };
    return {
      type,
      ...(command !== undefined ? { [keys.command]: command } : {}),
      ...(h.matcher !== undefined ? { matcher: h.matcher } : {}),
      ...(timeout !== undefined ? { [keys.timeout]: timeout } : {}),
      ...rest,
    };
  };

/** What reading one event's list shares: the dialect, the file, the event, and where hooks and diagnostics go. */
interface ActionContext {
  d: Dialect;
  file: string;
  nativeEvent: string;
  runners: { runners?: readonly string[] };
  diagnostics: Diagnostic[];
  hooks: Hook[];
}

/** Reads one item of an event's list at `path`: a flat action, or Claude Code's nested matcher group of handlers. */
function readAction(item: unknown, path: string, ctx: ActionContext): void {
  const { d, file, nativeEvent, runners, diagnostics, hooks } = ctx;
  if (!isObject(item)) {
    diagnostics.push({
      severity: 'error',
      code: 'handlerInvalid',
      message: 'expected an action object',
      file,
      path,
    });
    return;
  }
  // Claude Code's nested form: a matcher group of handlers.
  if (Array.isArray(item.hooks)) {
    const { matcher, hooks: handlers, ...groupFields } = item;
    (handlers as unknown[]).forEach((h, hi) => {
      const hPath = `${path}.hooks[${hi}]`;
      if (!isObject(h))
        diagnostics.push({
          severity: 'error',
          code: 'handlerInvalid',
          message: 'expected a hook object',
          file,
          path: hPath,
        });
      else {
        const hook = readHandler(
          d,
          canonicalHandler(h, d).handler,
          { nativeEvent, nativeMatcher: matcher, groupFields, file, path: hPath, ...runners },
          diagnostics,
        );
        if (hook) hooks.push(...hook);
      }
    });
    return;
  }
  const { handler, matcher } = canonicalHandler(item, d);
  if (
    (handler.type ?? d.spec.handlerTypeDefault) === 'command' &&
    handler.command === undefined &&
    typeof handler.powershell === 'string'
  ) {
    diagnostics.push({
      severity: 'warning',
      code: 'powershellOnly',
      message: 'a PowerShell-only action (no "bash"): it runs on Windows only; not converted',
      file,
      path,
    });
    return;
  }
  const hook = readHandler(
    d,
    handler,
    { nativeEvent, nativeMatcher: matcher, groupFields: {}, file, path, ...runners },
    diagnostics,
  );
  if (hook) hooks.push(...hook);
}

const placeKey = (matcher: unknown) => stableJson(matcher ?? null);

export const actionListsJson: Codec = {
  nativeField,
  read(text, file, d, opts): ReadResult {
    const { value: root } = parseJsoncChecked(text, file);
    if (!isObject(root)) throw new HookBridgeError('expected a JSON object at the top level', file);
    const diagnostics: Diagnostic[] = [];
    const hooks: Hook[] = [];
    // A file of the folder without hooks (hook-bridge's record, another tool's JSON) is skipped by the agent too.
    if (root.hooks === undefined) return { hooks, diagnostics };
    if (root.version !== undefined && root.version !== ACTION_LISTS_VERSION) {
      diagnostics.push({
        severity: 'warning',
        code: 'versionUnknown',
        message: `version ${JSON.stringify(root.version)}: hook-bridge reads version ${ACTION_LISTS_VERSION}`,
        file,
        path: 'version',
      });
    }
    if (!isObject(root.hooks)) {
      diagnostics.push({
        severity: 'error',
        code: 'hooksNotObject',
        message: '"hooks" must be an object of event names',
        file,
        path: 'hooks',
      });
      return { hooks, diagnostics };
    }
    const runners = opts?.runners ? { runners: opts.runners } : {};
    for (const [nativeEvent, list] of Object.entries(root.hooks)) {
      const evPath = `hooks.${nativeEvent}`;
      if (!canonicalEvent(d.id, nativeEvent) && !modeEvent(d.id, nativeEvent))
        diagnostics.push(unknownEvent(d, nativeEvent, file, evPath));
      if (!Array.isArray(list)) {
        diagnostics.push({
          severity: 'error',
          code: 'eventNotArray',
          message: 'expected an array of actions',
          file,
          path: evPath,
        });
        continue;
      }
      list.forEach((item, i) => {
        readAction(item, `${evPath}[${i}]`, { d, file, nativeEvent, runners, diagnostics, hooks });
      });
    }
    return { hooks, diagnostics };
  },

  write(hooks, existing, file, d, own) {
    const toNative = nativeAction(d);
    const start = d.spec.config.newFile ?? { version: ACTION_LISTS_VERSION };
    const text = existing ?? `${JSON.stringify({ ...start, hooks: {} }, null, 2)}\n`;
    const { value: current } = parseJsoncChecked(text, file);
    if (!isObject(current))
      throw new HookBridgeError('expected a JSON object at the top level; not overwriting it', file);
    if (current.hooks !== undefined && !isObject(current.hooks))
      throw new HookBridgeError('"hooks" is not an object; not overwriting it', file, 'hooks');
    const fo = layoutOf(text);
    const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false })!;

    // The actions already there (matcher groups are a person's: never planned, kept as they are).
    const existingEntries: (ExistingEntry & { event: string; i: number })[] = [];
    for (const [event, list] of Object.entries(isObject(current.hooks) ? current.hooks : {})) {
      if (!Array.isArray(list)) continue;
      list.forEach((item, i) => {
        if (!isObject(item) || Array.isArray(item.hooks)) return;
        const { handler, matcher } = canonicalHandler(item, d);
        existingEntries.push({ event, handler, place: placeKey(matcher), i });
      });
    }
    const plan = planSync(hooks, existingEntries, (h) => placeKey(h.matcher), own);

    const edits: TextEdit[] = [];
    const removed = new Map<string, Set<number>>();
    existingEntries.forEach((e, k) => {
      const a = plan.actions[k]!;
      const node = findNodeAtLocation(root, ['hooks', e.event, e.i])!;
      if (a.kind === 'replace')
        edits.push({ offset: node.offset, length: node.length, content: jsonAt(toNative(a.hook), text, node, fo) });
      if (a.kind === 'remove') removed.set(e.event, (removed.get(e.event) ?? new Set()).add(e.i));
    });
    const additions = new Map<string, NativeHook[]>();
    for (const h of plan.additions) additions.set(h.event, [...(additions.get(h.event) ?? []), h]);
    const hooksNode = findNodeAtLocation(root, ['hooks']);
    const goneEvents = new Set<number>();
    for (const [event, indices] of removed) {
      const list = findNodeAtLocation(root, ['hooks', event])!;
      if (indices.size < list.children!.length) edits.push(...removeChildren(list, indices));
      else if (additions.has(event)) {
        edits.push({
          offset: list.offset,
          length: list.length,
          content: jsonAt(additions.get(event)!.map(toNative), text, list, fo),
        });
        additions.delete(event);
      } else goneEvents.add(hooksNode!.children!.findIndex((p) => p.children?.[0]?.value === event));
    }
    if (goneEvents.size) edits.push(...removeChildren(hooksNode!, goneEvents));
    for (const [event, list] of additions) {
      const node = findNodeAtLocation(root, ['hooks', event]);
      if (node?.type !== 'array' || !node.children?.length) continue;
      edits.push(appendChildren(text, node, list.map(toNative), fo));
      additions.delete(event);
    }
    let out = applyTextEdits(text, edits);
    // "hooks" where the file had none is hook-bridge's (recorded), and taken out again once it holds nothing.
    const added = hooksNode === undefined && additions.size ? ['hooks'] : [];
    for (const [event, list] of additions) out = setValue(out, ['hooks', event], list.map(toNative), fo);
    if (own?.added?.includes('hooks')) out = dropEmptyKey(out, 'hooks');
    if (out !== text && !out.endsWith('\n')) out += fo.eol;
    // Nothing of anyone's left: no key but what a created file starts with and an empty "hooks" (a file convert
    // created then goes).
    const { value: left } = parseJsoncChecked(out, file);
    const empty =
      isObject(left) &&
      Object.keys(left).every((k) =>
        k === 'hooks'
          ? isObject(left.hooks) && !Object.keys(left.hooks).length
          : k in start && stableJson(left[k]) === stableJson(start[k]),
      ) &&
      !/\/[/*]/.test(out);
    return {
      text: existing !== undefined && out === text ? existing : out,
      diagnostics: [],
      changes: plan.changes,
      added,
      empty,
    };
  },
};
