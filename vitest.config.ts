import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 20_000,
    // `run` keeps translated transcripts in a cache dir: tests keep theirs out of the user's ~/.cache.
    env: { HOOK_BRIDGE_CACHE_DIR: join(tmpdir(), `hook-bridge-test-cache-${process.pid}`) },
  },
});
