// dist/in-process-engine.cjs: what an in-process host's loader file loads into the agent's process
// (src/run/in-process-engine.ts), and what an event-file host's event file runs (`hook-bridge event-file`,
// src/run/event-file.ts: the same engine).
export { eventFileMain } from './event-file.js';
export { start, version } from './in-process-engine.js';
