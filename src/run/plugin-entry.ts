// dist/plugin-host.cjs: what a plugin host's plugin file loads into the agent's process (src/run/plugin-host.ts), and
// what an event-file host's event file runs (`hook-bridge event-file`, src/run/event-file.ts: the same engine).
export { eventFileMain } from './event-file.js';
export { start, version } from './plugin-host.js';
