// dist/plugin-host.cjs: what a plugin host's plugin file loads into the agent's process (src/run/plugin-host.ts).
export { start, version } from './plugin-host.js';
