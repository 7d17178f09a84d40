// hook-bridge as a library: everything the CLI does is importable.
export { convertHooks, type ConvertOptions, type ConvertResult, type ReportRow, type Status } from './convert/convert.js';
export { convertProject, detectFileDialect, discover, type ConvertProjectOptions, type ConvertProjectResult } from './convert/project.js';
export { readToolMatcher, writeToolMatcher, matcherFires } from './convert/matcher.js';
export { dialects, getDialect } from './dialects/index.js';
export { DIALECT_IDS, isDialectId, type DialectId } from './model/dialect-ids.js';
export { HookBridgeError } from './model/errors.js';
export type { Diagnostic, Hook, HookSet, Matcher } from './model/hook.js';
export { mappings } from './model/mappings.js';
export { wrapCommand, parseWrapper, shellQuote } from './run/wrapper.js';
