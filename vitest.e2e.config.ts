import { defineConfig } from 'vitest/config';

// The end-to-end suite drives the real agent CLIs against a local mock model server.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 900_000,
    fileParallelism: false,
    // Suites marked concurrent (OpenCode's, in the differential suite) play two runs at a time: each agent run uses
    // about one core while it starts up.
    maxConcurrency: 2,
  },
});
