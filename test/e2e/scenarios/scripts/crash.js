#!/usr/bin/env node
// Crashes (uncaught exception, exit 1): non-blocking on Claude, the tool runs.
throw new Error('hook crashed');
