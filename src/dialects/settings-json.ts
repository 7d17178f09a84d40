// The settings.json hook shape shared by Claude Code, Qwen Code and CodeBuddy:
//   { "hooks": { "<Event>": [ { "matcher": "...", "hooks": [ { "type": "command", "command": "...", "timeout": 30 } ] } ] } }
// Reading keeps every field; writing merges into the existing file with JSONC-aware edits, so other
// keys, other hooks, key order and comments stay as they were.
import { applyEdits, findNodeAtLocation, getNodeValue, modify, parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import { syntaxThatIgnoresFile } from './json-syntax.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic, Hook, Matcher } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import { DIALECT_IDS } from '../model/dialect-ids.js';
import { readToolMatcher } from './matcher.js';
import { parseWrapper } from './wrapper.js';
import { unbraceSubstitutedVars } from './command-vars.js';
import { canonicalEvent } from './catalog.js';
import type { Codec, Dialect, NativeHook, ReadResult } from './define.js';
import { planSync, type ExistingEntry } from './sync-plan.js';
import { stableJson } from '../model/stable-json.js';
import { isObject } from '../model/is-object.js';
import { closestName } from '../model/suggest.js';
import { isToml, tomlHooksAsJson } from './config-files.js';

export function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `${line}:${offset - before.lastIndexOf('\n')}`;
}

/**
 * Parse JSON, tolerating comments and trailing commas as some agents' loaders do. `strict` tells whether
 * it was plain JSON (then it has neither, and nothing can make an agent ignore the file for them).
 */
export function parseJsoncChecked(text: string, file: string): { value: unknown; strict: boolean } {
  // Strict JSON is the common case, and JSON.parse is an order of magnitude faster than jsonc-parser.
  try {
    return { value: JSON.parse(text), strict: true };
  } catch {
    // lenient JSON, or an error to locate: jsonc-parser below
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || !root) {
    const e = errors[0];
    throw new HookBridgeError(e ? `invalid JSON: ${printParseErrorCode(e.error)}` : 'empty file, expected a JSON object', file, e ? lineCol(text, e.offset) : undefined);
  }
  return { value: getNodeValue(root), strict: false };
}

/** Parse JSON (comments and trailing commas tolerated). */
export const parseJsonc = (text: string, file: string): unknown => parseJsoncChecked(text, file).value;


/** Read the matcher of a hook on a canonical event under dialect d. */
export function readMatcher(d: Dialect, event: string | null, native: unknown): { matcher: Matcher; diagnostics: Diagnostic[] } {
  const row = event ? mappings.events[event] : undefined;
  if (!row) return { matcher: native === undefined ? { kind: 'all' } : { kind: 'pattern', source: String(native) }, diagnostics: [] };
  if (row.matcherOn === 'tool') return readToolMatcher(d.id, native);
  if (native === undefined || native === '' || native === '*') return { matcher: { kind: 'all' }, diagnostics: [] };
  // A declared event whose matched field we do not know yet: the matcher is carried as written.
  if (row.matcherOn === 'unknown') return { matcher: { kind: 'pattern', source: typeof native === 'string' ? native : JSON.stringify(native) }, diagnostics: [] };
  if (row.matcherOn === null) {
    return {
      matcher: { kind: 'pattern', source: String(native) },
      diagnostics: [{ severity: 'info', code: 'matcherIgnored', message: `${row.names[d.id] ?? event} ignores matchers; "${String(native)}" has no effect` }],
    };
  }
  // A list (hooks.yaml's any-of) is the union of its entries, as it is for tool matchers.
  const parts = typeof native === 'string' ? [native] : Array.isArray(native) && d.spec.matcher.arrays === 'any-of' ? native.map(String) : undefined;
  if (!parts) return { matcher: { kind: 'pattern', source: JSON.stringify(native) }, diagnostics: [] };
  return { matcher: { kind: 'values', values: parts.flatMap((p) => p.split(/[|,]/)).map((s) => s.trim()).filter(Boolean) }, diagnostics: [] };
}

/**
 * An event no level of evidence knows for the dialect: a typo, or an event newer than what we have seen.
 * Only that event's hooks are affected (convert drops them with the reason); the rest of the file converts.
 */
