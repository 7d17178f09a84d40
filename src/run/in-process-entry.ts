// dist/in-process-engine.cjs: what an in-process host's loader file loads into the agent's process
// (src/run/in-process-engine.ts).
export { start, version } from './in-process-engine.js';
