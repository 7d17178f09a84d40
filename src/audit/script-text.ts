// Static reading of what a hook's script says: shared by the rules that look at script text.
import type { DialectId } from '../model/dialect-ids.js';
import type { Hook } from '../model/hook.js';
import { mappings } from '../model/mappings.js';
import type { ConfigFile, RuleContext } from './types.js';

/** Full-line comments are not code. */
export const code = (text: string) =>
  text
    .split('\n')
    .filter((l) => !/^\s*(#(?!!)|\/\/)/.test(l))
    .join('\n');

/** The texts a hook's answer is written in: the command, and the script it runs (when it can be read). */
export function hookTexts(ctx: RuleContext, h: Hook, config: ConfigFile): { where: string; text: string }[] {
  const s = ctx.script(h, config);
  return [
    { where: 'the command', text: code(h.command ?? '') },
    ...(s?.text !== undefined ? [{ where: s.raw, text: code(s.text) }] : []),
  ];
}

/** A key used as a field name: `"key":`, `key:`, `key=`, shell-escaped `\"key\":`. */
export const usesKey = (text: string, key: string) =>
  new RegExp(`(?<![A-Za-z0-9_$])${key}\\\\?["']?\\s*[:=]`).test(text);

/** A value as a quoted literal (JSON, JS/Python, shell-escaped JSON); `v` is a regex source. */
export const quoted = (v: string) => `\\\\?["']${v}\\\\?["']`;

/** `key: value` as JSON, a JS/Python literal, a shell assignment or shell-escaped JSON; `value` is a regex source. */
export const emitsRaw = (text: string, key: string, value: string) =>
  new RegExp(`(?<![A-Za-z0-9_$])${key}\\\\?["']?\\s*[:=]\\s*${value}`).test(text);

/** `key: "value"` in any of the forms above. */
export const emits = (text: string, key: string, value: string) => emitsRaw(text, key, quoted(value));

/**
 * The first keys read from a payload object field (`tool_response`, `tool_input`): `.tool_input.file_path` (jq, JS),
 * `["tool_input"]["file_path"]`, `.get("tool_input", {}).get("file_path")`, `tool_input?.file_path`.
 */
export function firstKeys(text: string, field: string): string[] {
  const re = new RegExp(
    `${field}(?:["']\\])?(?:["']\\s*,\\s*\\{\\s*\\}\\))?(?:\\?\\.|\\.(?!get\\()|\\[["']|\\.get\\(["'])([A-Za-z_]\\w*)`,
    'g',
  );
  return [...text.matchAll(re)].map((m) => m[1]!);
}

/** Does the hook run natively on its host (not through a hook-bridge wrapper)? */
export const unwrapped = (h: Hook, host: DialectId) =>
  h.scriptDialect === (mappings.dialects[host].payloadDialect ?? host);

/**
 * The tools a script acts on when it tests `tool_name` against names (`if p['tool_name'] == 'Bash':`,
 * `[ "$tool" = "Write" ]`, `case "$t" in Bash)`): the names it compares, or undefined when it does not test the
 * tool (it acts on every tool its matcher fires for). What it reads from tool_input is read for those tools only.
 */
export function toolsTested(text: string, names: ReadonlySet<string>): Set<string> | undefined {
  if (!/tool_name/.test(text)) return undefined;
  const found = new Set<string>();
  for (const m of text.matchAll(
    /\\?["'`]([A-Za-z_][\w-]*)\\?["'`]|(?:==|!=|\s=)\s*([A-Za-z_][\w-]*)\b|\b([A-Za-z_][\w-]*)\)/g,
  )) {
    const name = m[1] ?? m[2] ?? m[3]!;
    if (names.has(name)) found.add(name);
  }
  return found.size ? found : undefined;
}
