#!/usr/bin/env node
// Crashes (uncaught exception, exit 1): non-blocking on Claude Code (d04), the tool runs.
throw new Error('crash.js: hook crashed');