export function unknownEvent(d: Dialect, name: string, file: string, path: string): Diagnostic {
  const close = closestName(name, Object.keys(mappings.index.eventByName[d.id]));
  const seen = d.spec.observedVersion ? ` (newer than ${d.spec.agent} ${d.spec.observedVersion}?)` : '';
  return { severity: 'warning', code: 'eventUnknown', message: `"${name}" is not a ${d.spec.agent} hook event that hook-bridge knows${close ? ` — did you mean ${close}?` : seen}`, file, path };
}

/** Turn one handler object into a canonical Hook (unwrapping hook-bridge wrappers). */
export function readHandler(
  d: Dialect,
  h: Record<string, unknown>,
  at: { nativeEvent: string; nativeMatcher: unknown; groupFields: Record<string, unknown>; file: string; path: string; priority?: number; runners?: readonly string[] },
  diagnostics: Diagnostic[],
): Hook | undefined {
  const { file, path } = at;
  const event = canonicalEvent(d.id, at.nativeEvent) ?? null;
  const { type, command, timeout, ...fields } = h;
  if (typeof type !== 'string') {
    diagnostics.push({ severity: 'error', code: 'handlerMissingType', message: `hook has no "type"${d.spec.config.invalidEntry === 'file-rejected' ? `; ${d.spec.agent} ignores every hook of this file` : ''}`, file, path });
    return undefined;
  }
  if (type === 'command' && typeof command !== 'string') {
    diagnostics.push({ severity: 'error', code: 'commandMissing', message: 'command hook has no "command" string', file, path });
    return undefined;
  }
  let timeoutMs: number | undefined;
  if (timeout !== undefined) {
    if (typeof timeout === 'number' && timeout > 0) timeoutMs = d.readTimeout(timeout);
    else diagnostics.push({ severity: 'error', code: 'timeoutInvalid', message: `timeout must be a positive number, got ${JSON.stringify(timeout)}`, file, path: `${path}.timeout` });
  }
  const m = readMatcher(d, event, at.nativeMatcher);
  diagnostics.push(...m.diagnostics.map((x) => ({ ...x, file, path: `${path.replace(/\.hooks\[\d+\]$/, '')}.matcher` })));
  const hook: Hook = {
    event,
    nativeEvent: at.nativeEvent,
    matcher: m.matcher,
    nativeMatcher: at.nativeMatcher,
    type,
    scriptDialect: d.payloadDialect,
    fields,
    groupFields: at.groupFields,
    origin: { file, path },
    ...(at.priority !== undefined ? { priority: at.priority } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  };
  if (typeof command === 'string') {
    const w = parseWrapper(command, at.runners);
    if (w && (w.hosts ?? [w.to]).includes(d.payloadDialect)) {
      hook.command = unbraceSubstitutedVars(w.command, d.id);
      if (w.args) hook.fields = { ...hook.fields, args: w.args };
      hook.written = command;
      hook.scriptDialect = w.from;
      // The wrapper carries the script's own timeout; the host's (longer) one was only its guard.
      if (w.timeoutS !== undefined) hook.timeoutMs = w.timeoutS * 1000;
      else delete hook.timeoutMs;
    } else hook.command = command;
  }
  return hook;
}

export const settingsJson: Codec = {
  read(source, file, d, opts): ReadResult {
    // The same hooks as `[hooks]` tables of a TOML config (Codex CLI's config.toml): read as the hooks.json they equal.
    const text = d.spec.config.tomlHooks && isToml(file) ? tomlHooksAsJson(source, file) : source;
    const { value: root, strict } = parseJsoncChecked(text, file);
    const diagnostics: Diagnostic[] = [];
    const hooks: Hook[] = [];
    if (!isObject(root)) throw new HookBridgeError('expected a JSON object at the top level', file);
    const ignored = strict ? undefined : syntaxThatIgnoresFile(text, d.spec);
    if (ignored) {
      diagnostics.push({ severity: 'error', code: 'jsonSyntaxIgnoresFile', message: `${d.spec.agent} ignores this whole file because it contains ${ignored.kind === 'comment' ? 'a comment' : 'a trailing comma'} (${lineCol(text, ignored.offset)}): none of its hooks run`, file });
    }
    let all = root.hooks;
    let prefix = 'hooks.';
    if (all === undefined) {
      // Events written at the top level, without the "hooks" key (seen in public plugin hooks.json files):
      // converted as if under "hooks", and said, since the agent's loader reads "hooks" only.
      const events = Object.keys(root).filter((k) => Array.isArray(root[k]) && DIALECT_IDS.some((x) => mappings.index.eventByName[x][k]));
      if (!events.length) return { hooks, diagnostics };
      diagnostics.push({ severity: 'warning', code: 'eventsAtTopLevel', message: `${events.join(', ')} ${events.length > 1 ? 'are' : 'is'} at the top level, not under "hooks": ${d.spec.agent} reads hooks from "hooks" only; converted as if they were there`, file });
      all = Object.fromEntries(events.map((k) => [k, root[k]]));
      prefix = '';
    }
    if (!isObject(all)) {
      diagnostics.push({ severity: 'error', code: 'hooksNotObject', message: '"hooks" must be an object of event names', file, path: 'hooks' });
      return { hooks, diagnostics };
    }
    for (const [nativeEvent, groups] of Object.entries(all as Record<string, unknown>)) {
      const evPath = `${prefix}${nativeEvent}`;
      if (!canonicalEvent(d.id, nativeEvent)) diagnostics.push(unknownEvent(d, nativeEvent, file, evPath));
      if (!Array.isArray(groups)) {
        diagnostics.push({ severity: 'error', code: 'eventNotArray', message: `expected an array of matcher groups`, file, path: evPath });
        continue;
      }
      groups.forEach((g, gi) => {
        const gPath = `${evPath}[${gi}]`;
        if (!isObject(g) || !Array.isArray(g.hooks)) {
          diagnostics.push({ severity: 'error', code: 'groupInvalid', message: 'expected { "matcher": …, "hooks": [ … ] }', file, path: gPath });
          return;
        }
        const { matcher, hooks: handlers, ...groupFields } = g;
        (handlers as unknown[]).forEach((h, hi) => {
          const path = `${gPath}.hooks[${hi}]`;
          if (!isObject(h)) {
            diagnostics.push({ severity: 'error', code: 'handlerInvalid', message: 'expected a hook object', file, path });
            return;
          }
          const hook = readHandler(d, h, { nativeEvent, nativeMatcher: matcher, groupFields, file, path, ...(opts?.runners ? { runners: opts.runners } : {}) }, diagnostics);
          if (hook) hooks.push(hook);
        });
      });
    }
    return { hooks, diagnostics };
  },

  write(hooks, existing, file, d, own) {
    if (isToml(file)) throw new HookBridgeError(`hook-bridge writes ${d.spec.agent} hooks to ${d.spec.config.write}, not into a TOML config`, file);
    const text = existing ?? '{}\n';
    const { value: current, strict } = parseJsoncChecked(text, file);
    if (!isObject(current)) throw new HookBridgeError('expected a JSON object at the top level; not overwriting it', file);
    const currentHooks = isObject(current.hooks) ? current.hooks : undefined;
    if (current.hooks !== undefined && !currentHooks) throw new HookBridgeError('"hooks" is not an object; not overwriting it', file, 'hooks');
    const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? '  ';
    const fo = { insertSpaces: !indent.includes('\t'), tabSize: indent.includes('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };

    // The entries already there, with their places in the text.
    const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false })!;
    const hooksNode = findNodeAtLocation(root, ['hooks']);
    const existingEntries: (ExistingEntry & { node: JsonNode; event: string; gi: number; hi: number })[] = [];
    for (const [event, groups] of Object.entries(currentHooks ?? {})) {
      if (!Array.isArray(groups)) continue;
      groups.forEach((g, gi) => {
        if (!isObject(g) || !Array.isArray(g.hooks)) return;
        const { matcher, hooks: handlers, ...groupFields } = g;
        const place = placeKey(matcher, groupFields);
        (handlers as unknown[]).forEach((h, hi) => {
          if (isObject(h)) existingEntries.push({ event, handler: h, place, node: findNodeAtLocation(root, ['hooks', event, gi, 'hooks', hi])!, gi, hi });
        });
      });
    }
    const plan = planSync(hooks, existingEntries, (h) => placeKey(h.matcher, h.groupFields), own);

    // Edits on the original text: replaced handlers, removed handlers (and the groups and events they empty), appended groups.
    const edits: TextEdit[] = [];
    const removed = new Map<string, Map<number, Set<number>>>();
    existingEntries.forEach((e, i) => {
      const a = plan.actions[i]!;
      if (a.kind === 'replace') edits.push({ offset: e.node.offset, length: e.node.length, content: jsonAt(a.hook.handler, text, e.node, fo) });
      if (a.kind !== 'remove') return;
      const byGroup = removed.get(e.event) ?? new Map<number, Set<number>>();
      removed.set(e.event, byGroup.set(e.gi, (byGroup.get(e.gi) ?? new Set()).add(e.hi)));
    });
    const additions = new Map<string, NativeHook[]>();
    for (const h of plan.additions) additions.set(h.event, [...(additions.get(h.event) ?? []), h]);
    const goneEvents = new Set<number>();
    const eventProps = hooksNode?.children ?? [];
    for (const [event, byGroup] of removed) {
      const eventNode = findNodeAtLocation(root, ['hooks', event])!;
      const goneGroups = new Set<number>();
      for (const [gi, his] of byGroup) {
        const handlersNode = findNodeAtLocation(root, ['hooks', event, gi, 'hooks'])!;
        if (his.size === handlersNode.children!.length) goneGroups.add(gi);
        else edits.push(...removeChildren(handlersNode, his));
      }
      if (goneGroups.size < eventNode.children!.length) edits.push(...removeChildren(eventNode, goneGroups));
      else if (additions.has(event)) {
        edits.push({ offset: eventNode.offset, length: eventNode.length, content: indentedJson(groupHooks(additions.get(event)!), text, eventNode.offset, fo) });
        additions.delete(event);
      } else goneEvents.add(eventProps.findIndex((p) => p.children?.[0]?.value === event));
    }
    if (goneEvents.size) edits.push(...removeChildren(hooksNode!, goneEvents));
    for (const [event, list] of additions) {
      const eventNode = findNodeAtLocation(root, ['hooks', event]);
      if (eventNode?.type !== 'array' || !eventNode.children?.length) continue;
      edits.push(appendChildren(text, eventNode, groupHooks(list), fo));
      additions.delete(event);
    }
    let out = text;
    for (const e of edits.sort((a, b) => b.offset - a.offset)) out = out.slice(0, e.offset) + e.content + out.slice(e.offset + e.length);
    // New events, and events whose array was empty or not an array (replaced whole).
    if (additions.size && !currentHooks) out = setValue(out, ['hooks'], Object.fromEntries([...additions].map(([ev, list]) => [ev, groupHooks(list)])), fo);
    else for (const [event, list] of additions) out = setValue(out, ['hooks', event], groupHooks(list), fo);
    if (out !== text && !out.endsWith('\n')) out += fo.eol;
    if (existing !== undefined && out === text) out = existing;
    const diagnostics: Diagnostic[] = [];
    // Our edits add no comment or trailing comma: only what the existing file had can make the agent ignore it.
    const ignored = existing === undefined || strict ? undefined : syntaxThatIgnoresFile(existing, d.spec);
    if (ignored) {
      diagnostics.push({ severity: 'error', code: 'jsonSyntaxIgnoresFile', message: `this file keeps ${ignored.kind === 'comment' ? 'a comment' : 'a trailing comma'} (${lineCol(existing!, ignored.offset)}), so ${d.spec.agent} will ignore all of it: remove it`, file });
    }
    // Gemini CLI: hooksConfig.enabled false turns every hook off (the default is on, so nothing is written to enable them).
    const sw = d.spec.config.hooksSwitch;
    if (sw && sw.split('.').reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), current) === false) {
      diagnostics.push({ severity: 'warning', code: 'hooksSwitchedOff', message: `${sw} is false in this file: ${d.spec.agent} runs none of its hooks until it is true`, file, path: sw });
    }
    return { text: existing === undefined && !out.endsWith('\n') ? `${out}\n` : out, diagnostics, changes: plan.changes };
  },
};

interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

/** A matcher group's identity: its matcher and other fields. */
const placeKey = (matcher: unknown, groupFields: Record<string, unknown>) => stableJson([matcher ?? null, groupFields]);

/** Remove some children of an array or object node (not all), with their commas; the rest stays byte for byte. */
function removeChildren(parent: JsonNode, indices: Set<number>): TextEdit[] {
  const c = parent.children!;
  if (indices.size === c.length) return [{ offset: parent.offset, length: parent.length, content: parent.type === 'array' ? '[]' : '{}' }];
  const lastKept = Math.max(...c.map((_, i) => (indices.has(i) ? -1 : i)));
  return [...indices].map((k) => {
    // Up to the next child; a trailing run goes from the end of the child before it (its comma with it).
    const [from, to] = k < lastKept ? [c[k]!.offset, c[k + 1]!.offset] : [c[k - 1]!.offset + c[k - 1]!.length, c[k]!.offset + c[k]!.length];
    return { offset: from, length: to - from, content: '' };
  });
}

/** Append values to a non-empty array, in the layout of its last element (own line, or inline). */
function appendChildren(text: string, array: JsonNode, values: unknown[], fo: { insertSpaces: boolean; tabSize: number; eol: string }): TextEdit {
  const last = array.children!.at(-1)!;
  const end = last.offset + last.length;
  const lineStart = text.lastIndexOf('\n', last.offset) + 1;
  const ownLine = /^[ \t]*$/.test(text.slice(lineStart, last.offset));
  const content = values.map((v) => (ownLine ? `,${fo.eol}${text.slice(lineStart, last.offset)}${indentedJson(v, text, last.offset, fo)}` : `, ${JSON.stringify(v)}`)).join('');
  return { offset: end, length: 0, content };
}

