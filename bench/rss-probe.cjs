// Preloaded (node --require) into a wrapper process by bench/bench.mjs for the memory runs only:
// at exit, writes the process's own peak RSS in KiB (getrusage RUSAGE_SELF: this process, not its
// children) to the file named by BENCH_RSS_OUT.
'use strict';
const out = process.env.BENCH_RSS_OUT;
if (out) {
  process.on('exit', () => {
    require('node:fs').writeFileSync(out, String(process.resourceUsage().maxRSS));
  });
}
