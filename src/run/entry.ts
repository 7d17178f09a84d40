// dist/run.cjs: bin/hook-bridge.cjs requires this when argv[2] is `run`.
import { main } from './main.js';

void main(process.argv.slice(3));
