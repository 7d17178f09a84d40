// Answer keys an agent names otherwise (mappings `output.answerFieldNames`: Claude Code's top-level key -> the agent's
// key, or several): Cursor reads a flat `permission` and `agent_message` / `user_message` where Claude Code's flat
// answer says permissionDecision and permissionDecisionReason. emit writes an answer in the agent's names; a script's
// answer is read back in Claude Code's before anything else looks at it.
type Names = Record<string, string | string[]> | undefined;

const list = (v: string | string[]) => (Array.isArray(v) ? v : [v]);

/** An answer in Claude Code's key names, written with the agent's: each renamed key goes to every name it has. */
export function toNativeNames(json: Record<string, unknown>, names: Names): Record<string, unknown> {
  if (!names) return json;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(json)) for (const n of names[k] ? list(names[k]) : [k]) out[n] = v;
  return out;
}

/** An answer in the agent's key names, read with Claude Code's: a renamed key from the first of its names there. */
export function fromNativeNames(json: Record<string, unknown>, names: Names): Record<string, unknown> {
  if (!names) return json;
  const out: Record<string, unknown> = { ...json };
  for (const [canonical, native] of Object.entries(names)) {
    const from = list(native).find((n) => n in json);
    for (const n of list(native)) delete out[n];
    if (from !== undefined && !(canonical in json)) out[canonical] = json[from];
  }
  return out;
}