/** A value replacing a node: inline when the node was on one line, else indented like it. */
function jsonAt(value: unknown, text: string, node: JsonNode, fo: { insertSpaces: boolean; tabSize: number; eol: string }): string {
  return text.slice(node.offset, node.offset + node.length).includes('\n') ? indentedJson(value, text, node.offset, fo) : JSON.stringify(value);
}

/**
 * Set a value at a path, keeping the rest of the text as it is. jsonc-parser formats a large value as
 * hundreds of small edits (each copying the document: 40-70 ms for 200 hooks), so it only places a
 * short placeholder, and the value is spliced in as JSON.stringify output indented to its depth.
 */
function setValue(text: string, path: (string | number)[], value: unknown, fo: { insertSpaces: boolean; tabSize: number; eol: string }): string {
  const placeholder = `__hook_bridge_${Date.now()}_${Math.random().toString(36).slice(2)}__`;
  const withPlaceholder = applyEdits(text, modify(text, path, placeholder, { formattingOptions: fo }));
  const at = withPlaceholder.indexOf(`"${placeholder}"`);
  return withPlaceholder.slice(0, at) + indentedJson(value, withPlaceholder, at, fo) + withPlaceholder.slice(at + placeholder.length + 2);
}

/** JSON for a value placed at `offset` in `text`: nested lines indented like the line it starts on. */
function indentedJson(value: unknown, text: string, offset: number, fo: { insertSpaces: boolean; tabSize: number; eol: string }): string {
  const lineStart = text.lastIndexOf('\n', offset) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const unit = fo.insertSpaces ? ' '.repeat(fo.tabSize) : '\t';
  return JSON.stringify(value, null, unit).split('\n').join(`${fo.eol}${indent}`);
}

/** Consecutive hooks with the same matcher and group fields share one matcher group. */
function groupHooks(list: NativeHook[]): Record<string, unknown>[] {
  const groups: Record<string, unknown>[] = [];
  let lastKey: string | undefined;
  for (const h of list) {
    const key = JSON.stringify([h.matcher, h.groupFields]);
    if (key === lastKey) (groups.at(-1)!.hooks as unknown[]).push(h.handler);
    else groups.push({ ...(h.matcher !== undefined ? { matcher: h.matcher } : {}), hooks: [h.handler], ...h.groupFields });
    lastKey = key;
  }
  return groups;
}
