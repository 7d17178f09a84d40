// dist/dispatch.cjs: bin/hook-bridge.cjs requires this when argv[2] is `dispatch`.
import { dispatchMain } from './dispatch.js';

void dispatchMain(process.argv.slice(3));
