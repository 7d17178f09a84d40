// The engine pieces `hook-bridge test` runs a hook set with, imported in this one place: the dialects' readers
// and matcher rules, a host's modes and its reading of other agents' files, convert (with its gates), and run's
// payload translation, script runner and answer reading. Everything else
// in src/simulate/ imports them from here.
export { dialects } from '../dialects/index.js';
export { canonicalEvent, canonicalTool, firesOn, nativeEvent, toolEntry } from '../dialects/catalog.js';
export { matcherFires } from '../dialects/matcher-fires.js';
export { hostCall as canonicalCall, specIn } from '../dialects/host-mode.js';
export { readEvents, readsNatively, type ForeignRead } from '../dialects/foreign-gate.js';
export { convertHooks, WRAPPER_GRACE_MS } from '../convert/convert.js';
export { groupEntries } from '../convert/group-entries.js';
export { guardEntries } from '../convert/guard-entries.js';
export { preToolNoteEntries } from '../convert/pre-tool-notes.js';
export { mayGiveContext } from '../convert/gives-context.js';
export { carriesPreToolContext, takeNotes } from '../run/pre-tool-notes.js';
export { planGates } from '../convert/foreign-gates.js';
export { decideFileDialect } from '../dialects/detect.js';
export { pluginOfHookFile } from '../dialects/plugin.js';
export { discover, resolveSources } from '../convert/sources.js';
export { userScopeOf, userSources } from '../convert/user-scope.js';
export { portablePath } from '../convert/paths.js';
export { hookMatches } from '../run/dispatch.js';
export { isBlocking } from '../run/own-failure.js';
export { runScript } from '../run/spawn.js';
export { translatePayload } from '../run/payload.js';
export { aggregate, readAnswer, strictJson, type Answer, type ScriptResult } from '../run/answer.js';
export { bridgedDecision, decide, type Decision } from '../run/host-decision.js';
export { parseGroup, parseWrapper, shellQuote } from '../dialects/wrapper.js';
export { readMatcher } from '../dialects/handler-reader.js';
